/**
 * The hero's background video and parallax.
 *
 * Video: fetched only after the page has loaded (the poster picture stays the LCP element), and
 * not at all when the visitor asks for reduced motion or for less data (Save-Data). It fades
 * in once it plays; if it cannot load (offline, storage down) it is removed and the poster
 * stays. A small button pauses and resumes it (WCAG 2.2.2).
 *
 * Parallax: on desktop, the media layer moves at 30 % of the scroll speed while the hero is on
 * screen; none with reduced motion.
 */
const DESKTOP = '(min-width: 768px)';
const PARALLAX = '(min-width: 1024px) and (prefers-reduced-motion: no-preference)';
export const PARALLAX_FACTOR = 0.3;

type NavigatorWithConnection = Navigator & { connection?: { saveData?: boolean } };

export function wantsHeroVideo(win: Window): boolean {
  if (win.matchMedia('(prefers-reduced-motion: reduce)').matches) return false;
  return (win.navigator as NavigatorWithConnection).connection?.saveData !== true;
}

function afterLoad(win: Window, run: () => void): void {
  const idle = () => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(run, { timeout: 2000 });
    else (win as Window).setTimeout(run, 200);
  };
  if (win.document.readyState === 'complete') idle();
  else win.addEventListener('load', idle, { once: true });
}

export function startHeroVideo(root: Document, win: Window = window): void {
  const video = root.querySelector<HTMLVideoElement>('[data-hero-video]');
  const toggle = root.querySelector<HTMLButtonElement>('[data-hero-video-toggle]');
  if (!video || !wantsHeroVideo(win)) return;

  const setToggle = (playing: boolean) => {
    if (!toggle) return;
    toggle.setAttribute('aria-label', (playing ? toggle.dataset.labelPause : toggle.dataset.labelPlay) ?? '');
    toggle.querySelector('[data-icon="pause"]')?.classList.toggle('hidden', !playing);
    toggle.querySelector('[data-icon="play"]')?.classList.toggle('hidden', playing);
  };

  afterLoad(win, () => {
    const src = win.matchMedia(DESKTOP).matches ? video.dataset.srcDesktop : video.dataset.srcMobile;
    if (!src) return;
    const giveUp = () => {
      video.remove();
      if (toggle) toggle.hidden = true;
    };
    video.addEventListener('error', giveUp, { once: true });
    video.addEventListener(
      'playing',
      () => {
        video.classList.remove('opacity-0');
        if (toggle) toggle.hidden = false;
        setToggle(true);
      },
      { once: true },
    );
    video.preload = 'auto';
    video.src = src;
    video.play().catch(() => {
      // Autoplay refused or the source failed: the poster stays.
      if (video.error) giveUp();
    });
  });

  toggle?.addEventListener('click', () => {
    if (video.paused) {
      void video.play();
      setToggle(true);
    } else {
      video.pause();
      setToggle(false);
    }
  });
}

export function startHeroParallax(root: Document, win: Window = window): void {
  const hero = root.querySelector<HTMLElement>('[data-hero]');
  const media = root.querySelector<HTMLElement>('[data-hero-media]');
  if (!hero || !media) return;
  const query = win.matchMedia(PARALLAX);
  let frame = 0;

  const update = () => {
    frame = 0;
    if (!query.matches) {
      media.style.transform = '';
      return;
    }
    const y = Math.min(win.scrollY, hero.offsetTop + hero.offsetHeight);
    media.style.transform = y > 0 ? `translate3d(0, ${(y * PARALLAX_FACTOR).toFixed(1)}px, 0)` : '';
  };
  const onScroll = () => {
    if (!frame) frame = win.requestAnimationFrame(update);
  };
  win.addEventListener('scroll', onScroll, { passive: true });
  query.addEventListener('change', update);
  update();
}
