/**
 * Content collections: every piece of copy and data a marketer edits lives in src/content
 * and is validated here at build time. A bad edit fails `npm run build`, and under `npm run dev`
 * shows Astro's error overlay, with the file, the line and the field named (src/lib/content-loaders.ts). Each feature's schemas live in its folder (src/features/<feature>/schema.ts),
 * the site settings' in src/lib/settings-schema.ts, the pages' in src/lib/content-schemas.ts.
 */
import { type BaseSchema, defineCollection, type SchemaContext } from 'astro:content';
import { adminAssetSchema } from './features/admin/assets/schema';
import { adminPageSchema } from './features/admin/schema';
import { authPageSchema } from './features/auth/schema';
import { testimonialSchema } from './features/carousel/schema';
import { promptSchema } from './features/prompt/schema';
import { recommendationSchema, screenerQuestionSchema } from './features/screener/schema';
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
} from './lib/content-schemas';
import { type CollectionCheck, jsonFolder, jsonList } from './lib/content-loaders';
import { problemAt } from './lib/content-problems';
import { settingsSchema } from './lib/settings-schema';

const dir = './src/content';

/** Exactly one resource is featured: a second one is named at its "featured" field. */
const oneFeatured: CollectionCheck = (entries) => {
  const problem = featuredResourceProblem(entries.map(({ id, file, data }) => ({ id, filePath: file, featured: data.featured === true })));
  if (!problem) return null;
  const at = entries.filter(({ data }) => data.featured === true).at(-1) ?? entries[0];
  return at ? problemAt(at.file, at.text, at.tree, ['featured'], problem) : { file: `${dir.slice(2)}/resources`, line: 1, column: 1, field: '', message: problem };
};

/** A collection's schema: a zod schema, or a function of Astro's `image()` for those with images. */
type Schema<S extends BaseSchema> = S | ((context: SchemaContext) => S);

/** A collection kept in one JSON list file (src/content/<file>). */
const list = <S extends BaseSchema>(file: string, schema: Schema<S>) => defineCollection({ loader: jsonList(`${dir}/${file}`, schema), schema });
/** A collection made of one JSON file per entry in a folder (the entry id is the file name). */
const folder = <S extends BaseSchema>(name: string, schema: Schema<S>, check?: CollectionCheck) =>
  defineCollection({ loader: jsonFolder(`${dir}/${name}`, schema, check ? { check } : {}), schema });
/** A single page's copy: src/content/pages/<name>.json. */
const page = <S extends BaseSchema>(name: string, schema: Schema<S>) =>
  defineCollection({ loader: jsonFolder(`${dir}/pages`, schema, { pattern: `${name}.json` }), schema });

const withImage =
  <T>(schema: (image: ReturnType<SchemaContext['image']>) => T) =>
  ({ image }: SchemaContext) =>
    schema(image());

export const collections = {
  settings: page('settings', settingsSchema),
  resources: folder('resources', withImage(resourceSchema), oneFeatured),
  testimonials: list('testimonials.json', testimonialSchema),
  transformations: list('transformations.json', withImage(transformationSchema)),
  avatars: list('avatars.json', withImage(avatarSchema)),
  coachPhotos: list('coach-photos.json', withImage(coachPhotoSchema)),
  workoutTargets: list('workout-targets.json', withImage(workoutTargetSchema)),
  features: list('features.json', featureSchema),
  prompts: list('prompts.json', promptSchema),
  screenerQuestions: list('screener/questions.json', screenerQuestionSchema),
  recommendations: list('screener/recommendations.json', recommendationSchema),
  homePage: page('home', withImage(homePageSchema)),
  guidesPage: page('guides', guidesPageSchema),
  thankYouPages: folder('pages/thank-you', thankYouPageSchema),
  authPage: page('auth', authPageSchema),
  previewPage: page('in-development', withImage(previewPageSchema)),
  notFoundPage: page('not-found', notFoundPageSchema),
  adminPage: page('admin', adminPageSchema),
  /** The privacy policy and the terms (src/content/pages/legal/<id>.json, served at /<id>). */
  legalPages: folder('pages/legal', legalPageSchema),
  /** The admin's sample catalogue of 46 site images (files in public/uploads/). */
  adminAssets: list('admin-assets.json', adminAssetSchema),
};
