/**
 * The home page's sections' enhancers (run by the home page's script, ./page-scripts/home.ts;
 * each does nothing where its section is missing). The copy-code and screener buttons listen at
 * once, so a tap counts from the moment the page is parsed; the rest (videos, parallax, typing,
 * the floating prompt, whose button stays hidden until then, the spots badges' month) starts after
 * the first frame, each in a task of its own. The carousel's strip is started by the same page script.
 */
import { startCommunityVideo } from '~/enhancers/community-video';
import { enhanceCopyCode } from '~/enhancers/copy-code';
import { watchFloatingPrompt } from '~/features/prompt/watcher';
import { startHeroParallax, startHeroVideo } from '~/enhancers/hero-video';
import { scrollToHashAfterLoad } from '~/enhancers/nav';
import { enhanceScreenerTrigger } from '~/features/screener/opener';
import { enhanceSpotsBadges } from '~/enhancers/spots-badge';
import { startTyping } from '~/enhancers/typing';
import { afterFirstPaint } from '~/lib/idle';

export function enhanceHomePage(doc: Document, win: Window = window): void {
  enhanceCopyCode(doc);
  enhanceScreenerTrigger(doc);
  scrollToHashAfterLoad(win);
  // Each in a task of its own: together they held the main thread for over 50 ms on a slow phone.
  const starts = [
    () => startHeroVideo(doc, win),
    () => startHeroParallax(doc, win),
    () => startTyping(doc),
    () => startCommunityVideo(doc, win),
    () => watchFloatingPrompt(doc),
    () => enhanceSpotsBadges(doc),
  ];
  for (const start of starts) afterFirstPaint(start, win);
}
