import { describe, expect, it } from 'vitest';
import { onRequest } from '../../functions/api/track-conversion';
import type { UpstreamDeps } from '../../supabase/functions/_shared/meta-capi';
import { handleTrackConversion } from '../../supabase/functions/_shared/track-conversion';
import { rateKey, type RateLimiter } from '../../supabase/functions/_shared/track-guards';

describe('rateKey: the client a rate limit counts', () => {
  it('is an IPv4 address on its own', () => {
    expect(rateKey('198.51.100.9')).toBe('198.51.100.9');
    expect(rateKey('198.51.100.10')).toBe('198.51.100.10');
    expect(rateKey(' 203.0.113.5 ')).toBe('203.0.113.5');
  });

  it('is the IPv4 address of an IPv4-mapped IPv6 address, however written', () => {
    for (const mapped of ['::ffff:198.51.100.9', '::FFFF:198.51.100.9', '0:0:0:0:0:ffff:198.51.100.9', '::ffff:c633:6409', '0000:0000:0000:0000:0000:FFFF:C633:6409']) {
      expect(rateKey(mapped), mapped).toBe('198.51.100.9');
    }
  });

  it('is the /64 of an IPv6 address, in every written form', () => {
    for (const address of [
      '2001:db8::1',
      '2001:db8:0:0:ffff::',
      '2001:DB8::ABCD:1',
      '2001:0db8:0000:0000:0001:0002:0003:0004',
      '2001:db8:0:0:1:2:3:4',
      '2001:db8::ffff:1.2.3.4',
      '2001:db8::1%eth0',
      '[2001:db8::1]',
    ]) {
      expect(rateKey(address), address).toBe('2001:db8:0:0::/64');
    }
    expect(rateKey('2001:db8:0:1::1')).toBe('2001:db8:0:1::/64');
    expect(rateKey('fe80::1%25en0')).toBe('fe80:0:0:0::/64');
    expect(rateKey('::1')).toBe('0:0:0:0::/64');
    expect(rateKey('::')).toBe('0:0:0:0::/64');
  });

  it('is what was written when it is not an address, and one key for no address', () => {
    expect(rateKey(null)).toBe('unknown');
    expect(rateKey('')).toBe('unknown');
    for (const junk of ['2001:db8:::1', '1:2:3:4:5:6:7:8:9', '2001:db8::1::2', '12345::1', '::ffff:1.2.3.256', 'g::1']) {
      expect(rateKey(junk), junk).toBe(junk);
    }
  });
});

const SITE = 'https://kaylareyes.coach';
const event = () => ({
  ads_consent: 'granted',
  event_name: 'Lead',
  event_time: 1_700_000_000,
  event_source_url: `${SITE}/thank-you`,
  user_data: { client_user_agent: 'UA' },
});
const post = (headers: Record<string, string>) =>
  new Request('https://kaylareyes.coach/api/track-conversion', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: SITE, ...headers },
    body: JSON.stringify(event()),
  });

describe('both endpoints count an IPv6 client by its /64', () => {
  it('the Pages Function hands a Workers rate limiting binding the /64 key', async () => {
    const keys: string[] = [];
    const binding = { limit: async ({ key }: { key: string }) => ({ success: keys.push(key) > 3 && false }) };
    const env = { ALLOWED_ORIGINS: SITE, TRACK_RATE_LIMITER: binding };
    for (const ip of ['2001:db8:1:2:aaaa::1', '2001:DB8:1:2:BBBB:0:0:7', '::ffff:198.51.100.9', '198.51.100.10']) {
      const response = await onRequest({ request: post({ 'cf-connecting-ip': ip }), env, waitUntil: () => undefined });
      expect(response.status).toBe(429);
    }
    expect(keys).toEqual(['2001:db8:1:2::/64', '2001:db8:1:2::/64', '198.51.100.9', '198.51.100.10']);
  });

  it('the core asks the limiter with the /64 key of the platform’s X-Forwarded-For entry (the Edge Function)', async () => {
    const keys: string[] = [];
    const rateLimiter: RateLimiter = { limit: async (key) => (keys.push(key), { ok: false, retryAfterS: 60 }) };
    const deps: UpstreamDeps = { fetch, now: () => 1_700_000_000_000, random: Math.random, log: () => undefined };
    const options = {
      cors: true,
      endpoint: 'edge',
      clientIpSource: 'x-forwarded-for',
      rateLimiter,
      ledger: { missing: 'SUPABASE_URL' },
      background: () => undefined,
    } as const;
    for (const xff of ['198.51.100.1, 2001:db8:5:6::1', '2001:db8:5:6:ffff:ffff:ffff:ffff']) {
      expect((await handleTrackConversion(post({ 'x-forwarded-for': xff }), { ALLOWED_ORIGINS: SITE }, deps, options)).status).toBe(429);
    }
    expect(keys).toEqual(['2001:db8:5:6::/64', '2001:db8:5:6::/64']);
  });
});
