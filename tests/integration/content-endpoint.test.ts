/**
 * The content editor's endpoint deployed: the Pages Function /api/content under `wrangler pages dev`
 * (Cloudflare's runtime), checking callers with the local Supabase stand-in and committing to a fake
 * GitHub (tests/support/fake-github.mjs): a save is one commit, authored by the signed-in user, an
 * entry with its picture too; a save and a deletion of the picture it names, with the branch moved
 * between one's checks and its commit, cannot both succeed; without its settings it answers 503
 * naming them, to a signed-in admin only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Standin } from '../../supabase/local/server.ts';
import { startPagesDev } from '../../tools/tracking/wrangler-pages.mjs';
import { FAKE_GITHUB_REPOSITORY, FAKE_GITHUB_TOKEN, startFakeGithub } from '../support/fake-github.mjs';
import { ADMIN, MEMBER, accessTokenOf, startTestStandin } from '../support/standin.ts';
import { JPEG, NEW_GUIDE, NEW_GUIDE_PATH, NEW_GUIDE_PICTURE } from '../support/new-guide.ts';

const PORT = Number(process.env.CONTENT_TEST_PORT ?? 4860);
const TESTIMONIALS = 'src/content/testimonials.json';

let standin: Standin;
let github: Awaited<ReturnType<typeof startFakeGithub>>;
let pages: Awaited<ReturnType<typeof startPagesDev>>;
let bare: Awaited<ReturnType<typeof startPagesDev>>;
let admin: string;

interface LogEntry {
  message: string;
  author: { name: string; email: string };
  files: { path: string; status: string }[];
}
const log = async () => (await (await fetch(`${github.url}/_log`)).json()) as LogEntry[];

async function call(base: string, action: string, params: Record<string, unknown>, token: string | null = admin) {
  const response = await fetch(`${base}/api/content`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ branch: 'main', action, params }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { error?: string } };
}

beforeAll(async () => {
  standin = await startTestStandin(PORT + 1);
  github = await startFakeGithub({ port: PORT + 2 });
  const supabase = { SUPABASE_URL: standin.url, SUPABASE_SERVICE_ROLE_KEY: standin.config.serviceRoleKey };
  const repository = { GITHUB_TOKEN: FAKE_GITHUB_TOKEN, GITHUB_REPOSITORY: FAKE_GITHUB_REPOSITORY, GITHUB_API_URL: github.url };
  [pages, bare] = await Promise.all([startPagesDev({ port: PORT, vars: { ...supabase, ...repository } }), startPagesDev({ port: PORT + 3, vars: supabase })]);
  admin = await accessTokenOf(standin, ADMIN);
}, 120_000);
afterAll(async () => {
  await Promise.all([pages?.stop(), bare?.stop()]);
  await github?.close();
  await standin?.close();
});

describe('POST /api/content, deployed', () => {
  it('401 without a session, 403 for a member', async () => {
    expect((await call(pages.url, 'getEntry', { path: TESTIMONIALS }, null)).status).toBe(401);
    expect(await call(pages.url, 'getEntry', { path: TESTIMONIALS }, await accessTokenOf(standin, MEMBER))).toMatchObject({
      status: 403,
      body: { error: 'Only an admin or an editor may edit the content.' },
    });
  });

  it('a save is one commit on the branch, authored by the signed-in user, named after the file', async () => {
    const opened = (await call(pages.url, 'getEntry', { path: TESTIMONIALS })).body as { data: string; file: { id: string } };
    const list = JSON.parse(opened.data) as Record<string, string>[];
    list[0]!.text = 'Saved through the deployed endpoint.';
    const before = (await log()).length;
    const saved = await call(pages.url, 'persistEntry', {
      dataFiles: [{ path: TESTIMONIALS, raw: JSON.stringify(list) }],
      assets: [],
      baseShas: { [TESTIMONIALS]: opened.file.id },
    });
    expect(saved).toMatchObject({ status: 200, body: { store: 'github', files: [{ path: TESTIMONIALS }] } });
    const commits = await log();
    expect(commits.length).toBe(before + 1);
    expect(commits[0]).toMatchObject({
      message: `Content: ${TESTIMONIALS} (by ${ADMIN.email})`,
      author: { email: ADMIN.email },
      files: [{ path: TESTIMONIALS, status: 'modified' }],
    });
    const stale = await call(pages.url, 'persistEntry', { dataFiles: [{ path: TESTIMONIALS, raw: JSON.stringify(list) }], baseShas: { [TESTIMONIALS]: opened.file.id } });
    expect(stale.status).toBe(409);
  });

  it('a new guide with its picture is one commit; a bad one is refused with 422 and no commit', async () => {
    const path = NEW_GUIDE_PATH;
    const guide = NEW_GUIDE;
    const asset = NEW_GUIDE_PICTURE;
    const before = (await log()).length;
    const bad = await call(pages.url, 'persistEntry', {
      dataFiles: [{ path, raw: JSON.stringify({ ...guide, title: '' }) }],
      assets: [asset],
      baseShas: { [path]: null },
    });
    expect(bad).toMatchObject({ status: 422, body: { problems: [expect.objectContaining({ field: 'title', message: 'must not be empty' })] } });
    const saved = await call(pages.url, 'persistEntry', { dataFiles: [{ path, raw: JSON.stringify(guide) }], assets: [asset], baseShas: { [path]: null } });
    expect(saved.status).toBe(200);
    const commits = await log();
    expect(commits.length).toBe(before + 1);
    expect(commits[0]!.files.map((file) => file.path).sort()).toEqual([asset.path, path].sort());
  });

  it('a guide naming picture P and the deletion of P: with the branch moved between the check and the commit, the later one is refused', async () => {
    const picture = 'src/content/images/resources/race-cover.jpg';
    const guidePath = 'src/content/resources/race-guide.json';
    const guide = JSON.stringify({ ...NEW_GUIDE, title: 'Race Guide', image: '../images/resources/race-cover.jpg' });
    github.push({ [picture]: Buffer.from(JPEG) });
    // The deletion of P lands between the save's checks and its commit: the save checks again on the new head.
    github.pushBeforeNextRefUpdate({ [picture]: null });
    const saved = await call(pages.url, 'persistEntry', { dataFiles: [{ path: guidePath, raw: guide }], baseShas: { [guidePath]: null } });
    expect(saved).toMatchObject({ status: 422, body: { reason: 'invalid', problems: [expect.objectContaining({ field: 'image' })] } });
    expect(github.readFile(guidePath)).toBeNull();
    // The other way round: a guide naming P lands between the deletion's checks and its commit.
    github.push({ [picture]: Buffer.from(JPEG) });
    const opened = (await call(pages.url, 'getMedia', { mediaFolder: 'src/content/images/resources', content: false })).body as unknown as { path: string; id: string }[];
    github.pushBeforeNextRefUpdate({ [guidePath]: Buffer.from(guide) });
    const deleted = await call(pages.url, 'deleteFiles', { paths: [picture], baseShas: { [picture]: opened.find((file) => file.path === picture)!.id } });
    expect(deleted).toMatchObject({ status: 422, body: { reason: 'invalid' } });
    expect(github.readFile(picture)).not.toBeNull();
  });

  it.each([
    ['revoked-token', 503, 'github-token', /GitHub refused GITHUB_TOKEN: it is wrong, expired or revoked/],
    ['no-access', 503, 'github-access', /GitHub finds no repository .+ that GITHUB_TOKEN may see/],
    ['protected-branch', 403, 'github-protected', /it is protected, or a ruleset only takes changes through pull requests/],
    ['rate-limit', 429, 'github-rate-limit', /allowance of requests for GITHUB_TOKEN is used up until/],
    ['down', 502, 'github-unavailable', /GitHub failed to answer \(503\)/],
  ])('GitHub refusing (%s): %i with its reason and a sentence saying what to do, nothing committed', async (kind, status, reason, sentence) => {
    const opened = (await call(pages.url, 'getEntry', { path: TESTIMONIALS })).body as { data: string; file: { id: string } };
    const resetAt = new Date(Date.now() + 20 * 60_000);
    github.refuse(kind, { resetAt });
    const before = (await log()).length;
    try {
      const list = JSON.parse(opened.data) as Record<string, string>[];
      list[0]!.text = `Refused: ${kind}`;
      const refused = await call(pages.url, 'persistEntry', {
        dataFiles: [{ path: TESTIMONIALS, raw: JSON.stringify(list) }],
        baseShas: { [TESTIMONIALS]: opened.file.id },
      });
      expect(refused).toMatchObject({ status, body: { reason, error: expect.stringMatching(sentence) } });
      if (kind === 'rate-limit') expect(Date.parse(String(refused.body.retryAt)) / 1000).toBe(Math.floor(resetAt.getTime() / 1000));
      expect(JSON.stringify(refused.body)).not.toContain(FAKE_GITHUB_TOKEN);
    } finally {
      github.stopRefusing(kind);
    }
    expect((await log()).length).toBe(before);
  });

  it('answers 503 naming the missing settings when GitHub is not configured, to a signed-in admin only', async () => {
    const { status, body } = await call(bare.url, 'getEntry', { path: TESTIMONIALS });
    expect(status).toBe(503);
    expect(body).toEqual({
      error: 'The content editor is not set up on this server: GITHUB_TOKEN, GITHUB_REPOSITORY are not set.',
      reason: 'not-set-up',
      missing: ['GITHUB_TOKEN', 'GITHUB_REPOSITORY'],
    });
    const stranger = await call(bare.url, 'getEntry', { path: TESTIMONIALS }, null);
    expect(stranger.status).toBe(401);
    expect(JSON.stringify(stranger.body)).not.toMatch(/GITHUB|SUPABASE/);
  });
});
