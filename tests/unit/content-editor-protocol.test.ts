/**
 * The content editor's side of the endpoint's protocol: the versions a save names (baseShas), and
 * every refusal said in plain words, never Decap's "API_ERROR: …".
 */
import { describe, expect, it } from 'vitest';
import { ContentError, refusal, requestContent, storeOf } from '~/features/content-editor/browser/content-client';
import { VersionBook } from '~/features/content-editor/browser/versions';
import { leaveSavedNote, takeSavedNote } from '~/features/content-editor/browser/saved-note';
import { fill } from '~/features/admin/text';
import adminPage from '../../src/content/pages/admin.json';

const { errors } = adminPage.contentEditor;
const A = 'src/content/resources/a.json';
const B = 'src/content/resources/b.json';

describe('the versions a save is based on', () => {
  it('names the version getEntry answered, null for a new entry, and leaves out files never opened', () => {
    const book = new VersionBook();
    book.opened({ path: A, id: 'sha-a1' }, 'entry');
    expect(book.baseShas([A, B], false)).toEqual({ [A]: 'sha-a1' });
    expect(book.baseShas([B], true)).toEqual({ [B]: null });
  });

  it('a listing fills in a file not opened yet, but never replaces the version on screen', () => {
    const book = new VersionBook();
    book.opened({ path: A, id: 'sha-a1' }, 'listing');
    expect(book.baseShas([A], false)).toEqual({ [A]: 'sha-a1' });
    book.opened({ path: A, id: 'sha-a2' }, 'entry');
    book.opened({ path: A, id: 'sha-a3' }, 'listing');
    expect(book.baseShas([A], false)).toEqual({ [A]: 'sha-a2' });
  });

  it('the next save is based on what the last one wrote (Decap does not read the entry again); a deleted file is forgotten', () => {
    const book = new VersionBook();
    book.opened({ path: A, id: 'sha-a1' }, 'entry');
    book.saved({ files: [{ path: A, sha: 'sha-a2' }] });
    expect(book.baseShas([A], false)).toEqual({ [A]: 'sha-a2' });
    book.saved({ files: [{ path: A, sha: null }] });
    expect(book.baseShas([A], false)).toEqual({});
  });
});

describe('refusals in plain words', () => {
  it('401, 403 and 409 are the copy’s words; a ContentError prints as its message alone', () => {
    for (const [status, words] of [
      [401, errors.unauthorized],
      [403, errors.forbidden],
      [409, errors.stale],
    ] as const) {
      const error = refusal(status, { error: 'whatever the server said' }, errors);
      expect(error.message).toBe(words);
      expect(String(error)).toBe(words);
      expect(String(error)).not.toMatch(/API_ERROR|ContentError/);
    }
  });

  it('422 names each field with its label and its message', () => {
    const answer = {
      error: 'invalid',
      problems: [
        { file: A, line: 3, column: 5, field: 'featured', message: 'exactly one guide must be featured' },
        { file: A, line: 2, column: 3, field: 'title', message: 'must not be empty' },
      ],
    };
    const error = refusal(422, answer, errors, (problem) => ({ featured: 'Featured', title: 'Title' })[problem.field] ?? problem.field);
    expect(error.message).toBe(fill(errors.invalid, { details: 'Featured: exactly one guide must be featured; Title: must not be empty' }));
    expect(error.problems).toHaveLength(2);
  });

  it('503 says which settings are missing; another status says its number; no answer at all says so', () => {
    expect(refusal(503, { error: 'not configured', missing: ['GITHUB_TOKEN', 'GITHUB_REPOSITORY'] }, errors).message).toBe(
      fill(errors.notConfigured, { missing: 'GITHUB_TOKEN, GITHUB_REPOSITORY' }),
    );
    expect(refusal(500, { error: 'Unknown error' }, errors).message).toBe(fill(errors.failed, { status: 500 }));
    expect(refusal(null, null, errors).message).toBe(errors.offline);
  });
});

describe('a request', () => {
  const answering = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('carries the access token and the action as JSON', async () => {
    const sent: RequestInit[] = [];
    const fetch = async (_url: RequestInfo | URL, init?: RequestInit) => {
      sent.push(init!);
      return answering(200, { store: 'github' })();
    };
    const answer = await requestContent({ action: 'info' }, { token: async () => 'token-1', copy: errors, fetch });
    expect(storeOf(answer)).toBe('github');
    expect(new Headers(sent[0]!.headers).get('authorization')).toBe('Bearer token-1');
    expect(JSON.parse(String(sent[0]!.body))).toEqual({ action: 'info' });
  });

  it('without a session is refused as signed out, before any request', async () => {
    let asked = false;
    const fetch = async () => {
      asked = true;
      return answering(200, {})();
    };
    await expect(requestContent({ action: 'info' }, { token: async () => null, copy: errors, fetch })).rejects.toMatchObject({
      status: 401,
      message: errors.unauthorized,
    });
    expect(asked).toBe(false);
  });

  it('a refusal throws a ContentError; an answer that is not JSON still has its status said', async () => {
    await expect(requestContent({ action: 'getEntry' }, { token: async () => 't', copy: errors, fetch: answering(403, { error: 'no' }) })).rejects.toBeInstanceOf(
      ContentError,
    );
    const notJson = async () => new Response('<html>Bad gateway</html>', { status: 502 });
    await expect(requestContent({ action: 'getEntry' }, { token: async () => 't', copy: errors, fetch: notJson })).rejects.toMatchObject({
      message: fill(errors.failed, { status: 502 }),
    });
    const offline = async () => Promise.reject(new TypeError('fetch failed'));
    await expect(requestContent({ action: 'getEntry' }, { token: async () => 't', copy: errors, fetch: offline })).rejects.toMatchObject({
      status: null,
      message: errors.offline,
    });
  });
});

describe('the note a working-tree save leaves for the page the dev server reloads', () => {
  const stored = new Map<string, string>();
  Object.defineProperty(globalThis, 'sessionStorage', {
    configurable: true,
    value: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
      removeItem: (key: string) => stored.delete(key),
    },
  });

  it('is read once, within seconds; a GitHub save leaves none (its page does not reload)', () => {
    leaveSavedNote('working-tree', 1_000);
    expect(takeSavedNote(3_000)).toBe('working-tree');
    expect(takeSavedNote(3_000)).toBeNull();
    leaveSavedNote('working-tree', 1_000);
    expect(takeSavedNote(60_000)).toBeNull();
    leaveSavedNote('github', 1_000);
    expect(takeSavedNote(2_000)).toBeNull();
  });
});
