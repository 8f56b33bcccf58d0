import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyRedirects, functionFile, handlerFor } from '~/integrations/dev-functions';
import { matchRedirect, parseRedirects } from '~/integrations/pages-redirects';

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

describe('the dev server follows public/_redirects as Pages does', () => {
  const rules = parseRedirects(readFileSync(new URL('../../public/_redirects', import.meta.url), 'utf8'));

  it('serves /admin for every /admin/* path, the address and query kept', () => {
    expect(applyRedirects(rules, '/admin/anything')).toEqual({ rewrite: '/admin' });
    expect(applyRedirects(rules, '/admin/crm/calendars?tab=crm')).toEqual({ rewrite: '/admin?tab=crm' });
    expect(applyRedirects(rules, '/admin')).toBeNull();
    expect(applyRedirects(rules, '/administrator')).toBeNull();
    expect(applyRedirects(rules, '/guides')).toBeNull();
  });

  it('reads splats, exact paths and redirects; a line that is not a rule names itself', () => {
    const own = parseRedirects('# comment\n\n/old  /new  301\n/blog/*  /news/:splat  302\n/x /y\n');
    expect(own).toEqual([
      { from: '/old', to: '/new', status: 301 },
      { from: '/blog/*', to: '/news/:splat', status: 302 },
      { from: '/x', to: '/y', status: 302 },
    ]);
    expect(matchRedirect(own, '/blog/2026/post')).toEqual({ to: '/news/2026/post', status: 302 });
    expect(applyRedirects(own, '/old?a=1')).toEqual({ status: 301, location: '/new' });
    expect(() => parseRedirects('/a /b 404')).toThrow('_redirects line 1: expected "<from path> <to> [200|301|302|303|307|308]", got "/a /b 404"');
    expect(() => parseRedirects('\nadmin /admin 200')).toThrow('_redirects line 2');
  });
});
