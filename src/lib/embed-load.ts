/**
 * Third-party embeds in the site's dialogs (the booking widget, the guides' opt-in forms): one rule
 * for how long a visitor waits and when the dialog offers another way forward instead.
 *
 * An embed is its platform's script plus its iframe. It is ready when both have loaded. It has
 * failed (the dialog shows its fallback) when the script fails, when the browser is offline, or
 * when the visitor has waited EMBED_WAIT_MS for the script, then EMBED_WAIT_MS for the iframe.
 * A wait that ran out is not the end: what was loading goes on loading, and if it arrives the
 * embed becomes ready after all (a slow connection gets the fallback at once, then the form).
 * A script still loading after EMBED_GIVE_UP_MS is given up (src/lib/embed-script.ts), so Try
 * again adds it anew.
 */

/** How long a visitor waits for an embed's script, then for its iframe, before the fallback shows. */
export const EMBED_WAIT_MS = 3_000;
/** How long a script may keep loading in the background before it is given up and forgotten. */
export const EMBED_GIVE_UP_MS = 15_000;

/**
 * When the iframe is added: with the script (the booking widget loads in parallel), or once the
 * script has loaded (the lead platform's script sets up the form frames it finds).
 */
export type FrameOrder = 'with-script' | 'after-script';

export type EmbedStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface EmbedLoad {
  status: EmbedStatus;
  script: boolean;
  frame: boolean;
  /** Failed because the wait ran out: what was loading may still arrive. */
  late: boolean;
}

export type EmbedEvent = 'reset' | 'start' | 'script-loaded' | 'frame-loaded' | 'script-failed' | 'timed-out' | 'offline';

export const IDLE_EMBED: EmbedLoad = { status: 'idle', script: false, frame: false, late: false };

export function embedReducer(state: EmbedLoad, event: EmbedEvent): EmbedLoad {
  if (event === 'reset') return IDLE_EMBED;
  if (event === 'start') return { status: 'loading', script: false, frame: false, late: false };
  // Only an attempt under way, or one whose wait ran out, still takes news.
  if (state.status !== 'loading' && !(state.status === 'failed' && state.late)) return state;
  if (event === 'script-failed' || event === 'offline') return { ...state, status: 'failed', late: false };
  if (event === 'timed-out') return state.status === 'loading' ? { ...state, status: 'failed', late: true } : state;
  const next = { ...state, [event === 'script-loaded' ? 'script' : 'frame']: true };
  return next.script && next.frame ? { ...next, status: 'ready', late: false } : next;
}

/**
 * Whether the iframe is in the page: while it may still load (per `order`) and once ready. Behind
 * the fallback of a wait that ran out it stays, hidden, so that it can still arrive.
 */
export function frameShown(state: EmbedLoad, order: FrameOrder): boolean {
  if (state.status === 'ready') return true;
  if (state.status !== 'loading' && !(state.status === 'failed' && state.late)) return false;
  return order === 'with-script' || state.script;
}

/**
 * What the visitor is waiting for, or null: the wait timer restarts when this changes (from the
 * script to the iframe, when the iframe is added after the script).
 */
export function awaited(state: EmbedLoad, order: FrameOrder): 'script' | 'frame' | null {
  if (state.status !== 'loading') return null;
  return frameShown(state, order) ? 'frame' : 'script';
}

/**
 * How long the first wait of an opening still has: the visitor has waited since the dialog opened
 * (`openedAt`, performance.now() of the tap, before the island hydrated), not since the island
 * started. Later waits (the frame, Try again) get the whole EMBED_WAIT_MS.
 */
export function remainingWait(openedAt: number | null, now: number): number {
  if (openedAt === null || !Number.isFinite(openedAt)) return EMBED_WAIT_MS;
  return Math.max(0, Math.min(EMBED_WAIT_MS, EMBED_WAIT_MS - (now - openedAt)));
}
