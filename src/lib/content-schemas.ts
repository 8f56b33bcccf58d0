/**
 * The shape of the marketer-edited content that belongs to pages rather than to one feature, as
 * zod schemas: the free guides (resources), the people and pictures lists, the coaching features,
 * and the copy of the home, guides, thank-you, preview, 404 and legal pages. Each feature's own
 * copy has its schema in its folder (src/features/<feature>/schema.ts); the settings' in
 * settings-schema.ts; src/content.config.ts puts them together.
 *
 * Each schema that holds a picture takes the image schema as a parameter: Astro passes its
 * `image()` helper (which resolves and processes the file), unit tests pass `z.string()`.
 */
import { z } from 'astro/zod';
import { getResourceDialogCopySchema } from '~/features/get-resource/schema';
import { promptCopySchema } from '~/features/prompt/schema';
import { screenerCopySchema } from '~/features/screener/schema';
import { toastsCopySchema } from '~/features/toasts/schema';
import { RESOURCE_CATEGORIES } from './resources';
import { type BuiltImage, type ImageSchema, isoDate, link, seo, slug, text, withTokens } from './schema-primitives';

export const RESOURCE_TAGS = [
  'Free Guide',
  'Program',
  'Military Program',
  'Lifestyle Guide',
  'Training Program',
  'Nutrition Guide',
  'Recipe Book',
  'Seasonal Guide',
  'Education',
] as const;
export type ResourceTag = (typeof RESOURCE_TAGS)[number];

export const FEATURE_ICONS = ['mindset', 'fitness', 'nutrition', 'community'] as const;

/** One free guide (a lead magnet). The id is the file name. */
export const resourceSchema = <I extends ImageSchema>(image: I) =>
  z.object({
    title: text,
    subtitle: text,
    description: text,
    bullets: z.array(text).min(1, 'needs at least one bullet'),
    image,
    imageAlt: text,
    tag: z.enum(RESOURCE_TAGS, { error: `must be one of: ${RESOURCE_TAGS.join(', ')}` }),
    featured: z.boolean().default(false),
    /** Left out: the group follows from the title, tag and description (src/lib/resources.ts). */
    group: z
      .enum(RESOURCE_CATEGORIES, { error: `must be one of: ${RESOURCE_CATEGORIES.join(', ')}` })
      .optional()
      .meta({ title: 'Group on /guides' }),
    /** The lead platform's form for this guide (its address on the lead form host). */
    formId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "must be the lead form's id: letters, digits, - and _"),
    order: z.number().int().min(0),
  });
export type Resource = z.infer<ReturnType<typeof resourceSchema<BuiltImage>>>;

export const transformationSchema = <I extends ImageSchema>(image: I) => z.object({ id: slug, name: text, result: text, image, alt: text });

export const avatarSchema = <I extends ImageSchema>(image: I) => z.object({ id: slug, name: text, image });

export const coachPhotoSchema = <I extends ImageSchema>(image: I) => z.object({ id: slug, image, alt: text });

export const workoutTargetSchema = <I extends ImageSchema>(image: I) => z.object({ id: slug, name: text, description: text, image, alt: text });

export const featureSchema = z.object({
  id: slug,
  title: text,
  description: text,
  icon: z.enum(FEATURE_ICONS),
});
export type Feature = z.infer<typeof featureSchema>;

export const homePageSchema = <I extends ImageSchema>(image: I) =>
  z.object({
    seo,
    hero: z.object({
      eyebrow: text,
      headline: text,
      subheadline: text,
      guidesLink: text,
      poster: image,
      posterMobile: image,
      posterAlt: text,
      pauseVideo: text,
      playVideo: text,
    }),
    about: z.object({
      eyebrow: text,
      headingPrefix: text,
      typingWords: z.array(text).min(1),
      lead: text,
    }),
    coach: z.object({
      eyebrow: text,
      heading: text,
      paragraphs: z.array(text).min(1),
      photo: image,
      photoAlt: text,
      certifiedLabel: text,
      recordLabel: text,
    }),
    community: z.object({
      eyebrow: text,
      heading: text,
      lead: text,
      poster: image,
      posterAlt: text,
      videoLabel: text,
      playVideo: text,
      pauseVideo: text,
      muteVideo: text,
      unmuteVideo: text,
      membersLabel: text,
      transformedLabel: text,
    }),
    testimonials: z.object({
      eyebrow: text,
      heading: text,
      lead: text,
      transformationsLabel: text,
      testimonialsLabel: text,
      pause: text,
      play: text,
    }),
    contact: z.object({ heading: text, lead: text, primary: text, secondary: text, emailLead: text }),
    supplements: z.object({
      eyebrow: text,
      heading: text,
      lead: text,
      codeLabel: text,
      copyLabel: text,
      copiedTitle: text,
      copiedDescription: withTokens('code'),
      copyFailedTitle: text,
      copyFailedDescription: text,
      shopLabel: text,
      screenerLabel: text,
      screener: screenerCopySchema,
    }),
    toasts: toastsCopySchema,
    prompt: promptCopySchema,
  });

export const guidesPageSchema = z.object({
  seo,
  hero: z.object({ eyebrow: text, heading: text, lead: text, cta: text, browse: text }),
  freeResources: z.object({
    heading: text,
    lead: text,
    reassurance: text,
    divider: text,
    filterLabel: text,
    filters: z.object({
      all: text,
      military: text,
      strength: text,
      'muscle-building': text,
      nutrition: text,
    }),
    groupHeading: withTokens('label'),
    socialProof: withTokens('count'),
    featuredBadge: text,
    includedLabel: text,
    cta: text,
    dialog: getResourceDialogCopySchema,
  }),
  coaching: z.object({ heading: text, lead: text, cta: text }),
  /** The local test form `npm run dev` shows in place of the lead platform's (src/integrations/local-lead-form/). */
  localTestForm: z.object({
    title: text,
    label: text,
    text: withTokens('formId'),
    name: text,
    email: text,
    submit: text,
  }),
});

export const thankYouPageSchema = z.object({
  seo,
  title: text,
  message: z.array(text).min(1),
  listTitle: text,
  items: z.array(text).min(1),
  buttons: z.array(link).length(2, 'needs exactly two buttons'),
});

export const previewPageSchema = <I extends ImageSchema>(image: I) =>
  z.object({
    seo,
    headline: text,
    lead: text,
    primaryCta: text,
    secondaryCta: text,
    workoutsHeading: text,
    workoutsCta: text,
    fallbackPhoto: image,
  });

export const notFoundPageSchema = z.object({
  seo,
  code: text,
  title: text,
  link: text,
});

/* ---------- rules across entries ---------- */

/** A resource entry as the loader sees it: its id, its file, and the schema's `featured`. */
export type FeaturedCheckEntry = Pick<Resource, 'featured'> & { id: string; filePath?: string | undefined };

/**
 * Exactly one resource is the featured one. Returns an error message naming the files,
 * or null when the set is valid.
 */
export function featuredResourceProblem(entries: readonly FeaturedCheckEntry[]): string | null {
  const featured = entries.filter((entry) => entry.featured);
  if (featured.length === 1) return null;
  if (featured.length === 0) {
    return 'resources: no resource has "featured": true; exactly one must be featured';
  }
  const files = featured.map((entry) => entry.filePath ?? entry.id).join(', ');
  return `resources: "featured" is true in ${featured.length} files (${files}); exactly one may be featured`;
}

/** A legal page (privacy policy, terms): src/content/pages/legal/<id>.json, served at /<id>. */
export const legalPageSchema = z.object({
  seo,
  title: text,
  updatedLabel: text,
  updated: isoDate,
  intro: text,
  sections: z
    .array(
      z.object({
        heading: text,
        /** The section's anchor (`/privacy#choices`). */
        id: z
          .string()
          .regex(/^[a-z][a-z0-9-]*$/, 'must be lowercase letters, digits and dashes, like choices')
          .optional(),
        paragraphs: z.array(text).min(1, 'needs at least one paragraph'),
        items: z.array(text).optional(),
        /** A link that opens the privacy choices panel (settings.json → consent). */
        choicesLink: text.optional(),
      }),
    )
    .min(1, 'needs at least one section'),
});
export type LegalPage = z.infer<typeof legalPageSchema>;
