/**
 * The one attribute between a page script and a `client:on-demand` island: set on the island's
 * own `<astro-island>` element, it asks the island to hydrate. Shared by the directive (bundled by
 * Astro on its own) and the page scripts (src/lib/wake-island.ts).
 */
export const WANTED_ATTRIBUTE = 'data-wanted';
