/**
 * Where the site runs on a developer's machine: `npm run dev` (astro.config.mjs) and, by default,
 * `npm run preview`; the local stand-in sends confirmation links back to it and the tools and tests
 * that post as the site's own page use it as their Origin. Plain Node imports this too.
 */
export const DEV_HOST = '127.0.0.1';
export const DEV_PORT = 4321;
export const DEV_ORIGIN = `http://${DEV_HOST}:${DEV_PORT}`;
