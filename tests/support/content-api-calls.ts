/**
 * Calls of the content endpoint's core (src/features/content-editor/server/content-api.ts) on a
 * store, as the admin, an editor, a member or nobody, for its unit tests. Every answer's words are
 * kept, so a test can read every message the endpoint gave.
 */
import { expect } from 'vitest';
import { type Authorize, handleContentRequest } from '../../src/features/content-editor/server/content-api';
import { Refusal } from '../../src/features/content-editor/server/refusal';
import { type ContentStore, gitBlobSha } from '../../src/features/content-editor/server/store';

export const ADMIN = { id: 'admin-1', email: 'admin@example.com', role: 'admin' } as const;
export const EDITOR = { id: 'editor-1', email: 'editor@example.com', role: 'editor' } as const;

export const authorize: Authorize = async (token) => {
  if (token === 'admin') return { ok: true, user: ADMIN };
  if (token === 'editor') return { ok: true, user: EDITOR };
  if (token === 'member') return { ok: false, refusal: new Refusal('not-allowed', 'Only an admin or an editor may edit the content.') };
  return { ok: false, refusal: new Refusal('signed-out', 'Your session has ended: sign in again.') };
};

export type Answer = {
  status: number;
  body: Record<string, unknown> & { error?: string; reason?: string; problems?: { file: string; field: string; message: string }[] };
};

/** Every sentence the endpoint answered with: its errors and its problems' messages. */
export const said: string[] = [];

export function caller(store: () => ContentStore | { missing: string[] }, log: string[] = []) {
  return async function call(action: string, params: Record<string, unknown> = {}, token: string | null = 'admin', init: RequestInit = {}): Promise<Answer> {
    const request = new Request('http://127.0.0.1/api/content', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ branch: 'main', action, params }),
      ...init,
    });
    const response = await handleContentRequest(request, { store: store(), authorize, log: (line) => log.push(line) });
    const body = (await response.json()) as Answer['body'];
    if (typeof body.error === 'string') said.push(body.error);
    for (const problem of body.problems ?? []) said.push(problem.message);
    return { status: response.status, body };
  };
}

/** The version of a file as the editor opens it. */
export const versionOf = (files: Map<string, Uint8Array>, path: string) => (files.has(path) ? gitBlobSha(files.get(path)!) : Promise.resolve(null));

export const textOf = (files: Map<string, Uint8Array>, path: string) => new TextDecoder().decode(files.get(path));

/** Every sentence answered so far, read as the marketer reads it: no repository path, file name of content, list place or JSON key. */
export function expectMarketerWords(atLeast: number): void {
  expect(said.length).toBeGreaterThanOrEqual(atLeast);
  for (const sentence of said) expect(sentence, sentence).not.toMatch(/src\/|\.json|images\/|\[\d+\]|\b[a-z]+[A-Z][a-zA-Z]*\b|undefined|null/);
}
