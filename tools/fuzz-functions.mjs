#!/usr/bin/env node
/**
 * Fuzz of every function input path (tools/fuzz/run.mjs): prints, per path, how many
 * malformed requests were sent, answered 4xx with a JSON error, answered 5xx, and forwarded
 * upstream. Exits 1 unless every one was refused and none forwarded.
 *
 *   npm run fuzz:functions [-- --every 10]     FUZZ_PORT (default 4740) and the 4 ports after it
 */
import { parseArgs } from 'node:util';
import { report, runFunctionFuzz } from './fuzz/run.mjs';

const { values } = parseArgs({ options: { every: { type: 'string', default: '1' } } });
const base = Number(process.env.FUZZ_PORT ?? 4740);
const ports = { graph: base, ghl: base + 1, pages: base + 2, deno: base + 3, standin: base + 4 };
const started = Date.now();
const summary = report(await runFunctionFuzz({ ports, every: Number(values.every), log: (line) => console.log(line) }));
console.log(summary.text);
console.log(`time: ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exitCode = summary.passed ? 0 : 1;
