/**
 * The site settings (src/content/pages/settings.json) for code outside the content layer: the
 * Astro config, the headers integration, the stand-in's seed and the placeholder tool. Validated
 * with the schema the build uses; a bad file stops the caller, naming the file and the field.
 * Plain Node imports this (tools/make-placeholders.mjs): imports name their .ts files.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'astro/zod';
import { type Settings, settingsSchema } from './settings-schema.ts';

export const SETTINGS_FILE = 'src/content/pages/settings.json';

/** The settings of the project at `root` (a directory path). */
export function readSiteSettings(root: string): Settings {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(join(root, SETTINGS_FILE), 'utf8'));
  } catch (error) {
    throw new Error(`${SETTINGS_FILE}: ${(error as Error).message}`, { cause: error });
  }
  const result = settingsSchema.safeParse(data, { reportInput: true });
  if (result.success) return result.data;
  throw new Error(`${SETTINGS_FILE} does not match the settings schema:\n${result.error.issues.map((issue) => `  ${describeIssue(issue)}`).join('\n')}`);
}

/** An issue in the words the build's content errors use: the field, then what is wrong. */
function describeIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.join('.') || '(the file)';
  if (issue.code !== 'invalid_type') return `${field}: ${issue.message}`;
  if (issue.input === undefined) return `${field}: Required`;
  const received = issue.input === null ? 'null' : Array.isArray(issue.input) ? 'array' : typeof issue.input;
  return `${field}: Expected type "${issue.expected}", received "${received}"`;
}
