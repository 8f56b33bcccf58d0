/**
 * The Conversions tab: the chosen period's report (`conversion_report`, read as the signed-in
 * admin through RLS), its totals (an admin's own visits shown apart), the chart per day and the campaigns, or how conversions arrive
 * when there are none; delivery to Meta with Retry failed; delivery to Google Ads with its
 * connection check (its own reads: GoogleAdsDelivery); a test event; the CSV export. The server's
 * test-event settings (GET of the edge function) are read once, beside the first report.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { TEST_EVENT_FUNCTION, readTestEventConfig, reportedApiVersion, rpcFailure } from '~/features/admin/conversions/conversions-calls';
import {
  type ConversionReport,
  DEFAULT_PERIOD,
  type PeriodDays,
  campaignRows,
  dailySeries,
  periodRange,
  readReport,
  totalsOf,
  typesOf,
} from '~/features/admin/conversions/conversions-report';
import { fill, formatDate } from '~/features/admin/text';
import type { ConversionsCopy } from '~/features/admin/conversions/schema';
import { getSupabase } from '~/lib/supabase';
import CampaignTable from './CampaignTable';
import ConversionTotals from './ConversionTotals';
import CsvExport from './CsvExport';
import DailyChart from './DailyChart';
import DeliveryHealth from './DeliveryHealth';
import GoogleAdsDelivery from './GoogleAdsDelivery';
import { invokeFailure } from './invoke-failure';
import OwnVisits from './OwnVisits';
import PeriodChooser from './PeriodChooser';
import TestEvent, { type ConfigState } from './TestEvent';

type Loaded = { report: ConversionReport; days: PeriodDays };

export default function ConversionsPanel({ copy }: { copy: ConversionsCopy }) {
  const [days, setDays] = useState<PeriodDays>(DEFAULT_PERIOD);
  // The last report read stays on screen (marked busy) while another period loads.
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [config, setConfig] = useState<ConfigState>({ kind: 'loading' });
  const [reloads, setReloads] = useState(0);
  const latest = useRef(0);

  const load = useCallback(
    async (period: PeriodDays) => {
      const call = ++latest.current;
      let reason: string | null = null;
      let report: ConversionReport | null = null;
      try {
        const { data, error: failed } = await getSupabase().rpc('conversion_report', { p_days: period });
        if (failed) {
          const failure = rpcFailure(failed);
          reason = failure.kind === 'missing' || failure.kind === 'network' ? copy.reasons[failure.kind] : failure.message;
        } else {
          report = readReport(data);
        }
      } catch (failure) {
        reason = failure instanceof Error ? failure.message : String(failure);
      }
      // A later period was chosen meanwhile: this answer is stale.
      if (call !== latest.current) return;
      setLoading(false);
      setError(reason);
      if (report) setLoaded({ report, days: period });
    },
    [copy],
  );

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- load() sets state only once the report request has answered
    void load(days);
  }, [load, days, reloads]);

  useEffect(() => {
    let live = true;
    void (async () => {
      let next: ConfigState;
      try {
        const { data, error: failed } = await getSupabase().functions.invoke(TEST_EVENT_FUNCTION, { method: 'GET' });
        const settings = failed ? null : readTestEventConfig(data);
        next = failed
          ? { kind: 'failed', failure: await invokeFailure(failed) }
          : settings
            ? { kind: 'ready', config: settings }
            : { kind: 'failed', failure: { kind: 'other', message: JSON.stringify(data) } };
      } catch (failure) {
        next = { kind: 'failed', failure: { kind: 'other', message: failure instanceof Error ? failure.message : String(failure) } };
      }
      if (live) setConfig(next);
    })();
    return () => {
      live = false;
    };
  }, []);

  const choose = (period: PeriodDays) => {
    setLoading(true);
    setDays(period);
  };
  const reload = () => {
    setLoading(true);
    setReloads((n) => n + 1);
  };

  const report = loaded?.report ?? null;
  const shownDays = loaded?.days ?? days;
  const range = report ? periodRange(report.from, shownDays) : null;
  const types = report ? typesOf(report) : [];
  const totals = report ? totalsOf(report) : null;
  const apiVersion = reportedApiVersion(config.kind === 'ready' ? config.config : null, report?.status?.apiVersion ?? null);

  return (
    <div className="space-y-8">
      <div>
        <h2 className="text-2xl font-bold">{copy.heading}</h2>
        <p className="mt-1 text-ink-muted">{copy.lead}</p>
      </div>

      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <PeriodChooser copy={copy} days={days} onChange={choose} />
          {range && (
            <p className="mt-2 text-sm text-ink-muted" data-testid="conversions-range">
              {fill(copy.range, { from: formatDate(range.from), to: formatDate(range.to) })}
            </p>
          )}
        </div>
        <CsvExport copy={copy} days={shownDays} range={!loading && loaded?.days === days ? range : null} />
      </div>

      <p role="status" className={loading ? 'text-ink-soft' : 'sr-only'} data-testid="conversions-loading">
        {loading ? copy.loading : ''}
      </p>
      {error && !loading && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg bg-destructive-soft p-4 text-destructive" data-testid="conversions-error">
          <p className="font-semibold">{fill(copy.loadFailed, { reason: error })}</p>
          <button type="button" className="btn-chip" onClick={reload}>
            {copy.tryAgain}
          </button>
        </div>
      )}

      {report && totals && (
        <div className="space-y-8" aria-busy={loading}>
          <div className="space-y-3">
            <ConversionTotals copy={copy} totals={totals} types={types} />
            <OwnVisits copy={copy.ownVisits} count={report.adminVisits} />
          </div>
          {totals.total === 0 ? (
            <div className="rounded-xl border border-dashed border-ink-muted bg-sand-light p-6" data-testid="conversions-empty">
              <h3 className="text-xl font-bold">{copy.empty.title}</h3>
              <p className="mt-2 max-w-prose text-ink-soft">{copy.empty.text}</p>
            </div>
          ) : (
            <>
              <DailyChart copy={copy} series={dailySeries(report, shownDays)} types={types} />
              <CampaignTable copy={copy} rows={campaignRows(report)} types={types} />
            </>
          )}
          <DeliveryHealth copy={copy} report={report} apiVersion={apiVersion} onRetried={reload} />
        </div>
      )}

      <GoogleAdsDelivery copy={copy} days={days} />

      <TestEvent copy={copy.test} config={config} />
    </div>
  );
}
