/**
 * End-to-end tests wait on what the app signals (readiness attributes, hydrated islands, the
 * fake clock), never on the network going quiet or on a fixed sleep: both make a test slow on a
 * fast machine and flaky on a loaded one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const E2E = new URL('../e2e/', import.meta.url);
const FORBIDDEN: [RegExp, string][] = [
  [/\bwaitForTimeout\s*\(/, 'waitForTimeout (a fixed sleep)'],
  [/['"`]networkidle['"`]/, "'networkidle'"],
];

/** "file:line: what" for every forbidden wait in the sources given. */
export function forbiddenWaits(files: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of Object.entries(files)) {
    text.split('\n').forEach((line, index) => {
      for (const [pattern, what] of FORBIDDEN) if (pattern.test(line)) found.push(`${file}:${index + 1}: ${what}`);
    });
  }
  return found;
}

it('no end-to-end test sleeps or waits for networkidle', () => {
  const files = Object.fromEntries(
    readdirSync(E2E)
      .filter((name) => name.endsWith('.ts'))
      .map((name) => [name, readFileSync(join(E2E.pathname, name), 'utf8')]),
  );
  expect(Object.keys(files).length).toBeGreaterThan(10);
  expect(forbiddenWaits(files)).toEqual([]);
});

it('the check finds both kinds of wait', () => {
  const planted = {
    'a.spec.ts': "await page.waitForLoadState('networkidle');",
    'b.spec.ts': 'ok();\nawait page.waitForTimeout(300);',
  };
  expect(forbiddenWaits(planted)).toEqual(["a.spec.ts:1: 'networkidle'", 'b.spec.ts:2: waitForTimeout (a fixed sleep)']);
});
