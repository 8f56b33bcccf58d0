/**
 * The preview's front door: a plain HTTP pass-through to wrangler that rides out wrangler's
 * restarts. When wrangler's runtime stops (see tools/preview.mjs) it is started again within
 * seconds; without this, every request in that gap would be refused. A request that finds no
 * server waits and is sent once wrangler answers again; a GET or HEAD whose connection drops
 * before any response is sent again. Status, headers (as received) and body pass unchanged.
 */
import http from 'node:http';

const RETRY_EVERY_MS = 250;
const REPLAYABLE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Errors that mean "no answer was started": the request can be sent again. */
function notAnswered(error, method) {
  if (error.code === 'ECONNREFUSED') return true; // nothing listening: nothing was received
  return REPLAYABLE.has(method) && ['ECONNRESET', 'EPIPE', 'ECONNABORTED'].includes(error.code);
}

/**
 * Starts the front on `port`, forwarding to `upstreamPort` on the same host.
 * `waitMs` is how long a request may wait for the upstream to come back.
 * Resolves with the http.Server once it listens.
 */
export function startFront({ host = '127.0.0.1', port, upstreamPort, waitMs = 60_000 }) {
  const agent = new http.Agent({ keepAlive: true });

  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const giveUpAt = Date.now() + waitMs;

      const attempt = () => {
        const upstream = http.request({ host, port: upstreamPort, method: req.method, path: req.url, headers: req.headers, agent }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
          answer.pipe(res);
          answer.on('error', () => res.destroy());
        });
        upstream.on('error', (error) => {
          if (res.headersSent) return res.destroy();
          if (notAnswered(error, req.method) && Date.now() < giveUpAt && !res.destroyed) {
            setTimeout(attempt, RETRY_EVERY_MS);
            return;
          }
          res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
          res.end(`preview: the server behind port ${port} did not answer (${error.code ?? error.message})\n`);
        });
        upstream.end(body);
      };
      attempt();
    });
  });
  // A client that goes away is normal (navigation, closed tab); it must not stop the front.
  server.on('clientError', (_error, socket) => socket.destroy());

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
