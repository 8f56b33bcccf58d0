/**
 * The home page's sections' enhancers (part of every page's one script, src/enhancers/site.ts;
 * each does nothing where its section is missing). The copy-code, screener and carousel buttons
 * listen at once, so a tap counts from the moment the page is parsed; the rest (videos, parallax,
 * typing, the floating prompt, whose button stays hidden until then, the carousel's watch for the
 * screen) starts after the first frame.
 */
import { startCommunityVideo } from '~/enhancers/community-video';
import { enhanceCopyCode } from '~/enhancers/copy-code';
import { enhanceCarousel } from '~/features/carousel/strip';
import { watchFloatingPrompt } from '~/features/prompt/watcher';
import { startHeroParallax, startHeroVideo } from '~/enhancers/hero-video';
import { scrollToHashAfterLoad } from '~/enhancers/nav';
import { enhanceScreenerTrigger } from '~/features/screener/opener';
import { startTyping } from '~/enhancers/typing';
import { afterFirstPaint } from '~/lib/idle';

export function enhanceHomePage(doc: Document, win: Window = window): void {
  enhanceCopyCode(doc);
  enhanceScreenerTrigger(doc);
  const carousel = enhanceCarousel(doc, win);
  scrollToHashAfterLoad(win);
  afterFirstPaint(() => {
    startHeroVideo(doc, win);
    startHeroParallax(doc, win);
    startTyping(doc);
    startCommunityVideo(doc, win);
    watchFloatingPrompt(doc);
    carousel?.watch();
  }, win);
}
