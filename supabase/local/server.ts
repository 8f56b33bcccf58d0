/**
 * The local Supabase stand-in: one HTTP server that speaks the Supabase contract for the calls
 * this site makes (auth, REST, storage with tus, functions), on PGlite. Development and tests
 * only — its keys and JWT secret are public.
 */
import { mkdir, mkdtemp } from 'node:fs/promises';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { handleAuth } from './auth.ts';
import { type StandinConfig, publicUrl } from './config.ts';
import { type Db, openDatabase } from './db.ts';
import { functionRegistry, handleFunction } from './functions.ts';
import { gatewayCors, json, withHeaders } from './gateway.ts';
import { FileArea } from './objects.ts';
import { Outbox } from './outbox.ts';
import { handleRest } from './rest.ts';
import { seed } from './seed.ts';
import { handleStorage } from './storage.ts';
import { TUS_PATH, createTusServer, tusClaims } from './tus.ts';

export interface Standin {
  url: string;
  config: StandinConfig;
  db: Db;
  outbox: Outbox;
  close(): Promise<void>;
}

/** Kong's key check: an API key (header or query) that is the anon or the service-role key. */
function apiKeyProblem(request: Request, config: StandinConfig): Response | null {
  const key = request.headers.get('apikey') ?? new URL(request.url).searchParams.get('apikey');
  if (!key) return json({ message: 'No API key found in request' }, 401);
  if (key !== config.anonKey && key !== config.serviceRoleKey) return json({ message: 'Invalid authentication credentials' }, 401);
  return null;
}

function toRequest(req: IncomingMessage, base: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', base), {
    method: req.method ?? 'GET',
    headers,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
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
  const { db, fresh } = await openDatabase(config.dataDir, join(root, 'supabase'));
  const base = config.dataDir ?? (await mkdtemp(join(tmpdir(), 'supabase-local-')));
  const files = new FileArea(join(base, 'storage'));
  const tusDir = join(base, 'tus');
  await mkdir(tusDir, { recursive: true });
  const outbox = new Outbox(log);

  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  config.port = (server.address() as AddressInfo).port;
  if (await seed(db, config, files, root)) log(`seeded a fresh database${fresh ? '' : ' (seeds were missing)'}`);

  const tus = createTusServer(db, config, files, tusDir);
  const functions = functionRegistry(config, env);
  const authCtx = { db, config, outbox };
  const storageCtx = { db, config, files };

  async function dispatch(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname;
    if (path.startsWith('/functions/v1/')) return handleFunction(functions, config, request, path.slice('/functions/v1/'.length).split('/')[0]!);
    if (request.method === 'OPTIONS') return new Response(null, { status: 200 });
    if (path === '/_local/health') return json({ ok: true });
    if (path === '/_local/outbox') return json(outbox.mails);
    if (path.startsWith('/auth/v1/')) {
      const sub = path.slice('/auth/v1'.length);
      if (sub !== '/verify' && sub !== '/health') {
        const problem = apiKeyProblem(request, config);
        if (problem) return problem;
      }
      return handleAuth(authCtx, request, sub);
    }
    if (path.startsWith('/rest/v1/')) return apiKeyProblem(request, config) ?? handleRest(db, config, request, path.slice('/rest/v1'.length));
    if (path === TUS_PATH || path.startsWith(`${TUS_PATH}/`)) {
      const claims = await tusClaims(request, config);
      if (typeof claims === 'string') return new Response(claims, { status: 403, headers: { 'tus-resumable': '1.0.0' } });
      return tus.handleWeb(request);
    }
    if (path.startsWith('/storage/v1/')) return handleStorage(storageCtx, request, path.slice('/storage/v1'.length));
    return json({ message: 'no Route matched with those values' }, 404);
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const request = toRequest(req, publicUrl(config));
    const isFunction = request.url.includes('/functions/v1/');
    dispatch(request)
      .catch((error: unknown) => {
        console.error('[supabase-local] request failed:', request.method, request.url, error);
        return json({ message: 'An unexpected error occurred in the local stand-in' }, 500);
      })
      .then((response) => {
        // A body the handler refused unread (e.g. too large): answer, then close the connection,
        // as a gateway does, so a client never reuses a connection with unread bytes on it.
        if (!req.complete) res.setHeader('connection', 'close');
        return send(isFunction ? response : withHeaders(response, gatewayCors(request)), res, req.method === 'HEAD');
      })
      .catch((error: unknown) => {
        console.error('[supabase-local] response failed:', error);
        res.destroy();
      });
  });

  return {
    url: publicUrl(config),
    config,
    db,
    outbox,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}
