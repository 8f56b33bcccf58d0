/**
 * The site settings (src/content/pages/settings.json) for code outside the content layer: the
 * Astro config, the headers integration, the stand-in's seed and the placeholder tool. Validated
 * with the schema the build uses; a bad file stops the caller, naming the file and the field.
 * Plain Node imports this (tools/make-placeholders.mjs): imports name their .ts files.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'astro/zod';
import { ContentError, parseContentJson, schemaProblems } from './content-problems.ts';
import { SETTINGS_FILE, type Settings, settingsSchema } from './settings-schema.ts';

export { SETTINGS_FILE } from './settings-schema.ts';

/** The settings file of the project at `root` checked by `schema`; a bad edit throws, naming the file, line and field. */
function readChecked<S extends z.ZodType>(root: string, schema: S): z.output<S> {
  const text = readFileSync(join(root, SETTINGS_FILE), 'utf8');
  const parsed = parseContentJson(SETTINGS_FILE, text);
  if (!parsed.ok) throw new ContentError(root, [parsed.problem]);
  const result = schema.safeParse(parsed.data, { reportInput: true });
  if (result.success) return result.data;
  const [first, ...more] = schemaProblems(SETTINGS_FILE, text, parsed.tree, result.error.issues);
  throw first ? new ContentError(root, [first, ...more]) : result.error;
}

/** The settings of the project at `root` (a directory path). */
export function readSiteSettings(root: string): Settings {
  return readChecked(root, settingsSchema);
}

/**
 * The canonical origin only (the Astro config): any other bad edit of the file is the content
 * loader's to report, so `npm run dev` starts and shows it in the browser.
 */
export function readSiteUrl(root: string): string {
  return readChecked(root, settingsSchema.pick({ siteUrl: true })).siteUrl;
}
