/**
 * The Graph API versions the Conversions API is called with, and when Meta stops taking each
 * (Meta's Graph API changelog). One home for the default; META_API_VERSION overrides it, and the
 * admin warns from 90 days before the configured version expires. Runtime-free.
 */

/** version → the last day Meta takes it (null: not announced yet). */
export const GRAPH_API_VERSIONS: Readonly<Record<string, string | null>> = {
  'v21.0': '2027-01-21',
  'v22.0': '2027-05-20',
  'v23.0': '2027-10-08',
  'v24.0': '2028-02-18',
  'v25.0': '2028-07-29',
  'v26.0': null,
  'v27.0': null,
};

export const DEFAULT_API_VERSION = 'v25.0';
export const WARN_DAYS_BEFORE_EXPIRY = 90;

export interface VersionStatus {
  version: string;
  /** YYYY-MM-DD, or null when Meta has not announced it (or the version is not in the table). */
  expiresOn: string | null;
  daysLeft: number | null;
  /** current: fine; expiring: within 90 days; expired: Meta no longer takes it; unknown: not in the table. */
  level: 'current' | 'expiring' | 'expired' | 'unknown';
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function versionStatus(version: string, now: Date): VersionStatus {
  if (!(version in GRAPH_API_VERSIONS)) return { version, expiresOn: null, daysLeft: null, level: 'unknown' };
  const expiresOn = GRAPH_API_VERSIONS[version] ?? null;
  if (!expiresOn) return { version, expiresOn: null, daysLeft: null, level: 'current' };
  const daysLeft = Math.ceil((Date.parse(`${expiresOn}T23:59:59Z`) - now.getTime()) / DAY_MS);
  const level = daysLeft <= 0 ? 'expired' : daysLeft <= WARN_DAYS_BEFORE_EXPIRY ? 'expiring' : 'current';
  return { version, expiresOn, daysLeft, level };
}
