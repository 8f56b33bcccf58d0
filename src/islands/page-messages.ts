/**
 * An island's side of src/enhancers/islands.ts: the messages page scripts sent it, in order,
 * including those sent before it hydrated. The names are that module's; they are repeated here
 * rather than imported, so the page script shares no module with any island (a unit test holds
 * the two sides together).
 */
const ISLAND_MAIL = '__islandMail';

type WithMail = Window & { [ISLAND_MAIL]?: Record<string, unknown[]> };

/**
 * Calls `receive` for every message sent to `name` (queued ones first); returns the unsubscribe
 * function. On the server (an island rendered at build time) there is nothing to receive.
 */
export function onPageMessage<T>(name: string, receive: (message: T) => void, win: Window | undefined = globalThis.window): () => void {
  if (!win) return () => {};
  const take = () => {
    const mail = ((win as WithMail)[ISLAND_MAIL] ??= {});
    const queued = mail[name] ?? [];
    mail[name] = [];
    for (const message of queued) receive(message as T);
  };
  const type = `island-message:${name}`;
  win.addEventListener(type, take);
  take();
  return () => win.removeEventListener(type, take);
}
