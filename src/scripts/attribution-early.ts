/**
 * Inlined in the <head> of every indexed page (src/components/site/Tracking.astro). Its cookie and
 * storage reads are synchronous calls into the browser, a long pause on a phone while the page
 * loads, so it records the visit at the first idle moment after `load`, and at once when the
 * visitor leaves or hides the page before that: an ad visit's parameters are kept even if the
 * visitor follows a link at once.
 */
import { afterLoadWhenIdle } from '../lib/idle';
import { captureAttribution } from './attribution';

let captured = false;

function capture(): void {
  if (captured) return;
  captured = true;
  try {
    captureAttribution();
  } catch (error) {
    console.error('tracking: attribution failed', error);
  }
}

afterLoadWhenIdle(document, window, capture, { timeoutMs: 2000, fallbackMs: 0 });
addEventListener('pagehide', capture, { once: true });
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') capture();
});
