#!/usr/bin/env node
/**
 * Fuzz of POST /api/track-conversion: malformed requests against the real Pages Function
 * (wrangler pages dev) with a fake Graph API behind it. Prints how many were refused with a
 * 4xx and how many reached the upstream (must be 0). Exits 1 if any did, or any got a non-4xx.
 *
 *   npm run tracking:fuzz            (PORT=4720 by default; uses PORT and PORT+1)
 */
import { startFakeGraph } from './fake-graph.mjs';
import { malformedRequests } from './payloads.mjs';
import { startPagesDev } from './wrangler-pages.mjs';

const port = Number(process.env.PORT ?? 4720);
const SITE = 'https://kaylareyes.coach';
const graph = await startFakeGraph({ port });
const site = await startPagesDev({
  port: port + 1,
  // From the site's own origin (payloads.mjs), with the rate limit out of the way: the payloads are what is tested.
  vars: { META_PIXEL_ID: '1234567890', META_CAPI_TOKEN: 'fuzz-token', META_GRAPH_URL: graph.url, ALLOWED_ORIGINS: SITE, TRACK_RATE_LIMIT: '100000' },
});

try {
  const cases = malformedRequests();
  const byStatus = new Map();
  const wrong = [];
  for (const item of cases) {
    const headers = { origin: SITE, ...(item.type ? { 'content-type': item.type } : {}) };
    const response = await fetch(`${site.url}/api/track-conversion`, { method: 'POST', headers, body: item.body });
    const text = await response.text();
    byStatus.set(response.status, (byStatus.get(response.status) ?? 0) + 1);
    let error = null;
    try {
      error = JSON.parse(text).error;
    } catch {
      // not JSON: counted as wrong below
    }
    if (response.status < 400 || response.status > 499 || typeof error !== 'string') wrong.push(`${item.name} → ${response.status} ${text.slice(0, 80)}`);
  }
  const refused = cases.length - wrong.length;
  console.log(`malformed payloads sent:       ${cases.length}`);
  console.log(`answered 4xx with {error}:     ${refused} (${((refused / cases.length) * 100).toFixed(1)} %)`);
  console.log(
    `by status:                     ${[...byStatus]
      .sort()
      .map(([s, n]) => `${s}×${n}`)
      .join('  ')}`,
  );
  console.log(`requests reaching the upstream: ${graph.requests.length}`);
  for (const line of wrong.slice(0, 20)) console.log(`  not refused: ${line}`);
  process.exitCode = wrong.length === 0 && graph.requests.length === 0 ? 0 : 1;
} finally {
  await site.stop();
  await graph.close();
}
