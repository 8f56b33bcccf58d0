/**
 * The content editor's Decap CMS configuration, generated from the content collections' one
 * description (src/lib/content-collections.ts) and their zod schemas (schema-fields.ts): nothing about
 * a field is written twice. Every leaf field carries `rule`, the id `fieldRule()` answers with the
 * field's zod rule, so the form checks a value with the build's own rule and message.
 *
 * - A page's file is one form; the pages that are not named apart share the "Pages" collection.
 * - A list file (a JSON list) is one form with its list (Decap reads it through the `json-list`
 *   format the editor registers: `{ items: [...] }` in the form, the list itself in the file).
 * - A folder is a folder collection: one form per file; new entries only where the collection allows.
 * - Pictures are stored beside the collection's others (`images`), and written into the file as
 *   a path from the entry's file, as the build reads them.
 * - It is the signed-in role's: what only the site's owner may change (`ownerOnly`) is hers to edit;
 *   an editor does not see the owner's collections, and sees her fields read-only.
 */
import { z } from 'astro/zod';
import { type CollectionName, type CollectionSpec, contentCollections, schemaOf } from '~/lib/content-collections';
import { relativePath } from '../shared/paths';
import { CONTENT_ENDPOINT } from './content-client';
import { type FormField, RuleBook, humanize, objectFields } from './schema-fields';
import type { AppRole } from '../../../../supabase/functions/_shared/roles.ts';

/** The format the editor registers for list files: the list is `items` in the form. */
export const LIST_FORMAT = 'json-list';
export const LIST_FIELD = 'items';
/** The name the editor registers its backend under (Decap's own `proxy` cannot be replaced). */
export const BACKEND_NAME = 'site-content';

/** The order of the editor's sidebar; the pages of PAGES are one collection. */
const ORDER: CollectionName[] = [
  'settings',
  'homePage',
  'resources',
  'testimonials',
  'transformations',
  'features',
  'avatars',
  'prompts',
  'screenerQuestions',
  'recommendations',
  'thankYouPages',
  'coachPhotos',
  'workoutTargets',
  'legalPages',
  'adminAssets',
];
const PAGES: CollectionName[] = ['guidesPage', 'previewPage', 'authPage', 'notFoundPage', 'adminPage'];

/**
 * Where the site shows a collection (Decap's `preview_path`, from the site's address): a saved
 * entry's toolbar links there. The others show on the home page, the site's address itself.
 */
const SHOWN_AT: Partial<Record<CollectionName, string>> = {
  resources: 'guides',
  guidesPage: 'guides',
  thankYouPages: 'thank-you',
  previewPage: 'in-development',
  coachPhotos: 'in-development',
  workoutTargets: 'in-development',
  authPage: 'auth',
  notFoundPage: '404',
  legalPages: '{{slug}}',
  adminPage: 'admin',
  adminAssets: 'admin',
};

/** Decap's JSON for one field (its own keys; `rule` passes through to the editor's widgets). */
export type DecapField = Record<string, unknown> & { name: string; widget: string };
export type DecapCollection = Record<string, unknown> & { name: string; label: string };
export interface DecapConfig {
  load_config_file: false;
  backend: { name: string; proxy_url: string; branch: string };
  media_folder: string;
  public_folder: string;
  collections: DecapCollection[];
}

const rules = new RuleBook();
const IMAGE = z.string().min(1, 'choose a picture');
/** What a folded list item shows, the first of these its fields have (Decap shows the first field, often an id, otherwise). */
const SUMMARY_FIELDS = ['author', 'name', 'title', 'heading', 'label', 'alt'];

/** A form field as Decap's JSON. */
function decapField(field: FormField, media?: { folder: string; public: string }): DecapField {
  const out: DecapField = { name: field.name, label: field.label, widget: field.widget, required: field.required };
  if (field.hint) out.hint = field.hint;
  if (field.default !== undefined) out.default = field.default;
  if (field.rule) out.rule = field.rule;
  if (field.options) out.options = field.options;
  if (field.integer) out.value_type = 'int';
  // A date picker without a time; the file keeps YYYY-MM-DD.
  if (field.widget === 'datetime') Object.assign(out, { date_format: 'YYYY-MM-DD', time_format: false });
  if (field.parts) out.parts = field.parts;
  if (field.widget === 'image' && media) Object.assign(out, { media_folder: media.folder, public_folder: media.public, choose_url: false });
  if (field.fields) out.fields = field.fields.map((inner) => decapField(inner, media));
  if (field.field) out.field = decapField(field.field, media);
  if (field.types) {
    out.types = field.types.map((type) => ({ name: type.name, label: type.label, widget: 'object', fields: type.fields.map((inner) => decapField(inner, media)) }));
    out.typeKey = field.typeKey;
  }
  if (field.widget === 'list') out.collapsed = true;
  const summary = SUMMARY_FIELDS.find((name) => field.fields?.some((inner) => inner.name === name));
  if (summary) out.summary = `{{fields.${summary}}}`;
  return out;
}

const fieldsOf = (name: CollectionName, spec: CollectionSpec, role: AppRole): FormField[] => {
  const schema = schemaOf(spec, IMAGE);
  const walk = { rules, at: name, image: IMAGE, ownerOnlyReadOnly: role !== 'admin' };
  if (spec.kind === 'list') {
    const element = z.array(schema);
    return objectFields(z.object({ [LIST_FIELD]: element }), walk).map((field) => ({ ...field, label: spec.label }));
  }
  if (!(schema instanceof z.ZodObject)) throw new Error(`${name}: a collection's entry must be an object`);
  return objectFields(schema, walk);
};

/** Where a picture picked in this collection goes (from the repository's root: Decap's leading `/`), and how its entry's file names it. */
function mediaOf(spec: CollectionSpec): { folder: string; public: string } | undefined {
  if (spec.images === undefined) return undefined;
  const from = spec.kind === 'folder' ? spec.path : spec.path.slice(0, spec.path.lastIndexOf('/'));
  return { folder: `/${spec.images}`, public: relativePath(from, spec.images) };
}

function fileForm(name: CollectionName, role: AppRole) {
  const spec: CollectionSpec = contentCollections[name];
  const media = mediaOf(spec);
  const shownAt = SHOWN_AT[name];
  return {
    name,
    label: spec.label,
    file: spec.path,
    description: spec.description,
    ...(shownAt ? { preview_path: shownAt } : {}),
    fields: fieldsOf(name, spec, role).map((field) => decapField(field, media)),
  };
}

function collection(name: CollectionName, role: AppRole): DecapCollection {
  const spec: CollectionSpec = contentCollections[name];
  const media = mediaOf(spec);
  const base = { name, label: spec.label, description: spec.description };
  if (spec.kind === 'folder') {
    return {
      ...base,
      folder: spec.path,
      extension: 'json',
      format: 'json',
      create: spec.create === true,
      delete: spec.create === true,
      slug: '{{slug}}',
      ...(SHOWN_AT[name] ? { preview_path: SHOWN_AT[name] } : {}),
      identifier_field: 'title',
      summary: '{{title}}',
      fields: fieldsOf(name, spec, role).map((field) => decapField(field, media)),
    };
  }
  return { ...base, files: [fileForm(name, role)], format: spec.kind === 'list' ? LIST_FORMAT : 'json' };
}

/** Whether `role` sees the collection: the owner's own (`ownerOnly`) are an admin's alone. */
const shownTo = (role: AppRole) => (name: CollectionName) => role === 'admin' || (contentCollections[name] as CollectionSpec).ownerOnly !== true;

/** What the pages of PAGES are, in the sidebar's words. */
const PAGE_WORDS: Partial<Record<CollectionName, string>> = {
  guidesPage: '/guides',
  previewPage: '/in-development',
  authPage: '/auth',
  notFoundPage: 'the page a wrong address shows',
  adminPage: 'the dashboard',
};

/** The editor's whole configuration, for the signed-in user's role. */
export function editorConfig(role: AppRole = 'admin'): DecapConfig {
  const collections = ORDER.filter(shownTo(role)).map((name) => collection(name, role));
  const pages = PAGES.filter(shownTo(role));
  const named = pages.map((name) => PAGE_WORDS[name]).filter(Boolean);
  collections.splice(2, 0, {
    name: 'pages',
    label: 'Pages',
    description: `The copy of the other pages: ${named.slice(0, -1).join(', ')} and ${named.at(-1)}.`,
    format: 'json',
    files: pages.map((name) => fileForm(name, role)),
  });
  return {
    load_config_file: false,
    backend: { name: BACKEND_NAME, proxy_url: CONTENT_ENDPOINT, branch: 'main' },
    media_folder: 'src/content/images',
    public_folder: '../images',
    collections,
  };
}

/** The zod rule of the field whose `rule` is `id` (after editorConfig() has run). */
export function fieldRule(id: string): z.ZodType | undefined {
  return rules.get(id);
}

/** Every collection the editor shows `role`, by name (the tests hold it to the content files). */
export const editorCollectionNames = (role: AppRole = 'admin'): CollectionName[] => [...ORDER, ...PAGES].filter(shownTo(role));

export { CONTENT_ENDPOINT, humanize, relativePath };
