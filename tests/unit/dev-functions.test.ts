import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { functionFile, handlerFor } from '~/integrations/dev-functions';

describe('the dev server finds Pages Functions as Pages does', () => {
  const dir = `${mkdtempSync(join(tmpdir(), 'functions-'))}/`;
  mkdirSync(join(dir, 'api'));
  writeFileSync(join(dir, 'api', 'track-conversion.ts'), '');

  it('maps /api/<name> to functions/api/<name>.ts, and nothing else', () => {
    expect(functionFile(dir, '/api/track-conversion')).toBe(`${dir}api/track-conversion.ts`);
    expect(functionFile(dir, '/api/missing')).toBeNull();
    expect(functionFile(dir, '/guides')).toBeNull();
    expect(functionFile(dir, '/api/../package')).toBeNull();
    expect(functionFile(dir, '/api/track-conversion.ts')).toBeNull();
  });

  it('prefers onRequest<Method>, then onRequest', () => {
    const get = () => new Response('get');
    const any = () => new Response('any');
    expect(handlerFor({ onRequestGet: get, onRequest: any }, 'GET')).toBe(get);
    expect(handlerFor({ onRequestGet: get, onRequest: any }, 'POST')).toBe(any);
    expect(handlerFor({ onRequestGet: get }, 'POST')).toBeNull();
  });
});
