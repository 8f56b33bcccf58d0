import { describe, expect, it } from 'vitest';
import {
  ASSET_CATEGORIES,
  buildFilename,
  categoryLabel,
  categoryStats,
  fileExtension,
  filterAssets,
  formatFileSize,
  importStatement,
  missingFields,
  parseAssetNumber,
  parseTags,
  subcategoriesOf,
  needsResumable,
} from '~/features/admin/assets/assets';

const parts = { category: 'hero', subcategory: 'main', person: 'Kayla', descriptor: 'Stage Shot', number: '2' };

describe('categories', () => {
  it('are the seven of the product, with their labels and subcategories', () => {
    expect(ASSET_CATEGORIES.map((c) => `${c.value}: ${c.label}`)).toEqual([
      'hero: Hero/Banner Images',
      'portrait: Personal Photos/Headshots',
      'action: Training/Workout Photos',
      'partnership: Brand Partnership Content',
      'lifestyle: Casual/Lifestyle Shots',
      'product: Product Showcases',
      'testimonial: Client Testimonials',
    ]);
    expect(subcategoriesOf('action')).toEqual(['deadlift', 'squat', 'bench', 'training', 'competition']);
    expect(subcategoriesOf('lifestyle')).toEqual(['gym', 'casual', 'behind-scenes']);
    expect(subcategoriesOf('testimonial')).toEqual(['before-after', 'success', 'review']);
    expect(subcategoriesOf('')).toEqual([]);
    expect(categoryLabel('partnership')).toBe('Brand Partnership Content');
  });
});

describe('file name', () => {
  it('follows category-subcategory-person-descriptor-number.ext', () => {
    expect(buildFilename(parts, 'IMG_0042.JPEG', 'kayla')).toBe('hero-main-kayla-stage-shot-2.jpeg');
    expect(buildFilename({ ...parts, person: '' }, 'clip.mp4', '{name}')).toBe('hero-main-name-stage-shot-2.mp4');
    expect(buildFilename({ ...parts, person: '  ' }, 'a.png', 'Kayla')).toBe('hero-main-kayla-stage-shot-2.png');
  });
  it('defaults the extension to jpg and the number to 1', () => {
    expect(buildFilename({ ...parts, number: 'abc' }, null, 'kayla')).toBe('hero-main-kayla-stage-shot-1.jpg');
    expect(buildFilename({ ...parts, number: '0' }, 'noextension', 'kayla')).toBe('hero-main-kayla-stage-shot-1.jpg');
    expect(fileExtension('photo.final.WEBP')).toBe('webp');
    expect(fileExtension('')).toBe('jpg');
  });
  it('is null while a required field is missing, and names the missing fields', () => {
    expect(buildFilename({ ...parts, descriptor: '  ' }, 'a.jpg', 'kayla')).toBeNull();
    expect(buildFilename({ ...parts, subcategory: 'deadlift' }, 'a.jpg', 'kayla')).toBeNull();
    expect(missingFields({ category: '', subcategory: '', person: '', descriptor: '', number: 1 })).toEqual(['category', 'subcategory', 'descriptor']);
    expect(missingFields(parts)).toEqual([]);
  });
});

describe('numbers and tags', () => {
  it('parses an integer of at least 1, else 1', () => {
    expect(parseAssetNumber('7')).toBe(7);
    expect(parseAssetNumber(' 12 ')).toBe(12);
    expect(parseAssetNumber('3.9')).toBe(3);
    expect(parseAssetNumber('')).toBe(1);
    expect(parseAssetNumber('-4')).toBe(1);
    expect(parseAssetNumber('x')).toBe(1);
    expect(parseAssetNumber(5)).toBe(5);
  });
  it('splits tags on commas, trims, drops empties', () => {
    expect(parseTags(' gym, ,stage ,, Summer 2024 ,')).toEqual(['gym', 'stage', 'Summer 2024']);
    expect(parseTags('')).toEqual([]);
  });
});

describe('search and stats', () => {
  const assets = [
    { filename: 'hero-main-kayla-stage-1.jpg', tags: ['Stage', 'bright'], category: 'hero' as const },
    { filename: 'action-squat-kayla-pr-1.jpg', tags: ['legs'], category: 'action' as const },
    { filename: 'action-bench-kayla-record-1.jpg', tags: ['Stage'], category: 'action' as const },
  ];
  it('matches the file name or any tag, case-insensitive, within the category', () => {
    expect(filterAssets(assets, 'STAGE', 'all').map((a) => a.filename)).toEqual(['hero-main-kayla-stage-1.jpg', 'action-bench-kayla-record-1.jpg']);
    expect(filterAssets(assets, 'stage', 'action')).toHaveLength(1);
    expect(filterAssets(assets, '', 'action')).toHaveLength(2);
    expect(filterAssets(assets, 'LEGS', 'all')).toHaveLength(1);
    expect(filterAssets(assets, 'nothing', 'all')).toEqual([]);
  });
  it('counts per category with the percent of the total', () => {
    const stats = categoryStats(assets);
    expect(stats.find((s) => s.value === 'action')).toMatchObject({ count: 2, percent: 66.7 });
    expect(stats.find((s) => s.value === 'product')).toMatchObject({ count: 0, percent: 0 });
    expect(categoryStats([]).every((s) => s.percent === 0)).toBe(true);
  });
  it('writes an import line', () => {
    expect(importStatement({ filename: 'hero-main-kayla-stage-1.jpg', path: '/uploads/hero-main-kayla-stage-1.jpg' })).toBe(
      "import heroMainKaylaStage1 from '/uploads/hero-main-kayla-stage-1.jpg';",
    );
    expect(importStatement({ filename: '2024-shot.png', path: '/uploads/2024-shot.png' })).toBe("import asset2024Shot from '/uploads/2024-shot.png';");
  });
});

describe('labels of stored files', () => {
  it('shows MB with one decimal over 1 MB, else KB', () => {
    expect(formatFileSize(1024 * 1024 + 1)).toBe('1.0 MB');
    expect(formatFileSize(1024 * 1024)).toBe('1024.0 KB');
    expect(formatFileSize(63 * 1024 * 1024)).toBe('63.0 MB');
    expect(formatFileSize(2048)).toBe('2.0 KB');
    expect(formatFileSize(0)).toBe('0.0 KB');
    expect(formatFileSize(undefined)).toBe('Unknown size');
    expect(formatFileSize(null)).toBe('Unknown size');
  });
  it('uses the resumable upload from 50 MB', () => {
    expect(needsResumable(50 * 1024 * 1024)).toBe(true);
    expect(needsResumable(50 * 1024 * 1024 - 1)).toBe(false);
  });
});
