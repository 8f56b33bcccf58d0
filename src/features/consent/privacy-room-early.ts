/**
 * Inlined right after the privacy choices panel on the pages that never ask (not indexed: /auth,
 * the 404 page; src/layouts/SiteLayout.astro): keeps room for it at the foot while it shows, once
 * opened from the footer's link. Pages that ask run ./privacy-choices-early.ts instead.
 */
import { PRIVACY_CHOICES_ID } from './page-consent';
import { keepRoomForPanel } from './privacy-panel';

const panel = document.getElementById(PRIVACY_CHOICES_ID);
if (panel) keepRoomForPanel(panel, document);
