/**
 * The packages the islands load in the browser, for Vite's dependency optimiser under `npm run dev`
 * (astro.config.mjs → vite.optimizeDeps.include). Vite bundles them when the dev server starts. A
 * package it meets only later, when an island first hydrates, makes it bundle again and reload the
 * page: an opened dialog, or `npm run check:dev`'s wait for it, is lost. Named here, they are all
 * bundled before the first page. tests/unit/island-packages.test.ts holds the list to what the
 * islands import.
 */
export const ISLAND_PACKAGES = [
  'react',
  'react/jsx-dev-runtime',
  'react-dom/client',
  'nanostores',
  '@nanostores/react',
  'embla-carousel-react',
  'embla-carousel-auto-scroll',
  'sonner',
  '@supabase/supabase-js',
  'tus-js-client',
  // The content editor (/admin/content) and the build's own rules it checks fields with.
  'decap-cms-app',
  'decap-cms-backend-proxy',
  // Decap's own store and actions, where the editor checks a picked picture (the same modules decap-cms-app starts).
  'decap-cms-core/dist/esm/redux',
  'decap-cms-core/dist/esm/actions/entries',
  'decap-cms-core/dist/esm/actions/media',
  'decap-cms-core/dist/esm/actions/mediaLibrary',
  'decap-cms-core/dist/esm/actions/notifications',
  'astro/zod',
  // Astro's own reader of a picture's size, which the editor checks a picked picture with (as the build reads it).
  'astro/assets/utils',
  // Where a rule across a collection's files places its problem (src/lib/content-problems.ts).
  'jsonc-parser',
];
