/**
 * GitHub's refusals as the GitHub store reports them (src/features/content-editor/server/github-refusals.ts):
 * each kind the endpoint answers by, with GitHub's status, the setting to fix, when to try again,
 * and one plain sentence saying what happened and who can fix it, never the token. The fake GitHub
 * refuses as GitHub does (tests/support/fake-github-refusals.mjs), over REST and GraphQL, for a
 * snapshot, a read and a save.
 */
import { describe, expect, it } from 'vitest';
import { refusalOf } from '../../src/features/content-editor/server/github-refusals';
import { GithubStoreError, githubStoreFromSettings } from '../../src/features/content-editor/server/github-store';
import type { ContentStore } from '../../src/features/content-editor/server/store';
import { AUTHOR, PNG, TESTIMONIALS, text } from '../support/content-store-contract';
import { declaredPlan } from '../support/declared-plan';
import { FAKE_GITHUB_REPOSITORY, FAKE_GITHUB_TOKEN, NO_ACCESS_TOKEN, READ_ONLY_TOKEN } from '../support/fake-github.mjs';
import { fakeGithubs, storeOf } from '../support/fake-github-store';

const TOKENS = [FAKE_GITHUB_TOKEN, READ_ONLY_TOKEN, NO_ACCESS_TOKEN, 'ghp_wrong'];
const REPO = FAKE_GITHUB_REPOSITORY;
const { fakeGithub } = fakeGithubs();

/** The GithubStoreError `work` fails with; no token in anything it says. */
async function refusal(work: Promise<unknown>): Promise<GithubStoreError> {
  const error = await work.then(
    () => null,
    (problem: unknown) => problem,
  );
  expect(error).toBeInstanceOf(GithubStoreError);
  for (const said of [String(error), JSON.stringify(error), (error as Error).stack ?? '']) for (const token of TOKENS) expect(said).not.toContain(token);
  return error as GithubStoreError;
}

const save = (store: ContentStore) =>
  store.transact(declaredPlan({ changes: [{ path: TESTIMONIALS, content: text('[]\n') }], message: 'Content: testimonials.json' }), AUTHOR);
/** A snapshot, a read (GraphQL, on a snapshot taken before) and a save, each started when called, `refuse` set just before. */
async function everyCall(store: ContentStore, refuse: () => void) {
  const snapshot = await store.snapshot();
  return [() => store.snapshot(), () => snapshot.read([TESTIMONIALS]), () => save(store)].map((call) => () => {
    refuse();
    return call();
  });
}

const TOKEN_WORDS = "GitHub refused GITHUB_TOKEN: it is wrong, expired or revoked. The site's owner can renew it in the Pages project's settings.";

describe("GitHub's refusals, each of its kind, in one plain sentence naming the setting (never the token)", () => {
  it('token: 401 Bad credentials, for a wrong token and for one GitHub stopped taking (expired, revoked)', async () => {
    const fake = await fakeGithub();
    expect(await refusal(storeOf(fake, { GITHUB_TOKEN: 'ghp_wrong' }).snapshot())).toMatchObject({
      kind: 'token',
      status: 401,
      setting: 'GITHUB_TOKEN',
      retryAt: null,
      message: TOKEN_WORDS,
    });
    for (const call of await everyCall(storeOf(fake), () => fake.refuse('revoked-token', { times: 1 })))
      expect(await refusal(call())).toMatchObject({ kind: 'token', status: 401, setting: 'GITHUB_TOKEN', message: TOKEN_WORDS });
    expect(fake.created).toHaveLength(0);
  });

  it('access: a repository that does not exist or the token was not given (REST 404, GraphQL NOT_FOUND)', async () => {
    const fake = await fakeGithub();
    const words = `GitHub finds no repository ${REPO} that GITHUB_TOKEN may see. The site's owner can correct GITHUB_REPOSITORY in the Pages project's settings, or give the token access to ${REPO} on GitHub.`;
    for (const call of await everyCall(storeOf(fake), () => fake.refuse('no-access', { times: 1 }))) {
      const error = await refusal(call());
      expect(error).toMatchObject({ kind: 'access', setting: 'GITHUB_REPOSITORY', message: words });
      expect([404, 200]).toContain(error.status);
    }
    expect(await refusal(storeOf(fake, { GITHUB_TOKEN: NO_ACCESS_TOKEN }).snapshot())).toMatchObject({ kind: 'access', status: 404, message: words });
    expect((await refusal(storeOf(fake, { GITHUB_REPOSITORY: 'kayla-reyes/no-such-site' }).snapshot())).message).toContain('no repository kayla-reyes/no-such-site');
  });

  it('access: a token that may read but not write; it still reads, and nothing is committed', async () => {
    const fake = await fakeGithub();
    const store = storeOf(fake, { GITHUB_TOKEN: READ_ONLY_TOKEN });
    expect((await (await store.snapshot()).read([TESTIMONIALS])).size).toBe(1);
    expect(await refusal(save(store))).toMatchObject({
      kind: 'access',
      status: 403,
      setting: 'GITHUB_TOKEN',
      message: `GitHub refused to let GITHUB_TOKEN write to ${REPO}. The site's owner can give the token "Contents: Read and write" on ${REPO} in GitHub's token settings.`,
    });
    expect(fake.created).toHaveLength(0);
  });

  it('access: a branch that does not exist, an empty repository', async () => {
    const fake = await fakeGithub();
    const words = (branch: string) =>
      `GitHub finds no branch "${branch}" in ${REPO}. The site's owner can set GITHUB_BRANCH to the branch the site is built from in the Pages project's settings.`;
    for (const work of [storeOf(fake, { GITHUB_BRANCH: 'production' }).snapshot(), save(storeOf(fake, { GITHUB_BRANCH: 'production' }))])
      expect(await refusal(work)).toMatchObject({ kind: 'access', status: 404, setting: 'GITHUB_BRANCH', message: words('production') });
    const empty = await fakeGithub({ seed: [] });
    expect(await refusal(storeOf(empty).snapshot())).toMatchObject({ kind: 'access', status: 404, setting: 'GITHUB_BRANCH', message: words('main') });
    const context = { repository: REPO, branch: 'main', apiUrl: 'https://api.github.com' };
    const reply = { method: 'GET', path: '/git/trees/abc', status: 409, message: 'Git Repository is empty.', headers: new Headers() };
    expect(refusalOf(context, reply)).toMatchObject({ kind: 'access', setting: 'GITHUB_REPOSITORY', message: expect.stringMatching(/^The repository .+ is empty\./) });
  });

  it('protected: GitHub refuses to move a protected branch, or one a ruleset guards (422), at once and with nothing moved', async () => {
    for (const kind of ['protected-branch', 'ruleset'] as const) {
      const fake = await fakeGithub();
      const head = fake.head();
      fake.refuse(kind);
      const error = await refusal(save(storeOf(fake)));
      expect(error).toMatchObject({
        kind: 'protected',
        status: 422,
        setting: 'GITHUB_BRANCH',
        message: `GitHub refused to let GITHUB_TOKEN change the branch main of ${REPO}: it is protected, or a ruleset only takes changes through pull requests. The site's owner can let the token's owner push to main in the repository's rules, or set GITHUB_BRANCH in the Pages project's settings to a branch that takes them.`,
      });
      expect(fake.head()).toBe(head);
      expect(fake.requests.filter((request) => request.method === 'PATCH')).toHaveLength(1);
    }
  });

  it('rate-limit: the primary limit used up (403 or 429, GraphQL 200), until x-ratelimit-reset', async () => {
    const fake = await fakeGithub();
    const resetAt = new Date(Math.floor(Date.now() / 1000 + 1234) * 1000);
    const time = resetAt.toISOString().slice(0, 16).replace('T', ' ');
    const words = `GitHub's hourly allowance of requests for GITHUB_TOKEN is used up until ${time} UTC. Saving works again then; nothing needs fixing.`;
    for (const status of [403, 429]) {
      const calls = await everyCall(storeOf(fake), () => fake.refuse('rate-limit', { times: 1, status, resetAt }));
      for (const [index, call] of calls.entries())
        expect(await refusal(call())).toMatchObject({
          kind: 'rate-limit',
          status: index === 1 ? 200 : status,
          setting: 'GITHUB_TOKEN',
          retryAt: resetAt,
          message: words,
        });
    }
  });

  it('rate-limit: a secondary limit (403 with retry-after), until then', async () => {
    const fake = await fakeGithub();
    fake.refuse('secondary-rate-limit', { times: 1, retryAfter: 120 });
    const before = Date.now();
    const error = await refusal(storeOf(fake).snapshot());
    expect(error).toMatchObject({ kind: 'rate-limit', status: 403, setting: 'GITHUB_TOKEN' });
    expect(error.retryAt!.getTime()).toBeGreaterThanOrEqual(before + 120_000);
    expect(error.retryAt!.getTime()).toBeLessThanOrEqual(Date.now() + 120_000);
    expect(error.message).toMatch(
      /^GitHub is holding back requests made with GITHUB_TOKEN, for too many at once, until \d{4}-\d\d-\d\d \d\d:\d\d UTC\. Saving works again then; nothing needs fixing\.$/,
    );
  });

  it('unavailable: GitHub failing (5xx), GitHub out of reach; it answers again once it is back', async () => {
    const fake = await fakeGithub();
    for (const call of await everyCall(storeOf(fake), () => fake.refuse('down', { times: 1, status: 502 })))
      expect(await refusal(call())).toMatchObject({
        kind: 'unavailable',
        status: 502,
        setting: null,
        message: 'GitHub failed to answer (502). Saving again in a few minutes usually works; nothing needs fixing.',
      });
    expect((await storeOf(fake).snapshot()).files.size).toBeGreaterThan(50);
    const url = fake.apiUrl;
    await fake.close();
    expect(await refusal(storeOf(fake, { GITHUB_API_URL: url }).snapshot())).toMatchObject({
      kind: 'unavailable',
      status: null,
      setting: 'GITHUB_API_URL',
      message: `GitHub could not be reached at ${url}. Saving again in a few minutes may work; if it keeps failing, the site's owner can check GITHUB_API_URL in the Pages project's settings.`,
    });
  });

  it('access: GraphQL refusing to show a blob to the token (FORBIDDEN) refuses the read at once, without a request per file', async () => {
    const fake = await fakeGithub();
    const snapshot = await storeOf(fake).snapshot();
    const forbidden = (paths: readonly string[]) => ({
      data: { repository: Object.fromEntries(paths.map((_, index) => [`f${index}`, null])) },
      errors: paths.map((_, index) => ({ type: 'FORBIDDEN', path: ['repository', `f${index}`], message: 'Resource not accessible by personal access token' })),
    });
    const paths = [...snapshot.files.keys()].filter((path) => path.endsWith('.json'));
    const asked: string[] = [];
    const store = githubStoreFromSettings({ GITHUB_TOKEN: FAKE_GITHUB_TOKEN, GITHUB_REPOSITORY: REPO, GITHUB_API_URL: fake.apiUrl }, async (url, init) => {
      asked.push(url);
      return url.endsWith('/graphql') ? Response.json(forbidden(paths)) : fetch(url, init);
    }) as ContentStore;
    const error = await refusal((await store.snapshot()).read(paths));
    expect(error).toMatchObject({ kind: 'access', status: 200, setting: 'GITHUB_TOKEN', message: expect.stringMatching(/^GitHub refused to let GITHUB_TOKEN read /) });
    expect(asked.filter((url) => url.includes('/git/blobs/'))).toEqual([]);
  });

  it('unexpected: anything else, with what GitHub said', () => {
    const context = { repository: REPO, branch: 'main', apiUrl: 'https://api.github.com' };
    const reply = { method: 'POST', path: '/git/trees', status: 422, message: 'tree.path contains a malformed path component', headers: new Headers() };
    expect(refusalOf(context, reply)).toMatchObject({
      kind: 'unexpected',
      status: 422,
      setting: null,
      message: "GitHub refused POST /git/trees (422: tree.path contains a malformed path component). The site's developer can look into it.",
    });
  });

  it('a picture saved through a token GitHub stops taking halfway leaves the branch where it was', async () => {
    const fake = await fakeGithub();
    const head = fake.head();
    const store = storeOf(fake);
    const plan = declaredPlan({ changes: [{ path: 'src/content/images/resources/new.png', content: PNG }], message: 'Content: new.png' });
    const saving = store.transact(async (snapshot) => {
      const planned = await plan(snapshot);
      fake.refuse('revoked-token', { times: 1 });
      return planned;
    }, AUTHOR);
    expect(await refusal(saving)).toMatchObject({ kind: 'token' });
    expect(fake.head()).toBe(head);
  });
});
