/**
 * Reading the validated content collections from pages and components.
 * Page copy lives in one-file collections; `pageCopy` returns that file's data.
 */
import { readFileSync } from 'node:fs';
import { getCollection, getEntry, type CollectionEntry, type CollectionKey } from 'astro:content';
import { idsInFile, sortByIds } from './file-order';

type SingletonKey = Extract<CollectionKey, 'settings' | 'homePage' | 'guidesPage' | 'authPage' | 'previewPage' | 'notFoundPage' | 'adminPage'>;

const singletonIds: Record<SingletonKey, string> = {
  settings: 'settings',
  homePage: 'home',
  guidesPage: 'guides',
  authPage: 'auth',
  previewPage: 'in-development',
  notFoundPage: 'not-found',
  adminPage: 'admin',
};

export async function pageCopy<K extends SingletonKey>(key: K): Promise<CollectionEntry<K>['data']> {
  const entry = await getEntry(key, singletonIds[key]);
  if (!entry) throw new Error(`content: src/content/pages/${singletonIds[key]}.json is missing`);
  return entry.data as CollectionEntry<K>['data'];
}

export const siteSettings = () => pageCopy('settings');

export async function thankYouCopy(id: 'lead' | 'call' | 'resource') {
  const entry = await getEntry('thankYouPages', id);
  if (!entry) throw new Error(`content: src/content/pages/thank-you/${id}.json is missing`);
  return entry.data;
}

/** Resources ordered for display (by their `order` field). */
export async function orderedResources() {
  const entries = await getCollection('resources');
  return entries.sort((a, b) => a.data.order - b.data.order);
}

/** The collections made of one JSON list file (src/content.config.ts, `file()` loader). */
type ListCollection = Extract<
  CollectionKey,
  'testimonials' | 'transformations' | 'avatars' | 'coachPhotos' | 'workoutTargets' | 'features' | 'prompts' | 'screenerQuestions' | 'recommendations' | 'adminAssets'
>;

/** A list collection in the order of its file (src/lib/file-order.ts). */
export async function inFileOrder<C extends ListCollection>(name: C): Promise<CollectionEntry<C>[]> {
  const entries = await getCollection(name);
  const file = entries[0]?.filePath;
  return file ? sortByIds(entries, idsInFile(readFileSync(file, 'utf8'))) : entries;
}
