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

/** Set on <html> once every `afterFirstPaint` task of the page has run (a readiness signal for tests). */
export const ENHANCED_ATTRIBUTE = 'data-enhanced';
let pendingAfterPaint = 0;

/**
 * Runs `run` in a task of its own once the next frame has been drawn. Module scripts run before
 * the first paint when the whole page arrives at once; DOM work that no tap depends on (typing,
 * videos, observers, the month of a badge, tracking) waits here, so it does not hold the first
 * paint back. Click listeners are added at once, never here.
 */
export function afterFirstPaint(run: () => void, win: Window = window): void {
  pendingAfterPaint += 1;
  // The task after the frame.
  win.requestAnimationFrame(() =>
    inNextTask(() => {
      try {
        run();
      } finally {
        pendingAfterPaint -= 1;
        if (pendingAfterPaint === 0) win.document.documentElement.setAttribute(ENHANCED_ATTRIBUTE, '');
      }
    }),
  );
}

/** Runs `run` in a new task: a message to itself (a timer would be clamped or throttled). */
function inNextTask(run: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    run();
  };
  channel.port2.postMessage(null);
}

type YieldingScheduler = { yield?: () => Promise<void> };

/**
 * Resolves in a task of its own: awaited between synchronous calls into the browser (storage,
 * cookies, a request), it keeps each part a short task on a slow phone instead of one long one.
 * `scheduler.yield()` where the browser has it (the rest keeps its turn ahead of other tasks),
 * else a message to itself.
 */
export function nextTask(win: Window = window): Promise<void> {
  const scheduler = (win as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => inNextTask(resolve));
}
