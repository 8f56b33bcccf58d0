import { describe, expect, it } from 'vitest';
import { errorResponse, readCappedBody, readJsonBody } from '../../supabase/functions/_shared/http';

const post = (body: string, type = 'application/json') => new Request('http://localhost/x', { method: 'POST', headers: { 'content-type': type }, body });

describe('readJsonBody', () => {
  it('parses a JSON body', async () => {
    expect(await readJsonBody(post('{"a":1}'), 100)).toEqual({ ok: true, value: { a: 1 } });
  });

  it.each([
    ['another content type', post('{}', 'text/plain'), 415, 'content-type must be application/json'],
    ['a body over the limit', post(`{"a":"${'x'.repeat(200)}"}`), 413, 'body must be at most 100 bytes'],
    ['an empty body', post(''), 400, 'body must be a JSON object'],
    ['malformed JSON', post('{"a":'), 400, 'body is not valid JSON'],
  ])('refuses %s', async (_name, request, status, error) => {
    const result = await readJsonBody(request, 100);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.response.status).toBe(status);
    expect(await result.response.json()).toEqual({ error });
  });
});

/** A chunked body (no Content-Length) of `chunks` × 64 KB, counting what is pulled and whether it was cancelled. */
function chunkedRequest(chunks: number, headers: Record<string, string> = {}) {
  const seen = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.pulled === chunks) return controller.close();
      seen.pulled += 1;
      controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  const request = new Request('http://localhost/x', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body, duplex: 'half' } as RequestInit);
  return { request, seen };
}

describe('readCappedBody', () => {
  it('stops reading a chunked body once past the cap and cancels the stream', async () => {
    const { request, seen } = chunkedRequest(160); // 10 MB
    expect(await readCappedBody(request, 16 * 1024)).toBeNull();
    expect(seen.pulled).toBeLessThanOrEqual(2);
    expect(seen.cancelled).toBe(true);
  });

  it('refuses a declared Content-Length over the cap without reading', async () => {
    const { request, seen } = chunkedRequest(160, { 'content-length': String(10 * 1024 * 1024) });
    const result = await readJsonBody(request, 16 * 1024);
    expect(result.ok || result.response.status).toBe(413);
    expect(seen.pulled).toBeLessThanOrEqual(1);
  });

  it('reads a chunked body under the cap whole', async () => {
    const { request } = chunkedRequest(2);
    expect((await readCappedBody(request, 200 * 1024))?.byteLength).toBe(128 * 1024);
  });
});

describe('errorResponse', () => {
  it('is JSON with the message and extra headers', async () => {
    const response = errorResponse(403, 'admin role required', { 'x-a': '1' });
    expect(response.status).toBe(403);
    expect(response.headers.get('x-a')).toBe('1');
    expect(await response.json()).toEqual({ error: 'admin role required' });
  });
});
