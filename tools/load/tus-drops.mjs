#!/usr/bin/env node
/**
 * A resumable upload (tus-js-client in Node, as the admin) to the local stand-in's storage
 * through a TCP proxy that cuts the connection 20 times in the middle of the upload. The
 * object stored must be byte-identical to the file (SHA-256).
 *
 *   npm run load:tus [-- --drops 20 --megabytes 8]     LOAD_PORT (default 4760): uses +3 and +4
 */
import { createHash, randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { DefaultHttpStack, Upload } from 'tus-js-client';
import { signIn, startKeyedStandin } from '../fuzz/servers.mjs';
import { startTcpProxy } from './tcp-proxy.mjs';

const { values } = parseArgs({ options: { drops: { type: 'string', default: '20' }, megabytes: { type: 'string', default: '8' } } });
const drops = Number(values.drops);
const base = Number(process.env.LOAD_PORT ?? 4760);
const { standin, anonKey: key } = await startKeyedStandin(base + 4);
const proxy = await startTcpProxy({ port: base + 3, targetPort: base + 4 });
const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

try {
  const admin = await signIn(standin.url, key, 'admin@example.com', 'admin-password');
  const file = randomBytes(Number(values.megabytes) * 1024 * 1024);
  const objectName = `load/tus-${Date.now()}.mp4`;

  // Every request goes through the proxy, including those to the upload URL the server returns.
  const direct = new DefaultHttpStack();
  const httpStack = {
    createRequest: (method, url) => direct.createRequest(method, url.replace(standin.url, proxy.url)),
    getName: () => 'through-the-proxy',
  };
  // Cut a connection once it has carried a random 48–256 KB of upload data, 20 times.
  const cutAt = new WeakMap();
  proxy.dropWhen = (connection) => {
    if (proxy.stats.dropped >= drops) return false;
    if (!cutAt.has(connection)) cutAt.set(connection, (48 + Math.floor(Math.random() * 208)) * 1024);
    return connection.bytesUp > cutAt.get(connection);
  };

  let retries = 0;
  const started = Date.now();
  await new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: `${standin.url}/storage/v1/upload/resumable`,
      httpStack,
      chunkSize: 1024 * 1024,
      retryDelays: Array.from({ length: drops * 3 }, () => 100),
      uploadDataDuringCreation: true,
      headers: { authorization: `Bearer ${admin.token}`, apikey: key, 'x-upsert': 'true' },
      metadata: { bucketName: 'videos', objectName, contentType: 'video/mp4', cacheControl: '3600' },
      onShouldRetry: () => {
        retries += 1;
        return true;
      },
      onError: reject,
      onSuccess: resolve,
    });
    upload.start();
  });
  const seconds = (Date.now() - started) / 1000;

  const stored = Buffer.from(await (await fetch(`${standin.url}/storage/v1/object/public/videos/${objectName}`)).arrayBuffer());
  const same = stored.equals(file);
  console.log(`upload:       ${values.megabytes} MB (tus-js-client, 1 MB chunks) to ${objectName}, through a TCP proxy`);
  console.log(`connections:  ${proxy.stats.connections}, cut mid-transfer: ${proxy.stats.dropped}, client retries: ${retries}`);
  console.log(`bytes sent:   ${(proxy.stats.bytesUp / 1024 / 1024).toFixed(2)} MB through the proxy (file ${values.megabytes} MB)`);
  console.log(`file:         sha256 ${sha256(file)}`);
  console.log(`stored:       sha256 ${sha256(stored)} (${stored.length} bytes)`);
  console.log(`result:       ${same ? 'byte-identical' : 'DIFFERENT'} in ${seconds.toFixed(1)} s`);
  process.exitCode = same && proxy.stats.dropped === drops ? 0 : 1;
} finally {
  await proxy.close();
  await standin.stop();
}
