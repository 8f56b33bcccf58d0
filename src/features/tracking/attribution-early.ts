/**
 * Inlined in the <head> of every indexed page (src/features/tracking/Tracking.astro). Recording the
 * visit takes two synchronous calls into the browser, cookies then session storage, each a pause
 * on a phone, so each runs in an idle moment of its own after `load`; when the visitor leaves or
 * hides the page before that, what is left runs at once: an ad visit's parameters are kept even if
 * the visitor follows a link at once.
 */
import { FINISH_ATTRIBUTION_EVENT, type AttributionRecord } from './attribution';
import { afterLoadWhenIdle, whenIdle } from '../../lib/idle';
import { readVisit, storeVisit } from './attribution-cookies';

const IDLE = { timeoutMs: 2000, fallbackMs: 0 };
let visit: AttributionRecord | null = null;
let done = false;

/** Runs the next step; true once the visit is recorded (or recording it failed). */
function nextStep(): boolean {
  if (done) return true;
  try {
    if (!visit) {
      visit = readVisit();
      return false;
    }
    storeVisit(visit);
  } catch (error) {
    console.error('tracking: attribution failed', error);
  }
  done = true;
  return true;
}

function stepWhenIdle(): void {
  if (!nextStep()) whenIdle(window, stepWhenIdle, IDLE);
}

function finishNow(): void {
  while (!nextStep());
}

afterLoadWhenIdle(document, window, stepWhenIdle, IDLE);
addEventListener('pagehide', finishNow, { once: true });
addEventListener(FINISH_ATTRIBUTION_EVENT, finishNow);
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') finishNow();
});
