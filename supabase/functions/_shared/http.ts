/**
 * HTTP helpers shared by every server handler (Supabase Edge Functions, the Cloudflare Pages
 * Function, the local stand-in). Runtime-free: Web standard Request/Response only.
 */

/** CORS headers Supabase Edge Functions answer with (docs: functions/cors). */
export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type, x-retry-count',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
};

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

/** A 4xx/5xx answer whose `error` says what is wrong. */
export function errorResponse(status: number, error: string, headers: Record<string, string> = {}): Response {
  return jsonResponse({ error }, status, headers);
}

export type JsonBodyResult = { ok: true; value: unknown } | { ok: false; response: Response };

/**
 * Reads a JSON request body with a size limit, answering 415 for another content type,
 * 413 when too large, and 400 for malformed JSON.
 */
export async function readJsonBody(
  request: Request,
  maxBytes: number,
  headers: Record<string, string> = {},
): Promise<JsonBodyResult> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    return { ok: false, response: errorResponse(415, 'content-type must be application/json', headers) };
  }
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) {
    return { ok: false, response: errorResponse(413, `body must be at most ${maxBytes} bytes`, headers) };
  }
  const buffer = await request.arrayBuffer();
  if (buffer.byteLength > maxBytes) {
    return { ok: false, response: errorResponse(413, `body must be at most ${maxBytes} bytes`, headers) };
  }
  if (buffer.byteLength === 0) {
    return { ok: false, response: errorResponse(400, 'body must be a JSON object', headers) };
  }
  try {
    return { ok: true, value: JSON.parse(new TextDecoder().decode(buffer)) };
  } catch {
    return { ok: false, response: errorResponse(400, 'body is not valid JSON', headers) };
  }
}
