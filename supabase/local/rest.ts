/**
 * The PostgREST reads the site makes (contract B): GET /rest/v1/<table>?select=..&col=eq.v with
 * plural and singular (`application/vnd.pgrst.object+json`) answers, run as the JWT role.
 */
import { requestClaims } from './claims.ts';
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

export async function handleRest(db: Db, config: StandinConfig, request: Request, path: string): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return pgrstError(405, 'PGRST117', `Unsupported HTTP method: ${request.method}`);
  }
  const claimed = await requestClaims(request, config);
  if (!claimed.ok) {
    const response = claimed.expired ? pgrstError(401, 'PGRST303', 'JWT expired') : pgrstError(401, 'PGRST301', 'No suitable key or wrong key type');
    response.headers.set('WWW-Authenticate', 'Bearer error="invalid_token", error_description="JWT invalid"');
    return response;
  }
  const claims = claimed.claims;
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
    const state = sqlState(error);
    const message = error instanceof Error ? error.message : String(error);
    if (state === '42501') return pgrstError(claims.role === 'anon' ? 401 : 403, '42501', message);
    if (state === '42P01') return pgrstError(404, 'PGRST205', `Could not find the table 'public.${table}' in the schema cache`);
    if (state) return pgrstError(400, state, message);
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
