/**
 * How page scripts talk to islands: through `window`, never through a shared module. A module
 * imported by both the page script and an island would become a chunk of its own, and the page
 * script a request before the first paint instead of a script Astro inlines into the page.
 *
 * - `requestIsland(name)` asks a `client:on-demand` island to hydrate (src/islands/on-demand.ts).
 *   The request is remembered, so a directive that runs later still hydrates.
 * - `sendToIsland(name, message)` queues a message for the island; it takes the queue when it
 *   starts listening (src/islands/page-messages.ts), so nothing sent before hydration is lost.
 */
export const ISLAND_REQUESTS = '__islandRequests';
export const ISLAND_MAIL = '__islandMail';
export const islandMessageEvent = (name: string): string => `island-message:${name}`;

type WithIslands = Window & { [ISLAND_REQUESTS]?: Set<string>; [ISLAND_MAIL]?: Record<string, unknown[]> };

export function requestIsland(name: string, win: Window = window): void {
  const w = win as WithIslands;
  const requests = (w[ISLAND_REQUESTS] ??= new Set());
  if (requests.has(name)) return;
  requests.add(name);
  win.dispatchEvent(new Event(`island:${name}`));
}

export function sendToIsland<T>(name: string, message: T, win: Window = window): void {
  const mail = ((win as WithIslands)[ISLAND_MAIL] ??= {});
  (mail[name] ??= []).push(message);
  win.dispatchEvent(new Event(islandMessageEvent(name)));
}
