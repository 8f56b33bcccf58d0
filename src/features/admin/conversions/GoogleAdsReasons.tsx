/**
 * What Google said of the period's conversions it refused, took in part, or that wait to be sent
 * again, and of those that expired: one entry per state and reason, most first.
 */
import type { GoogleReason } from '~/features/admin/conversions/google-ads-report';
import type { ConversionsCopy } from '~/features/admin/conversions/schema';
import { fill } from '~/features/admin/text';

export default function GoogleAdsReasons({ copy, reasons }: { copy: ConversionsCopy['googleAds']; reasons: readonly GoogleReason[] }) {
  if (reasons.length === 0) return null;
  return (
    <>
      <h4 className="mt-6 font-bold">{copy.reasonsHeading}</h4>
      <ul className="mt-2 space-y-2 text-sm" data-testid="google-ads-reasons">
        {reasons.map(({ state, reason, message, n }) => (
          <li
            key={`${state} ${reason ?? ''}`}
            className={`space-y-1 rounded-lg p-3 ${state === 'failed' || state === 'partial' ? 'border-2 border-destructive bg-destructive-soft' : 'bg-sand-light'}`}
            data-state={state}
          >
            <p className="font-bold">{fill(copy.reasonCount, { state: copy.states[state], count: n })}</p>
            {message && <p className="break-words">{message}</p>}
            {reason && <p className="text-ink-muted">{fill(copy.reasonCode, { reason })}</p>}
          </li>
        ))}
      </ul>
    </>
  );
}
