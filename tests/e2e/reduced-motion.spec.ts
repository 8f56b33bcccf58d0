/**
 * prefers-reduced-motion, on every public page scrolled from top to bottom: nothing moves by
 * itself. No video is fetched or playing, no CSS animation keeps running (caret, spinners,
 * card entrances), the typing heading is static, the carousel does not scroll, the hero has
 * no parallax; the booking modal opens without a running animation either.
 */
import { expect, test, type Page } from './fixtures';
import { nextFrames, pageScriptsReady, serveBookingHost, serveVideos } from './helpers';

// Every page includes the 404 page, which logs the missing path.
test.use({ allowedErrors: /404 Error: User attempted|status of 404/ });

const PAGES = ['/', '/guides', '/in-development', '/thank-you', '/thank-you/call', '/thank-you/resource', '/auth', '/this-page-does-not-exist'];

/** Animations and transitions running with a visible duration (reduced motion cuts them to 0.01 ms). */
const runningAnimations = (page: Page) =>
  page.evaluate(() =>
    document
      .getAnimations()
      .filter((animation) => animation.playState === 'running')
      .filter((animation) => {
        const timing = animation.effect?.getComputedTiming();
        return timing?.iterations === Infinity || Number(timing?.duration ?? 0) > 1;
      })
      .map((animation) => {
        const target = (animation.effect as KeyframeEffect | null)?.target;
        return `${(animation as CSSAnimation).animationName ?? 'animation'} on ${target?.tagName.toLowerCase() ?? '?'}.${String(target?.className ?? '').slice(0, 40)}`;
      }),
  );

const playingVideos = (page: Page) => page.evaluate(() => [...document.querySelectorAll('video')].filter((video) => !video.paused).map((video) => video.currentSrc));

async function scrollThrough(page: Page, check: () => Promise<void>) {
  const height = await page.evaluate(() => document.body.scrollHeight);
  const step = await page.evaluate(() => window.innerHeight / 2);
  for (let y = 0; y <= height; y += step) {
    await page.evaluate((y) => window.scrollTo(0, y), y);
    await nextFrames(page);
    await check();
  }
}

for (const path of PAGES) {
  test(`${path}: nothing moves by itself with reduced motion`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const fetched = await serveVideos(page);
    await page.goto(path);
    await pageScriptsReady(page);
    const isHome = path === '/';
    const heroMedia = page.locator('[data-hero-media]');
    await scrollThrough(page, async () => {
      expect(await playingVideos(page)).toEqual([]);
      expect(await runningAnimations(page)).toEqual([]);
      if (isHome) expect(await heroMedia.evaluate((element) => (element as HTMLElement).style.transform)).toBe('');
    });
    expect(fetched, 'videos fetched').toEqual([]);

    if (isHome) {
      await expect(page.locator('[data-typing]')).toHaveText('Business Women, Moms, and Military Members');
      await expect(page.locator('[data-typing]')).not.toHaveAttribute('data-typing-active', '');
      const carousel = page.locator('[data-carousel]');
      await carousel.scrollIntoViewIfNeeded();
      await expect(carousel).toHaveAttribute('data-ready', 'true');
      const rows = page.locator('[data-carousel-row]');
      const before = await rows.evaluateAll((elements) =>
        elements.map((element) => element.innerHTML.length + ':' + getComputedStyle(element.firstElementChild!).transform),
      );
      await nextFrames(page);
      await expect(carousel).toHaveAttribute('data-moving', 'false');
      const after = await rows.evaluateAll((elements) =>
        elements.map((element) => element.innerHTML.length + ':' + getComputedStyle(element.firstElementChild!).transform),
      );
      expect(after).toEqual(before);
      expect(await playingVideos(page)).toEqual([]);
    }
  });
}

test('the booking modal opens with no running animation under reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await serveBookingHost(page);
  await page.goto('/');
  await page.locator('[data-open-booking]:visible').first().click();
  await expect(page.locator('#booking-dialog')).toBeVisible();
  await nextFrames(page);
  expect(await runningAnimations(page)).toEqual([]);
  await expect(page.locator('#booking-dialog iframe')).toBeVisible();
  expect(await runningAnimations(page)).toEqual([]);
});
