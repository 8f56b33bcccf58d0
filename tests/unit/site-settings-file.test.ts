/** readSiteSettings(): the settings file for code outside the content layer, checked by the build's schema. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { SETTINGS_FILE, readSiteSettings, readSiteUrl } from '~/lib/site-settings-file';

const root = fileURLToPath(new URL('../../', import.meta.url));
const shipped = JSON.parse(readFileSync(join(root, SETTINGS_FILE), 'utf8')) as Record<string, unknown>;
const copies: string[] = [];

/** A project folder whose settings file is the shipped one with an edit. */
function projectWith(edit: (settings: Record<string, unknown>) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'site-settings-'));
  copies.push(dir);
  const settings = structuredClone(shipped);
  edit(settings);
  mkdirSync(dirname(join(dir, SETTINGS_FILE)), { recursive: true });
  writeFileSync(join(dir, SETTINGS_FILE), JSON.stringify(settings));
  return dir;
}

afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

describe('readSiteSettings', () => {
  it("reads the project's settings, parsed by the schema", () => {
    const settings = readSiteSettings(root);
    expect(settings.siteUrl).toBe(shipped.siteUrl);
    expect(settings.storage.bucket).toBe((shipped.storage as { bucket: string }).bucket);
  });

  it('names the file and the field of a bad edit, in the words of the build', () => {
    const wrongType = projectWith((settings) => (settings.spotsLeft = 'seven'));
    expect(() => readSiteSettings(wrongType)).toThrow(/src\/content\/pages\/settings\.json[\s\S]*spotsLeft: Expected type "number", received "string"/);
    const missing = projectWith((settings) => delete settings.siteUrl);
    expect(() => readSiteSettings(missing)).toThrow(/siteUrl: Required/);
    const notUrl = projectWith((settings) => (settings.siteUrl = 'kaylareyes.coach'));
    expect(() => readSiteSettings(notUrl)).toThrow(/siteUrl: must be a web address starting with https:\/\//);
  });

  it('names the file, line and column when it is not JSON', () => {
    const dir = projectWith(() => {});
    writeFileSync(join(dir, SETTINGS_FILE), '{\n  "siteName": "Kayla"\n  "spotsLeft": 7\n}');
    expect(() => readSiteSettings(dir)).toThrow(/^src\/content\/pages\/settings\.json:2:22: JSON syntax: a comma is missing here$/);
    writeFileSync(join(dir, SETTINGS_FILE), '{ "siteName": ');
    expect(() => readSiteSettings(dir)).toThrow(/^src\/content\/pages\/settings\.json:1:15: JSON syntax: the file ends too soon/);
  });

  it('names the line of the field', () => {
    const wrongType = projectWith((settings) => (settings.spotsLeft = 'seven'));
    writeFileSync(join(wrongType, SETTINGS_FILE), JSON.stringify(JSON.parse(readFileSync(join(wrongType, SETTINGS_FILE), 'utf8')), null, 2));
    const line =
      readFileSync(join(wrongType, SETTINGS_FILE), 'utf8')
        .split('\n')
        .findIndex((text) => text.includes('"spotsLeft"')) + 1;
    expect(() => readSiteSettings(wrongType)).toThrow(`src/content/pages/settings.json:${line}:3 spotsLeft: Expected type "number", received "string"`);
  });
});

describe('readSiteUrl', () => {
  it('reads the canonical origin though another field is bad (the content loader reports that one)', () => {
    expect(readSiteUrl(projectWith((settings) => (settings.spotsLeft = 'seven')))).toBe(shipped.siteUrl);
    expect(() => readSiteUrl(projectWith((settings) => (settings.siteUrl = 'kaylareyes.coach')))).toThrow(/siteUrl: must be a web address starting with https:\/\//);
  });
});
