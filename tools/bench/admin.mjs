/**
 * The admin island's JavaScript: signs in as the seeded admin (local stand-in), opens /admin and
 * counts every script of the site's own origin loaded until the dashboard is ready and quiet
 * (raw and gzip -9). Also reports the tus-js-client chunk, which loads only when an upload of
 * 50 MB or more starts, and so is not part of that figure.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { launchBrowser } from './bytes.mjs';
import { errorMessage, log, sleep } from './util.mjs';

export const ADMIN_BUDGET_KB_GZIP = 160;
const ADMIN = { email: process.env.STANDIN_ADMIN_EMAIL ?? 'admin@example.com', password: process.env.STANDIN_ADMIN_PASSWORD ?? 'admin-password' };
const gzipSize = (body) => zlib.gzipSync(body, { level: 9 }).length;

export async function measureAdminIsland(baseUrl, root, registerCleanup) {
  const browser = await launchBrowser();
  const unregister = registerCleanup(() => browser.close());
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(new URL('/auth', baseUrl).href);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    // The admin lands on /admin after signing in (any page but /auth: signed in).
    await page.waitForURL((url) => url.pathname !== '/auth', { timeout: 30_000 });
    // A new context with only the session (localStorage): nothing comes from the HTTP cache.
    const session = await context.storageState();
    await context.close();
    const fresh = await browser.newContext({ viewport: { width: 1280, height: 800 }, storageState: session });
    const admin = await fresh.newPage();

    const origin = new URL(baseUrl).origin;
    const scripts = new Map();
    admin.on('response', async (response) => {
      const url = response.url();
      if (new URL(url).origin !== origin || response.request().resourceType() !== 'script') return;
      try {
        const body = await response.body();
        scripts.set(url, { raw: body.length, gzip: gzipSize(body) });
      } catch {
        // a response without a body (redirect): nothing to count
      }
    });
    await admin.goto(new URL('/admin', baseUrl).href, { waitUntil: 'load' });
    await admin.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor({ timeout: 30_000 });
    await admin.getByText(/of \d+ assets/).waitFor({ timeout: 30_000 });
    await sleep(2000);
    const total = [...scripts.values()].reduce((sum, s) => ({ raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip }), { raw: 0, gzip: 0 });
    const tus = await tusChunk(root);
    const loadedTus = tus && [...scripts.keys()].some((url) => url.endsWith(tus.file));
    await fresh.close();
    log(`admin island: ${scripts.size} scripts, ${total.gzip} B gz`);
    return { scripts: scripts.size, raw: total.raw, gzip: total.gzip, tus, tusLoadedUpFront: Boolean(loadedTus) };
  } catch (err) {
    return { error: errorMessage(err) };
  } finally {
    unregister();
    await browser.close().catch(() => {});
  }
}

/** The built chunk holding tus-js-client (found by one of its error messages). */
async function tusChunk(root) {
  const dir = path.join(root, 'dist', '_astro');
  for (const file of await readdir(dir)) {
    if (!file.endsWith('.js')) continue;
    const body = await readFile(path.join(dir, file));
    if (body.includes('tus: unexpected response while creating upload')) return { file, raw: body.length, gzip: gzipSize(body) };
  }
  return null;
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

export function renderAdminMarkdown(admin) {
  if (!admin) return '';
  if (admin.error) return `\nAdmin island: could not be measured: ${admin.error}\n`;
  const verdict = admin.gzip / 1024 <= ADMIN_BUDGET_KB_GZIP ? 'within' : 'OVER';
  const tus = admin.tus
    ? `tus-js-client chunk \`${admin.tus.file}\`: ${kb(admin.tus.raw)} / ${kb(admin.tus.gzip)} KB, ${admin.tusLoadedUpFront ? 'LOADED with the page' : 'not loaded until an upload of 50 MB or more starts'}.`
    : 'tus-js-client chunk: not found in dist/_astro.';
  return [
    '',
    `Admin island (\`/admin\` signed in as the seeded admin, 1280×800, until the dashboard is ready + 2 s): JS ${kb(admin.raw)} / ${kb(admin.gzip)} KB (raw / gzip -9) in ${admin.scripts} scripts — ${verdict} the ${ADMIN_BUDGET_KB_GZIP} KB gzip budget. ${tus}`,
    '',
  ].join('\n');
}
