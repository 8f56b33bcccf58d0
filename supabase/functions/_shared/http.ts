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
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers },
  });
}

/** A 4xx/5xx answer whose `error` says what is wrong. */
export function errorResponse(status: number, error: string, headers: Record<string, string> = {}): Response {
  return jsonResponse({ error }, status, headers);
}

export type JsonBodyResult = { ok: true; value: unknown } | { ok: false; response: Response };

const discard = (body: ReadableStream<Uint8Array> | null): void => {
  body?.cancel().catch(() => undefined);
};

/**
 * A request body read through a hard cap: a declared Content-Length over it is refused before
 * anything is read, and a body without one (chunked) is read chunk by chunk and cancelled as soon
 * as it passes the cap, so an oversized body is never buffered. Null when over the cap.
 */
export async function readCappedBody(request: Request, maxBytes: number): Promise<Uint8Array | null> {
  const declared = request.headers.get('content-length');
  if (declared !== null && !(Number(declared) <= maxBytes)) {
    discard(request.body);
    return null;
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * Reads a JSON request body with a size limit (readCappedBody), answering 415 for another
 * content type, 413 when too large, and 400 for malformed JSON.
 */
export async function readJsonBody(
  request: Request,
  maxBytes: number,
  headers: Record<string, string> = {},
): Promise<JsonBodyResult> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    discard(request.body);
    return { ok: false, response: errorResponse(415, 'content-type must be application/json', headers) };
  }
  const bytes = await readCappedBody(request, maxBytes);
  if (bytes === null) {
    return { ok: false, response: errorResponse(413, `body must be at most ${maxBytes} bytes`, headers) };
  }
  if (bytes.byteLength === 0) {
    return { ok: false, response: errorResponse(400, 'body must be a JSON object', headers) };
  }
  try {
    return { ok: true, value: JSON.parse(new TextDecoder().decode(bytes)) };
  } catch {
    return { ok: false, response: errorResponse(400, 'body is not valid JSON', headers) };
  }
}
