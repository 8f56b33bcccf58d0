/**
 * Free-resource categories: the group of /guides a guide shows in. A guide may name its group
 * (`group`); one that names none is placed by the rules below over its title, tag and description,
 * tried in order (never stored). The content editor offers "Automatic" (the rules, naming the group
 * they give) or one of the groups.
 */
/** The groups of /guides, in their order. Imports nothing at run time: the guides page's script reads it. */
export const RESOURCE_CATEGORIES = ['military', 'strength', 'muscle-building', 'nutrition'] as const;
export type ResourceCategory = (typeof RESOURCE_CATEGORIES)[number];

/** What a guide's group is read from (src/lib/content-schemas.ts → resourceSchema). */
export interface CategorisableResource {
  title: string;
  tag: string;
  description: string;
  group?: ResourceCategory | undefined;
}
export type CategoryField = 'title' | 'tag' | 'description';

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

/** The group a guide shows in: the one it names, else the rules'. */
export function resourceCategory(resource: CategorisableResource): ResourceCategory {
  return resource.group ?? categoryMatch(resource).category;
}

/** Resources grouped by category in the fixed display order; empty groups are left out. */
export function groupByCategory<T extends CategorisableResource>(resources: readonly T[]): { category: ResourceCategory; items: T[] }[] {
  return RESOURCE_CATEGORIES.map((category) => ({
    category,
    items: resources.filter((resource) => resourceCategory(resource) === category),
  })).filter((group) => group.items.length > 0);
}
