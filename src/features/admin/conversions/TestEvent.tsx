/**
 * Send a test event through the `conversions-test-event` edge function and show Meta's answer.
 * The server's settings (GET, read by the panel) say whether Meta is set up and whether a test
 * event code may be left empty; without the function the form says so and stays disabled.
 */
import { useId, useState } from 'react';
import {
  commonFailureText,
  type FunctionFailure,
  TEST_EVENT_FUNCTION,
  type TestEventConfig,
  type TestEventResult,
  readTestEventResult,
  testEventBody,
} from '~/features/admin/conversions/conversions-calls';
import { fill } from '~/features/admin/text';
import type { ConversionsCopy } from '~/features/admin/conversions/schema';
import { getSupabase } from '~/lib/supabase';
import { fieldClass, hintClass, labelClass } from '../assets/styles';
import { invokeFailure } from './invoke-failure';

export type ConfigState = { kind: 'loading' } | { kind: 'ready'; config: TestEventConfig } | { kind: 'failed'; failure: FunctionFailure };

type SendState = { kind: 'idle' } | { kind: 'sending' } | { kind: 'answered'; result: TestEventResult } | { kind: 'failed'; failure: FunctionFailure };

/** What a failed call of the function means, in the copy's words. */
export function failureText(copy: ConversionsCopy['test'], failure: FunctionFailure): string {
  const common = commonFailureText(copy, failure);
  if (common !== null) return common;
  if (failure.kind === 'notConfigured')
    return failure.missing.length ? fill(copy.notConfigured, { settings: failure.missing.join(', ') }) : fill(copy.failed, { reason: failure.message ?? '503' });
  return fill(copy.failed, { reason: failure.kind === 'other' ? failure.message : '' });
}

export default function TestEvent({ copy, config }: { copy: ConversionsCopy['test']; config: ConfigState }) {
  const id = useId();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [send, setSend] = useState<SendState>({ kind: 'idle' });
  const ready = config.kind === 'ready' ? config.config : null;
  const serverHasCode = ready?.testEventCodeSet ?? false;
  const usable = ready?.configured === true;

  async function submit() {
    const body = testEventBody(code, serverHasCode);
    setInvalid(body === null);
    if (!body) return;
    setSend({ kind: 'sending' });
    try {
      const { data, error, response } = await getSupabase().functions.invoke(TEST_EVENT_FUNCTION, { method: 'POST', body });
      if (error) {
        setSend({ kind: 'failed', failure: await invokeFailure(error) });
        return;
      }
      const result = readTestEventResult(data);
      setSend(result ? { kind: 'answered', result } : { kind: 'failed', failure: { kind: 'other', message: `${response?.status ?? 200}: ${JSON.stringify(data)}` } });
    } catch (failure) {
      setSend({ kind: 'failed', failure: { kind: 'other', message: failure instanceof Error ? failure.message : String(failure) } });
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-xl border border-line bg-white p-4 sm:p-6">
      <h3 id={`${id}-heading`} className="text-xl font-bold">
        {copy.heading}
      </h3>
      <p className="mt-1 text-sm text-ink-muted">{copy.lead}</p>

      {config.kind === 'loading' && (
        <p className="mt-4 text-sm text-ink-soft" role="status">
          {copy.checking}
        </p>
      )}
      {config.kind === 'failed' && (
        <p className="mt-4 rounded-lg bg-sand-light p-3 text-sm text-ink" data-testid="test-event-unavailable">
          {failureText(copy, config.failure)}
        </p>
      )}
      {ready?.localGraph && (
        <p className="mt-4 rounded-lg bg-sand-light p-3 text-sm text-ink" data-testid="test-event-local-graph">
          {copy.localGraph}
        </p>
      )}
      {ready && !ready.configured && (
        <p className="mt-4 rounded-lg bg-sand-light p-3 text-sm text-ink" data-testid="test-event-unavailable">
          {fill(copy.notConfigured, { settings: ready.missing.join(', ') || 'META_PIXEL_ID, META_CAPI_TOKEN' })}
        </p>
      )}

      <form
        className="mt-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
      >
        <label htmlFor={`${id}-code`} className={labelClass}>
          {copy.codeLabel}
        </label>
        <div className="flex flex-wrap items-center gap-3">
          <input
            id={`${id}-code`}
            className={`${fieldClass} min-w-0 flex-1 basis-56`}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            disabled={!usable}
            aria-invalid={invalid || undefined}
            aria-describedby={`${id}-hint${invalid ? ` ${id}-error` : ''}`}
          />
          <button type="submit" className="btn btn-strong btn-sm mt-1" disabled={!usable || send.kind === 'sending'}>
            {send.kind === 'sending' ? copy.sending : copy.send}
          </button>
        </div>
        <p id={`${id}-hint`} className={hintClass}>
          {serverHasCode ? copy.codeHintServer : copy.codeHint}
        </p>
        {invalid && (
          <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-destructive">
            {copy.codeRequired}
          </p>
        )}
      </form>

      <div role="status" className="mt-2 text-sm" data-testid="test-event-result">
        {send.kind === 'answered' && send.result.ok && (
          <div className="space-y-1 rounded-lg bg-success-soft p-3 text-success">
            <p className="font-semibold">{fill(copy.accepted, { count: send.result.eventsReceived ?? '?', code: send.result.testEventCode ?? copy.serverCode })}</p>
            {send.result.fbtraceId && <p>{fill(copy.trace, { id: send.result.fbtraceId })}</p>}
          </div>
        )}
        {send.kind === 'answered' && !send.result.ok && (
          <div className="space-y-2 rounded-lg border-2 border-destructive bg-destructive-soft p-3 text-ink">
            <p className="font-bold text-destructive">
              {copy.refused}
              {send.result.code !== null ? ` (${send.result.code})` : ''}: {send.result.advice.title}
            </p>
            {send.result.message && (
              <p className="break-words">
                <q>{send.result.message}</q>
              </p>
            )}
            <p>{send.result.advice.whatToDo}</p>
            {send.result.fbtraceId && <p className="text-ink-muted">{fill(copy.trace, { id: send.result.fbtraceId })}</p>}
          </div>
        )}
        {send.kind === 'failed' && <p className="rounded-lg bg-destructive-soft p-3 text-destructive">{failureText(copy, send.failure)}</p>}
      </div>
    </section>
  );
}
