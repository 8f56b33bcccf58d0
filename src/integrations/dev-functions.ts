/**
 * `astro dev` serves the Cloudflare Pages Functions too (`functions/api/*.ts` at `/api/*`), so a
 * page that posts to its own endpoint works under `npm run dev` as it does in production. Only
 * the dev server: the build ships the functions to Cloudflare untouched, and `npm run preview`
 * runs them in Cloudflare's own runtime. It also follows `public/_redirects` as Pages does
 * (src/integrations/pages-redirects.ts): `/admin/anything` answers the admin page, not a 404.
 *
 * The routes are the files (Pages' file routing without dynamic segments, which the project does
 * not use); a module's `onRequest<Method>` or `onRequest` answers, as on Pages, after the
 * `_middleware.ts` of its folders (outermost first, each calling `next()`). `env` is the process
 * environment (where `npm run preview` reads `.dev.vars`), and `CONTENT_WORKTREE`, the content
 * editor's store of this checkout's files (functions/api/content.ts); `waitUntil` lets the work run on.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { workingTreeStore } from '../features/content-editor/server/working-tree-store';
import { type PagesRule, matchRedirect, parseRedirects } from './pages-redirects';

interface Context {
  request: Request;
  env: Record<string, unknown>;
  params: Record<string, string>;
  waitUntil: (promise: Promise<unknown>) => void;
  next: () => Promise<Response>;
}
type Handler = (context: Context) => Response | Promise<Response>;

/** The `_middleware.ts` files that apply to a function file, outermost first. */
export function middlewareFiles(functionsDir: string, file: string): string[] {
  const folders = file.slice(functionsDir.length).split('/').slice(0, -1);
  return folders
    .map((_, i) => `${functionsDir}${folders.slice(0, i + 1).join('/')}/_middleware.ts`)
    .concat([`${functionsDir}_middleware.ts`])
    .filter((candidate, i, all) => all.indexOf(candidate) === i && existsSync(candidate))
    .sort((a, b) => a.length - b.length);
}

/** The module file of a Pages Function route, or null (`/api/track-conversion` → functions/api/track-conversion.ts). */
export function functionFile(functionsDir: string, pathname: string): string | null {
  if (!/^\/api(?:\/[a-z0-9-]+)+$/.test(pathname)) return null;
  const file = `${functionsDir}${pathname.slice(1)}.ts`;
  return existsSync(file) ? file : null;
}

/** `onRequestPost` for POST, else `onRequest`, as Pages picks them. */
export function handlerFor(module: Record<string, unknown>, method: string): Handler | null {
  const named = `onRequest${method.charAt(0)}${method.slice(1).toLowerCase()}`;
  const handler = module[named] ?? module.onRequest;
  return typeof handler === 'function' ? (handler as Handler) : null;
}

export function toRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    duplex: 'half',
  } as RequestInit);
}

export async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  res.end(Buffer.from(await response.arrayBuffer()));
}

/** The `_redirects` rules, read at each request so an edit applies at once (none without the file). */
function redirectRules(file: string): PagesRule[] {
  return existsSync(file) ? parseRedirects(readFileSync(file, 'utf8')) : [];
}

/**
 * What Pages does with `_redirects` for a request URL: a rewrite gives the URL to serve instead
 * (its query kept), a redirect the status and location to answer with; null: nothing matched.
 */
export function applyRedirects(rules: readonly PagesRule[], url: string): { rewrite: string } | { status: number; location: string } | null {
  const parsed = new URL(url, 'http://localhost');
  const match = matchRedirect(rules, parsed.pathname);
  if (!match) return null;
  if (match.status === 200) return { rewrite: `${match.to}${parsed.search}` };
  return { status: match.status, location: match.to };
}

export function devFunctions(): AstroIntegration {
  const functionsDir = fileURLToPath(new URL('../../functions/', import.meta.url));
  const redirectsFile = fileURLToPath(new URL('../../public/_redirects', import.meta.url));
  // The content editor saves into this checkout's files, so the dev server shows a change at once.
  const contentStore = workingTreeStore(fileURLToPath(new URL('../../', import.meta.url)));
  return {
    name: 'dev-functions',
    hooks: {
      'astro:server:setup': ({ server, logger }) => {
        server.middlewares.use((req, res, next) => {
          const redirect = applyRedirects(redirectRules(redirectsFile), req.url ?? '/');
          if (redirect && 'rewrite' in redirect) req.url = redirect.rewrite;
          else if (redirect) {
            res.writeHead(redirect.status, { location: redirect.location }).end();
            return;
          }
          const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
          const file = functionFile(functionsDir, pathname);
          if (!file) return next();
          const origin = `http://${req.headers.host ?? 'localhost'}`;
          (async () => {
            const method = req.method ?? 'GET';
            const handler = handlerFor(await server.ssrLoadModule(file), method);
            const chain: Handler[] = [];
            for (const middleware of middlewareFiles(functionsDir, file)) {
              const found = handlerFor(await server.ssrLoadModule(middleware), method);
              if (found) chain.push(found);
            }
            chain.push(handler ?? (() => new Response(null, { status: 405 })));
            const request = toRequest(req, origin);
            const waitUntil = (promise: Promise<unknown>) => void promise.catch((error: unknown) => logger.error(`waitUntil: ${String(error)}`));
            const run = (i: number): Promise<Response> =>
              Promise.resolve(chain[i]!({ request, env: { ...process.env, CONTENT_WORKTREE: contentStore }, params: {}, waitUntil, next: () => run(i + 1) }));
            return sendResponse(res, await run(0));
          })().catch((error: unknown) => {
            logger.error(`${req.method} ${pathname}: ${error instanceof Error ? error.stack : String(error)}`);
            if (!res.headersSent) sendResponse(res, new Response('function failed', { status: 500 }));
          });
        });
      },
    },
  };
}
