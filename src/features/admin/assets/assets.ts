/**
 * The asset manager's rules (docs/product.md §3, §5): categories and subcategories, the naming convention
 * `category-subcategory-person-descriptor-number.ext`, tag and number parsing, search, and file
 * sizes for people. Framework-free; the admin island calls these, and the catalogue's schema
 * (schema.ts) checks names with them: an asset here is only the fields a rule reads.
 */
import { UPLOAD_SIZES } from './upload-sizes';

export const ASSET_CATEGORIES = [
  { value: 'hero', label: 'Hero/Banner Images', subcategories: ['main', 'section', 'banner'] },
  { value: 'portrait', label: 'Personal Photos/Headshots', subcategories: ['professional', 'casual', 'headshot'] },
  { value: 'action', label: 'Training/Workout Photos', subcategories: ['deadlift', 'squat', 'bench', 'training', 'competition'] },
  { value: 'partnership', label: 'Brand Partnership Content', subcategories: ['legion', 'sponsor', 'collaboration'] },
  { value: 'lifestyle', label: 'Casual/Lifestyle Shots', subcategories: ['gym', 'casual', 'behind-scenes'] },
  { value: 'product', label: 'Product Showcases', subcategories: ['supplements', 'equipment', 'apparel'] },
  { value: 'testimonial', label: 'Client Testimonials', subcategories: ['before-after', 'success', 'review'] },
] as const;

export type AssetCategory = (typeof ASSET_CATEGORIES)[number]['value'];
export const CATEGORY_VALUES = ASSET_CATEGORIES.map((c) => c.value) as [AssetCategory, ...AssetCategory[]];

export function categoryLabel(value: string): string {
  return ASSET_CATEGORIES.find((c) => c.value === value)?.label ?? value;
}

/** The subcategories of a category; none for an empty or unknown category. */
export function subcategoriesOf(category: string): readonly string[] {
  return ASSET_CATEGORIES.find((c) => c.value === category)?.subcategories ?? [];
}

/** Lower-case words joined by single hyphens: what one part of a file name may hold. */
export function slugPart(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Integer of at least 1; 1 when the text is not a number (docs/product.md §5). */
export function parseAssetNumber(text: string | number): number {
  const parsed = typeof text === 'number' ? Math.trunc(text) : Number.parseInt(String(text).trim(), 10);
  return Number.isFinite(parsed) && parsed >= 1 ? parsed : 1;
}

/** Comma-separated text → trimmed tags, empties dropped. */
export function parseTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag.length > 0);
}

/** The chosen file's extension, lower case; 'jpg' when it has none. */
export function fileExtension(fileName: string | null | undefined): string {
  const match = /\.([A-Za-z0-9]+)$/.exec(fileName ?? '');
  return match ? match[1]!.toLowerCase() : 'jpg';
}

export interface FilenameParts {
  category: string;
  subcategory: string;
  person: string;
  descriptor: string;
  number: string | number;
}

/** The required fields that are still empty (category, subcategory, descriptor). */
export function missingFields(parts: FilenameParts): ('category' | 'subcategory' | 'descriptor')[] {
  const missing: ('category' | 'subcategory' | 'descriptor')[] = [];
  if (!parts.category) missing.push('category');
  if (!parts.subcategory || !subcategoriesOf(parts.category).includes(parts.subcategory)) missing.push('subcategory');
  if (!slugPart(parts.descriptor)) missing.push('descriptor');
  return missing;
}

/**
 * `category-subcategory-person-descriptor-number.ext`, or null while a required field is missing.
 * `defaultPerson` stands in for an empty person.
 */
export function buildFilename(parts: FilenameParts, fileName: string | null | undefined, defaultPerson: string): string | null {
  if (missingFields(parts).length > 0) return null;
  const person = slugPart(parts.person) || slugPart(defaultPerson);
  const segments = [parts.category, parts.subcategory, person, slugPart(parts.descriptor), String(parseAssetNumber(parts.number))];
  return `${segments.filter(Boolean).join('-')}.${fileExtension(fileName)}`;
}

/** Search (file name or any tag, case-insensitive) combined with the category filter ('all' or a value). */
export function filterAssets<T extends { filename: string; tags: readonly string[]; category: string }>(assets: readonly T[], search: string, category: string): T[] {
  const needle = search.trim().toLowerCase();
  return assets.filter(
    (asset) =>
      (category === 'all' || asset.category === category) &&
      (!needle || asset.filename.toLowerCase().includes(needle) || asset.tags.some((tag) => tag.toLowerCase().includes(needle))),
  );
}

/** Count per category, in the categories' order; `percent` of the total, rounded to one decimal. */
export function categoryStats(assets: readonly { category: string }[]): { value: AssetCategory; label: string; count: number; percent: number }[] {
  const total = assets.length;
  return ASSET_CATEGORIES.map(({ value, label }) => {
    const count = assets.filter((asset) => asset.category === value).length;
    return { value, label, count, percent: total ? Math.round((count / total) * 1000) / 10 : 0 };
  });
}

/** `import heroMainKaylaStage1 from '/uploads/hero-main-kayla-stage-1.jpg';` */
export function importStatement(asset: { filename: string; path: string }): string {
  const base = asset.filename.replace(/\.[^.]+$/, '');
  const words = base.split(/[^A-Za-z0-9]+/).filter(Boolean);
  let name = words.map((word, i) => (i === 0 ? word.toLowerCase() : word[0]!.toUpperCase() + word.slice(1).toLowerCase())).join('');
  if (!/^[A-Za-z_$]/.test(name)) name = `asset${name}`;
  return `import ${name} from '${asset.path}';`;
}

const MB = 1024 * 1024;

/** MB with one decimal above 1 MB, else KB (one decimal); 'Unknown size' when missing. */
export function formatFileSize(bytes: number | null | undefined, unknown = 'Unknown size'): string {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0) return unknown;
  if (bytes > MB) return `${(bytes / MB).toFixed(1)} MB`;
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** Files of 50 MB or more go through the resumable (tus) upload. */
export const needsResumable = (size: number, threshold = UPLOAD_SIZES.resumableFrom) => size >= threshold;
