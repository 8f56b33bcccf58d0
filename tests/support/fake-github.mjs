#!/usr/bin/env node
/**
 * A fake GitHub API for the content editor's GitHub store
 * (src/features/content-editor/server/github-store.ts): one repository kept in a real git object
 * store (tests/support/fake-github-git.mjs), seeded with the checkout's `src/content/` as its first
 * commit, answering the REST endpoints the store uses (tests/support/fake-github-routes.mjs) and
 * GraphQL (tests/support/fake-github-graphql.mjs) with GitHub's documented shapes and statuses.
 *
 *   FAKE_GITHUB_PORT=54340 node tests/support/fake-github.mjs
 *
 * A server calling it is given FAKE_GITHUB_TOKEN as GITHUB_TOKEN, `FAKE_GITHUB_REPOSITORY` as
 * GITHUB_REPOSITORY and its address as GITHUB_API_URL (`enterprise: true`: its address with
 * /api/v3, as GitHub Enterprise Server serves its API, GraphQL at /api/graphql). Tokens: the write
 * token, READ_ONLY_TOKEN (403 on every write, as a token with "Contents: Read-only") and
 * NO_ACCESS_TOKEN (404 for the repository, as a token not given it); anything else is refused with
 * 401. A request without a User-Agent is refused with 403, as GitHub does. Every answer carries
 * GitHub's rate-limit headers.
 *
 * For tests, in process (startFakeGithub()'s functions) and over HTTP (run on its own):
 * GET /_log (the branch's commits, newest first: sha, message, author, files), GET /_requests
 * (every API request: method, path, headers, GraphQL's objects asked for), POST /_push {files:
 * {path: base64 | null}, message} (someone else's commit on the branch), POST
 * /_push-before-next-ref-update {files, message, times} (the same, made just before each of the
 * next `times` branch updates: the branch moves between a save's reads and its update), POST
 * /_refuse {kind, times, status, retryAfter, resetAt (ISO 8601)} and DELETE /_refuse[?kind=] (GitHub's
 * refusals: tests/support/fake-github-refusals.mjs), GET /_refuse (those set).
 */
import { createServer } from 'node:http';
import { IDLE_CONNECTION_MS } from '../../supabase/local/idle-connections.ts';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { GitStore } from './fake-github-git.mjs';
import { answerGraphql, graphqlObject, objectsAskedFor } from './fake-github-graphql.mjs';
import { rateHeaders, refusalControls } from './fake-github-refusals.mjs';
import { checkCaller, gitRoutes } from './fake-github-routes.mjs';
import { filesUnder, generatedFiles } from './fake-github-seed.mjs';

export const FAKE_GITHUB_TOKEN = 'fake-github-token';
export const READ_ONLY_TOKEN = 'fake-github-read-only-token';
export const NO_ACCESS_TOKEN = 'fake-github-no-access-token';
export const FAKE_GITHUB_REPOSITORY = 'kayla-reyes/coach-site';
/** GitHub's own limits, which tests may lower: entries in a recursive tree listing. */
export const GITHUB_TREE_LIMIT = 100_000;
/** Where the fake cuts a blob's GraphQL text (isTruncated): its own figure, GitHub does not publish one. */
export const FAKE_GRAPHQL_TEXT_LIMIT = 512 * 1024;

const checkout = fileURLToPath(new URL('../..', import.meta.url));
const OTHER_AUTHOR = { name: 'Someone Else', email: 'someone@example.com' };

/**
 * Starts the fake on 127.0.0.1:`port` (0: any free port), its branch `branch` holding, in one
 * commit, the files under `seed` (folders of `seedRoot`, kept at their paths) and `generate`
 * ({ guides, pictures }: tests/support/fake-github-seed.mjs).
 */
export async function startFakeGithub({
  port = 0,
  repository = FAKE_GITHUB_REPOSITORY,
  branch = 'main',
  seedRoot = checkout,
  seed = ['src/content'],
  generate = {},
  enterprise = false,
  treeLimit = GITHUB_TREE_LIMIT,
  graphqlTextLimit = FAKE_GRAPHQL_TEXT_LIMIT,
} = {}) {
  const git = new GitStore();
  const requests = [];
  /** Every commit made through the API (kept or not), in order. */
  const created = [];
  const refusals = refusalControls();
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

  const seeded = [...seed.flatMap((dir) => filesUnder(seedRoot, join(seedRoot, dir))), ...generatedFiles(generate)];
  if (seeded.length > 0) push(Object.fromEntries(seeded), 'The site', { name: 'Kayla Reyes', email: 'kayla@example.com' });

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

  const route = gitRoutes({
    git,
    repository,
    defaultBranch: branch,
    treeLimit,
    onCommit: (sha) => created.push(sha),
    onRefUpdate: () => {
      const move = beforeNextRefUpdate;
      if (!move) return;
      move.done += 1;
      if (move.done >= move.times) beforeNextRefUpdate = null;
      push(typeof move.files === 'function' ? move.files(move.done) : move.files, move.message);
    },
  });
  const restPrefix = enterprise ? '/api/v3' : '';
  const graphqlPath = enterprise ? '/api/graphql' : '/graphql';
  const resetAt = Math.floor(Date.now() / 1000) + 3600;
  let served = 0;

  /** GitHub's answer to one API request: [status, body (JSON or text), headers]. */
  function answer(method, url, headers, body) {
    const graphql = url.pathname === graphqlPath;
    const path = decodeURIComponent(url.pathname);
    const caller = checkCaller(headers, { graphql });
    if (caller.refused) return [...caller.refused, {}];
    if (!graphql && !path.startsWith(`${restPrefix}/`)) return [404, { message: 'Not Found' }, {}];
    const write = !graphql && method !== 'GET';
    const branchUpdate = method === 'PATCH' ? (/\/git\/refs\/heads\/(.+)$/.exec(path)?.[1] ?? null) : null;
    const met = refusals.meet({ graphql, write, branchUpdate });
    if (met?.answer) return [met.answer.status, met.answer.body ?? met.answer.text, met.answer.headers ?? {}];
    const access = met?.access ?? caller.access;
    served += 1;
    const limits = rateHeaders(Math.max(1, 5000 - served), resetAt, graphql ? 'graphql' : 'core');
    if (graphql) {
      if (method !== 'POST') return [404, { message: 'Not Found', documentation_url: 'https://docs.github.com/graphql' }, limits];
      const object = (oid) => graphqlObject(git, oid, graphqlTextLimit);
      return [...answerGraphql({ body, repository, access, object }), limits];
    }
    return [...route(method, url, path.slice(restPrefix.length), body, access), limits];
  }

  function control(req, url, body) {
    if (url.pathname === '/_health') return [200, { ok: true }];
    if (url.pathname === '/_log') return [200, log()];
    if (url.pathname === '/_requests') return [200, requests];
    const decode = (files) => Object.fromEntries(Object.entries(files ?? {}).map(([path, base64]) => [path, base64 === null ? null : Buffer.from(base64, 'base64')]));
    if (req.method === 'POST' && url.pathname === '/_push') return [201, { sha: push(decode(body.files), body.message) }];
    if (req.method === 'POST' && url.pathname === '/_push-before-next-ref-update') {
      beforeNextRefUpdate = { files: decode(body.files), message: body.message, times: body.times ?? 1, done: 0 };
      return [202, { waiting: true }];
    }
    if (url.pathname === '/_refuse') {
      if (req.method === 'GET') return [200, refusals.list()];
      if (req.method === 'DELETE') {
        refusals.clear(url.searchParams.get('kind') ?? undefined);
        return [200, refusals.list()];
      }
      if (req.method === 'POST') {
        const { kind, times, ...options } = body ?? {};
        try {
          refusals.set(kind, { ...options, ...(times ? { times } : {}) });
        } catch (problem) {
          return [400, { message: problem.message }];
        }
        return [202, refusals.list()];
      }
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
      ...(url.pathname === graphqlPath ? { objects: objectsAskedFor(body?.query) } : {}),
    });
    if (requests.length > 5000) requests.splice(0, 1000);
    send(res, ...answer(req.method, url, req.headers, body));
  });
  server.keepAliveTimeout = IDLE_CONNECTION_MS;

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const address = `http://127.0.0.1:${server.address().port}`;
  return {
    url: address,
    /** What GITHUB_API_URL is set to for this fake. */
    apiUrl: address + restPrefix,
    repository,
    branch,
    git,
    requests,
    created,
    log,
    readFile,
    push,
    head: () => git.branches.get(branch),
    /**
     * Makes `files` change on the branch (someone else's commit) just before each of the next
     * `times` branch updates is handled; `files` may be a function of the update's number (1, 2, …).
     */
    pushBeforeNextRefUpdate: (files, { message, times = 1 } = {}) => {
      beforeNextRefUpdate = { files, message, times, done: 0 };
    },
    /** GitHub refuses as `kind` says, for the next `times` requests it applies to (all until cleared, without). */
    refuse: (kind, options) => refusals.set(kind, options),
    /** Stops refusing as `kind` (every kind, without). */
    stopRefusing: (kind) => refusals.clear(kind),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(res, status, body, headers = {}) {
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (typeof body === 'string') {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    return res.end(body);
  }
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.end(body === null ? '' : JSON.stringify(body));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fake = await startFakeGithub({ port: Number(process.env.FAKE_GITHUB_PORT ?? 54340) });
  console.log(`fake GitHub on ${fake.url} (${fake.repository}, branch ${fake.branch})`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => fake.close().then(() => process.exit(0)));
}
