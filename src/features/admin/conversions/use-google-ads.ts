/**
 * The Google Ads part's reads: `google_ads_report(p_days)` for the chosen period (the last answer
 * kept on screen while another period loads), and the connection's settings (a GET of the
 * `google-ads-check` function) once.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { type FunctionFailure, rpcFailure } from '~/features/admin/conversions/conversions-calls';
import {
  GOOGLE_ADS_CHECK_FUNCTION,
  type GoogleAdsReport,
  type GoogleAdsSetup,
  readGoogleAdsReport,
  readGoogleAdsSetup,
} from '~/features/admin/conversions/google-ads-report';
import { getSupabase } from '~/lib/supabase';
import { invokeFailure } from './invoke-failure';

export type SetupState = { kind: 'loading' } | { kind: 'ready'; setup: GoogleAdsSetup } | { kind: 'failed'; failure: FunctionFailure };

const messageOf = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure));

/** The connection's settings, read once. */
export function useGoogleAdsSetup(): SetupState {
  const [state, setState] = useState<SetupState>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    void (async () => {
      let next: SetupState;
      try {
        const { data, error } = await getSupabase().functions.invoke(GOOGLE_ADS_CHECK_FUNCTION, { method: 'GET' });
        const setup = error ? null : readGoogleAdsSetup(data);
        next = error
          ? { kind: 'failed', failure: await invokeFailure(error) }
          : setup
            ? { kind: 'ready', setup }
            : { kind: 'failed', failure: { kind: 'other', message: JSON.stringify(data) } };
      } catch (failure) {
        next = { kind: 'failed', failure: { kind: 'other', message: messageOf(failure) } };
      }
      if (live) setState(next);
    })();
    return () => {
      live = false;
    };
  }, []);
  return state;
}

export interface GoogleAdsReportState {
  report: GoogleAdsReport | null;
  /** When the report was read (ms): what "due now" is judged against. */
  readAt: number;
  loading: boolean;
  /** Why the last read failed, in words. */
  error: string | null;
  reload: () => void;
}

/** The period's report; `words` names a database without the report and a server that did not answer. */
export function useGoogleAdsReport(days: number, words: { missing: string; network: string }): GoogleAdsReportState {
  const [report, setReport] = useState<{ report: GoogleAdsReport; readAt: number } | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  const latest = useRef(0);
  const { missing, network } = words;

  const load = useCallback(
    async (period: number) => {
      const call = ++latest.current;
      let reason: string | null = null;
      let next: GoogleAdsReport | null = null;
      try {
        const { data, error: failed } = await getSupabase().rpc('google_ads_report', { p_days: period });
        if (failed) {
          const failure = rpcFailure(failed);
          reason = failure.kind === 'missing' ? missing : failure.kind === 'network' ? network : failure.message;
        } else {
          next = readGoogleAdsReport(data);
        }
      } catch (failure) {
        reason = messageOf(failure);
      }
      // A later period was chosen meanwhile: this answer is stale.
      if (call !== latest.current) return;
      setLoading(false);
      setError(reason);
      if (next) setReport({ report: next, readAt: Date.now() });
    },
    [missing, network],
  );

  useEffect(() => {
    void load(days);
  }, [load, days, reloads]);

  const [shownDays, setShownDays] = useState(days);
  if (shownDays !== days) {
    // A new period: busy until its answer (state adjusted while rendering, as React advises).
    setShownDays(days);
    setLoading(true);
  }

  const reload = useCallback(() => {
    setLoading(true);
    setReloads((n) => n + 1);
  }, []);

  return { report: report?.report ?? null, readAt: report?.readAt ?? 0, loading, error, reload };
}
