/**
 * The content endpoint as the site grows: with 200 more guides and 500 more pictures on the fake
 * GitHub, opening every collection of the editor and saving stay within Cloudflare's 50 subrequests
 * per request (each request to GitHub is one). Counted at the fake GitHub.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleContentRequest } from '~/features/content-editor/server/content-api';
import { githubStoreFromSettings } from '~/features/content-editor/server/github-store';
import type { ContentStore } from '~/features/content-editor/server/store';
import { contentCollections } from '~/lib/content-collections';
import { authorize } from '../support/content-api-calls';
import { FAKE_GITHUB_REPOSITORY, FAKE_GITHUB_TOKEN, startFakeGithub } from '../support/fake-github.mjs';
import { NEW_GUIDE, NEW_GUIDE_PATH, NEW_GUIDE_PICTURE } from '../support/new-guide';

const LIMIT = 50;
let fake: Awaited<ReturnType<typeof startFakeGithub>>;
let store: ContentStore;

beforeAll(async () => {
  fake = await startFakeGithub({ generate: { guides: 200, pictures: 500 } });
  const setup = githubStoreFromSettings({ GITHUB_TOKEN: FAKE_GITHUB_TOKEN, GITHUB_REPOSITORY: FAKE_GITHUB_REPOSITORY, GITHUB_API_URL: fake.url });
  if (!('kind' in setup)) throw new Error(JSON.stringify(setup));
  store = setup;
}, 60_000);
afterAll(() => fake?.close());

/** One request to the endpoint: its answer, and how many requests it made to GitHub. */
async function counted(action: string, params: Record<string, unknown>) {
  const before = fake.requests.length;
  const request = new Request('http://127.0.0.1/api/content', { method: 'POST', headers: { authorization: 'Bearer editor' }, body: JSON.stringify({ action, params }) });
  const response = await handleContentRequest(request, { store, authorize, log: () => {} });
  return { status: response.status, body: (await response.json()) as unknown, requests: fake.requests.length - before };
}

describe('with 211 guides and 540 pictures in the repository', () => {
  const measured: Record<string, number> = {};
  afterAll(() => console.log(`GitHub requests per request to the endpoint: ${JSON.stringify(measured)}`));

  it('opening each collection stays within 50 requests to GitHub', async () => {
    for (const [name, spec] of Object.entries(contentCollections)) {
      const opened = spec.kind === 'folder' ? await counted('entriesByFolder', { folder: spec.path }) : await counted('entriesByFiles', { files: [{ path: spec.path }] });
      expect(opened.status, name).toBe(200);
      measured[name] = opened.requests;
      expect(opened.requests, name).toBeLessThanOrEqual(LIMIT);
    }
    expect((await counted('entriesByFolder', { folder: contentCollections.resources.path })).body).toHaveLength(211);
    const media = await counted('getMedia', { mediaFolder: contentCollections.resources.images, content: false });
    expect(media.body).toHaveLength(511);
    measured.pictures = media.requests;
    expect(media.requests).toBeLessThanOrEqual(LIMIT);
  });

  it('saving a guide, moving the featured one, and a new guide with its picture each stay within 50', async () => {
    const path = 'src/content/resources/generated-007.json';
    const opened = (await counted('getEntry', { path })).body as { data: string; file: { id: string } };
    const guide = { ...JSON.parse(opened.data), subtitle: 'Saved at scale', featured: true };
    const saved = await counted('persistEntry', { dataFiles: [{ path, raw: JSON.stringify(guide) }], baseShas: { [path]: opened.file.id } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    measured.saveMovingFeatured = saved.requests;
    expect(saved.requests).toBeLessThanOrEqual(LIMIT);
    const created = await counted('persistEntry', {
      dataFiles: [{ path: NEW_GUIDE_PATH, raw: JSON.stringify(NEW_GUIDE) }],
      assets: [NEW_GUIDE_PICTURE],
      baseShas: { [NEW_GUIDE_PATH]: null },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    measured.newGuideWithPicture = created.requests;
    expect(created.requests).toBeLessThanOrEqual(LIMIT);
  });
});
