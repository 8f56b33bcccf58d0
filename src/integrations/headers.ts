/**
 * Writes dist/_headers, Cloudflare Pages' response headers (wrangler pages dev applies them too),
 * at the end of `astro build`: the security headers, with the Content-Security-Policy of this very
 * build (csp.ts: the hashes of the inline scripts the build wrote), and the cache rules. A page
 * with an inline event handler or a javascript: URL, which no hash can allow, fails the build.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { Settings } from '../lib/settings-schema';
import { readSiteSettings } from '../lib/site-settings-file';
import { buildCsp, configuredSupabaseUrl, forbiddenInlineCode, inlineScripts, sha256 } from './csp';

/** What the policy reads from the settings. */
type PolicySettings = Pick<Settings, 'embeds' | 'metaPixelId'>;

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? htmlFiles(join(dir, entry.name)) : entry.name.endsWith('.html') ? [join(dir, entry.name)] : [],
  );
}

/** The `_headers` file for a policy. */
export function headersFile(csp: string): string {
  return `# Written by \`astro build\` (src/integrations/headers.ts).
/*
  Content-Security-Policy: ${csp}
  Strict-Transport-Security: max-age=63072000; includeSubDomains
  X-Content-Type-Options: nosniff
  X-Frame-Options: DENY
  Referrer-Policy: strict-origin-when-cross-origin
  Permissions-Policy: camera=(), microphone=(), geolocation=(), payment=(), usb=()
  Cache-Control: public, max-age=0, must-revalidate

# Hashed file names: cached for a year, never revalidated.
/_astro/*
  ! Cache-Control
  Cache-Control: public, max-age=31536000, immutable
`;
}

/** The policy of the pages in `dist`; throws naming every page with inline code a hash cannot allow. */
export function policyOfBuild(dist: string, settings: PolicySettings, supabaseUrl: string): { csp: string; pages: number; hashes: number } {
  const hashes = new Set<string>();
  const problems: string[] = [];
  const pages = htmlFiles(dist);
  for (const file of pages) {
    const html = readFileSync(file, 'utf8');
    for (const script of inlineScripts(html)) hashes.add(sha256(script));
    for (const problem of forbiddenInlineCode(html)) problems.push(`${file}: ${problem}`);
  }
  if (problems.length) throw new Error(`inline code that a policy without 'unsafe-inline' blocks:\n${problems.join('\n')}`);
  const csp = buildCsp({ hashes: [...hashes], supabaseUrl, embeds: settings.embeds, metaPixelId: settings.metaPixelId.trim() });
  return { csp, pages: pages.length, hashes: hashes.size };
}

export function headers(): AstroIntegration {
  let root = process.cwd();
  return {
    name: 'site-headers',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:build:done': ({ dir, logger }) => {
        const dist = fileURLToPath(dir);
        const { csp, pages, hashes } = policyOfBuild(dist, readSiteSettings(root), configuredSupabaseUrl(process.env, root));
        writeFileSync(join(dist, '_headers'), headersFile(csp));
        logger.info(`_headers written: ${pages} pages, ${hashes} inline-script hashes`);
      },
    },
  };
}
