/**
 * A third-party embed loading inside a dialog island (the booking widget, a guide's opt-in form),
 * by the rule of src/lib/embed-load.ts: the platform's script is added once and reused
 * (src/lib/embed-script.ts), the visitor waits at most EMBED_WAIT_MS for it (counted from the
 * dialog's opening) and then for the iframe, and going offline fails the attempt. `retry` starts a new attempt, which adds a script
 * that failed or was given up again (one still loading is waited for, not requested twice).
 *
 * `box` is the element around the embed (focusable with tabIndex -1): focus goes there when the
 * control holding it goes away, Try again (the fallback makes way for the spinner) or a late
 * arrival (the fallback makes way for the form), so focus stays in the dialog.
 */
import { type RefObject, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { EMBED_WAIT_MS, type EmbedStatus, type FrameOrder, IDLE_EMBED, awaited, embedReducer, frameShown, remainingWait } from '~/lib/embed-load';
import { loadScriptOnce } from '~/lib/embed-script';

/** The embed's iframe: shown once ready, invisible while loading, out of the way (still loading) behind the fallback. */
export const EMBED_FRAME_CLASS: Record<EmbedStatus, string> = { idle: 'opacity-0', loading: 'opacity-0', ready: '', failed: 'hidden' };

interface Options {
  /** What the dialog shows (a form id, the widget); null while it shows nothing. A new value is a new attempt. */
  target: string | null;
  scriptSrc: string;
  order: FrameOrder;
  /** Names the embed in the warning logged when its script does not load. */
  label: string;
  box: RefObject<HTMLElement | null>;
  /** performance.now() when the dialog opened (its `data-opened-at`), or null: the first wait counts from there. */
  openedAt: number | null;
}

export function useEmbedLoad({ target, scriptSrc, order, label, box, openedAt }: Options) {
  const [state, dispatch] = useReducer(embedReducer, IDLE_EMBED);
  const [attempt, setAttempt] = useState(0);
  // The first wait of an opening has what is left since the tap; a new target is a new opening.
  const firstWait = useRef(true);
  useEffect(() => {
    firstWait.current = true;
  }, [target]);

  useEffect(() => {
    if (target === null) {
      dispatch('reset');
      return;
    }
    dispatch('start');
    if (navigator.onLine === false) {
      dispatch('offline');
      return;
    }
    let current = true;
    loadScriptOnce(document, scriptSrc).then(
      () => current && dispatch('script-loaded'),
      (error: unknown) => {
        console.warn(`${label}: the embed script did not load`, error);
        if (current) dispatch('script-failed');
      },
    );
    const offline = () => dispatch('offline');
    window.addEventListener('offline', offline);
    return () => {
      current = false;
      window.removeEventListener('offline', offline);
    };
  }, [target, attempt, scriptSrc, label]);

  const waitingFor = awaited(state, order);
  useEffect(() => {
    if (!waitingFor) return;
    const wait = firstWait.current ? remainingWait(openedAt, performance.now()) : EMBED_WAIT_MS;
    firstWait.current = false;
    if (wait === 0) {
      // The visitor has already waited the whole time (the island hydrated late): no timer to wait for.
      dispatch('timed-out');
      return;
    }
    const timer = window.setTimeout(() => dispatch('timed-out'), wait);
    return () => window.clearTimeout(timer);
  }, [waitingFor, target, attempt, openedAt]);

  useEffect(() => {
    if (state.status === 'ready' && document.activeElement === document.body) box.current?.focus();
  }, [state.status, box]);

  const retry = useCallback(() => {
    box.current?.focus();
    setAttempt((n) => n + 1);
  }, [box]);
  const onFrameLoad = useCallback(() => dispatch('frame-loaded'), []);
  return { status: state.status, showFrame: frameShown(state, order), attempt, retry, onFrameLoad };
}
