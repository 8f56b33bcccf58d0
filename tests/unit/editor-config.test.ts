/**
 * The content editor's form is generated from the collections' schemas (src/features/content-editor/
 * editor-config.ts): every content file has a form, every schema field a place in it, with the zod
 * rule the form checks it with.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type CollectionName, type CollectionSpec, collectionNames, collectionOfFile, contentCollections } from '~/lib/content-collections';
import {
  type DecapConfig,
  type DecapField,
  editorCollectionNames,
  editorConfig,
  fieldRule,
  humanize,
  relativePath,
} from '~/features/content-editor/browser/editor-config';

const root = fileURLToPath(new URL('../../', import.meta.url));
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith('.json') ? [join(dir, entry.name)] : [],
  );
const contentFiles = files(join(root, 'src/content')).map((file) => relative(root, file));
const config = editorConfig();

/** Every leaf and list of the form, with where it is. */
function leaves(fields: DecapField[], at: string): { at: string; field: DecapField }[] {
  return fields.flatMap((field) => {
    const here = `${at}.${field.name}`;
    // A list is checked as a whole too (at least one bullet), and its items each.
    const list = field.widget === 'list' ? [{ at: here, field }] : [];
    if (Array.isArray(field.fields)) return [...list, ...leaves(field.fields as DecapField[], here)];
    if (field.field) return [...list, ...leaves([field.field as DecapField], `${here}[]`)];
    if (Array.isArray(field.types))
      return [...list, ...(field.types as { name: string; fields: DecapField[] }[]).flatMap((type) => leaves(type.fields, `${here}<${type.name}>`))];
    return [{ at: here, field }];
  });
}

/** Every leaf of every form of a configuration. */
const allLeaves = (of: DecapConfig) =>
  of.collections.flatMap((collection) => [
    ...leaves((collection.fields as DecapField[] | undefined) ?? [], collection.name),
    ...((collection.files as { name: string; fields: DecapField[] }[] | undefined) ?? []).flatMap((form) => leaves(form.fields, form.name)),
  ]);

describe('the content editor’s configuration', () => {
  it('has a form for every content file', () => {
    const formFiles = config.collections.flatMap((collection) => ((collection.files as { file: string }[] | undefined) ?? []).map((form) => form.file));
    const folders = config.collections.flatMap((collection) => (typeof collection.folder === 'string' ? [collection.folder] : []));
    const placed = contentFiles.filter((file) => formFiles.includes(file) || folders.some((folder) => file.startsWith(`${folder}/`)));
    expect(contentFiles.filter((file) => !placed.includes(file))).toEqual([]);
    expect(new Set(editorCollectionNames())).toEqual(new Set(collectionNames));
    expect(contentFiles.every((file) => collectionOfFile(file))).toBe(true);
  });

  it('gives every leaf field a widget and the zod rule it is checked with', () => {
    const all = allLeaves(config);
    expect(all.length).toBeGreaterThan(300);
    const withoutRule = all.filter(({ field }) => typeof field.rule !== 'string' || !fieldRule(field.rule as string));
    expect(withoutRule.map(({ at }) => at)).toEqual([]);
  });

  it('leaves optional every field the build lets be empty or absent (what the form writes for a blank one)', () => {
    const blankOf: Record<string, unknown[]> = { string: [''], text: [''], image: [''], datetime: [''], number: [''], select: [null, ''], list: [[]] };
    const required = allLeaves(config)
      .filter(({ field }) => field.required !== false && typeof field.rule === 'string')
      .filter(({ field }) => {
        const rule = fieldRule(field.rule as string)!;
        return [undefined, ...(blankOf[field.widget] ?? [])].some((blank) => rule.safeParse(blank).success);
      });
    expect(required.map(({ at }) => at)).toEqual([]);
  });

  it('checks a field with the build’s own rule and message', () => {
    const testimonials = config.collections.find((collection) => collection.name === 'testimonials')!;
    const [form] = testimonials.files as { fields: DecapField[] }[];
    const author = leaves(form!.fields, 'testimonials').find(({ at }) => at.endsWith('.author'))!.field;
    const rule = fieldRule(author.rule as string)!;
    expect(rule.safeParse('').error?.issues[0]?.message).toBe('must not be empty');
    expect(rule.safeParse('Renee D.').success).toBe(true);
  });

  it('keeps a list file’s list, a folder’s files, and pictures beside their collection’s', () => {
    const guides = config.collections.find((collection) => collection.name === 'resources')!;
    expect(guides).toMatchObject({ folder: 'src/content/resources', create: true, delete: true, format: 'json' });
    const image = (guides.fields as DecapField[]).find((field) => field.name === 'image')!;
    expect(image).toMatchObject({ widget: 'image', media_folder: '/src/content/images/resources', public_folder: '../images/resources' });
    const transformations = config.collections.find((collection) => collection.name === 'transformations')!;
    expect(transformations.format).toBe('json-list');
    const [list] = (transformations.files as { fields: DecapField[] }[])[0]!.fields;
    expect(list).toMatchObject({ name: 'items', widget: 'list' });
    expect((list!.fields as DecapField[]).find((field) => field.name === 'image')).toMatchObject({ public_folder: './images/transformations' });
  });

  it('reads a discriminated union as a list of kinds of entry', () => {
    const questions = config.collections.find((collection) => collection.name === 'screenerQuestions')!;
    const [list] = (questions.files as { fields: DecapField[] }[])[0]!.fields;
    expect(list).toMatchObject({ typeKey: 'id' });
    expect((list!.types as { name: string }[]).map((type) => type.name)).toEqual(['goal', 'experience', 'timing']);
  });

  it('names a folded list item by what the marketer knows it as (the author, a name, a title), not its id', () => {
    const listOf = (name: string) => (config.collections.find((collection) => collection.name === name)!.files as { fields: DecapField[] }[])[0]!.fields[0]!;
    expect(listOf('testimonials')).toMatchObject({ summary: '{{fields.author}}' });
    expect(listOf('transformations')).toMatchObject({ summary: '{{fields.name}}' });
    expect(listOf('features')).toMatchObject({ summary: '{{fields.title}}' });
    expect(listOf('coachPhotos')).toMatchObject({ summary: '{{fields.alt}}' });
  });

  it('is the signed-in role’s: an editor sees neither the owner’s collections nor her fields but read-only', () => {
    const editor = editorConfig('editor');
    const names = (of: DecapConfig) =>
      of.collections.flatMap((collection) => [collection.name, ...((collection.files as { name: string }[] | undefined) ?? []).map((form) => form.name)]);
    const ownersOnly = collectionNames.filter((name) => (contentCollections[name] as CollectionSpec).ownerOnly === true);
    expect(ownersOnly).toEqual(expect.arrayContaining(['adminPage', 'authPage', 'adminAssets']));
    expect(names(editor).filter((name) => ownersOnly.includes(name as CollectionName))).toEqual([]);
    expect(names(config)).toEqual(expect.arrayContaining(ownersOnly));
    expect(new Set(editorCollectionNames('editor'))).toEqual(new Set(collectionNames.filter((name) => !ownersOnly.includes(name))));

    const settingsOf = (of: DecapConfig) => (of.collections.find((collection) => collection.name === 'settings')!.files as { fields: DecapField[] }[])[0]!.fields;
    const readOnly = (of: DecapConfig) =>
      allLeaves(of)
        .filter(({ field }) => field.widget === 'owner-only')
        .map(({ at }) => at);
    expect(readOnly(editor)).toEqual(['settings.siteUrl', 'settings.ogImage', 'settings.embeds', 'settings.metaPixelId', 'settings.consent.policy', 'settings.storage']);
    expect(readOnly(config)).toEqual([]);
    const embeds = settingsOf(editor).find((field) => field.name === 'embeds')!;
    expect(embeds).toMatchObject({ label: 'Embeds' });
    expect((embeds.parts as { label: string }[]).map((part) => part.label)).toEqual(['Lead form host', 'Form embed script', 'Booking host', 'Booking widget id']);
    expect(embeds).not.toHaveProperty('fields');
    expect(settingsOf(config).find((field) => field.name === 'embeds')).toMatchObject({ widget: 'object' });
  });

  it('gives a date a date picker that keeps YYYY-MM-DD', () => {
    const legal = config.collections.find((collection) => collection.name === 'legalPages')!;
    const updated = (legal.fields as DecapField[]).find((field) => field.name === 'updated')!;
    expect(updated).toMatchObject({ widget: 'datetime', date_format: 'YYYY-MM-DD', time_format: false, required: true });
    const rule = fieldRule(updated.rule as string)!;
    expect(rule.safeParse('2026-11-24').success).toBe(true);
    expect(rule.safeParse('2026-02-30').error?.issues[0]?.message).toBe('must be a day of the calendar');
  });

  it('offers a guide’s group on /guides, not required (Automatic leaves it out)', () => {
    const guides = config.collections.find((collection) => collection.name === 'resources')!;
    const group = (guides.fields as DecapField[]).find((field) => field.name === 'group')!;
    expect(group).toMatchObject({ label: 'Group on /guides', required: false, options: ['military', 'strength', 'muscle-building', 'nutrition'] });
  });

  it('links a saved entry to where the site shows it', () => {
    const pathOf = (name: string) => {
      const collection = config.collections.find(
        (candidate) => candidate.name === name || (candidate.files as { name: string }[] | undefined)?.some((form) => form.name === name),
      )!;
      return (collection.files as { name: string; preview_path?: string }[] | undefined)?.find((form) => form.name === name)?.preview_path ?? collection.preview_path;
    };
    expect(pathOf('resources')).toBe('guides');
    expect(pathOf('guidesPage')).toBe('guides');
    expect(pathOf('legalPages')).toBe('{{slug}}');
    expect(pathOf('previewPage')).toBe('in-development');
    expect(pathOf('testimonials')).toBeUndefined();
  });

  it('labels fields in words', () => {
    expect(humanize('spotsLeft')).toBe('Spots left');
    expect(humanize('muscle-building')).toBe('Muscle building');
    expect(relativePath('src/content', 'src/content/images/avatars')).toBe('./images/avatars');
    expect(relativePath('src/content/pages', 'src/content/images/home')).toBe('../images/home');
  });
});
