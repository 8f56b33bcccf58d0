/**
 * Reading the validated content collections from pages and components: every read goes through
 * `collection` or `entry` here, which throw a collection's bad edit (src/lib/content-loaders.ts)
 * instead of rendering the page without it. Page copy lives in one-file collections; `pageCopy`
 * returns that file's data.
 */
import { readFileSync } from 'node:fs';
import { getCollection, type CollectionEntry, type CollectionKey } from 'astro:content';
import { ContentError, type ContentProblem, PROBLEM_ENTRY_ID } from './content-problems';
import { idsInFile, sortByIds } from './file-order';

/**
 * A collection's entries (in the order Astro keeps them: by id). Under `npm run dev` a collection
 * with a bad edit holds only its problem: the page stops with it, and Astro shows its error overlay.
 */
export async function collection<K extends CollectionKey>(key: K): Promise<CollectionEntry<K>[]> {
  const entries = await getCollection(key);
  const broken = entries.find((found) => found.id === PROBLEM_ENTRY_ID);
  const [first, ...more] = broken ? (broken.data as unknown as { problems: ContentProblem[] }).problems : [];
  if (first) throw new ContentError(process.cwd(), [first, ...more]);
  return entries;
}

/** One entry of a collection, or undefined. */
export async function entry<K extends CollectionKey>(key: K, id: string): Promise<CollectionEntry<K> | undefined> {
  return (await collection(key)).find((found) => found.id === id);
}

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
  const found = await entry(key, singletonIds[key]);
  if (!found) throw new Error(`content: src/content/pages/${singletonIds[key]}.json is missing`);
  return found.data as CollectionEntry<K>['data'];
}

export const siteSettings = () => pageCopy('settings');

export async function thankYouCopy(id: 'lead' | 'call' | 'resource') {
  const found = await entry('thankYouPages', id);
  if (!found) throw new Error(`content: src/content/pages/thank-you/${id}.json is missing`);
  return found.data;
}

/** Resources ordered for display (by their `order` field). */
export async function orderedResources() {
  const entries = await collection('resources');
  return entries.sort((a, b) => a.data.order - b.data.order);
}

/** The collections made of one JSON list file (src/content.config.ts, `file()` loader). */
type ListCollection = Extract<
  CollectionKey,
  'testimonials' | 'transformations' | 'avatars' | 'coachPhotos' | 'workoutTargets' | 'features' | 'prompts' | 'screenerQuestions' | 'recommendations' | 'adminAssets'
>;

/** A list collection in the order of its file (src/lib/file-order.ts). */
export async function inFileOrder<C extends ListCollection>(name: C): Promise<CollectionEntry<C>[]> {
  const entries = await collection(name);
  // The file was valid JSON when it was loaded (else `collection` threw its problem).
  const file = entries[0]?.filePath;
  return file ? sortByIds(entries, idsInFile(readFileSync(file, 'utf8'))) : entries;
}
