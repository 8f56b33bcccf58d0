/** The words of a bad content edit: file, line and column, field, what is wrong (src/lib/content-problems.ts). */
import { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import { ContentError, fieldPath, lineAndColumn, parseContentJson, problemLine, problemReport, schemaProblems } from '~/lib/content-problems';

const FILE = 'src/content/testimonials.json';
const list = `[
  {
    "id": "jasmine-t",
    "author": "Jasmine T."
  },
  {
    "id": "renee-d",
    "author": ""
  }
]
`;

function parsed(text: string) {
  const result = parseContentJson(FILE, text);
  if (!result.ok) throw new Error(problemLine(result.problem));
  return result;
}

describe('field paths', () => {
  it('writes list positions in brackets and fields with dots', () => {
    expect(fieldPath([3, 'author'])).toBe('[3].author');
    expect(fieldPath(['booking', 'title'])).toBe('booking.title');
    expect(fieldPath(['sections', 0, 'items', 1])).toBe('sections[0].items[1]');
    expect(fieldPath([])).toBe('');
  });

  it('counts lines and columns from 1', () => {
    expect(lineAndColumn('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(lineAndColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});

describe('JSON syntax', () => {
  it('a missing comma: the place it belongs, after the value before it', () => {
    const text = list.replace('"id": "renee-d",', '"id": "renee-d"');
    expect(parseContentJson(FILE, text)).toEqual({
      ok: false,
      problem: { file: FILE, line: 7, column: 20, field: '', message: 'JSON syntax: a comma is missing here' },
    });
  });

  it('a comma too many, a missing quote, a comment, an empty file', () => {
    const problem = (text: string) => {
      const result = parseContentJson(FILE, text);
      return result.ok ? null : `${result.problem.line}:${result.problem.column} ${result.problem.message}`;
    };
    expect(problem('{\n  "a": 1,\n}')).toBe('3:1 JSON syntax: a field name in double quotes is expected here (is there a comma too many before it?)');
    expect(problem('[1, 2,]')).toBe('1:7 JSON syntax: a value is expected here (is there a comma too many before it?)');
    expect(problem('{ "a": "open }')).toMatch(/^1:8 JSON syntax: a closing double quote is missing/);
    expect(problem('{ "a": 1 // note\n}')).toBe('1:10 JSON syntax: comments are not allowed in JSON');
    expect(problem('{ a: 1 }')).toBe('1:3 JSON syntax: this is not JSON (text must be in double quotes)');
    expect(problem('  ')).toBe('1:1 the file is empty');
  });

  it('valid JSON: the data and its tree', () => {
    const result = parsed(list);
    expect(result.data).toEqual(JSON.parse(list));
    expect(result.tree.type).toBe('array');
  });
});

describe('schema problems', () => {
  const item = z.object({ id: z.string(), author: z.string().min(1, 'must not be empty'), rating: z.number() });

  it('names the field in the file, with the line of its value, in the words of the build', () => {
    const { tree, data } = parsed(list);
    const result = item.safeParse((data as unknown[])[1], { reportInput: true });
    expect(result.success).toBe(false);
    const problems = schemaProblems(FILE, list, tree, result.error?.issues ?? [], [1]);
    expect(problems).toEqual([
      { file: FILE, line: 8, column: 5, field: '[1].author', message: 'must not be empty' },
      // A missing field: where its object starts.
      { file: FILE, line: 6, column: 3, field: '[1].rating', message: 'Required' },
    ]);
  });

  it('a wrong type says what was expected and what is there', () => {
    const text = '{\n  "spotsLeft": "seven"\n}';
    const { tree, data } = parsed(text);
    const issues = z.object({ spotsLeft: z.number() }).safeParse(data, { reportInput: true }).error?.issues ?? [];
    expect(schemaProblems('src/content/pages/settings.json', text, tree, issues).map(problemLine)).toEqual([
      'src/content/pages/settings.json:2:3 spotsLeft: Expected type "number", received "string"',
    ]);
  });

  it('a report has one problem a line; the error carries the first one as its location', () => {
    const problems = [
      { file: FILE, line: 8, column: 5, field: '[1].author', message: 'must not be empty' },
      { file: FILE, line: 6, column: 3, field: '[1].rating', message: 'Required' },
    ] as const;
    expect(problemReport(problems)).toBe(`${FILE}:8:5 [1].author: must not be empty\n${FILE}:6:3 [1].rating: Required`);
    const error = new ContentError('/repo', [...problems]);
    expect(error).toMatchObject({ name: 'ContentError', message: problemReport(problems), loc: { file: `/repo/${FILE}`, line: 8, column: 5 } });
  });
});
