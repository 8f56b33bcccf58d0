/**
 * The carousel's drag and loop (docs/product.md §4, §9): embla (+ auto-scroll) on each row,
 * hydrated on the first press or focus on a row (`client:on-demand`, woken by the page script,
 * strip.ts). Until then the page script moves the rows and copies their slides; embla takes each
 * row over from where it is (its track's translateX, contract.ts), and plays or stops with the
 * host's `data-moving`, which the page script goes on writing (pause/play, hover, touch, focus,
 * reduced motion, off screen). It renders nothing of its own.
 */
import AutoScroll from 'embla-carousel-auto-scroll';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { hostOf, useHostElement } from '~/lib/use-host-element';
import type { CarouselHostData, CarouselRowData } from './contract';

interface Props {
  /** Auto-scroll speed in px per embla step (carousel.ts, `autoScrollSpeed`). */
  speed: number;
}

type EmblaPlugin = NonNullable<Parameters<typeof useEmblaCarousel>[1]>[number];

const ROW = '[data-carousel-row]';
const TRACK = '[data-carousel-track]';
const OPTIONS = { loop: true, dragFree: true, align: 'start', container: TRACK } as const;

/**
 * Where a track is drawn now, in px: its transform as computed (`matrix(1, 0, 0, 1, <x>, 0)`), which
 * holds the page script's animation while it moves the track, or its inline
 * `translate3d(<x>px,0px,0px)` where no matrix is computed. 0 for none.
 */
export function trackOffset(track: Element | null): number {
  if (!(track instanceof HTMLElement)) return 0;
  const drawn = track.ownerDocument.defaultView?.getComputedStyle(track).transform ?? '';
  const matrix = /^matrix\((?:[^,]+,){4}\s*(-?[\d.e+-]+)/.exec(drawn);
  if (matrix) return Math.round(Number(matrix[1]) * 100) / 100;
  const inline = /translate3d\((-?[\d.]+)px/.exec(drawn.startsWith('translate3d') ? drawn : track.style.transform);
  return inline ? Number(inline[1]) : 0;
}

/** Where each row's track was when embla was asked to take the row over (read once, by `startWhereLeft`). */
const leftAt = new WeakMap<HTMLElement, number>();

/**
 * An embla plugin that puts the row where the page script left it (`leftAt`), once: at the first
 * init, before anything is drawn. (A later reInit, after a resize, starts at embla's own selected
 * snap, as usual.)
 */
function startWhereLeft(): EmblaPlugin {
  return {
    name: 'startWhereLeft',
    options: {},
    init(embla) {
      const x = leftAt.get(embla.rootNode());
      if (x === undefined) return;
      leftAt.delete(embla.rootNode());
      const engine = embla.internalEngine();
      for (const vector of [engine.location, engine.previousLocation, engine.offsetLocation, engine.target]) vector.set(x);
      engine.index.set(engine.scrollTarget.byDistance(0, false).index);
      engine.translate.to(x);
      engine.slideLooper.loop();
    },
    destroy() {},
  };
}

/**
 * Runs each step in a task of its own after the next frame: starting embla on both rows (it
 * measures their slides) right after hydration would otherwise be one long task on a slow phone.
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

/** One row's embla; `takeOver(row)` stops the page script moving it and starts embla where it is. */
function useRow(speed: number) {
  const plugins = useMemo(
    () => [
      AutoScroll({
        speed,
        startDelay: 0,
        playOnInit: false,
        // The page script decides when to play; the plugin only stops itself on pointer down.
        stopOnInteraction: true,
        stopOnMouseEnter: false,
        stopOnFocusIn: false,
      }),
      startWhereLeft(),
    ],
    [speed],
  );
  const [emblaRef, api] = useEmblaCarousel(OPTIONS, plugins);
  const takeOver = useCallback(
    (row: HTMLElement) => {
      const track = row.querySelector<HTMLElement>(TRACK);
      const x = trackOffset(track);
      leftAt.set(row, x);
      // The page script's motion, if it moves the row still, ends here, the track held where it is
      // until embla starts: embla writes the track's transform from now on.
      const motions = track?.getAnimations() ?? [];
      if (track && motions.length) track.style.transform = `translate3d(${x}px,0px,0px)`;
      for (const motion of motions) motion.cancel();
      (row.dataset as CarouselRowData).engine = 'embla';
      emblaRef(row);
    },
    [emblaRef],
  );
  return [takeOver, api] as const;
}

export default function TestimonialsCarousel({ speed }: Props) {
  const anchor = useRef<HTMLSpanElement>(null);
  const host = useHostElement(anchor, 'parent');
  const { ready, moving } = host.data as CarouselHostData;
  const [takeA, apiA] = useRow(speed);
  const [takeB, apiB] = useRow(speed);

  // The rows are the page script's once it has copied their slides: embla takes them over, a task each.
  useEffect(() => {
    const root = anchor.current ? hostOf(anchor.current, 'parent') : null;
    if (ready !== 'true' || !root) return;
    const [rowA, rowB] = root.querySelectorAll<HTMLElement>(ROW);
    return inTasksAfterFrames([() => rowA && takeA(rowA), () => rowB && takeB(rowB)]);
  }, [ready, takeA, takeB]);

  useEffect(() => {
    for (const api of [apiA, apiB]) {
      const auto = api?.plugins().autoScroll;
      if (!auto) continue;
      if (moving === 'true') auto.play();
      else auto.stop();
    }
  }, [moving, apiA, apiB]);

  return <span ref={anchor} hidden />;
}
