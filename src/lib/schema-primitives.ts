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
export const url = z.url('must be an absolute URL (https://...)');
export const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lowercase words joined by hyphens');

/** Text that keeps each of its `{token}` placeholders (the code fills them in). */
export const withTokens = (...tokens: string[]) => tokens.reduce((schema, token) => schema.includes(`{${token}}`, { message: `must contain {${token}}` }), text);

export const link = z.object({ label: text, href: text });

export const seo = z.object({
  title: text.max(70, 'should stay under 70 characters for search results'),
  description: text.max(170, 'should stay under 170 characters for search results'),
});
export type SeoCopy = z.infer<typeof seo>;

/** The home page's sections, as the nav, the footer and the floating prompt name them. */
export const SECTION_IDS = ['about', 'programs', 'community', 'testimonials', 'contact', 'supplements'] as const;
