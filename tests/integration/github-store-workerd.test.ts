/**
 * The GitHub store runs where the deployed endpoint runs: in workerd (wrangler's test harness),
 * against the fake GitHub on 127.0.0.1. The content store contract again, each call made inside a
 * Worker (tests/support/github-store-worker.ts; the plans declared, as a function cannot cross
 * into it), then the requests GitHub counts at scale, GitHub's refusals as the Worker reads them,
 * and the settings.
 */
import { fileURLToPath } from 'node:url';
import { createTestHarness, type TestHarness } from 'wrangler';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64 } from '../../src/features/content-editor/server/base64';
import { GithubStoreError, type GithubSettings } from '../../src/features/content-editor/server/github-store';
import { ContentPathError, type ContentStore, type StoredFile, type TreeFile } from '../../src/features/content-editor/server/store';
import { AUTHOR, contentStoreContract, PNG, seedCheckout, TESTIMONIALS, text } from '../support/content-store-contract';
import { declaredPlan, StalePlanError, type DeclaredPlanFunction } from '../support/declared-plan';
import { FAKE_GITHUB_REPOSITORY, FAKE_GITHUB_TOKEN, startFakeGithub } from '../support/fake-github.mjs';
import type { WorkerCall } from '../support/github-store-worker';

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

interface WorkerError {
  name: string;
  message: string;
  path?: string;
  kind?: GithubStoreError['kind'];
  status?: number | null;
  setting?: GithubStoreError['setting'];
  retryAt?: string | null;
}

/** The same error, rebuilt on this side of the Worker. */
function rebuilt(error: WorkerError): Error {
  if (error.name === 'StalePlanError') return new StalePlanError(error.path!);
  if (error.name === 'ContentPathError') return Object.assign(new ContentPathError(error.path!), { message: error.message });
  if (error.name === 'GithubStoreError')
    return new GithubStoreError(error.message, {
      kind: error.kind!,
      status: error.status ?? null,
      setting: error.setting ?? null,
      retryAt: error.retryAt ? new Date(error.retryAt) : null,
    });
  return new Error(error.message);
}

async function inWorker(settings: GithubSettings, call: WorkerCall['call'], args: WorkerCall['args']): Promise<unknown> {
  const response = await server.fetch('http://worker/', { method: 'POST', body: JSON.stringify({ settings, call, args }) });
  const answer = (await response.json()) as { value?: unknown; setup?: unknown; error?: WorkerError };
  if (answer.error) throw rebuilt(answer.error);
  return 'setup' in answer ? answer.setup : answer.value;
}

/** A ContentStore whose every call runs in the Worker. */
function workerdStore(settings: GithubSettings): ContentStore {
  return {
    kind: 'github',
    async snapshot() {
      const { head, files } = (await inWorker(settings, 'snapshot', {})) as { head: { commit: string; tree: string }; files: TreeFile[] };
      return {
        files: new Map(files.map((file) => [file.path, file])),
        read: async (paths) => {
          const read = (await inWorker(settings, 'read', { head, files, paths: [...paths] })) as (Omit<StoredFile, 'content'> & { content: string })[];
          return new Map(read.map((file) => [file.path, { ...file, content: base64ToBytes(file.content) }]));
        },
      };
    },
    async transact(plan, author) {
      const { declared } = plan as Partial<DeclaredPlanFunction>;
      if (!declared) throw new Error('only a declared plan can cross into the Worker');
      const changes = declared.changes.map((change) => ({ path: change.path, content: change.content && bytesToBase64(change.content) }));
      return (await inWorker(settings, 'transact', { plan: { ...declared, changes }, author })) as never;
    },
  };
}

async function fakeGithub(options: Parameters<typeof startFakeGithub>[0] = {}): Promise<Fake> {
  const fake = await startFakeGithub({ seedRoot: seed, ...options });
  fakes.push(fake);
  return fake;
}
const settingsFor = (fake: Fake, settings: GithubSettings = {}): GithubSettings => ({
  GITHUB_TOKEN: FAKE_GITHUB_TOKEN,
  GITHUB_REPOSITORY: FAKE_GITHUB_REPOSITORY,
  GITHUB_API_URL: fake.apiUrl,
  ...settings,
});
const failureOf = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: unknown) => error as GithubStoreError,
  );

describe('the GitHub store in workerd keeps the content store contract', () => {
  contentStoreContract(
    () => seed,
    async () => {
      const fake = await fakeGithub();
      return {
        store: workerdStore(settingsFor(fake)),
        fileNow: (path) => fake.readFile(path) && new Uint8Array(fake.readFile(path)!),
        changeElsewhere: async (files) => void fake.push(files),
        changeDuringNextTransact: (change, times = 1) => fake.pushBeforeNextRefUpdate(change, { times }),
        commits: () => fake.log().slice(0, -1),
      };
    },
  );
});

describe('the GitHub store in workerd', () => {
  it('with 200 guides and 500 pictures: a snapshot is 2 requests, reading the guides 2, a save of a guide and a picture 7 in all', async () => {
    const fake = await fakeGithub({ generate: { guides: 200, pictures: 500 } });
    const store = workerdStore(settingsFor(fake));
    const count = async (work: () => Promise<unknown>) => {
      const before = fake.requests.length;
      await work();
      return fake.requests.length - before;
    };
    const snapshot = await store.snapshot();
    expect(fake.requests).toHaveLength(2);
    const guides = [...snapshot.files.keys()].filter((path) => path.endsWith('.json') && path.includes('/generated-'));
    expect(guides).toHaveLength(200);
    expect(await count(() => snapshot.read(guides))).toBe(2);
    const plan = declaredPlan({
      read: [guides[0]!],
      changes: [
        { path: guides[0]!, content: text('{"title":"Changed"}\n') },
        { path: 'src/content/images/resources/changed.png', content: PNG },
      ],
      message: 'Content: a guide and its picture',
    });
    expect(await count(() => store.transact(plan, AUTHOR))).toBe(7);
    expect(fake.log()[0]!.files.map((file) => file.path)).toEqual(['src/content/images/resources/changed.png', guides[0]]);
  });

  it("reads GitHub's refusals there: a revoked token, the rate limit's reset (REST and GraphQL), a protected branch, GitHub out of reach", async () => {
    const fake = await fakeGithub();
    const store = workerdStore(settingsFor(fake));
    const snapshot = await store.snapshot();
    fake.refuse('revoked-token', { times: 1 });
    expect(await failureOf(store.snapshot())).toMatchObject({ name: 'GithubStoreError', kind: 'token', status: 401, setting: 'GITHUB_TOKEN' });
    const resetAt = new Date(Math.floor(Date.now() / 1000 + 900) * 1000);
    for (const work of [() => store.snapshot(), () => snapshot.read([TESTIMONIALS])]) {
      fake.refuse('rate-limit', { times: 1, resetAt });
      expect(await failureOf(work())).toMatchObject({ kind: 'rate-limit', setting: 'GITHUB_TOKEN', retryAt: resetAt });
    }
    fake.refuse('ruleset', { times: 1 });
    const save = store.transact(declaredPlan({ changes: [{ path: TESTIMONIALS, content: text('[]\n') }], message: 'Content: t' }), AUTHOR);
    expect(await failureOf(save)).toMatchObject({ kind: 'protected', status: 422, setting: 'GITHUB_BRANCH' });
    const url = fake.apiUrl;
    await fake.close();
    // workerd's local runtime answers a closed port with 500 where Node's fetch throws: unavailable either way
    expect(await failureOf(workerdStore(settingsFor(fake, { GITHUB_API_URL: url })).snapshot())).toMatchObject({ kind: 'unavailable' });
  });

  it('names the missing settings', async () => {
    expect(await inWorker({}, 'snapshot', {})).toEqual({ missing: ['GITHUB_TOKEN', 'GITHUB_REPOSITORY'] });
  });
});
