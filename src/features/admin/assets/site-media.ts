/**
 * The site's own media in the storage bucket, which the admin can replace: the hero videos
 * (desktop and phone), the community video and the logo, at the paths the pages read
 * (settings.json → storage). What a replacement may be (kind, format, size), and how long caches
 * may keep a file (its Cache-Control).
 */
import { extensionOf } from './file-kind';

export const SITE_MEDIA_IDS = ['heroVideoDesktop', 'heroVideoMobile', 'communityVideo', 'logo'] as const;
export type SiteMediaId = (typeof SITE_MEDIA_IDS)[number];
export type SiteMediaKind = 'video' | 'image';

export interface SiteMediaSlot {
  id: SiteMediaId;
  /** Object path in the bucket, as settings.json → storage names it. */
  path: string;
  kind: SiteMediaKind;
}

const MB = 1024 * 1024;

/**
 * Formats every visitor's browser plays in a <video> / <img>, and the most a file may weigh: a
 * background video loads on every visit to the home page.
 */
export const SITE_MEDIA_RULES: Record<SiteMediaKind, { types: Record<string, string>; maxBytes: number }> = {
  video: { types: { mp4: 'video/mp4', m4v: 'video/mp4', webm: 'video/webm' }, maxBytes: 100 * MB },
  image: { types: { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', avif: 'image/avif' }, maxBytes: 2 * MB },
};

/**
 * The Cache-Control max-age (seconds) replacements are uploaded with: browsers and a CDN that
 * follows it ask again after 5 minutes (a conditional request: a 304 while the file is unchanged).
 */
export const SITE_MEDIA_CACHE_SECONDS = 300;

export function siteMediaSlots(storage: Record<SiteMediaId, string>): SiteMediaSlot[] {
  return SITE_MEDIA_IDS.map((id) => ({ id, path: storage[id], kind: id === 'logo' ? 'image' : 'video' }));
}

export type MediaProblem = 'empty' | 'type' | 'size';

export type MediaCheck = { ok: true; contentType: string } | { ok: false; problem: MediaProblem; maxBytes: number };

/**
 * Whether `file` may replace media of this kind: not empty, one of the kind's formats (by the
 * browser's type, or by extension when the browser gives none), within the size limit. The
 * content type it is stored with comes from the same check.
 */
export function checkMediaFile(kind: SiteMediaKind, file: { name: string; type: string; size: number }): MediaCheck {
  const rules = SITE_MEDIA_RULES[kind];
  const allowed = new Set(Object.values(rules.types));
  const declared = file.type.split(';')[0]!.trim().toLowerCase();
  const byExtension = rules.types[extensionOf(file.name)];
  const contentType = declared ? (allowed.has(declared) ? declared : undefined) : byExtension;
  if (!contentType) return { ok: false, problem: 'type', maxBytes: rules.maxBytes };
  if (file.size === 0) return { ok: false, problem: 'empty', maxBytes: rules.maxBytes };
  if (file.size > rules.maxBytes) return { ok: false, problem: 'size', maxBytes: rules.maxBytes };
  return { ok: true, contentType };
}

/** The file input's `accept`: the kind's content types and extensions. */
export function acceptFor(kind: SiteMediaKind): string {
  const { types } = SITE_MEDIA_RULES[kind];
  return [...new Set(Object.values(types)), ...Object.keys(types).map((extension) => `.${extension}`)].join(',');
}

/** max-age of a stored Cache-Control value in seconds; null when it has none (no-cache, missing). */
export function maxAgeSeconds(cacheControl: string | null | undefined): number | null {
  const match = /(?:^|,)\s*max-age\s*=\s*(\d+)\s*(?:,|$)/i.exec(cacheControl ?? '');
  return match ? Number(match[1]) : null;
}

/** Whole minutes, rounded up (a cache of 90 s may keep a file into the second minute). */
export const minutesOf = (seconds: number): number => Math.ceil(seconds / 60);

/**
 * The stored file's public URL with its version in the query: the admin's preview asks storage
 * for the file as it is now, not a copy its own browser cached. Storage ignores the parameter.
 */
export function versionedUrl(publicUrl: string, version: string | null | undefined): string {
  if (!version) return publicUrl;
  return `${publicUrl}${publicUrl.includes('?') ? '&' : '?'}v=${encodeURIComponent(version)}`;
}
