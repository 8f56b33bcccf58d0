/**
 * Site-wide settings (pages/settings.json): claims, contact, partners, third-party ids, storage
 * paths, the header's and footer's labels, and the booking and consent copy.
 *
 * The build validates the file with this schema, and so does readSiteSettings()
 * (site-settings-file.ts), which plain Node runs too: imports name their .ts files.
 */
import { z } from 'astro/zod';
import { bookingCopySchema, localTestSchedulerCopySchema } from '../features/booking/schema.ts';
import { consentCopySchema } from '../features/consent/schema.ts';
import { SECTION_IDS, link, ownerOnly, text, url, withTokens } from './schema-primitives.ts';

/** The settings file, from the repository's root: read through site-settings-file.ts outside the content layer. */
export const SETTINGS_FILE = 'src/content/pages/settings.json';

export const SOCIAL_PLATFORMS = ['instagram', 'youtube', 'tiktok'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

/** The "n spots left in <Month>" badge: {count} and {month} are filled in. */
export const spotsBadgeSchema = z.object({
  one: withTokens('month'),
  other: withTokens('month'),
});
export type SpotsBadgeCopy = z.infer<typeof spotsBadgeSchema>;

export const settingsSchema = z.object({
  siteName: text,
  coachName: text,
  siteUrl: ownerOnly(url),
  description: text,
  locale: text,
  themeColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a hex colour like #0ABAB5'),
  ogImage: ownerOnly(z.string().regex(/^\/[a-z0-9/_-]+\.(jpg|png)$/, 'must be the address of a picture of this site, like /og-image.jpg')),
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
  /** The lead and booking platforms: the script every page may load, and the frames it may show. */
  embeds: ownerOnly(
    z.object({
      leadFormHost: url,
      formEmbedScript: url,
      bookingHost: url,
      bookingWidgetId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'must be the widget id: letters, digits, - and _'),
    }),
  ),
  metaPixelId: ownerOnly(z.string().regex(/^(\d{10,20})?$/, 'must be the numeric pixel id, or empty to turn the pixel off')),
  consent: consentCopySchema,
  storage: ownerOnly(
    z.object({
      bucket: text,
      logo: text,
      heroVideoDesktop: text,
      heroVideoMobile: text,
      communityVideo: text,
    }),
  ),
  logoAlt: text,
  skipLink: text,
  nav: z.array(z.object({ label: text, anchor: z.enum(SECTION_IDS) })).min(1),
  navLabel: text,
  cta: link.meta({ title: 'Call to action' }),
  booking: bookingCopySchema,
  localTestScheduler: localTestSchedulerCopySchema,
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
