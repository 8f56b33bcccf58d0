/**
 * How Google Ads is connected (the `google-ads-check` function's GET): the account and its
 * conversion actions, the local fake Google, or "Google Ads not connected" with the period's
 * Google clicks recorded meanwhile and which settings are missing or wrong.
 */
import { listWords } from '~/features/admin/conversions/google-ads-report';
import { googleFailureText, notSetUpText } from '~/features/admin/conversions/google-ads-words';
import type { ConversionsCopy } from '~/features/admin/conversions/schema';
import { fill } from '~/features/admin/text';
import type { SetupState } from './use-google-ads';

interface Props {
  copy: ConversionsCopy['googleAds'];
  setup: SetupState;
  /** The period's conversions recorded while Google Ads was not connected; null before the report is read. */
  notConfigured: number | null;
}

export default function GoogleAdsConnection({ copy, setup, notConfigured }: Props) {
  const s = copy.setup;
  if (setup.kind === 'loading')
    return (
      <p role="status" className="text-sm text-ink-soft">
        {s.reading}
      </p>
    );
  if (setup.kind === 'failed')
    return (
      <p className="rounded-lg bg-sand-light p-3 text-sm text-ink" data-testid="google-ads-unavailable">
        {googleFailureText(copy, setup.failure, s.readFailed)}
      </p>
    );
  const ready = setup.setup;
  if (!ready.configured) {
    const recorded =
      notConfigured === null
        ? null
        : notConfigured === 0
          ? s.notConnectedNone
          : notConfigured === 1
            ? s.notConnectedOne
            : fill(s.notConnectedCount, { count: notConfigured });
    const why = notSetUpText(copy, ready.missing, ready.invalid);
    return (
      <div className="space-y-1 rounded-lg border-2 border-coral bg-sand-light p-3 text-sm text-ink" data-testid="google-ads-not-connected">
        <h4 className="text-base font-bold">{s.notConnected}</h4>
        {recorded && <p>{recorded}</p>}
        {why && <p className="break-words">{why}</p>}
      </div>
    );
  }
  return (
    <div className="space-y-2 text-sm">
      <p className="font-semibold" data-testid="google-ads-connected">
        {ready.events.length ? fill(s.connected, { account: ready.account, events: listWords(ready.events) }) : fill(s.connectedNoEvents, { account: ready.account })}
      </p>
      {ready.serviceAccount && <p className="break-words text-ink-muted">{fill(s.serviceAccount, { email: ready.serviceAccount })}</p>}
      {ready.localGoogle && (
        <p className="rounded-lg bg-sand-light p-3 text-ink" data-testid="google-ads-local">
          {s.localGoogle}
        </p>
      )}
    </div>
  );
}
