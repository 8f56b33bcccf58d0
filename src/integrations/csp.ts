/**
 * The Content-Security-Policy of a build, from the pages it wrote:
 *  - script-src: 'self', the SHA-256 of every inline script in the HTML (Astro's island bootstrap
 *    and directive scripts, the head scripts built by inline-script.ts), the form embed script's
 *    host, and Meta's pixel host only when a pixel id is configured;
 *  - the Supabase project the build talks to (PUBLIC_SUPABASE_URL, else the local stand-in) for
 *    REST/auth/functions/storage, images and media;
 *  - the scheduling and lead-form hosts (settings.json → embeds) as frames.
 * Styles keep 'unsafe-inline': toasts inject a <style> element at run time and pages inline their
 * stylesheet; scripts never do.
 */
import { createHash } from 'node:crypto';
import type { Settings } from '../lib/settings-schema';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCAL_SUPABASE_URL } from '../lib/local-supabase';

const META_SCRIPT_HOST = 'https://connect.facebook.net';
const META_PIXEL_HOST = 'https://www.facebook.com';

/** Script types a browser executes (a JSON or JSON-LD block is data: CSP does not apply). */
const EXECUTABLE = /^(|module|text\/javascript|application\/javascript)$/i;

/** The inline scripts of an HTML document that the browser would run. */
export function inlineScripts(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? '';
    if (!EXECUTABLE.test(type.trim())) continue;
    found.push(match[2] ?? '');
  }
  return found;
}

export const sha256 = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** Inline event handlers and javascript: URLs cannot be allowed by hashes: refuse them. */
export function forbiddenInlineCode(html: string): string[] {
  const problems: string[] = [];
  for (const match of html.matchAll(/<[a-z][^>]*?\s(on[a-z]+)\s*=/gi)) problems.push(`inline handler ${match[1]}=`);
  if (/\b(?:href|src|action)\s*=\s*["']?\s*javascript:/i.test(html)) problems.push('javascript: URL');
  return problems;
}

const origin = (url: string) => new URL(url).origin;

export type Embeds = Pick<Settings['embeds'], 'bookingHost' | 'leadFormHost' | 'formEmbedScript'>;

export interface CspInput {
  hashes: readonly string[];
  supabaseUrl: string;
  embeds: Embeds;
  metaPixelId: string;
}

/** The policy, from the inline-script hashes, the Supabase URL and the site settings. */
export function buildCsp({ hashes, supabaseUrl, embeds, metaPixelId }: CspInput): string {
  const supabase = origin(supabaseUrl);
  const frames = [...new Set([origin(embeds.bookingHost), origin(embeds.leadFormHost)])];
  const scripts = ["'self'", ...[...new Set(hashes)].sort(), origin(embeds.formEmbedScript)];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', scripts],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', supabase]],
    ['media-src', ["'self'", 'blob:', supabase]],
    ['font-src', ["'self'"]],
    // blob: the content editor keeps a picked picture (an object URL of the page's own) in its backup of unsaved changes.
    ['connect-src', ["'self'", 'blob:', supabase]],
    ['frame-src', frames],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  const csp = directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
  return metaPixelId ? withMetaPixel(csp) : csp;
}

/** Meta's pixel: its script, and the hosts it sends events to. */
const META_PIXEL: Record<string, string[]> = {
  'script-src': [META_SCRIPT_HOST],
  'connect-src': [META_PIXEL_HOST, META_SCRIPT_HOST],
  'img-src': [META_PIXEL_HOST],
};

/** A policy with Meta's pixel hosts added, as a build with a pixel id writes it. */
export function withMetaPixel(csp: string): string {
  return csp
    .split(';')
    .map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      const extra = (META_PIXEL[name] ?? []).filter((host) => !values.includes(host));
      return [name, ...values, ...extra].join(' ');
    })
    .join('; ');
}

/** PUBLIC_SUPABASE_URL as the build saw it: the environment, then `.env`, then the stand-in. */
export function configuredSupabaseUrl(env: Record<string, string | undefined>, dir: string): string {
  if (env.PUBLIC_SUPABASE_URL) return env.PUBLIC_SUPABASE_URL;
  const file = join(dir, '.env');
  const match = existsSync(file) ? /^\s*PUBLIC_SUPABASE_URL\s*=\s*["']?([^"'\s#]+)/m.exec(readFileSync(file, 'utf8')) : null;
  return match?.[1] || LOCAL_SUPABASE_URL;
}
