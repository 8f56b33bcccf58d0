/** The local stand-in of the scheduling host's embed script: the test scheduler needs none, but the dialog loads one as it does the real. */
import type { APIRoute } from 'astro';

export const GET: APIRoute = () =>
  new Response("// Local stand-in of the scheduling host's embed script (npm run dev): the test scheduler needs nothing from it.\n", {
    headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' },
  });
