/**
 * The home page's sections' enhancers (run by the home page's script, ./page-scripts/home.ts;
 * each does nothing where its section is missing). The copy-code and screener buttons listen at
 * once, so a tap counts from the moment the page is parsed; the rest (videos, parallax, typing,
 * the floating prompt, whose button stays hidden until then) starts after the first frame. The
 * carousel's strip is started by the same page script.
 */
import { startCommunityVideo } from '~/enhancers/community-video';
import { enhanceCopyCode } from '~/enhancers/copy-code';
import { watchFloatingPrompt } from '~/features/prompt/watcher';
import { startHeroParallax, startHeroVideo } from '~/enhancers/hero-video';
import { scrollToHashAfterLoad } from '~/enhancers/nav';
import { enhanceScreenerTrigger } from '~/features/screener/opener';
import { startTyping } from '~/enhancers/typing';
import { afterFirstPaint } from '~/lib/idle';

export function enhanceHomePage(doc: Document, win: Window = window): void {
  enhanceCopyCode(doc);
  enhanceScreenerTrigger(doc);
  scrollToHashAfterLoad(win);
  afterFirstPaint(() => {
    startHeroVideo(doc, win);
    startHeroParallax(doc, win);
    startTyping(doc);
    startCommunityVideo(doc, win);
    watchFloatingPrompt(doc);
  }, win);
}
