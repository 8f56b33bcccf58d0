/**
 * The floating prompt's watcher, framework-free: IntersectionObserver over the sections with a
 * prompt, the pure scheduler (src/features/prompt/scheduler.ts) and one timer. It lights the red
 * dot, and writes on its container whether the card is open and which section it shows
 * (src/features/prompt/contract.ts); the card island inside hydrates on the first opening and
 * reads them there. When the card closes itself it writes `data-open="false"`, which this follows.
 */
import { wakeIsland } from '~/lib/wake-island';
import type { PromptHostData } from './contract';
import { PROMPT_THRESHOLDS, PROMPT_VISIBLE_RATIO, initialPromptState, nextDueAt, promptReducer, visibleShare, type PromptEvent } from './scheduler';

/** The round button stays hidden while more than this share of the hero is on screen. */
const HERO_HIDES_RATIO = 0.6;
/**
 * On <html> while the round button shows: the page keeps room for it at the foot (global.css). An
 * attribute, not `html:has(...:not([hidden]))`: that rule made every `hidden` change anywhere on
 * the page restyle the whole document.
 */
export const PROMPT_SHOWN_ATTRIBUTE = 'data-floating-prompt-shown';

export function watchFloatingPrompt(root: Document): void {
  const toggle = root.querySelector<HTMLButtonElement>('[data-prompt-toggle]');
  const container = toggle?.closest<HTMLElement>('[data-floating-prompt]');
  if (!toggle || !container) return;
  const dot = toggle.querySelector<HTMLElement>('[data-prompt-dot]');
  const sections = JSON.parse(toggle.dataset.sections ?? '[]') as string[];
  let state = initialPromptState();
  let timer = 0;
  const host = container.dataset as PromptHostData;

  // Hidden while the hero fills the screen, but never while it holds the keyboard focus (a
  // visitor who closed the card with Escape is back on the round button, which must stay).
  const hero = root.querySelector('[data-hero]');
  let heroInView = hero !== null; // until the observer has measured it
  const show = (shown: boolean) => {
    container.hidden = !shown;
    root.documentElement.toggleAttribute(PROMPT_SHOWN_ATTRIBUTE, shown);
  };
  const applyVisibility = (focused: Element | null = root.activeElement) => {
    show(!(heroInView && !state.open && !(focused && container.contains(focused))));
  };

  const render = () => {
    if (dot) dot.hidden = !state.dot;
    applyVisibility();
    // Which sections are being timed (for tests and debugging; nothing reads it).
    toggle.dataset.watching = Object.keys(state.visibleSince).join(' ');
    toggle.setAttribute('aria-expanded', String(state.open));
    const label = state.dot && !state.open ? toggle.dataset.labelNew : toggle.dataset.label;
    if (label) toggle.setAttribute('aria-label', label);
    host.open = state.open ? 'true' : 'false';
    host.section = state.current ?? '';
  };

  const schedule = () => {
    window.clearTimeout(timer);
    const due = nextDueAt(state);
    if (due === null) return;
    timer = window.setTimeout(() => dispatch({ type: 'tick', at: Date.now() }), Math.max(0, due - Date.now()));
  };

  const dispatch = (event: PromptEvent) => {
    const next = promptReducer(state, event);
    if (next === state) return;
    state = next;
    render();
    schedule();
  };

  // The card closed itself.
  new MutationObserver(() => {
    if (host.open === 'false' && state.open) dispatch({ type: 'close' });
  }).observe(container, { attributes: true, attributeFilter: ['data-open'] });

  toggle.addEventListener('pointerover', () => wakeIsland(container), { once: true, passive: true });
  toggle.addEventListener('click', () => {
    dispatch({ type: state.open ? 'close' : 'open' });
    wakeIsland(container);
  });

  if (!('IntersectionObserver' in window)) {
    heroInView = false;
    show(true);
    return;
  }

  // Shown once the hero no longer fills most of the screen (at once on pages without one).
  if (hero) {
    new IntersectionObserver(
      (entries) => {
        // The latest: a late callback also brings the hero's older entries (on screen, then scrolled past).
        const entry = entries.at(-1);
        heroInView = !!entry && entry.isIntersecting && entry.intersectionRatio > HERO_HIDES_RATIO;
        applyVisibility();
      },
      { threshold: [0, HERO_HIDES_RATIO, 1] },
    ).observe(hero);
    container.addEventListener('focusout', (event) => applyVisibility(event.relatedTarget as Element | null));
  } else {
    show(true);
  }

  // Only changes count: a section skipped while the card was open is timed again only after it
  // has left the screen and come back.
  const shown = new Map<string, boolean>();
  const observer = new IntersectionObserver(
    (entries) => {
      const now = Date.now();
      for (const entry of entries) {
        const section = entry.target.id;
        const share = visibleShare({
          intersectionRatio: entry.intersectionRatio,
          intersectionHeight: entry.intersectionRect.height,
          viewportHeight: entry.rootBounds?.height ?? window.innerHeight,
        });
        const visible = entry.isIntersecting && share > PROMPT_VISIBLE_RATIO;
        if (shown.get(section) === visible) continue;
        shown.set(section, visible);
        dispatch(visible ? { type: 'visible', section, at: now } : { type: 'hidden', section });
      }
    },
    { threshold: [...PROMPT_THRESHOLDS] },
  );
  for (const id of sections) {
    const section = root.getElementById(id);
    if (section) observer.observe(section);
  }
}
