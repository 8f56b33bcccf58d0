/**
 * "Check the Google Ads connection": a POST of the `google-ads-check` function, which sends Google
 * one conversion per conversion action to check and keep nothing; Google's answer in words, or
 * what the coach must fix.
 */
import { useState } from 'react';
import type { FunctionFailure } from '~/features/admin/conversions/conversions-calls';
import { GOOGLE_ADS_CHECK_FUNCTION, type GoogleAdsCheckResult, listWords, readGoogleAdsCheck } from '~/features/admin/conversions/google-ads-report';
import { googleFailureText } from '~/features/admin/conversions/google-ads-words';
import type { ConversionsCopy } from '~/features/admin/conversions/schema';
import { fill } from '~/features/admin/text';
import { getSupabase } from '~/lib/supabase';
import { invokeFailure } from './invoke-failure';

type CheckState = { kind: 'idle' } | { kind: 'checking' } | { kind: 'answered'; result: GoogleAdsCheckResult } | { kind: 'failed'; failure: FunctionFailure };

export default function GoogleAdsCheck({ copy }: { copy: ConversionsCopy['googleAds'] }) {
  const [state, setState] = useState<CheckState>({ kind: 'idle' });
  const c = copy.check;

  async function check() {
    setState({ kind: 'checking' });
    try {
      const { data, error, response } = await getSupabase().functions.invoke(GOOGLE_ADS_CHECK_FUNCTION, { method: 'POST' });
      if (error) {
        setState({ kind: 'failed', failure: await invokeFailure(error) });
        return;
      }
      const result = readGoogleAdsCheck(data);
      setState(result ? { kind: 'answered', result } : { kind: 'failed', failure: { kind: 'other', message: `${response?.status ?? 200}: ${JSON.stringify(data)}` } });
    } catch (failure) {
      setState({ kind: 'failed', failure: { kind: 'other', message: failure instanceof Error ? failure.message : String(failure) } });
    }
  }

  const result = state.kind === 'answered' ? state.result : null;
  const code = result && !result.ok ? [result.reason, result.status === null ? null : `HTTP ${result.status}`].filter(Boolean).join(', ') : '';

  return (
    <div className="mt-6">
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className="btn btn-outline btn-sm" disabled={state.kind === 'checking'} onClick={() => void check()}>
          {state.kind === 'checking' ? c.checking : c.button}
        </button>
        <p className="text-sm text-ink-muted">{c.hint}</p>
      </div>
      <div role="status" className="mt-2 text-sm" data-testid="google-ads-check-result">
        {result?.ok && (
          <p className="rounded-lg bg-success-soft p-3 font-semibold text-success">
            {result.checked.length ? fill(c.accepted, { events: listWords(result.checked) }) : c.acceptedNone}
          </p>
        )}
        {result && !result.ok && (
          <div className="space-y-1 rounded-lg border-2 border-destructive bg-destructive-soft p-3 text-ink">
            <p className="break-words font-bold">{result.advice ?? fill(c.failed, { reason: result.message ?? (code || result.kind || '?') })}</p>
            {code && <p className="text-ink-muted">{fill(c.answer, { code })}</p>}
          </div>
        )}
        {state.kind === 'failed' && <p className="rounded-lg bg-destructive-soft p-3 text-destructive">{googleFailureText(copy, state.failure, c.failed)}</p>}
      </div>
    </div>
  );
}
