/**
 * The GitHub store against the fake GitHub (tests/support/fake-github.mjs): the contract every
 * content store keeps, then what only GitHub brings: a snapshot is one commit, the requests a
 * snapshot, a read and a save cost (Cloudflare counts each), GitHub's cut listings and the texts
 * GraphQL does not give whole, GitHub Enterprise's addresses, the settings. GitHub's refusals:
 * tests/unit/github-refusals.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { graphqlUrl } from '../../src/features/content-editor/server/github-api';
import { githubStoreFromSettings } from '../../src/features/content-editor/server/github-store';
import type { ContentStore } from '../../src/features/content-editor/server/store';
import { AUTHOR, contentStoreContract, PNG, TESTIMONIALS, text } from '../support/content-store-contract';
import { declaredPlan } from '../support/declared-plan';
import { FAKE_GITHUB_REPOSITORY } from '../support/fake-github.mjs';
import { type Fake, fakeGithubs, storeOf } from '../support/fake-github-store';

const { seed, fakeGithub } = fakeGithubs();

const bytes = (buffer: Buffer | null) => buffer && new Uint8Array(buffer);
/** The fake's requests as `METHOD /path` under the repository (GraphQL: `POST graphql (N objects)`). */
const asked = (fake: Fake) =>
  fake.requests.map((request) =>
    'objects' in request ? `POST graphql (${request.objects} objects)` : `${request.method} ${request.path.replace(/^(\/api\/v3)?\/repos\/[^/]+\/[^/]+/, '')}`,
  );

describe('the GitHub store keeps the content store contract', () => {
  contentStoreContract(seed, async () => {
    const fake = await fakeGithub();
    return {
      store: storeOf(fake),
      fileNow: (path) => bytes(fake.readFile(path)),
      changeElsewhere: async (files) => void fake.push(files),
      changeDuringNextTransact: (change, times = 1) => fake.pushBeforeNextRefUpdate(change, { times }),
      // the seed's own commit is not one of the store's
      commits: () => fake.log().slice(0, -1),
    };
  });
});

describe('a GitHub snapshot', () => {
  it('is one commit: after the branch moved it still lists and reads that commit; a new one sees the move', async () => {
    const fake = await fakeGithub();
    const store = storeOf(fake);
    const before = await store.snapshot();
    const old = before.files.get(TESTIMONIALS)!;
    fake.push({ [TESTIMONIALS]: '["moved"]\n', 'src/content/added.json': '{}\n' });
    expect(before.files.has('src/content/added.json')).toBe(false);
    expect((await before.read([TESTIMONIALS])).get(TESTIMONIALS)).toMatchObject({ sha: old.sha, content: bytes(fake.readFile(TESTIMONIALS, fake.log()[1]!.sha)) });
    const after = await store.snapshot();
    expect((await after.read([TESTIMONIALS, 'src/content/added.json'])).get(TESTIMONIALS)?.content).toEqual(text('["moved"]\n'));
    expect(after.files.get('src/content/added.json')).toMatchObject({ size: 3 });
  });

  it('lists src/content whole when GitHub cuts the listing of the commit’s tree, then of src/content’s, by walking down', async () => {
    const whole = await fakeGithub({ seed: ['src/content', 'src/lib'], seedRoot: undefined, generate: { guides: 60, pictures: 90 } });
    const expected = [...(await storeOf(whole).snapshot()).files.values()];
    expect(expected.length).toBeGreaterThan(150 + 60);
    expect(expected.every((file) => file.path.startsWith('src/content/'))).toBe(true);
    for (const treeLimit of [200, 60]) {
      const cut = await fakeGithub({ seed: ['src/content', 'src/lib'], seedRoot: undefined, generate: { guides: 60, pictures: 90 }, treeLimit });
      cut.requests.length = 0;
      expect([...(await storeOf(cut).snapshot()).files.values()], `cut at ${treeLimit}`).toEqual(expected);
      expect(asked(cut).slice(0, 5)).toEqual([
        'GET /branches/main',
        expect.stringMatching(/^GET \/git\/trees\/\w{40}\?recursive=1$/),
        expect.stringMatching(/^GET \/git\/trees\/\w{40}$/),
        expect.stringMatching(/^GET \/git\/trees\/\w{40}$/),
        expect.stringMatching(/^GET \/git\/trees\/\w{40}\?recursive=1$/),
      ]);
    }
  });

  it('reads through the blob API what GraphQL does not give whole: binary, cut, or not UTF-8', async () => {
    const files = {
      'src/content/latin1.json': Buffer.from('{"name":"Zoë"}\n', 'latin1'),
      'src/content/nul.json': Buffer.from('{"a":"\u0000"}\n'),
      'src/content/long.json': Buffer.from(`[${'"long",'.repeat(20)}"end"]\n`),
      'src/content/bom.json': Buffer.from('\ufeff{"b":"ø"}\r\n'),
    };
    const fake = await fakeGithub({ graphqlTextLimit: 100 });
    fake.push(files);
    const snapshot = await storeOf(fake).snapshot();
    fake.requests.length = 0;
    const read = await snapshot.read(Object.keys(files));
    for (const [path, content] of Object.entries(files)) expect(Buffer.from(read.get(path)!.content).equals(content), path).toBe(true);
    const blobs = (path: string) => `GET /git/blobs/${snapshot.files.get(path)!.sha}`;
    expect(asked(fake).sort()).toEqual(
      ['POST graphql (4 objects)', blobs('src/content/latin1.json'), blobs('src/content/nul.json'), blobs('src/content/long.json')].sort(),
    );
  });
});

describe('the requests GitHub counts (Cloudflare allows 50 a request): 200 guides and 500 pictures in the repository', () => {
  it('a snapshot is 2 requests, reading the 200 guides 2 more, a save of a guide and its picture 7 in all', async () => {
    const fake = await fakeGithub({ seed: ['src/content', 'src/lib'], seedRoot: undefined, generate: { guides: 200, pictures: 500 } });
    const store = storeOf(fake);
    fake.requests.length = 0;
    const snapshot = await store.snapshot();
    const guides = [...snapshot.files.keys()].filter((path) => /\/generated-\d+\.json$/.test(path));
    const pictures = [...snapshot.files.keys()].filter((path) => /\/generated-\d+\.png$/.test(path));
    expect([guides.length, pictures.length]).toEqual([200, 500]);
    expect(asked(fake)).toEqual(['GET /branches/main', expect.stringMatching(/^GET \/git\/trees\/\w{40}\?recursive=1$/)]);

    fake.requests.length = 0;
    const read = await snapshot.read(guides);
    expect(read.size).toBe(200);
    for (const path of guides) expect(Buffer.from(read.get(path)!.content).equals(fake.readFile(path)!), path).toBe(true);
    expect(asked(fake)).toEqual(['POST graphql (100 objects)', 'POST graphql (100 objects)']);

    fake.requests.length = 0;
    const guide = guides[7]!;
    const picture = 'src/content/images/resources/strength-starter.png';
    const { saved } = await store.transact(
      declaredPlan({
        read: [guide],
        expect: { [guide]: snapshot.files.get(guide)!.sha, [picture]: null },
        changes: [
          { path: guide, content: text('{"title":"Changed"}\n') },
          { path: picture, content: PNG },
        ],
        message: 'Content: a guide and its picture',
      }),
      AUTHOR,
    );
    expect(asked(fake)).toEqual([
      'GET /branches/main',
      expect.stringMatching(/^GET \/git\/trees\/\w{40}\?recursive=1$/),
      'POST graphql (1 objects)',
      'POST /git/blobs',
      'POST /git/trees',
      'POST /git/commits',
      'PATCH /git/refs/heads/main',
    ]);
    expect(fake.head()).toBe(saved.commit);
    expect(fake.log()[0]!.files).toEqual([
      { path: picture, status: 'added' },
      { path: guide, status: 'modified' },
    ]);
  });

  it('a save the branch moved under costs the snapshot and the save again, not the picture', async () => {
    const fake = await fakeGithub();
    fake.pushBeforeNextRefUpdate({ 'src/content/pages/settings.json': '{"moved":true}\n' });
    await storeOf(fake).transact(declaredPlan({ changes: [{ path: 'src/content/images/resources/x.png', content: PNG }], message: 'Content: x' }), AUTHOR);
    expect(asked(fake).filter((line) => !line.startsWith('GET'))).toEqual([
      'POST /git/blobs',
      'POST /git/trees',
      'POST /git/commits',
      'PATCH /git/refs/heads/main',
      'POST /git/trees',
      'POST /git/commits',
      'PATCH /git/refs/heads/main',
    ]);
    expect(fake.requests).toHaveLength(11);
  });

  it("sends GitHub's headers: the API version, its media type and a User-Agent", async () => {
    const fake = await fakeGithub();
    await (await storeOf(fake).snapshot()).read([TESTIMONIALS]);
    for (const request of fake.requests)
      expect(request).toMatchObject({ accept: 'application/vnd.github+json', apiVersion: '2022-11-28', userAgent: 'coach-site-content-editor' });
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
    for (const apiUrl of ['api.github.com', 'https://user:secret@api.github.com'])
      expect(githubStoreFromSettings({ ...token, GITHUB_REPOSITORY: 'a/b', GITHUB_API_URL: apiUrl })).toMatchObject({ invalid: 'GITHUB_API_URL' });
  });

  it('asks https://api.github.com for branch main by default, and its GraphQL at https://api.github.com/graphql', async () => {
    const urls: string[] = [];
    const setup = githubStoreFromSettings({ GITHUB_TOKEN: 't', GITHUB_REPOSITORY: 'kayla-reyes/coach-site' }, async (url) => {
      urls.push(url);
      return new Response(JSON.stringify({ message: 'Bad credentials' }), { status: 401 });
    });
    await expect((setup as ContentStore).snapshot()).rejects.toMatchObject({ kind: 'token' });
    expect(urls).toEqual(['https://api.github.com/repos/kayla-reyes/coach-site/branches/main']);
    expect(graphqlUrl('https://api.github.com')).toBe('https://api.github.com/graphql');
    expect(graphqlUrl('https://api.octo-corp.ghe.com')).toBe('https://api.octo-corp.ghe.com/graphql');
    expect(graphqlUrl('https://github.example.com/api/v3')).toBe('https://github.example.com/api/graphql');
  });

  it('works with GitHub Enterprise Server: the REST API under /api/v3, GraphQL at /api/graphql', async () => {
    const fake = await fakeGithub({ enterprise: true });
    expect(fake.apiUrl).toBe(`${fake.url}/api/v3`);
    const snapshot = await storeOf(fake).snapshot();
    expect((await snapshot.read([TESTIMONIALS])).get(TESTIMONIALS)?.content).toEqual(bytes(fake.readFile(TESTIMONIALS)));
    expect(fake.requests.map((request) => request.path.replace(/\/[0-9a-f]{40}.*$/, '/…'))).toEqual([
      `/api/v3/repos/${FAKE_GITHUB_REPOSITORY}/branches/main`,
      `/api/v3/repos/${FAKE_GITHUB_REPOSITORY}/git/trees/…`,
      '/api/graphql',
    ]);
  });
});
