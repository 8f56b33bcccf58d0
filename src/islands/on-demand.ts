/**
 * The `client:on-demand="<name>"` directive: the island hydrates only when a script asks for it
 * with requestIsland('<name>') (src/enhancers/islands.ts), i.e. on first use or intent, never on
 * page load. Registered in astro.config.mjs. Astro inlines this in pages that use it.
 */
import type { ClientDirective } from 'astro';

const REQUESTS = '__islandRequests';

const onDemand: ClientDirective = (load, options) => {
  const name = String(options.value);
  let started = false;
  const hydrate = async () => {
    if (started) return;
    started = true;
    const run = await load();
    await run();
  };
  const requests = (window as Window & { [REQUESTS]?: Set<string> })[REQUESTS];
  if (requests?.has(name)) {
    void hydrate();
    return;
  }
  window.addEventListener(`island:${name}`, () => void hydrate(), { once: true });
};

export default onDemand;
