/**
 * The display face's hand-written fallback (used before the face is cached) keeps the metrics
 * that the font API computes for the generated fallback of the face, so swapping them never
 * shifts a heading.
 */
import { expect, test } from 'vitest';
import { readPage } from './dist-files';

function fallbackMetrics(css: string, family: RegExp): Record<string, string> {
  const face = [...css.matchAll(/@font-face\{([^}]*)\}/g)].map((m) => m[1] ?? '').find((body) => family.test(body));
  if (!face) throw new Error(`no @font-face for ${family} in dist/index.html`);
  const metrics: Record<string, string> = {};
  for (const name of ['size-adjust', 'ascent-override', 'descent-override', 'line-gap-override']) {
    metrics[name] = new RegExp(`${name}:\\s*([\\d.]+%)`).exec(face)?.[1] ?? 'missing';
  }
  return metrics;
}

test('the hand-written display fallback keeps the metrics the font API computes for the face', () => {
  const page = readPage('/');
  const generated = fallbackMetrics(page, /font-family:"Montserrat-[0-9a-f]+ fallback/);
  expect(Object.values(generated)).not.toContain('missing');
  const handWritten = fallbackMetrics(page, /font-family:["']?Display fallback/);
  // The CSS minifier keeps three decimals of a percentage: 109.4659% is shipped as 109.466%.
  for (const [name, value] of Object.entries(generated)) {
    expect(parseFloat(handWritten[name] ?? 'NaN'), name).toBeCloseTo(parseFloat(value), 3);
  }
});
