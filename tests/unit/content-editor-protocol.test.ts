/**
 * The content editor's side of the endpoint's protocol: the versions a save names (baseShas), and
 * every refusal said in the marketer's words, never Decap's "API_ERROR: …", with its problems
 * placed by the form's labels and the entries' names.
 */
import { describe, expect, it } from 'vitest';
import { ContentError, clockTime, refusal, requestContent, storeOf } from '~/features/content-editor/browser/content-client';
import { editorConfig } from '~/features/content-editor/browser/editor-config';
import { EntryNames } from '~/features/content-editor/browser/entry-names';
import { type PlacedCollection, problemPlace } from '~/features/content-editor/browser/problem-place';
import { VersionBook } from '~/features/content-editor/browser/versions';
import { REFUSAL_REASONS, type RefusalReason } from '~/features/content-editor/shared/answers';
import { fill } from '~/features/admin/text';
import adminPage from '../../src/content/pages/admin.json';

const copy = adminPage.contentEditor;
const { errors } = copy;
const A = 'src/content/resources/a.json';
const B = 'src/content/resources/b.json';
const SETTINGS = 'src/content/pages/settings.json';
const TESTIMONIALS = 'src/content/testimonials.json';
/** What refusals carry besides their reason, as the endpoint sends them. */
const DETAILS = {
  problems: [{ file: SETTINGS, line: 3, column: 5, field: 'claims.members', message: 'must not be empty' }],
  missing: ['GITHUB_TOKEN'],
  retryAt: '2026-11-28T14:05:00Z',
  limitMegabytes: 25,
};

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

describe('refusals in the marketer’s words', () => {
  it('says each reason of the endpoint in the copy’s own sentence; a ContentError prints as its message alone', () => {
    for (const reason of Object.keys(REFUSAL_REASONS) as RefusalReason[]) {
      const error = refusal(REFUSAL_REASONS[reason], { error: 'whatever the server said', reason, ...DETAILS }, errors);
      expect(error.reason).toBe(reason);
      expect(String(error)).toBe(error.message);
      expect(error.message).not.toContain('whatever the server said');
      expect(error.message, reason).not.toMatch(/\{\w+\}/);
    }
    expect(refusal(409, { error: 'x', reason: 'stale' }, errors).message).toBe(errors.stale);
    expect(refusal(409, { error: 'x', reason: 'exists' }, errors).message).toBe(errors.exists);
    expect(refusal(403, { error: 'x', reason: 'not-offered' }, errors).message).toBe(errors['not-offered']);
  });

  it('a refusal without a reason is read by its status', () => {
    expect(refusal(401, null, errors).message).toBe(errors['signed-out']);
    expect(refusal(403, { error: 'no' }, errors).message).toBe(errors['not-allowed']);
    expect(refusal(502, null, errors).message).toBe(errors.failed);
  });

  it('422 names each field with its label and its message', () => {
    const answer = {
      error: 'invalid',
      reason: 'invalid',
      problems: [
        { file: A, line: 3, column: 5, field: 'featured', message: 'exactly one guide must be featured' },
        { file: A, line: 2, column: 3, field: 'title', message: 'must not be empty' },
      ],
    };
    const error = refusal(422, answer, errors, (problem) => ({ featured: 'Featured', title: 'Title' })[problem.field] ?? problem.field);
    expect(error.message).toBe(fill(errors.invalid, { details: 'Featured: exactly one guide must be featured; Title: must not be empty' }));
    expect(error.problems).toHaveLength(2);
  });

  it('owner-only names the fields by their labels, once each', () => {
    const answer = {
      error: 'owner-only',
      reason: 'owner-only',
      problems: [
        { file: SETTINGS, line: 1, column: 1, field: 'embeds.formEmbedScript', message: 'only the owner' },
        { file: SETTINGS, line: 1, column: 1, field: 'metaPixelId', message: 'only the owner' },
      ],
    };
    expect(refusal(403, answer, errors).message).toBe(fill(errors['owner-only'], { fields: 'Form embed script, Meta pixel id' }));
  });

  it('GitHub’s rate limit says when saves are taken again, by her own clock; too large says the limit', () => {
    const retryAt = new Date(2026, 10, 28, 14, 5).toISOString();
    expect(refusal(429, { error: 'x', reason: 'github-rate-limit', retryAt }, errors).message).toBe(fill(errors['github-rate-limit'], { time: '14:05' }));
    expect(clockTime(retryAt)).toBe('14:05');
    expect(refusal(429, { error: 'x', reason: 'github-rate-limit' }, errors).message).toBe(errors['github-unavailable']);
    expect(refusal(413, { error: 'x', reason: 'too-large', limitMegabytes: 25 }, errors).message).toBe(fill(errors['too-large'], { megabytes: 25 }));
  });

  it('503 says which settings are missing, for the site’s developer; no answer at all says so', () => {
    expect(refusal(503, { error: 'not configured', reason: 'not-set-up', missing: ['GITHUB_TOKEN', 'GITHUB_REPOSITORY'] }, errors).message).toBe(
      fill(errors['not-set-up'], { missing: 'GITHUB_TOKEN, GITHUB_REPOSITORY' }),
    );
    expect(refusal(null, null, errors).message).toBe(errors.offline);
  });
});

describe('where a problem is, in words', () => {
  const config = editorConfig('editor');
  const names = new EntryNames();
  names.read(B, JSON.stringify({ title: 'Fast Food Guide' }));
  const place = (sent: string[]) =>
    problemPlace({ collections: config.collections as unknown as PlacedCollection[], words: copy.problems, entryName: names.nameOf }, sent);

  it('a field of the entry saved: its labels in the form', () => {
    expect(place([SETTINGS])({ file: SETTINGS, field: 'embeds.formEmbedScript' })).toBe('Embeds › Form embed script');
    expect(place([SETTINGS])({ file: SETTINGS, field: 'claims.members' })).toBe('Claims › Members');
    expect(place([TESTIMONIALS])({ file: TESTIMONIALS, field: '[2].author' })).toBe('Item 3 › Author');
  });

  it('a field of another entry: with that guide’s title, or its collection’s name; a picture by its name', () => {
    expect(place([A])({ file: B, field: 'featured' })).toBe(fill(copy.problems.inEntry, { field: 'Featured', entry: '“Fast Food Guide”' }));
    expect(place([A])({ file: 'src/content/resources/never-read.json', field: 'featured' })).toBe(
      fill(copy.problems.inEntry, { field: 'Featured', entry: 'Free guides' }),
    );
    expect(place([A])({ file: 'src/content/images/resources/big-photo.jpg', field: '' })).toBe(fill(copy.problems.picture, { name: 'big-photo.jpg' }));
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
      reason: 'signed-out',
      message: errors['signed-out'],
    });
    expect(asked).toBe(false);
  });

  it('a refusal throws a ContentError; an answer that is not JSON still has its status said', async () => {
    await expect(requestContent({ action: 'getEntry' }, { token: async () => 't', copy: errors, fetch: answering(403, { error: 'no' }) })).rejects.toBeInstanceOf(
      ContentError,
    );
    const notJson = async () => new Response('<html>Bad gateway</html>', { status: 502 });
    await expect(requestContent({ action: 'getEntry' }, { token: async () => 't', copy: errors, fetch: notJson })).rejects.toMatchObject({
      message: errors.failed,
    });
    const offline = async () => Promise.reject(new TypeError('fetch failed'));
    await expect(requestContent({ action: 'getEntry' }, { token: async () => 't', copy: errors, fetch: offline })).rejects.toMatchObject({
      status: null,
      message: errors.offline,
    });
  });
});
