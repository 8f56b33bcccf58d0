import type { APIRoute } from 'astro';
import { inlineScript } from '~/integrations/inline-script';

/** The community video's poster worker (src/enhancers/poster-frame.worker.ts), bundled at build time. */
export const GET: APIRoute = async () =>
  new Response(await inlineScript('src/enhancers/poster-frame.worker.ts'), { headers: { 'content-type': 'text/javascript; charset=utf-8' } });
