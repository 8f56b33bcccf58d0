/** What an open content editor tab says to `npm run dev`'s server (./index.ts): leave me out of the reload a content change makes. */
export const SPARE_FROM_CONTENT_RELOAD = 'site:spare-from-content-reload';
