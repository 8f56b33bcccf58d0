#!/usr/bin/env node
/**
 * A fake GoHighLevel calendars API (docs/admin.md): the stand-in's ghl-* functions call it instead of
 * the real service in the end-to-end tests of the calendar debugger, and under `npm run dev` when
 * no GHL_API_TOKEN is set (tools/dev.mjs), where the debugger labels it as the local fake.
 *
 *   FAKE_GHL_PORT=54330 FAKE_GHL_TOKEN=fake-ghl-token node tests/support/fake-ghl.mjs
 *
 * A server calling it is given its token and its location (FAKE_GHL_LOCATION_ID) as GHL_API_TOKEN
 * and GHL_LOCATION_ID, so the debugger's defaults work as they do against a configured server.
 *
 * Answers by id prefix: a locationId starting with `forbidden` → 403; `empty` → no calendars;
 * a calendarId starting with `missing` → 404, `empty` → no dates, `noslots` → a date without
 * slots; anything else → a calendar with two team members and three free slots on the day.
 * GET /_requests?calendarId=<id> lists the requests that named that calendar (path, query,
 * Version header), so tests can check what reached GoHighLevel.
 */
import { createServer } from 'node:http';
import { IDLE_CONNECTION_MS } from '../../supabase/local/idle-connections.ts';
import { pathToFileURL } from 'node:url';

export const FAKE_GHL_TOKEN = 'fake-ghl-token';
/** The fake's location: the GHL_LOCATION_ID of a server that calls it (`npm run dev`, the end-to-end tests). */
export const FAKE_GHL_LOCATION_ID = 'loc-demo';

export const TEAM = [
  { userId: 'user-kayla', name: 'Kayla Reyes', priority: 1, isPrimary: true },
  { userId: 'user-jordan', name: 'Jordan Lee', priority: 0.5 },
];

function localDate(epochMs, timeZone) {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(epochMs));
}

function answer(url) {
  const path = url.pathname;
  if (path === '/calendars/' || path === '/calendars') {
    const location = url.searchParams.get('locationId') ?? '';
    if (location.startsWith('forbidden')) return [403, { message: 'The token does not have access to this location.' }];
    if (location.startsWith('empty')) return [200, { calendars: [] }];
    return [
      200,
      { calendars: [{ id: 'cal-consult', locationId: location, name: 'Consultation Call', isActive: true, eventType: 'RoundRobin_OptimizeForAvailability' }] },
    ];
  }
  const slots = /^\/calendars\/([^/]+)\/free-slots$/.exec(path);
  if (slots) {
    const id = slots[1];
    if (id.startsWith('empty')) return [200, { traceId: 'trace-empty' }];
    const day = localDate(Number(url.searchParams.get('startDate')), url.searchParams.get('timezone') ?? 'UTC');
    if (id.startsWith('noslots')) return [200, { [day]: { slots: [] }, traceId: 'trace-none' }];
    return [200, { [day]: { slots: [`${day}T09:00:00`, `${day}T10:30:00`, `${day}T14:00:00`] }, traceId: 'trace-ok' }];
  }
  const details = /^\/calendars\/([^/]+)$/.exec(path);
  if (details) {
    const id = details[1];
    if (id.startsWith('missing')) return [404, { statusCode: 404, message: 'Calendar not found' }];
    return [
      200,
      {
        calendar: {
          id,
          locationId: FAKE_GHL_LOCATION_ID,
          name: 'Consultation Call',
          eventType: 'RoundRobin_OptimizeForAvailability',
          isActive: true,
          slotDuration: 30,
          teamMembers: TEAM,
        },
      },
    ];
  }
  return [404, { statusCode: 404, message: `Cannot GET ${path}` }];
}

/**
 * Starts the fake on 127.0.0.1:`port` (0: any free port).
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startFakeGhl({ port = 0, token = FAKE_GHL_TOKEN } = {}) {
  const seen = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/_health') return res.end('{"ok":true}');
    if (url.pathname === '/_requests') {
      const id = url.searchParams.get('calendarId') ?? '';
      return res.end(JSON.stringify(seen.filter((entry) => entry.path.split('/').includes(id))));
    }
    const query = {};
    for (const [key, value] of url.searchParams) (query[key] ??= []).push(value);
    seen.push({ path: url.pathname, query, version: req.headers.version ?? null });
    if (seen.length > 5000) seen.splice(0, 1000);
    if (req.headers.authorization !== `Bearer ${token}`) {
      res.statusCode = 401;
      return res.end(JSON.stringify({ statusCode: 401, message: 'Invalid token: access token is invalid', error: 'Unauthorized' }));
    }
    const [status, body] = answer(url);
    res.statusCode = status;
    res.end(JSON.stringify(body));
  });
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fake = await startFakeGhl({ port: Number(process.env.FAKE_GHL_PORT ?? 54330), token: process.env.FAKE_GHL_TOKEN ?? FAKE_GHL_TOKEN });
  console.log(`fake GoHighLevel on ${fake.url}`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => fake.close().then(() => process.exit(0)));
}
