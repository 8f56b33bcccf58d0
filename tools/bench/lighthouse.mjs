/**
 * Lighthouse (default config: mobile, simulated throttling) through its node API, with a fresh
 * Chrome per run. Scores are 0-100; the table shows the median of the runs that produced a value.
 */
import { createRequire } from 'node:module';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { throttling } from 'lighthouse/core/config/constants.js';
import { CHROME_PATH } from './bytes.mjs';
import { log, median, errorMessage, BenchStopped } from './util.mjs';

export const LIGHTHOUSE_VERSION = createRequire(import.meta.url)('lighthouse/package.json').version;

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const METRICS = ['performance', 'accessibility', 'best-practices', 'seo', 'lcpS', 'tbtMs', 'cls', 'mainThreadMs', 'benchmarkIndex'];

/** Kills, synchronously, every Chrome that chrome-launcher started and has not killed yet. */
export const killAllChromes = () => chromeLauncher.killAll();

/** One Lighthouse run of `url` in its own Chrome, its CPU simulated `cpuRate`× slower; throws when Lighthouse could not run. */
export async function runLighthouse(url, registerCleanup, cpuRate = throttling.mobileSlow4G.cpuSlowdownMultiplier) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    handleSIGINT: false,
    logLevel: 'silent',
  });
  const unregister = registerCleanup(() => chrome.kill());
  try {
    const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES };
    const settings = { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuRate } };
    const result = await lighthouse(url, flags, { extends: 'lighthouse:default', settings });
    if (!result?.lhr) throw new Error('Lighthouse returned no result');
    return figures(result.lhr);
  } finally {
    unregister();
    await Promise.resolve(chrome.kill()).catch(() => {});
  }
}

/** The numbers we keep from a Lighthouse result, plus the failing audits of each category. */
function figures(lhr) {
  const score = (id) => (typeof lhr.categories[id]?.score === 'number' ? Math.round(lhr.categories[id].score * 100) : null);
  const numeric = (id) => lhr.audits[id]?.numericValue ?? null;
  const lcp = numeric('largest-contentful-paint');
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    lcpS: lcp === null ? null : lcp / 1000,
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    mainThreadMs: numeric('mainthread-work-breakdown'),
    // Lighthouse's CPU speed probe of this machine: TBT scales with it, so runs on a slower host read worse.
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    layoutShifts: layoutShifts(lhr),
    finalUrl: lhr.finalDisplayedUrl,
    runtimeError: lhr.runtimeError?.message ?? null,
    runWarnings: lhr.runWarnings ?? [],
    failingAudits: failingAudits(lhr),
  };
}

/** What moved in a run with a layout shift ("0.068 main > section > h1"): a shift seen once is found again by its element. */
function layoutShifts(lhr) {
  const items = lhr.audits['layout-shifts']?.details?.items ?? [];
  return items.map(
    (item) => `${typeof item.score === 'number' ? item.score.toFixed(3) : '?'} ${item.node?.selector ?? item.node?.snippet ?? 'an element Lighthouse could not name'}`,
  );
}

/** Audits that fail in the non-performance categories (the metrics already say what perf lacks). */
function failingAudits(lhr) {
  const failing = {};
  for (const id of CATEGORIES.filter((c) => c !== 'performance')) {
    failing[id] = (lhr.categories[id]?.auditRefs ?? [])
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => typeof audit?.score === 'number' && audit.score < 1 && audit.scoreDisplayMode !== 'informative')
      .map((audit) => audit.id);
  }
  return failing;
}

/**
 * Runs every route `runs` times, round-robin, in the reverse order every other round: no route always
 * gets the first, cold run, nor always follows the same one (a compared build's route comes right after ours).
 */
export async function measureAllLighthouse(baseUrl, routes, runs, registerCleanup, cpuRate) {
  const results = Object.fromEntries(routes.map((route) => [route, { runs: [], median: null }]));
  for (let run = 1; run <= runs; run++) {
    for (const route of run % 2 === 1 ? routes : [...routes].reverse()) {
      const started = Date.now();
      const label = `lighthouse ${route} run ${run}/${runs}`;
      try {
        const figs = await runLighthouse(new URL(route, baseUrl).href, registerCleanup, cpuRate);
        results[route].runs.push({ run, ...figs });
        log(`${label}: ${describeRun(figs)} [${secondsSince(started)} s]`);
      } catch (err) {
        if (err instanceof BenchStopped) throw err;
        results[route].runs.push({ run, error: errorMessage(err) });
        log(`${label}: FAILED ${errorMessage(err)} [${secondsSince(started)} s]`);
      }
    }
  }
  for (const result of Object.values(results)) result.median = medians(result.runs);
  return results;
}

function medians(runs) {
  return Object.fromEntries(METRICS.map((metric) => [metric, median(runs.map((r) => r[metric]))]));
}

function describeRun(f) {
  if (f.runtimeError) return `runtime error: ${f.runtimeError}`;
  const fixed = (v, d) => (typeof v === 'number' ? v.toFixed(d) : 'n/a');
  return (
    `perf ${fixed(f.performance, 0)} a11y ${fixed(f.accessibility, 0)} bp ${fixed(f['best-practices'], 0)}` +
    ` seo ${fixed(f.seo, 0)} lcp ${fixed(f.lcpS, 2)} s tbt ${fixed(f.tbtMs, 0)} ms cls ${fixed(f.cls, 3)} main ${fixed(f.mainThreadMs, 0)} ms` +
    ` cpu index ${fixed(f.benchmarkIndex, 0)}` +
    (f.cls > 0 && f.layoutShifts.length ? `; shifted: ${f.layoutShifts.join(', ')}` : '')
  );
}

const secondsSince = (start) => ((Date.now() - start) / 1000).toFixed(1);
