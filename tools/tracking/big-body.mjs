#!/usr/bin/env node
/**
 * A big chunked body against POST /api/track-conversion under `wrangler pages dev`: streams
 * 100 MB (Transfer-Encoding: chunked, no Content-Length) and prints the answer and how much the
 * workerd process's resident memory grew, which shows the endpoint does not buffer the body.
 *
 *   node tools/tracking/big-body.mjs [--mb 100] [--url http://127.0.0.1:8788]
 *
 * Without --url it starts `wrangler pages dev` itself (PORT, default 4740) and finds workerd
 * among its descendants; with --url, pass --pid <workerd pid> to measure memory.
 */
import { readFileSync, readdirSync } from 'node:fs';
import http from 'node:http';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';

/**
 * Posts `bytes` of JSON-ish filler in chunks, without a Content-Length, until the server answers
 * or the body is sent. Resolves { status, body, sentBytes }; a server that answers early and
 * closes the connection is not an error.
 */
export function sendChunked(url, { bytes, chunkSize = 64 * 1024, headers = {} }) {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    let sentBytes = 0;
    let answered = false;
    const request = http.request(target, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } });
    request.on('response', (response) => {
      answered = true;
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString('utf8'), sentBytes });
        request.destroy();
      });
    });
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(chunkSize, 0x20);
    chunk[0] = 0x7b; // '{' first, so it looks like a JSON body
    const pump = () => {
      while (!answered && sentBytes < bytes) {
        const size = Math.min(chunkSize, bytes - sentBytes);
        sentBytes += size;
        if (!request.write(size === chunkSize ? chunk : chunk.subarray(0, size))) return void request.once('drain', pump);
      }
      if (!answered) request.end();
    };
    pump();
  });
}

/** Resident memory of a process in bytes (Linux /proc), or null. */
export function rssBytes(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** The first descendant of `pid` whose command is `name` (Linux /proc), or null. */
export function findDescendant(pid, name) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      children.set(Number(entry), { ppid, comm });
    } catch {
      // gone
    }
  }
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.shift();
    for (const [child, info] of children) {
      if (info.ppid !== parent) continue;
      if (info.comm === name) return child;
      queue.push(child);
    }
  }
  return null;
}

async function main() {
  const { values } = parseArgs({ options: { mb: { type: 'string', default: '100' }, url: { type: 'string' }, pid: { type: 'string' } } });
  const bytes = Number(values.mb) * 1024 * 1024;
  let site = null;
  let base = values.url;
  let pid = values.pid ? Number(values.pid) : null;
  if (!base) {
    const { startPagesDev } = await import('./wrangler-pages.mjs');
    site = await startPagesDev({ port: Number(process.env.PORT ?? 4740) });
    base = site.url;
    pid = findDescendant(site.pid, 'workerd');
  }
  try {
    const headers = { origin: new URL(base).origin };
    // Warm up: the first request compiles and loads the function.
    await fetch(`${base}/api/track-conversion`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{}' });
    const before = pid ? rssBytes(pid) : null;
    let peak = before;
    const sampler = setInterval(() => {
      const now = pid ? rssBytes(pid) : null;
      if (now !== null && (peak === null || now > peak)) peak = now;
    }, 20);
    const started = Date.now();
    const result = await sendChunked(`${base}/api/track-conversion`, { bytes, headers });
    clearInterval(sampler);
    const after = pid ? rssBytes(pid) : null;
    const mb = (value) => (value === null ? 'n/a' : `${(value / 1024 / 1024).toFixed(1)} MB`);
    console.log(`body offered:             ${values.mb} MB chunked`);
    console.log(`answer:                   ${result.status} ${result.body}`);
    console.log(`bytes written before it:  ${(result.sentBytes / 1024 / 1024).toFixed(1)} MB (${Date.now() - started} ms)`);
    console.log(`workerd pid:              ${pid ?? 'not found'}`);
    console.log(`workerd RSS before/peak:  ${mb(before)} / ${mb(peak)}`);
    console.log(`workerd RSS growth:       ${before !== null && peak !== null ? mb(peak - before) : 'n/a'} (after: ${mb(after)})`);
    if (result.status !== 413) process.exitCode = 1;
  } finally {
    await site?.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
