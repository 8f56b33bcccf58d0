/**
 * GET /api/health: tells that the functions runtime is up. Used by the preview and the
 * end-to-end tests to know the site is served like production (static files + functions).
 */
export const onRequestGet = (): Response =>
  new Response(JSON.stringify({ ok: true }), {
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
