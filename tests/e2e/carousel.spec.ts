/**
 * The transformations and testimonials carousel: pre-rendered (images in the HTML), moved by the
 * page script once near the screen, content ×3, 60 px/s, pauses on hover / wheel / pointer down
 * and resumes 2000 ms later, a visible pause/play control, no autoscroll with reduced motion.
 * Its island (embla) hydrates only on the first press or focus on a row, and takes the rows over
 * from where they are.
 */
import { expect, test, type Locator, type Page } from './fixtures';
import { attachedAfterFrames, hydrated, island, pausedClock, pageScriptsReady } from './helpers';

const track = (page: Page) => page.locator('[data-carousel-row="transformations"] [data-carousel-track]');

/**
 * The row's translateX as drawn now, in px: the page script moves the track by an animation of its
 * transform (in the page's real time, which the fake clock does not hold), embla by writing it.
 */
const offset = (page: Page) => track(page).evaluate((el) => new DOMMatrixReadOnly(getComputedStyle(el).transform).m41);

/** The page's own time (its animations' timeline, which the fake clock does not hold), in ms. */
const pageTime = (page: Page) => page.evaluate(() => Number(document.timeline.currentTime));

/** Until the page's own time has moved on `ms`. */
async function pageTimePasses(page: Page, ms: number) {
  const from = await pageTime(page);
  await expect.poll(() => pageTime(page)).toBeGreaterThanOrEqual(from + ms);
}

/** It stays where it is: for some fake time, and for 250 ms of the page's own time (15 px moving). */
async function expectHeld(page: Page, fakeMs: number) {
  const held = await offset(page);
  await page.clock.runFor(fakeMs);
  await pageTimePasses(page, 250);
  expect(await offset(page)).toBe(held);
  return held;
}

/** It moves on from `from`, by more than `px` (a second of the fake clock run each time, for embla). */
const expectMovedOn = (page: Page, from: number, px: number) =>
  expect
    .poll(async () => {
      await page.clock.runFor(1000);
      return offset(page);
    })
    .toBeLessThan(from - px);

/** React applies a state change in its own task: wait for it before moving the clock on. */
const moving = (page: Page, value: boolean) => expect(page.locator('[data-carousel]')).toHaveAttribute('data-moving', String(value));

/**
 * Scrolls `locator` to the middle of the screen, without smooth scrolling, until its box stays
 * put and fits: the sections around it take their real height once they are drawn.
 */
async function settledOnScreen(page: Page, locator: Locator) {
  const height = page.viewportSize()?.height ?? 0;
  let last = '';
  await expect
    .poll(async () => {
      await locator.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
      const box = await locator.boundingBox();
      const key = JSON.stringify(box);
      const settled = key === last && box !== null && box.y >= 0 && box.y + box.height <= height;
      last = key;
      return settled;
    })
    .toBe(true);
  const box = await locator.boundingBox();
  if (!box) throw new Error('no box');
  return box;
}

/** An interaction has just ended: the row holds still for 1990 ms of the fake clock, then moves again at 2000 ms. */
async function heldThenResumes(page: Page) {
  await moving(page, false);
  await page.clock.runFor(100);
  const held = await expectHeld(page, 1890);
  await moving(page, false);
  await page.clock.runFor(10);
  await moving(page, true);
  await expectMovedOn(page, held, 10);
}

/** embla, moving, covers 55–65 px in a second of the fake clock (60 px/s), half a second on. */
async function expectEmblaSpeed(page: Page) {
  await page.clock.runFor(500);
  const before = await offset(page);
  await page.clock.runFor(1000);
  const moved = before - (await offset(page));
  expect(moved).toBeGreaterThan(55);
  expect(moved).toBeLessThan(65);
}

/**
 * The page script's motion covers 55–65 px a second of the page's time (its animations' clock),
 * measured over half a second, across the loop's wrap if it comes.
 */
async function expectStripSpeed(page: Page) {
  const at = () =>
    track(page).evaluate((el) => {
      const slides = el.children;
      const loop = (slides[slides.length / 3] as HTMLElement).offsetLeft - (slides[0] as HTMLElement).offsetLeft;
      return { x: new DOMMatrixReadOnly(getComputedStyle(el).transform).m41, time: Number(document.timeline.currentTime), loop };
    });
  const before = await at();
  await pageTimePasses(page, 500);
  const after = await at();
  const moved = (before.x - after.x + before.loop) % before.loop;
  const perSecond = (moved / (after.time - before.time)) * 1000;
  expect(perSecond).toBeGreaterThan(55);
  expect(perSecond).toBeLessThan(65);
}

async function showCarousel(page: Page) {
  // Settled, not one smooth scroll: the sections it passes take their real height as they are drawn,
  // and a smooth scroll aimed before that could end past the carousel.
  await settledOnScreen(page, page.locator('[data-carousel-row]').first());
  // The page script copies the rows' slides and starts moving them once an observer has seen them near.
  await attachedAfterFrames(page, page.locator('[data-carousel][data-ready="true"]'));
}

/** Both rows are embla's (the island hydrated, then took them over, a frame and a task each). */
const emblaRows = (page: Page) => attachedAfterFrames(page, page.locator('[data-carousel-row="testimonials"][data-engine="embla"]'));

test.describe('carousel', () => {
  test('is pre-rendered with its images, and hydrates only when a row is first pressed (not in view, not on hover)', async ({ page, request }) => {
    const html = await (await request.get('/')).text();
    expect(html.match(/data-carousel-track/g)?.length).toBe(2);
    expect(html).toContain('Maria S.');
    expect(html).toContain('Jasmine T.');

    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.goto('/');
    await pageScriptsReady(page);
    await expect(island(page, 'TestimonialsCarousel')).toHaveAttribute('ssr', '');
    expect(scripts.some((url) => url.includes('TestimonialsCarousel'))).toBe(false);
    await expect(track(page).locator('li')).toHaveCount(18);
    await expect(track(page).locator('img')).toHaveCount(18);

    await showCarousel(page);
    // Content ×3; the copies are hidden from assistive technology and the keyboard.
    await expect(track(page).locator('li')).toHaveCount(54);
    await expect(track(page).locator('li[aria-hidden="true"][inert]')).toHaveCount(36);
    await expect(page.locator('[data-carousel-row="testimonials"] li')).toHaveCount(27);
    await expect(page.getByRole('list', { name: 'Client transformations' }).getByRole('listitem')).toHaveCount(18);
    // In view and hovered, it moves and pauses without its island.
    await page.locator('[data-carousel-row="transformations"]').hover();
    await moving(page, false);
    await expect(island(page, 'TestimonialsCarousel')).toHaveAttribute('ssr', '');
    expect(scripts.some((url) => url.includes('TestimonialsCarousel'))).toBe(false);

    await page.mouse.down();
    await page.mouse.up();
    await hydrated(page, 'TestimonialsCarousel');
    expect(scripts.some((url) => url.includes('TestimonialsCarousel'))).toBe(true);
    await emblaRows(page);
    // embla works on the copies the page script made: none added, the same ones hidden.
    await expect(track(page).locator('li')).toHaveCount(54);
    await expect(track(page).locator('li[aria-hidden="true"][inert]')).toHaveCount(36);
  });

  test('embla takes the rows over where they are, and moves them on at 60 px/s', async ({ page }) => {
    await pausedClock(page);
    await page.goto('/');
    await showCarousel(page);
    await page.mouse.move(5, 5);
    await moving(page, true);
    await expectMovedOn(page, 0, 5);
    const rows = page.locator('[data-carousel-row]');
    const box = await settledOnScreen(page, rows.first());
    await page.mouse.move(box.x + 40, box.y + 40);
    await page.mouse.down();
    await moving(page, false);
    const before = await rows.evaluateAll((elements) => elements.map((row) => row.querySelector<HTMLElement>('[data-carousel-track]')!.style.transform));
    expect(before[0]).toMatch(/^translate3d\(-\d/);
    await emblaRows(page);
    const after = await rows.evaluateAll((elements) => elements.map((row) => row.querySelector<HTMLElement>('[data-carousel-track]')!.style.transform));
    expect(after).toEqual(before);
    await page.mouse.move(5, 5);
    await page.mouse.up();
    await heldThenResumes(page);
    await expectEmblaSpeed(page);
  });

  test('moves at 60 px/s; hover pauses it, and it resumes 2000 ms after the pointer leaves', async ({ page, isMobile }) => {
    test.skip(isMobile, 'hover needs a mouse');
    await pausedClock(page);
    await page.goto('/');
    await showCarousel(page);
    await page.mouse.move(5, 5);
    await moving(page, true);
    await expectStripSpeed(page);

    const row = page.locator('[data-carousel-row="transformations"]');
    await row.hover();
    await moving(page, false);
    await page.clock.runFor(200);
    await expectHeld(page, 3000);

    await page.mouse.move(5, 5);
    await heldThenResumes(page);
  });

  test('wheel and pointer down pause it too, each resuming 2000 ms later', async ({ page, isMobile }) => {
    test.skip(isMobile, 'wheel needs a mouse');
    await pausedClock(page);
    await page.goto('/');
    await showCarousel(page);
    const row = page.locator('[data-carousel-row="testimonials"]');
    const box = await settledOnScreen(page, row);

    // Wheel over the row (horizontally, so the page does not scroll), pointer somewhere else.
    await page.evaluate(
      ({ x, y }) => {
        document.elementFromPoint(x, y)?.dispatchEvent(new WheelEvent('wheel', { deltaX: 80, bubbles: true }));
      },
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    await heldThenResumes(page);

    await page.mouse.move(box.x + 40, box.y + 40);
    await page.mouse.down();
    await moving(page, false);
    await page.mouse.move(5, 5);
    await page.clock.runFor(100);
    await expectHeld(page, 3000);
    await page.mouse.up();
    await heldThenResumes(page);
  });

  test('a touch on a row pauses it, and it resumes 2000 ms after the finger lifts', { tag: '@mobile' }, async ({ page, isMobile }) => {
    test.skip(!isMobile, 'touch needs a touch screen');
    await pausedClock(page);
    await page.goto('/');
    await showCarousel(page);
    await moving(page, true);
    const box = await settledOnScreen(page, page.locator('[data-carousel-row="transformations"]'));
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await heldThenResumes(page);
  });

  test('the pause/play control works with the keyboard and holds until pressed again', async ({ page }) => {
    await pausedClock(page);
    await page.goto('/');
    await showCarousel(page);
    const pause = page.getByRole('button', { name: 'Pause carousel' });
    await expect(pause).toBeVisible();
    await pause.focus();
    await page.keyboard.press('Enter');
    const play = page.getByRole('button', { name: 'Play carousel' });
    await expect(play).toBeFocused();
    await moving(page, false);
    await page.clock.runFor(100);
    const held = await expectHeld(page, 5000);
    await page.keyboard.press('Space');
    await expect(page.getByRole('button', { name: 'Pause carousel' })).toBeFocused();
    await moving(page, true);
    await expectMovedOn(page, held, 10);
  });

  test('with reduced motion it does not autoscroll (and offers play)', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await pausedClock(page);
    await page.goto('/');
    await showCarousel(page);
    await expect(page.getByRole('button', { name: 'Play carousel' })).toBeVisible();
    await expectHeld(page, 5000);
  });
});
