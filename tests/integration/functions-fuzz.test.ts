/**
 * A smaller run of `npm run fuzz:functions` (every 8th case of every input path): the
 * malformed requests are refused with a 4xx JSON error and none reaches an upstream, while a
 * valid request on each path does.
 */
import { expect, it } from 'vitest';
import { report, runFunctionFuzz } from '../../tools/fuzz/run.mjs';

const base = Number(process.env.FUZZ_TEST_PORT ?? 4750);

it('every function input path refuses malformed requests (4xx JSON) and forwards none', async () => {
  const summary = await runFunctionFuzz({ ports: { graph: base, ghl: base + 1, pages: base + 2, deno: base + 3, standin: base + 4 }, every: 8 });
  const { text, total, refused, forwarded } = report(summary);
  const expected = (label: string) => (label.includes('track-conversion') ? 202 : 200);
  expect(summary.sanity.map((check) => [check.label, check.status, check.forwarded])).toEqual(
    summary.sanity.map((check) => [check.label, expected(String(check.label)), 1]),
  );
  expect(summary.results).toHaveLength(6);
  for (const result of summary.results) expect(result.wrong, text).toEqual([]);
  expect(total).toBeGreaterThan(90);
  expect(refused).toBe(total);
  expect(forwarded).toBe(0);
}, 240_000);
