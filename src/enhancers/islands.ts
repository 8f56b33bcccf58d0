/**
 * Asking an on-demand island to hydrate (see src/islands/on-demand.ts, the `client:on-demand`
 * directive). The request is remembered on window, so an island whose directive runs later
 * still hydrates.
 */
export const ISLAND_REQUESTS = '__islandRequests';

type WithRequests = Window & { [ISLAND_REQUESTS]?: Set<string> };

export function requestIsland(name: string, win: Window = window): void {
  const w = win as WithRequests;
  const requests = (w[ISLAND_REQUESTS] ??= new Set());
  if (requests.has(name)) return;
  requests.add(name);
  win.dispatchEvent(new Event(`island:${name}`));
}
