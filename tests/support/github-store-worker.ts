/**
 * A Worker that runs the GitHub store in workerd for tests/integration/github-store-workerd.test.ts.
 * POST {settings, call, args} answers {value}, {setup} (what the settings lack) or {error} (its
 * name, message and fields), bytes as base64:
 *
 * - `snapshot`: the branch's head and its content files;
 * - `read` {head, files, paths}: those paths read from that snapshot;
 * - `transact` {plan, author}: a declared plan (tests/support/declared-plan.ts: a function cannot
 *   come in a request, its description can) run by the store's transaction.
 */
import { base64ToBytes, bytesToBase64 } from '../../src/features/content-editor/server/base64';
import { githubSettingsProblem, githubStore, githubTarget, type GithubSettings } from '../../src/features/content-editor/server/github-store';
import { snapshotAt, type GithubHead, type GithubSnapshot } from '../../src/features/content-editor/server/github-snapshot';
import type { Author, TreeFile } from '../../src/features/content-editor/server/store';
import { declaredPlan, type DeclaredPlan } from './declared-plan';

/** A declared plan with its changes' bytes as base64. */
export type WirePlan = Omit<DeclaredPlan, 'changes'> & { changes: { path: string; content: string | null }[] };

export interface WorkerCall {
  settings: GithubSettings;
  call: 'snapshot' | 'read' | 'transact';
  args: { head?: GithubHead; files?: TreeFile[]; paths?: string[]; plan?: WirePlan; author?: Author };
}

async function answer({ settings, call, args }: WorkerCall): Promise<unknown> {
  const target = githubTarget(settings);
  const store = githubStore(target);
  if (call === 'snapshot') {
    const snapshot = (await store.snapshot()) as GithubSnapshot;
    return { head: snapshot.head, files: [...snapshot.files.values()] };
  }
  if (call === 'read') {
    const snapshot = snapshotAt(target, args.head!, new Map(args.files!.map((file) => [file.path, file])));
    return [...(await snapshot.read(args.paths!)).values()].map((file) => ({ ...file, content: bytesToBase64(file.content) }));
  }
  const changes = args.plan!.changes.map((change) => ({ path: change.path, content: change.content === null ? null : base64ToBytes(change.content) }));
  return store.transact(declaredPlan({ ...args.plan!, changes }), args.author!);
}

export default {
  async fetch(request: Request): Promise<Response> {
    const body = (await request.json()) as WorkerCall;
    const problem = githubSettingsProblem(body.settings);
    if (problem) return Response.json({ setup: problem });
    try {
      return Response.json({ value: await answer(body) });
    } catch (error) {
      const { name, message, path, kind, status, setting, retryAt } = error as Error & Record<string, unknown>;
      return Response.json({ error: { name, message, path, kind, status, setting, retryAt: retryAt instanceof Date ? retryAt.toISOString() : null } });
    }
  },
};
