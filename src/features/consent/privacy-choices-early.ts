/**
 * Before the first paint, on the pages that ask (indexed pages, which measure ads; inlined right
 * after the panel by src/features/tracking/measured-page-early.ts): keeps room for the privacy
 * choices panel at the foot while it shows and, on a first visit under the opt-in policy, shows it.
 * Shown by the page script at DOMContentLoaded, the panel and the room it takes came a frame after
 * the page's first: on a slow phone a task after load (the observer's measure, then the whole page
 * painted again with its new foot).
 */
import { PRIVACY_CHOICES_ID, readConsent } from './page-consent';
import { keepRoomForPanel, showPanel } from './privacy-panel';

const panel = document.getElementById(PRIVACY_CHOICES_ID);
if (panel) {
  keepRoomForPanel(panel, document);
  const state = readConsent(document);
  if (state.ask && panel.hasAttribute('data-ask')) showPanel(panel, state);
}
