/**
 * `client:on-demand`: an island that hydrates only when a page script asks for it on the island's
 * own element (first use, or intent just before it: src/lib/wake-island.ts), so pages load no
 * React until the visitor interacts. The directive's browser side is ./client.ts.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export function onDemandIslands(): AstroIntegration {
  return {
    name: 'on-demand-islands',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'on-demand', entrypoint: fileURLToPath(new URL('./client.ts', import.meta.url)) });
      },
    },
  };
}
