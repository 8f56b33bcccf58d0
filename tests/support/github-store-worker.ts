/**
 * A Worker that runs the GitHub store in workerd for tests/integration/github-store-workerd.test.ts:
 * POST {settings, call: 'read' | 'list' | 'save', args} answers {value}, {setup} (what the
 * settings lack) or {error} (its name, message and fields), bytes as base64.
 */
import { base64ToBytes, bytesToBase64 } from '../../src/features/content-editor/server/base64';
import { githubStoreFromSettings, type GithubSettings } from '../../src/features/content-editor/server/github-store';
import type { Author, FileChange } from '../../src/features/content-editor/server/store';

interface Call {
  settings: GithubSettings;
  call: 'read' | 'list' | 'save';
  args: { path?: string; dir?: string; changes?: (Omit<FileChange, 'content'> & { content: string | null })[]; message?: string; author?: Author };
}

export default {
  async fetch(request: Request): Promise<Response> {
    const { settings, call, args } = (await request.json()) as Call;
    const store = githubStoreFromSettings(settings);
    if (!('kind' in store)) return Response.json({ setup: store });
    try {
      if (call === 'read') {
        const file = await store.read(args.path!);
        return Response.json({ value: file && { ...file, content: bytesToBase64(file.content) } });
      }
      if (call === 'list') return Response.json({ value: await store.list(args.dir!) });
      const changes = args.changes!.map((change) => ({ ...change, content: change.content === null ? null : base64ToBytes(change.content) }));
      return Response.json({ value: await store.save(changes, args.message!, args.author!) });
    } catch (error) {
      const { name, message, path, status, setting } = error as Error & Record<string, unknown>;
      return Response.json({ error: { name, message, path, status, setting } });
    }
  },
};
