/**
 * Uploads as the seeded admin against the stand-in, into the bucket's uploads/ folder: a small
 * image through the standard upload (listed and served), a stored name not overwritten and
 * deleted from the list, a member's token refused by row level security, and tus with the
 * connection dropped mid-upload (it resumes, finishes, and the stored bytes equal the source): on a
 * small file with the test sizes, and on a 60 MB file with the product's, which also survives a
 * reload of the page.
 */
import { expect, test, type Page, type TestInfo } from './fixtures';
import { TEST_UPLOAD_SIZES_KEY } from '../../src/features/admin/assets/upload-sizes';
import { createHash, randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { SUPABASE_URL } from './helpers';
import { ANON_KEY, MEMBER, accessToken, openDashboard, toast, unique } from './admin-helpers';
import { ADMIN_STATE } from './auth-state';

test.use({ storageState: ADMIN_STATE });

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function fillForm(page: import('@playwright/test').Page, descriptor: string, file: string | { name: string; mimeType: string; buffer: Buffer }) {
  const form = page.getByRole('tabpanel', { name: 'Upload New' });
  await form.getByRole('combobox', { name: /^Category/ }).selectOption('action');
  await form.getByRole('combobox', { name: /^Subcategory/ }).selectOption('training');
  await form.getByRole('textbox', { name: /^Descriptor/ }).fill(descriptor);
  await form.getByLabel('Number').fill('2');
  await form.getByLabel('Tags').fill('gym, , e2e');
  await form.locator('input[type=file]').setInputFiles(file);
  return form;
}

test('the form: subcategory follows the category, live file name, missing information', async ({ page }) => {
  await openDashboard(page);
  await page.getByRole('tab', { name: 'Upload New' }).click();
  const form = page.getByRole('tabpanel', { name: 'Upload New' });
  const preview = form.getByTestId('filename-preview');
  await expect(form.getByRole('combobox', { name: /^Subcategory/ })).toBeDisabled();
  await expect(preview).toHaveText('Please fill in required fields');
  await expect(form.getByLabel('Person')).toHaveValue('kayla');
  await form.getByRole('button', { name: 'Upload' }).click();
  await expect(toast(page, 'Missing Information')).toContainText('Please fill in all required fields and select a file');

  await form.getByRole('combobox', { name: /^Category/ }).selectOption('hero');
  await form.getByRole('combobox', { name: /^Subcategory/ }).selectOption('banner');
  await form.getByRole('textbox', { name: /^Descriptor/ }).fill('Spring Sale');
  await form.getByLabel('Number').fill('abc');
  await expect(preview).toHaveText('hero-banner-kayla-spring-sale-1.jpg');
  await form.getByLabel('Number').fill('3');
  await form.locator('input[type=file]').setInputFiles({ name: 'clip.MOV', mimeType: 'video/quicktime', buffer: Buffer.from('x') });
  await expect(preview).toHaveText('hero-banner-kayla-spring-sale-3.mov');
  // Changing the category clears the subcategory.
  await form.getByRole('combobox', { name: /^Category/ }).selectOption('action');
  await expect(form.getByRole('combobox', { name: /^Subcategory/ })).toHaveValue('');
  await expect(preview).toHaveText('Please fill in required fields');
});

test('standard upload: listed in cloud storage, View and Download serve it', async ({ page }) => {
  await openDashboard(page);
  await page.getByRole('tab', { name: 'Upload New' }).click();
  const descriptor = `e2e-${unique()}`;
  const name = `action-training-kayla-${descriptor}-2.png`;
  const form = await fillForm(page, descriptor, { name: 'pixel.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByTestId('filename-preview')).toHaveText(name);
  await form.getByRole('button', { name: 'Upload' }).click();
  await expect(toast(page, 'Upload Complete')).toBeVisible();
  // Success resets the form.
  await expect(form.getByRole('textbox', { name: /^Descriptor/ })).toHaveValue('');
  await expect(form.getByRole('combobox', { name: /^Category/ })).toHaveValue('');

  await page.getByRole('tab', { name: 'Browse Assets' }).click();
  const row = page.getByRole('list', { name: 'Files in cloud storage' }).getByRole('listitem').filter({ hasText: name });
  await expect(row).toBeVisible();
  // The list opened the folder the upload went to.
  await expect(page.getByTestId('cloud-location')).toHaveText(/^videos\/uploads\/: items/);
  await expect(row).toContainText('Image');
  await expect(row).toContainText('0.1 KB');
  const view = row.getByRole('link', { name: `View ${name}` });
  const href = await view.getAttribute('href');
  expect(href).toBe(`${SUPABASE_URL}/storage/v1/object/public/videos/uploads/${name}`);
  const served = await page.request.get(href!);
  expect(served.status()).toBe(200);
  expect(Buffer.from(await served.body()).equals(PNG)).toBe(true);
  expect(served.headers()['cache-control']).toBe('max-age=3600');
  const download = await page.request.get((await row.getByRole('link', { name: `Download ${name}` }).getAttribute('href'))!);
  expect(download.headers()['content-disposition']).toContain(name);
  // Leave the bucket as it was (deleting in the dashboard has its own test).
  await removeStored(page, `uploads/${name}`);
});

test.describe(() => {
  // The second upload of the same name is refused.
  test.use({ allowedErrors: /status of 400|Upload failed: The resource already exists/ });

  test('a file of the same name is not overwritten; Delete removes it from the list and the bucket', async ({ page }) => {
    await openDashboard(page);
    const descriptor = `e2e-${unique()}`;
    const name = `action-training-kayla-${descriptor}-2.png`;
    await storeObject(page, `uploads/${name}`, PNG, 'image/png');

    await page.getByRole('tab', { name: 'Upload New' }).click();
    const form = await fillForm(page, descriptor, { name: 'pixel.png', mimeType: 'image/png', buffer: PNG });
    await form.getByRole('button', { name: 'Upload' }).click();
    await expect(toast(page, 'Upload Failed')).toContainText('If the filename already exists, rename the file or enable overwrite.');

    await page.getByRole('tab', { name: 'Browse Assets' }).click();
    // The list was read before the file was stored.
    await page.getByRole('button', { name: 'Refresh' }).click();
    const list = page.getByRole('list', { name: 'Files in cloud storage' });
    await list.getByRole('button', { name: 'uploads/ Folder' }).click();
    const row = list.getByRole('listitem').filter({ hasText: name });
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await expect(toast(page, 'File Deleted')).toContainText(`Successfully deleted uploads/${name}`);
    await expect(row).toHaveCount(0);
    expect((await page.request.get(`${SUPABASE_URL}/storage/v1/object/public/videos/uploads/${name}`)).status()).toBe(400);
  });
});

test.describe(() => {
  test.use({ allowedErrors: /status of 400|Upload failed: new row violates row-level security policy/ });

  test("a member's token is refused by row level security with the Upload Failed notice", async ({ page }) => {
    const memberToken = await accessToken(page, MEMBER);
    await openDashboard(page);
    // The dashboard keeps the admin's session; the upload request carries a member's token instead.
    await page.route(`${SUPABASE_URL}/storage/v1/object/videos/**`, (route) =>
      route.continue({ headers: { ...route.request().headers(), authorization: `Bearer ${memberToken}` } }),
    );
    const refused = page.waitForResponse((response) => response.url().startsWith(`${SUPABASE_URL}/storage/v1/object/videos/`));
    await page.getByRole('tab', { name: 'Upload New' }).click();
    const descriptor = `member-${unique()}`;
    const form = await fillForm(page, descriptor, { name: 'pixel.png', mimeType: 'image/png', buffer: PNG });
    await form.getByRole('button', { name: 'Upload' }).click();
    const response = await refused;
    expect(response.status()).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    await expect(toast(page, 'Upload Failed')).toContainText('There was an error uploading your file.');
    await page.getByRole('tab', { name: 'Browse Assets' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Browse Assets' }).getByText(`action-training-kayla-${descriptor}-2.png`)).toHaveCount(0);
  });
});

/** Small sizes for this tab (src/features/admin/assets/upload-sizes.ts): the tus path on small files. */
async function useTestUploadSizes(page: Page) {
  await page.addInitScript(([key, value]) => sessionStorage.setItem(key, value), [
    TEST_UPLOAD_SIZES_KEY,
    JSON.stringify({ resumableFrom: 256 * 1024, chunkSize: 64 * 1024 }),
  ] as const);
}

/**
 * Uploads `bytes` random bytes through tus on an uplink of `uplink` bytes/s: the progress bar
 * moves, one PATCH is dropped (tus-js-client retries it), and with `reload` the tab is reloaded
 * mid-upload and the same file resumes from the stored offset; the stored object has the same
 * bytes.
 */
async function resumableJourney(page: Page, testInfo: TestInfo, { bytes, uplink, reload }: { bytes: number; uplink: number; reload: boolean }) {
  const source = randomBytes(bytes);
  const sourceHash = createHash('sha256').update(source).digest('hex');
  const path = testInfo.outputPath('workout-clip.mp4');
  await writeFile(path, source);

  await openDashboard(page);
  // Locally an upload takes a moment: a throttled uplink leaves time to see the progress bar move
  // and to reload mid-upload.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: uplink });
  const tusRequests: { method: string; offset: string | null }[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/storage/v1/upload/resumable')) tusRequests.push({ method: request.method(), offset: request.headers()['upload-offset'] ?? null });
  });
  // The network drops once: the third PATCH fails, tus-js-client retries and continues. Only that
  // request is intercepted (intercepting every chunk would slow the upload to a crawl).
  let patches = 0;
  let dropped = false;
  const resumable = `${SUPABASE_URL}/storage/v1/upload/resumable/**`;
  page.on('request', (request) => {
    if (!request.url().includes('/storage/v1/upload/resumable/') || request.method() !== 'PATCH') return;
    if (++patches !== 2) return;
    void page.route(resumable, async (route) => {
      if (route.request().method() !== 'PATCH' || dropped) return route.continue();
      dropped = true;
      await route.abort('internetdisconnected');
      await page.unroute(resumable);
    });
  });

  await page.getByRole('tab', { name: 'Upload New' }).click();
  const descriptor = `tus-${unique()}`;
  const name = `action-training-kayla-${descriptor}-2.mp4`;
  const form = await fillForm(page, descriptor, path);
  await form.getByRole('button', { name: 'Upload' }).click();
  const bar = form.getByRole('progressbar', { name: 'Upload progress' });
  await expect(bar).toBeVisible();
  const seen = new Set<number>();
  await expect
    .poll(
      async () => {
        seen.add(Number(await bar.getAttribute('aria-valuenow', { timeout: 1000 }).catch(() => '0')));
        return Math.max(...seen);
      },
      { timeout: 60_000, intervals: [100] },
    )
    .toBeGreaterThanOrEqual(40);
  expect(seen.size).toBeGreaterThan(2);
  expect(dropped).toBe(true);
  if (reload) await reloadAndResume(page, tusRequests, descriptor, path);
  else await expect(toast(page, 'Upload Complete')).toBeVisible({ timeout: 60_000 });

  const stored = await page.request.get(`${SUPABASE_URL}/storage/v1/object/public/videos/uploads/${name}`);
  expect(stored.status()).toBe(200);
  expect(
    createHash('sha256')
      .update(await stored.body())
      .digest('hex'),
  ).toBe(sourceHash);
  // Leave the bucket as it was (deleting in the dashboard has its own test).
  await removeStored(page, `uploads/${name}`);
}

/** The tab goes away mid-upload; after a reload the same file resumes from the stored offset. */
async function reloadAndResume(page: Page, tusRequests: { method: string; offset: string | null }[], descriptor: string, path: string) {
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  const before = tusRequests.length;
  await page.getByRole('tab', { name: 'Upload New' }).click();
  const form = await fillForm(page, descriptor, path);
  await form.getByRole('button', { name: 'Upload' }).click();
  await expect(form.getByText('Resuming a previous upload of this file')).toBeVisible();
  await expect(toast(page, 'Upload Complete')).toBeVisible({ timeout: 120_000 });
  const after = tusRequests.slice(before);
  expect(after[0]?.method).toBe('HEAD');
  expect(after.some((request) => request.method === 'POST')).toBe(false);
  expect(Number(after.find((request) => request.method === 'PATCH')?.offset)).toBeGreaterThan(0);
}

/** The signed-in admin's own access token, from the page's auth store. */
async function sessionToken(page: Page) {
  return page.evaluate(() => {
    const session = Object.entries(localStorage).find(([key]) => key.endsWith('-auth-token'))?.[1];
    return session ? (JSON.parse(session) as { access_token: string }).access_token : '';
  });
}

/** Stores an object with the signed-in admin's own session, outside the dashboard. */
async function storeObject(page: Page, path: string, body: Buffer, contentType: string) {
  const response = await page.request.post(`${SUPABASE_URL}/storage/v1/object/videos/${path}`, {
    headers: { authorization: `Bearer ${await sessionToken(page)}`, apikey: ANON_KEY, 'content-type': contentType },
    data: body,
  });
  expect(response.status()).toBe(200);
}

/** Deletes a stored object with the signed-in admin's own session, outside the dashboard. */
async function removeStored(page: Page, path: string) {
  const response = await page.request.delete(`${SUPABASE_URL}/storage/v1/object/videos`, {
    headers: { authorization: `Bearer ${await sessionToken(page)}`, apikey: ANON_KEY, 'content-type': 'application/json' },
    data: { prefixes: [path] },
  });
  expect(response.status()).toBe(200);
}

test.describe(() => {
  // The connection is dropped on purpose.
  test.use({ allowedErrors: /ERR_INTERNET_DISCONNECTED/ });

  // One journey per test: the reload and resume is the 60 MB test's (a small file's whole
  // journey, two form fills and a reload, took 29 s of steps on a loaded machine).
  test('tus on a small file (test sizes: from 256 KB, 64 KB chunks): progress and a dropped connection, then the same bytes', async ({ page }, testInfo) => {
    await useTestUploadSizes(page);
    await resumableJourney(page, testInfo, { bytes: 1.5 * 1024 * 1024, uplink: 512 * 1024, reload: false });
  });

  test('a 60 MB video goes through tus with the product sizes (50 MB, 6 MiB chunks), resumes after a drop and a reload', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await resumableJourney(page, testInfo, { bytes: 60 * 1024 * 1024, uplink: 8 * 1024 * 1024, reload: true });
  });
});

test.describe(() => {
  test.use({ allowedErrors: /ERR_INTERNET_DISCONNECTED|tus-js-client could not be loaded/ });

  test('when tus-js-client cannot load, a file for tus falls back to the standard upload', async ({ page }, testInfo) => {
    await useTestUploadSizes(page);
    const path = testInfo.outputPath('fallback-clip.mp4');
    await writeFile(path, randomBytes(600 * 1024));
    await openDashboard(page);
    await page.getByRole('tab', { name: 'Upload New' }).click();
    const descriptor = `fallback-${unique()}`;
    const name = `action-training-kayla-${descriptor}-2.mp4`;
    const form = await fillForm(page, descriptor, path);
    // Every script the dashboard needs is loaded: the only one requested now is the tus chunk.
    const blocked: string[] = [];
    await page.route('**/_astro/**', (route) => {
      blocked.push(route.request().url());
      return route.abort('internetdisconnected');
    });
    const standard = page.waitForResponse((response) => response.url().startsWith(`${SUPABASE_URL}/storage/v1/object/videos/`));
    await form.getByRole('button', { name: 'Upload' }).click();
    await expect(toast(page, 'Resumable unavailable')).toContainText('Falling back to standard upload.');
    expect((await standard).status()).toBe(200);
    await expect(toast(page, 'Upload Complete')).toBeVisible();
    expect(blocked.length).toBeGreaterThan(0);
    await page.unroute('**/_astro/**');
    await page.getByRole('tab', { name: 'Browse Assets' }).click();
    const row = page.getByRole('list', { name: 'Files in cloud storage' }).getByRole('listitem').filter({ hasText: name });
    await expect(row).toContainText('600.0 KB');
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await expect(toast(page, 'File Deleted')).toBeVisible();
  });
});
