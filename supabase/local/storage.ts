/**
 * storage-api routes storage-js calls: list, upload (multipart and raw), update,
 * remove, public GET with Range. Errors: HTTP 400 (or 500) with the real status in `statusCode`.
 */
import { requestClaims } from './claims.ts';
import type { StandinConfig } from './config.ts';
import { type Db, asRole, sqlState } from './db.ts';
import { json } from './gateway.ts';
import type { Claims } from './jwt.ts';
import {
  type FileArea,
  type ObjectRow,
  StorageFailure,
  cacheControlFrom,
  checkLimits,
  checkObjectName,
  failures,
  getBucket,
  objectMetadata,
  writeObjectRow,
} from './objects.ts';

export interface StorageContext {
  db: Db;
  config: StandinConfig;
  files: FileArea;
}

function failureResponse(failure: StorageFailure): Response {
  const body = { statusCode: String(failure.status), code: failure.code, error: failure.error, message: failure.message };
  return json(body, failure.status >= 500 ? 500 : 400);
}

function validation(message: string): StorageFailure {
  return new StorageFailure(400, 'InvalidRequest', 'Bad Request', message);
}

async function claimsOf(request: Request, config: StandinConfig): Promise<Claims> {
  const result = await requestClaims(request, config);
  if (!result.ok) throw new StorageFailure(403, 'AccessDenied', 'Unauthorized', result.reason);
  return result.claims;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

async function list(ctx: StorageContext, request: Request, claims: Claims, bucketId: string): Promise<Response> {
  const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
  if (!body || typeof body.prefix !== 'string') throw validation("body must have required property 'prefix'");
  const limit = body.limit === undefined ? 100 : Number(body.limit);
  const offset = body.offset === undefined ? 0 : Number(body.offset);
  if (!Number.isInteger(limit) || limit < 1) throw validation('body/limit must be >= 1');
  if (!Number.isInteger(offset) || offset < 0) throw validation('body/offset must be >= 0');
  const sortBy = (body.sortBy ?? {}) as { column?: string; order?: string };
  const column = sortBy.column ?? 'name';
  const order = (sortBy.order ?? 'asc').toLowerCase();
  if (!['name', 'updated_at', 'created_at', 'last_accessed_at'].includes(column)) throw validation('body/sortBy/column must be equal to one of the allowed values');
  if (!['asc', 'desc'].includes(order)) throw validation('body/sortBy/order must be equal to one of the allowed values');
  const search = typeof body.search === 'string' ? body.search : '';
  await getBucket(ctx.db, bucketId);
  const prefix = body.prefix && !body.prefix.endsWith('/') ? `${body.prefix}/` : body.prefix;
  const rows = await asRole(
    ctx.db,
    claims,
    async (tx) => (await tx.query<ObjectRow>(`select * from storage.objects where bucket_id = $1 and starts_with(name, $2)`, [bucketId, prefix])).rows,
  );
  const folders = new Map<string, Record<string, unknown>>();
  const files: Record<string, unknown>[] = [];
  for (const row of rows) {
    const rest = row.name.slice(prefix.length);
    if (search && !rest.toLowerCase().startsWith(search.toLowerCase())) continue;
    const slash = rest.indexOf('/');
    if (slash >= 0) {
      const name = rest.slice(0, slash);
      folders.set(name, { name, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
    } else {
      files.push({
        name: rest,
        id: row.id,
        updated_at: iso(row.updated_at),
        created_at: iso(row.created_at),
        last_accessed_at: iso(row.last_accessed_at),
        metadata: row.metadata,
      });
    }
  }
  const entries = [...folders.values(), ...files];
  const key = (entry: Record<string, unknown>) => String(entry[column] ?? '');
  entries.sort((a, b) => (order === 'asc' ? 1 : -1) * (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  return json(entries.slice(offset, offset + Math.min(limit, 1500)));
}

interface Incoming {
  bytes: Uint8Array;
  mimetype: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

async function readUpload(request: Request): Promise<Incoming> {
  const type = request.headers.get('content-type') ?? '';
  if (/^multipart\/form-data/i.test(type)) {
    const form = await request.formData();
    let file: File | null = null;
    for (const [, value] of form)
      if (typeof value !== 'string') {
        file = value;
        break;
      }
    if (!file) throw validation('No file was sent in the multipart body');
    const field = form.get('contentType');
    const metadata = form.get('metadata');
    const cache = form.get('cacheControl');
    return {
      bytes: new Uint8Array(await file.arrayBuffer()),
      mimetype: typeof field === 'string' && field ? field : file.type || 'application/octet-stream',
      cacheControl: cacheControlFrom(typeof cache === 'string' ? cache : null),
      userMetadata: typeof metadata === 'string' && metadata ? parseJson(metadata) : null,
    };
  }
  const header = request.headers.get('x-metadata');
  return {
    bytes: new Uint8Array(await request.arrayBuffer()),
    mimetype: type || 'application/octet-stream',
    cacheControl: cacheControlFrom(request.headers.get('cache-control')),
    userMetadata: header ? parseJson(Buffer.from(header, 'base64').toString('utf8')) : null,
  };
}

function parseJson(text: string): Record<string, unknown> {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw validation('metadata must be a JSON object');
  }
}

/** Runs a write as the caller; maps RLS and uniqueness failures to storage errors. */
async function asCaller<T>(ctx: StorageContext, claims: Claims, fn: Parameters<typeof asRole<T>>[2]): Promise<T> {
  try {
    return await asRole(ctx.db, claims, fn);
  } catch (error) {
    if (error instanceof StorageFailure) throw error;
    const state = sqlState(error);
    if (state === '42501') throw failures.rls();
    if (state === '23505') throw failures.duplicate();
    throw error;
  }
}

class Rollback extends Error {}

/** The write tried as the caller and rolled back: RLS, duplicates and a missing object answer now. */
async function checkWritable(ctx: StorageContext, claims: Claims, bucketId: string, name: string, mode: 'create' | 'update', upsert: boolean): Promise<void> {
  const owner = typeof claims.sub === 'string' ? claims.sub : null;
  try {
    await asCaller(ctx, claims, async (tx) => {
      if (mode === 'update') {
        const { rows } = await tx.query('update storage.objects set updated_at = now() where bucket_id = $1 and name = $2 returning id', [bucketId, name]);
        if (!rows[0]) throw failures.noObject();
      } else {
        await writeObjectRow(tx, { bucket: bucketId, name, owner, metadata: {}, userMetadata: null, upsert });
      }
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
}

async function upload(ctx: StorageContext, request: Request, claims: Claims, bucketId: string, name: string, mode: 'create' | 'update'): Promise<Response> {
  checkObjectName(name);
  const bucket = await getBucket(ctx.db, bucketId);
  // Permission before the body: a caller who may not write is refused with nothing read.
  await checkWritable(ctx, claims, bucketId, name, mode, request.headers.get('x-upsert') === 'true');
  const incoming = await readUpload(request);
  checkLimits(bucket, incoming.bytes.byteLength, incoming.mimetype);
  const metadata = objectMetadata(incoming.bytes, incoming.mimetype, incoming.cacheControl);
  const owner = typeof claims.sub === 'string' ? claims.sub : null;
  const row = await asCaller(ctx, claims, async (tx) => {
    let written: ObjectRow | undefined;
    if (mode === 'update') {
      written = (
        await tx.query<ObjectRow>(
          `update storage.objects set metadata = $3, user_metadata = $4, updated_at = now(), version = gen_random_uuid()::text
         where bucket_id = $1 and name = $2 returning *`,
          [bucketId, name, JSON.stringify(metadata), incoming.userMetadata ? JSON.stringify(incoming.userMetadata) : null],
        )
      ).rows[0];
      if (!written) throw failures.noObject();
    } else {
      const upsert = request.headers.get('x-upsert') === 'true';
      written = await writeObjectRow(tx, { bucket: bucketId, name, owner, metadata, userMetadata: incoming.userMetadata, upsert });
    }
    await ctx.files.write(bucketId, name, incoming.bytes);
    return written;
  });
  return json({ Id: row.id, Key: `${bucketId}/${name}` });
}

async function remove(ctx: StorageContext, request: Request, claims: Claims, bucketId: string): Promise<Response> {
  const body = (await request.json().catch(() => null)) as { prefixes?: unknown } | null;
  const prefixes = body?.prefixes;
  if (!Array.isArray(prefixes) || prefixes.length < 1 || !prefixes.every((p) => typeof p === 'string')) {
    throw validation('body/prefixes must be an array of at least 1 string');
  }
  await getBucket(ctx.db, bucketId);
  const rows = await asCaller(
    ctx,
    claims,
    async (tx) => (await tx.query<ObjectRow>('delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning *', [bucketId, prefixes])).rows,
  );
  for (const row of rows) await ctx.files.remove(bucketId, row.name);
  return json(rows.map((row) => ({ ...row, created_at: iso(row.created_at), updated_at: iso(row.updated_at), last_accessed_at: iso(row.last_accessed_at) })));
}

/** The stored type, except that HTML is served as text/plain (storage-api's renderer does the same). */
function servedContentType(mimetype: string | undefined): string {
  if (!mimetype) return 'application/octet-stream';
  return mimetype.includes('text/html') ? 'text/plain' : mimetype;
}

/** Public object GET/HEAD, read as superuser when the bucket is public; honours one Range. */
async function servePublic(ctx: StorageContext, request: Request, bucketId: string, name: string): Promise<Response> {
  const bucket = await getBucket(ctx.db, bucketId);
  if (!bucket.public) throw failures.noBucket();
  const { rows } = await ctx.db.query<ObjectRow>('select * from storage.objects where bucket_id = $1 and name = $2', [bucketId, name]);
  const row = rows[0];
  if (!row) throw failures.noObject();
  // Opened once: a replacement renamed over the file meanwhile does not mix into this answer.
  const file = await ctx.files.open(bucketId, name);
  if (!file) throw failures.noObject();
  const { size } = file;
  const meta = (row.metadata ?? {}) as { mimetype?: string; cacheControl?: string; eTag?: string };
  const headers: Record<string, string> = {
    'content-type': servedContentType(meta.mimetype),
    // The browser takes the type as given: an object is never run as HTML or script by a guess.
    'x-content-type-options': 'nosniff',
    'cache-control': meta.cacheControl ?? 'max-age=3600',
    'accept-ranges': 'bytes',
    'last-modified': new Date(row.updated_at).toUTCString(),
  };
  if (meta.eTag) headers.etag = meta.eTag;
  // getPublicUrl(path, { download }) adds ?download=<name> (empty: the object's own name).
  const download = new URL(request.url).searchParams.get('download');
  if (download !== null) {
    const filename = download || name.split('/').pop() || name;
    headers['content-disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`;
  }
  // A browser revalidating its copy: 304 while the object is the one it has (storage-api passes
  // If-None-Match to its backend, which answers the same).
  const known = request.headers.get('if-none-match');
  if (known && meta.eTag && known.split(',').some((tag) => tag.trim().replace(/^W\//, '') === meta.eTag)) {
    await file.close();
    return new Response(null, { status: 304, headers: { etag: meta.eTag, 'cache-control': headers['cache-control']!, 'last-modified': headers['last-modified']! } });
  }
  const range = request.headers.get('range');
  const head = request.method === 'HEAD';
  // Streamed from disk: objects can be far larger than the memory the stand-in should use.
  const answer = async (status: number, extra: Record<string, string>, start = 0, end = -1) => {
    if (head || end < start) {
      await file.close();
      return new Response(null, { status, headers: { ...headers, ...extra } });
    }
    return new Response(file.stream(start, end), { status, headers: { ...headers, ...extra } });
  };
  if (range) {
    const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
    let start = match?.[1] ? Number(match[1]) : NaN;
    let end = match?.[2] ? Number(match[2]) : size - 1;
    if (match && !match[1] && match[2]) {
      start = Math.max(size - Number(match[2]), 0);
      end = size - 1;
    }
    if (!match || Number.isNaN(start) || start >= size || start > end) return answer(416, { 'content-range': `bytes */${size}` });
    end = Math.min(end, size - 1);
    return answer(206, { 'content-range': `bytes ${start}-${end}/${size}`, 'content-length': String(end - start + 1) }, start, end);
  }
  return answer(200, { 'content-length': String(size) }, 0, size - 1);
}

type Route = (claims: Claims) => Promise<Response>;

/** The key-guarded route `/object/<segments>` names, or null. */
function guardedRoute(ctx: StorageContext, request: Request, segments: string[]): Route | null {
  const method = request.method;
  const bucket = segments[1];
  const name = segments.slice(2).join('/');
  if (bucket === 'list' && segments[2] && method === 'POST') return (claims) => list(ctx, request, claims, segments[2]!);
  if (bucket && !name && method === 'DELETE') return (claims) => remove(ctx, request, claims, bucket);
  if (bucket && name && method === 'POST') return (claims) => upload(ctx, request, claims, bucket, name, 'create');
  if (bucket && name && method === 'PUT') return (claims) => upload(ctx, request, claims, bucket, name, 'update');
  return null;
}

/**
 * Handles `/storage/v1/<path>` except the tus routes. Public object reads need no key (an <img> or
 * <video> sends none); every other route runs as the caller's JWT, and a call without any key is
 * refused before its body is read, as storage-api refuses it.
 */
export async function handleStorage(ctx: StorageContext, request: Request, path: string): Promise<Response> {
  try {
    const method = request.method;
    const segments = path.split('/').filter(Boolean).map(decodeURIComponent);
    if (segments[0] === 'object' && segments[1] === 'public' && segments[2] && (method === 'GET' || method === 'HEAD')) {
      return await servePublic(ctx, request, segments[2], segments.slice(3).join('/'));
    }
    const route = segments[0] === 'object' ? guardedRoute(ctx, request, segments) : null;
    if (!route) throw new StorageFailure(404, 'NotFound', 'Not Found', `Route ${method}:${path} not found`);
    return await route(await claimsOf(request, ctx.config));
  } catch (error) {
    if (error instanceof StorageFailure) return failureResponse(error);
    throw error;
  }
}
