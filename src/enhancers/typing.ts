/**
 * The About heading's typing animation (the sequence is src/lib/typing.ts). It runs only while
 * the heading is more than half visible and pauses where it was otherwise. Screen readers read
 * the full sentence from a visually hidden copy (the animated text is aria-hidden); with
 * reduced motion the static list of words stays.
 */
import { TYPING_TIMINGS, TYPING_VISIBLE_RATIO, initialTypingState, typingStep, type TypingTimings } from '~/lib/typing';

export function startTyping(root: Document, timings: TypingTimings = TYPING_TIMINGS): void {
  const target = root.querySelector<HTMLElement>('[data-typing]');
  const heading = target?.closest<HTMLElement>('[data-typing-heading]') ?? target;
  if (!target || !heading) return;
  const words = JSON.parse(target.dataset.typingWords ?? '[]') as string[];
  if (words.length === 0) return;
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  if (!('IntersectionObserver' in window)) return;

  let state = initialTypingState();
  let timer = 0;
  let running = false;
  // The wait before the next step; kept when the heading leaves the screen, so it resumes there.
  let pendingMs = timings.pauseMs;

  // From the static list to the first word, typed; the heading is usually off screen here.
  target.textContent = words[0] ?? '';
  state = { word: 0, length: (words[0] ?? '').length, phase: 'deleting' };
  target.setAttribute('data-typing-active', '');

  const step = () => {
    const next = typingStep(state, words, timings);
    state = next.state;
    target.textContent = next.text;
    pendingMs = next.delayMs;
    timer = window.setTimeout(step, pendingMs);
  };

  const observer = new IntersectionObserver(
    (entries) => {
      // The latest: one callback can bring several entries of the heading (scrolled past quickly,
      // or a busy page), oldest first; the first would leave it running off screen.
      const entry = entries.at(-1);
      const visible = !!entry && entry.isIntersecting && entry.intersectionRatio > TYPING_VISIBLE_RATIO;
      if (visible && !running) {
        running = true;
        target.setAttribute('data-typing-running', '');
        // At first the whole first word is shown, so it gets a full pause before the cycle goes on.
        timer = window.setTimeout(step, pendingMs);
      } else if (!visible && running) {
        running = false;
        target.removeAttribute('data-typing-running');
        window.clearTimeout(timer);
      }
    },
    { threshold: [0, TYPING_VISIBLE_RATIO, 0.51, 1] },
  );
  observer.observe(heading);
}
