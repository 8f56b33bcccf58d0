/**
 * Free-resource categories. A category is derived from a resource's title, tag and
 * description (never stored), by the rules below, tried in order; the content editor shows
 * which rule a guide meets before it is saved.
 */
import type { Resource } from '~/lib/content-schemas';

export const RESOURCE_CATEGORIES = ['military', 'strength', 'muscle-building', 'nutrition'] as const;
export type ResourceCategory = (typeof RESOURCE_CATEGORIES)[number];

export type CategorisableResource = Pick<Resource, 'title' | 'tag' | 'description'>;
export type CategoryField = keyof CategorisableResource;

/** A category's words: a title or description that has one of them (case-sensitive), or a tag that is one. */
export interface CategoryRule {
  category: Exclude<ResourceCategory, 'nutrition'>;
  words: Partial<Record<CategoryField, readonly string[]>>;
}

/** Tried in order; a resource that meets none is nutrition. */
export const CATEGORY_RULES: readonly CategoryRule[] = [
  { category: 'military', words: { title: ['Air Force', 'Army', 'Marine Corps'], tag: ['Military Program'] } },
  { category: 'strength', words: { title: ['Bench', 'Elite'] } },
  { category: 'muscle-building', words: { title: ['Glute', 'Baddie Blueprint'], description: ['body recomposition'] } },
];

/** A resource's category, and the field and word that decided it (null: none matched, the fallback). */
export interface CategoryMatch {
  category: ResourceCategory;
  because: { field: CategoryField; word: string } | null;
}

const has = (field: CategoryField, value: string, word: string) => (field === 'tag' ? value === word : value.includes(word));

export function categoryMatch(resource: CategorisableResource): CategoryMatch {
  for (const { category, words } of CATEGORY_RULES) {
    for (const field of ['title', 'tag', 'description'] as const) {
      const word = words[field]?.find((candidate) => has(field, resource[field], candidate));
      if (word) return { category, because: { field, word } };
    }
  }
  return { category: 'nutrition', because: null };
}

export function resourceCategory(resource: CategorisableResource): ResourceCategory {
  return categoryMatch(resource).category;
}

/** Resources grouped by category in the fixed display order; empty groups are left out. */
export function groupByCategory<T extends CategorisableResource>(resources: readonly T[]): { category: ResourceCategory; items: T[] }[] {
  return RESOURCE_CATEGORIES.map((category) => ({
    category,
    items: resources.filter((resource) => resourceCategory(resource) === category),
  })).filter((group) => group.items.length > 0);
}
