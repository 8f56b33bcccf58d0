/**
 * Content collections: every piece of copy and data a marketer edits lives in src/content and is
 * validated here at build time. Each collection is described once, in src/lib/content-collections.ts
 * (its files, its schema, its rule across entries, its name in the content editor); this file hands
 * them to Astro with its loaders (src/lib/content-loaders.ts). A bad edit fails `npm run build`, and
 * under `npm run dev` shows Astro's error overlay, with the file, the line and the field named.
 */
import { type BaseSchema, defineCollection, type SchemaContext } from 'astro:content';
import { type CollectionCheck, contentCollections as specs } from './lib/content-collections';
import { jsonFolder, jsonList } from './lib/content-loaders';

/** A collection's schema as Astro takes it: a zod schema, or a function of Astro's `image()` for those with images. */
type Schema<S extends BaseSchema> = S | ((context: SchemaContext) => S);

/** Astro's `image()` given to a schema that takes the image field's schema (its type is the processed image). */
const withImage =
  <S extends BaseSchema>(schema: (image: ReturnType<SchemaContext['image']>) => S) =>
  ({ image }: SchemaContext) =>
    schema(image());

function define<S extends BaseSchema>(spec: { kind: 'list' | 'folder' | 'page'; path: string; check?: CollectionCheck }, schema: Schema<S>) {
  const path = `./${spec.path}`;
  if (spec.kind === 'list') return defineCollection({ loader: jsonList(path, schema), schema });
  if (spec.kind === 'folder') return defineCollection({ loader: jsonFolder(path, schema, spec.check ? { check: spec.check } : {}), schema });
  const slash = path.lastIndexOf('/');
  return defineCollection({ loader: jsonFolder(path.slice(0, slash), schema, { pattern: path.slice(slash + 1) }), schema });
}

// One line each, so each collection keeps its own data type (tests/unit/content-collections.test.ts
// holds this list to src/lib/content-collections.ts).
export const collections = {
  settings: define(specs.settings, specs.settings.schema),
  homePage: define(specs.homePage, withImage(specs.homePage.schema)),
  features: define(specs.features, specs.features.schema),
  testimonials: define(specs.testimonials, specs.testimonials.schema),
  transformations: define(specs.transformations, withImage(specs.transformations.schema)),
  avatars: define(specs.avatars, withImage(specs.avatars.schema)),
  prompts: define(specs.prompts, specs.prompts.schema),
  resources: define(specs.resources, withImage(specs.resources.schema)),
  guidesPage: define(specs.guidesPage, specs.guidesPage.schema),
  screenerQuestions: define(specs.screenerQuestions, specs.screenerQuestions.schema),
  recommendations: define(specs.recommendations, specs.recommendations.schema),
  thankYouPages: define(specs.thankYouPages, specs.thankYouPages.schema),
  previewPage: define(specs.previewPage, withImage(specs.previewPage.schema)),
  coachPhotos: define(specs.coachPhotos, withImage(specs.coachPhotos.schema)),
  workoutTargets: define(specs.workoutTargets, withImage(specs.workoutTargets.schema)),
  authPage: define(specs.authPage, specs.authPage.schema),
  notFoundPage: define(specs.notFoundPage, specs.notFoundPage.schema),
  legalPages: define(specs.legalPages, specs.legalPages.schema),
  adminPage: define(specs.adminPage, specs.adminPage.schema),
  adminAssets: define(specs.adminAssets, specs.adminAssets.schema),
};
