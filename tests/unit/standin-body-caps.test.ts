// @vitest-environment node
/**
 * The local stand-in's body size caps: a request body too big for its route is refused before
 * any buffering and before the auth check, and the stand-in reads at most about 1 MB of it.
 */
import { type IncomingMessage, type ServerResponse, request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Standin } from '../../supabase/local/server.ts';
import { ADMIN, accessTokenOf, signedIn, startTestStandin, tusMetadata } from '../support/standin.ts';

const MB = 1024 * 1024;
let standin: Standin;
beforeAll(async () => {
  standin = await startTestStandin(4828);
}, 90_000);
afterAll(async () => {
  await standin?.close();
}, 30_000);

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** Body bytes the client had handed to its socket when the answer's headers arrived. */
  sentBeforeAnswer: number;
}

/**
 * Sends `total` bytes (64 KB at a time, as fast as the connection takes them) and stops as soon
 * as an answer arrives. `declare` sends Content-Length; without it the body is chunked.
 */
function streamBody(path: string, headers: Record<string, string>, total: number, { method = 'POST', declare = false } = {}): Promise<Answer> {
  const url = new URL(path, standin.url);
  const piece = Buffer.alloc(64 * 1024, 7);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = httpRequest({
      // A connection of its own: the server's count of bytes read on it is this request's.
      agent: false,
      host: url.hostname,
      port: url.port,
      path: `${url.pathname}${url.search}`,
      method,
      headers: { ...headers, ...(declare ? { 'content-length': String(total) } : {}) },
    });
    req.on('response', (res) => {
      answered = true;
      const sentBeforeAnswer = sent;
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('error', reject);
      res.on('end', () => {
        resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(parts).toString(), sentBeforeAnswer });
        req.destroy();
      });
    });
    // Writing into a connection the server closed after answering fails: expected then.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const pump = () => {
      while (!answered && sent < total) {
        const size = Math.min(piece.byteLength, total - sent);
        sent += size;
        if (!req.write(size === piece.byteLength ? piece : piece.subarray(0, size))) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered) req.end();
    };
    pump();
  });
}

interface ServerReads {
  /** Bytes the stand-in's socket had read (request head included) when it wrote the answer's head. */
  atAnswer: number;
  /** ...and when the connection closed (what was drained after the answer, too). */
  atClose: number;
}

/**
 * What the stand-in itself reads for the next request to `path`, from its socket's byte count
 * (the server runs in this process). Call before sending; await after the answer.
 */
function serverReads(path: string): Promise<ServerReads> {
  return new Promise((resolve, reject) => {
    const onRequest = (req: IncomingMessage, res: ServerResponse) => {
      if (!req.url?.startsWith(path)) return;
      standin.server.off('request', onRequest);
      const socket = req.socket;
      let atAnswer = -1;
      const writeHead = res.writeHead;
      res.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
        if (atAnswer < 0) atAnswer = socket.bytesRead;
        return writeHead.apply(this, args);
      } as typeof writeHead;
      socket.once('close', () => (atAnswer < 0 ? reject(new Error(`the stand-in closed ${path} without an answer`)) : resolve({ atAnswer, atClose: socket.bytesRead })));
    };
    standin.server.on('request', onRequest);
  });
}

/** The stand-in's resident memory (it runs in this process) sampled while `work` runs. */
async function peakRssDuring<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, growth: peak - before };
  } finally {
    clearInterval(timer);
  }
}

const anonHeaders = () => ({ apikey: standin.config.anonKey, authorization: `Bearer ${standin.config.anonKey}` });

async function setVideosLimit(bytes: number): Promise<void> {
  await standin.db.query('update storage.buckets set file_size_limit = $1 where id = $2', [bytes, 'videos']);
}

describe('body size caps, before any buffering and before the auth check', () => {
  it('refuses a JSON body declared over 1 MB with 413 before the API key check, unread', async () => {
    const reads = serverReads('/auth/v1/token');
    const answer = await streamBody('/auth/v1/token?grant_type=password', { 'content-type': 'application/json' }, 200 * MB, { declare: true });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toEqual({ message: 'Request size limit exceeded' });
    expect(answer.headers.connection).toBe('close');
    expect(answer.sentBeforeAnswer).toBeLessThan(32 * MB);
    expect((await reads).atAnswer).toBeLessThanOrEqual(MB);
  });

  it('refuses a chunked JSON body with 413 once it passes 1 MB, without reading the rest', async () => {
    const answer = await streamBody('/auth/v1/signup', { ...anonHeaders(), 'content-type': 'application/json' }, 200 * MB);
    expect(answer.status).toBe(413);
    expect(answer.sentBeforeAnswer).toBeLessThan(32 * MB);
  });

  it('answers a 400 MB chunked anonymous upload (403) after reading at most 1 MB; memory stays flat', async () => {
    const reads = serverReads('/storage/v1/object/videos/anon-big.mp4');
    const { result: answer, growth } = await peakRssDuring(() =>
      streamBody('/storage/v1/object/videos/anon-big.mp4', { ...anonHeaders(), 'content-type': 'video/mp4' }, 400 * MB),
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    expect(answer.sentBeforeAnswer).toBeLessThan(32 * MB);
    expect(growth).toBeLessThan(64 * MB);
    const { atAnswer, atClose } = await reads;
    expect(atAnswer).toBeLessThanOrEqual(MB);
    expect(atClose).toBeLessThan(32 * MB);
  });

  it('answers a 400 MB anonymous upload declared by Content-Length (under the bucket limit: 403) after reading at most 1 MB', async () => {
    const reads = serverReads('/storage/v1/object/videos/anon-big.mp4');
    const answer = await streamBody('/storage/v1/object/videos/anon-big.mp4', { ...anonHeaders(), 'content-type': 'video/mp4' }, 400 * MB, { declare: true });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    expect(answer.headers.connection).toBe('close');
    expect(answer.sentBeforeAnswer).toBeLessThan(32 * MB);
    const { atAnswer, atClose } = await reads;
    expect(atAnswer).toBeLessThanOrEqual(MB);
    expect(atClose).toBeLessThan(32 * MB);
  });

  it("refuses an upload declared over the bucket's file_size_limit with 413 before the permission check", async () => {
    await setVideosLimit(MB);
    try {
      const reads = serverReads('/storage/v1/object/videos/anon-big.mp4');
      const answer = await streamBody('/storage/v1/object/videos/anon-big.mp4', { ...anonHeaders(), 'content-type': 'video/mp4' }, 400 * MB, { declare: true });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.text)).toEqual({
        statusCode: '413',
        code: 'EntityTooLarge',
        error: 'Payload too large',
        message: 'The object exceeded the maximum allowed size',
      });
      expect(answer.sentBeforeAnswer).toBeLessThan(32 * MB);
      expect((await reads).atAnswer).toBeLessThanOrEqual(MB);
    } finally {
      await setVideosLimit(2 * 1024 * MB);
    }
  });

  it("stops an admin's chunked upload with 413 once it passes the bucket's limit; memory stays flat", async () => {
    const token = await accessTokenOf(standin, ADMIN);
    await setVideosLimit(MB);
    try {
      const { result: answer, growth } = await peakRssDuring(() =>
        streamBody(
          '/storage/v1/object/videos/tests/too-big.mp4',
          { apikey: standin.config.anonKey, authorization: `Bearer ${token}`, 'content-type': 'video/mp4' },
          400 * MB,
        ),
      );
      expect(answer.status).toBe(413);
      expect(answer.sentBeforeAnswer).toBeLessThan(32 * MB);
      expect(growth).toBeLessThan(64 * MB);
    } finally {
      await setVideosLimit(2 * 1024 * MB);
    }
    // Listing is for admins (an anonymous listing is empty whatever the bucket holds).
    const listed = await (await signedIn(standin, ADMIN.email, ADMIN.password)).storage.from('videos').list('tests');
    expect(listed.error).toBeNull();
    expect(listed.data?.map((entry) => entry.name) ?? []).not.toContain('too-big.mp4');
  });

  it('refuses a tus request over one chunk plus the margin (413) and a 400 MB anonymous creation-with-upload (403) after reading at most 1 MB', async () => {
    const tus = { 'tus-resumable': '1.0.0', 'content-type': 'application/offset+octet-stream' };
    const metadata = tusMetadata({ bucketName: 'videos', objectName: 'tus/anon-big.mp4', contentType: 'video/mp4' });
    const tooBigReads = serverReads('/storage/v1/upload/resumable');
    const tooBig = await streamBody(
      '/storage/v1/upload/resumable',
      { ...anonHeaders(), ...tus, 'upload-length': String(400 * MB), 'upload-metadata': metadata },
      8 * MB,
      {
        declare: true,
      },
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.text).toBe('Maximum size exceeded');
    expect((await tooBigReads).atAnswer).toBeLessThanOrEqual(MB);
    const reads = serverReads('/storage/v1/upload/resumable');
    const { result: anon, growth } = await peakRssDuring(() =>
      streamBody('/storage/v1/upload/resumable', { ...anonHeaders(), ...tus, 'upload-length': String(400 * MB), 'upload-metadata': metadata }, 400 * MB),
    );
    expect(anon.status).toBe(403);
    expect(anon.text).toBe('new row violates row-level security policy');
    expect(anon.sentBeforeAnswer).toBeLessThan(32 * MB);
    expect(growth).toBeLessThan(64 * MB);
    const { atAnswer, atClose } = await reads;
    expect(atAnswer).toBeLessThanOrEqual(MB);
    expect(atClose).toBeLessThan(32 * MB);
  });

  it('still takes bodies under the caps (sign-in, a supabase-js upload)', async () => {
    const supabase = await signedIn(standin, ADMIN.email, ADMIN.password);
    const { error } = await supabase.storage.from('videos').upload('tests/small.mp4', new Blob([new Uint8Array(300 * 1024)], { type: 'video/mp4' }), { upsert: true });
    expect(error).toBeNull();
  });
});
