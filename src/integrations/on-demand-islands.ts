/**
 * `client:on-demand="<name>"`: an island that hydrates only when a page script asks for it (first
 * use, or intent just before it), so pages load no React until the visitor interacts. The
 * directive's browser side is src/islands/on-demand.ts.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export function onDemandIslands(): AstroIntegration {
  return {
    name: 'on-demand-islands',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'on-demand', entrypoint: fileURLToPath(new URL('../islands/on-demand.ts', import.meta.url)) });
      },
    },
  };
}
