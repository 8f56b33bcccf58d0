/**
 * A fetch that is not lost when the visitor leaves at once: the request runs as a normal
 * fetch while the page is shown, and if the page is hidden or unloaded before it completes,
 * it is handed to the browser as a `keepalive` request (which outlives the page). The
 * conversion carries its event id, so a request sent twice is still counted once.
 *
 * (A keepalive request from the start would do the same, but browsers' devtools protocol
 * never reports such requests as finished, which keeps performance tools waiting forever.)
 */
type LeaveWindow = Pick<Window, 'fetch' | 'addEventListener' | 'removeEventListener'> & {
  document: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
};

export function leaveSafeFetch(win: LeaveWindow): typeof fetch {
  return (input, init = {}) => {
    const controller = new AbortController();
    let handedOff = false;
    const handOff = () => {
      if (handedOff) return;
      handedOff = true;
      controller.abort();
      win.fetch(input, { ...init, keepalive: true }).catch(() => undefined);
    };
    const onVisibility = () => {
      if (win.document.visibilityState === 'hidden') handOff();
    };
    win.addEventListener('pagehide', handOff);
    win.document.addEventListener('visibilitychange', onVisibility);
    const done = () => {
      win.removeEventListener('pagehide', handOff);
      win.document.removeEventListener('visibilitychange', onVisibility);
    };
    return win.fetch(input, { ...init, signal: controller.signal }).finally(done);
  };
}
