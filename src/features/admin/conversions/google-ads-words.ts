/** What the Google Ads part says, in the copy's words: the wait Google asks for, and a failed call of `google-ads-check`. */
import { commonFailureText, type FunctionFailure } from '~/features/admin/conversions/conversions-calls';
import { delayParts } from '~/features/admin/conversions/google-ads-report';
import type { ConversionsCopy } from '~/features/admin/conversions/schema';
import { fill } from '~/features/admin/text';

type GoogleAdsCopy = ConversionsCopy['googleAds'];

/** "6 hours", "1 hour", "90 minutes"; the copy's "some hours" when the server did not say. */
export function delayWords(copy: GoogleAdsCopy, minutes: number | null): string {
  if (minutes === null) return copy.delayUnknown;
  const { unit, count } = delayParts(minutes);
  if (unit === 'hours') return count === 1 ? copy.hour : fill(copy.hours, { count });
  return count === 1 ? copy.minute : fill(copy.minutes, { count });
}

/** The settings a server lacks, or what is wrong with one, in words. */
export function notSetUpText(copy: GoogleAdsCopy, missing: readonly string[], invalid: string | null): string | null {
  if (invalid) return fill(copy.setup.invalid, { reason: invalid.replace(/\.$/, '') });
  return missing.length ? fill(copy.setup.missing, { settings: missing.join(', ') }) : null;
}

/** Why a call of the function failed; `other` is the template for any other reason. */
export function googleFailureText(copy: GoogleAdsCopy, failure: FunctionFailure, other: string): string {
  const common = commonFailureText(copy, failure);
  if (common !== null) return common;
  if (failure.kind === 'notConfigured') return notSetUpText(copy, failure.missing, failure.missing.length ? null : failure.message) ?? fill(other, { reason: '503' });
  return fill(other, { reason: failure.kind === 'other' ? failure.message : '' });
}
