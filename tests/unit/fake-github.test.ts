/**
 * The fake GitHub the GitHub store is tested on (tests/support/fake-github.mjs) answers as GitHub
 * documents: the shapes of the contents and git data endpoints, `{message, documentation_url,
 * status}` errors with GitHub's statuses, and, run on its own as the end-to-end tests run it,
 * the checkout's content as its first commit.
 */
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_GITHUB_REPOSITORY, FAKE_GITHUB_TOKEN, startFakeGithub } from '../support/fake-github.mjs';

type Fake = Awaited<ReturnType<typeof startFakeGithub>>;
const headers = { authorization: `Bearer ${FAKE_GITHUB_TOKEN}`, accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28', 'user-agent': 'test' };

async function call(base: string, method: string, path: string, body?: unknown, extra: Record<string, string> = {}) {
  const response = await fetch(`${base}/repos/${FAKE_GITHUB_REPOSITORY}${path}`, {
    method,
    headers: { ...headers, ...extra },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: await response.json() };
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
    expect(missing).toEqual({ status: 404, body: { message: 'Not Found', documentation_url: expect.stringContaining('docs.github.com'), status: '404' } });
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
    } finally {
      child.kill('SIGTERM');
    }
  });
});
