/**
 * The control page: a heading and a paragraph, with no stylesheet, script, image or font, served by
 * a plain Node server. Lighthouse reads it in the same rounds as the routes, so its TBT is the floor
 * this machine gives any page at that moment; what a route reads above it is the route's own work.
 */
import http from 'node:http';

export const CONTROL_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Control page</title>' +
  '<meta name="description" content="A minimal page: the floor of this machine\'s Lighthouse figures.">' +
  '<link rel="icon" href="data:,"></head><body><h1>Control page</h1>' +
  '<p>A heading and a paragraph, nothing else to load, lay out or run.</p></body></html>';

/** Starts the server on a free port of 127.0.0.1 and returns the page's URL. */
export async function startControlPage(registerCleanup) {
  const server = http.createServer((req, res) => {
    const found = req.url === '/';
    res.writeHead(found ? 200 : 404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(found ? CONTROL_HTML : 'Not found');
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  registerCleanup(() => new Promise((resolve) => server.close(() => resolve())));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return `http://127.0.0.1:${port}/`;
}
