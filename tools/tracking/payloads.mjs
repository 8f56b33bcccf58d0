/** Conversion payloads for the tracking scripts: valid events and malformed requests. */
import { mulberry32 } from '../random.mjs';

/** A valid event; `eventSourceUrl` must be on the origin the endpoint accepts. */
export function validEvent(id, nowS = Math.floor(Date.now() / 1000), eventSourceUrl = 'https://kaylareyes.coach/thank-you') {
  return {
    ads_consent: 'granted',
    event_name: 'Lead',
    event_id: id,
    event_time: nowS - 1,
    action_source: 'website',
    event_source_url: eventSourceUrl,
    user_data: { client_ip_address: null, client_user_agent: 'Mozilla/5.0 (bench)', fbc: 'fb.1.1700000000000.IwAR1', fbp: null },
    custom_data: { event_source: 'website', conversion_type: 'lead_form', utm_source: 'instagram' },
    google_click: { kind: 'gclid', id: 'Cj0KCQ-bench', click_time: nowS - 60 },
  };
}

const json = (body) => ({ type: 'application/json', body: JSON.stringify(body) });

/** Values each field must refuse. */
const INVALID = {
  event_name: [undefined, null, '', 'Purchase', 'lead', 'LEAD ', 7, true, {}, ['Lead'], 'Lead\u0000'],
  event_time: [undefined, null, 'now', '1700000000', 1.5, -1, 0, 1e15, 'NaN', {}, [], true, 'Infinity'],
  event_source_url: [
    undefined,
    null,
    '',
    'thank-you',
    '/thank-you',
    'javascript:alert(1)',
    'ftp://x.test/',
    'data:text/html,x',
    5,
    {},
    `https://x.test/${'a'.repeat(2100)}`,
  ],
  action_source: ['email', 'app', '', 0, null, {}],
  event_id: ['a b', 'x'.repeat(101), 'id<script>', 'é', 12, {}, ['id'], 'a/b'],
  user_data: ['ua', 5, [], true],
  'user_data.fbc': ['fb.1.x.F1', 'fb.9.1700000000000.F1', 'fbc', 'fb.1.1700000000000.F 1', 5, {}],
  'user_data.fbp': ['fb.1.1700000000000.abc', 'fbp', 'fb.1.17.1', 5, []],
  // user_data.client_ip_address is not here: the endpoint ignores it (the IP is the platform's).
  'user_data.client_user_agent': ['x'.repeat(513), 5, {}, 'a\nb'],
  custom_data: ['x', 5, [], true],
  'custom_data.conversion_type': ['purchase', 'LEAD_FORM', 5, {}],
  'custom_data.utm_source': ['x'.repeat(257), 5, {}, ['a']],
  'custom_data.landing_page': ['x'.repeat(2049), 5, {}],
  'custom_data.referrer': [5, [], 'x'.repeat(2049)],
  google_click: ['Cj0KCQ', 5, [], true],
  'google_click.kind': [undefined, 'dclid', 'GCLID', 5],
  'google_click.id': [undefined, 5, {}, 'a b', 'é', 'x'.repeat(513), 'a\u0000b'],
  'google_click.click_time': [undefined, 'now', 1.5, 1e15, 0],
};

function setPath(target, path, value) {
  const keys = path.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) node = node[key];
  const last = keys.at(-1);
  if (value === undefined) delete node[last];
  else node[last] = value;
}

/**
 * Malformed requests: every invalid value of every field, bodies that are not objects,
 * broken JSON, wrong content types, oversized bodies, and random garbage.
 * Each is { name, type, body }.
 */
export function malformedRequests(random = mulberry32(42)) {
  const out = [];
  for (const [path, values] of Object.entries(INVALID)) {
    values.forEach((value, index) => {
      const body = validEvent(`fuzz.${path}.${index}`);
      setPath(body, path, value);
      out.push({ name: `${path} = ${JSON.stringify(value)?.slice(0, 40)}`, ...json(body) });
    });
  }
  const old = Math.floor(Date.now() / 1000) - 8 * 86400;
  out.push({ name: 'event 8 days old', ...json({ ...validEvent('fuzz.old'), event_time: old }) });
  out.push({ name: 'event 1 hour ahead', ...json({ ...validEvent('fuzz.future'), event_time: Math.floor(Date.now() / 1000) + 3600 }) });
  for (const body of ['null', '[]', '"Lead"', '42', 'true', '[{"event_name":"Lead"}]']) {
    out.push({ name: `body ${body}`, type: 'application/json', body });
  }
  for (const body of ['', '{', '{"event_name":', "{'a':1}", '{"a":1,}', 'undefined', '\u0000', '{"a":"\\x"}']) {
    out.push({ name: `broken JSON ${JSON.stringify(body)}`, type: 'application/json', body });
  }
  const good = JSON.stringify(validEvent('fuzz.type'));
  for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '', 'application/jsonp', 'text/json']) {
    out.push({ name: `content-type ${JSON.stringify(type)}`, type, body: good });
  }
  for (const size of [16 * 1024 + 1, 64 * 1024, 512 * 1024]) {
    out.push({ name: `body of ${size} bytes`, ...json({ ...validEvent('fuzz.big'), pad: 'x'.repeat(size) }) });
  }
  // Random printable garbage and random truncations of a valid body.
  for (let i = 0; i < 60; i += 1) {
    const length = 1 + Math.floor(random() * 200);
    const garbage = Array.from({ length }, () => String.fromCharCode(32 + Math.floor(random() * 95))).join('');
    out.push({ name: `garbage #${i}`, type: 'application/json', body: garbage.startsWith('{') ? garbage : `{${garbage}` });
  }
  for (let i = 0; i < 50; i += 1) {
    const cut = 1 + Math.floor(random() * (good.length - 2));
    out.push({ name: `truncated at ${cut}`, type: 'application/json', body: good.slice(0, cut) });
  }
  return out;
}
