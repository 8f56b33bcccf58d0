/**
 * The shape of every marketer-edited content file, as zod schemas.
 *
 * Each schema that holds a picture takes the image schema as a parameter: Astro passes its
 * `image()` helper (which resolves and processes the file), unit tests pass `z.string()`.
 */
import { z } from 'astro/zod';
import { CONSENT_POLICIES } from '../features/consent/consent';

/** Astro's `image()` schema in the build (its output is the processed image); a string in tests. */
type ImageSchema = z.ZodType;
/** The image field as the pages see it. */
type BuiltImage = z.ZodType<ImageMetadata>;

const text = z.string().trim().min(1, 'must not be empty');
const url = z.url('must be an absolute URL (https://...)');
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lowercase words joined by hyphens');

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

export const SOCIAL_PLATFORMS = ['instagram', 'youtube', 'tiktok'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];
export const SECTION_IDS = ['about', 'programs', 'community', 'testimonials', 'contact', 'supplements'] as const;
export const FEATURE_ICONS = ['mindset', 'fitness', 'nutrition', 'community'] as const;

// The screener's values live with its rule (src/features/screener/screener.ts), which ships to the browser
// without zod.
export { RECOMMENDATION_KEYS, SCREENER_EXPERIENCE, SCREENER_GOALS, SCREENER_TIMING } from '~/features/screener/screener';
import { RECOMMENDATION_KEYS, SCREENER_EXPERIENCE, SCREENER_GOALS, SCREENER_TIMING } from '~/features/screener/screener';
import { CATEGORY_VALUES, buildFilename, subcategoriesOf } from '~/features/admin/assets/assets';
import { conversionsCopySchema } from '~/features/admin/conversions/schema';

const link = z.object({ label: text, href: text });
const seo = z.object({
  title: text.max(70, 'should stay under 70 characters for search results'),
  description: text.max(170, 'should stay under 170 characters for search results'),
});
export type SeoCopy = z.infer<typeof seo>;

/** The toast region's labels (public pages and the admin dashboard). */
export const toastsCopySchema = z.object({ regionLabel: text, dismiss: text });
export type ToastsCopy = z.infer<typeof toastsCopySchema>;

/** The booking (conversion) modal on every public page. */
export const bookingCopySchema = z.object({
  title: text,
  description: text,
  goalLabel: text,
  close: text,
  loading: text,
  iframeTitle: text,
  fallbackTitle: text,
  fallbackText: text,
  fallbackEmail: text,
  retry: text,
});
export type BookingCopy = z.infer<typeof bookingCopySchema>;

/** The "n spots left in <Month>" badge: {count} and {month} are filled in. */
export const spotsBadgeSchema = z.object({
  one: text.includes('{month}', { message: 'must contain {month}' }),
  other: text.includes('{month}', { message: 'must contain {month}' }),
});
export type SpotsBadgeCopy = z.infer<typeof spotsBadgeSchema>;

/**
 * Consent to ads measurement (src/features/consent/consent.ts): the policy and the privacy choices panel's
 * copy. One text serves both policies; the status lines say what is in force.
 */
const CONSENT_TEXT_MAX = 70;
export const consentCopySchema = z.object({
  policy: z.enum(CONSENT_POLICIES, {
    error: "must be 'opt-in' (nothing goes to Meta until the visitor agrees) or 'opt-out' (on until the visitor declines)",
  }),
  title: text,
  // The panel stays within two lines on a phone, so the page under it stays usable; the details
  // belong in the privacy policy, which the panel links.
  text: text.max(CONSENT_TEXT_MAX, {
    message: `must be at most ${CONSENT_TEXT_MAX} characters: the panel keeps to two lines on a phone; put the details in the privacy policy`,
  }),
  policyLink: text.max(24, { message: 'must be at most 24 characters (a short link name such as "Privacy policy")' }),
  accept: text,
  decline: text,
  close: text,
  statusGranted: text,
  statusDenied: text,
  statusGpc: text,
  footerLink: text,
  /** Shown in the footer with the `opt-out` policy (the US state privacy laws' link). */
  doNotSellLink: text,
});
export type ConsentCopy = z.infer<typeof consentCopySchema>;

/** Site-wide settings: claims, contact, partners, third-party ids, storage paths. */
export const settingsSchema = z.object({
  siteName: text,
  coachName: text,
  siteUrl: url,
  description: text,
  locale: text,
  themeColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a hex colour like #0ABAB5'),
  ogImage: z.string().regex(/^\/.+\.(jpg|png)$/, 'must be a path under public/, like /og-image.jpg'),
  ogImageAlt: text,
  claims: z.object({
    members: text,
    womenTransformed: text,
    downloads: text,
    benchRecordLbs: z.number().int().positive(),
    benchRecordTitle: text,
    certification: text,
  }),
  spotsLeft: z.number().int().min(0),
  spotsBadge: spotsBadgeSchema,
  contactEmail: z.email('must be an e-mail address'),
  socials: z.array(z.object({ platform: z.enum(SOCIAL_PLATFORMS), label: text, url })).min(1, 'needs at least one social profile'),
  supplements: z.object({ partnerName: text, code: text, shopUrl: url, offer: text }),
  embeds: z.object({
    leadFormHost: url,
    formEmbedScript: url,
    bookingHost: url,
    bookingWidgetId: text,
  }),
  metaPixelId: z.string().regex(/^(\d{10,20})?$/, 'must be the numeric pixel id, or empty to turn the pixel off'),
  consent: consentCopySchema,
  storage: z.object({
    bucket: text,
    logo: text,
    heroVideoDesktop: text,
    heroVideoMobile: text,
    communityVideo: text,
  }),
  logoAlt: text,
  skipLink: text,
  nav: z.array(z.object({ label: text, anchor: z.enum(SECTION_IDS) })).min(1),
  navLabel: text,
  cta: link,
  booking: bookingCopySchema,
  signIn: text,
  signOut: text,
  /** The header's link to the dashboard, shown to a signed-in admin on every page. */
  adminLink: text,
  footer: z.object({
    tagline: text,
    linksHeading: text,
    socialHeading: text,
    contactHeading: text,
    anchors: z.array(z.object({ label: text, anchor: z.enum(SECTION_IDS) })).min(1),
    privacy: text,
    terms: text,
    rights: text,
  }),
});
export type Settings = z.infer<typeof settingsSchema>;

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
    formId: text,
    order: z.number().int().min(0),
  });
export type Resource = z.infer<ReturnType<typeof resourceSchema<BuiltImage>>>;

export const testimonialSchema = z.object({
  id: slug,
  author: text,
  text,
  subtext: text,
  timeframe: text,
  highlight: text,
  response: text,
});

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

/** A section's message in the floating prompt. */
export const promptSchema = z.object({
  id: z.enum(SECTION_IDS),
  title: text,
  message: text,
  cta: text,
});
export type SectionPrompt = z.infer<typeof promptSchema>;

const optionsOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.array(z.object({ value: z.enum(values), label: text, hint: text.optional() })).min(2, 'needs at least two options');

export const screenerQuestionSchema = z.discriminatedUnion('id', [
  z.object({ id: z.literal('goal'), question: text, options: optionsOf(SCREENER_GOALS) }),
  z.object({ id: z.literal('experience'), question: text, options: optionsOf(SCREENER_EXPERIENCE) }),
  z.object({ id: z.literal('timing'), question: text, options: optionsOf(SCREENER_TIMING) }),
]);
export type ScreenerQuestion = z.infer<typeof screenerQuestionSchema>;

export const recommendationSchema = z.object({
  id: z.enum(RECOMMENDATION_KEYS),
  products: z.array(z.object({ name: text, description: text, benefits: z.array(text).min(1), timing: text })).min(1),
});
export type Recommendation = z.infer<typeof recommendationSchema>;

/* ---------- page copy ---------- */

/** The supplements screener's dialog. */
export const screenerCopySchema = z.object({
  title: text,
  description: text,
  close: text,
  loading: text,
  progressLabel: text,
  step: text.includes('{current}', { message: 'must contain {current}' }).includes('{total}', { message: 'must contain {total}' }),
  resultsTitle: text,
  resultsLead: text,
  benefitsLabel: text,
  timingLabel: text,
  preferredTiming: text.includes('{timing}', { message: 'must contain {timing}' }),
  codeLine: text.includes('{code}', { message: 'must contain {code}' }),
  retake: text,
  shop: text,
});
export type ScreenerCopy = z.infer<typeof screenerCopySchema>;

/** The floating prompt's card: its buttons and the default greeting. */
export const promptCopySchema = z.object({
  open: text,
  openWithMessage: text,
  close: text,
  title: text,
  message: text,
  cta: text,
});
export type PromptCopy = z.infer<typeof promptCopySchema>;

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
      copiedDescription: text.includes('{code}', { message: 'must contain {code}' }),
      copyFailedTitle: text,
      copyFailedDescription: text,
      shopLabel: text,
      screenerLabel: text,
      screener: screenerCopySchema,
    }),
    toasts: toastsCopySchema,
    prompt: promptCopySchema,
  });

/** The get-resource dialog. */
export const getResourceDialogCopySchema = z.object({
  title: text.includes('{title}', { message: 'must contain {title}' }),
  description: text,
  loading: text,
  close: text,
  formTitle: text.includes('{title}', { message: 'must contain {title}' }),
  /** When the form cannot load: the form's own page in a new tab, Try again, or e-mail. */
  fallbackTitle: text,
  fallbackText: text,
  openForm: text,
  retry: text,
  fallbackEmail: text,
});
export type GetResourceDialogCopy = z.infer<typeof getResourceDialogCopySchema>;

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
    groupHeading: text.includes('{label}', { message: 'must contain {label}' }),
    socialProof: text.includes('{count}', { message: 'must contain {count}' }),
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
    text: text.includes('{formId}', { message: 'must contain {formId}' }),
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

/** The error catalogue's texts (docs/product.md §8), chosen by backend error codes in src/features/auth/auth-messages.ts. */
export const authMessagesSchema = z.object({
  invalidCredentials: text,
  emailNotConfirmed: text,
  userExists: text,
  signUpSuccess: text,
  resendTooSoon: text,
  resendSuccess: text,
  resendFailed: text,
  unexpected: text,
});
export type AuthMessages = z.infer<typeof authMessagesSchema>;

export const authPageSchema = z.object({
  seo,
  signIn: z.object({ title: text, description: text, submit: text }),
  signUp: z.object({ title: text, description: text, submit: text }),
  form: z.object({
    emailLabel: text,
    emailPlaceholder: text,
    passwordLabel: text,
    passwordPlaceholder: text,
    showPassword: text,
    hidePassword: text,
    busy: text,
    resend: text,
    resendBusy: text,
    toSignUp: text,
    toSignIn: text,
  }),
  messages: authMessagesSchema,
  backHome: text,
});
/** The /auth form's copy: the page's copy without its SEO fields. */
export type AuthFormCopy = Omit<z.infer<typeof authPageSchema>, 'seo'>;

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

/** A replaceable file of the site (src/features/admin/assets/site-media.ts) as the admin names it. */
const mediaSlotCopy = z.object({ label: text, description: text });

const withTokens = (...tokens: string[]) => tokens.reduce((schema, token) => schema.includes(`{${token}}`, { message: `must contain {${token}}` }), text);

export const adminPageSchema = z.object({
  seo,
  title: text,
  subtitle: text,
  loading: text,
  accessDenied: z.object({ title: text, message: text, detail: text, backHome: text }),
  tabsLabel: text,
  tabs: z.object({ assets: text, crm: text, conversions: text }),
  toasts: toastsCopySchema,
  assets: z.object({
    heading: text,
    lead: text,
    defaultPerson: text,
    tabsLabel: text,
    tabs: z.object({ browse: text, upload: text, analytics: text, settings: text }),
    summary: z.object({ total: text }),
    media: z.object({
      heading: text,
      lead: withTokens('bucket'),
      cacheNote: withTokens('minutes', 'total'),
      loading: text,
      loadFailed: text,
      slots: z.object({ heroVideoDesktop: mediaSlotCopy, heroVideoMobile: mediaSlotCopy, communityVideo: mediaSlotCopy, logo: mediaSlotCopy }),
      current: text,
      missing: withTokens('fallback'),
      fallbacks: z.object({ video: text, image: text }),
      details: withTokens('type', 'size', 'date'),
      currentCache: withTokens('minutes'),
      currentNoCache: text,
      previewFailed: text,
      choose: z.object({ video: text, image: text }),
      hint: z.object({ video: withTokens('limit'), image: withTokens('limit') }),
      newFile: text,
      newDetails: withTokens('name', 'size'),
      checking: text,
      replace: withTokens('label'),
      discard: text,
      uploading: text,
      progressLabel: withTokens('label'),
      resumed: text,
      cancel: text,
      keptNote: text,
      invalid: text,
      problems: z.object({
        empty: withTokens('name'),
        videoType: withTokens('name'),
        imageType: withTokens('name'),
        size: withTokens('name', 'size', 'limit'),
        videoUnplayable: withTokens('name'),
        imageUnplayable: withTokens('name'),
      }),
      replaced: withTokens('label'),
      replacedText: withTokens('name', 'minutes'),
      failed: text,
      failedText: text,
      cancelled: text,
      cancelledText: text,
      resumableUnavailable: text,
      resumableUnavailableText: text,
    }),
    browse: z.object({
      heading: text,
      searchLabel: text,
      searchPlaceholder: text,
      categoryLabel: text,
      allCategories: text,
      count: withTokens('count', 'total'),
      loading: text,
      noMatch: text,
      emptyTitle: text,
      emptyText: text,
      uploaded: withTokens('date'),
      copyPath: text,
      copyImport: text,
      delete: text,
      actionsFor: withTokens('action', 'name'),
      pathCopied: text,
      importCopied: text,
      copyFailed: text,
      deleteSimulated: text,
      deleteSimulatedText: withTokens('name'),
    }),
    cloud: z.object({
      heading: text,
      lead: withTokens('bucket'),
      pathLabel: text,
      up: text,
      folder: text,
      showing: withTokens('path', 'from', 'to'),
      showingEmpty: withTokens('path'),
      pagesLabel: text,
      previous: text,
      next: text,
      loading: text,
      empty: text,
      emptyFolder: text,
      loadFailed: text,
      refresh: text,
      unknownSize: text,
      created: withTokens('date'),
      updated: withTokens('date'),
      view: text,
      download: text,
      delete: text,
      deleting: text,
      deleted: text,
      deletedText: withTokens('name'),
      deleteFailed: text,
      deleteFailedText: text,
      deleteError: text,
      deleteErrorText: text,
      types: z.object({ video: text, image: text, file: text }),
    }),
    upload: z.object({
      heading: text,
      lead: text,
      category: text,
      chooseCategory: text,
      subcategory: text,
      chooseSubcategory: text,
      person: text,
      descriptor: text,
      descriptorPlaceholder: text,
      number: text,
      tags: text,
      tagsHint: text,
      file: text,
      fileHint: text,
      preview: text,
      previewMissing: text,
      required: text,
      submit: text,
      uploading: text,
      progressLabel: text,
      resumed: text,
      success: text,
      successText: withTokens('name'),
      missing: text,
      missingText: text,
      failed: text,
      failedText: text,
      error: text,
      errorText: text,
      resumableUnavailable: text,
      resumableUnavailableText: text,
    }),
    analytics: z.object({ heading: text, row: withTokens('count', 'percent', 'total') }),
    settings: z.object({
      heading: text,
      namingHeading: text,
      naming: text,
      namingText: text,
      example: withTokens('example'),
      storageHeading: text,
      storageImages: text,
      storageCloud: withTokens('bucket'),
      categoriesHeading: text,
    }),
  }),
  debugger: z.object({
    heading: text,
    lead: text,
    configHeading: text,
    calendarId: text,
    locationId: text,
    useLocationId: text,
    apiVersion: text,
    encoding: text,
    encodings: z.object({ 'comma-separated': text, 'multiple-params': text }),
    date: text,
    presetsLabel: text,
    presets: z.object({ today: text, tomorrow: text, in2: text, week: text }),
    timezone: text,
    timezones: z.record(z.string(), text).refine((zones) => Object.keys(zones).length > 0, 'needs at least one timezone'),
    browserTimezone: withTokens('zone'),
    teamMembers: text,
    teamMembersHint: text,
    teamMembersEmpty: text,
    stepsHeading: text,
    steps: z.object({
      list: z.object({ name: text, description: text }),
      details: z.object({ name: text, description: text }),
      slots: z.object({ name: text, description: text }),
    }),
    status: z.object({ pending: text, running: text, success: text, error: text }),
    runStep: text,
    runStepLabel: withTokens('step'),
    runAll: text,
    reset: text,
    resultsHeading: text,
    noResults: text,
    summaryHeading: text,
    summaryEmpty: text,
    summary: z.object({ name: text, eventType: text, teamMembers: text, active: text, yes: text, no: text, unknown: text, none: text }),
    successTitle: text,
    successText: withTokens('step'),
    errorTitle: text,
    /** A 503 naming the settings the server lacks, in plain words; {settings} lists them. */
    notConfigured: text.includes('{settings}', { message: 'must contain {settings}' }),
    /** The label shown while the functions answer from the local fake GoHighLevel. */
    localFake: text,
    hints: z.object({ forbidden: text, empty: text, noSlots: text, notConfigured: text }),
  }),
  conversions: conversionsCopySchema,
});
export type AdminCopy = z.infer<typeof adminPageSchema>;

/** One image of the admin's sample catalogue; its name follows the naming convention. */
export const adminAssetSchema = z
  .object({
    id: slug,
    filename: z.string().regex(/^[a-z0-9-]+\.[a-z0-9]+$/, 'must be a lower-case file name like hero-main-kayla-stage-1.jpg'),
    originalName: text,
    category: z.enum(CATEGORY_VALUES, { error: `must be one of: ${CATEGORY_VALUES.join(', ')}` }),
    subcategory: slug,
    person: slug,
    descriptor: slug,
    number: z.number().int().min(1),
    extension: z.string().regex(/^[a-z0-9]+$/, 'must be a lower-case extension without the dot'),
    path: z.string().regex(/^\/uploads\/[a-z0-9.-]+$/, 'must be a path under /uploads/'),
    uploadDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2024-01-15'),
    tags: z.array(text),
  })
  .superRefine((asset, ctx) => {
    if (!subcategoriesOf(asset.category).includes(asset.subcategory)) {
      ctx.addIssue({ code: 'custom', path: ['subcategory'], message: `must be one of: ${subcategoriesOf(asset.category).join(', ')}` });
      return;
    }
    const expected = buildFilename(asset, `x.${asset.extension}`, asset.person);
    if (asset.filename !== expected) ctx.addIssue({ code: 'custom', path: ['filename'], message: `must follow the naming convention: ${expected}` });
    if (asset.path !== `/uploads/${asset.filename}`) ctx.addIssue({ code: 'custom', path: ['path'], message: `must be /uploads/${asset.filename}` });
  });
export type AdminAsset = z.infer<typeof adminAssetSchema>;

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
  updated: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-11-24'),
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
