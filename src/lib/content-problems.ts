/**
 * What is wrong with a content file, in words a marketer can act on: the file (from the repository's
 * root), the line and column, the field (`[3].author`, `booking.title`) and what is wrong with it.
 * The content loaders (src/lib/content-loaders.ts) and the settings reader of the Astro config
 * (src/lib/site-settings-file.ts) report every bad edit this way. Plain Node imports this too:
 * imports name their .ts files.
 */
import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { z } from 'astro/zod';

export interface ContentProblem {
  /** The file, from the repository's root: src/content/testimonials.json. */
  file: string;
  /** 1-based, as editors count. */
  line: number;
  column: number;
  /** The field: `[3].author`, `booking.title`; empty for the file as a whole. */
  field: string;
  message: string;
}

type Path = readonly PropertyKey[];

/** The id of the one entry a broken collection holds under `npm run dev` (its data: `{ problems }`). */
export const PROBLEM_ENTRY_ID = '~content-problem';

/** A field path as a person writes it: `[3].author`, `sections[0].items[1]`, `booking.title`. */
export function fieldPath(path: Path): string {
  return path.map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? String(key) : `.${String(key)}`)).join('');
}

/** The 1-based line and column of a character offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before.at(-1) ?? '').length + 1 };
}

const SYNTAX_WORDS: Record<string, string> = {
  CommaExpected: 'a comma is missing here',
  ColonExpected: 'a colon (:) is missing after the field name',
  PropertyNameExpected: 'a field name in double quotes is expected here (is there a comma too many before it?)',
  ValueExpected: 'a value is expected here (is there a comma too many before it?)',
  CloseBraceExpected: 'a closing } is missing',
  CloseBracketExpected: 'a closing ] is missing',
  EndOfFileExpected: 'nothing may follow the end of the file',
  InvalidSymbol: 'this is not JSON (text must be in double quotes)',
  InvalidCommentToken: 'comments are not allowed in JSON',
  InvalidNumberFormat: 'this number is not written as JSON writes numbers',
  UnexpectedEndOfString: 'a closing double quote is missing',
  UnexpectedEndOfNumber: 'this number is cut short',
  UnexpectedEndOfComment: 'comments are not allowed in JSON',
  InvalidUnicode: 'a \\u escape must have four hex digits',
  InvalidEscapeCharacter: 'a backslash must start an escape such as \\" or \\n',
  InvalidCharacter: 'a line break or control character is not allowed inside a string',
};

/** The end of the last value before `offset`: where a missing comma belongs. */
function endOfPreviousToken(text: string, offset: number): number {
  let at = offset;
  while (at > 0 && /\s/.test(text.charAt(at - 1))) at -= 1;
  return at;
}

export type ParsedJson = { ok: true; data: unknown; tree: Node } | { ok: false; problem: ContentProblem };

/** Parses a content file as strict JSON (no comments, no trailing commas): its data, or its first syntax problem. */
export function parseContentJson(file: string, text: string): ParsedJson {
  if (!text.trim()) return { ok: false, problem: { file, line: 1, column: 1, field: '', message: 'the file is empty' } };
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const [first] = errors;
  if (!first && tree) return { ok: true, data: JSON.parse(text), tree };
  if (!first) throw new Error(`${file}: the JSON parser found neither data nor an error`);
  if (!text.slice(first.offset).trim()) {
    return {
      ok: false,
      problem: { file, ...lineAndColumn(text, first.offset), field: '', message: 'JSON syntax: the file ends too soon (a value, a closing } or a closing ] is missing)' },
    };
  }
  const code = printParseErrorCode(first.error);
  const offset = code === 'CommaExpected' ? endOfPreviousToken(text, first.offset) : first.offset;
  return { ok: false, problem: { file, ...lineAndColumn(text, offset), field: '', message: `JSON syntax: ${SYNTAX_WORDS[code] ?? code}` } };
}

/** Where the field at `path` is written: its value, or the nearest enclosing value that is there (a missing field). */
export function locateField(text: string, tree: Node, path: Path): { line: number; column: number } {
  for (let length = path.length; length >= 0; length -= 1) {
    const keys = path.slice(0, length).filter((key): key is string | number => typeof key !== 'symbol');
    const node = findNodeAtLocation(tree, keys);
    if (node) return lineAndColumn(text, node.parent?.type === 'property' && length > 0 ? node.parent.offset : node.offset);
  }
  return { line: 1, column: 1 };
}

/** An issue in the words Astro's content errors use: what is wrong with the field. */
export function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code !== 'invalid_type') return issue.message;
  if (issue.input === undefined) return 'Required';
  const received = issue.input === null ? 'null' : Array.isArray(issue.input) ? 'array' : typeof issue.input;
  return `Expected type "${issue.expected}", received "${received}"`;
}

/** A problem with the field at `path` of a parsed file. */
export function problemAt(file: string, text: string, tree: Node, path: Path, message: string): ContentProblem {
  return { file, ...locateField(text, tree, path), field: fieldPath(path), message };
}

/** The problems of a file's entry (at `prefix` in the file: `[3]` in a list, nothing in a one-entry file). */
export function schemaProblems(file: string, text: string, tree: Node, issues: readonly z.core.$ZodIssue[], prefix: Path = []): ContentProblem[] {
  return issues.map((issue) => problemAt(file, text, tree, [...prefix, ...issue.path], describeIssue(issue)));
}

/** One problem on one line: `src/content/testimonials.json:22:5 [2].author: must not be empty`. */
export function problemLine({ file, line, column, field, message }: ContentProblem): string {
  return `${file}:${line}:${column}${field ? ` ${field}` : ''}: ${message}`;
}

/** The report of a bad edit: each problem on its line. */
export function problemReport(problems: readonly ContentProblem[]): string {
  return problems.map(problemLine).join('\n');
}

const TITLE = 'A content file has a bad edit.';

/**
 * A bad edit as an error Astro shows: its terminal report and, under `npm run dev`, its error
 * overlay read `loc` (the first problem's file, line and column, as Vite's errors carry it), then
 * the title, the message (every problem) and the hint.
 */
export class ContentError extends Error {
  override name = 'ContentError';
  readonly title = TITLE;
  readonly hint: string;
  readonly loc: { file: string; line: number; column: number };
  readonly problems: readonly ContentProblem[];

  /** `root`: the project's folder (absolute), so the overlay can show the file's lines. */
  constructor(root: string, problems: readonly [ContentProblem, ...ContentProblem[]]) {
    super(problemReport(problems));
    const [first] = problems;
    this.problems = problems;
    this.loc = { file: `${root.replace(/\/?$/, '/')}${first.file}`, line: first.line, column: first.column };
    this.hint = 'Fix the file and save it (under `npm run dev` the page then reloads by itself). What each file holds: README.md, "Editing content".';
  }
}
