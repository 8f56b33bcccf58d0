/**
 * The Graph API versions the Conversions API may be called with, and when Meta stops accepting
 * each (Meta's Graph API changelog, "Versions": release and expiration dates). A call to an
 * expired version is refused (error 2635), so the server and the admin warn ahead of the date.
 * Runtime-free: the edge functions and the admin dashboard share it.
 *
 * Update this table when Meta publishes a new version or an expiration date.
 */

export interface ApiVersionDates {
  version: string;
  /** The day Meta released it (YYYY-MM-DD). */
  releasedOn: string;
  /** Its expiration date (YYYY-MM-DD), from which Meta refuses it; null while Meta has set none. */
  expiresOn: string | null;
}

export const META_API_VERSIONS: readonly ApiVersionDates[] = [
  { version: 'v27.0', releasedOn: '2026-11-04', expiresOn: null },
  { version: 'v26.0', releasedOn: '2026-07-29', expiresOn: null },
  { version: 'v25.0', releasedOn: '2026-02-18', expiresOn: '2028-07-29' },
  { version: 'v24.0', releasedOn: '2025-10-08', expiresOn: '2028-02-18' },
  { version: 'v23.0', releasedOn: '2025-05-29', expiresOn: '2027-10-08' },
  { version: 'v22.0', releasedOn: '2025-01-21', expiresOn: '2027-05-20' },
  { version: 'v21.0', releasedOn: '2024-10-02', expiresOn: '2027-01-21' },
  { version: 'v20.0', releasedOn: '2024-05-21', expiresOn: '2026-09-24' },
  { version: 'v19.0', releasedOn: '2024-01-23', expiresOn: '2026-05-21' },
  { version: 'v18.0', releasedOn: '2023-09-12', expiresOn: '2026-01-26' },
  { version: 'v17.0', releasedOn: '2023-05-23', expiresOn: '2025-09-12' },
  { version: 'v16.0', releasedOn: '2023-02-02', expiresOn: '2025-05-14' },
];

/** The version the server calls when META_API_VERSION is not set. */
export const DEFAULT_API_VERSION = 'v25.0';

/** From this many days before its expiration date a version is 'expiring'. */
export const EXPIRY_WARNING_DAYS = 90;

export type VersionLevel = 'current' | 'expiring' | 'expired' | 'unknown';

export interface VersionStatus {
  version: string;
  expiresOn: string | null;
  /** Whole days from today (UTC) to the expiration date; 0 or less once reached; null without a date. */
  daysLeft: number | null;
  level: VersionLevel;
}

const DAY_MS = 86_400_000;

/** 'v21' and '21.0' name v21.0; anything else is kept as given (trimmed). */
export function normalizeVersion(version: string): string {
  const trimmed = version.trim();
  const match = /^v?(\d{1,3})(?:\.(\d{1,2}))?$/i.exec(trimmed);
  return match ? `v${Number(match[1])}.${Number(match[2] ?? 0)}` : trimmed;
}

/**
 * How a version stands on `now` (UTC days): 'expired' from its expiration date on, 'expiring'
 * from EXPIRY_WARNING_DAYS days before it, 'current' before that or while Meta has set no date,
 * 'unknown' for a version this table does not list.
 */
export function versionStatus(version: string, now: Date): VersionStatus {
  const name = normalizeVersion(version);
  const entry = META_API_VERSIONS.find((candidate) => candidate.version === name);
  if (!entry) return { version: name, expiresOn: null, daysLeft: null, level: 'unknown' };
  if (!entry.expiresOn) return { version: name, expiresOn: null, daysLeft: null, level: 'current' };
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const daysLeft = Math.round((Date.parse(`${entry.expiresOn}T00:00:00Z`) - today) / DAY_MS);
  const level: VersionLevel = daysLeft <= 0 ? 'expired' : daysLeft <= EXPIRY_WARNING_DAYS ? 'expiring' : 'current';
  return { version: name, expiresOn: entry.expiresOn, daysLeft, level };
}
