/**
 * Delivery to Google Ads, beside Meta's: how it is connected, the period's conversions from Google
 * ads by state, why some wait and when the next is due, the last delivery, what Google said, the
 * latest problem, and "Check the Google Ads connection" once it is set up.
 */
import { useId } from 'react';
import { GOOGLE_STATES, dueNow, googleCounts, lastGoogleDelivery } from '~/features/admin/conversions/google-ads-report';
import { delayWords } from '~/features/admin/conversions/google-ads-words';
import type { ConversionsCopy } from '~/features/admin/conversions/schema';
import { fill, formatDateTime } from '~/features/admin/text';
import GoogleAdsCheck from './GoogleAdsCheck';
import GoogleAdsConnection from './GoogleAdsConnection';
import GoogleAdsProblem from './GoogleAdsProblem';
import GoogleAdsReasons from './GoogleAdsReasons';
import { useGoogleAdsReport, useGoogleAdsSetup } from './use-google-ads';

interface Props {
  copy: ConversionsCopy;
  days: number;
}

export default function GoogleAdsDelivery({ copy, days }: Props) {
  const id = useId();
  const g = copy.googleAds;
  const setup = useGoogleAdsSetup();
  const { report, readAt, loading, error, reload } = useGoogleAdsReport(days, { missing: g.missingReport, network: copy.reasons.network });
  const ready = setup.kind === 'ready' ? setup.setup : null;
  const counts = report ? googleCounts(report) : null;
  const delivered = report ? lastGoogleDelivery(report) : null;
  const delay = delayWords(g, ready?.configured ? ready.delayMinutes : null);

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-xl border border-line bg-white p-4 sm:p-6" data-testid="google-ads">
      <h3 id={`${id}-heading`} className="text-xl font-bold">
        {g.heading}
      </h3>
      <p className="mt-1 text-sm text-ink-muted">{g.lead}</p>

      <div className="mt-4">
        <GoogleAdsConnection copy={g} setup={setup} notConfigured={counts?.not_configured ?? null} />
      </div>

      <p role="status" className={loading ? 'mt-4 text-sm text-ink-soft' : 'sr-only'} data-testid="google-ads-loading">
        {loading ? g.loading : ''}
      </p>
      {error && !loading && (
        <div role="alert" className="mt-4 flex flex-wrap items-center gap-3 rounded-lg bg-destructive-soft p-4 text-destructive" data-testid="google-ads-error">
          <p className="font-semibold">{fill(g.loadFailed, { reason: error })}</p>
          <button type="button" className="btn-chip" onClick={reload}>
            {copy.tryAgain}
          </button>
        </div>
      )}

      {report && counts && (
        <div aria-busy={loading}>
          <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-testid="google-ads-counts">
            {GOOGLE_STATES.map((state) => (
              <div key={state} className="rounded-lg bg-sand-light p-3" data-state={state}>
                <dt className="text-sm text-ink-soft">{g.states[state]}</dt>
                <dd
                  className={`text-2xl font-extrabold tabular-nums ${(state === 'failed' || state === 'partial') && counts[state] > 0 ? 'text-destructive' : 'text-ink'}`}
                >
                  {counts[state]}
                </dd>
              </div>
            ))}
          </dl>
          <div className="mt-4 space-y-2 text-sm">
            {report.waitingForClickAge > 0 && <p data-testid="google-ads-waiting">{fill(g.waitingForClick, { count: report.waitingForClickAge, delay })}</p>}
            {counts.pending > 0 && report.nextDueAt && (
              <p data-testid="google-ads-next">{dueNow(report.nextDueAt, readAt) ? g.nextDueNow : fill(g.nextDue, { date: formatDateTime(report.nextDueAt) })}</p>
            )}
            {counts.sent > 0 && <p>{g.sentHint}</p>}
            <p className="font-semibold" data-testid="google-ads-last-delivery">
              {delivered ? fill(g.lastDelivered, { date: formatDateTime(delivered) }) : g.neverDelivered}
            </p>
          </div>
          <GoogleAdsReasons copy={g} reasons={report.reasons} />
          <GoogleAdsProblem copy={g} status={report.status} />
        </div>
      )}

      {ready?.configured && <GoogleAdsCheck copy={g} />}
    </section>
  );
}
