// @vitest-environment node
/** The admin's sample catalogue: 46 valid entries whose small placeholder files exist. */
import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { adminAssetSchema } from '~/features/admin/assets/schema';

const catalogue = JSON.parse(readFileSync('src/content/admin-assets.json', 'utf8')) as Record<string, unknown>[];

describe('admin asset catalogue', () => {
  it('has 46 valid images dated 2024-01-15', () => {
    expect(catalogue).toHaveLength(46);
    for (const entry of catalogue) expect(adminAssetSchema.safeParse(entry).success).toBe(true);
    expect(new Set(catalogue.map((entry) => entry.uploadDate))).toEqual(new Set(['2024-01-15']));
    expect(new Set(catalogue.map((entry) => entry.id)).size).toBe(46);
  });

  it('has a small file under public/uploads for each entry', () => {
    let total = 0;
    for (const entry of catalogue) {
      const size = statSync(`public${entry.path as string}`).size;
      expect(size).toBeLessThan(10 * 1024);
      total += size;
    }
    expect(total).toBeLessThan(1024 * 1024);
  });

  it('rejects a name that breaks the convention, naming the field', () => {
    const good = catalogue[0]!;
    const wrongName = adminAssetSchema.safeParse({ ...good, filename: 'hero-main-kayla-other-1.jpg', path: '/uploads/hero-main-kayla-other-1.jpg' });
    expect(wrongName.success).toBe(false);
    expect(wrongName.error?.issues[0]).toMatchObject({ path: ['filename'], message: `must follow the naming convention: ${good.filename as string}` });
    const wrongSub = adminAssetSchema.safeParse({ ...good, subcategory: 'deadlift' });
    expect(wrongSub.error?.issues[0]).toMatchObject({ path: ['subcategory'], message: 'must be one of: main, section, banner' });
    expect(adminAssetSchema.safeParse({ ...good, category: 'video' }).success).toBe(false);
  });
});
