/**
 * The GitHub store's tests on fake GitHubs (tests/support/fake-github.mjs), each seeded with a copy
 * of the checkout's src/content committed with git, closed after each test; and the store on one.
 */
import { afterEach, beforeAll } from 'vitest';
import { githubStoreFromSettings, type GithubSettings } from '../../src/features/content-editor/server/github-store';
import type { ContentStore } from '../../src/features/content-editor/server/store';
import { seedCheckout } from './content-store-contract';
import { FAKE_GITHUB_REPOSITORY, FAKE_GITHUB_TOKEN, startFakeGithub } from './fake-github.mjs';

export type Fake = Awaited<ReturnType<typeof startFakeGithub>>;

/** Registers the hooks of a test file: `seed()` is the seeded copy, `fakeGithub()` starts a fake on it. */
export function fakeGithubs() {
  let seed = '';
  const fakes: Fake[] = [];
  beforeAll(() => {
    seed = seedCheckout();
  });
  afterEach(async () => {
    await Promise.all(fakes.splice(0).map((fake) => fake.close()));
  });
  return {
    seed: () => seed,
    async fakeGithub(options: Parameters<typeof startFakeGithub>[0] = {}): Promise<Fake> {
      const fake = await startFakeGithub({ seedRoot: seed, ...options });
      fakes.push(fake);
      return fake;
    },
  };
}

/** The GitHub store on `fake`, with its settings and `settings`. */
export function storeOf(fake: Fake, settings: GithubSettings = {}): ContentStore {
  const setup = githubStoreFromSettings({ GITHUB_TOKEN: FAKE_GITHUB_TOKEN, GITHUB_REPOSITORY: FAKE_GITHUB_REPOSITORY, GITHUB_API_URL: fake.apiUrl, ...settings });
  if (!('kind' in setup)) throw new Error(JSON.stringify(setup));
  return setup;
}
