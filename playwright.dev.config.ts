import { defineConfig } from '@playwright/test';
import { testBrowserPath } from './tools/browser.mjs';

/**
 * The end-to-end tests of `npm run dev` itself (tests/e2e-dev): the content editor saving into the
 * working tree, and the page showing it. The server runs in a copy of the checkout
 * (tools/dev-copy.mjs), so no test writes this checkout's files.
 */
const port = Number(process.env.E2E_DEV_PORT ?? 4392);

export default defineConfig({
  testDir: 'tests/e2e-dev',
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  // Each test opens Decap's large development bundle, and the saves rebuild the site's content: on a
  // shared machine that takes minutes, not seconds.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1280, height: 800 },
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: { executablePath: testBrowserPath(), args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] },
  },
  webServer: {
    command: 'node tools/dev-copy.mjs',
    env: { E2E_DEV_PORT: String(port) },
    url: `http://127.0.0.1:${port}/`,
    timeout: 120_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
