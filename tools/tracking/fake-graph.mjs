/**
 * A fake Meta Graph API on 127.0.0.1 for tests and scripts: records every request to
 * `POST /{version}/{pixel}/events`, and fails on demand (status codes, connection resets,
 * or a random share of requests).
 *
 *   const graph = await startFakeGraph({ port: 0 });
 *   graph.failNext(500, 'reset');       // the next two requests fail
 *   graph.setFailureRate(0.3);          // 30 % fail at random (5xx or reset)
 *   graph.setMode('down');              // every request 503 until setMode('up')
 *   graph.setMode('token');             // every request refused: code 190, the token expired
 *   graph.setDelay(5000);               // answers after 5 s (slow)
 *   graph.accepted                      // events answered 200, in order
 */
import http from 'node:http';

export async function startFakeGraph({ port = 0, host = '127.0.0.1', random = Math.random } = {}) {
  /** Every request as received: { method, path, query, body, outcome } */
  const requests = [];
  /** Events the fake accepted (answered 200): { event, testEventCode, path } */
  const accepted = [];
  const queue = [];
  let failureRate = 0;
  /** up | down (503) | token (400, code 190) */
  let mode = 'up';
  let delayMs = 0;

  const pickFailure = () => {
    if (queue.length > 0) return queue.shift();
    if (mode === 'down') return 503;
    if (mode === 'token') return 'token';
    if (failureRate > 0 && random() < failureRate) return random() < 0.5 ? 503 : 'reset';
    return null;
  };

  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => setTimeout(answer, delayMs));
    const answer = () => {
      const url = new URL(req.url ?? '/', `http://${host}`);
      const text = Buffer.concat(chunks).toString('utf8');
      let body = null;
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
      const entry = { method: req.method, path: url.pathname, query: Object.fromEntries(url.searchParams), body, outcome: 200 };
      requests.push(entry);
      const failure = pickFailure();
      if (failure === 'reset') {
        entry.outcome = 'reset';
        req.socket.destroy();
        return;
      }
      const json = (status, value, headers = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(value));
      };
      const trace = `trace${requests.length}`;
      if (failure === 'token') {
        entry.outcome = 400;
        return json(400, {
          error: { message: 'Error validating access token: Session has expired.', type: 'OAuthException', code: 190, error_subcode: 463, fbtrace_id: trace },
        });
      }
      if (typeof failure === 'number') {
        entry.outcome = failure;
        const kind = failure >= 500 ? 'OAuthException' : 'GraphMethodException';
        return json(failure, { error: { message: `fake failure ${failure}`, type: kind, code: failure === 400 ? 100 : 1, fbtrace_id: trace } });
      }
      if (req.method !== 'POST' || !/^\/v\d+\.\d+\/\d+\/events$/.test(url.pathname) || !Array.isArray(body?.data)) {
        entry.outcome = 400;
        return json(400, { error: { message: 'Invalid parameter', type: 'OAuthException', code: 100, fbtrace_id: trace } });
      }
      for (const event of body.data) accepted.push({ event, testEventCode: body.test_event_code ?? null, path: url.pathname });
      json(200, { events_received: body.data.length, messages: [], fbtrace_id: trace });
    };
  });
  server.keepAliveTimeout = 1000;
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    requests,
    accepted,
    /** Queue outcomes for the next requests: a status code or 'reset'. */
    failNext: (...outcomes) => queue.push(...outcomes),
    setFailureRate: (rate) => {
      failureRate = rate;
    },
    setMode: (next) => {
      mode = next;
    },
    setDelay: (ms) => {
      delayMs = ms;
    },
    reset: () => {
      requests.length = 0;
      accepted.length = 0;
      queue.length = 0;
      failureRate = 0;
      mode = 'up';
      delayMs = 0;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
