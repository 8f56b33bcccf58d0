/** What the API gateway adds in front of every service: CORS and API-key role mapping. */

const EXPOSED = [
  'X-Supabase-Api-Version',
  'x-sb-error-code',
  'Content-Range',
  'X-Total-Count',
  'Link',
  'Location',
  'Upload-Offset',
  'Upload-Length',
  'Tus-Resumable',
  'Upload-Metadata',
  'Upload-Expires',
  'Tus-Version',
  'Tus-Max-Size',
  'Tus-Extension',
  'Content-Length',
  'Content-Type',
  'ETag',
].join(', ');

const DEFAULT_ALLOWED = [
  'authorization',
  'apikey',
  'content-type',
  'x-client-info',
  'x-supabase-api-version',
  'accept-profile',
  'content-profile',
  'prefer',
  'x-upsert',
  'cache-control',
  'x-metadata',
  'x-retry-count',
  'tus-resumable',
  'upload-length',
  'upload-offset',
  'upload-metadata',
  'upload-concat',
  'upload-defer-length',
  'range',
].join(', ');

/**
 * A Host the stand-in does not answer to. Like Vite's and webpack-dev-server's host checks, only
 * its own names count (127.0.0.1, localhost, and STANDIN_HOST when set otherwise), on any port: a
 * TCP proxy or a forwarded port keeps working. A web page that rebinds its own name to 127.0.0.1
 * sends that name, and reads nothing; its same-origin requests carry no Origin, so the CORS rule
 * below cannot see them.
 */
export function hostProblem(host: string | undefined, config: { host: string }): Response | null {
  const names = [...new Set(['127.0.0.1', 'localhost', config.host.toLowerCase()])];
  const name = /^(.*?)(?::\d{1,5})?$/.exec(host ?? '')![1]!.toLowerCase();
  if (names.includes(name)) return null;
  return json({ message: `Host not allowed: "${host ?? ''}" (this local stand-in answers ${names.join(' and ')})` }, 403);
}

/**
 * The site's local origins: `http://127.0.0.1:<port>` and `http://localhost:<port>` (dev, preview,
 * e2e and bench servers run on many ports). Anything else, `null` included, is foreign.
 */
const LOCAL_ORIGIN = /^http:\/\/(?:127\.0\.0\.1|localhost)(?::\d{1,5})?$/;

export function isLocalOrigin(origin: string | null): origin is string {
  return origin !== null && LOCAL_ORIGIN.test(origin);
}

/** A request sent by a browser from a page that is not one of the site's local origins. */
export function hasForeignOrigin(request: Pick<Request, 'headers'>): boolean {
  const origin = request.headers.get('origin');
  return origin !== null && !isLocalOrigin(origin);
}

/**
 * CORS for one request: the request's own Origin when it is a local origin (never `*`), and
 * nothing for a foreign or missing Origin, so a browser on another site cannot read the answer.
 */
export function gatewayCors(request: Pick<Request, 'headers'>): Record<string, string> {
  const origin = request.headers.get('origin');
  if (!isLocalOrigin(origin)) return {};
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS',
    'Access-Control-Allow-Headers': request.headers.get('access-control-request-headers') ?? DEFAULT_ALLOWED,
    'Access-Control-Expose-Headers': EXPOSED,
    'Access-Control-Max-Age': '3600',
  };
}

/**
 * The gateway's CORS decision applied to a response: any CORS headers the service set are
 * replaced by gatewayCors, except that headers the service itself exposes stay exposed (as a
 * function's own CORS headers reach the browser on Supabase), and `Vary: Origin` tells caches the
 * answer depends on the Origin.
 */
export function withGatewayCors(response: Response, request: Pick<Request, 'headers'>): Response {
  const merged = new Headers(response.headers);
  const ownExposed = merged.get('access-control-expose-headers');
  for (const name of [...merged.keys()]) if (name.startsWith('access-control-')) merged.delete(name);
  for (const [name, value] of Object.entries(gatewayCors(request))) merged.set(name, value);
  if (ownExposed && merged.has('access-control-expose-headers')) merged.append('access-control-expose-headers', ownExposed);
  const vary = merged.get('vary');
  if (!vary) merged.set('vary', 'Origin');
  else if (!/(^|,)\s*(origin|\*)\s*(,|$)/i.test(vary)) merged.set('vary', `${vary}, Origin`);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers: merged });
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}
