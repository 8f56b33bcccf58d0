/**
 * The community video (docs/product.md §4, §9): muted at first; plays while at least 30 % of it is on
 * screen and pauses otherwise; its poster is captured from the first loaded frame (the static
 * poster picture shows until then, and stays if the video cannot load). Play/pause and mute
 * buttons appear once it has loaded. It is fetched only when it comes near the screen; with
 * reduced motion it does not start by itself (the play button starts it).
 */
export const VIDEO_PLAY_RATIO = 0.3;
/** src/pages/poster-frame.js.ts */
export const POSTER_FRAME_WORKER = '/poster-frame.js';

/**
 * An object URL of a JPEG of the video's current frame, or null (no frame yet, no `VideoFrame` in
 * this browser: the static poster picture stays). The frame goes to a worker as it is; copying it
 * out of the video held the main thread for 40–80 ms on a slow phone.
 */
export function captureFrame(video: HTMLVideoElement, win: Window = window): Promise<string | null> {
  if (!video.videoWidth || !('VideoFrame' in win)) return Promise.resolve(null);
  const worker = new Worker(POSTER_FRAME_WORKER);
  return new Promise((resolve) => {
    const done = (url: string | null) => {
      worker.terminate();
      resolve(url);
    };
    worker.onmessage = ({ data }: MessageEvent<Blob | null>) => done(data && URL.createObjectURL(data));
    worker.onerror = () => done(null);
    try {
      const frame = new VideoFrame(video);
      worker.postMessage(frame, [frame]);
    } catch {
      done(null);
    }
  });
}

export function startCommunityVideo(root: Document, win: Window = window): void {
  const box = root.querySelector<HTMLElement>('[data-community-video]');
  const video = box?.querySelector<HTMLVideoElement>('video[data-src]');
  if (!box || !video) return;
  const controls = box.querySelector<HTMLElement>('[data-video-controls]');
  const playButton = box.querySelector<HTMLButtonElement>('[data-video-play]');
  const muteButton = box.querySelector<HTMLButtonElement>('[data-video-mute]');
  const reducedMotion = win.matchMedia('(prefers-reduced-motion: reduce)').matches;

  let inView = false;
  let userPaused = reducedMotion;
  let loaded = false;
  // What the play button shows: a click does what the visitor sees, even when the element's
  // state has moved on a moment before its 'play'/'pause' event redraws the button.
  let showsPlaying = false;

  const icon = (button: HTMLButtonElement | null, name: string, show: boolean) => button?.querySelector(`[data-icon="${name}"]`)?.classList.toggle('hidden', !show);
  const renderControls = () => {
    const playing = !video.paused;
    showsPlaying = playing;
    playButton?.setAttribute('aria-label', (playing ? playButton.dataset.labelPause : playButton.dataset.labelPlay) ?? '');
    icon(playButton, 'play', !playing);
    icon(playButton, 'pause', playing);
    muteButton?.setAttribute('aria-label', (video.muted ? muteButton.dataset.labelUnmute : muteButton.dataset.labelMute) ?? '');
    muteButton?.setAttribute('aria-pressed', String(!video.muted));
    icon(muteButton, 'muted', video.muted);
    icon(muteButton, 'sound', !video.muted);
  };

  const load = () => {
    if (loaded) return;
    loaded = true;
    video.src = video.dataset.src ?? '';
    video.preload = 'auto';
    video.load();
  };
  const sync = () => {
    if (inView && !userPaused) {
      load();
      video.play().catch(() => {
        // Refused (e.g. not loaded yet): 'canplay' tries again.
      });
    } else if (!video.paused) {
      video.pause();
    }
  };

  video.muted = true;
  video.addEventListener('loadeddata', () => {
    void captureFrame(video, win).then((frame) => {
      if (frame) video.poster = frame;
    });
    video.classList.remove('opacity-0');
    if (controls) controls.hidden = false;
    renderControls();
  });
  video.addEventListener('canplay', sync);
  video.addEventListener('play', renderControls);
  video.addEventListener('pause', renderControls);
  video.addEventListener('volumechange', renderControls);
  video.addEventListener('error', () => {
    // Offline or storage down: the poster picture stays, without controls that do nothing.
    video.classList.add('opacity-0');
    if (controls) controls.hidden = true;
  });

  playButton?.addEventListener('click', () => {
    userPaused = showsPlaying;
    if (userPaused) video.pause();
    else {
      load();
      void video.play().catch(() => {});
    }
  });
  muteButton?.addEventListener('click', () => {
    video.muted = !video.muted;
  });

  if (reducedMotion) {
    // Nothing starts by itself: offer the play button over the poster straight away.
    if (controls) controls.hidden = false;
    renderControls();
  }

  if (!('IntersectionObserver' in win)) return;
  // Each observer reads its latest entry: one callback can bring several, oldest first.
  const nearby = new IntersectionObserver(
    (entries) => {
      if (entries.at(-1)?.isIntersecting && !reducedMotion) {
        nearby.disconnect();
        load();
      }
    },
    { rootMargin: '300px 0px' },
  );
  nearby.observe(box);
  const visibility = new IntersectionObserver(
    (entries) => {
      const entry = entries.at(-1);
      inView = !!entry && entry.isIntersecting && entry.intersectionRatio >= VIDEO_PLAY_RATIO;
      sync();
    },
    { threshold: [0, VIDEO_PLAY_RATIO, 0.6, 1] },
  );
  visibility.observe(box);
}
