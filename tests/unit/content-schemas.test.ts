import { readdirSync, readFileSync } from 'node:fs';
import { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import { testimonialSchema } from '~/features/carousel/schema';
import { recommendationSchema, screenerQuestionSchema } from '~/features/screener/schema';
import { featuredResourceProblem, resourceSchema, transformationSchema } from '~/lib/content-schemas';
import { settingsSchema } from '~/lib/settings-schema';

const content = new URL('../../src/content/', import.meta.url);
const readJson = (path: string) => JSON.parse(readFileSync(new URL(path, content), 'utf8'));
const image = z.string();
const resource = resourceSchema(image);

const issues = (result: z.ZodSafeParseResult<unknown>) => (result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));

describe('the shipped content is valid', () => {
  it('settings', () => {
    expect(issues(settingsSchema.safeParse(readJson('pages/settings.json')))).toEqual([]);
  });

  it('all 11 resources, exactly one featured', () => {
    const files = readdirSync(new URL('resources/', content)).filter((name) => name.endsWith('.json'));
    expect(files).toHaveLength(11);
    const parsed = files.map((name) => ({ id: name, data: resource.parse(readJson(`resources/${name}`)) }));
    expect(featuredResourceProblem(parsed.map(({ id, data }) => ({ id, featured: data.featured })))).toBeNull();
    expect(parsed.find(({ data }) => data.featured)?.id).toBe('fit-batty-blueprint.json');
  });

  it('9 testimonials and 18 transformations', () => {
    expect(z.array(testimonialSchema).length(9).safeParse(readJson('testimonials.json')).success).toBe(true);
    expect(z.array(transformationSchema(image)).length(18).safeParse(readJson('transformations.json')).success).toBe(true);
  });

  it('3 screener questions and recommendations with the default pair', () => {
    const questions = z.array(screenerQuestionSchema).parse(readJson('screener/questions.json'));
    expect(questions.map((question) => question.id)).toEqual(['goal', 'experience', 'timing']);
    const recommendations = z.array(recommendationSchema).parse(readJson('screener/recommendations.json'));
    const fallback = recommendations.find((entry) => entry.id === 'default');
    expect(fallback?.products.map((product) => product.name)).toEqual(['Whey Protein', 'Pre-Workout']);
  });
});

describe('bad edits are refused with the field named', () => {
  const good = readJson('resources/elite-bench-program.json');

  it('a missing field', () => {
    const { title: _title, ...withoutTitle } = good;
    expect(issues(resource.safeParse(withoutTitle))).toEqual(['title: Invalid input: expected string, received undefined']);
  });

  it('a wrong type', () => {
    expect(issues(resource.safeParse({ ...good, bullets: 'Four weeks of sets' }))).toEqual(['bullets: Invalid input: expected array, received string']);
  });

  it('an unknown tag', () => {
    const [problem] = issues(resource.safeParse({ ...good, tag: 'Bonus Guide' }));
    expect(problem).toMatch(/^tag: must be one of: Free Guide, Program, Military Program/);
  });

  it('an empty string', () => {
    expect(issues(resource.safeParse({ ...good, subtitle: '   ' }))).toEqual(['subtitle: must not be empty']);
  });

  it('two featured resources, naming both files', () => {
    const problem = featuredResourceProblem([
      { id: 'a', filePath: 'src/content/resources/a.json', featured: true },
      { id: 'b', filePath: 'src/content/resources/b.json', featured: false },
      { id: 'c', filePath: 'src/content/resources/c.json', featured: true },
    ]);
    expect(problem).toContain('src/content/resources/a.json');
    expect(problem).toContain('src/content/resources/c.json');
    expect(problem).toContain('"featured"');
  });

  it('no featured resource', () => {
    expect(featuredResourceProblem([{ id: 'a', featured: false }])).toMatch(/exactly one must be featured/);
  });

  it('a screener option that is not one of its question’s values', () => {
    const result = screenerQuestionSchema.safeParse({
      id: 'goal',
      question: 'What is your goal?',
      options: [
        { value: 'strength', label: 'Strength' },
        { value: 'beginner', label: 'Beginner' },
      ],
    });
    expect(issues(result)[0]).toMatch(/^options\.1\.value: Invalid option: expected one of/);
  });

  it('settings: a pixel id that is not numeric, a bad e-mail, a negative spots count', () => {
    const settings = readJson('pages/settings.json');
    expect(issues(settingsSchema.safeParse({ ...settings, metaPixelId: 'abc' }))).toEqual(['metaPixelId: must be the numeric pixel id, or empty to turn the pixel off']);
    expect(issues(settingsSchema.safeParse({ ...settings, contactEmail: 'coach' }))).toEqual(['contactEmail: must be an e-mail address']);
    expect(issues(settingsSchema.safeParse({ ...settings, spotsLeft: -2 }))[0]).toMatch(/^spotsLeft:/);
  });
});
