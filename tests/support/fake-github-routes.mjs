/**
 * The REST endpoints of the fake GitHub (tests/support/fake-github.mjs), answered from its git
 * object store with the shapes, statuses and error bodies (`{message, documentation_url,
 * status}`) of GitHub's REST API, version 2022-11-28: contents, branches, refs, commits, trees
 * (a recursive listing cut at `treeLimit` entries, `truncated: true`, as GitHub cuts one at
 * 100,000) and blobs.
 */
import { apiMode, GitInputError } from './fake-github-git.mjs';

const DOCS = 'https://docs.github.com/rest';
/** GitHub's limit for a file's content in a contents answer; bigger files come without it. */
const INLINE_LIMIT = 1024 * 1024;
const API_VERSIONS = new Set(['2022-11-28', '2026-03-10']);

export const TOKENS = {
  'fake-github-token': 'write',
  'fake-github-read-only-token': 'read',
  'fake-github-no-access-token': 'none',
};

const error = (status, message, docs = DOCS) => [status, { message, documentation_url: docs, status: String(status) }];
const wrap = (buffer) => (buffer.toString('base64').match(/.{1,60}/g) ?? []).join('\n') + (buffer.length ? '\n' : '');
const isSha = (value) => typeof value === 'string' && /^[0-9a-f]{40}$/.test(value);

export function gitRoutes({ git, repository, defaultBranch, treeLimit, onCommit, onRefUpdate }) {
  const api = `/repos/${repository}`;
  const link = (path) => `https://api.github.com${api}${path}`;

  const commitShape = (sha) => {
    const commit = git.readCommit(sha);
    return {
      sha,
      node_id: `C_${sha.slice(0, 20)}`,
      url: link(`/git/commits/${sha}`),
      html_url: `https://github.com/${repository}/commit/${sha}`,
      author: commit.author,
      committer: commit.committer,
      message: commit.message,
      tree: { sha: commit.tree, url: link(`/git/trees/${commit.tree}`) },
      parents: commit.parents.map((parent) => ({ sha: parent, url: link(`/git/commits/${parent}`), html_url: `https://github.com/${repository}/commit/${parent}` })),
      verification: { verified: false, reason: 'unsigned', signature: null, payload: null, verified_at: null },
    };
  };

  const refShape = (branch) => {
    const sha = git.branches.get(branch);
    return {
      ref: `refs/heads/${branch}`,
      node_id: `REF_${branch}`,
      url: link(`/git/refs/heads/${branch}`),
      object: { type: 'commit', sha, url: link(`/git/commits/${sha}`) },
    };
  };

  const contentEntry = (path, entry) => {
    const type = entry.type === 'tree' ? 'dir' : entry.mode === '120000' ? 'symlink' : 'file';
    const size = entry.type === 'blob' ? git.readBlob(entry.sha).length : 0;
    const self = link(`/contents/${path}`);
    const gitUrl = link(`/git/${entry.type === 'tree' ? 'trees' : 'blobs'}/${entry.sha}`);
    const html = `https://github.com/${repository}/blob/${defaultBranch}/${path}`;
    return {
      type,
      size,
      name: path.split('/').at(-1),
      path,
      sha: entry.sha,
      url: self,
      git_url: gitUrl,
      html_url: html,
      download_url: type === 'dir' ? null : `https://raw.githubusercontent.com/${repository}/${defaultBranch}/${path}`,
      _links: { self, git: gitUrl, html },
    };
  };

  /** The commit a `ref` query names: a branch, or a commit's sha; the default branch without one. */
  const resolveRef = (ref) => (ref === null ? git.branches.get(defaultBranch) : (git.branches.get(ref) ?? (git.typeOf(ref) === 'commit' ? ref : null)));

  function getContents(path, url) {
    const docs = `${DOCS}/repos/contents#get-repository-content`;
    if (git.branches.size === 0) return error(404, 'This repository is empty.', docs);
    const ref = url.searchParams.get('ref');
    const commit = resolveRef(ref);
    if (!commit) return error(404, `No commit found for the ref ${ref}`, docs);
    const entry = git.lookup(git.readCommit(commit).tree, path);
    if (!entry) return error(404, 'Not Found', docs);
    if (entry.type === 'tree') return [200, git.readTree(entry.sha).map((child) => contentEntry(path ? `${path}/${child.name}` : child.name, child))];
    const bytes = git.readBlob(entry.sha);
    const big = bytes.length > INLINE_LIMIT;
    return [200, { ...contentEntry(path, entry), encoding: big ? 'none' : 'base64', content: big ? '' : wrap(bytes) }];
  }

  function getBranch(branch) {
    if (!git.branches.has(branch)) return error(404, 'Branch not found', `${DOCS}/branches/branches#get-a-branch`);
    const sha = git.branches.get(branch);
    const commit = commitShape(sha);
    return [
      200,
      {
        name: branch,
        commit: {
          sha,
          node_id: commit.node_id,
          commit: {
            author: commit.author,
            committer: commit.committer,
            message: commit.message,
            tree: commit.tree,
            url: commit.url,
            comment_count: 0,
            verification: commit.verification,
          },
          url: link(`/commits/${sha}`),
          html_url: commit.html_url,
          comments_url: link(`/commits/${sha}/comments`),
          author: null,
          committer: null,
          parents: commit.parents,
        },
        _links: { self: link(`/branches/${branch}`), html: `https://github.com/${repository}/tree/${branch}` },
        protected: false,
        protection: { enabled: false, required_status_checks: { enforcement_level: 'off', contexts: [], checks: [] } },
        protection_url: link(`/branches/${branch}/protection`),
      },
    ];
  }

  function createBlob(body) {
    const docs = `${DOCS}/git/blobs#create-a-blob`;
    if (typeof body?.content !== 'string') return error(422, 'Invalid request.\n\n"content" wasn\'t supplied.', docs);
    const encoding = body.encoding ?? 'utf-8';
    if (encoding !== 'utf-8' && encoding !== 'base64') return error(422, `encoding must be utf-8 or base64, not ${encoding}`, docs);
    const sha = git.blob(Buffer.from(body.content, encoding === 'base64' ? 'base64' : 'utf8'));
    return [201, { url: link(`/git/blobs/${sha}`), sha }];
  }

  function createTree(body) {
    const docs = `${DOCS}/git/trees#create-a-tree`;
    if (!Array.isArray(body?.tree)) return error(422, 'Invalid request.\n\n"tree" wasn\'t supplied.', docs);
    if (body.base_tree !== undefined && git.typeOf(body.base_tree) !== 'tree') return error(422, 'base_tree is not a valid tree oid', docs);
    const changes = [];
    for (const entry of body.tree) {
      if (typeof entry?.path !== 'string' || entry.path.split('/').some((part) => part === '' || part === '.' || part === '..' || part === '.git'))
        return error(422, 'tree.path contains a malformed path component', docs);
      if (!['100644', '100755', '040000', '160000', '120000'].includes(entry.mode)) return error(422, `tree.mode ${entry.mode} is not valid`, docs);
      const hasSha = 'sha' in entry;
      if (hasSha === (typeof entry.content === 'string'))
        return error(422, 'Must supply either tree.sha or tree.content. Request will be rejected if both are present.', docs);
      let sha = entry.sha;
      if (!hasSha) sha = git.blob(Buffer.from(entry.content, 'utf8'));
      else if (sha !== null && git.typeOf(sha) !== (entry.type ?? 'blob')) return error(422, `tree.sha ${sha} is not a valid ${entry.type ?? 'blob'}`, docs);
      changes.push({ path: entry.path, mode: entry.mode, sha });
    }
    let sha;
    try {
      sha = git.applyChanges(body.base_tree ?? null, changes);
    } catch (problem) {
      if (problem instanceof GitInputError) return error(422, problem.message, docs);
      throw problem;
    }
    const tree = git.readTree(sha).map((entry) => ({
      path: entry.name,
      mode: apiMode(entry.mode),
      type: entry.type,
      sha: entry.sha,
      ...(entry.type === 'blob' ? { size: git.readBlob(entry.sha).length } : {}),
      url: link(`/git/${entry.type}s/${entry.sha}`),
    }));
    return [201, { sha, url: link(`/git/trees/${sha}`), tree, truncated: false }];
  }

  function createCommit(body) {
    const docs = `${DOCS}/git/commits#create-a-commit`;
    if (typeof body?.message !== 'string' || typeof body.tree !== 'string') return error(422, 'Invalid request.\n\n"message" and "tree" are required.', docs);
    if (git.typeOf(body.tree) !== 'tree') return error(422, 'Tree SHA does not exist', docs);
    const parents = body.parents ?? [];
    if (!Array.isArray(parents) || parents.some((parent) => git.typeOf(parent) !== 'commit'))
      return error(422, 'Parent SHA does not exist or is not a commit object', docs);
    const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    const person = (value, fallback) => (value ? { name: value.name, email: value.email, date: value.date ?? date } : fallback);
    const author = person(body.author, { name: 'Token Owner', email: 'owner@example.com', date });
    if (typeof author.name !== 'string' || typeof author.email !== 'string') return error(422, 'Invalid request.\n\nauthor needs name and email.', docs);
    const sha = git.commit({ tree: body.tree, parents, author, committer: person(body.committer, author), message: body.message });
    onCommit(sha);
    return [201, commitShape(sha)];
  }

  function updateRef(branch, body) {
    const docs = `${DOCS}/git/refs#update-a-reference`;
    if (!git.branches.has(branch)) return error(422, 'Reference does not exist', docs);
    if (!isSha(body?.sha) || git.typeOf(body.sha) !== 'commit') return error(422, 'Object does not exist', docs);
    onRefUpdate();
    if (!body.force && !git.isAncestor(git.branches.get(branch), body.sha)) return error(422, 'Update is not a fast forward', docs);
    git.branches.set(branch, body.sha);
    return [200, refShape(branch)];
  }

  function getTree(ref, url) {
    const docs = `${DOCS}/git/trees#get-a-tree`;
    const commit = git.typeOf(ref) === 'commit' ? ref : git.branches.get(ref);
    const sha = git.typeOf(ref) === 'tree' ? ref : commit ? git.readCommit(commit).tree : null;
    if (!sha) return error(404, 'Not Found', docs);
    // any value of `recursive` lists the sub-trees too ("0" and "false" included), as GitHub documents
    const recursive = url.searchParams.has('recursive');
    const tree = [];
    const list = (treeSha, prefix) => {
      for (const entry of git.readTree(treeSha)) {
        const size = entry.type === 'blob' ? { size: git.readBlob(entry.sha).length } : {};
        tree.push({ path: prefix + entry.name, mode: apiMode(entry.mode), type: entry.type, sha: entry.sha, ...size, url: link(`/git/${entry.type}s/${entry.sha}`) });
        if (recursive && entry.type === 'tree') list(entry.sha, `${prefix}${entry.name}/`);
      }
    };
    list(sha, '');
    const truncated = recursive && tree.length > treeLimit;
    return [200, { sha, url: link(`/git/trees/${sha}`), tree: truncated ? tree.slice(0, treeLimit) : tree, truncated }];
  }

  const WRITES = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

  /** Answers one REST request `method path` (the path without the API's prefix) for a token that may do `access`. */
  return function route(method, url, path, body, access) {
    if (!path.startsWith(`${api}/`) || access === 'none') return error(404, 'Not Found');
    if (WRITES.has(method) && access !== 'write') return error(403, 'Resource not accessible by personal access token', `${DOCS}/git`);
    const rest = path.slice(api.length);
    let match;
    if (method === 'GET' && (match = /^\/contents(?:\/(.*))?$/.exec(rest))) return getContents((match[1] ?? '').replace(/\/$/, ''), url);
    if (method === 'GET' && (match = /^\/branches\/(.+)$/.exec(rest))) return getBranch(match[1]);
    if (git.branches.size === 0 && rest.startsWith('/git/')) return error(409, 'Git Repository is empty.');
    if (method === 'GET' && (match = /^\/git\/ref\/heads\/(.+)$/.exec(rest)))
      return git.branches.has(match[1]) ? [200, refShape(match[1])] : error(404, 'Not Found', `${DOCS}/git/refs#get-a-reference`);
    if (method === 'GET' && (match = /^\/git\/commits\/([0-9a-f]{40})$/.exec(rest)))
      return git.typeOf(match[1]) === 'commit' ? [200, commitShape(match[1])] : error(404, 'Not Found', `${DOCS}/git/commits#get-a-commit-object`);
    if (method === 'GET' && (match = /^\/git\/trees\/(.+)$/.exec(rest))) return getTree(match[1], url);
    if (method === 'GET' && (match = /^\/git\/blobs\/([0-9a-f]{40})$/.exec(rest))) {
      const bytes = git.readBlob(match[1]);
      if (!bytes) return error(404, 'Not Found', `${DOCS}/git/blobs#get-a-blob`);
      return [
        200,
        { sha: match[1], node_id: `B_${match[1].slice(0, 20)}`, size: bytes.length, url: link(`/git/blobs/${match[1]}`), content: wrap(bytes), encoding: 'base64' },
      ];
    }
    if (method === 'POST' && rest === '/git/blobs') return createBlob(body);
    if (method === 'POST' && rest === '/git/trees') return createTree(body);
    if (method === 'POST' && rest === '/git/commits') return createCommit(body);
    if (method === 'PATCH' && (match = /^\/git\/refs\/heads\/(.+)$/.exec(rest))) return updateRef(match[1], body);
    return error(404, 'Not Found');
  };
}

/**
 * What GitHub checks before any route, in its order: a User-Agent, a supported API version, a
 * token it knows. Returns `{ access }` (what the token may do) or `{ refused: [status, body] }`.
 */
export function checkCaller(headers, { graphql = false } = {}) {
  if (!headers['user-agent'])
    return {
      refused: error(
        403,
        'Request forbidden by administrative rules. Please make sure your request has a User-Agent header (https://docs.github.com/en/rest/overview/resources-in-the-rest-api#user-agent-required).',
      ),
    };
  const version = headers['x-github-api-version'];
  if (version && !API_VERSIONS.has(version)) return { refused: error(400, `API version ${version} is not supported.`) };
  const access = TOKENS[/^(?:Bearer|token) (.+)$/i.exec(headers.authorization ?? '')?.[1] ?? ''];
  if (!access) return { refused: error(401, 'Bad credentials', graphql ? 'https://docs.github.com/graphql' : DOCS) };
  return { access };
}
