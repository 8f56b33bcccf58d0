/**
 * Every enhancer of the home page, in one module: one request instead of one per section
 * (module scripts are fetched at high priority, and each one is a round trip on a phone).
 */
import { whenIdle } from '~/lib/idle';
import { startCommunityVideo } from '~/scripts/community-video';
import { enhanceCopyCode } from '~/scripts/copy-code';
import { watchFloatingPrompt } from '~/scripts/floating-prompt';
import { startHeroParallax, startHeroVideo } from '~/scripts/hero-video';
import { scrollToHashAfterLoad } from '~/scripts/nav';
import { enhanceScreenerTrigger } from '~/scripts/screener-opener';
import { startTyping } from '~/scripts/typing';

export function enhanceHomePage(doc: Document, win: Window = window): void {
  scrollToHashAfterLoad(win);
  startHeroVideo(doc, win);
  // The sections below the hero cannot be used before the first screen is drawn and the visitor
  // scrolls: their enhancers wait for an idle moment (at the latest 500 ms after the page's
  // scripts ran), off the path to the first paint.
  whenIdle(win, () => {
    startHeroParallax(doc, win);
    startTyping(doc);
    startCommunityVideo(doc, win);
    enhanceCopyCode(doc);
    enhanceScreenerTrigger(doc);
    watchFloatingPrompt(doc);
    doc.documentElement.dataset.homeEnhanced = '';
  }, { timeoutMs: 500, fallbackMs: 50 });
}

