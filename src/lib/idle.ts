/**
 * Work that must not compete with the first screen runs at the browser's next idle moment (at the
 * latest after `timeoutMs`) or, where there are no idle callbacks (Safari), after `fallbackMs`.
 */
export interface IdleTiming {
  timeoutMs: number;
  fallbackMs: number;
}

export function whenIdle(win: Window, run: () => void, { timeoutMs, fallbackMs }: IdleTiming): void {
  if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(() => run(), { timeout: timeoutMs });
  else win.setTimeout(run, fallbackMs);
}

/** As `whenIdle`, once the page has loaded (after the `load` event; at once if it has fired). */
export function afterLoadWhenIdle(doc: Document, win: Window, run: () => void, timing: IdleTiming): void {
  const idle = () => whenIdle(win, run, timing);
  if (doc.readyState === 'complete') idle();
  else win.addEventListener('load', idle, { once: true });
}
