/**
 * The problems of the last save the endpoint refused (422), with what that save sent, so the
 * field a problem names shows it, for as long as it holds the value that was refused. Rules
 * across fields or files (exactly one featured guide, unique ids) are only the endpoint's to check.
 */
import { plainValue } from './field-check';
import type { ContentProblem } from './content-client';
import { fieldSteps } from '../shared/field-words';

interface Rejection {
  problems: readonly ContentProblem[];
  /** Each file the save sent, parsed. */
  sent: Map<string, unknown>;
}

let last: Rejection | null = null;
const listeners = new Set<() => void>();

function valueAt(data: unknown, path: readonly (string | number)[]): unknown {
  return path.reduce<unknown>((node, key) => (typeof node === 'object' && node !== null ? (node as Record<string | number, unknown>)[key] : undefined), data);
}

function parsed(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** A save was refused: its problems and the files it sent (Decap's `dataFiles`). */
export function rememberRejection(problems: readonly ContentProblem[], files: readonly { path: string; raw: string }[]): void {
  last = { problems, sent: new Map(files.map(({ path, raw }) => [path, parsed(raw)])) };
  for (const listener of listeners) listener();
}

/** A new save starts: the last refusal no longer stands. */
export function forgetRejection(): void {
  last = null;
}

export function onRejection(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The refused save's message for a field named `name` that holds `value`, if that value is the one refused. */
export function rejectionMessage(name: string, value: unknown): string | null {
  if (!last) return null;
  const current = JSON.stringify(plainValue(value) ?? null);
  for (const problem of last.problems) {
    const path = fieldSteps(problem.field);
    if (path.at(-1) !== name || !last.sent.has(problem.file)) continue;
    if (JSON.stringify(valueAt(last.sent.get(problem.file), path) ?? null) === current) return problem.message;
  }
  return null;
}
