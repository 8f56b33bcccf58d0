/** The Graph API version rule (supabase/functions/_shared/meta-api-versions.ts) on a fixed clock. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_API_VERSION, META_API_VERSIONS, normalizeVersion, versionStatus } from '../../supabase/functions/_shared/meta-api-versions.ts';

const at = (iso: string) => new Date(iso);

describe('versionStatus', () => {
  it('v21.0 on 2026-11-25 expires in 57 days: expiring', () => {
    expect(versionStatus('v21.0', at('2026-11-25T18:00:00Z'))).toEqual({ version: 'v21.0', expiresOn: '2027-01-21', daysLeft: 57, level: 'expiring' });
  });

  it('is current until 91 days before the expiration date, expiring from 90 days, expired from the date itself', () => {
    expect(versionStatus('v21.0', at('2026-10-22T23:59:59Z'))).toMatchObject({ daysLeft: 91, level: 'current' });
    expect(versionStatus('v21.0', at('2026-10-23T00:00:00Z'))).toMatchObject({ daysLeft: 90, level: 'expiring' });
    expect(versionStatus('v21.0', at('2027-01-20T23:59:59Z'))).toMatchObject({ daysLeft: 1, level: 'expiring' });
    expect(versionStatus('v21.0', at('2027-01-21T00:00:00Z'))).toMatchObject({ daysLeft: 0, level: 'expired' });
    expect(versionStatus('v20.0', at('2026-11-25T12:00:00Z'))).toMatchObject({ expiresOn: '2026-09-24', daysLeft: -62, level: 'expired' });
  });

  it('counts UTC days, whatever the hour', () => {
    expect(versionStatus('v22.0', at('2027-02-19T00:00:01Z')).daysLeft).toBe(90);
    expect(versionStatus('v22.0', at('2027-02-19T23:59:59Z')).daysLeft).toBe(90);
  });

  it('the default v25.0 is current, available until 2028-07-29', () => {
    expect(DEFAULT_API_VERSION).toBe('v25.0');
    expect(versionStatus(DEFAULT_API_VERSION, at('2026-11-25T00:00:00Z'))).toEqual({ version: 'v25.0', expiresOn: '2028-07-29', daysLeft: 612, level: 'current' });
    expect(versionStatus(DEFAULT_API_VERSION, at('2028-05-01T00:00:00Z')).level).toBe('expiring');
  });

  it('a version Meta has released without an expiration date is current with no date', () => {
    expect(versionStatus('v26.0', at('2026-11-25T00:00:00Z'))).toEqual({ version: 'v26.0', expiresOn: null, daysLeft: null, level: 'current' });
    expect(versionStatus('v27.0', at('2026-11-25T00:00:00Z')).level).toBe('current');
  });

  it('an unlisted or malformed version is unknown', () => {
    expect(versionStatus('v99.0', at('2026-11-25T00:00:00Z'))).toEqual({ version: 'v99.0', expiresOn: null, daysLeft: null, level: 'unknown' });
    expect(versionStatus('latest', at('2026-11-25T00:00:00Z')).level).toBe('unknown');
  });

  it('reads v21, 21.0 and " V21.0 " as v21.0', () => {
    for (const name of ['v21', '21.0', ' V21.0 ']) expect(normalizeVersion(name)).toBe('v21.0');
    expect(versionStatus('21', at('2026-11-25T00:00:00Z')).level).toBe('expiring');
  });
});

describe('the table', () => {
  it('lists each version once, newest first, each expiring after its release and after the one before it', () => {
    const names = META_API_VERSIONS.map((entry) => entry.version);
    expect(new Set(names).size).toBe(names.length);
    for (const [index, entry] of META_API_VERSIONS.entries()) {
      expect(entry.version).toMatch(/^v\d+\.0$/);
      expect(entry.releasedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (entry.expiresOn) expect(entry.expiresOn > entry.releasedOn).toBe(true);
      const older = META_API_VERSIONS[index + 1];
      if (older) {
        expect(entry.releasedOn > older.releasedOn).toBe(true);
        if (entry.expiresOn && older.expiresOn) expect(entry.expiresOn > older.expiresOn).toBe(true);
      }
    }
  });
});
