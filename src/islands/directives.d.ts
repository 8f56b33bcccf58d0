import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate when a script calls requestIsland('<name>') (src/enhancers/islands.ts). */
    'client:on-demand'?: string;
  }
}
