/** The Markdown table (stdout and bench-results/latest.md) and the raw JSON (bench-results/latest.json). */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { median } from './util.mjs';

const BYTE_COLUMNS = [
  ['html', 'HTML'],
  ['css', 'CSS'],
  ['js', 'JS'],
  ['images', 'Images'],
  ['fonts', 'Fonts'],
  ['video', 'Video'],
];
const HEADER = [
  'Route',
  ...BYTE_COLUMNS.map(([, title]) => title),
  'JS before interaction (KB gz)',
  'Perf',
  'A11y',
  'BP',
  'SEO',
  'LCP (s)',
  'TBT (ms)',
  'Main thread ÷ control',
  'CLS',
  'Click → dialog (ms)',
  'Click → island (ms)',
];

/** Date, Node, CPU, Lighthouse version and runs: what the figures depend on. */
export function environment({ lighthouseVersion, runs, baseUrl, routes, cpuRate }) {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    node: process.version,
    cpu: cpus[0]?.model?.trim() ?? 'unknown',
    cores: cpus.length,
    lighthouse: lighthouseVersion,
    runs,
    cpuRate,
    baseUrl,
    routes,
  };
}

/** The report's first line: when, where and with what it was measured. */
export function renderTitle(meta) {
  const lighthouse = meta.lighthouse ? ` · Lighthouse ${meta.lighthouse}` : '';
  return `# Bench ${meta.date} · node ${meta.node} · ${meta.cpu} (${meta.cores} cores)${lighthouse} · runs ${meta.runs} · CPU ×${meta.cpuRate}\n`;
}

export function renderMarkdown({ meta, routes, control }) {
  const lines = [
    renderTitle(meta).trimEnd(),
    '',
    `Lighthouse CPU benchmark index of this machine, median of the runs: ${num(cpuIndex(routes), 0)} (higher = faster; TBT grows as it falls).`,
    '',
    ...controlLines(control),
    row(HEADER),
    row(HEADER.map((_, i) => (i === 0 ? '---' : '---:'))),
    ...routes.map((r) => row(tableCells(r, control))),
    '',
    'Bytes: "raw / gzip" in KB (1 KB = 1024 B), gzip -9 computed by the bench; one load per route at 390×844 (DPR 3),',
    '"load" + 2 s quiet, no interaction. Lighthouse: default mobile config (simulated throttling), medians of the runs;',
    "main thread ÷ control: the route's main-thread work over the control page's in the same round, median of the rounds.",
    "Click → dialog / island: from the click on the first visible 'START YOUR JOURNEY' to the first frame with the booking",
    "dialog open / to its island hydrated, with Lighthouse's mobile throttling applied through CDP (562.5 ms latency,",
    '1.44 Mbps down, 675 kbps up, CPU ×4), 390×844, page loaded and quiet first; medians of the runs. Budget: dialog ≤ 1000 ms.',
    ...notes(routes),
  ];
  return `${lines.join('\n')}\n`;
}

function tableCells({ route, bytes, lighthouse, interaction }, control) {
  const m = lighthouse?.median ?? {};
  const click = interaction?.median ?? {};
  const byteCells = bytes?.kinds
    ? [...BYTE_COLUMNS.map(([kind]) => `${kb(bytes.kinds[kind].raw)} / ${kb(bytes.kinds[kind].gzip)}`), kb(bytes.jsBeforeInteractionGzip)]
    : Array(BYTE_COLUMNS.length + 1).fill('error');
  return [
    route,
    ...byteCells,
    num(m.performance, 0),
    num(m.accessibility, 0),
    num(m['best-practices'], 0),
    num(m.seo, 0),
    num(m.lcpS, 2),
    num(m.tbtMs, 0),
    num(mainThreadRatio(lighthouse, control).median, 2),
    num(m.cls, 3),
    num(click.dialogMs, 0),
    num(click.hydratedMs, 0),
  ];
}

/** Everything the table cannot show: errors, non-200 pages, "other" bytes, third-party hosts. */
function notes(routes) {
  const out = [];
  for (const { route, bytes, lighthouse, interaction } of routes) {
    const items = [];
    if (bytes?.error) items.push(`bytes failed: ${bytes.error}`);
    if (bytes?.status && bytes.status !== 200) items.push(`HTTP ${bytes.status}`);
    const finalPath = bytes?.finalUrl && new URL(bytes.finalUrl).pathname;
    if (finalPath && finalPath.replace(/\/$/, '') !== route.replace(/\/$/, '')) items.push(`ends up at ${finalPath}`);
    if (bytes?.kinds?.other.requests) items.push(`other ${kb(bytes.kinds.other.raw)} / ${kb(bytes.kinds.other.gzip)} KB (${bytes.kinds.other.requests} req)`);
    if (bytes?.thirdParty?.requests) {
      const hosts = Object.entries(bytes.thirdParty.hosts)
        .map(([host, n]) => `${host} ×${n}`)
        .join(', ');
      items.push(`third-party ${bytes.thirdParty.requests} req (${bytes.thirdParty.failed} failed): ${hosts}`);
    }
    const failedRuns = (lighthouse?.runs ?? []).filter((r) => r.error || r.runtimeError);
    for (const r of failedRuns) items.push(`Lighthouse run ${r.run}: ${r.error ?? r.runtimeError}`);
    for (const r of (interaction?.runs ?? []).filter((run) => run.error)) items.push(`click → dialog run ${r.run}: ${r.error}`);
    if (items.length) out.push(`- \`${route}\`: ${items.join('; ')}`);
  }
  return out.length ? ['', 'Notes:', ...out] : [];
}

/**
 * `--compare`: this build against the other server's, read in the same alternating rounds, with the
 * control page's figures of those rounds. Medians, and each run's figure in brackets.
 */
export function renderComparison({ routes, compare, control }) {
  const runsOf = (lh, key, d) =>
    (lh?.runs ?? [])
      .filter((run) => !run.error)
      .map((run) => num(run[key], d))
      .join(' / ');
  const cell = (lh, key, d) => `${num(lh?.median?.[key], d)} (${runsOf(lh, key, d)})`;
  const jsBefore = (bytes) => (typeof bytes?.jsBeforeInteractionGzip === 'number' ? kb(bytes.jsBeforeInteractionGzip) : 'n/a');
  const ratioCell = (lh) => {
    const ratio = mainThreadRatio(lh, control);
    return `${num(ratio.median, 2)} (${ratio.runs.map((r) => num(r, 2)).join(' / ')})`;
  };
  const header = ['Route', 'build', 'JS before interaction (KB gz)', 'Perf', 'LCP (s)', 'TBT (ms)', 'Main thread (ms)', 'Main thread ÷ control', 'CLS', 'CPU index'];
  const lines = ['', `## Side by side: this build and ${compare.baseUrl}, same rounds`, '', row(header), row(header.map((_, i) => (i < 2 ? '---' : '---:')))];
  const controlCells = control
    ? [
        row([
          'control page',
          '—',
          '—',
          cell(control, 'performance', 0),
          cell(control, 'lcpS', 2),
          cell(control, 'tbtMs', 0),
          cell(control, 'mainThreadMs', 0),
          '1',
          cell(control, 'cls', 3),
          num(control.median?.benchmarkIndex, 0),
        ]),
      ]
    : [];
  for (const [i, r] of routes.entries()) {
    const other = compare.routes[i];
    for (const [name, item] of [
      ['this', r],
      ['compared', other],
    ]) {
      const lh = item.lighthouse;
      lines.push(
        row([
          r.route,
          name,
          jsBefore(item.bytes),
          cell(lh, 'performance', 0),
          cell(lh, 'lcpS', 2),
          cell(lh, 'tbtMs', 0),
          cell(lh, 'mainThreadMs', 0),
          ratioCell(lh),
          cell(lh, 'cls', 3),
          num(lh?.median?.benchmarkIndex, 0),
        ]),
      );
    }
  }
  lines.push(...controlCells, '');
  return `${lines.join('\n')}\n`;
}

/**
 * Long tasks on a slow phone (tools/bench/long-tasks.mjs): per route and build, LCP − FCP and the
 * tasks before and after the load event, medians of the loads, each load's figure in brackets.
 */
export function renderLongTasks({ longTasks, compare }) {
  if (!longTasks) return '';
  const builds = [
    ['this', longTasks.this],
    ['compared', longTasks.compared],
  ].filter(([, byRoute]) => byRoute);
  const routes = Object.keys(longTasks.this);
  const runsOf = (result, key) =>
    result.runs
      .filter((run) => !run.error)
      .map((run) => num(run[key], 0))
      .join(' / ');
  const cell = (result, key) => `${num(result.median?.[key], 0)} (${runsOf(result, key)})`;
  const columns = [
    ['lcpMinusFcpMs', 'LCP − FCP (ms)'],
    ['beforeLoadOver50', 'Tasks > 50 ms before load'],
    ['beforeLoadLongestMs', 'Longest before load (ms)'],
    ['afterLoadOver50', 'Tasks > 50 ms after load'],
    ['afterLoadLongestMs', 'Longest after load (ms)'],
    ['framesOver50', 'Frames > 50 ms after load'],
    ['longestFrameMs', 'Longest frame after load (ms)'],
  ];
  const header = ['Route', 'build', ...columns.map(([, title]) => title)];
  const skipped = longTasks.skipIslands?.length ? ` Islands taken out of the page (never hydrated): ${longTasks.skipIslands.join(', ')}.` : '';
  const lines = [
    '',
    `## Long tasks and the largest paint on a slow phone${compare?.baseUrl ? `: this build and ${compare.baseUrl}, same rounds` : ''}`,
    '',
    `CPU ×${longTasks.cpuRate ?? 4} (CDP), 390×844 phone with touch; each load: "load", the network quiet, 2 s idle, then 300 px down`,
    'every 100 ms to the bottom and 1 s more. Tasks over 50 ms (PerformanceObserver "longtask"; a frame\'s rendering counts',
    'as a task of its own) started before and after the load event; animation frames over 50 ms after it (the tasks of one',
    'frame and its rendering together: "long-animation-frame"); LCP − FCP read before the first scroll step. Medians of the',
    'loads, each load in brackets.' + skipped,
    '',
    row(header),
    row(header.map((_, i) => (i < 2 ? '---' : '---:'))),
  ];
  for (const route of routes) {
    for (const [name, byRoute] of builds) {
      const result = byRoute[route];
      lines.push(row([route, name, ...columns.map(([key]) => cell(result, key))]));
    }
  }
  const failed = builds.flatMap(([name, byRoute]) =>
    Object.entries(byRoute).flatMap(([route, result]) => result.runs.filter((run) => run.error).map((run) => `- \`${route}\` (${name}) load ${run.run}: ${run.error}`)),
  );
  lines.push(...(failed.length ? ['', ...failed] : []), '');
  return `${lines.join('\n')}\n`;
}

/** The control page's figures: the floor this machine gives any page in these rounds. */
function controlLines(control) {
  if (!control) return [];
  const ok = control.runs.filter((run) => !run.error && !run.runtimeError);
  const tbts = ok.map((run) => num(run.tbtMs, 0)).join(' / ') || 'n/a';
  return [
    `Control page (a heading and a paragraph; no stylesheet, script, image or font; plain Node server), read in the same rounds:`,
    `performance ${num(control.median?.performance, 0)}, TBT ${num(control.median?.tbtMs, 0)} ms (runs ${tbts}), LCP ${num(control.median?.lcpS, 2)} s.`,
    "That is the floor of this machine for any page; a route's TBT above it is the route's own work.",
    '',
  ];
}

/** Per round, the route's Lighthouse main-thread work over the control page's of the same round; and their median. */
export function mainThreadRatio(lighthouse, control) {
  const controlOf = new Map((control?.runs ?? []).filter((run) => typeof run.mainThreadMs === 'number').map((run) => [run.run, run.mainThreadMs]));
  const runs = (lighthouse?.runs ?? [])
    .filter((run) => typeof run.mainThreadMs === 'number' && controlOf.get(run.run) > 0)
    .map((run) => run.mainThreadMs / controlOf.get(run.run));
  return { median: median(runs), runs };
}

const cpuIndex = (routes) => median(routes.flatMap((r) => (r.lighthouse?.runs ?? []).map((run) => run.benchmarkIndex)));

const row = (cells) => `| ${cells.join(' | ')} |`;
const kb = (bytes) => (bytes / 1024).toFixed(1);
const num = (value, decimals) => (typeof value === 'number' && Number.isFinite(value) ? value.toFixed(decimals) : 'n/a');

/** Writes latest.md and latest.json into `dir`. */
export async function writeResults(dir, markdown, report) {
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'latest.md'), markdown);
  await writeFile(path.join(dir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
}
