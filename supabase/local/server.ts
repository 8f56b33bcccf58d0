/**
 * The local Supabase stand-in: one HTTP server that speaks the Supabase contract for the calls
 * this site makes (auth, REST, storage with tus, functions), on PGlite. Development and tests
 * only — its keys and JWT secret are public.
 */
import { mkdir, mkdtemp } from 'node:fs/promises';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { AttemptCounter, handleAuth } from './auth.ts';
import { type StandinConfig, TUS_CHUNK_MARGIN, publicUrl } from './config.ts';
import { checkoutOf, lockDataDir } from './data-lock.ts';
import { type Db, openDatabase } from './db.ts';
import { startDeliveryTimer } from './delivery-timer.ts';
import { deliverEnvFrom, functionRegistry, handleFunction } from './functions.ts';
import { hasForeignOrigin, hostProblem, json, withGatewayCors } from './gateway.ts';
import { IDLE_CONNECTION_MS } from './idle-connections.ts';
import { FileArea } from './objects.ts';
import { Outbox } from './outbox.ts';
import { handleRest } from './rest.ts';
import { seed } from './seed.ts';
import { handleStorage } from './storage.ts';
import { TUS_PATH, createTusServer, tusClaims, tusOwnerProblem } from './tus.ts';

export interface Standin {
  url: string;
  config: StandinConfig;
  db: Db;
  outbox: Outbox;
  /** The Node HTTP server (tests observe what it reads). */
  server: Server;
  close(): Promise<void>;
}

/** Kong's key check: an API key (header or query) that is the anon or the service-role key. */
function apiKeyProblem(request: Request, config: StandinConfig): Response | null {
  const key = request.headers.get('apikey') ?? new URL(request.url).searchParams.get('apikey');
  if (!key) return json({ message: 'No API key found in request' }, 401);
  if (key !== config.anonKey && key !== config.serviceRoleKey) return json({ message: 'Invalid authentication credentials' }, 401);
  return null;
}

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

/** Who answers a body over its cap, in the shape that service's clients parse. */
type CapKind = 'gateway' | 'storage' | 'tus';

function tooLarge(kind: CapKind): Response {
  if (kind === 'storage') {
    return json({ statusCode: '413', code: 'EntityTooLarge', error: 'Payload too large', message: 'The object exceeded the maximum allowed size' }, 413);
  }
  if (kind === 'tus') return new Response('Maximum size exceeded', { status: 413, headers: { 'tus-resumable': '1.0.0', 'content-type': 'text/plain; charset=utf-8' } });
  return json({ message: 'Request size limit exceeded' }, 413);
}

/**
 * The request body as a web stream that reads `req` only as fast as the handler asks, and
 * stops at `limit` bytes: `onOver` is called, the stream errors and the rest stays unread.
 */
function cappedBody(req: IncomingMessage, limit: number, onOver: () => void): ReadableStream<Uint8Array> {
  let seen = 0;
  let listening = false;
  let settled = false;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (!listening) {
          listening = true;
          req.on('data', (chunk: Buffer) => {
            if (settled) return;
            seen += chunk.byteLength;
            if (seen > limit) {
              settled = true;
              req.pause();
              onOver();
              controller.error(new Error(`request body over ${limit} bytes`));
              return;
            }
            controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
            if ((controller.desiredSize ?? 0) <= 0) req.pause();
          });
          req.on('end', () => {
            if (settled) return;
            settled = true;
            controller.close();
          });
          req.on('error', (error) => {
            if (settled) return;
            settled = true;
            controller.error(error);
          });
        }
        req.resume();
      },
      cancel() {
        // Left unread: the answer still goes out on this connection, which then closes.
        settled = true;
        req.pause();
      },
    },
    { highWaterMark: 0 },
  );
}

async function send(response: Response, res: ServerResponse, head: boolean): Promise<void> {
  if (response.statusText) res.statusMessage = response.statusText;
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (!response.body || head) {
    res.end();
    return;
  }
  Readable.fromWeb(response.body as import('node:stream/web').ReadableStream).pipe(res);
}

export async function startStandin(config: StandinConfig, root: string, env: NodeJS.ProcessEnv = process.env): Promise<Standin> {
  const log = (line: string) => {
    if (!config.quiet) console.log(`[supabase-local] ${line}`);
  };
  // Whose this stand-in is: /_local/health says it, so another checkout's commands do not use it as theirs.
  const checkout = checkoutOf(root);
  let unlock = async () => {};
  if (config.dataDir) {
    await mkdir(config.dataDir, { recursive: true });
    unlock = await lockDataDir(config.dataDir, publicUrl(config));
  }
  const server = createServer();
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  let db: Db;
  let fresh: boolean;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => resolve());
    });
    ({ db, fresh } = await openDatabase(config.dataDir, join(root, 'supabase')));
  } catch (error) {
    server.close();
    await unlock();
    throw error;
  }
  config.port = (server.address() as AddressInfo).port;
  const base = config.dataDir ?? (await mkdtemp(join(tmpdir(), 'supabase-local-')));
  const files = new FileArea(join(base, 'storage'));
  const tusDir = join(base, 'tus');
  await mkdir(tusDir, { recursive: true });
  const outbox = new Outbox(log);
  const seeded = await seed(db, config, files, root);
  if (seeded === 'all') log(`seeded a fresh database${fresh ? '' : ' (seeds were missing)'}`);
  if (seeded === 'editor') log(`added the editor account ${config.seed.editorEmail} (this database was seeded before the editor role)`);

  const tus = createTusServer(db, config, files, tusDir);
  const functions = functionRegistry(config, env);
  const delivery = startDeliveryTimer(deliverEnvFrom(config, env), config.deliveryIntervalMs, log);
  const authCtx = { db, config, outbox, signIns: new AttemptCounter() };
  const storageCtx = { db, config, files };

  async function dispatch(request: Request, clientIp: string): Promise<Response> {
    const path = new URL(request.url).pathname;
    if (path.startsWith('/functions/v1/')) {
      // As Supabase's gateway does: the address it saw is appended to X-Forwarded-For.
      const forwarded = request.headers.get('x-forwarded-for');
      if (clientIp) request.headers.set('x-forwarded-for', forwarded ? `${forwarded}, ${clientIp}` : clientIp);
      return handleFunction(functions, config, request, path.slice('/functions/v1/'.length).split('/')[0]!);
    }
    // A page on another site must not read the outbox (confirmation links) or drive /_local.
    if (path.startsWith('/_local/') && hasForeignOrigin(request)) return json({ message: 'Origin not allowed' }, 403);
    if (request.method === 'OPTIONS') return new Response(null, { status: 200 });
    if (path === '/_local/health') return json({ ok: true, checkout, dataDir: config.dataDir });
    if (path === '/_local/outbox') return json(outbox.mails);
    if (path.startsWith('/auth/v1/')) {
      const sub = path.slice('/auth/v1'.length);
      if (sub !== '/verify' && sub !== '/health') {
        const problem = apiKeyProblem(request, config);
        if (problem) return problem;
      }
      return handleAuth(authCtx, request, sub, clientIp);
    }
    if (path.startsWith('/rest/v1/')) return apiKeyProblem(request, config) ?? handleRest(db, config, request, path.slice('/rest/v1'.length));
    if (path === TUS_PATH || path.startsWith(`${TUS_PATH}/`)) {
      const claims = await tusClaims(request, config);
      if (typeof claims === 'string') return new Response(claims, { status: 403, headers: { 'tus-resumable': '1.0.0' } });
      return (await tusOwnerProblem(tus, request, claims)) ?? tus.handleWeb(request);
    }
    if (path.startsWith('/storage/v1/')) return handleStorage(storageCtx, request, path.slice('/storage/v1'.length));
    return json({ message: 'no Route matched with those values' }, 404);
  }

  /**
   * The most a request body may carry on this route: JSON APIs the JSON limit, a tus request
   * one chunk plus a margin, a storage upload its bucket's file_size_limit (plus the JSON limit
   * for multipart framing). Decided from the path alone, before any auth.
   */
  async function bodyCap(method: string, path: string): Promise<{ limit: number; kind: CapKind }> {
    if (path === TUS_PATH || path.startsWith(`${TUS_PATH}/`)) return { limit: config.tusChunkSize + TUS_CHUNK_MARGIN, kind: 'tus' };
    if (!path.startsWith('/storage/v1/')) return { limit: config.jsonBodyLimit, kind: 'gateway' };
    const small = { limit: config.jsonBodyLimit, kind: 'storage' as const };
    const segments = path.split('/').filter(Boolean).slice(3);
    const upload = path.startsWith('/storage/v1/object/') && (method === 'POST' || method === 'PUT') && segments.length >= 2;
    if (!upload || (segments[0] === 'list' && method === 'POST')) return small;
    let bucket: string;
    try {
      bucket = decodeURIComponent(segments[0]!);
    } catch {
      return small;
    }
    const { rows } = await db.query<{ file_size_limit: string | number | null }>('select file_size_limit from storage.buckets where id = $1', [bucket]);
    const own = rows[0]?.file_size_limit;
    return { limit: (own === null || own === undefined ? config.fileSizeLimit : Number(own)) + config.jsonBodyLimit, kind: 'storage' };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    // Before anything else, on every route: a request for another host name is not for us.
    const foreignHost = hostProblem(req.headers.host, config);
    if (foreignHost) {
      if (!req.complete) res.setHeader('connection', 'close');
      await send(foreignHost, res, method === 'HEAD');
      return;
    }
    const url = new URL(req.url ?? '/', publicUrl(config));
    const headers = headersOf(req);
    const isFunction = url.pathname.startsWith('/functions/v1/');
    let answered = false;
    let refused = false;
    const answer = async (response: Response): Promise<void> => {
      if (answered) {
        await response.body?.cancel();
        return;
      }
      answered = true;
      // A body left unread (refused, or not needed): answer, then close the connection, as a
      // gateway does, so a client never reuses a connection with unread bytes on it.
      if (!req.complete) res.setHeader('connection', 'close');
      // A function's own CORS headers stand for callers without an Origin (servers, tests).
      const cors = isFunction && !headers.has('origin') ? response : withGatewayCors(response, { headers });
      await send(cors, res, method === 'HEAD');
    };
    try {
      const cap = await bodyCap(method, url.pathname);
      // Over the cap by its declared length: refused before auth, without reading a byte.
      if (Number(req.headers['content-length']) > cap.limit) {
        refused = true;
        await answer(tooLarge(cap.kind));
        return;
      }
      const hasBody = method !== 'GET' && method !== 'HEAD';
      const refuse = () => {
        refused = true;
        answer(tooLarge(cap.kind)).catch(() => res.destroy());
      };
      const request = new Request(url, {
        method,
        headers,
        ...(hasBody ? { body: cappedBody(req, cap.limit, refuse), duplex: 'half' } : {}),
      } as RequestInit);
      await answer(await dispatch(request, req.socket.remoteAddress ?? ''));
    } catch (error) {
      if (answered) return;
      if (!refused) console.error('[supabase-local] request failed:', method, url.href, error);
      await answer(json({ message: 'An unexpected error occurred in the local stand-in' }, 500));
    }
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((error: unknown) => {
      console.error('[supabase-local] response failed:', error);
      res.destroy();
    });
  });

  return {
    url: publicUrl(config),
    config,
    db,
    outbox,
    server,
    async close() {
      await delivery.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
      await unlock();
    },
  };
}
