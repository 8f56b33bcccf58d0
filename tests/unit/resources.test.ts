import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type CategorisableResource, groupByCategory, resourceCategory } from '~/lib/resources';

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
