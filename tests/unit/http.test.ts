import { describe, expect, it } from 'vitest';
import { errorResponse, readJsonBody } from '../../supabase/functions/_shared/http';

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

describe('errorResponse', () => {
  it('is JSON with the message and extra headers', async () => {
    const response = errorResponse(403, 'admin role required', { 'x-a': '1' });
    expect(response.status).toBe(403);
    expect(response.headers.get('x-a')).toBe('1');
    expect(await response.json()).toEqual({ error: 'admin role required' });
  });
});
