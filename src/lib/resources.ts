/**
 * Free-resource categories. A category is derived from a resource's title, tag and
 * description (never stored), by the rule below, evaluated in order.
 */
import type { Resource } from '~/lib/content-schemas';

export const RESOURCE_CATEGORIES = ['military', 'strength', 'muscle-building', 'nutrition'] as const;
export type ResourceCategory = (typeof RESOURCE_CATEGORIES)[number];

export type CategorisableResource = Pick<Resource, 'title' | 'tag' | 'description'>;

const includesAny = (text: string, needles: readonly string[]) => needles.some((needle) => text.includes(needle));

export function resourceCategory(resource: CategorisableResource): ResourceCategory {
  const { title, tag, description } = resource;
  if (includesAny(title, ['Air Force', 'Army', 'Marine Corps']) || tag === 'Military Program') {
    return 'military';
  }
  if (includesAny(title, ['Bench', 'Elite'])) return 'strength';
  if (includesAny(title, ['Glute', 'Baddie Blueprint']) || description.includes('body recomposition')) {
    return 'muscle-building';
  }
  return 'nutrition';
}

/** Resources grouped by category in the fixed display order; empty groups are left out. */
export function groupByCategory<T extends CategorisableResource>(resources: readonly T[]): { category: ResourceCategory; items: T[] }[] {
  return RESOURCE_CATEGORIES.map((category) => ({
    category,
    items: resources.filter((resource) => resourceCategory(resource) === category),
  })).filter((group) => group.items.length > 0);
}
