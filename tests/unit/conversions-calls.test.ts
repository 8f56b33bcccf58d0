/** How the Conversions tab reads its calls (src/features/admin/conversions/conversions-calls.ts): RPC errors and the test-event function's answers. */
import { describe, expect, it } from 'vitest';
import {
  functionFailure,
  readRetryAnswer,
  readTestEventConfig,
  readTestEventResult,
  reportedApiVersion,
  retryMessage,
  rpcFailure,
  testEventBody,
} from '~/features/admin/conversions/conversions-calls';

describe('rpcFailure', () => {
  it('42501 is the functions’ own refusal, with its words', () => {
    expect(rpcFailure({ code: '42501', message: 'only admins read conversions' })).toEqual({ kind: 'forbidden', message: 'only admins read conversions' });
  });
  it('PGRST202: the database has no such function (the migration is not applied)', () => {
    expect(rpcFailure({ code: 'PGRST202', message: 'Could not find the function public.conversion_report(p_days) in the schema cache' })).toEqual({ kind: 'missing' });
  });
  it('no code and a fetch message: no answer', () => {
    expect(rpcFailure({ code: '', message: 'TypeError: Failed to fetch' })).toEqual({ kind: 'network' });
  });
  it('anything else keeps its message', () => {
    expect(rpcFailure({ code: '57014', message: 'canceling statement due to statement timeout' })).toEqual({
      kind: 'other',
      message: 'canceling statement due to statement timeout',
    });
    expect(rpcFailure(null)).toEqual({ kind: 'other', message: 'unknown error' });
  });
});

describe('the test-event function', () => {
  it('reads the GET answer; keeps only names of settings in missing', () => {
    expect(readTestEventConfig({ configured: false, missing: ['META_CAPI_TOKEN', 'not a name', 3], api_version: 'v25.0', test_event_code_set: true })).toEqual({
      configured: false,
      missing: ['META_CAPI_TOKEN'],
      apiVersion: 'v25.0',
      testEventCodeSet: true,
      localGraph: false,
    });
    expect(readTestEventConfig({ configured: true, local_graph: true })).toEqual({
      configured: true,
      missing: [],
      apiVersion: null,
      testEventCodeSet: false,
      localGraph: true,
    });
    expect(readTestEventConfig({ error: 'nope' })).toBeNull();
    expect(readTestEventConfig('<html>')).toBeNull();
  });

  it('reads Meta’s acceptance', () => {
    expect(readTestEventResult({ ok: true, events_received: 1, fbtrace_id: 'AbC', test_event_code: 'TEST123' })).toEqual({
      ok: true,
      eventsReceived: 1,
      fbtraceId: 'AbC',
      testEventCode: 'TEST123',
    });
  });

  it('reads Meta’s refusal with the server’s advice, or gives the same rule’s advice when the server sent none', () => {
    const advice = { title: 'T', whatToDo: 'W', tokenProblem: true };
    expect(readTestEventResult({ ok: false, code: 190, message: 'Invalid OAuth access token.', fbtrace_id: 'x', advice })).toEqual({
      ok: false,
      code: 190,
      message: 'Invalid OAuth access token.',
      fbtraceId: 'x',
      advice,
    });
    const own = readTestEventResult({ ok: false, code: 190, message: 'Invalid OAuth access token.' });
    expect(own).toMatchObject({ ok: false, fbtraceId: null, advice: { title: 'Meta refused the access token', tokenProblem: true } });
    expect(readTestEventResult({ events_received: 1 })).toBeNull();
  });

  it('a 404 is a server without the function; no status, no answer; 403 a non-admin; 503 names the missing settings', () => {
    expect(functionFailure(404, { code: 'NOT_FOUND', message: 'Requested function was not found' }, 'x')).toEqual({ kind: 'absent' });
    expect(functionFailure(null, null, 'Failed to send a request to the Edge Function')).toEqual({ kind: 'unreachable' });
    expect(functionFailure(403, { error: 'admins only' }, 'x')).toEqual({ kind: 'forbidden' });
    expect(functionFailure(401, null, 'x')).toEqual({ kind: 'forbidden' });
    expect(functionFailure(503, { error: 'META_PIXEL_ID and META_CAPI_TOKEN are not set', missing: ['META_PIXEL_ID', 'META_CAPI_TOKEN'] }, 'x')).toEqual({
      kind: 'notConfigured',
      missing: ['META_PIXEL_ID', 'META_CAPI_TOKEN'],
      message: 'META_PIXEL_ID and META_CAPI_TOKEN are not set',
    });
    expect(functionFailure(500, { error: 'boom' }, 'x')).toEqual({ kind: 'other', message: '500: boom' });
    expect(functionFailure(502, 'not json', 'Edge Function returned a non-2xx status code')).toEqual({
      kind: 'other',
      message: '502: Edge Function returned a non-2xx status code',
    });
  });

  it('sends the typed code; an empty one only when the server has its own, never a malformed one', () => {
    expect(testEventBody(' TEST123 ', false)).toEqual({ test_event_code: 'TEST123' });
    expect(testEventBody('', true)).toEqual({});
    expect(testEventBody('  ', false)).toBeNull();
    expect(testEventBody('TEST 1', true)).toBeNull();
    expect(testEventBody('x'.repeat(65), true)).toBeNull();
  });

  it('judges the version the server is set to now, else the one its last delivery used', () => {
    const config = { configured: true, missing: [], apiVersion: 'v25.0', testEventCodeSet: false, localGraph: false };
    expect(reportedApiVersion(config, 'v21.0')).toBe('v25.0');
    expect(reportedApiVersion({ ...config, apiVersion: null }, 'v21.0')).toBe('v21.0');
    expect(reportedApiVersion(null, null)).toBeNull();
  });
});

describe('Retry failed', () => {
  it('reads {retried, not_retried}; anything else is no answer', () => {
    expect(readRetryAnswer({ retried: 2, not_retried: 1 })).toEqual({ retried: 2, notRetried: 1 });
    for (const data of [2, null, { retried: 2 }, { retried: -1, not_retried: 0 }, { retried: 1.5, not_retried: 0 }, [1, 0]]) expect(readRetryAnswer(data)).toBeNull();
  });
  it('says there was nothing to retry only when Meta had refused nothing', () => {
    expect(retryMessage({ retried: 0, notRetried: 0 })).toEqual({ key: 'nothing' });
    expect(retryMessage({ retried: 0, notRetried: 4 })).toEqual({ key: 'notRetried', count: 4 });
    expect(retryMessage({ retried: 3, notRetried: 4 })).toEqual({ key: 'retried', count: 3 });
  });
});
