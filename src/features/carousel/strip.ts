/**
 * The testimonials carousel on the page, without a framework (run by the home page's script,
 * src/enhancers/page-scripts/home.ts). Near the screen the slides are copied (the copies hidden
 * from assistive technology and the keyboard) and each row's track moves at 60 px/s, by an
 * animation of its transform that the browser's compositor runs (no work on the main thread while
 * it moves). A mouse's hover, the wheel, a pointer down and focus pause it; it resumes 2000 ms after
 * the last of them ends; the pause/play button holds it until pressed again; reduced motion starts
 * it paused; off screen nothing moves; a finger drags a row. The first press or focus on a row
 * wakes the island (TestimonialsCarousel.tsx): embla takes each row over from where it is, and
 * this script goes on deciding when the rows move (contract.ts).
 */
import { afterFirstPaint } from '~/lib/idle';
import { wakeIsland } from '~/lib/wake-island';
import {
  CAROUSEL_COPIES,
  CAROUSEL_NEAR_MARGIN,
  CAROUSEL_RESUME_MS,
  loopMotion,
  offsetAfter,
  shouldAutoScroll,
  startsPaused,
  trackTransform,
  wrapOffset,
} from './carousel';
import type { CarouselHostData, CarouselRowData } from './contract';
import { CAROUSEL_IDS } from './ids';

/** A row without JavaScript (natively scrolled, swipeable) and a row this script moves. */
const NATIVE_ROW = ['overflow-x-auto', 'snap-x'];
const MOVED_ROW = ['overflow-hidden', 'touch-pan-y', 'touch-pinch-zoom'];

interface Row {
  row: HTMLElement;
  track: HTMLElement;
  /** The track's translateX, in px, while it is not moving (moving, its animation has it). */
  offset: number;
  /** The track's motion while the row moves. */
  motion: Animation | null;
  /** The width of one copy of the slides (0: not measured yet). */
  loopWidth: number;
  /** Scrolled natively before the script moved it. */
  swiped: boolean;
}

type Hold = 'hover' | 'press' | 'focus';

/** Slides appended to a track in one task: cloning a slide with its picture is the costly part. */
const SLIDES_PER_TASK = 6;

/**
 * Appends up to SLIDES_PER_TASK of the slides' `copies - 1` copies (hidden from assistive
 * technology and the keyboard) to the track; true once every copy is there.
 */
export function appendCopies(track: HTMLElement, copies: number): boolean {
  const originals = [...track.children].filter((slide): slide is HTMLElement => slide instanceof HTMLElement && !slide.dataset.copy);
  const wanted = originals.length * (copies - 1);
  let made = track.children.length - originals.length;
  for (let step = 0; step < SLIDES_PER_TASK && made < wanted; step++, made++) {
    const clone = originals[made % originals.length]!.cloneNode(true) as HTMLElement;
    clone.setAttribute('aria-hidden', 'true');
    clone.inert = true;
    clone.dataset.copy = String(1 + Math.floor(made / originals.length));
    for (const withId of clone.querySelectorAll('[id]')) withId.removeAttribute('id');
    track.append(clone);
  }
  return made >= wanted;
}

/** From the first slide to its first copy. */
function loopWidthOf(track: HTMLElement): number {
  const first = track.children[0] as HTMLElement | undefined;
  const copy = track.children[track.children.length / CAROUSEL_COPIES] as HTMLElement | undefined;
  return first && copy ? copy.offsetLeft - first.offsetLeft : 0;
}

/**
 * Listens at once (the pause/play button, the rows); `watch`, called after the first frame,
 * starts the observer that readies the carousel when it nears the screen. Nothing without the carousel.
 */
export function enhanceCarousel(doc: Document, win: Window = window): { watch: () => void } | null {
  const root = doc.getElementById(CAROUSEL_IDS.root);
  const toggle = doc.getElementById(CAROUSEL_IDS.toggle);
  const rowsBox = root?.querySelector<HTMLElement>('[data-carousel-rows]');
  if (!root || !toggle || !rowsBox) return null;
  const host = root.dataset as CarouselHostData;
  const rows: Row[] = [];
  for (const row of rowsBox.querySelectorAll<HTMLElement>('[data-carousel-row]')) {
    // The row's one child (contract.ts): so the page's HTML names `data-carousel-track` on the tracks only.
    const track = row.firstElementChild;
    if (track instanceof HTMLElement) rows.push({ row, track, offset: 0, motion: null, loopWidth: 0, swiped: false });
  }
  for (const row of rows) row.row.addEventListener('scroll', () => (row.swiped = true), { once: true, passive: true });
  const ours = (row: Row) => !(row.row.dataset as CarouselRowData).engine;

  let ready = false;
  let userPaused = startsPaused(win.matchMedia('(prefers-reduced-motion: reduce)').matches);
  let interacting = false;
  let visible = false;
  const holding: Record<Hold, boolean> = { hover: false, press: false, focus: false };
  let resumeTimer = 0;

  const draw = (row: Row) => {
    row.track.style.transform = trackTransform(row.offset);
  };
  const measured = (row: Row) => (row.loopWidth ||= loopWidthOf(row.track));

  // One loop of the slides, repeated, from where the row is.
  const startMoving = (row: Row) => {
    const loopWidth = measured(row);
    if (row.motion || !(loopWidth > 0)) return;
    const { keyframes, timing, currentTime } = loopMotion(loopWidth, row.offset);
    row.motion = row.track.animate(keyframes, timing);
    row.motion.currentTime = currentTime;
  };
  // Held where it is: the animation's position written on the track, the animation gone.
  const stopMoving = (row: Row) => {
    if (!row.motion) return;
    row.offset = offsetAfter(Number(row.motion.currentTime ?? 0), row.loopWidth);
    draw(row);
    row.motion.cancel();
    row.motion = null;
  };

  const update = () => {
    const moving = ready && shouldAutoScroll({ userPaused, interacting, visible });
    const value = moving ? 'true' : 'false';
    if (host.moving !== value) host.moving = value;
    for (const row of rows) {
      // A row embla has is embla's: the island ended its animation when it took the row over.
      if (!ours(row)) row.motion = null;
      else if (moving) startMoving(row);
      else stopMoving(row);
    }
  };

  // Interactions pause at once and resume CAROUSEL_RESUME_MS after the last one ends.
  const begin = (hold?: Hold) => {
    if (hold) holding[hold] = true;
    win.clearTimeout(resumeTimer);
    interacting = true;
    update();
  };
  const end = (hold?: Hold) => {
    if (hold) holding[hold] = false;
    if (holding.hover || holding.press || holding.focus) return;
    win.clearTimeout(resumeTimer);
    resumeTimer = win.setTimeout(() => {
      interacting = false;
      update();
    }, CAROUSEL_RESUME_MS);
  };
  const wake = () => {
    if (ready) wakeIsland(root);
  };

  // A finger drags the row it went down on until embla has it (embla drags by itself).
  let drag: { row: Row; x: number; pointer: number } | null = null;
  const onMove = (event: PointerEvent) => {
    if (!drag || event.pointerId !== drag.pointer || !ours(drag.row)) return;
    const { row } = drag;
    row.offset = wrapOffset(row.offset + event.clientX - drag.x, measured(row));
    drag.x = event.clientX;
    draw(row);
  };
  const onUp = () => {
    if (holding.press) end('press');
    drag = null;
    win.removeEventListener('pointermove', onMove);
  };

  const label = toggle.querySelector('[data-carousel-label]');
  const showToggle = () => {
    if (label) label.textContent = (userPaused ? toggle.dataset.playLabel : toggle.dataset.pauseLabel) ?? '';
    toggle.toggleAttribute('data-paused', userPaused);
  };
  toggle.addEventListener('click', () => {
    userPaused = !userPaused;
    showToggle();
    update();
  });

  // Only the rows count: hovering or pressing the pause/play button must not hold the carousel.
  // Hover is a mouse's: a phone fires pointerenter on a tap and no pointerleave until the next
  // tap elsewhere, which would hold the carousel after the finger has lifted.
  rowsBox.addEventListener('pointerenter', (event) => event.pointerType === 'mouse' && begin('hover'));
  rowsBox.addEventListener('pointerleave', (event) => event.pointerType === 'mouse' && end('hover'));
  rowsBox.addEventListener('pointerdown', (event) => {
    begin('press');
    wake();
    const row = rows.find((candidate) => candidate.row.contains(event.target as Node));
    if (!ready || !row || event.pointerType === 'mouse') return;
    drag = { row, x: event.clientX, pointer: event.pointerId };
    win.addEventListener('pointermove', onMove);
  });
  win.addEventListener('pointerup', onUp);
  win.addEventListener('pointercancel', onUp);
  rowsBox.addEventListener(
    'wheel',
    () => {
      begin();
      end();
    },
    { passive: true },
  );
  rowsBox.addEventListener('focusin', () => {
    begin('focus');
    wake();
  });
  rowsBox.addEventListener('focusout', (event) => {
    if (!rowsBox.contains(event.relatedTarget as Node | null)) end('focus');
  });

  /**
   * From the swipeable rows of the HTML to rows this script moves, just before they are seen: a
   * few slides copied per task, each task after a frame (the copies are laid out in the frames
   * between), a row made the script's once its copies are all there and measured once laid out.
   * Nothing forces a layout, but for a row swiped natively before.
   */
  let started = false;
  const prepare = (index: number) => {
    const row = rows[index];
    if (!row) {
      ready = true;
      host.ready = 'true';
      showToggle();
      toggle.classList.remove('invisible');
      // Measured again for the new width; a moving row goes on from where it is.
      win.addEventListener('resize', () => {
        for (const each of rows) {
          if (ours(each)) stopMoving(each);
          each.loopWidth = 0;
        }
        update();
      });
      update();
      return;
    }
    if (!appendCopies(row.track, CAROUSEL_COPIES)) {
      afterFirstPaint(() => prepare(index), win);
      return;
    }
    // A row swiped before this goes on from where it was.
    if (row.swiped) row.offset = -row.row.scrollLeft;
    row.row.classList.remove(...NATIVE_ROW);
    row.row.classList.add(...MOVED_ROW);
    row.row.removeAttribute('tabindex');
    if (row.swiped) row.row.scrollLeft = 0;
    draw(row);
    afterFirstPaint(() => {
      row.loopWidth = loopWidthOf(row.track);
      prepare(index + 1);
    }, win); // the next frame drawn, then a task
  };

  const watch = () => {
    if (!('IntersectionObserver' in win)) return; // the swipeable rows stay
    const observer = new IntersectionObserver(
      (entries) => {
        // The latest: a late callback may bring an older entry of the same element too.
        visible = entries.at(-1)?.isIntersecting ?? false;
        if (visible && !started) {
          started = true;
          prepare(0);
        }
        update();
      },
      { rootMargin: CAROUSEL_NEAR_MARGIN },
    );
    observer.observe(root);
  };
  return { watch };
}
