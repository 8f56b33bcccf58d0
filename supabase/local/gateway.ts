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

export function gatewayCors(request: Request): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS',
    'Access-Control-Allow-Headers': request.headers.get('access-control-request-headers') ?? DEFAULT_ALLOWED,
    'Access-Control-Expose-Headers': EXPOSED,
    'Access-Control-Max-Age': '3600',
  };
}

export function withHeaders(response: Response, headers: Record<string, string>): Response {
  const merged = new Headers(response.headers);
  for (const [name, value] of Object.entries(headers)) merged.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers: merged });
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}
