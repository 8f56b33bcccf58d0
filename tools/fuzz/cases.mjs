/**
 * Malformed requests for every function input path. A case is
 * { name, method, type, body, headers }: every one must be answered 4xx with a JSON error and
 * never reach an upstream.
 */
import { SignJWT } from 'jose';
import { malformedRequests, validEvent } from '../tracking/payloads.mjs';

export const WRONG_METHODS = ['GET', 'PUT', 'PATCH', 'DELETE'];

/** The tracking endpoint: malformed bodies, wrong content types, oversized bodies, wrong methods. */
export function trackCases() {
  const cases = malformedRequests().map((item) => ({ name: item.name, method: 'POST', type: item.type, body: item.body }));
  const good = JSON.stringify(validEvent('fuzz.method'));
  for (const method of WRONG_METHODS) cases.push({ name: `method ${method}`, method, type: 'application/json', body: method === 'GET' ? undefined : good });
  // A declared length over the limit, and a body that is large without declaring it (chunked).
  cases.push({ name: 'chunked body of 1 MB', method: 'POST', type: 'application/json', body: chunked(`{"pad":"${'x'.repeat(1024 * 1024)}"}`) });
  return cases;
}

/** A streamed body (no content-length), so a handler cannot trust a declared size. */
function chunked(text) {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      for (let offset = 0; offset < bytes.length; offset += 64 * 1024) controller.enqueue(bytes.slice(offset, offset + 64 * 1024));
      controller.close();
    },
  });
}

const encoder = new TextEncoder();
const sign = (claims, secret, header = { alg: 'HS256', typ: 'JWT' }) => new SignJWT(claims).setProtectedHeader(header).sign(encoder.encode(secret));
const b64 = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Tokens a caller must not get through with: forged (a wrong secret), expired (the right
 * secret, `exp` in the past), unsigned (`alg: none`), malformed, and a valid JWT that is not a
 * user session (the anon key).
 */
export async function badTokens({ jwtSecret, anonKey, adminId }) {
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: adminId, role: 'authenticated', aud: 'authenticated', email: 'admin@example.com', iat: now, exp: now + 3600 };
  return {
    forged: await sign(claims, 'not-the-secret-not-the-secret-not-the-secret'),
    'forged as service_role': await sign({ role: 'service_role', iss: 'supabase-demo', exp: now + 3600 }, 'a-wrong-secret-of-at-least-32-characters'),
    expired: await sign({ ...claims, iat: now - 7200, exp: now - 3600 }, jwtSecret),
    'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`,
    'not a JWT': 'definitely-not-a-jwt',
    'truncated JWT': (await sign(claims, jwtSecret)).slice(0, 40),
    'anon key (no user)': anonKey,
  };
}

const CALENDAR = { calendarId: 'cal_123', apiVersion: '2021-04-15', locationId: 'loc_1' };
const AVAILABILITY = {
  ...CALENDAR,
  startDate: 1_767_225_600_000,
  endDate: 1_767_225_600_000 + 7 * 86_400_000,
  timezone: 'America/Chicago',
  parameterEncoding: 'comma-separated',
};

/** A valid body for each GoHighLevel function. */
export const GHL_VALID = {
  'ghl-list-calendars': { apiVersion: '2021-04-15', locationId: 'loc_1' },
  'ghl-calendar-details': CALENDAR,
  'ghl-calendar-availability': AVAILABILITY,
};

/** Values each field of each function must refuse. */
const GHL_INVALID = {
  'ghl-list-calendars': {
    apiVersion: [undefined, null, '', '2021', '15-04-2021', 20210415, {}],
    locationId: [5, {}, 'x'.repeat(201), []],
  },
  'ghl-calendar-details': {
    calendarId: [undefined, null, '', 'a b', 'a/b', '../secrets', 'x'.repeat(101), 7, {}],
    apiVersion: [undefined, 'v2', 1],
    locationId: [5, 'x'.repeat(201)],
  },
  'ghl-calendar-availability': {
    calendarId: [undefined, 'cal?x=1', 9],
    startDate: [undefined, null, 'now', -1, 1.5, '1767225600000', 2 ** 60],
    endDate: [undefined, 0, 1_767_225_600_000, 1_767_225_600_000 + 40 * 86_400_000, 'later'],
    timezone: [undefined, '', 'Mars/Olympus', 5, {}],
    parameterEncoding: [undefined, 'csv', '', 3],
    userIds: ['u1', [5], Array.from({ length: 51 }, (_, i) => `u${i}`), ['a b'], {}],
  },
};

function withField(body, key, value) {
  const copy = { ...body };
  if (value === undefined) delete copy[key];
  else copy[key] = value;
  return copy;
}

/**
 * Cases for one GoHighLevel function: bad tokens (with a valid body), then, as a signed-in
 * admin or member, wrong methods, content types, sizes, broken JSON and invalid fields.
 */
export function ghlCases(name, tokens, { admin, member }) {
  const valid = JSON.stringify(GHL_VALID[name]);
  const json = 'application/json';
  const cases = [];
  cases.push({ name: 'no Authorization', method: 'POST', type: json, body: valid, token: null });
  for (const [label, token] of Object.entries(tokens)) cases.push({ name: `token: ${label}`, method: 'POST', type: json, body: valid, token });
  cases.push({ name: 'a member (not an admin)', method: 'POST', type: json, body: valid, token: member });
  // A GET of ghl-list-calendars tells an admin the server's location (no upstream call): not a wrong method there.
  const wrongMethods = name === 'ghl-list-calendars' ? WRONG_METHODS.filter((method) => method !== 'GET') : WRONG_METHODS;
  for (const method of wrongMethods) cases.push({ name: `method ${method}`, method, type: json, body: method === 'GET' ? undefined : valid, token: admin });
  for (const type of ['text/plain', 'application/x-www-form-urlencoded', '', 'multipart/form-data; boundary=x']) {
    cases.push({ name: `content-type ${JSON.stringify(type)}`, method: 'POST', type, body: valid, token: admin });
  }
  cases.push({ name: 'body of 20 KB', method: 'POST', type: json, body: JSON.stringify({ ...GHL_VALID[name], pad: 'x'.repeat(20 * 1024) }), token: admin });
  cases.push({ name: 'chunked body of 1 MB', method: 'POST', type: json, body: chunked(`{"pad":"${'x'.repeat(1024 * 1024)}"}`), token: admin });
  for (const body of ['', '{', 'null', '[]', '"x"', '42', '{"apiVersion":', "{'a':1}"]) {
    cases.push({ name: `body ${JSON.stringify(body)}`, method: 'POST', type: json, body, token: admin });
  }
  for (const [field, values] of Object.entries(GHL_INVALID[name])) {
    values.forEach((value) => {
      cases.push({
        name: `${field} = ${JSON.stringify(value)?.slice(0, 40)}`,
        method: 'POST',
        type: json,
        body: JSON.stringify(withField(GHL_VALID[name], field, value)),
        token: admin,
      });
    });
  }
  return cases;
}
