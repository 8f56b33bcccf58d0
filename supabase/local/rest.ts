/**
 * The PostgREST calls the site and its functions make: GET
 * /rest/v1/<table>?select=..&col=eq.v with plural and singular (`application/vnd.pgrst.object+json`)
 * answers, and POST /rest/v1/rpc/<function> with named arguments, each run as the JWT role.
 */
import { requestClaims } from './claims.ts';
import type { Claims } from './jwt.ts';
import type { StandinConfig } from './config.ts';
import { type Db, asRole, sqlState } from './db.ts';
import { json } from './gateway.ts';

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
const SINGULAR = 'application/vnd.pgrst.object+json';
const OPERATORS: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };

function pgrstError(status: number, code: string, message: string, details: string | null = null, hint: string | null = null): Response {
  return json({ code, details, hint, message }, status);
}

/** Builds the SQL for a read; throws a Response for a request it cannot express. */
export function buildSelect(table: string, params: URLSearchParams): { sql: string; values: string[] } {
  if (!IDENT.test(table)) throw pgrstError(404, 'PGRST205', `Could not find the table 'public.${table}' in the schema cache`);
  const select = params.get('select') ?? '*';
  const columns = select === '*' ? ['*'] : select.split(',').map((column) => column.trim());
  for (const column of columns) {
    if (column !== '*' && !IDENT.test(column)) throw pgrstError(400, 'PGRST100', `"failed to parse select parameter (${select})"`);
  }
  const values: string[] = [];
  const where: string[] = [];
  let limit = '';
  for (const [key, raw] of params) {
    if (key === 'select') continue;
    if (key === 'limit' && /^\d+$/.test(raw)) {
      limit = ` limit ${Number(raw)}`;
      continue;
    }
    if (!IDENT.test(key)) throw pgrstError(400, 'PGRST100', `"failed to parse filter (${key})"`);
    const dot = raw.indexOf('.');
    const op = raw.slice(0, dot);
    const value = raw.slice(dot + 1);
    if (op === 'is' && ['null', 'true', 'false'].includes(value)) {
      where.push(`"${key}" is ${value}`);
      continue;
    }
    const sqlOp = OPERATORS[op];
    if (dot < 0 || !sqlOp) throw pgrstError(400, 'PGRST100', `"failed to parse filter (${raw})"`);
    values.push(value);
    where.push(`"${key}"::text ${sqlOp} $${values.length}`);
  }
  const list = columns.map((column) => (column === '*' ? '*' : `"${column}"`)).join(', ');
  const clause = where.length ? ` where ${where.join(' and ')}` : '';
  return { sql: `select ${list} from public."${table}"${clause}${limit}`, values };
}

/** A failed statement as PostgREST answers it; undefined for an error that is not Postgres'. */
function sqlFailure(error: unknown, claims: Claims): Response | undefined {
  const state = sqlState(error);
  if (!state) return undefined;
  const message = error instanceof Error ? error.message : String(error);
  const { detail = null, hint = null } = error as { detail?: string | null; hint?: string | null };
  // PostgREST: permission denied is 401 for the anonymous role, 403 for a signed-in one.
  if (state === '42501') return pgrstError(claims.role === 'anon' ? 401 : 403, state, message, detail, hint);
  if (state === '23505' || state === '23503') return pgrstError(409, state, message, detail, hint);
  return pgrstError(400, state, message, detail, hint);
}

interface FunctionCandidate {
  set: boolean;
  void: boolean;
  defaults: number;
  args: { name: string | null; type: string }[];
}

/** PostgREST's schema cache, read as the superuser: every function in `public` named `name`, with its input arguments. */
async function functionsNamed(db: Db, name: string): Promise<FunctionCandidate[]> {
  const { rows } = await db.query<FunctionCandidate>(
    `select p.proretset as set, p.prorettype = 'void'::regtype as void, p.pronargdefaults as defaults,
            coalesce((select json_agg(json_build_object('name', a.name, 'type', format_type(a.type, null)) order by a.ord)
                        from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]),
                                    coalesce(p.proargmodes, array_fill('i'::"char", array[p.pronargs::int])),
                                    p.proargnames) with ordinality as a(type, mode, name, ord)
                       where a.mode in ('i', 'b', 'v')), '[]') as args
       from pg_proc p
      where p.pronamespace = 'public'::regnamespace and p.proname = $1 and p.prokind = 'f'`,
    [name],
  );
  return rows;
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

function noSuchFunction(name: string, keys: string[]): Response {
  const listed = [...keys].sort();
  const searched = listed.length
    ? `with parameter${listed.length > 1 ? 's' : ''} ${listed.join(', ')} or with a single unnamed json/jsonb parameter`
    : 'without parameters';
  return pgrstError(
    404,
    'PGRST202',
    `Could not find the function public.${name}(${listed.join(', ')}) in the schema cache`,
    `Searched for the function public.${name} ${searched}, but no matches were found in the schema cache.`,
  );
}

/**
 * POST /rest/v1/rpc/<name> as PostgREST runs it: the JSON object's keys are the argument names
 * (an argument with a default may be left out), converted by json_to_record to the argument
 * types. A scalar result is answered bare (`true`), a set as an array, a composite as an object,
 * void with 204.
 */
async function callFunction(db: Db, claims: Claims, name: string, request: Request): Promise<Response> {
  // The body is capped by the gateway (the JSON limit) before it gets here.
  const text = await request.text();
  let body: unknown;
  try {
    body = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return pgrstError(400, 'PGRST102', 'Empty or invalid json');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return pgrstError(400, 'PGRST102', 'The local stand-in takes a JSON object of named arguments');
  }
  const keys = Object.keys(body);
  if (!IDENT.test(name) || !keys.every((key) => IDENT.test(key))) return noSuchFunction(name, keys);
  const fn = (await functionsNamed(db, name)).find((candidate) => {
    const names = candidate.args.map((arg) => arg.name);
    const required = names.slice(0, names.length - candidate.defaults);
    return keys.every((key) => names.includes(key)) && required.every((arg) => arg !== null && keys.includes(arg));
  });
  if (!fn) return noSuchFunction(name, keys);
  const args = fn.args.filter((arg): arg is { name: string; type: string } => arg.name !== null && keys.includes(arg.name));
  const record = args.length ? `json_to_record($1::json) as _args(${args.map((arg) => `${quoted(arg.name)} ${arg.type}`).join(', ')}), ` : '';
  const call = `public.${quoted(name)}(${args.map((arg) => `${quoted(arg.name)} := _args.${quoted(arg.name)}`).join(', ')})`;
  const result = fn.set ? `coalesce(json_agg(_result), '[]')::text` : 'to_json(_result)::text';
  const sql = `select ${result} as body from ${record}${call} _result`;
  let answer: string | null;
  try {
    answer = await asRole(db, claims, async (tx) => (await tx.query<{ body: string | null }>(sql, args.length ? [text] : [])).rows[0]?.body ?? null);
  } catch (error) {
    const failure = sqlFailure(error, claims);
    if (failure) return failure;
    throw error;
  }
  if (fn.void) return new Response(null, { status: 204 });
  return new Response(answer ?? 'null', { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

export async function handleRest(db: Db, config: StandinConfig, request: Request, path: string): Promise<Response> {
  const rpc = /^\/rpc\/([^/]+)\/?$/.exec(path);
  if (rpc ? request.method !== 'POST' : request.method !== 'GET' && request.method !== 'HEAD') {
    return pgrstError(405, 'PGRST117', `Unsupported HTTP method: ${request.method}`);
  }
  const claimed = await requestClaims(request, config);
  if (!claimed.ok) {
    const response = claimed.expired ? pgrstError(401, 'PGRST303', 'JWT expired') : pgrstError(401, 'PGRST301', 'No suitable key or wrong key type');
    response.headers.set('WWW-Authenticate', 'Bearer error="invalid_token", error_description="JWT invalid"');
    return response;
  }
  const claims = claimed.claims;
  if (rpc) {
    let name: string;
    try {
      name = decodeURIComponent(rpc[1]!);
    } catch {
      return noSuchFunction(rpc[1]!, []);
    }
    return callFunction(db, claims, name, request);
  }
  const table = path.replace(/^\//, '');
  let query: { sql: string; values: string[] };
  try {
    query = buildSelect(table, new URL(request.url).searchParams);
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  let rows: Record<string, unknown>[];
  try {
    rows = await asRole(db, claims, async (tx) => (await tx.query<Record<string, unknown>>(query.sql, query.values)).rows);
  } catch (error) {
    if (sqlState(error) === '42P01') return pgrstError(404, 'PGRST205', `Could not find the table 'public.${table}' in the schema cache`);
    const failure = sqlFailure(error, claims);
    if (failure) return failure;
    throw error;
  }
  if ((request.headers.get('accept') ?? '').includes(SINGULAR)) {
    if (rows.length !== 1) {
      return pgrstError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows.length} rows`);
    }
    return new Response(JSON.stringify(rows[0]), { status: 200, headers: { 'content-type': `${SINGULAR}; charset=utf-8` } });
  }
  const range = rows.length ? `0-${rows.length - 1}/*` : '*/0';
  return json(rows, 200, { 'content-range': range });
}
