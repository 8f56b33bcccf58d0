/**
 * The `client:on-demand` directive: the island hydrates once its own `<astro-island>` element
 * carries WANTED_ATTRIBUTE (set by a page script on first use or intent: src/lib/wake-island.ts),
 * never on page load. An attribute set before this runs (a tap before the directive) counts too.
 * Registered by src/integrations/on-demand-islands/index.ts; Astro inlines it in pages that use it.
 */
import type { ClientDirective } from 'astro';
import { WANTED_ATTRIBUTE } from './contract';

const onDemand: ClientDirective = (load, _options, el) => {
  let started = false;
  const hydrate = async () => {
    if (started) return;
    started = true;
    observer.disconnect();
    const run = await load();
    await run();
  };
  const observer = new MutationObserver(() => {
    if (el.hasAttribute(WANTED_ATTRIBUTE)) void hydrate();
  });
  if (el.hasAttribute(WANTED_ATTRIBUTE)) void hydrate();
  else observer.observe(el, { attributes: true, attributeFilter: [WANTED_ATTRIBUTE] });
};

export default onDemand;
