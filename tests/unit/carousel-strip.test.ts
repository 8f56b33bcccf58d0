// @vitest-environment jsdom
/**
 * The carousel's page script (src/features/carousel/strip.ts) with its island's side of the
 * contract: the pause/play button works from the first tap; near the screen the slides are
 * copied and the rows become the script's; a press on a row wakes the island, which starts each
 * row where the script left its track; while they move, the rows' transforms are animated.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trackTransform } from '~/features/carousel/carousel';
import { CAROUSEL_IDS } from '~/features/carousel/ids';
import { enhanceCarousel } from '~/features/carousel/strip';
import { trackOffset } from '~/features/carousel/TestimonialsCarousel';
import { WANTED_ATTRIBUTE } from '~/integrations/on-demand-islands/contract';
import { fakeIntersectionObserver } from '../support/observed';

const row = (name: string, slides: number) =>
  `<div class="overflow-x-auto snap-x" tabindex="0" data-carousel-row="${name}"><ul data-carousel-track>${'<li><figure id="x">slide</figure></li>'.repeat(slides)}</ul></div>`;

const html = `<div id="${CAROUSEL_IDS.root}" data-carousel data-moving="false"><astro-island ssr></astro-island>
  <div data-carousel-rows>${row('transformations', 4)}${row('testimonials', 2)}</div>
  <button id="${CAROUSEL_IDS.toggle}" class="invisible" data-pause-label="Pause carousel" data-play-label="Play carousel"><span data-carousel-label>Pause carousel</span></button></div>`;

let seen: ((entries: { isIntersecting: boolean }[]) => void) | null = null;

// Between tests no frame comes (jsdom's would): what a test left moving, or a timer of its that fires
// later, asks for a frame that never runs, and nothing runs once the test environment is gone.
window.requestAnimationFrame = () => 0;
window.cancelAnimationFrame = () => {};
// The frames' own clock: a test's fake timers must not keep a frame from being cancelled.
const { setTimeout: frameTimer, clearTimeout: clearFrameTimer } = globalThis;
let pendingFrames = new Set<ReturnType<typeof setTimeout>>();

function setUp(reducedMotion = false) {
  document.body.innerHTML = html;
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reducedMotion && query.includes('reduce') }));
  // Frames every 16 ms during the test; afterEach drops those still due.
  const frames = new Set<ReturnType<typeof setTimeout>>();
  pendingFrames = frames;
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    const id = frameTimer(() => {
      frames.delete(id);
      callback(performance.now());
    }, 16);
    frames.add(id);
    return id;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: ReturnType<typeof setTimeout>) => {
    clearFrameTimer(id);
    frames.delete(id);
  });
  const observer = fakeIntersectionObserver<{ isIntersecting: boolean }>();
  vi.stubGlobal('IntersectionObserver', observer.FakeIntersectionObserver);
  seen = observer.deliver;
  const carousel = enhanceCarousel(document, window);
  return {
    carousel,
    root: document.getElementById(CAROUSEL_IDS.root)!,
    toggle: document.getElementById(CAROUSEL_IDS.toggle)!,
    island: document.querySelector('astro-island')!,
    rows: [...document.querySelectorAll<HTMLElement>('[data-carousel-row]')],
  };
}

/** On screen, and the rows readied (a row per frame). */
async function seenOnScreen(carousel: ReturnType<typeof setUp>['carousel'], root: HTMLElement) {
  carousel!.watch();
  seen!([{ isIntersecting: false }, { isIntersecting: true }]);
  await vi.waitFor(() => expect(root.dataset.ready).toBe('true'));
}

/** What `animate` was asked for on a track: jsdom runs no animations. */
interface FakeMotion {
  track: Element;
  keyframes: Keyframe[];
  options: KeyframeAnimationOptions;
  currentTime: number | null;
  cancelled: boolean;
  cancel(): void;
}

/** Each slide 100 px wide (jsdom lays nothing out), and the tracks' motions recorded. */
function laidOutAndAnimated(): FakeMotion[] {
  vi.spyOn(HTMLElement.prototype, 'offsetLeft', 'get').mockImplementation(function (this: HTMLElement) {
    return this.parentElement ? [...this.parentElement.children].indexOf(this) * 100 : 0;
  });
  const motions: FakeMotion[] = [];
  Element.prototype.animate = function (this: Element, keyframes, options) {
    const motion: FakeMotion = {
      track: this,
      keyframes: keyframes as Keyframe[],
      options: options as KeyframeAnimationOptions,
      currentTime: 0,
      cancelled: false,
      cancel: () => void (motion.cancelled = true),
    };
    motions.push(motion);
    return motion as unknown as Animation;
  };
  return motions;
}

beforeEach(() => {
  seen = null;
});
afterEach(() => {
  for (const id of pendingFrames) clearFrameTimer(id);
  pendingFrames.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete (Element.prototype as Partial<Element>).animate;
  document.body.innerHTML = '';
});

describe('the carousel page script', () => {
  it('does nothing on a page without the carousel', () => {
    document.body.innerHTML = '<main></main>';
    expect(enhanceCarousel(document, window)).toBeNull();
  });

  it('pauses and plays from the first tap, before the rows are ready', () => {
    const { toggle, root } = setUp();
    toggle.click();
    expect(toggle.textContent).toBe('Play carousel');
    expect(toggle.hasAttribute('data-paused')).toBe(true);
    expect(root.dataset.moving).toBe('false');
    toggle.click();
    expect(toggle.textContent).toBe('Pause carousel');
    expect(toggle.hasAttribute('data-paused')).toBe(false);
  });

  it('near the screen: copies the slides (hidden, inert, without ids), moves the rows, shows the button', async () => {
    const { carousel, root, toggle, rows, island } = setUp();
    // A press before that leaves the swipeable rows (and the island) alone.
    rows[0]!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    window.dispatchEvent(new Event('pointerup'));
    expect(island.hasAttribute(WANTED_ATTRIBUTE)).toBe(false);
    await seenOnScreen(carousel, root);
    expect(root.dataset.moving).toBe('false'); // the press above still holds it for CAROUSEL_RESUME_MS
    expect(rows[0]!.querySelectorAll('li')).toHaveLength(12);
    expect(rows[1]!.querySelectorAll('li[aria-hidden="true"]')).toHaveLength(4);
    expect(rows[1]!.querySelectorAll('li[inert] [id]')).toHaveLength(0);
    for (const element of rows) {
      expect(element.hasAttribute('tabindex')).toBe(false);
      expect(element.className).toBe('overflow-hidden touch-pan-y touch-pinch-zoom');
      expect(trackOffset(element.firstElementChild)).toBe(0);
    }
    expect(toggle.classList.contains('invisible')).toBe(false);
  });

  it('copies a few slides per task, and moves a row only once all its copies are there', async () => {
    const { carousel, root, rows } = setUp();
    carousel!.watch();
    seen!([{ isIntersecting: true }]);
    // In the observer's task: 6 of row one's 8 copies, the row still swipeable.
    expect(rows[0]!.querySelectorAll('li')).toHaveLength(10);
    expect(rows[0]!.className).toBe('overflow-x-auto snap-x');
    expect(rows[1]!.querySelectorAll('li')).toHaveLength(2);
    await vi.waitFor(() => expect(root.dataset.ready).toBe('true'));
    expect([...rows[0]!.querySelectorAll<HTMLElement>('li[data-copy]')].map((slide) => slide.dataset.copy)).toEqual(['1', '1', '1', '1', '2', '2', '2', '2']);
    expect(rows[0]!.className).toBe('overflow-hidden touch-pan-y touch-pinch-zoom');
  });

  it('moves when on screen and not held; pauses on hover, resuming 2000 ms after it', async () => {
    const { carousel, root, rows } = setUp();
    await seenOnScreen(carousel, root);
    expect(root.dataset.moving).toBe('true');
    vi.useFakeTimers();
    const hover = new Event('pointerenter');
    Object.assign(hover, { pointerType: 'mouse' });
    rows[0]!.parentElement!.dispatchEvent(hover);
    expect(root.dataset.moving).toBe('false');
    const leave = new Event('pointerleave');
    Object.assign(leave, { pointerType: 'mouse' });
    rows[0]!.parentElement!.dispatchEvent(leave);
    vi.advanceTimersByTime(1999);
    expect(root.dataset.moving).toBe('false');
    vi.advanceTimersByTime(1);
    expect(root.dataset.moving).toBe('true');
    seen!([{ isIntersecting: false }]);
    expect(root.dataset.moving).toBe('false');
    vi.useRealTimers();
  });

  it('moves each row by an animation of its transform, one loop of its slides at 60 px/s, held where it is when paused', async () => {
    const motions = laidOutAndAnimated();
    const { carousel, root, rows, toggle } = setUp();
    await seenOnScreen(carousel, root);
    expect(root.dataset.moving).toBe('true');
    const [transformations, testimonials] = rows.map((row) => row.firstElementChild!);
    // 4 slides of 100 px: a loop of 400 px in 6,667 ms; 2 slides: 200 px in 3,333 ms.
    expect(
      motions.map(({ track, keyframes, options }) => [track, keyframes.map((frame) => frame.transform), options.iterations, Math.round(Number(options.duration))]),
    ).toEqual([
      [transformations, ['translate3d(0px,0px,0px)', 'translate3d(-400px,0px,0px)'], Infinity, 6667],
      [testimonials, ['translate3d(0px,0px,0px)', 'translate3d(-200px,0px,0px)'], Infinity, 3333],
    ]);
    // 1 s in, then 2.5 s (past one loop of the second row): paused, each held where it was.
    motions[0]!.currentTime = 1000;
    motions[1]!.currentTime = 2500;
    toggle.click();
    expect(root.dataset.moving).toBe('false');
    expect(motions.map((motion) => motion.cancelled)).toEqual([true, true]);
    expect([trackOffset(transformations!), trackOffset(testimonials!)]).toEqual([-60, -150]);
    // Played again: on from there.
    toggle.click();
    expect(motions.slice(2).map((motion) => [motion.track, motion.currentTime, motion.cancelled])).toEqual([
      [transformations, 1000, false],
      [testimonials, 2500, false],
    ]);
  });

  it('starts paused with reduced motion, offering play', async () => {
    const { carousel, root, toggle } = setUp(true);
    await seenOnScreen(carousel, root);
    expect(root.dataset.moving).toBe('false');
    expect(toggle.textContent).toBe('Play carousel');
  });

  it('a press on a ready row wakes the island, which starts where the track is', async () => {
    const { carousel, root, rows, island } = setUp();
    await seenOnScreen(carousel, root);
    rows[1]!.querySelector('li')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(island.hasAttribute(WANTED_ATTRIBUTE)).toBe(true);
    const track = rows[1]!.firstElementChild as HTMLElement;
    track.style.transform = trackTransform(-123.456);
    expect(trackOffset(track)).toBe(-123.46);
    expect(trackOffset(null)).toBe(0);
  });
});

describe('after the tests above', () => {
  it('no frame is asked for once they are over', async () => {
    const asked = vi.fn(() => 0);
    vi.stubGlobal('requestAnimationFrame', asked);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(asked).not.toHaveBeenCalled();
  });
});
