/**
 * The content editor's form is generated from the collections' schemas (src/features/content-editor/
 * editor-config.ts): every content file has a form, every schema field a place in it, with the zod
 * rule the form checks it with.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { collectionNames, collectionOfFile } from '~/lib/content-collections';
import { type DecapField, editorCollectionNames, editorConfig, fieldRule, humanize, relativePath } from '~/features/content-editor/browser/editor-config';

const root = fileURLToPath(new URL('../../', import.meta.url));
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith('.json') ? [join(dir, entry.name)] : [],
  );
const contentFiles = files(join(root, 'src/content')).map((file) => relative(root, file));
const config = editorConfig();

/** Every leaf of the form, with where it is. */
function leaves(fields: DecapField[], at: string): { at: string; field: DecapField }[] {
  return fields.flatMap((field) => {
    const here = `${at}.${field.name}`;
    if (Array.isArray(field.fields)) return leaves(field.fields as DecapField[], here);
    if (field.field) return leaves([field.field as DecapField], `${here}[]`);
    if (Array.isArray(field.types)) return (field.types as { name: string; fields: DecapField[] }[]).flatMap((type) => leaves(type.fields, `${here}<${type.name}>`));
    return [{ at: here, field }];
  });
}

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
    const all = config.collections.flatMap((collection) => [
      ...leaves((collection.fields as DecapField[] | undefined) ?? [], collection.name),
      ...((collection.files as { name: string; fields: DecapField[] }[] | undefined) ?? []).flatMap((form) => leaves(form.fields, form.name)),
    ]);
    expect(all.length).toBeGreaterThan(300);
    const withoutRule = all.filter(({ field }) => typeof field.rule !== 'string' || !fieldRule(field.rule as string));
    expect(withoutRule.map(({ at }) => at)).toEqual([]);
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

  it('labels fields in words', () => {
    expect(humanize('spotsLeft')).toBe('Spots left');
    expect(humanize('muscle-building')).toBe('Muscle building');
    expect(relativePath('src/content', 'src/content/images/avatars')).toBe('./images/avatars');
    expect(relativePath('src/content/pages', 'src/content/images/home')).toBe('../images/home');
  });
});
