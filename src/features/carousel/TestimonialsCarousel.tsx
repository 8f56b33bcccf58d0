/**
 * The transformations and testimonials carousel (docs/product.md §4, §9): two rows that auto-scroll at
 * 60 px/s with embla (+ auto-scroll), pause on hover, scroll, wheel, pointer down or focus, and
 * resume 2000 ms after the interaction. The slides are pre-rendered by Astro (images in the
 * HTML) and arrive as static slots; on hydration they are repeated three times for a seamless
 * loop (the copies hidden from assistive technology and from the keyboard).
 *
 * WCAG 2.2.2: a visible pause/play button. Visitors who ask for reduced motion start paused.
 * Hydrates when visible (`client:visible`); before that it is a swipeable row.
 */
import AutoScroll from 'embla-carousel-auto-scroll';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { CAROUSEL_COPIES, CAROUSEL_RESUME_MS, autoScrollSpeed, shouldAutoScroll, startsPaused } from '~/features/carousel/carousel';

interface Props {
  pauseLabel: string;
  playLabel: string;
  /** Slot: the transformations list (`<ul data-carousel-track>` of `<li>` slides). */
  transformations?: ReactNode;
  /** Slot: the testimonials list, same shape. */
  testimonials?: ReactNode;
}

const TRACK = '[data-carousel-track]';

/** Appends `copies - 1` copies of the track's slides, hidden from assistive technology. */
function repeatSlides(viewport: HTMLElement, copies: number): void {
  const track = viewport.querySelector<HTMLElement>(TRACK);
  if (!track || track.dataset.copies) return;
  const originals = [...track.children];
  for (let copy = 1; copy < copies; copy++) {
    for (const slide of originals) {
      const clone = slide.cloneNode(true) as HTMLElement;
      clone.setAttribute('aria-hidden', 'true');
      clone.inert = true;
      clone.dataset.copy = String(copy);
      for (const withId of clone.querySelectorAll('[id]')) withId.removeAttribute('id');
      track.append(clone);
    }
  }
  track.dataset.copies = String(copies);
}

/**
 * Runs each step in a task of its own after the next frame: hydration, copying the slides and
 * starting embla (which measures them) would otherwise be one long task on a slow phone.
 */
function inTasksAfterFrames(steps: (() => void)[]): () => void {
  let cancelled = false;
  const next = (index: number) => {
    if (cancelled || index >= steps.length) return;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        if (cancelled) return;
        steps[index]!();
        next(index + 1);
      };
      channel.port2.postMessage(null);
    });
  };
  next(0);
  return () => {
    cancelled = true;
  };
}

function useRow(speed: number) {
  const plugin = useMemo(
    () =>
      AutoScroll({
        speed,
        startDelay: 0,
        playOnInit: false,
        // This component decides when to play; the plugin only stops itself on pointer down.
        stopOnInteraction: true,
        stopOnMouseEnter: false,
        stopOnFocusIn: false,
      }),
    [speed],
  );
  const [emblaRef, api] = useEmblaCarousel({ loop: true, dragFree: true, align: 'start', container: TRACK }, [plugin]);
  const viewport = useRef<HTMLDivElement | null>(null);
  const ref = useCallback((node: HTMLDivElement | null) => {
    viewport.current = node;
    if (node) node.scrollLeft = 0;
  }, []);
  /** The steps that make the row a carousel, for `inTasksAfterFrames`: copy the slides, then start embla. */
  const steps = useMemo(
    () => [() => viewport.current && repeatSlides(viewport.current, CAROUSEL_COPIES), () => viewport.current && emblaRef(viewport.current)],
    [emblaRef],
  );
  return [ref, api, steps] as const;
}

export default function TestimonialsCarousel({ pauseLabel, playLabel, transformations, testimonials }: Props) {
  const [hydrated, setHydrated] = useState(false);
  const [userPaused, setUserPaused] = useState(false);
  const [interacting, setInteracting] = useState(false);
  const [visible, setVisible] = useState(true);
  const root = useRef<HTMLDivElement>(null);
  const rows = useRef<HTMLDivElement>(null);
  const ongoing = useRef({ hover: false, press: false, focus: false });
  const resumeTimer = useRef(0);

  const speed = autoScrollSpeed();
  const [rowARef, rowAApi, rowASteps] = useRow(speed);
  const [rowBRef, rowBApi, rowBSteps] = useRow(speed);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- on purpose: the first render must match the server's HTML
    setHydrated(true);
    setUserPaused(startsPaused(window.matchMedia('(prefers-reduced-motion: reduce)').matches));
  }, []);

  // Once hydrated: the rows' slides are copied, then embla starts, each in a task of its own.
  useEffect(() => {
    if (!hydrated) return;
    return inTasksAfterFrames([rowASteps[0]!, rowBSteps[0]!, rowASteps[1]!, rowBSteps[1]!]);
  }, [hydrated, rowASteps, rowBSteps]);
  const ready = !!rowAApi && !!rowBApi;

  // Off screen, nothing moves (and nothing is painted for nothing).
  useEffect(() => {
    const node = root.current;
    if (!node || !('IntersectionObserver' in window)) return;
    const observer = new IntersectionObserver(([entry]) => setVisible(entry?.isIntersecting ?? false));
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  // Interactions pause at once and resume CAROUSEL_RESUME_MS after the last one ends.
  const begin = useCallback((kind?: keyof typeof ongoing.current) => {
    if (kind) ongoing.current[kind] = true;
    window.clearTimeout(resumeTimer.current);
    setInteracting(true);
  }, []);
  const end = useCallback((kind?: keyof typeof ongoing.current) => {
    if (kind) ongoing.current[kind] = false;
    const { hover, press, focus } = ongoing.current;
    if (hover || press || focus) return;
    window.clearTimeout(resumeTimer.current);
    resumeTimer.current = window.setTimeout(() => setInteracting(false), CAROUSEL_RESUME_MS);
  }, []);

  // Only the rows count: hovering or pressing the pause/play button must not hold the carousel.
  // A drag starts with a pointerdown on a row too. (embla's own pointerDown is not used: after a
  // tap it also fires for the emulated mousedown, which has no pointerup to end it.)
  useEffect(() => {
    const node = rows.current;
    if (!node) return;
    // Hover is a mouse's: a phone fires mouseenter on a tap and no mouseleave until the next tap
    // elsewhere, which would hold the carousel after the finger has lifted.
    const onEnter = (event: PointerEvent) => event.pointerType === 'mouse' && begin('hover');
    const onLeave = (event: PointerEvent) => event.pointerType === 'mouse' && end('hover');
    const onDown = () => begin('press');
    const onUp = () => ongoing.current.press && end('press');
    const onWheel = () => {
      begin();
      end();
    };
    const onFocusIn = () => begin('focus');
    const onFocusOut = (event: FocusEvent) => {
      if (!node.contains(event.relatedTarget as Node | null)) end('focus');
    };
    node.addEventListener('pointerenter', onEnter);
    node.addEventListener('pointerleave', onLeave);
    node.addEventListener('pointerdown', onDown);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onUp);
    node.addEventListener('wheel', onWheel, { passive: true });
    node.addEventListener('focusin', onFocusIn);
    node.addEventListener('focusout', onFocusOut);
    return () => {
      window.clearTimeout(resumeTimer.current);
      node.removeEventListener('pointerenter', onEnter);
      node.removeEventListener('pointerleave', onLeave);
      node.removeEventListener('pointerdown', onDown);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onUp);
      node.removeEventListener('wheel', onWheel);
      node.removeEventListener('focusin', onFocusIn);
      node.removeEventListener('focusout', onFocusOut);
    };
  }, [begin, end]);

  const moving = hydrated && shouldAutoScroll({ userPaused, interacting, visible });
  useEffect(() => {
    for (const api of [rowAApi, rowBApi]) {
      const auto = api?.plugins().autoScroll;
      if (!auto) continue;
      if (moving) auto.play();
      else auto.stop();
    }
  }, [moving, rowAApi, rowBApi]);

  const rowClass = hydrated ? 'overflow-hidden' : 'overflow-x-auto snap-x';
  return (
    <div ref={root} data-carousel data-ready={ready ? 'true' : undefined} data-moving={moving ? 'true' : 'false'}>
      <div ref={rows}>
        <div ref={rowARef} className={rowClass} tabIndex={hydrated ? undefined : 0} data-carousel-row="transformations">
          {transformations}
        </div>
        <div ref={rowBRef} className={`mt-4 ${rowClass}`} tabIndex={hydrated ? undefined : 0} data-carousel-row="testimonials">
          {testimonials}
        </div>
      </div>
      <div className="container-content mt-6 flex justify-end">
        <button
          type="button"
          onClick={() => setUserPaused((paused) => !paused)}
          className={`btn btn-outline min-h-11 px-5 ${hydrated ? '' : 'invisible'}`}
          data-carousel-toggle
        >
          {userPaused ? <PlayIcon /> : <PauseIcon />}
          {userPaused ? playLabel : pauseLabel}
        </button>
      </div>
    </div>
  );
}

function PauseIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
      <rect x="6" y="5" width="4" height="14" rx="1" />
      <rect x="14" y="5" width="4" height="14" rx="1" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
      <path d="M8 5.5v13a1 1 0 0 0 1.5.9l10.4-6.5a1 1 0 0 0 0-1.7L9.5 4.6A1 1 0 0 0 8 5.5z" />
    </svg>
  );
}
