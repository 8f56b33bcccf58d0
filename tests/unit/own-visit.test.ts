// @vitest-environment jsdom
/**
 * The coach's own visits, in the browser (src/features/tracking/own-visit.ts): the session read
 * where supabase-js keeps it, only in a browser that remembers an admin; an expired one refreshed
 * by the sign-out island first; the token sent with the thank-you page's conversion; no pixel.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_STORAGE_KEY } from '~/features/consent/consent';
import { SIGN_OUT_HOST_ID } from '~/features/auth/ids';
import { EXPIRY_MARGIN_MS, ownVisitToken, storedSession, withAccessToken } from '~/features/tracking/own-visit';
import { installPixel, type Fbq } from '~/features/tracking/pixel';
import { pageConversion } from '~/features/tracking/thank-you-tracking';
import { WANTED_ATTRIBUTE } from '~/integrations/on-demand-islands/contract';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const SESSION_KEY = 'sb-127-auth-token';
const session = (token: string, expiresInS: number) =>
  JSON.stringify({ access_token: token, refresh_token: 'r', expires_at: NOW / 1000 + expiresInS, user: { id: 'u' } });
const rememberAdmin = () => localStorage.setItem('admin_session', '1');

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  localStorage.clear();
  sessionStorage.clear();
  document.head.innerHTML = '<meta name="meta-pixel-id" content="1234567890">';
  document.body.innerHTML = `<section id="privacy-choices" data-consent-policy="opt-in" hidden></section>
    <div id="${SIGN_OUT_HOST_ID}" hidden><astro-island><span></span></astro-island></div>`;
  delete (window as { fbq?: Fbq }).fbq;
  delete (window as { _fbq?: Fbq })._fbq;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('storedSession', () => {
  const store = (entries: Record<string, string>) => ({
    length: Object.keys(entries).length,
    key: (index: number) => Object.keys(entries)[index] ?? null,
    getItem: (key: string) => entries[key] ?? null,
  });

  it('reads the access token supabase-js keeps under sb-<ref>-auth-token, fresh while more than a minute is left', () => {
    expect(storedSession(store({ [SESSION_KEY]: session('T1', 3600) }), NOW)).toEqual({ token: 'T1', fresh: true });
    expect(storedSession(store({ [SESSION_KEY]: session('T1', EXPIRY_MARGIN_MS / 1000 - 1) }), NOW)).toEqual({ token: 'T1', fresh: false });
    expect(storedSession(store({ [SESSION_KEY]: JSON.stringify({ access_token: 'T1' }) }), NOW)).toEqual({ token: 'T1', fresh: false });
  });

  it('passes over other keys and what is not a session', () => {
    expect(
      storedSession(
        store({
          'sb-127-auth-token-code-verifier': session('V', 3600),
          privacy_choice: session('P', 3600),
          'sb-a-auth-token': 'not json',
          'sb-b-auth-token': JSON.stringify({ access_token: '' }),
          'sb-c-auth-token': session('T2', 3600),
        }),
        NOW,
      ),
    ).toEqual({ token: 'T2', fresh: true });
    expect(storedSession(store({}), NOW)).toBeNull();
  });
});

describe('ownVisitToken', () => {
  it('for a visitor reads nothing but the hint, even with a stored session', async () => {
    localStorage.setItem(SESSION_KEY, session('MEMBER', 3600));
    const reads = vi.spyOn(Storage.prototype, 'getItem');
    expect(await ownVisitToken()).toBeNull();
    expect(reads.mock.calls.map(([key]) => key)).toEqual(['admin_session']);
  });

  it('for a remembered admin: the stored token while fresh, without waking the island', async () => {
    rememberAdmin();
    localStorage.setItem(SESSION_KEY, session('ADMIN', 3600));
    expect(await ownVisitToken()).toBe('ADMIN');
    expect(document.querySelector(`[${WANTED_ATTRIBUTE}]`)).toBeNull();
  });

  it('an expired one: the sign-out island is asked to refresh it, and its new token goes', async () => {
    rememberAdmin();
    localStorage.setItem(SESSION_KEY, session('OLD', -60));
    const token = ownVisitToken();
    const host = document.getElementById(SIGN_OUT_HOST_ID)!;
    await vi.advanceTimersByTimeAsync(0);
    expect(host.dataset.request).toBe('session');
    expect(host.querySelector('astro-island')!.hasAttribute(WANTED_ATTRIBUTE)).toBe(true);
    // What the island does once hydrated (SignOut.tsx): supabase-js stores the new session.
    localStorage.setItem(SESSION_KEY, session('NEW', 3600));
    host.dataset.session = 'fresh';
    await vi.advanceTimersByTimeAsync(0);
    expect(await token).toBe('NEW');
  });

  it('no token when the refresh gives none, or does not come in time (the conversion then goes as a visitor’s)', async () => {
    rememberAdmin();
    localStorage.setItem(SESSION_KEY, session('OLD', -60));
    const late = ownVisitToken(document, window, 5_000);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await late).toBeNull();
    document.getElementById(SIGN_OUT_HOST_ID)!.dataset.session = 'none';
    // Answered once on this page: not asked again.
    expect(await ownVisitToken()).toBeNull();
  });
});

it('withAccessToken replaces the anon key’s Authorization and keeps the apikey', () => {
  expect(withAccessToken({ 'content-type': 'application/json', apikey: 'anon', Authorization: 'Bearer anon' }, 'USER')).toEqual({
    'content-type': 'application/json',
    apikey: 'anon',
    authorization: 'Bearer USER',
  });
  expect(withAccessToken({ apikey: 'anon' }, null)).toEqual({ apikey: 'anon' });
});

describe('a thank-you page in an admin’s browser', () => {
  const posted: { url: string; headers: Record<string, string> }[] = [];
  beforeEach(() => {
    posted.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        posted.push({ url, headers: init.headers as Record<string, string> });
        return new Response(JSON.stringify({ recorded: true }), { status: 202 });
      }),
    );
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ ads: 'granted', at: NOW }));
  });
  const state = () => ({ eventId: 'lead.0b8f1c2d', pixelSent: false, serverSent: false, serverConsented: false });
  const target = { url: '/functions/v1/track-conversion', headers: { 'content-type': 'application/json', apikey: 'anon', authorization: 'Bearer anon' } };

  it('sends the session’s token with the conversion and fires no pixel, whatever the consent', async () => {
    rememberAdmin();
    localStorage.setItem(SESSION_KEY, session('ADMIN', 3600));
    await pageConversion('lead', target, state()).send();
    expect(posted).toEqual([{ url: target.url, headers: { 'content-type': 'application/json', apikey: 'anon', authorization: 'Bearer ADMIN' } }]);
    expect((window as { fbq?: Fbq }).fbq).toBeUndefined();
    expect(installPixel(window, '1234567890', null)).toBeNull();
    expect(document.querySelector('script[src*="fbevents"]')).toBeNull();
  });

  it('a visitor’s conversion goes as before, with the pixel', async () => {
    localStorage.setItem(SESSION_KEY, session('MEMBER', 3600));
    await pageConversion('lead', target, state()).send();
    expect(posted).toEqual([{ url: target.url, headers: target.headers }]);
    expect((window as { fbq?: Fbq }).fbq?.queue).toContainEqual(['track', 'Lead', { conversion_type: 'lead_form' }, { eventID: 'lead.0b8f1c2d' }]);
  });
});
