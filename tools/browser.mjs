/**
 * Where the Chromium for tests and the benchmark is. Tests never download a browser:
 * they use the system one (Debian's packages) or CHROMIUM_PATH.
 *
 * The end-to-end tests run Chromium's headless shell (Debian's `chromium-headless-shell`), which
 * is what Playwright itself runs for headless tests: the same engine without the browser's own
 * interface, at about half the CPU per test. The benchmark and the development check run the full
 * browser, as visitors do.
 */
import { existsSync } from 'node:fs';

const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** The full browser. @returns {string} */
export function chromiumPath() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return fromEnv;
  return candidates.find((path) => existsSync(path)) ?? '/usr/bin/chromium';
}

/** The browser of the end-to-end tests: the headless shell when installed. @returns {string} */
export function testBrowserPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : chromiumPath();
}
