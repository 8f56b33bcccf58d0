/**
 * Where the Chromium for tests and the benchmark is. Tests never download a browser:
 * they use the system one (Debian's `chromium` package) or CHROMIUM_PATH.
 */
import { existsSync } from 'node:fs';

const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** @returns {string} */
export function chromiumPath() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return fromEnv;
  return candidates.find((path) => existsSync(path)) ?? '/usr/bin/chromium';
}
