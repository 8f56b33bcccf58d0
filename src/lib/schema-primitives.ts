/**
 * The building blocks every content schema uses: non-empty text, URLs, slugs, links, search
 * metadata, the home page's section anchors, and text that must keep its `{token}` placeholders.
 *
 * Plain Node imports this (through the settings schema: src/lib/site-settings-file.ts), so its
 * imports name their files, .ts included.
 */
import { z } from 'astro/zod';

/** Astro's `image()` schema in the build (its output is the processed image); a string in tests. */
export type ImageSchema = z.ZodType;
/** The image field as the pages see it. */
export type BuiltImage = z.ZodType<ImageMetadata>;

export const text = z.string().trim().min(1, 'must not be empty');
export const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lowercase words joined by hyphens');

/**
 * Where a link may go: a page of this site (`/guides`, `/#contact`), a section of the page
 * (`#contact`), a web address (`https://…`), an e-mail (`mailto:…`) or a phone (`tel:…`).
 */
export type LinkKind = 'page' | 'section' | 'web' | 'email' | 'phone';

const LINK_WORDS: Record<LinkKind, string> = {
  page: 'a page of this site (like /guides)',
  section: 'a section of the page (like #contact)',
  web: 'a web address starting with https://',
  email: 'an e-mail link (mailto:name@example.com)',
  phone: 'a phone link (tel:+15551234567)',
};

/** What a link is, read as a browser reads it (its parser, not its first characters), or null when it is none of the kinds. */
export function linkKind(value: string): LinkKind | null {
  // Browsers drop tabs and line breaks anywhere in an address: "java\tscript:" is javascript:.
  // eslint-disable-next-line no-control-regex -- control characters and spaces are what this refuses
  if (value === '' || /[\s\u0000-\u001f\u007f\\]/.test(value)) return null;
  if (value.startsWith('#')) return 'section';
  if (value.startsWith('/')) return value.startsWith('//') ? null : 'page';
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return null;
  }
  if (parsed.protocol === 'https:') return parsed.hostname.includes('.') && !parsed.username && !parsed.password ? 'web' : null;
  if (parsed.protocol === 'mailto:') return /^[^@\s%]+@[^@\s%]+\.[^@\s%]+$/.test(parsed.pathname) ? 'email' : null;
  if (parsed.protocol === 'tel:') return /^\+?[0-9().-]{3,}$/.test(parsed.pathname) ? 'phone' : null;
  return null;
}

/** The link rule, for every href and address of the content: the kinds this field allows, nothing else (no `javascript:`, no `data:`). */
export const linkTo = (...kinds: LinkKind[]) =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .refine((value) => kinds.includes(linkKind(value) as LinkKind), {
      message: `must be ${kinds.map((kind) => LINK_WORDS[kind]).join(' or ')}`,
    });

/** An absolute https address (a profile, a shop, a host of the platforms the site embeds). */
export const url = linkTo('web');

/** A date as the file keeps it (2026-11-24); the content editor gives it a date picker. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-11-24')
  .refine((value) => {
    const day = new Date(`${value}T00:00:00Z`);
    return !/^\d{4}-\d{2}-\d{2}$/.test(value) || (!Number.isNaN(day.getTime()) && day.toISOString().startsWith(value));
  }, 'must be a day of the calendar');

/**
 * Only the site's owner (an admin) may change this field, or every field inside it: what the site
 * trusts (addresses it loads scripts and frames from, its own address, storage, the pixel id). The
 * content endpoint refuses an editor's save that changes it (403), and the editor's form shows it
 * to her read-only.
 */
export const ownerOnly = <S extends z.ZodType>(schema: S): S => schema.meta({ ...(z.globalRegistry.get(schema) ?? {}), ownerOnly: true }) as S;

/** Whether `schema` is marked ownerOnly(). */
export const isOwnerOnly = (schema: z.ZodType): boolean => (z.globalRegistry.get(schema) as { ownerOnly?: unknown } | undefined)?.ownerOnly === true;

/** Text that keeps each of its `{token}` placeholders (the code fills them in). */
export const withTokens = (...tokens: string[]) => tokens.reduce((schema, token) => schema.includes(`{${token}}`, { message: `must contain {${token}}` }), text);

/** A button or link of the copy: its words and where it goes. */
export const link = z.object({ label: text, href: linkTo('page', 'section', 'web', 'email', 'phone') });

export const seo = z.object({
  title: text.max(70, 'should stay under 70 characters for search results'),
  description: text.max(170, 'should stay under 170 characters for search results'),
});
export type SeoCopy = z.infer<typeof seo>;

/** The home page's sections, as the nav, the footer and the floating prompt name them. */
export const SECTION_IDS = ['about', 'programs', 'community', 'testimonials', 'contact', 'supplements'] as const;
