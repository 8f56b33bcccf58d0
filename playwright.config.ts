import { defineConfig } from '@playwright/test';
import { FAKE_GHL_LOCATION_ID } from './tests/support/fake-ghl.mjs';
import { testBrowserPath } from './tools/browser.mjs';

const port = Number(process.env.E2E_PORT ?? 4391);
const baseURL = `http://127.0.0.1:${port}`;
// The fake GoHighLevel behind the stand-in's calendar functions (tests/support/fake-ghl.mjs).
const ghlPort = Number(process.env.E2E_GHL_PORT ?? 54330);
const ghlToken = 'fake-ghl-token';
// The fake GitHub the content editor commits to (tests/support/fake-github.mjs), seeded with src/content/.
const githubPort = Number(process.env.E2E_GITHUB_PORT ?? 54340);
const github = { GITHUB_TOKEN: 'fake-github-token', GITHUB_REPOSITORY: 'kayla-reyes/coach-site', GITHUB_API_URL: `http://127.0.0.1:${githubPort}` };

const desktop = { viewport: { width: 1280, height: 800 } };
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  // A flaky test is a bug to fix, never a retry.
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // A trace costs about a third of the run's time (a snapshot at every step), and CI keeps
    // nothing but its output: recorded locally only, where a failure can be opened.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: testBrowserPath(),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    // Signs the seeded admin and member in once; the tests reuse their sessions (tests/e2e/auth-state.ts).
    { name: 'sign-in', testMatch: /sign-in\.setup\.ts$/, use: desktop },
    // Behaviour does not depend on the viewport: every test runs once, on a desktop screen...
    { name: 'desktop', use: desktop, dependencies: ['sign-in'] },
    // ...and what does (the menu, layout at 390 px, touch, the first screen) also on a phone.
    { name: 'mobile', use: phone, grep: /@mobile/, dependencies: ['sign-in'] },
  ],
  // The production build, served like production (wrangler pages dev). `npm test` builds first.
  webServer: [
    {
      command: 'node tests/support/fake-ghl.mjs',
      env: { FAKE_GHL_PORT: String(ghlPort), FAKE_GHL_TOKEN: ghlToken },
      url: `http://127.0.0.1:${ghlPort}/_health`,
      timeout: 30_000,
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node tests/support/fake-github.mjs',
      env: { FAKE_GITHUB_PORT: String(githubPort) },
      url: `http://127.0.0.1:${githubPort}/_health`,
      timeout: 30_000,
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // Never another checkout's stand-in: its data is not this run's (npm test builds for a free port then).
      command: 'node tools/preview.mjs --own-supabase',
      // tools/preview.mjs passes the signal on to wrangler.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      env: { PORT: String(port), GHL_API_BASE: `http://127.0.0.1:${ghlPort}`, GHL_API_TOKEN: ghlToken, GHL_LOCATION_ID: FAKE_GHL_LOCATION_ID, ...github },
      url: `${baseURL}/api/health`,
      timeout: 90_000,
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
