// @vitest-environment node
/**
 * What the local stand-in's gateway lets in and what its storage serves: only its own host names
 * (a page that rebinds its name to 127.0.0.1 reads nothing), content types parsed whole against
 * the bucket's allow-list, stored objects with `nosniff`, and storage calls without any key refused
 * as Supabase refuses them (public object reads excepted).
 */
import { Agent, request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Standin } from '../../supabase/local/server.ts';
import { ADMIN, accessTokenOf, client, startTestStandin, tusMetadata } from '../support/standin.ts';

let standin: Standin;
let admin: string;
beforeAll(async () => {
  standin = await startTestStandin(4832);
  admin = await accessTokenOf(standin, ADMIN);
}, 90_000);
afterAll(async () => {
  await standin?.close();
}, 30_000);

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One request with the Host header as given (fetch always sends the URL's own). */
function send(
  path: string,
  { method = 'GET', host, headers = {}, body }: { method?: string; host: string; headers?: Record<string, string> | undefined; body?: string | undefined },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: standin.config.port, path, method, agent: false, headers: { ...headers, host } });
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('error', reject);
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(parts).toString() }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('Host: only the stand-in’s own names', () => {
  const keys = () => ({ apikey: standin.config.anonKey, authorization: `Bearer ${admin}` });
  const routes = (): [method: string, path: string, headers?: Record<string, string>, body?: string][] => [
    ['GET', '/_local/outbox'],
    ['GET', '/_local/health'],
    ['OPTIONS', '/_local/outbox'],
    ['GET', '/auth/v1/health'],
    ['POST', '/auth/v1/token?grant_type=password', { apikey: standin.config.anonKey, 'content-type': 'application/json' }, JSON.stringify(ADMIN)],
    ['GET', '/auth/v1/verify?token=x&type=signup'],
    ['GET', '/rest/v1/user_roles?select=role', keys()],
    ['GET', '/storage/v1/object/public/videos/brand/logo.png'],
    ['POST', '/storage/v1/object/list/videos', { ...keys(), 'content-type': 'application/json' }, JSON.stringify({ prefix: '' })],
    [
      'POST',
      '/storage/v1/upload/resumable',
      {
        ...keys(),
        'tus-resumable': '1.0.0',
        'upload-length': '10',
        'upload-metadata': tusMetadata({ bucketName: 'videos', objectName: 'host/x.mp4', contentType: 'video/mp4' }),
      },
    ],
    ['HEAD', '/storage/v1/upload/resumable/abc', { ...keys(), 'tus-resumable': '1.0.0' }],
    ['POST', '/functions/v1/track-conversion', { apikey: standin.config.anonKey, 'content-type': 'application/json' }, '{}'],
    ['GET', '/nothing-here'],
  ];

  it.each(['evil.example', 'evil.example:PORT', 'localhost.evil.example:PORT', '127.0.0.1.evil.example:PORT', '127.0.0.1:PORT:PORT', '127.0.0.2:PORT', '[::1]:PORT'])(
    'refuses the host "%s" with 403 on every route, the outbox and tus included',
    async (name) => {
      const host = name.replaceAll('PORT', String(standin.config.port));
      for (const [method, path, headers, body] of routes()) {
        const answer = await send(path, { method, host, headers, body });
        expect(answer.status, `${method} ${path}`).toBe(403);
        expect(answer.headers['access-control-allow-origin']).toBeUndefined();
        if (method !== 'HEAD')
          expect(JSON.parse(answer.text), `${method} ${path}`).toEqual({
            message: `Host not allowed: "${host}" (this local stand-in answers 127.0.0.1 and localhost)`,
          });
      }
      expect(standin.outbox.mails.length).toBe(0);
    },
  );

  // On any port, as a TCP proxy or a forwarded port sends it (npm run load:tus goes through one).
  it.each(['127.0.0.1:PORT', 'localhost:PORT', 'LocalHost:PORT', '127.0.0.1:1', 'localhost'])('serves the host "%s" on every route', async (name) => {
    const host = name.replaceAll('PORT', String(standin.config.port));
    for (const [method, path, headers, body] of routes()) {
      const answer = await send(path, { method, host, headers, body });
      expect(answer.text, `${method} ${path}`).not.toMatch(/Host not allowed/);
      expect(answer.status, `${method} ${path}`).toBeLessThan(500);
    }
    const outbox = await send('/_local/outbox', { host });
    expect(JSON.parse(outbox.text)).toEqual([]);
  });
});

describe('content types: one allowed type, parsed whole', () => {
  const upload = (name: string, type: string, headers: Record<string, string> = {}) =>
    fetch(`${standin.url}/storage/v1/object/videos/${name}`, {
      method: 'POST',
      headers: { apikey: standin.config.anonKey, authorization: `Bearer ${admin}`, 'content-type': type, 'x-upsert': 'true', ...headers },
      body: new Uint8Array(16).fill(1),
    });
  const refusal = (type: string) => ({ statusCode: '415', code: 'InvalidMimeType', error: 'invalid_mime_type', message: `mime type ${type} is not supported` });
  const served = (name: string) => fetch(client(standin).storage.from('videos').getPublicUrl(name).data.publicUrl);

  // With an allow-list, storage-api compares the header as sent with each allowed type: parameters
  // and other cases are refused there too.
  it.each([
    'image/png;a=b, text/html',
    'image/png, text/html',
    'image/png,text/html',
    'image/png;a="x", text/html',
    'image/png;a=b;, video/mp4',
    'image/png/x',
    'image/',
    'image png',
    'image/png; a',
    'video/mp4; codecs="avc1.42E01E"',
    'IMAGE/PNG',
  ])('refuses "%s" (a raw upload) with storage’s 415 inside a 400, and stores nothing', async (type) => {
    const answer = await upload('types/refused.png', type);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual(refusal(type));
    expect((await served('types/refused.png')).status).toBe(400);
  });

  it('refuses the same type given in a multipart form, and in a resumable upload’s metadata', async () => {
    const type = 'image/png;a=b, text/html';
    const form = new FormData();
    form.append('contentType', type);
    form.append('', new Blob([new Uint8Array(16)]), 'x.png');
    const multipart = await fetch(`${standin.url}/storage/v1/object/videos/types/form.png`, {
      method: 'POST',
      headers: { apikey: standin.config.anonKey, authorization: `Bearer ${admin}` },
      body: form,
    });
    expect(await multipart.json()).toEqual(refusal(type));
    const tus = await fetch(`${standin.url}/storage/v1/upload/resumable`, {
      method: 'POST',
      headers: {
        apikey: standin.config.anonKey,
        authorization: `Bearer ${admin}`,
        'tus-resumable': '1.0.0',
        'upload-length': '16',
        'upload-metadata': tusMetadata({ bucketName: 'videos', objectName: 'types/tus.png', contentType: type }),
      },
    });
    expect(tus.status).toBe(415);
    expect(await tus.text()).toBe(`mime type ${type} is not supported`);
  });

  it('accepts an allowed type and serves it as stored, with nosniff', async () => {
    for (const [name, type] of [
      ['types/plain.png', 'image/png'],
      ['types/clip.mp4', 'video/mp4'],
      ['types/clip.webm', 'video/webm'],
    ] as const) {
      expect((await upload(name, type)).status, type).toBe(200);
      const answer = await served(name);
      expect(answer.headers.get('content-type')).toBe(type);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('serves every stored object with nosniff: a whole file, a range, a HEAD, and a seeded file', async () => {
    const url = client(standin).storage.from('videos').getPublicUrl('brand/logo.png').data.publicUrl;
    for (const init of [{}, { headers: { range: 'bytes=0-9' } }, { method: 'HEAD' }]) {
      const answer = await fetch(url, init);
      expect(answer.ok).toBe(true);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('in a bucket without an allow-list: takes one type with parameters, refuses a list, and serves HTML as text/plain as Supabase Storage does', async () => {
    await standin.db.query(`insert into storage.buckets (id, name, public) values ('pages', 'pages', true)`);
    const service = { apikey: standin.config.serviceRoleKey, authorization: `Bearer ${standin.config.serviceRoleKey}` };
    const put = (name: string, type: string) =>
      fetch(`${standin.url}/storage/v1/object/pages/${name}`, { method: 'POST', headers: { ...service, 'content-type': type }, body: '<script>1</script>' });
    const list = await put('list.png', 'image/png, text/html');
    expect(await list.json()).toEqual(refusal('image/png, text/html'));
    expect((await put('page.html', 'text/html; charset=utf-8')).status).toBe(200);
    const answer = await fetch(client(standin).storage.from('pages').getPublicUrl('page.html').data.publicUrl);
    expect(answer.headers.get('content-type')).toBe('text/plain');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('storage without any key', () => {
  const refused = { statusCode: '403', code: 'AccessDenied', error: 'Unauthorized', message: 'No API key found in request' };

  it('refuses listing, uploading, updating and removing with storage’s AccessDenied', async () => {
    const calls: [method: string, path: string, init: RequestInit][] = [
      ['POST', '/storage/v1/object/list/videos', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ prefix: '' }) }],
      ['POST', '/storage/v1/object/videos/nokey.mp4', { headers: { 'content-type': 'video/mp4' }, body: new Uint8Array(16) }],
      ['PUT', '/storage/v1/object/videos/brand/logo.png', { headers: { 'content-type': 'image/png' }, body: new Uint8Array(16) }],
      ['DELETE', '/storage/v1/object/videos', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ prefixes: ['brand/logo.png'] }) }],
    ];
    for (const [method, path, init] of calls) {
      const answer = await fetch(`${standin.url}${path}`, { method, ...init });
      expect(answer.status, `${method} ${path}`).toBe(400);
      expect(await answer.json(), `${method} ${path}`).toEqual(refused);
    }
    expect((await fetch(`${standin.url}/storage/v1/object/public/videos/brand/logo.png`)).status).toBe(200);
  });

  it('refuses a resumable upload without any key; the apikey alone is the anon role, as the gateway passes it on', async () => {
    const headers = {
      'tus-resumable': '1.0.0',
      'upload-length': '10',
      'upload-metadata': tusMetadata({ bucketName: 'videos', objectName: 'nokey/x.mp4', contentType: 'video/mp4' }),
    };
    const none = await fetch(`${standin.url}/storage/v1/upload/resumable`, { method: 'POST', headers });
    expect(none.status).toBe(403);
    expect(await none.text()).toBe('No API key found in request');
    const anon = await fetch(`${standin.url}/storage/v1/upload/resumable`, { method: 'POST', headers: { ...headers, apikey: standin.config.anonKey } });
    expect(anon.status).toBe(403);
    expect(await anon.text()).toBe('new row violates row-level security policy');
  });

  it('serves public objects with no key at all, as an <img> or <video> asks for them', async () => {
    const answer = await fetch(`${standin.url}/storage/v1/object/public/videos/hero/hero-desktop.mp4`, { headers: { range: 'bytes=0-99' } });
    expect(answer.status).toBe(206);
    expect(answer.headers.get('content-type')).toBe('video/mp4');
  });
});

describe('idle connections', () => {
  it('stay open past Node’s 5 s: a client that keeps its connection sends on it again, not on one being closed', async () => {
    const agent = new Agent({ keepAlive: true });
    const get = () =>
      new Promise<{ reused: boolean; keepAlive: string }>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port: standin.config.port, path: '/_local/health', agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ reused: req.reusedSocket, keepAlive: String(res.headers['keep-alive']) }));
        });
        req.on('error', reject);
        req.end();
      });
    try {
      expect(await get()).toEqual({ reused: false, keepAlive: 'timeout=65' });
      // Past Node's default (5 s, and the second it waits beyond what it announces).
      await new Promise((resolve) => setTimeout(resolve, 6_500));
      expect(await get(), 'the same connection, still open').toMatchObject({ reused: true });
    } finally {
      agent.destroy();
    }
  }, 15_000);
});
