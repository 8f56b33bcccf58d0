/** The local stand-in's form_embed.js: the test forms need no script, but the dialog loads one as it does the real. */
import type { APIRoute } from 'astro';

export const GET: APIRoute = () =>
  new Response("// Local stand-in of the lead platform's form_embed.js (npm run dev): the test forms need nothing from it.\n", {
    headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' },
  });
