/**
 * POST /api/content (Cloudflare Pages Function): the content editor's endpoint
 * (src/features/content-editor/server/content-api.ts). Deployed, it reads from and commits to the
 * GitHub repository (GITHUB_TOKEN, GITHUB_REPOSITORY, GITHUB_BRANCH; docs/content-editor.md); under
 * `npm run dev` the dev server hands it the working tree (CONTENT_WORKTREE, never set on Pages).
 * The caller is checked with Supabase (SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY): an admin or an
 * editor. A caller who is not signed in learns nothing of the server's settings: what is missing
 * goes to the function's log.
 */
import { requireRole } from '../../supabase/functions/_shared/auth.ts';
import { type Authorize, handleContentRequest } from '../../src/features/content-editor/server/content-api';
import { type GithubSettings, githubStoreFromSettings } from '../../src/features/content-editor/server/github-store';
import { Refusal } from '../../src/features/content-editor/server/refusal';
import type { ContentStore } from '../../src/features/content-editor/server/store';

interface ContentEnv extends GithubSettings {
  SUPABASE_URL?: string;
  SUPABASE_SERVICE_ROLE_KEY?: string;
  /** The working tree's store: only the dev server sets it (src/integrations/dev-functions.ts). */
  CONTENT_WORKTREE?: ContentStore;
}

const REFUSALS = {
  401: () => new Refusal('signed-out', 'Your session has ended: sign in again.'),
  403: () => new Refusal('not-allowed', 'Only an admin or an editor may edit the content.'),
  502: () => new Refusal('github-unavailable', 'The sign-in service could not be reached: try again in a moment.'),
};

function authorizeWith(env: ContentEnv): Authorize {
  return async (token) => {
    if (!env.SUPABASE_URL || !env.SUPABASE_SERVICE_ROLE_KEY) {
      console.error('content: SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY must be set for the content editor to check who is signed in.');
      return { ok: false, refusal: new Refusal('not-set-up', 'The content editor is not available on this server yet.') };
    }
    const request = new Request('https://content.invalid/', { headers: { authorization: `Bearer ${token}` } });
    const check = await requireRole(request, { supabaseUrl: env.SUPABASE_URL, anonKey: env.SUPABASE_SERVICE_ROLE_KEY }, ['admin', 'editor'], {});
    if (check.ok) return { ok: true, user: { id: check.userId, email: check.email ?? check.userId, role: check.role } };
    const status = check.response.status === 401 || check.response.status === 403 ? check.response.status : 502;
    await check.response.body?.cancel();
    return { ok: false, refusal: REFUSALS[status]() };
  };
}

export const onRequest = ({ request, env }: { request: Request; env: ContentEnv }): Promise<Response> =>
  handleContentRequest(request, { store: env.CONTENT_WORKTREE ?? githubStoreFromSettings(env), authorize: authorizeWith(env) });
