// @ts-check
import { fileURLToPath } from 'node:url';
import { defineConfig, fontProviders } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwind from '@astrojs/tailwind';
import { devContentReload } from './src/integrations/dev-content-reload/index';
import { devFunctions } from './src/integrations/dev-functions';
import { headers } from './src/integrations/headers';
import { ISLAND_PACKAGES } from './src/integrations/island-packages';
import { localLeadForm } from './src/integrations/local-lead-form';
import { localScheduler } from './src/integrations/local-scheduler';
import { onDemandIslands } from './src/integrations/on-demand-islands/index';
import { DEV_HOST, DEV_PORT } from './src/lib/dev-origin';
import { readSiteUrl } from './src/lib/site-settings-file';

/** The canonical origin comes from the marketer-edited settings; PUBLIC_SITE_URL overrides it. */
const site = process.env.PUBLIC_SITE_URL || readSiteUrl(fileURLToPath(new URL('.', import.meta.url)));

const privateRoutes = ['/admin', '/auth'];

/**
 * The production build gives Decap CMS (the content editor) a configuration check that compiles no
 * code at run time: the site's Content-Security-Policy forbids it (src/features/content-editor/browser/decap/no-eval-ajv.ts).
 */
const decapWithoutEval = {
  name: 'decap-without-eval',
  apply: /** @type {const} */ ('build'),
  enforce: /** @type {const} */ ('pre'),
  /** @param {string} source @param {string | undefined} importer */
  resolveId(source, importer) {
    if (source === 'ajv' && importer && /[\\/]decap-cms-core[\\/]dist[\\/]/.test(importer))
      return fileURLToPath(new URL('./src/features/content-editor/browser/decap/no-eval-ajv.ts', import.meta.url));
    return null;
  },
};

// The display face is self-hosted (fontsource variable file, Latin subset) with a metric-matched
// fallback, not preloaded, and `optional`: src/enhancers/display-font.ts uses it past the page a
// visitor lands on (not downloaded there), and a face not ready at once is never swapped in late,
// so it never delays or shifts a page. Body text uses the platform's UI font: no download at all.
const fontFiles = './node_modules/@fontsource-variable';

export default defineConfig({
  site,
  output: 'static',
  // HTML's whitespace rules, not JSX's: a line break between text and an inline element is a space
  // (Astro 7's default 'jsx' mode drops it: "Write to me at<a>…" would read "athello@…").
  compressHTML: true,
  // `npm run dev` shows the site as a visitor sees it: the toolbar's invisible hover strip at the
  // foot of the screen took the taps meant for the privacy choices panel's buttons on a phone.
  devToolbar: { enabled: false },
  trailingSlash: 'never',
  // Pages inline their stylesheet (about 6 KB gzip): no render-blocking request before first paint.
  build: { format: 'file', inlineStylesheets: 'always' },
  integrations: [
    onDemandIslands(),
    react(),
    tailwind({ applyBaseStyles: false }),
    sitemap({
      filter: (page) => !privateRoutes.some((route) => new URL(page).pathname.startsWith(route)),
    }),
    headers(),
    devFunctions(),
    devContentReload(),
    localLeadForm(),
    localScheduler(),
  ],
  server: { host: DEV_HOST, port: DEV_PORT },
  fonts: [
    {
      provider: fontProviders.local(),
      name: 'Montserrat',
      cssVariable: '--font-display',
      fallbacks: ['sans-serif'],
      options: {
        variants: [{ src: [`${fontFiles}/montserrat/files/montserrat-latin-wght-normal.woff2`], weight: '100 900', style: 'normal', display: 'optional' }],
      },
    },
  ],
  vite: {
    plugins: [decapWithoutEval],
    // `npm run dev`: the islands' packages are bundled before the first page, never met later with
    // a reload of the page (src/integrations/island-packages.ts).
    optimizeDeps: { include: ISLAND_PACKAGES },
    build: {
      // Images and fonts stay files, never data: URLs in the CSS or a script.
      assetsInlineLimit: 0,
    },
  },
});
