/**
 * Page side of `client:on-demand` (src/integrations/on-demand-islands/client.ts): asks the island
 * that `host` belongs to (an element the island rendered) or holds (its dialog, its container) to
 * hydrate, by marking the island's own `<astro-island>` element. Asking again, or before the
 * directive runs, is harmless.
 */
import { WANTED_ATTRIBUTE } from '~/integrations/on-demand-islands/contract';

export function wakeIsland(host: Element | null | undefined): void {
  const island = host?.closest('astro-island') ?? host?.querySelector('astro-island');
  if (island && !island.hasAttribute(WANTED_ATTRIBUTE)) island.setAttribute(WANTED_ATTRIBUTE, '');
}
