/**
 * What moves on the home page: the About heading's typing animation, the community video and
 * the hero video with its parallax. Timings run on Playwright's fake clock.
 */
import { expect, test } from './fixtures';
import { nextFrames, pageScriptsReady, pausedClock, serveVideos } from './helpers';

test.describe('typing animation', () => {
  test('types, pauses, deletes and moves on (80/40/2500 ms), only while the heading is on screen', async ({ page }) => {
    await pausedClock(page);
    await page.goto('/');
    await pageScriptsReady(page);
    const typed = page.locator('[data-typing]');
    await expect(typed).toHaveAttribute('data-typing-active', '');
    await expect(typed).toHaveText('Business Women');
    // Off screen nothing happens.
    await page.clock.runFor(10_000);
    await expect(typed).toHaveText('Business Women');

    await page.evaluate(() => document.getElementById('about-heading')?.scrollIntoView({ block: 'center' }));
    await expect(typed).toHaveAttribute('data-typing-running', '');
    await page.clock.runFor(2499);
    await expect(typed).toHaveText('Business Women');
    await page.clock.runFor(1);
    await expect(typed).toHaveText('Business Wome');
    await page.clock.runFor(40 * 13);
    await expect(typed).toHaveText('');
    await page.clock.runFor(40);
    await expect(typed).toHaveText('M');
    await page.clock.runFor(80);
    await expect(typed).toHaveText('Mo');

    // Scrolled away (not more than half visible): it stops where it was...
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(typed).not.toHaveAttribute('data-typing-running', '');
    await page.clock.runFor(5000);
    await expect(typed).toHaveText('Mo');
    // ...and goes on when it is back.
    await page.evaluate(() => document.getElementById('about-heading')?.scrollIntoView({ block: 'center' }));
    await expect(typed).toHaveAttribute('data-typing-running', '');
    await page.clock.runFor(80);
    await expect(typed).toHaveText('Mom');
    await page.clock.runFor(80);
    await expect(typed).toHaveText('Moms');
  });

  test('screen readers get the full sentence, not the flicker', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 2, name: 'Coaching built for Business Women, Moms, and Military Members' })).toBeVisible();
    await expect(page.locator('[data-typing]')).toHaveAttribute('aria-hidden', 'true');
  });

  test('with reduced motion the words stay, static', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await pausedClock(page);
    await page.goto('/');
    await pageScriptsReady(page);
    const typed = page.locator('[data-typing]');
    await page.evaluate(() => document.getElementById('about-heading')?.scrollIntoView({ block: 'center' }));
    await page.clock.runFor(10_000);
    await expect(typed).toHaveText('Business Women, Moms, and Military Members');
    await expect(typed).not.toHaveAttribute('data-typing-active', '');
  });
});

test.describe('community video', () => {
  test('muted, plays when 30 % visible, pauses otherwise; poster from a loaded frame; mute toggle', async ({ page }) => {
    await serveVideos(page);
    await page.goto('/');
    const box = page.locator('[data-community-video]');
    const video = box.locator('video');
    await expect(video).toHaveJSProperty('muted', true);
    await box.scrollIntoViewIfNeeded();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.poster)).toMatch(/^blob:/);
    await expect(video).toHaveJSProperty('muted', true);

    const mute = box.getByRole('button', { name: 'Unmute video' });
    await expect(mute).toBeVisible();
    await mute.click();
    await expect(video).toHaveJSProperty('muted', false);
    await expect(box.getByRole('button', { name: 'Mute video' })).toHaveAttribute('aria-pressed', 'true');
    await box.getByRole('button', { name: 'Mute video' }).click();
    await expect(video).toHaveJSProperty('muted', true);

    // Under 30 % visible: paused.
    // Leave only 20 % of it on screen, at the bottom edge (aimed again while the sections around
    // it take their real height as they are drawn).
    await expect
      .poll(async () => {
        await page.evaluate(() => {
          const rect = document.querySelector('[data-community-video]')!.getBoundingClientRect();
          window.scrollBy({ top: rect.top - (window.innerHeight - rect.height * 0.2), behavior: 'instant' });
        });
        return video.evaluate((v: HTMLVideoElement) => v.paused);
      })
      .toBe(true);
    await page.evaluate(() => document.querySelector('[data-community-video]')?.scrollIntoView({ block: 'center', behavior: 'instant' }));
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);

    // The visitor can pause it, and it stays paused.
    await box.getByRole('button', { name: 'Pause video' }).click();
    await expect(video).toHaveJSProperty('paused', true);
    await expect(box.getByRole('button', { name: 'Play video' })).toBeVisible();
  });

  test('is not fetched before it comes near the screen', async ({ page }) => {
    const seen = await serveVideos(page);
    await page.goto('/');
    await pageScriptsReady(page);
    await nextFrames(page);
    await expect(page.locator('[data-community-video] video')).not.toHaveAttribute('src');
    expect(seen.filter((url) => url.includes('/community/'))).toEqual([]);
  });

  test.describe(() => {
    test.use({ allowedErrors: /ERR_CONNECTION_REFUSED/ });

    test('offline: the poster stays and no controls that do nothing', async ({ page }) => {
      await page.route('**/storage/v1/object/public/videos/**', (route) => route.abort('connectionrefused'));
      await page.goto('/');
      const box = page.locator('[data-community-video]');
      await box.scrollIntoViewIfNeeded();
      await expect(box.getByRole('img')).toBeVisible();
      await expect.poll(() => box.locator('video').evaluate((video: HTMLVideoElement) => video.error !== null)).toBe(true);
      await expect(box.locator('[data-video-controls]')).toBeHidden();
      await expect(box.locator('video')).toHaveClass(/opacity-0/);
    });
  });
});

test.describe('hero video', () => {
  test('starts after load over the poster, which stays the first paint', { tag: '@mobile' }, async ({ page }) => {
    const seen = await serveVideos(page);
    await page.goto('/');
    const video = page.locator('[data-hero-video]');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
    // Requested only after the load event. A media response gets its timing entry once its body
    // has finished, which can be a moment after playback starts, so wait for the entry.
    const readTiming = () =>
      page.evaluate(() => {
        const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const videoEntry = performance.getEntriesByType('resource').find((entry) => entry.name.includes('/videos/hero/'));
        return { loadEnd: navigation.loadEventEnd, videoStart: videoEntry?.startTime ?? null };
      });
    await expect.poll(async () => (await readTiming()).videoStart).not.toBeNull();
    const timing = await readTiming();
    expect(timing.videoStart).toBeGreaterThanOrEqual(timing.loadEnd);
    await expect(video).not.toHaveClass(/opacity-0/);
    const isDesktop = (page.viewportSize()?.width ?? 0) >= 768;
    expect(seen.some((url) => url.endsWith(isDesktop ? '/hero/hero-desktop.mp4' : '/hero/hero-mobile.mp4'))).toBe(true);
    // A visible pause control (WCAG 2.2.2).
    const toggle = page.getByRole('button', { name: 'Pause background video' });
    await toggle.click();
    await expect(video).toHaveJSProperty('paused', true);
    await expect(page.getByRole('button', { name: 'Play background video' })).toBeVisible();
  });

  test('is not fetched with reduced motion', async ({ page }) => {
    const seen = await serveVideos(page);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await pausedClock(page);
    await page.goto('/');
    await pageScriptsReady(page);
    // Past the idle moment after load where the video would start (2000 ms at the latest).
    await page.clock.runFor(2500);
    await expect(page.locator('[data-hero-video]')).not.toHaveAttribute('src');
    expect(seen).toEqual([]);
    await expect(page.locator('[data-hero-video]')).toHaveClass(/opacity-0/);
  });

  test('is not fetched with Save-Data', async ({ page }) => {
    const seen = await serveVideos(page);
    await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
    await pausedClock(page);
    await page.goto('/');
    await pageScriptsReady(page);
    await page.clock.runFor(2500);
    await expect(page.locator('[data-hero-video]')).not.toHaveAttribute('src');
    expect(seen).toEqual([]);
  });

  test.describe(() => {
    test.use({ allowedErrors: /ERR_CONNECTION_REFUSED/ });

    test('offline: the poster stays', async ({ page }) => {
      await page.route('**/storage/v1/object/public/videos/**', (route) => route.abort('connectionrefused'));
      await page.goto('/');
      await expect(page.locator('[data-hero-video]')).toHaveCount(0);
      await expect(page.locator('[data-hero] picture img')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Pause background video' })).toBeHidden();
    });
  });
});

test.describe('hero parallax', () => {
  test.skip(({ isMobile }) => isMobile, 'desktop only');

  test('the media layer follows the scroll at 30 % on desktop', async ({ page }) => {
    await page.goto('/');
    const media = page.locator('[data-hero-media]');
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect.poll(() => media.evaluate((el) => el.style.transform)).toBe('translate3d(0px, 120px, 0px)');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => media.evaluate((el) => el.style.transform)).toBe('');
  });

  test('none with reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await page.evaluate(() => window.scrollTo(0, 400));
    await nextFrames(page);
    expect(await page.locator('[data-hero-media]').evaluate((el) => el.style.transform)).toBe('');
  });
});
