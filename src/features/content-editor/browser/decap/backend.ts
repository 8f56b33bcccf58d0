/**
 * Decap's proxy backend, speaking to the site's own endpoint as the signed-in user: every request
 * carries the Supabase session's access token; a save and a deletion name the version of each file
 * they are based on (`params.baseShas`, from what getEntry and the listings answered), and the
 * versions follow what a save wrote. The site's sign-in is the only sign-in: Decap's login page
 * never shows (AuthPage.tsx), and its Log Out signs out of the site.
 */
import { ProxyBackend } from 'decap-cms-backend-proxy';
import { signOutAndGoHome } from '~/features/auth/sign-out';
import { getSupabase } from '~/lib/supabase';
import { ContentError, type FieldLabel, requestContent, storeOf } from '../content-client';
import { leaveSavedNote } from '../saved-note';
import { forgetRejection, rememberRejection } from '../rejections';
import type { ContentEditorCopy } from '../../shared/schema';
import { accessToken } from '../session';
import { type AnsweredFile, type SavedFiles, VersionBook } from '../versions';
import { autoSignIn } from './AuthPage';

export interface BackendSettings {
  copy: ContentEditorCopy;
  labelOf: FieldLabel;
}

interface Payload {
  action: string;
  params?: Record<string, unknown>;
}

interface DataFile {
  path: string;
  raw: string;
}

/** The user Decap shows and keeps (in localStorage): never the token. */
async function siteUser(copy: ContentEditorCopy['signIn']) {
  const { data } = await getSupabase().auth.getSession();
  const email = data.session?.user.email;
  if (!email) throw new Error(copy.signedOut);
  return { name: email, login: email, email, avatar_url: '', token: '' };
}

const isFile = (value: unknown): value is AnsweredFile => typeof value === 'object' && value !== null && typeof (value as AnsweredFile).path === 'string';

/** A backend class for `CMS.registerBackend`; its versions are kept per page load (Decap builds the backend more than once). */
export function siteBackend({ copy, labelOf }: BackendSettings) {
  const versions = new VersionBook();
  const AuthPage = autoSignIn(copy.signIn);

  return class SiteBackend extends ProxyBackend {
    override authComponent() {
      return AuthPage;
    }

    override authenticate() {
      return siteUser(copy.signIn);
    }

    override restoreUser() {
      return siteUser(copy.signIn);
    }

    override logout() {
      void signOutAndGoHome(getSupabase());
      return null;
    }

    override async request(payload: Payload): Promise<unknown> {
      const params = { ...payload.params };
      const dataFiles = (payload.action === 'persistEntry' ? (params.dataFiles as DataFile[]) : []) ?? [];
      if (payload.action === 'persistEntry') {
        forgetRejection();
        const newEntry = (params.options as { newEntry?: boolean } | undefined)?.newEntry === true;
        params.baseShas = versions.baseShas(
          dataFiles.map((file) => file.path),
          newEntry,
        );
      }
      if (payload.action === 'deleteFiles') params.baseShas = versions.baseShas((params.paths as string[]) ?? [], false);

      let answer: unknown;
      try {
        answer = await requestContent({ branch: this.branch, ...payload, params }, { token: accessToken, copy: copy.errors, labelOf });
      } catch (error) {
        if (error instanceof ContentError && error.status === 422) rememberRejection(error.problems, dataFiles);
        throw error;
      }

      if (payload.action === 'getEntry') {
        const file = (answer as { file?: unknown } | null)?.file;
        if (isFile(file)) versions.opened(file, 'entry');
      }
      if ((payload.action === 'entriesByFolder' || payload.action === 'entriesByFiles') && Array.isArray(answer)) {
        for (const entry of answer as { file?: unknown }[]) if (isFile(entry?.file)) versions.opened(entry.file, 'listing');
      }
      if (payload.action === 'persistEntry' || payload.action === 'deleteFiles') versions.saved(answer as SavedFiles);
      const store = payload.action === 'persistEntry' ? storeOf(answer) : null;
      if (store) leaveSavedNote(store);
      return answer;
    }
  };
}
