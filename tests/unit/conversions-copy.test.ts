/** The Conversions tab's copy in src/content/pages/admin.json against its schema (src/features/admin/conversions/schema.ts). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { adminPageSchema } from '~/features/admin/schema';

const admin = JSON.parse(readFileSync('src/content/pages/admin.json', 'utf8')) as Record<string, Record<string, unknown>>;

describe('the Conversions copy', () => {
  it('is valid, with the tab label and the four type names', () => {
    const parsed = adminPageSchema.parse(admin);
    expect(parsed.tabs.conversions).toBe('Conversions');
    expect(parsed.conversions.types).toEqual({ lead_form: 'Leads', call_scheduling: 'Calls booked', resource_registration: 'Guide sign-ups', contact: 'Contacts' });
  });

  it('refuses a template without its placeholder, and a missing text, naming the field', () => {
    const without = { ...admin, conversions: { ...admin.conversions, loadFailed: 'Could not load.' } };
    expect(adminPageSchema.safeParse(without).error?.issues[0]).toMatchObject({ path: ['conversions', 'loadFailed'], message: 'must contain {reason}' });
    const { empty: _empty, ...missing } = admin.conversions!;
    expect(adminPageSchema.safeParse({ ...admin, conversions: missing }).error?.issues[0]?.path).toEqual(['conversions', 'empty']);
  });

  it('has the Google Ads words, each template with its placeholders', () => {
    const conversions = admin.conversions as Record<string, Record<string, unknown>>;
    const googleAds = conversions.googleAds!;
    const without = { ...admin, conversions: { ...conversions, googleAds: { ...googleAds, waitingForClick: '{count} waiting, as Google asks.' } } };
    expect(adminPageSchema.safeParse(without).error?.issues[0]).toMatchObject({ path: ['conversions', 'googleAds', 'waitingForClick'], message: 'must contain {delay}' });
    const { states: _states, ...noStates } = googleAds;
    expect(adminPageSchema.safeParse({ ...admin, conversions: { ...conversions, googleAds: noStates } }).error?.issues[0]?.path).toEqual([
      'conversions',
      'googleAds',
      'states',
    ]);
  });
});
