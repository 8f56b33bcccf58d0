import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type CategorisableResource, categoryMatch, groupByCategory, resourceCategory } from '~/lib/resources';

const dir = new URL('../../src/content/resources/', import.meta.url);
const resources = readdirSync(dir)
  .filter((name) => name.endsWith('.json'))
  .map((name) => ({ id: name.replace(/\.json$/, ''), ...JSON.parse(readFileSync(new URL(name, dir), 'utf8')) }));

const byId = (id: string) => {
  const resource = resources.find((entry) => entry.id === id);
  if (!resource) throw new Error(`no resource ${id}`);
  return resource;
};

describe('resourceCategory on the 11 free resources', () => {
  it.each([
    ['air-force-pft', 'military'],
    ['army-cft-program', 'military'],
    ['marine-corps-pft', 'military'],
    ['elite-bench-program', 'strength'],
    ['fit-batty-blueprint', 'muscle-building'],
    ['glute-program', 'muscle-building'],
    ['macro-masterclass', 'muscle-building'],
    ['ambitious-womens-guide', 'nutrition'],
    ['fast-food-guide', 'nutrition'],
    ['fuel-recipe-book', 'nutrition'],
    ['holiday-survival-guide', 'nutrition'],
  ])('%s is %s', (id, category) => {
    expect(resourceCategory(byId(id))).toBe(category);
  });

  it('covers all 11 resources', () => {
    expect(resources).toHaveLength(11);
  });
});

describe('resourceCategory rule order and edge cases', () => {
  const base: CategorisableResource = { title: 'Guide', tag: 'Education', description: 'Useful.' };
  it('military by the tag alone', () => {
    expect(resourceCategory({ ...base, tag: 'Military Program' })).toBe('military');
  });
  it('military wins over strength words', () => {
    expect(resourceCategory({ ...base, title: 'Army Bench Elite' })).toBe('military');
  });
  it('strength wins over muscle-building words', () => {
    expect(resourceCategory({ ...base, title: 'Elite Glute Plan' })).toBe('strength');
  });
  it('muscle-building by the description phrase', () => {
    expect(resourceCategory({ ...base, description: 'A plan for body recomposition.' })).toBe('muscle-building');
  });
  it('is case-sensitive, as the rule is written', () => {
    expect(resourceCategory({ ...base, title: 'army fitness' })).toBe('nutrition');
    expect(resourceCategory({ ...base, description: 'Body Recomposition' })).toBe('nutrition');
  });
  it('falls back to nutrition', () => {
    expect(resourceCategory(base)).toBe('nutrition');
  });
});

describe('groupByCategory', () => {
  it('orders groups military, strength, muscle-building, nutrition and drops empty ones', () => {
    const groups = groupByCategory([
      { title: 'Meal Prep', tag: 'Nutrition Guide', description: '' },
      { title: 'Air Force PFT', tag: 'Military Program', description: '' },
      { title: 'Glute Plan', tag: 'Program', description: '' },
    ]);
    expect(groups.map((group) => group.category)).toEqual(['military', 'muscle-building', 'nutrition']);
  });
});

describe('categoryMatch: the rule a guide meets, as the content editor shows it', () => {
  const base: CategorisableResource = { title: 'Guide', tag: 'Education', description: 'Useful.' };
  it('names the field and the word that decided the group', () => {
    expect(categoryMatch({ ...base, title: 'Elite Bench Program' })).toEqual({ category: 'strength', because: { field: 'title', word: 'Bench' } });
    expect(categoryMatch({ ...base, tag: 'Military Program' })).toEqual({ category: 'military', because: { field: 'tag', word: 'Military Program' } });
    expect(categoryMatch({ ...base, description: 'A body recomposition plan.' })).toEqual({
      category: 'muscle-building',
      because: { field: 'description', word: 'body recomposition' },
    });
  });
  it('says nothing matched when a guide falls back to nutrition: "Beginner Strength Starter" has no strength word', () => {
    expect(categoryMatch({ ...base, title: 'Beginner Strength Starter' })).toEqual({ category: 'nutrition', because: null });
  });
  it('agrees with resourceCategory on the 11 guides', () => {
    for (const resource of resources) expect(categoryMatch(resource).category).toBe(resourceCategory(resource));
  });
});
