#!/usr/bin/env node
/**
 * A fake GitHub REST API for the content editor's GitHub store
 * (src/features/content-editor/github-store.ts): one repository kept in a real git object store
 * (tests/support/fake-github-git.mjs), seeded with the checkout's `src/content/` as its first
 * commit, answering the endpoints the store uses with GitHub's documented shapes and statuses.
 *
 *   FAKE_GITHUB_PORT=54340 node tests/support/fake-github.mjs
 *
 * A server calling it is given FAKE_GITHUB_TOKEN as GITHUB_TOKEN, `FAKE_GITHUB_REPOSITORY` as
 * GITHUB_REPOSITORY and its address as GITHUB_API_URL. Tokens: the write token, READ_ONLY_TOKEN
 * (403 on every write, as a token with "Contents: Read-only") and NO_ACCESS_TOKEN (404 for the
 * repository, as a token not given it); anything else is refused with 401. A request without a
 * User-Agent is refused with 403, as GitHub does.
 *
 * For tests: GET /_log (the branch's commits, newest first: sha, message, author, files),
 * GET /_requests (method and path of every API request), POST /_push {files: {path: base64 |
 * null}, message} (someone else's commit on the branch), POST /_push-before-next-ref-update
 * {files, message, times} (the same, made just before each of the next `times` branch updates
 * arrives: the branch moves between a save's reads and its update). In process, startFakeGithub() returns the same as functions.
 */
import { createServer } from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { GitStore } from './fake-github-git.mjs';
import { gitRoutes } from './fake-github-routes.mjs';

export const FAKE_GITHUB_TOKEN = 'fake-github-token';
export const READ_ONLY_TOKEN = 'fake-github-read-only-token';
export const NO_ACCESS_TOKEN = 'fake-github-no-access-token';
export const FAKE_GITHUB_REPOSITORY = 'kayla-reyes/coach-site';

const checkout = fileURLToPath(new URL('../..', import.meta.url));
const OTHER_AUTHOR = { name: 'Someone Else', email: 'someone@example.com' };

function filesUnder(root, dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(root, path);
    return entry.isFile() ? [[relative(root, path).split(sep).join('/'), readFileSync(path)]] : [];
  });
}

/**
 * Starts the fake on 127.0.0.1:`port` (0: any free port), its branch `branch` holding the files
 * under `seed` (folders of `seedRoot`, kept at their paths) in one commit.
 */
export async function startFakeGithub({ port = 0, repository = FAKE_GITHUB_REPOSITORY, branch = 'main', seedRoot = checkout, seed = ['src/content'] } = {}) {
  const git = new GitStore();
  const requests = [];
  /** Every commit made through the API (kept or not), in order. */
  const created = [];
  let beforeNextRefUpdate = null;
  const now = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');

  /** A commit of `files` (path → bytes, or null to delete) on top of the branch, moving it. */
  function push(files, message = 'Edit from elsewhere', author = OTHER_AUTHOR) {
    const head = git.branches.get(branch) ?? null;
    const base = head && git.readCommit(head).tree;
    const changes = Object.entries(files).map(([path, bytes]) => ({ path, mode: '100644', sha: bytes === null ? null : git.blob(bytes) }));
    const tree = git.applyChanges(base, changes);
    const sha = git.commit({ tree, parents: head ? [head] : [], author: { ...author, date: now() }, message });
    git.branches.set(branch, sha);
    return sha;
  }

  if (seed.length > 0)
    push(Object.fromEntries(seed.flatMap((dir) => filesUnder(seedRoot, join(seedRoot, dir)))), 'The site', { name: 'Kayla Reyes', email: 'kayla@example.com' });

  /** The branch's commits, newest first, with the files each changed. */
  function log() {
    const commits = [];
    for (let sha = git.branches.get(branch); sha; sha = git.readCommit(sha).parents[0]) {
      const { message, author } = git.readCommit(sha);
      commits.push({ sha, message, author: { name: author.name, email: author.email }, files: git.changedFiles(sha) });
    }
    return commits;
  }

  /** A file's bytes on the branch (or at `ref`), or null. */
  function readFile(path, ref = git.branches.get(branch)) {
    const entry = git.lookup(git.readCommit(ref).tree, path);
    return entry?.type === 'blob' ? git.readBlob(entry.sha) : null;
  }

  const routes = gitRoutes({
    git,
    repository,
    defaultBranch: branch,
    onCommit: (sha) => created.push(sha),
    onRefUpdate: () => {
      const move = beforeNextRefUpdate;
      if (!move) return;
      move.times -= 1;
      if (move.times <= 0) beforeNextRefUpdate = null;
      push(move.files, move.message);
    },
  });

  function control(req, url, body) {
    if (url.pathname === '/_health') return [200, { ok: true }];
    if (url.pathname === '/_log') return [200, log()];
    if (url.pathname === '/_requests') return [200, requests];
    const decode = (files) => Object.fromEntries(Object.entries(files ?? {}).map(([path, base64]) => [path, base64 === null ? null : Buffer.from(base64, 'base64')]));
    if (req.method === 'POST' && url.pathname === '/_push') return [201, { sha: push(decode(body.files), body.message) }];
    if (req.method === 'POST' && url.pathname === '/_push-before-next-ref-update') {
      beforeNextRefUpdate = { files: decode(body.files), message: body.message, times: body.times ?? 1 };
      return [202, { waiting: true }];
    }
    return [404, { message: 'Not Found' }];
  }

  const server = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const url = new URL(req.url ?? '/', 'http://fake');
    let body = null;
    try {
      body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : null;
    } catch {
      return send(res, 400, { message: 'Problems parsing JSON', documentation_url: 'https://docs.github.com/rest', status: '400' });
    }
    if (url.pathname.startsWith('/_')) return send(res, ...control(req, url, body));
    requests.push({
      method: req.method,
      path: url.pathname + url.search,
      accept: req.headers.accept ?? null,
      apiVersion: req.headers['x-github-api-version'] ?? null,
      userAgent: req.headers['user-agent'] ?? null,
    });
    if (requests.length > 5000) requests.splice(0, 1000);
    const [status, answer] = routes(req.method, url, req.headers, body);
    send(res, status, answer);
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    repository,
    branch,
    git,
    requests,
    created,
    log,
    readFile,
    push,
    head: () => git.branches.get(branch),
    /** Makes `files` change on the branch (someone else's commit) just before each of the next `times` branch updates is handled. */
    pushBeforeNextRefUpdate: (files, { message, times = 1 } = {}) => {
      beforeNextRefUpdate = { files, message, times };
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(res, status, body) {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.end(body === null ? '' : JSON.stringify(body));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fake = await startFakeGithub({ port: Number(process.env.FAKE_GITHUB_PORT ?? 54340) });
  console.log(`fake GitHub on ${fake.url} (${fake.repository}, branch ${fake.branch})`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => fake.close().then(() => process.exit(0)));
}
