/** Meta's refusals in plain words (supabase/functions/_shared/meta-problems.ts). */
import { describe, expect, it } from 'vitest';
import { adviceFor } from '../../supabase/functions/_shared/meta-problems.ts';

describe('adviceFor', () => {
  it('190: a refused token, with the new token and META_CAPI_TOKEN to set; an expired one says so', () => {
    const advice = adviceFor(190, 'Error validating access token: The session has been invalidated because the user changed their password.');
    expect(advice).toMatchObject({ title: 'Meta refused the access token', tokenProblem: true });
    expect(advice.whatToDo).toMatch(/new Conversions API access token in Meta Events Manager/);
    expect(advice.whatToDo).toMatch(/META_CAPI_TOKEN/);
    expect(adviceFor(190, 'Error validating access token: Session has expired on Tuesday').title).toBe('The Conversions API access token has expired');
  });

  it('102 (session key) is a token problem too', () => {
    expect(adviceFor(102, 'Session key invalid or no longer valid')).toMatchObject({ title: 'Meta refused the access token', tokenProblem: true });
  });

  it.each([10, 200, 230, 299])('%i: a permission the token lacks', (code) => {
    const advice = adviceFor(code, '(#10) Application does not have permission for this action');
    expect(advice).toMatchObject({ title: 'The access token lacks a permission Meta requires', tokenProblem: true });
    expect(advice.whatToDo).toMatch(/META_PIXEL_ID/);
    expect(advice.whatToDo).toMatch(/META_CAPI_TOKEN/);
  });

  it('100 for a dataset that does not exist or may not be used: check META_PIXEL_ID (blocks every event)', () => {
    const advice = adviceFor(100, "Unsupported post request. Object with ID '123' does not exist, cannot be loaded due to missing permissions");
    expect(advice.tokenProblem).toBe(true);
    expect(advice.whatToDo).toMatch(/META_PIXEL_ID/);
  });

  it('100 otherwise: an invalid event, for the developer; not a settings problem', () => {
    const advice = adviceFor(100, 'Invalid parameter');
    expect(advice).toMatchObject({ title: 'Meta refused an event as invalid', tokenProblem: false });
    expect(advice.whatToDo).toMatch(/developer/);
  });

  it('2635, or a message about a deprecated version: set META_API_VERSION to the default', () => {
    expect(adviceFor(2635, 'You are calling a deprecated version of the Ads API.').whatToDo).toMatch(/META_API_VERSION to v25\.0/);
    expect(adviceFor(12, '(#12) deprecated version').title).toBe('Meta no longer accepts this Graph API version');
  });

  it.each([4, 17, 32, 341, 613, 80004])('%i: rate limited, retried by itself', (code) => {
    expect(adviceFor(code, 'Application request limit reached')).toMatchObject({ title: 'Meta asked the site to send more slowly', tokenProblem: false });
  });

  it('no code (no answer) and codes 1 and 2: temporary, nothing to do', () => {
    expect(adviceFor(null, 'fetch failed')).toMatchObject({ title: 'Meta could not be reached', tokenProblem: false });
    expect(adviceFor(null, 'fetch failed').whatToDo).toMatch(/^Nothing to do/);
    expect(adviceFor(1, 'An unknown error occurred').title).toBe('Meta had a temporary problem');
    expect(adviceFor(2, 'Service temporarily unavailable').title).toBe('Meta had a temporary problem');
  });

  it('any other code names it and points to Diagnostics and Retry failed', () => {
    const advice = adviceFor(368, 'The action attempted has been deemed abusive');
    expect(advice).toMatchObject({ title: 'Meta refused the events (error 368)', tokenProblem: false });
    expect(advice.whatToDo).toMatch(/Diagnostics/);
    expect(advice.whatToDo).toMatch(/Retry failed/);
  });
});
