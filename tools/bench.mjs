#!/usr/bin/env node
/**
 * Page-weight and Lighthouse benchmark of the production build. Not a test: it prints figures and
 * exits 0 unless it could not run at all.
 *
 *   npm run bench                                     # build, serve, 7 routes, 3 Lighthouse runs each
 *   npm run bench -- --no-build --runs 1 --routes /   # quick look at the existing dist/
 *   npm run bench -- --help                           # all options
 *   npm run bench -- --no-build --only long-tasks --routes /   # one measurement alone
 *
 * Steps: `npm run build` → `tools/preview.mjs` (wrangler pages dev, like production) on a free
 * port from 4400 → bytes by kind per route (Playwright, mobile viewport, no interaction) →
 * Lighthouse mobile runs per route → click on 'START YOUR JOURNEY' to booking dialog visible,
 * with Lighthouse's mobile network and CPU throttling (Playwright + CDP) → long tasks before and
 * after load, idle then scrolled top to bottom, and LCP − FCP, CPU ×4 (--cpu-rate) on a phone
 * viewport → Markdown table on
 * stdout (progress on stderr), also written to bench-results/latest.md, with every run's raw
 * numbers in bench-results/latest.json.
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { parseArgs, USAGE } from './bench/args.mjs';
import { build, findFreePort, startPreview } from './bench/server.mjs';
import { standinForBuild } from './supabase-local.mjs';
import { measureAllBytes } from './bench/bytes.mjs';
import { startControlPage } from './bench/control-page.mjs';
import { measureAllLighthouse, killAllChromes, LIGHTHOUSE_VERSION } from './bench/lighthouse.mjs';
import { measureAllInteractions } from './bench/interaction.mjs';
import { measureAdminIsland, renderAdminMarkdown } from './bench/admin.mjs';
import { measureAllLongTasks } from './bench/long-tasks.mjs';
import { environment, renderComparison, renderLongTasks, renderMarkdown, renderTitle, writeResults } from './bench/report.mjs';
import { log, errorMessage, BenchStopped } from './bench/util.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const resultsDir = path.join(root, 'bench-results');

// What must be stopped however the bench ends: the preview server, browsers, the build.
const cleanups = new Set();
let stopping = false;

/** Registers `fn` to run at the end; returns a function that unregisters it. */
function registerCleanup(fn) {
  if (stopping) {
    // Something was started while we are shutting down: stop it right away and bail out.
    Promise.resolve()
      .then(fn)
      .catch(() => {});
    throw new BenchStopped();
  }
  cleanups.add(fn);
  return () => cleanups.delete(fn);
}

/** Runs the cleanups (newest first) once, then exits with `code`. */
async function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const fn of [...cleanups].reverse()) {
    try {
      await fn();
    } catch (err) {
      log(`cleanup: ${errorMessage(err)}`);
    }
  }
  process.exit(code);
}

/** Returns the base URL to measure: --base-url, or a freshly built and started preview server. */
async function serve(options) {
  if (options.baseUrl) return options.baseUrl;
  if (options.build) {
    // The build bakes the stand-in's URL in: another checkout's stand-in is never measured as ours.
    Object.assign(process.env, (await standinForBuild(process.env, 'bench')).env);
    await build(root, (child) => registerCleanup(() => child.exitCode === null && child.kill('SIGTERM')));
  }
  const port = await findFreePort(options.port);
  return startPreview(root, port, registerCleanup);
}

/** One plain GET per route: warms the server up and tells early about missing pages. */
async function warmUp(baseUrl, routes) {
  for (const route of routes) {
    try {
      const res = await fetch(new URL(route, baseUrl), { signal: AbortSignal.timeout(15_000) });
      await res.arrayBuffer();
      if (res.status !== 200) log(`warning: GET ${route} answered ${res.status}`);
    } catch (err) {
      log(`warning: GET ${route} failed: ${errorMessage(err)}`);
    }
  }
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (options.help) {
    console.error(USAGE);
    return 0;
  }
  const baseUrl = await serve(options);
  await warmUp(baseUrl, options.routes);
  if (options.compareUrl) await warmUp(options.compareUrl, options.routes);
  if (options.only === 'long-tasks') return longTasksAlone(baseUrl, options);

  log(`measuring bytes of ${options.routes.length} route(s)`);
  const bytes = await measureAllBytes(baseUrl, options.routes, registerCleanup);
  // The control page is read in the same rounds as the routes: the same machine, the same minutes.
  const controlUrl = options.control ? await startControlPage(registerCleanup) : null;
  // With --compare, each route of the other server is read in the same rounds, next to ours.
  const compared = options.compareUrl ? options.routes.map((route) => new URL(route, options.compareUrl).href) : [];
  const compareBytes = options.compareUrl ? await measureAllBytes(options.compareUrl, options.routes, registerCleanup) : null;
  const routeTargets = options.routes.flatMap((route, i) => (compared[i] ? [route, compared[i]] : [route]));
  const lighthouseTargets = controlUrl ? [...routeTargets, controlUrl] : routeTargets;
  log(`running Lighthouse ${LIGHTHOUSE_VERSION}, ${options.runs} run(s) per route${controlUrl ? ' and the control page' : ''}`);
  const lighthouse = await measureAllLighthouse(baseUrl, lighthouseTargets, options.runs, registerCleanup, options.cpuRate);
  log(`timing click → booking dialog with Lighthouse's mobile throttling, ${options.runs} run(s) per route`);
  const interaction = await measureAllInteractions(baseUrl, options.routes, options.runs, registerCleanup, options.cpuRate);
  const longTasks = options.longTasks ? await measureLongTasks(baseUrl, options) : null;

  let admin = null;
  if (options.admin) {
    log('measuring the admin island (signed in as the seeded admin)');
    admin = await measureAdminIsland(baseUrl, root, registerCleanup);
  }

  const report = {
    meta: environment({ lighthouseVersion: LIGHTHOUSE_VERSION, runs: options.runs, baseUrl, routes: options.routes, cpuRate: options.cpuRate }),
    admin,
    control: controlUrl ? lighthouse[controlUrl] : null,
    routes: options.routes.map((route) => ({
      route,
      bytes: bytes[route],
      lighthouse: lighthouse[route],
      interaction: interaction[route],
    })),
    longTasks,
  };
  if (options.compareUrl) {
    report.compare = {
      baseUrl: options.compareUrl,
      routes: options.routes.map((route, i) => ({ route, bytes: compareBytes[route], lighthouse: lighthouse[compared[i]] })),
    };
  }
  const markdown = renderMarkdown(report) + (report.compare ? renderComparison(report) : '') + renderLongTasks(report) + renderAdminMarkdown(admin);
  process.stdout.write(markdown);
  await writeResults(resultsDir, markdown, report);
  log(`wrote ${path.relative(root, resultsDir)}/latest.md and latest.json`);

  const gotSomething = report.routes.some((r) => r.bytes?.kinds || r.lighthouse.runs.some((run) => !run.error));
  return gotSomething ? 0 : 1;
}

async function measureLongTasks(baseUrl, options) {
  log(`long tasks, CPU ×${options.cpuRate}, idle then scrolled, ${options.runs} load(s) per route${options.compareUrl ? ', alternating with the compared server' : ''}`);
  const results = await measureAllLongTasks(baseUrl, options.compareUrl, options.routes, options.runs, registerCleanup, options);
  return { ...results, skipIslands: options.skipIslands, cpuRate: options.cpuRate };
}

/** `--only long-tasks`: that measurement and its table, nothing else. */
async function longTasksAlone(baseUrl, options) {
  const report = {
    meta: environment({ lighthouseVersion: null, runs: options.runs, baseUrl, routes: options.routes, cpuRate: options.cpuRate }),
    compare: options.compareUrl ? { baseUrl: options.compareUrl } : undefined,
    longTasks: await measureLongTasks(baseUrl, options),
  };
  const markdown = renderTitle(report.meta) + renderLongTasks(report);
  process.stdout.write(markdown);
  await writeResults(resultsDir, markdown, report);
  log(`wrote ${path.relative(root, resultsDir)}/latest.md and latest.json`);
  const runs = Object.values(report.longTasks.this).flatMap((result) => result.runs);
  return runs.some((run) => !run.error) ? 0 : 1;
}

for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
]) {
  process.once(signal, () => {
    log(`${signal}: stopping`);
    stop(code);
  });
}
// Last resort on any exit: Chromes that were still starting up when we stopped.
process.on('exit', killAllChromes);

main()
  .catch((err) => {
    if (!stopping) log(`could not run: ${err instanceof Error ? err.message : err}`);
    return 1;
  })
  .then(stop);
