#!/usr/bin/env node
/**
 * After `astro build`: writes the final dist/_headers from public/_headers (copied there by the
 * build), replacing its `__CSP__` placeholder with the Content-Security-Policy of this build:
 *  - script-src: 'self', the SHA-256 of every inline script Astro wrote into dist/**\/*.html (the
 *    island bootstrap and the client directive scripts), the form embed script's host, and
 *    Meta's pixel host only when a pixel id is configured;
 *  - the Supabase project the build talks to (PUBLIC_SUPABASE_URL, else the local stand-in) for
 *    REST/auth/functions/storage, images and media;
 *  - the scheduling and lead-form hosts (settings.json → embeds) as frames.
 * Styles keep 'unsafe-inline': toasts inject a <style> element at run time and pages may inline
 * critical CSS; scripts never do.
 *
 *   node scripts/csp.mjs            (run by `npm run build`)
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';
export const PLACEHOLDER = '__CSP__';
const META_SCRIPT_HOST = 'https://connect.facebook.net';
const META_PIXEL_HOST = 'https://www.facebook.com';

/** Script types a browser executes (a JSON or JSON-LD block is data: CSP does not apply). */
const EXECUTABLE = /^(|module|text\/javascript|application\/javascript)$/i;

/** The inline scripts of an HTML document that the browser would run. */
export function inlineScripts(html) {
  const found = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1];
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? '';
    if (!EXECUTABLE.test(type.trim())) continue;
    found.push(match[2]);
  }
  return found;
}

export const sha256 = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** Inline event handlers and javascript: URLs cannot be allowed by hashes: refuse them. */
export function forbiddenInlineCode(html) {
  const problems = [];
  for (const match of html.matchAll(/<[a-z][^>]*?\s(on[a-z]+)\s*=/gi)) problems.push(`inline handler ${match[1]}=`);
  if (/\b(?:href|src|action)\s*=\s*["']?\s*javascript:/i.test(html)) problems.push('javascript: URL');
  return problems;
}

const origin = (url) => new URL(url).origin;

/** The policy, from the inline-script hashes, the Supabase URL and the site settings. */
export function buildCsp({ hashes, supabaseUrl, embeds, metaPixelId }) {
  const supabase = origin(supabaseUrl);
  const frames = [...new Set([origin(embeds.bookingHost), origin(embeds.leadFormHost)])];
  const scripts = ["'self'", ...[...new Set(hashes)].sort(), origin(embeds.formEmbedScript)];
  const connect = ["'self'", supabase];
  const images = ["'self'", 'data:', 'blob:', supabase];
  const directives = [
    ["default-src", ["'self'"]],
    ['script-src', scripts],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', images],
    ['media-src', ["'self'", 'blob:', supabase]],
    ['font-src', ["'self'"]],
    ['connect-src', connect],
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
const META_PIXEL = { 'script-src': [META_SCRIPT_HOST], 'connect-src': [META_PIXEL_HOST, META_SCRIPT_HOST], 'img-src': [META_PIXEL_HOST] };

/** A policy with Meta's pixel hosts added, as a build with a pixel id writes it. */
export function withMetaPixel(csp) {
  return csp
    .split(';')
    .map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      const extra = (META_PIXEL[name] ?? []).filter((host) => !values.includes(host));
      return [name, ...values, ...extra].join(' ');
    })
    .join('; ');
}

function htmlFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? htmlFiles(join(dir, entry.name)) : entry.name.endsWith('.html') ? [join(dir, entry.name)] : [],
  );
}

/** PUBLIC_SUPABASE_URL as the build saw it: the environment, then `.env`, then the stand-in. */
export function configuredSupabaseUrl(env = process.env, dir = root) {
  if (env.PUBLIC_SUPABASE_URL) return env.PUBLIC_SUPABASE_URL;
  const file = join(dir, '.env');
  const match = existsSync(file) ? /^\s*PUBLIC_SUPABASE_URL\s*=\s*["']?([^"'\s#]+)/m.exec(readFileSync(file, 'utf8')) : null;
  return match?.[1] || LOCAL_SUPABASE_URL;
}

export function writeHeaders(dist = join(root, 'dist')) {
  const template = join(dist, '_headers');
  if (!existsSync(template)) throw new Error(`csp: ${template} is missing (public/_headers is copied there by the build)`);
  const settings = JSON.parse(readFileSync(join(root, 'src/content/pages/settings.json'), 'utf8'));
  const hashes = [];
  const problems = [];
  const pages = htmlFiles(dist);
  for (const file of pages) {
    const html = readFileSync(file, 'utf8');
    for (const script of inlineScripts(html)) hashes.push(sha256(script));
    for (const problem of forbiddenInlineCode(html)) problems.push(`${file}: ${problem}`);
  }
  if (problems.length) throw new Error(`csp: inline code that a policy without 'unsafe-inline' blocks:\n${problems.join('\n')}`);
  const csp = buildCsp({
    hashes,
    supabaseUrl: configuredSupabaseUrl(),
    embeds: settings.embeds,
    metaPixelId: String(settings.metaPixelId ?? '').trim(),
  });
  const text = readFileSync(template, 'utf8');
  if (!text.includes(PLACEHOLDER)) throw new Error(`csp: ${template} has no ${PLACEHOLDER} (already written, or the template changed)`);
  writeFileSync(template, text.replaceAll(PLACEHOLDER, csp));
  return { csp, pages: pages.length, hashes: new Set(hashes).size };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const { pages, hashes, csp } = writeHeaders();
    console.log(`csp: dist/_headers written (${pages} pages, ${hashes} inline-script hashes, ${csp.length} characters)`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
