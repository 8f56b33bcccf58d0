import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate when a page script asks on the island's own element (src/lib/wake-island.ts). */
    'client:on-demand'?: boolean;
  }
}
