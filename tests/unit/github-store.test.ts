/**
 * The GitHub store against the fake GitHub (tests/support/fake-github.mjs): the contract every
 * content store keeps, then what only GitHub brings: the branch moving under a save, the
 * requests a save costs, the settings, and GitHub's refusals said in plain words.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { githubStoreFromSettings, GithubStoreError, type GithubSettings } from '../../src/features/content-editor/server/github-store';
import { StaleFileError, type Author, type ContentStore } from '../../src/features/content-editor/server/store';
import { contentStoreContract, seedCheckout } from '../support/content-store-contract';
import { FAKE_GITHUB_REPOSITORY, FAKE_GITHUB_TOKEN, NO_ACCESS_TOKEN, READ_ONLY_TOKEN, startFakeGithub } from '../support/fake-github.mjs';

type Fake = Awaited<ReturnType<typeof startFakeGithub>>;
const AUTHOR: Author = { name: 'admin@example.com', email: 'admin@example.com' };
const text = (value: string) => new TextEncoder().encode(value);
const TESTIMONIALS = 'src/content/testimonials.json';
const SETTINGS = 'src/content/pages/settings.json';
const GUIDE = 'src/content/resources/strength-starter.json';
const IMAGE = 'src/content/images/resources/strength-starter.png';

let seed: string;
const fakes: Fake[] = [];
beforeAll(() => {
  seed = seedCheckout();
});
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

async function fakeGithub(): Promise<Fake> {
  const fake = await startFakeGithub({ seedRoot: seed });
  fakes.push(fake);
  return fake;
}

function storeOf(fake: Fake, settings: GithubSettings = {}): ContentStore {
  const setup = githubStoreFromSettings({ GITHUB_TOKEN: FAKE_GITHUB_TOKEN, GITHUB_REPOSITORY: FAKE_GITHUB_REPOSITORY, GITHUB_API_URL: fake.url, ...settings });
  if (!('kind' in setup)) throw new Error(JSON.stringify(setup));
  return setup;
}

const bytes = (buffer: Buffer | null) => buffer && new Uint8Array(buffer);

describe('the GitHub store keeps the content store contract', () => {
  contentStoreContract(
    () => seed,
    async () => {
      const fake = await fakeGithub();
      return {
        store: storeOf(fake),
        fileNow: (path) => bytes(fake.readFile(path)),
        changeElsewhere: async (path, content) => void fake.push({ [path]: content }),
        // the seed's own commit is not one of the store's
        commits: () => fake.log().slice(0, -1),
      };
    },
  );
});

describe('the GitHub store when the branch moves during a save', () => {
  it('starts again from the new head when another file changed, and lands one commit on top of it', async () => {
    const fake = await fakeGithub();
    const store = storeOf(fake);
    const opened = await store.read(TESTIMONIALS);
    fake.pushBeforeNextRefUpdate({ [SETTINGS]: '{"moved":true}\n' });
    const result = await store.save([{ path: TESTIMONIALS, content: text('[5]\n'), baseSha: opened!.sha }], 'Content: testimonials.json', AUTHOR);
    const [ours, theirs] = fake.log();
    expect(ours).toMatchObject({ sha: result.commit, message: 'Content: testimonials.json', files: [{ path: TESTIMONIALS, status: 'modified' }] });
    expect(theirs).toMatchObject({ author: { email: 'someone@example.com' }, files: [{ path: SETTINGS, status: 'modified' }] });
    expect(fake.readFile(TESTIMONIALS)?.toString()).toBe('[5]\n');
    expect(fake.readFile(SETTINGS)?.toString()).toBe('{"moved":true}\n');
    // the first commit, made on the old head, never reached the branch
    expect(fake.created).toHaveLength(2);
  });

  it('refuses with StaleFileError when the moved branch changed one of its files; the other change stays', async () => {
    const fake = await fakeGithub();
    const store = storeOf(fake);
    const opened = await store.read(TESTIMONIALS);
    fake.pushBeforeNextRefUpdate({ [TESTIMONIALS]: '["theirs"]\n' });
    const save = store.save([{ path: TESTIMONIALS, content: text('["ours"]\n'), baseSha: opened!.sha }], 'Content: testimonials.json', AUTHOR);
    await expect(save).rejects.toThrow(StaleFileError);
    expect(fake.readFile(TESTIMONIALS)?.toString()).toBe('["theirs"]\n');
    expect(fake.log()[0]!.author.email).toBe('someone@example.com');
  });

  it('gives up after three tries when the branch keeps moving, saying to save again', async () => {
    const fake = await fakeGithub();
    const store = storeOf(fake);
    fake.pushBeforeNextRefUpdate({ [SETTINGS]: '{"moved":1}\n' }, { times: 5 });
    const save = store.save([{ path: TESTIMONIALS, content: text('[6]\n') }], 'Content: testimonials.json', AUTHOR);
    await expect(save).rejects.toThrow(`The branch main of ${FAKE_GITHUB_REPOSITORY} kept moving while saving (3 tries): save again.`);
    expect(fake.created).toHaveLength(3);
    expect(fake.readFile(TESTIMONIALS)?.toString()).not.toBe('[6]\n');
  });
});

describe('the requests of a save (Cloudflare counts each as a subrequest)', () => {
  const api = (fake: Fake) => fake.requests.map((request) => `${request.method} ${request.path.replace(`/repos/${FAKE_GITHUB_REPOSITORY}`, '')}`);

  it('one file: 5 requests (branch, its folder, tree, commit, branch update); 4 when no version is checked', async () => {
    const fake = await fakeGithub();
    const store = storeOf(fake);
    const opened = await store.read(TESTIMONIALS);
    fake.requests.length = 0;
    await store.save([{ path: TESTIMONIALS, content: text('[7]\n'), baseSha: opened!.sha }], 'Content: testimonials.json', AUTHOR);
    const head = fake.log()[1]!.sha;
    expect(api(fake)).toEqual(['GET /branches/main', `GET /contents/src/content?ref=${head}`, 'POST /git/trees', 'POST /git/commits', 'PATCH /git/refs/heads/main']);
    fake.requests.length = 0;
    await store.save([{ path: TESTIMONIALS, content: text('[8]\n') }], 'Content: testimonials.json', AUTHOR);
    expect(fake.requests).toHaveLength(4);
  });

  it('an entry with its image: 7 requests, the image as a blob; 5 when no version is checked', async () => {
    const fake = await fakeGithub();
    const store = storeOf(fake);
    const image = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0x00]);
    await store.save(
      [
        { path: GUIDE, content: text('{}\n'), baseSha: null },
        { path: IMAGE, content: image, baseSha: null },
      ],
      'Content: strength-starter.json',
      AUTHOR,
    );
    expect(api(fake).map((line) => line.replace(/\?ref=\w+/, ''))).toEqual([
      'GET /branches/main',
      'GET /contents/src/content/resources',
      'GET /contents/src/content/images/resources',
      'POST /git/blobs',
      'POST /git/trees',
      'POST /git/commits',
      'PATCH /git/refs/heads/main',
    ]);
    fake.requests.length = 0;
    await store.save(
      [
        { path: GUIDE, content: text('{"a":1}\n') },
        { path: IMAGE, content: Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0xfe]) },
      ],
      'Content: strength-starter.json',
      AUTHOR,
    );
    expect(fake.requests).toHaveLength(5);
  });

  it("sends GitHub's headers: the API version, its media type and a User-Agent", async () => {
    const fake = await fakeGithub();
    await storeOf(fake).read(TESTIMONIALS);
    expect(fake.requests[0]).toMatchObject({ accept: 'application/vnd.github+json', apiVersion: '2022-11-28', userAgent: 'coach-site-content-editor' });
  });

  it('a save that changes nothing makes no commit', async () => {
    const fake = await fakeGithub();
    const store = storeOf(fake);
    const opened = await store.read(TESTIMONIALS);
    const before = fake.head();
    const result = await store.save([{ path: TESTIMONIALS, content: opened!.content, baseSha: opened!.sha }], 'Content: same', AUTHOR);
    expect(result.commit).toBe(before);
    expect(fake.head()).toBe(before);
    expect(fake.created).toHaveLength(0);
  });
});

describe('the GitHub store reads', () => {
  it('a file over 1 MB, which the contents API sends without its content, through the blob API', async () => {
    const fake = await fakeGithub();
    const big = Buffer.alloc(1_500_000, 0xab);
    fake.push({ 'src/content/images/big.png': big });
    const file = await storeOf(fake).read('src/content/images/big.png');
    expect(Buffer.from(file!.content).equals(big)).toBe(true);
    expect(fake.requests.map((request) => request.path)).toEqual([
      `/repos/${FAKE_GITHUB_REPOSITORY}/contents/src/content/images/big.png?ref=main`,
      `/repos/${FAKE_GITHUB_REPOSITORY}/git/blobs/${file!.sha}`,
    ]);
  });
});

describe('the GitHub store settings', () => {
  it('names the settings that are not set (blank counts as unset); the branch and the API have defaults', () => {
    expect(githubStoreFromSettings({})).toEqual({ missing: ['GITHUB_TOKEN', 'GITHUB_REPOSITORY'] });
    expect(githubStoreFromSettings({ GITHUB_TOKEN: ' ', GITHUB_REPOSITORY: 'a/b' })).toEqual({ missing: ['GITHUB_TOKEN'] });
    expect(githubStoreFromSettings({ GITHUB_TOKEN: 't', GITHUB_REPOSITORY: 'a/b' })).toHaveProperty('kind', 'github');
  });

  it('says what a malformed setting should look like', () => {
    const token = { GITHUB_TOKEN: 't' };
    for (const repository of ['https://github.com/kayla-reyes/coach-site', 'coach-site', 'kayla-reyes/coach-site.git', 'a/b/c', 'a/..'])
      expect(githubStoreFromSettings({ ...token, GITHUB_REPOSITORY: repository })).toEqual({
        invalid: 'GITHUB_REPOSITORY',
        message: `GITHUB_REPOSITORY must be the repository as owner/name (like kayla-reyes/coach-site), not ${JSON.stringify(repository)}.`,
      });
    expect(githubStoreFromSettings({ ...token, GITHUB_REPOSITORY: 'a/b', GITHUB_BRANCH: 'my branch' })).toMatchObject({ invalid: 'GITHUB_BRANCH' });
    expect(githubStoreFromSettings({ ...token, GITHUB_REPOSITORY: 'a/b', GITHUB_API_URL: 'api.github.com' })).toMatchObject({ invalid: 'GITHUB_API_URL' });
  });

  it('asks https://api.github.com for branch main by default', async () => {
    const asked: string[] = [];
    const setup = githubStoreFromSettings({ GITHUB_TOKEN: 't', GITHUB_REPOSITORY: 'kayla-reyes/coach-site' }, async (url) => {
      asked.push(url);
      return new Response(JSON.stringify({ type: 'file', path: 'x.json', sha: 'a'.repeat(40), size: 2, encoding: 'base64', content: 'e30=' }), { status: 200 });
    });
    expect(await (setup as ContentStore).read('x.json')).toMatchObject({ content: text('{}') });
    expect(asked).toEqual(['https://api.github.com/repos/kayla-reyes/coach-site/contents/x.json?ref=main']);
  });
});

/** A read, a listing and a save, each started when called. */
const everyCall = (store: ContentStore) => [
  () => store.read(TESTIMONIALS),
  () => store.list('src/content'),
  () => store.save([{ path: TESTIMONIALS, content: text('[]') }], 'Content: x', AUTHOR),
];

describe("GitHub's refusals, in plain words naming the setting to fix (never the token)", () => {
  const refusal = async (work: Promise<unknown>) => {
    const error = await work.then(
      () => null,
      (problem: unknown) => problem,
    );
    expect(error).toBeInstanceOf(GithubStoreError);
    expect((error as Error).message).not.toMatch(/fake-github[a-z-]*-token/);
    return error as GithubStoreError;
  };

  it('401: a wrong token', async () => {
    const fake = await fakeGithub();
    const error = await refusal(storeOf(fake, { GITHUB_TOKEN: 'ghp_wrong' }).read(TESTIMONIALS));
    expect(error).toMatchObject({ status: 401, setting: 'GITHUB_TOKEN' });
    expect(error.message).toBe('GitHub refused GITHUB_TOKEN (401 Bad credentials): it is wrong, expired or revoked. Set GITHUB_TOKEN to a valid token.');
    expect(error.message).not.toContain('ghp_wrong');
  });

  it('403: a token that may read but not write; it still reads, and nothing is committed', async () => {
    const fake = await fakeGithub();
    const store = storeOf(fake, { GITHUB_TOKEN: READ_ONLY_TOKEN });
    expect(await store.read(TESTIMONIALS)).not.toBeNull();
    const error = await refusal(store.save([{ path: TESTIMONIALS, content: text('[]') }], 'Content: x', AUTHOR));
    expect(error).toMatchObject({ status: 403, setting: 'GITHUB_TOKEN' });
    expect(error.message).toBe(
      `GITHUB_TOKEN may not write to ${FAKE_GITHUB_REPOSITORY} (403 Resource not accessible by personal access token): give the token the repository permission "Contents: Read and write" on ${FAKE_GITHUB_REPOSITORY}.`,
    );
    expect(fake.created).toHaveLength(0);
  });

  it('404: a repository that does not exist, or that the token was not given', async () => {
    const fake = await fakeGithub();
    for (const settings of [{ GITHUB_REPOSITORY: 'kayla-reyes/no-such-site' }, { GITHUB_TOKEN: NO_ACCESS_TOKEN }]) {
      const store = storeOf(fake, settings);
      for (const work of everyCall(store)) {
        const error = await refusal(work());
        expect(error).toMatchObject({ status: 404, setting: 'GITHUB_REPOSITORY' });
        expect(error.message).toMatch(/^GITHUB_REPOSITORY: kayla-reyes\/[a-z-]+ was not found, or GITHUB_TOKEN was not given access to it \(404 Not Found\)\./);
      }
    }
  });

  it('404: a branch that does not exist', async () => {
    const fake = await fakeGithub();
    const store = storeOf(fake, { GITHUB_BRANCH: 'production' });
    for (const work of everyCall(store)) {
      const error = await refusal(work());
      expect(error).toMatchObject({ status: 404, setting: 'GITHUB_BRANCH' });
      expect(error.message).toBe(
        `GITHUB_BRANCH: ${FAKE_GITHUB_REPOSITORY} has no branch "production" (404 Branch not found). Set GITHUB_BRANCH to the branch the site is built from.`,
      );
    }
  });

  it('no answer at all: GITHUB_API_URL', async () => {
    const fake = await fakeGithub();
    const url = fake.url;
    await fake.close();
    const error = await refusal(storeOf(fake, { GITHUB_API_URL: url }).read(TESTIMONIALS));
    expect(error).toMatchObject({ status: null, setting: 'GITHUB_API_URL' });
    expect(error.message).toMatch(`GitHub could not be reached at GITHUB_API_URL (${url})`);
  });
});
