/**
 * The preview's front door (tools/preview-front.mjs) over real sockets: it passes answers
 * through unchanged and holds requests while the server behind it is down.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startFront } from '../../tools/preview-front.mjs';

const open: http.Server[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

function listen(server: http.Server, port = 0): Promise<number> {
  open.push(server);
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

async function freePort(): Promise<number> {
  const probe = http.createServer();
  const port = await new Promise<number>((resolve) => probe.listen(0, '127.0.0.1', () => resolve((probe.address() as AddressInfo).port)));
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A server that echoes method, path and body, and sets two cookies. */
const echo = () =>
  http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      res.setHeader('Set-Cookie', ['a=1', 'b=2']);
      res.setHeader('X-Host', req.headers.host ?? '');
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ method: req.method, path: req.url, body }));
    });
  });

async function startFrontOn(upstreamPort: number, waitMs = 5000): Promise<number> {
  const port = await freePort();
  open.push(await startFront({ port, upstreamPort, waitMs }));
  return port;
}

describe('preview front', () => {
  it('passes status, headers (both cookies, the original host) and body through', async () => {
    const upstream = await listen(echo());
    const port = await startFrontOn(upstream);
    const response = await fetch(`http://127.0.0.1:${port}/api/x?y=1`, { method: 'POST', body: 'hello' });
    expect(response.status).toBe(201);
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(response.headers.get('x-host')).toBe(`127.0.0.1:${port}`);
    expect(await response.json()).toEqual({ method: 'POST', path: '/api/x?y=1', body: 'hello' });
  });

  it('holds a request while nothing listens behind it, and sends it once the server is back', async () => {
    const upstreamPort = await freePort();
    const port = await startFrontOn(upstreamPort);
    const pending = fetch(`http://127.0.0.1:${port}/later`, { method: 'POST', body: 'kept' });
    await new Promise((resolve) => setTimeout(resolve, 600));
    await listen(echo(), upstreamPort);
    const response = await pending;
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ method: 'POST', path: '/later', body: 'kept' });
  });

  it('answers 502 naming the cause when the server stays away', async () => {
    const port = await startFrontOn(await freePort(), 300);
    const response = await fetch(`http://127.0.0.1:${port}/`);
    expect(response.status).toBe(502);
    expect(await response.text()).toMatch(/did not answer \(ECONNREFUSED\)/);
  });

  it('sends a GET again when the connection drops before an answer', async () => {
    let calls = 0;
    const flaky = http.createServer((req, res) => {
      calls += 1;
      if (calls === 1) req.socket.destroy();
      else res.end('second time');
    });
    const port = await startFrontOn(await listen(flaky));
    const response = await fetch(`http://127.0.0.1:${port}/page`);
    expect(await response.text()).toBe('second time');
    expect(calls).toBe(2);
  });

  it('does not send a POST again once it may have been received', async () => {
    let calls = 0;
    const flaky = http.createServer((req) => {
      calls += 1;
      req.socket.destroy();
    });
    const port = await startFrontOn(await listen(flaky));
    const response = await fetch(`http://127.0.0.1:${port}/api/track`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(502);
    expect(calls).toBe(1);
  });
});
