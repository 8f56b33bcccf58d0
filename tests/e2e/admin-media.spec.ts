/**
 * The bucket as the admin sees it and the site media she replaces, against the stand-in: folders
 * (open, breadcrumb, up; by keyboard), a folder of more than 100 files paged, file types; the
 * desktop hero video replaced through tus with the old file served while the upload runs and after
 * it fails, then `/` in a fresh page plays the new bytes with no rebuild; the logo replaced
 * through the standard upload, shown at once in the admin's header and in the site's pages of the
 * same browser; the phone hero video replaced, played at once by the same browser; files of the
 * wrong kind refused; axe on the panel at 1280 and 390 px.
 * Each test does one of these, so that each fits its time on a busy machine.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from './fixtures';
import { TEST_UPLOAD_SIZES_KEY } from '../../src/features/admin/assets/upload-sizes';
import { SUPABASE_URL } from './helpers';
import { ADMIN, ANON_KEY, MEMBER, accessToken, expectNoAxeViolations, openDashboard, toast, unique } from './admin-helpers';
import { ADMIN_STATE } from './auth-state';

test.use({ storageState: ADMIN_STATE });

const TINY_WEBM = readFileSync(new URL('../fixtures/tiny.webm', import.meta.url));
// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const objectUrl = (path: string) => `${SUPABASE_URL}/storage/v1/object/videos/${path}`;
const publicUrl = (path: string) => `${SUPABASE_URL}/storage/v1/object/public/videos/${path}`;
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const cloudList = (page: Page) => page.getByRole('list', { name: 'Files in cloud storage' });
/** An image's natural width and height once it has loaded (null before). */
const naturalSize = (img: Locator) => img.evaluate((el: HTMLImageElement) => (el.complete && el.naturalWidth ? [el.naturalWidth, el.naturalHeight] : null));
/** The site header's logo. */
const headerLogo = (page: Page) => page.locator('header').getByRole('img', { name: 'Kayla Reyes Coaching' });
const SEEDED_LOGO_SIZE = [480, 96];
const location = (page: Page) => page.getByTestId('cloud-location');

/** What storage serves at `path` now, asked outside the browser (no cache). */
async function served(page: Page, path: string) {
  const response = await page.request.get(publicUrl(path));
  expect(response.status()).toBe(200);
  return { bytes: Buffer.from(await response.body()), type: response.headers()['content-type'], cache: response.headers()['cache-control'] };
}

/**
 * Puts `bytes` back at `path` as the seeds have them (cache 3600), with an admin token taken
 * before the test's work, so that the clean-up is one request.
 */
async function restore(page: Page, token: string, path: string, bytes: Buffer, contentType: string) {
  const response = await page.request.post(objectUrl(path), {
    headers: { authorization: `Bearer ${token}`, apikey: ANON_KEY, 'content-type': contentType, 'x-upsert': 'true', 'cache-control': 'max-age=3600' },
    data: bytes,
  });
  expect(response.status()).toBe(200);
  expect(sha((await served(page, path)).bytes)).toBe(sha(bytes));
}

test('the cloud files view shows the folders; hero/ holds the hero videos (Video); breadcrumb and Up go back, by keyboard too', async ({ page }) => {
  await openDashboard(page);
  const list = cloudList(page);
  for (const folder of ['brand', 'community', 'hero']) await expect(list.getByRole('button', { name: `${folder}/ Folder` })).toBeVisible();
  await expect(page.getByText('No files in cloud storage yet.')).toHaveCount(0);

  await list.getByRole('button', { name: 'hero/ Folder' }).focus();
  await page.keyboard.press('Enter');
  await expect(location(page)).toBeFocused();
  await expect(location(page)).toHaveText('videos/hero/: items 1 to 2');
  const row = cloudList(page).getByRole('listitem').filter({ hasText: 'hero-desktop.mp4' });
  await expect(row).toContainText('Video');
  expect(await row.getByRole('link', { name: 'View hero-desktop.mp4' }).getAttribute('href')).toBe(publicUrl('hero/hero-desktop.mp4'));
  const breadcrumb = page.getByRole('navigation', { name: 'Folder path' });
  await expect(breadcrumb.locator('[aria-current="location"]')).toHaveText('hero');

  // Back to the top through the breadcrumb, by keyboard.
  await breadcrumb.getByRole('button', { name: 'videos' }).focus();
  await page.keyboard.press('Enter');
  await expect(location(page)).toBeFocused();
  await expect(location(page)).toHaveText(/^videos\/: items 1 to \d+$/);

  await cloudList(page).getByRole('button', { name: 'brand/ Folder' }).click();
  await expect(cloudList(page).getByRole('listitem').filter({ hasText: 'logo.png' })).toContainText('Image');
  await page.getByRole('button', { name: 'Up one folder' }).click();
  await expect(cloudList(page).getByRole('button', { name: 'brand/ Folder' })).toBeVisible();
});

test('a folder of 105 .webm files pages 100 at a time with Next and Previous; every one is a Video', async ({ page }) => {
  const folder = `e2e-paging-${unique()}`;
  const names = Array.from({ length: 105 }, (_, i) => `clip-${String(i).padStart(3, '0')}.webm`);
  const token = await accessToken(page, ADMIN);
  const headers = { authorization: `Bearer ${token}`, apikey: ANON_KEY, 'content-type': 'video/webm' };
  try {
    const seeded = await Promise.all(names.map((name) => page.request.post(objectUrl(`${folder}/${name}`), { headers, data: TINY_WEBM.subarray(0, 64) })));
    expect(seeded.map((response) => response.status())).toEqual(names.map(() => 200));
    await openDashboard(page);
    await cloudList(page)
      .getByRole('button', { name: `${folder}/ Folder` })
      .click();
    await expect(location(page)).toHaveText(`videos/${folder}/: items 1 to 100`);
    const rows = cloudList(page).getByRole('listitem');
    await expect(rows).toHaveCount(100);
    await expect(rows.first()).toContainText('clip-000.webm');
    await expect(rows.filter({ hasText: 'Video' })).toHaveCount(100);
    const pages = page.getByRole('navigation', { name: 'Pages of this folder' });
    await expect(pages.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await pages.getByRole('button', { name: 'Next page' }).click();
    await expect(location(page)).toHaveText(`videos/${folder}/: items 101 to 105`);
    await expect(location(page)).toBeFocused();
    await expect(rows).toHaveCount(5);
    await expect(rows.last()).toContainText('clip-104.webm');
    await expect(rows.filter({ hasText: 'Video' })).toHaveCount(5);
    await expect(pages.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await pages.getByRole('button', { name: 'Previous page' }).click();
    await expect(location(page)).toHaveText(`videos/${folder}/: items 1 to 100`);
  } finally {
    await page.request.delete(`${SUPABASE_URL}/storage/v1/object/videos`, {
      headers: { authorization: `Bearer ${token}`, apikey: ANON_KEY, 'content-type': 'application/json' },
      data: { prefixes: names.map((name) => `${folder}/${name}`) },
    });
  }
});

test.describe(() => {
  // The first attempt is refused on purpose (a PATCH with another user's token: 403).
  test.use({ allowedErrors: /status of 403|Replacing the site media failed: .*response code: 403/ });

  test('the desktop hero video is replaced through tus: old file served while it runs and after it fails, then / plays the new bytes', async ({ page, browser }) => {
    const HERO = 'hero/hero-desktop.mp4';
    const original = await served(page, HERO);
    const adminToken = await accessToken(page, ADMIN);
    expect(original.type).toBe('video/mp4');
    // The tus path on a small file: from 1 KB, in 2 KB chunks (src/features/admin/assets/upload-sizes.ts).
    await page.addInitScript(([key, value]) => sessionStorage.setItem(key, value), [
      TEST_UPLOAD_SIZES_KEY,
      JSON.stringify({ resumableFrom: 1024, chunkSize: 2048 }),
    ] as const);
    try {
      await openDashboard(page);
      const card = page.getByRole('region', { name: 'Hero video (desktop)' });
      await expect(card.getByText('video/mp4, 12.8 KB')).toBeVisible();
      await expect(card.getByText('Visitors who loaded this file may keep it for up to 60 min after it is replaced.')).toBeVisible();
      const picker = card.getByLabel('Choose a new video');
      await picker.setInputFiles('tests/fixtures/tiny.webm');
      await expect(card.getByText('tiny.webm, 8.0 KB')).toBeVisible();
      await expect(card.getByLabel('New file: tiny.webm')).toBeVisible();
      // Offered once the browser has opened the new file.
      const replace = card.getByRole('button', { name: 'Replace Hero video (desktop)' });
      await expect(replace).toBeEnabled();

      // First attempt: the first PATCH is held, then sent with a member's token, which storage refuses.
      const memberToken = await accessToken(page, MEMBER);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let heldNow!: () => void;
      const holding = new Promise<void>((resolve) => (heldNow = resolve));
      const resumable = `${SUPABASE_URL}/storage/v1/upload/resumable/**`;
      await page.route(resumable, async (route) => {
        if (route.request().method() !== 'PATCH') return route.continue();
        heldNow();
        await held;
        return route.continue({ headers: { ...route.request().headers(), authorization: `Bearer ${memberToken}` } });
      });
      await replace.focus();
      await page.keyboard.press('Enter');
      await holding;
      const bar = card.getByRole('progressbar', { name: 'Upload progress: Hero video (desktop)' });
      await expect(bar).toBeVisible();
      expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(100);
      await expect(card.getByText('The current file stays on the site until the upload is complete.')).toBeVisible();
      let now = await served(page, HERO);
      expect(sha(now.bytes)).toBe(sha(original.bytes));
      expect(now.type).toBe('video/mp4');
      release();
      await expect(toast(page, 'Replacement failed')).toContainText('the site still shows the previous file');
      now = await served(page, HERO);
      expect(sha(now.bytes)).toBe(sha(original.bytes));
      expect(now.type).toBe('video/mp4');
      await page.unroute(resumable);

      // Second attempt: it resumes the same upload (HEAD for the offset, no new POST) and completes.
      const retried: string[] = [];
      page.on('request', (request) => {
        if (request.url().startsWith(`${SUPABASE_URL}/storage/v1/upload/resumable`)) retried.push(request.method());
      });
      await replace.click();
      await expect(toast(page, 'Hero video (desktop) replaced')).toContainText(
        'The site now serves tiny.webm. Visitors who loaded the previous file may keep it for up to 60 min.',
      );
      expect(retried[0]).toBe('HEAD');
      expect(retried).not.toContain('POST');
      now = await served(page, HERO);
      expect(sha(now.bytes)).toBe(sha(TINY_WEBM));
      expect(now.type).toBe('video/webm');
      expect(now.cache).toBe('max-age=300');
      await expect(card.getByText('video/webm, 8.0 KB')).toBeVisible();
      await expect(card.getByText('Visitors who loaded this file may keep it for up to 5 min after it is replaced.')).toBeVisible();

      // A visitor on a desktop screen, in a fresh browser context: the hero plays the new file.
      const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      try {
        const home = await visitor.newPage();
        const heroResponses: import('@playwright/test').Response[] = [];
        home.on('response', (response) => {
          if (response.url() === publicUrl(HERO)) heroResponses.push(response);
        });
        await home.goto('/');
        const video = home.locator('[data-hero-video]');
        await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.readyState >= 2)).toBe(true);
        expect(await video.evaluate((v: HTMLVideoElement) => v.currentSrc)).toBe(publicUrl(HERO));
        // tiny.webm lasts 2 s; the seeded clip 3 s.
        expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeCloseTo(2, 0);
        expect(heroResponses.length).toBeGreaterThan(0);
        for (const response of heroResponses) {
          const headers = response.headers();
          expect(headers['content-type']).toBe('video/webm');
          const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(headers['content-range'] ?? '');
          const start = range ? Number(range[1]) : 0;
          expect(Number(range ? range[3] : headers['content-length'])).toBe(TINY_WEBM.byteLength);
          const body = await response.body();
          expect(body.equals(TINY_WEBM.subarray(start, start + body.byteLength))).toBe(true);
        }
      } finally {
        await visitor.close();
      }
    } finally {
      await restore(page, adminToken, HERO, original.bytes, 'video/mp4');
    }
  });
});

test('a file of the wrong kind, or one the browser cannot open, is refused with the reason', async ({ page }) => {
  await openDashboard(page);
  const hero = page.getByRole('region', { name: 'Hero video (desktop)' });
  const video = hero.getByLabel('Choose a new video');
  await video.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(toast(page, 'File not accepted')).toContainText('logo.png is not an MP4 or WebM video.');
  await video.setInputFiles({ name: 'broken.webm', mimeType: 'video/webm', buffer: Buffer.alloc(4096, 7) });
  await expect(toast(page, 'File not accepted').filter({ hasText: 'broken.webm' })).toContainText('could not be played in this browser');
  await expect(hero.getByRole('button', { name: /^Replace/ })).toHaveCount(0);

  const logo = page.getByRole('region', { name: 'Logo' }).getByLabel('Choose a new logo');
  await logo.setInputFiles('tests/fixtures/tiny.webm');
  await expect(toast(page, 'File not accepted').filter({ hasText: 'tiny.webm' })).toContainText('tiny.webm is not a PNG, JPEG, WebP or AVIF image.');
  await logo.setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
  await expect(toast(page, 'File not accepted').filter({ hasText: 'logo.svg' })).toContainText('is not a PNG, JPEG, WebP or AVIF image.');
});

test('the logo is replaced through the standard upload: the admin header and the site in the same browser show it at once; a fresh browser gets it', async ({
  page,
  browser,
}) => {
  const LOGO = 'brand/logo.png';
  const original = await served(page, LOGO);
  const adminToken = await accessToken(page, ADMIN);
  try {
    // The coach has her site open in another tab: the logo is in this browser's cache (seeded: 1 hour).
    const site = await page.context().newPage();
    await site.goto('/');
    await expect.poll(() => naturalSize(headerLogo(site))).toEqual(SEEDED_LOGO_SIZE);
    await openDashboard(page);
    await expect.poll(() => naturalSize(headerLogo(page))).toEqual(SEEDED_LOGO_SIZE);
    const card = page.getByRole('region', { name: 'Logo' });
    const picker = card.getByLabel('Choose a new logo');
    await picker.setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PNG });
    await expect(card.getByRole('img', { name: 'pixel.png' })).toBeVisible();
    const standard = page.waitForResponse((response) => response.url() === objectUrl(LOGO) && response.request().method() === 'POST');
    await card.getByRole('button', { name: 'Replace Logo' }).click();
    const answer = await standard;
    expect(answer.status()).toBe(200);
    expect(answer.request().headers()['x-upsert']).toBe('true');
    await expect(toast(page, 'Logo replaced')).toBeVisible();
    const now = await served(page, LOGO);
    expect(sha(now.bytes)).toBe(sha(PNG));
    expect(now.type).toBe('image/png');
    expect(now.cache).toBe('max-age=300');
    await expect(card.getByText('image/png, 0.1 KB')).toBeVisible();
    await expect(card.getByLabel('Choose a new logo')).toBeFocused();
    // Every logo of the admin shows the new file: the card's and the header's.
    await expect.poll(() => naturalSize(card.getByRole('img', { name: 'Logo' }))).toEqual([1, 1]);
    await expect.poll(() => naturalSize(headerLogo(page))).toEqual([1, 1]);
    // Her site in the same browser: the tab she had open, at once and reloaded; a new tab; this one.
    await expect.poll(() => naturalSize(headerLogo(site))).toEqual([1, 1]);
    await site.reload();
    await expect.poll(() => naturalSize(headerLogo(site))).toEqual([1, 1]);
    const another = await page.context().newPage();
    await another.goto('/guides');
    await expect.poll(() => naturalSize(headerLogo(another))).toEqual([1, 1]);

    const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const home = await visitor.newPage();
      const logo = home.waitForResponse(publicUrl(LOGO));
      await home.goto('/');
      expect(sha(await (await logo).body())).toBe(sha(PNG));
    } finally {
      await visitor.close();
    }
    await page.goto('/');
    await expect.poll(() => naturalSize(headerLogo(page))).toEqual([1, 1]);
  } finally {
    await restore(page, adminToken, LOGO, original.bytes, 'image/png');
  }
});

test('the phone hero video is replaced: the site in the same browser plays the new file at once', async ({ page }) => {
  const HERO = 'hero/hero-mobile.mp4';
  const original = await served(page, HERO);
  const adminToken = await accessToken(page, ADMIN);
  /** The home page on a phone-sized tab of this browser, its hero video playing; its duration. */
  const heroDuration = async () => {
    const site = await page.context().newPage();
    await site.setViewportSize({ width: 390, height: 844 });
    await site.goto('/');
    const video = site.locator('[data-hero-video]');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.readyState >= 2)).toBe(true);
    expect(await video.evaluate((v: HTMLVideoElement) => v.currentSrc)).toBe(publicUrl(HERO));
    const duration = await video.evaluate((v: HTMLVideoElement) => v.duration);
    await site.close();
    return duration;
  };
  try {
    // The coach watched her home page on this browser: the seeded clip (3 s) is in its cache.
    expect(await heroDuration()).toBeCloseTo(3, 0);
    await openDashboard(page);
    const card = page.getByRole('region', { name: 'Hero video (phone)' });
    await card.getByLabel('Choose a new video').setInputFiles('tests/fixtures/tiny.webm');
    await card.getByRole('button', { name: 'Replace Hero video (phone)' }).click();
    await expect(toast(page, 'Hero video (phone) replaced')).toBeVisible();
    expect(sha((await served(page, HERO)).bytes)).toBe(sha(TINY_WEBM));
    // tiny.webm lasts 2 s.
    expect(await heroDuration()).toBeCloseTo(2, 0);
  } finally {
    await restore(page, adminToken, HERO, original.bytes, 'video/mp4');
  }
});

test('axe finds nothing on the site media panel and the cloud files, with a folder open and a new file picked', { tag: '@mobile' }, async ({ page }) => {
  await openDashboard(page);
  await cloudList(page).getByRole('button', { name: 'hero/ Folder' }).click();
  await expect(location(page)).toHaveText('videos/hero/: items 1 to 2');
  const card = page.getByRole('region', { name: 'Community video' });
  await card.getByLabel('Choose a new video').setInputFiles('tests/fixtures/tiny.webm');
  await expect(card.getByRole('button', { name: 'Replace Community video' })).toBeVisible();
  await expectNoAxeViolations(page);
  await card.getByRole('button', { name: 'Keep the current file' }).click();
  await expect(card.getByRole('button', { name: 'Replace Community video' })).toHaveCount(0);
  await expect(card.getByLabel('Choose a new video')).toBeFocused();
});
