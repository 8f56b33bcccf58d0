#!/usr/bin/env node
/**
 * `npm run dev`: the local Supabase stand-in (unless PUBLIC_SUPABASE_URL is set; this checkout's own, on a
 * free port when another checkout's holds the usual one: tools/supabase-local.mjs), a local fake
 * GoHighLevel behind the stand-in's calendar functions (unless GHL_API_TOKEN is set, or with
 * `--no-fake-ghl`), a local fake Meta Graph API the conversions are delivered to (unless
 * META_CAPI_TOKEN is set, or with `--no-fake-meta`), a local fake Google Ads (Data Manager API
 * and its token endpoint, unless GOOGLE_SERVICE_ACCOUNT_KEY is set, or with `--no-fake-google`),
 * and `astro dev` with the other arguments
 * (`npm run dev -- --port 4322`). GHL_API_BASE, GHL_API_TOKEN and GHL_LOCATION_ID are read from
 * the environment or `.env`.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import { FAKE_GHL_LOCATION_ID, FAKE_GHL_TOKEN, startFakeGhl } from '../tests/support/fake-ghl.mjs';
import { startFakeGoogle } from '../tests/support/fake-google.mjs';
import { startFakeGraph } from './tracking/fake-graph.mjs';
import { ensureLocalSupabase } from './supabase-local.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const NO_FAKE = '--no-fake-ghl';
const NO_FAKE_META = '--no-fake-meta';
const NO_FAKE_GOOGLE = '--no-fake-google';
const args = process.argv.slice(2);

/** The GoHighLevel settings given to the stand-in: the environment's, else `.env`'s. */
function ghlSettings(env) {
  const file = `${root}.env`;
  const fromFile = existsSync(file) ? parseEnv(readFileSync(file, 'utf8')) : {};
  const settings = {};
  for (const name of ['GHL_API_BASE', 'GHL_API_TOKEN', 'GHL_LOCATION_ID']) {
    const value = env[name] || fromFile[name];
    if (value) settings[name] = value;
  }
  return settings;
}

const ghl = ghlSettings(process.env);
let fake = !ghl.GHL_API_TOKEN && !args.includes(NO_FAKE) ? await startFakeGhl() : null;
// Conversions go through the whole path (ledger, delivery, the admin's Conversions tab) to a
// local fake Graph API, which the tab names as such.
const graph = !process.env.META_CAPI_TOKEN && !args.includes(NO_FAKE_META) ? await startFakeGraph() : null;
const meta = graph ? { META_PIXEL_ID: '1234567890', META_CAPI_TOKEN: 'local-fake-token', META_GRAPH_URL: graph.url } : {};
if (graph) console.log(`meta: no META_CAPI_TOKEN set: conversions are delivered to a local fake Graph API on ${graph.url} (named in the admin's Conversions tab)`);
// Likewise Google Ads, a click's conversion sent at once (Google's own wait is 6 hours).
const google = !process.env.GOOGLE_SERVICE_ACCOUNT_KEY && !args.includes(NO_FAKE_GOOGLE) ? await startFakeGoogle() : null;
const googleAds = google ? { ...google.env(), GOOGLE_ADS_DELAY_MINUTES: '0' } : {};
if (google)
  console.log(
    `google-ads: no GOOGLE_SERVICE_ACCOUNT_KEY set: conversions from Google ads are delivered to a local fake Google on ${google.url} (named in the admin's Conversions tab)`,
  );
const supabase = await ensureLocalSupabase(
  {
    ...process.env,
    ...meta,
    ...googleAds,
    ...ghl,
    ...(fake ? { GHL_API_BASE: fake.url, GHL_API_TOKEN: FAKE_GHL_TOKEN, GHL_LOCATION_ID: FAKE_GHL_LOCATION_ID } : {}),
  },
  { mode: 'dev' },
);
if (fake && !supabase.started) {
  // The Supabase in use was not started here: it keeps the GoHighLevel it was given.
  await fake.close();
  fake = null;
  console.log('ghl: the calendar functions of the Supabase in use keep their own GoHighLevel settings');
} else if (fake) {
  console.log(`ghl: no GHL_API_TOKEN set: the calendar functions call a local fake GoHighLevel on ${fake.url} (labelled in the admin's calendar debugger)`);
} else if (supabase.started) {
  console.log(
    ghl.GHL_API_TOKEN ? 'ghl: the calendar functions call GoHighLevel with GHL_API_TOKEN' : 'ghl: no GoHighLevel: the calendar functions answer 503 naming GHL_API_TOKEN',
  );
}

const astro = spawn(`${root}node_modules/.bin/astro`, ['dev', ...args.filter((arg) => arg !== NO_FAKE && arg !== NO_FAKE_META && arg !== NO_FAKE_GOOGLE)], {
  cwd: root,
  stdio: 'inherit',
  // PUBLIC_SUPABASE_URL reaches the browser code: this checkout's stand-in, wherever it runs.
  env: { ...supabase.ledgerEnv, ...meta, ...googleAds, ...process.env, PUBLIC_SUPABASE_URL: supabase.url, ASTRO_TELEMETRY_DISABLED: '1' },
});
const stop = () => astro.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
astro.on('exit', async (code, signal) => {
  supabase.stop();
  await fake?.close();
  await graph?.close();
  await google?.close();
  process.exit(code ?? (signal ? 0 : 1));
});
