/** Whether Meta still accepts the Graph API version the server reports, and what to set when it expires. */
import { DEFAULT_API_VERSION, versionStatus } from '../../../../supabase/functions/_shared/meta-api-versions.ts';
import { fill, formatDate } from '~/features/admin/text';
import type { ConversionsCopy } from '~/features/admin/conversions/schema';

const BOX: Record<string, string> = {
  current: 'text-sm text-ink-soft',
  expiring: 'rounded-lg border-2 border-coral bg-destructive-soft p-3 text-sm font-semibold text-ink',
  expired: 'rounded-lg border-2 border-destructive bg-destructive-soft p-3 text-sm font-semibold text-destructive',
  unknown: 'rounded-lg bg-sand-light p-3 text-sm text-ink-soft',
};

export default function ApiVersionNotice({ copy, version, now }: { copy: ConversionsCopy['version']; version: string | null; now: Date }) {
  if (!version) return <p className="text-sm text-ink-muted">{copy.notReported}</p>;
  const status = versionStatus(version, now);
  const values = {
    version: status.version,
    latest: DEFAULT_API_VERSION,
    date: status.expiresOn ? formatDate(status.expiresOn) : '',
    days: status.daysLeft === 1 ? copy.day : fill(copy.days, { count: status.daysLeft ?? 0 }),
  };
  const text = status.level === 'current' && !status.expiresOn ? fill(copy.currentNoDate, values) : fill(copy[status.level], values);
  return (
    <p className={BOX[status.level]} data-testid="api-version" data-level={status.level}>
      {text}
    </p>
  );
}
