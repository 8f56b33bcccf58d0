/**
 * Every content collection, described once: where its files are (one JSON list file, a folder of
 * one-entry files, or one page's file), its zod schema, its rule across entries, and what the
 * marketer calls it. The build reads it (src/content.config.ts builds Astro's collections from it),
 * the content editor's endpoint validates a save with it, and the editor's form is generated from
 * it (src/features/content-editor/). No Astro or Node import: the browser and Cloudflare's runtime
 * load it too.
 */
import { z } from 'astro/zod';
import { adminAssetSchema } from '~/features/admin/assets/schema';
import { adminPageSchema } from '~/features/admin/schema';
import { authPageSchema } from '~/features/auth/schema';
import { testimonialSchema } from '~/features/carousel/schema';
import { promptSchema } from '~/features/prompt/schema';
import { recommendationSchema, screenerQuestionSchema } from '~/features/screener/schema';
import type { ContentProblem } from './content-problems';
import type { Node } from 'jsonc-parser';
import {
  avatarSchema,
  coachPhotoSchema,
  featureSchema,
  featuredResourceProblem,
  guidesPageSchema,
  homePageSchema,
  legalPageSchema,
  notFoundPageSchema,
  previewPageSchema,
  resourceSchema,
  thankYouPageSchema,
  transformationSchema,
  workoutTargetSchema,
} from './content-schemas';
import { problemAt } from './content-problems';
import type { ImageSchema } from './schema-primitives';
import { SETTINGS_FILE, settingsSchema } from './settings-schema';

export const CONTENT_DIR = 'src/content';

/** One entry of a collection, parsed and valid, with where it was read from (for a check's problem). */
export interface CheckedEntry {
  id: string;
  /** From the repository's root: src/content/resources/fast-food-guide.json. */
  file: string;
  data: Record<string, unknown>;
  text: string;
  tree: Node;
}

/** A rule across the valid entries of a collection (e.g. exactly one featured guide): its problem, or null. */
export type CollectionCheck = (entries: readonly CheckedEntry[]) => ContentProblem | null;

/**
 * How the files are kept: `list`, one JSON file holding a list of entries with their `id`;
 * `folder`, one JSON file per entry (the file name is the id); `page`, one JSON file.
 */
export type CollectionKind = 'list' | 'folder' | 'page';

interface Described {
  /** The collection's name in the content editor, as the marketer thinks of it. */
  label: string;
  /** What it holds and where it shows, in the marketer's words. */
  description: string;
}

/** A collection whose entries have no picture: its schema as it is. */
interface PlainSpec<S extends z.ZodType> extends Described {
  kind: CollectionKind;
  /** The list file, the folder, or the page's file, from the repository's root. */
  path: string;
  schema: S;
  images?: undefined;
  check?: CollectionCheck;
  /** Folder collections: whether the marketer may add and delete entries (the free guides). */
  create?: boolean;
  /** Only the site's owner (an admin) may change it: the admin's own pages and data. An editor does not see it. */
  ownerOnly?: boolean;
  /**
   * A yes/no field exactly one entry of the folder has set (the featured guide): ticking it on one
   * entry unticks the others in the same save; the rule across entries (`check`) holds it.
   */
  exclusive?: string;
}

/** A collection with pictures: its schema is a function of the image field's schema (Astro's `image()` in the build). */
interface ImageSpec<F extends (image: ImageSchema) => z.ZodType> extends Omit<PlainSpec<z.ZodType>, 'schema' | 'images'> {
  schema: F;
  /** Where a new picture of the collection is stored (src/content/images/<collection>). */
  images: string;
}

export type CollectionSpec = PlainSpec<z.ZodType> | ImageSpec<(image: ImageSchema) => z.ZodType>;

const content = (path: string) => `${CONTENT_DIR}/${path}`;
const images = (folder: string) => content(`images/${folder}`);

/** Exactly one free guide is featured: a second one is named at its "featured" field. */
const oneFeatured: CollectionCheck = (entries) => {
  const problem = featuredResourceProblem(entries.map(({ id, file, data }) => ({ id, filePath: file, featured: data.featured === true })));
  if (!problem) return null;
  const at = entries.filter(({ data }) => data.featured === true).at(-1) ?? entries[0];
  return at ? problemAt(at.file, at.text, at.tree, ['featured'], problem) : { file: content('resources'), line: 1, column: 1, field: '', message: problem };
};

export const contentCollections = {
  settings: {
    kind: 'page',
    path: SETTINGS_FILE,
    schema: settingsSchema,
    label: 'Site settings',
    description:
      'The claims (300+ members…), spots left, contact e-mail, social links, the supplement partner, the header, footer, booking and privacy copy. Technical fields say so.',
  },
  homePage: {
    kind: 'page',
    path: content('pages/home.json'),
    schema: homePageSchema,
    images: images('home'),
    label: 'Home page',
    description: 'The copy of every section of the home page, top to bottom.',
  },
  features: {
    kind: 'list',
    path: content('features.json'),
    schema: featureSchema,
    label: 'Coaching features',
    description: 'The four coaching features of the home page’s About section.',
  },
  testimonials: {
    kind: 'list',
    path: content('testimonials.json'),
    schema: testimonialSchema,
    label: 'Testimonials',
    description: 'What members say, in the home page’s carousel.',
  },
  transformations: {
    kind: 'list',
    path: content('transformations.json'),
    schema: transformationSchema,
    images: images('transformations'),
    label: 'Transformations',
    description: 'The before-and-after photos of the home page’s carousel.',
  },
  avatars: {
    kind: 'list',
    path: content('avatars.json'),
    schema: avatarSchema,
    images: images('avatars'),
    label: 'Community avatars',
    description: 'The member photos of the home page’s Community section (5 show on a phone).',
  },
  prompts: {
    kind: 'list',
    path: content('prompts.json'),
    schema: promptSchema,
    label: 'Floating prompt',
    description: 'The chat bubble’s message for each section of the home page.',
  },
  resources: {
    kind: 'folder',
    path: content('resources'),
    schema: resourceSchema,
    images: images('resources'),
    check: oneFeatured,
    create: true,
    label: 'Free guides',
    description: 'The free guides of /guides, one each; exactly one is the featured one.',
    exclusive: 'featured',
  },
  guidesPage: {
    kind: 'page',
    path: content('pages/guides.json'),
    schema: guidesPageSchema,
    label: 'Guides page',
    description: 'The copy of /guides around the guides themselves, and its sign-up dialog.',
  },
  screenerQuestions: {
    kind: 'list',
    path: content('screener/questions.json'),
    schema: screenerQuestionSchema,
    label: 'Screener questions',
    description: 'The supplement screener’s three questions and their answers.',
  },
  recommendations: {
    kind: 'list',
    path: content('screener/recommendations.json'),
    schema: recommendationSchema,
    label: 'Screener recommendations',
    description: 'The supplements the screener recommends for each goal.',
  },
  thankYouPages: {
    kind: 'folder',
    path: content('pages/thank-you'),
    schema: thankYouPageSchema,
    label: 'Thank-you pages',
    description: 'The pages after a sign-up (lead), a booked call (call) and a free guide (resource).',
  },
  previewPage: {
    kind: 'page',
    path: content('pages/in-development.json'),
    schema: previewPageSchema,
    images: images('coach'),
    label: 'Preview page',
    description: 'The copy of /in-development, the members’ area preview.',
  },
  coachPhotos: {
    kind: 'list',
    path: content('coach-photos.json'),
    schema: coachPhotoSchema,
    images: images('coach'),
    label: 'Coach photos',
    description: 'The three photos of the coach /in-development picks from.',
  },
  workoutTargets: {
    kind: 'list',
    path: content('workout-targets.json'),
    schema: workoutTargetSchema,
    images: images('workouts'),
    label: 'Workout targets',
    description: 'The five workout targets of /in-development.',
  },
  authPage: {
    kind: 'page',
    path: content('pages/auth.json'),
    schema: authPageSchema,
    label: 'Sign-in page',
    description: 'The copy of /auth: sign in, sign up and their messages.',
    ownerOnly: true,
  },
  notFoundPage: {
    kind: 'page',
    path: content('pages/not-found.json'),
    schema: notFoundPageSchema,
    label: 'Page not found',
    description: 'The copy of the page a wrong address shows.',
  },
  legalPages: {
    kind: 'folder',
    path: content('pages/legal'),
    schema: legalPageSchema,
    label: 'Legal',
    description: 'The privacy policy (/privacy) and the terms (/terms).',
  },
  adminPage: {
    kind: 'page',
    path: content('pages/admin.json'),
    schema: adminPageSchema,
    label: 'Admin dashboard',
    description: 'The copy of the coach’s dashboard.',
    ownerOnly: true,
  },
  adminAssets: {
    kind: 'list',
    path: content('admin-assets.json'),
    schema: adminAssetSchema,
    label: 'Admin image catalogue',
    description: 'The sample catalogue of site images the dashboard lists (files in public/uploads/).',
    ownerOnly: true,
  },
} as const satisfies Record<string, CollectionSpec>;

export type CollectionName = keyof typeof contentCollections;

export const collectionNames = Object.keys(contentCollections) as CollectionName[];

/** A collection's schema with an image field's schema given (the endpoint's check of a path, `z.string()` in tests). */
export function schemaOf(spec: CollectionSpec, image: ImageSchema = z.string()): z.ZodType {
  return spec.images === undefined ? spec.schema : spec.schema(image);
}

/** The collection a content file belongs to, and the entry's id in it (a list file's entries have their own ids: null). */
export function collectionOfFile(path: string): { name: CollectionName; spec: CollectionSpec; id: string | null } | null {
  for (const name of collectionNames) {
    const spec: CollectionSpec = contentCollections[name];
    if (spec.kind !== 'folder' && spec.path === path) return { name, spec, id: spec.kind === 'page' ? (path.split('/').at(-1) ?? '').replace(/\.json$/, '') : null };
    if (spec.kind === 'folder' && path.startsWith(`${spec.path}/`)) {
      const rest = path.slice(spec.path.length + 1);
      if (/^[a-z0-9]+(?:-[a-z0-9]+)*\.json$/.test(rest)) return { name, spec, id: rest.replace(/\.json$/, '') };
    }
  }
  return null;
}
