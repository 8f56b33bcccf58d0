/**
 * Content collections: every piece of copy and data a marketer edits lives in src/content
 * and is validated here at build time. A bad edit fails `npm run build` with the file and
 * the field named. Each feature's schemas live in its folder (src/features/<feature>/schema.ts),
 * the site settings' in src/lib/settings-schema.ts, the pages' in src/lib/content-schemas.ts.
 */
import { defineCollection, type SchemaContext } from 'astro:content';
import { file, glob, type Loader } from 'astro/loaders';
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
import { settingsSchema } from './lib/settings-schema';

const dir = './src/content';

/** A collection made of one JSON file per entry in a folder (the entry id is the file name). */
const folder = (name: string) => glob({ pattern: '*.json', base: `${dir}/${name}` });
/** A single page's copy: src/content/pages/<name>.json. */
const page = (name: string) => glob({ pattern: `${name}.json`, base: `${dir}/pages` });

/** The resources folder, plus the rule that exactly one resource is featured. */
function resourcesLoader(): Loader {
  const inner = folder('resources');
  return {
    name: 'resources-loader',
    load: async (context) => {
      await inner.load(context);
      const problem = featuredResourceProblem(
        context.store.values().map((entry) => ({
          id: entry.id,
          filePath: entry.filePath,
          featured: (entry.data as { featured?: boolean }).featured === true,
        })),
      );
      if (problem) throw new Error(problem);
    },
  };
}

const withImage =
  <T>(schema: (image: ReturnType<SchemaContext['image']>) => T) =>
  ({ image }: SchemaContext) =>
    schema(image());

export const collections = {
  settings: defineCollection({ loader: page('settings'), schema: settingsSchema }),
  resources: defineCollection({ loader: resourcesLoader(), schema: withImage(resourceSchema) }),
  testimonials: defineCollection({ loader: file(`${dir}/testimonials.json`), schema: testimonialSchema }),
  transformations: defineCollection({
    loader: file(`${dir}/transformations.json`),
    schema: withImage(transformationSchema),
  }),
  avatars: defineCollection({ loader: file(`${dir}/avatars.json`), schema: withImage(avatarSchema) }),
  coachPhotos: defineCollection({
    loader: file(`${dir}/coach-photos.json`),
    schema: withImage(coachPhotoSchema),
  }),
  workoutTargets: defineCollection({
    loader: file(`${dir}/workout-targets.json`),
    schema: withImage(workoutTargetSchema),
  }),
  features: defineCollection({ loader: file(`${dir}/features.json`), schema: featureSchema }),
  prompts: defineCollection({ loader: file(`${dir}/prompts.json`), schema: promptSchema }),
  screenerQuestions: defineCollection({
    loader: file(`${dir}/screener/questions.json`),
    schema: screenerQuestionSchema,
  }),
  recommendations: defineCollection({
    loader: file(`${dir}/screener/recommendations.json`),
    schema: recommendationSchema,
  }),
  homePage: defineCollection({ loader: page('home'), schema: withImage(homePageSchema) }),
  guidesPage: defineCollection({ loader: page('guides'), schema: guidesPageSchema }),
  thankYouPages: defineCollection({
    loader: glob({ pattern: '*.json', base: `${dir}/pages/thank-you` }),
    schema: thankYouPageSchema,
  }),
  authPage: defineCollection({ loader: page('auth'), schema: authPageSchema }),
  previewPage: defineCollection({ loader: page('in-development'), schema: withImage(previewPageSchema) }),
  notFoundPage: defineCollection({ loader: page('not-found'), schema: notFoundPageSchema }),
  adminPage: defineCollection({ loader: page('admin'), schema: adminPageSchema }),
  /** The privacy policy and the terms (src/content/pages/legal/<id>.json, served at /<id>). */
  legalPages: defineCollection({ loader: glob({ pattern: '*.json', base: `${dir}/pages/legal` }), schema: legalPageSchema }),
  /** The admin's sample catalogue of 46 site images (files in public/uploads/). */
  adminAssets: defineCollection({ loader: file(`${dir}/admin-assets.json`), schema: adminAssetSchema }),
};
