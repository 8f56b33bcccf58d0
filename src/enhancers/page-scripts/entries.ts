/**
 * Each kind of page's one script: an entry here, bundled with what it imports into one inline
 * module (src/integrations/inline-script.ts) that SiteLayout.astro writes at the end of the body.
 * One bundle per kind, not one for all: a page carries the code of its own sections only, and
 * nothing is shared, so nothing is fetched (several Astro `<script>`s would share a chunk file).
 */
export const PAGE_SCRIPTS = {
  /** Every page but those below. */
  'any-page': 'src/enhancers/page-scripts/any-page.ts',
  home: 'src/enhancers/page-scripts/home.ts',
  'thank-you': 'src/enhancers/page-scripts/thank-you.ts',
} as const;

export type PageScript = keyof typeof PAGE_SCRIPTS;
