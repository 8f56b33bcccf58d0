/**
 * The GitHub store runs where the deployed endpoint runs: in workerd (wrangler's test harness),
 * against the fake GitHub on 127.0.0.1. The content store contract again, then the branch moving
 * under a save and the settings, each call made inside a Worker (tests/support/github-store-worker.ts).
 */
import { fileURLToPath } from 'node:url';
import { createTestHarness, type TestHarness } from 'wrangler';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64 } from '../../src/features/content-editor/server/base64';
import { GithubStoreError, type GithubSettings } from '../../src/features/content-editor/server/github-store';
import { ContentPathError, StaleFileError, type ContentStore, type ListedFile, type SaveResult, type StoredFile } from '../../src/features/content-editor/server/store';
import { contentStoreContract, seedCheckout } from '../support/content-store-contract';
import { FAKE_GITHUB_REPOSITORY, FAKE_GITHUB_TOKEN, startFakeGithub } from '../support/fake-github.mjs';

type Fake = Awaited<ReturnType<typeof startFakeGithub>>;
let server: TestHarness;
let seed: string;
const fakes: Fake[] = [];

beforeAll(async () => {
  seed = seedCheckout();
  server = createTestHarness({
    workers: [{ config: { name: 'github-store', main: fileURLToPath(new URL('../support/github-store-worker.ts', import.meta.url)), compatibility_date: '2025-09-01' } }],
  });
  await server.listen();
}, 120_000);
afterAll(() => server?.close());
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

/** The same error, rebuilt on this side of the Worker. */
function rebuilt(error: { name: string; message: string; path?: string; status?: number | null; setting?: GithubStoreError['setting'] }): Error {
  if (error.name === 'StaleFileError') return new StaleFileError(error.path!);
  if (error.name === 'ContentPathError') return Object.assign(new ContentPathError(error.path!), { message: error.message });
  if (error.name === 'GithubStoreError') return new GithubStoreError(error.message, error.status ?? null, error.setting ?? null);
  return new Error(error.message);
}

async function inWorker(settings: GithubSettings, call: string, args: object): Promise<unknown> {
  const response = await server.fetch('http://worker/', { method: 'POST', body: JSON.stringify({ settings, call, args }) });
  const answer = (await response.json()) as { value?: unknown; setup?: unknown; error?: Parameters<typeof rebuilt>[0] };
  if (answer.error) throw rebuilt(answer.error);
  return 'setup' in answer ? answer.setup : answer.value;
}

/** A ContentStore whose every call runs in the Worker. */
function workerdStore(settings: GithubSettings): ContentStore {
  return {
    kind: 'github',
    read: async (path) => {
      const file = (await inWorker(settings, 'read', { path })) as (Omit<StoredFile, 'content'> & { content: string }) | null;
      return file && { ...file, content: base64ToBytes(file.content) };
    },
    list: async (dir) => (await inWorker(settings, 'list', { dir })) as ListedFile[],
    save: async (changes, message, author) =>
      (await inWorker(settings, 'save', {
        changes: changes.map((change) => ({ ...change, content: change.content && bytesToBase64(change.content) })),
        message,
        author,
      })) as SaveResult,
  };
}

async function fakeGithub(): Promise<Fake> {
  const fake = await startFakeGithub({ seedRoot: seed });
  fakes.push(fake);
  return fake;
}
const settingsFor = (fake: Fake): GithubSettings => ({ GITHUB_TOKEN: FAKE_GITHUB_TOKEN, GITHUB_REPOSITORY: FAKE_GITHUB_REPOSITORY, GITHUB_API_URL: fake.url });
const text = (value: string) => new TextEncoder().encode(value);

describe('the GitHub store in workerd keeps the content store contract', () => {
  contentStoreContract(
    () => seed,
    async () => {
      const fake = await fakeGithub();
      return {
        store: workerdStore(settingsFor(fake)),
        fileNow: (path) => fake.readFile(path) && new Uint8Array(fake.readFile(path)!),
        changeElsewhere: async (path, content) => void fake.push({ [path]: content }),
        commits: () => fake.log().slice(0, -1),
      };
    },
  );
});

describe('the GitHub store in workerd', () => {
  it('starts again when the branch moved by another file, and refuses when it moved by its own', async () => {
    const fake = await fakeGithub();
    const store = workerdStore(settingsFor(fake));
    const opened = await store.read('src/content/testimonials.json');
    fake.pushBeforeNextRefUpdate({ 'src/content/pages/settings.json': '{}\n' });
    const saved = await store.save([{ path: 'src/content/testimonials.json', content: text('[1]\n'), baseSha: opened!.sha }], 'Content: testimonials.json', {
      name: 'editor@example.com',
      email: 'editor@example.com',
    });
    expect(fake.head()).toBe(saved.commit);
    fake.pushBeforeNextRefUpdate({ 'src/content/testimonials.json': '[2]\n' });
    const stale = store.save([{ path: 'src/content/testimonials.json', content: text('[3]\n'), baseSha: saved.files[0]!.sha }], 'Content: again', {
      name: 'editor@example.com',
      email: 'editor@example.com',
    });
    await expect(stale).rejects.toThrow(StaleFileError);
  });

  it('names the missing settings', async () => {
    expect(await inWorker({}, 'read', { path: 'src/content/testimonials.json' })).toEqual({ missing: ['GITHUB_TOKEN', 'GITHUB_REPOSITORY'] });
  });
});
