/**
 * The fake GitHub the GitHub store is tested on (tests/support/fake-github.mjs) answers as GitHub
 * documents: the shapes of the contents and git data endpoints (a tree's listing as git lists it),
 * `{message, documentation_url, status}` errors with GitHub's statuses, GitHub's refusals when a
 * test asks for them, and, run on its own as the end-to-end tests run it, the checkout's content
 * as its first commit, with the same controls over HTTP. Its GraphQL: fake-github-graphql.test.ts.
 */
import { execFileSync, spawn } from 'node:child_process';
import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCheckout } from '../support/content-store-contract';
import { FAKE_GITHUB_REPOSITORY, FAKE_GITHUB_TOKEN, READ_ONLY_TOKEN, startFakeGithub } from '../support/fake-github.mjs';

type Fake = Awaited<ReturnType<typeof startFakeGithub>>;
const headers = { authorization: `Bearer ${FAKE_GITHUB_TOKEN}`, accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28', 'user-agent': 'test' };

async function call(base: string, method: string, path: string, body?: unknown, extra: Record<string, string> = {}) {
  const response = await fetch(`${base}/repos/${FAKE_GITHUB_REPOSITORY}${path}`, {
    method,
    headers: { ...headers, ...extra },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: response.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : text, headers: response.headers };
}

describe('the fake GitHub', () => {
  let fake: Fake;
  beforeAll(async () => {
    fake = await startFakeGithub();
  });
  afterAll(() => fake.close());

  it('answers a file and a folder as the contents API does', async () => {
    const file = await call(fake.url, 'GET', '/contents/src/content/testimonials.json?ref=main');
    expect(file.status).toBe(200);
    expect(Object.keys(file.body).sort()).toEqual(['_links', 'content', 'download_url', 'encoding', 'git_url', 'html_url', 'name', 'path', 'sha', 'size', 'type', 'url']);
    expect(file.body).toMatchObject({ type: 'file', encoding: 'base64', name: 'testimonials.json', path: 'src/content/testimonials.json' });
    expect(Math.max(...file.body.content.split('\n').map((line: string) => line.length))).toBe(60);
    expect(Buffer.from(file.body.content, 'base64').equals(readFileSync('src/content/testimonials.json'))).toBe(true);
    const folder = await call(fake.url, 'GET', '/contents/src/content?ref=main');
    expect(Array.isArray(folder.body)).toBe(true);
    expect(folder.body.find((entry: { name: string }) => entry.name === 'resources')).toMatchObject({ type: 'dir', size: 0, download_url: null });
    expect(folder.body.every((entry: object) => !('content' in entry))).toBe(true);
  });

  it('refuses as GitHub does: {message, documentation_url, status}', async () => {
    const missing = await call(fake.url, 'GET', '/contents/src/content/none.json');
    expect({ status: missing.status, body: missing.body }).toEqual({
      status: 404,
      body: { message: 'Not Found', documentation_url: expect.stringContaining('docs.github.com'), status: '404' },
    });
    expect((await call(fake.url, 'GET', '/contents/src/content', undefined, { authorization: 'Bearer nope' })).body).toMatchObject({
      message: 'Bad credentials',
      status: '401',
    });
    expect((await call(fake.url, 'GET', '/branches/nope')).body).toMatchObject({ message: 'Branch not found', status: '404' });
    const both = await call(fake.url, 'POST', '/git/trees', { tree: [{ path: 'a', mode: '100644', type: 'blob', sha: null, content: 'x' }] });
    expect(both).toMatchObject({
      status: 422,
      body: { message: 'Must supply either tree.sha or tree.content. Request will be rejected if both are present.', status: '422' },
    });
    const head = (await call(fake.url, 'GET', '/git/ref/heads/main')).body.object.sha;
    const tree = (await call(fake.url, 'GET', `/git/commits/${head}`)).body.tree.sha;
    expect((await call(fake.url, 'POST', '/git/trees', { base_tree: tree, tree: [{ path: 'nope.json', mode: '100644', type: 'blob', sha: null }] })).status).toBe(422);
    expect((await call(fake.url, 'POST', '/git/trees', { base_tree: tree, tree: [{ path: '../x', mode: '100644', type: 'blob', content: 'x' }] })).status).toBe(422);
    const noAgent = await new Promise<number>((resolve) =>
      request(`${fake.url}/repos/${FAKE_GITHUB_REPOSITORY}/contents/src`, { headers: { authorization: headers.authorization } }, (response) =>
        resolve(response.statusCode!),
      ).end(),
    );
    expect(noAgent).toBe(403);
  });

  it('moves a branch only forward: a commit not on top of its head is 422 "Update is not a fast forward"', async () => {
    const head = (await call(fake.url, 'GET', '/branches/main')).body.commit;
    const commit = await call(fake.url, 'POST', '/git/commits', {
      message: 'Content: x',
      tree: head.commit.tree.sha,
      parents: [head.sha],
      author: { name: 'a', email: 'a@example.com' },
    });
    expect(commit).toMatchObject({
      status: 201,
      body: { author: { name: 'a', email: 'a@example.com' }, committer: { email: 'a@example.com' }, parents: [{ sha: head.sha }] },
    });
    fake.push({ 'src/content/elsewhere.json': '{}' });
    const late = await call(fake.url, 'PATCH', '/git/refs/heads/main', { sha: commit.body.sha, force: false });
    expect(late).toMatchObject({ status: 422, body: { message: 'Update is not a fast forward', status: '422' } });
  });

  it("lists a tree as git does, recursively or not, each file with git's sha and size", async () => {
    const seed = seedCheckout();
    const seeded = await startFakeGithub({ seedRoot: seed });
    try {
      const ls = (args: string[]) =>
        execFileSync('git', ['ls-tree', '-l', ...args], { cwd: seed, encoding: 'utf8' })
          .trim()
          .split('\n');
      const asGit = (entry: { path: string; mode: string; type: string; sha: string; size?: number }) =>
        `${entry.mode} ${entry.type} ${entry.sha} ${entry.size ?? '-'}\t${entry.path}`;
      const head = (await call(seeded.url, 'GET', '/branches/main')).body.commit;
      const whole = await call(seeded.url, 'GET', `/git/trees/${head.commit.tree.sha}?recursive=1`);
      expect(whole.body.truncated).toBe(false);
      expect(whole.body.sha).toBe(execFileSync('git', ['rev-parse', 'HEAD^{tree}'], { cwd: seed, encoding: 'utf8' }).trim());
      expect(whole.body.tree.map(asGit)).toEqual(ls(['-r', '-t', 'HEAD']).map((line) => line.replace(/ +/g, ' ')));
      expect(Object.keys(whole.body.tree.find((entry: { type: string }) => entry.type === 'blob')).sort()).toEqual(['mode', 'path', 'sha', 'size', 'type', 'url']);
      const content = whole.body.tree.find((entry: { path: string }) => entry.path === 'src/content');
      // by sha or by branch name, and `recursive` left out: one level
      for (const ref of [content.sha, 'main']) {
        const folder = await call(seeded.url, 'GET', `/git/trees/${ref}`);
        expect(folder.body.tree.map(asGit)).toEqual(ls([ref === 'main' ? 'HEAD' : 'HEAD:src/content']).map((line) => line.replace(/ +/g, ' ')));
      }
      expect(await call(seeded.url, 'GET', `/git/trees/${'0'.repeat(40)}`)).toMatchObject({ status: 404, body: { message: 'Not Found' } });
    } finally {
      await seeded.close();
    }
  });

  it('cuts a recursive listing past its limit and says so (truncated), as GitHub does past 100,000 entries', async () => {
    const small = await startFakeGithub({ treeLimit: 10 });
    try {
      const head = (await call(small.url, 'GET', '/branches/main')).body.commit;
      const cut = await call(small.url, 'GET', `/git/trees/${head.commit.tree.sha}?recursive=true`);
      expect(cut.body).toMatchObject({ truncated: true, tree: expect.any(Array) });
      expect(cut.body.tree).toHaveLength(10);
      expect((await call(small.url, 'GET', `/git/trees/${head.commit.tree.sha}`)).body).toMatchObject({ truncated: false, tree: [{ path: 'src', type: 'tree' }] });
    } finally {
      await small.close();
    }
  });

  it('answers 409 for the git data of an empty repository', async () => {
    const empty = await startFakeGithub({ seed: [] });
    try {
      expect((await call(empty.url, 'GET', '/git/ref/heads/main')).status).toBe(409);
      expect((await call(empty.url, 'GET', '/contents/src')).body.message).toBe('This repository is empty.');
    } finally {
      await empty.close();
    }
  });
});

describe('the fake GitHub refuses as GitHub does when a test asks, for the next N requests it applies to or until stopped', () => {
  let fake: Fake;
  beforeAll(async () => {
    fake = await startFakeGithub();
  });
  afterAll(() => fake.close());
  const graphql = (token = FAKE_GITHUB_TOKEN) =>
    fetch(`${fake.url}/graphql`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: `{ repository(owner: "kayla-reyes", name: "coach-site") { nameWithOwner } }` }),
    }).then(async (response) => ({ status: response.status, body: await response.json(), headers: response.headers }));

  it('answers with rate-limit headers that leave requests, until told otherwise', async () => {
    const answer = await call(fake.url, 'GET', '/branches/main');
    expect(answer.status).toBe(200);
    expect(Number(answer.headers.get('x-ratelimit-remaining'))).toBeGreaterThan(0);
    expect(answer.headers.get('x-ratelimit-resource')).toBe('core');
    expect((await graphql()).body).toEqual({ data: { repository: { nameWithOwner: FAKE_GITHUB_REPOSITORY } } });
  });

  it('a token it stopped taking: 401 Bad credentials, REST and GraphQL, then the token works again', async () => {
    fake.refuse('revoked-token', { times: 2 });
    expect(await call(fake.url, 'GET', '/branches/main')).toMatchObject({ status: 401, body: { message: 'Bad credentials', status: '401' } });
    expect(await graphql()).toMatchObject({ status: 401, body: { message: 'Bad credentials', documentation_url: 'https://docs.github.com/graphql' } });
    expect((await call(fake.url, 'GET', '/branches/main')).status).toBe(200);
  });

  it('a token without the repository: 404, and GraphQL NOT_FOUND; a read-only token: 403 on writes only', async () => {
    fake.refuse('no-access', { times: 2 });
    expect(await call(fake.url, 'GET', '/branches/main')).toMatchObject({ status: 404, body: { message: 'Not Found' } });
    expect(await graphql()).toMatchObject({ status: 200, body: { data: { repository: null }, errors: [{ type: 'NOT_FOUND', path: ['repository'] }] } });
    fake.refuse('read-only');
    expect((await call(fake.url, 'GET', '/branches/main')).status).toBe(200);
    expect(await call(fake.url, 'POST', '/git/blobs', { content: 'x' })).toMatchObject({
      status: 403,
      body: { message: 'Resource not accessible by personal access token' },
    });
    fake.stopRefusing('read-only');
    expect((await call(fake.url, 'POST', '/git/blobs', { content: 'x' })).status).toBe(201);
    expect((await call(fake.url, 'POST', '/git/blobs', { content: 'x' }, { authorization: `Bearer ${READ_ONLY_TOKEN}` })).status).toBe(403);
  });

  it('a protected branch, a ruleset: the branch update refused with 422 (other requests go through)', async () => {
    const head = fake.head();
    const move = () => call(fake.url, 'PATCH', '/git/refs/heads/main', { sha: head, force: false });
    fake.refuse('protected-branch', { times: 1 });
    expect((await call(fake.url, 'GET', '/branches/main')).status).toBe(200);
    expect(await move()).toMatchObject({ status: 422, body: { message: 'Protected branch update failed for refs/heads/main.', status: '422' } });
    fake.refuse('ruleset', { times: 1 });
    expect(await move()).toMatchObject({
      status: 422,
      body: { message: expect.stringMatching(/^Repository rule violations found\n\nChanges must be made through a pull request\./) },
    });
    expect((await move()).status).toBe(200);
  });

  it('the primary rate limit used up: 403 or 429 with x-ratelimit-remaining 0 and the reset; GraphQL 200 with RATE_LIMITED', async () => {
    const resetAt = new Date('2031-05-04T10:20:30Z');
    fake.refuse('rate-limit', { times: 3, resetAt });
    const rest = await call(fake.url, 'GET', '/branches/main');
    expect(rest).toMatchObject({ status: 403, body: { message: expect.stringMatching(/^API rate limit exceeded for user ID \d+\./) } });
    expect([rest.headers.get('x-ratelimit-remaining'), rest.headers.get('x-ratelimit-reset'), rest.headers.get('x-ratelimit-resource')]).toEqual([
      '0',
      String(resetAt.getTime() / 1000),
      'core',
    ]);
    const limited = await graphql();
    expect(limited).toMatchObject({ status: 200, body: { errors: [{ type: 'RATE_LIMITED' }] } });
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    fake.stopRefusing();
    fake.refuse('rate-limit', { times: 1, status: 429 });
    expect((await call(fake.url, 'GET', '/branches/main')).status).toBe(429);
  });

  it('a secondary rate limit: 403 with retry-after; GitHub down: its 5xx error page', async () => {
    fake.refuse('secondary-rate-limit', { times: 1, retryAfter: 90 });
    const slowed = await call(fake.url, 'GET', '/branches/main');
    expect(slowed).toMatchObject({ status: 403, body: { message: expect.stringMatching(/^You have exceeded a secondary rate limit\./) } });
    expect(slowed.headers.get('retry-after')).toBe('90');
    fake.refuse('down', { times: 1 });
    const down = await call(fake.url, 'GET', '/branches/main');
    expect(down.status).toBe(503);
    expect(down.body).toContain('<title>Unicorn! · GitHub</title>');
    expect(() => fake.refuse('storm' as 'down')).toThrow('no such refusal: storm');
  });
});

describe('the fake GitHub on its own (node tests/support/fake-github.mjs)', () => {
  it("serves the checkout's content, and takes pushes and moves through its control endpoints", async () => {
    const child = spawn(process.execPath, ['tests/support/fake-github.mjs'], { env: { ...process.env, FAKE_GITHUB_PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          const found = /on (http:\/\/\S+)/.exec(chunk.toString());
          if (found) resolve(found[1]!);
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}`)));
      });
      const file = await call(url, 'GET', '/contents/src/content/pages/settings.json');
      expect(Buffer.from(file.body.content, 'base64').equals(readFileSync('src/content/pages/settings.json'))).toBe(true);
      const post = (path: string, body: unknown) => fetch(`${url}${path}`, { method: 'POST', body: JSON.stringify(body) });
      expect((await post('/_push', { files: { 'src/content/a.json': Buffer.from('{}').toString('base64') }, message: 'Pushed' })).status).toBe(201);
      expect((await post('/_push-before-next-ref-update', { files: { 'src/content/b.json': null } })).status).toBe(202);
      const log = await (await fetch(`${url}/_log`)).json();
      expect(log.map((commit: { message: string }) => commit.message)).toEqual(['Pushed', 'The site']);
      expect(log[0].files).toEqual([{ path: 'src/content/a.json', status: 'added' }]);

      expect((await post('/_refuse', { kind: 'rate-limit', times: 1, resetAt: '2031-05-04T10:20:30Z' })).status).toBe(202);
      expect(await (await fetch(`${url}/_refuse`)).json()).toEqual([{ kind: 'rate-limit', times: 1, resetAt: 1935656430 }]);
      const limited = await call(url, 'GET', '/branches/main');
      expect([limited.status, limited.headers.get('x-ratelimit-reset')]).toEqual([403, '1935656430']);
      expect((await post('/_refuse', { kind: 'revoked-token' })).status).toBe(202);
      expect((await call(url, 'GET', '/branches/main')).status).toBe(401);
      expect(await (await fetch(`${url}/_refuse?kind=revoked-token`, { method: 'DELETE' })).json()).toEqual([]);
      expect((await post('/_refuse', { kind: 'storm' })).status).toBe(400);
      const query = '{ repository(owner: "kayla-reyes", name: "coach-site") { a: object(oid: "0000000000000000000000000000000000000000") { __typename } } }';
      const answer = await fetch(`${url}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query }) });
      expect(await answer.json()).toEqual({ data: { repository: { a: null } } });
      const requests = await (await fetch(`${url}/_requests`)).json();
      expect(requests.at(-1)).toMatchObject({ method: 'POST', path: '/graphql', objects: 1 });
      expect(requests.map((request: { path: string }) => request.path)).toContain(`/repos/${FAKE_GITHUB_REPOSITORY}/branches/main`);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
