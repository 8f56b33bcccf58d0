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
import { ContentError, type ProblemPlace, requestContent } from '../content-client';
import type { EntryNames } from '../entry-names';
import { forgetRejection, rememberRejection } from '../rejections';
import type { ContentEditorCopy } from '../../shared/schema';
import { accessToken } from '../session';
import { type AnsweredFile, type SavedFiles, VersionBook } from '../versions';
import { autoSignIn } from './AuthPage';

export interface BackendSettings {
  copy: ContentEditorCopy;
  /** How a problem of a save that sent these files is placed, in words. */
  placeOf: (sent: readonly string[]) => ProblemPlace;
  /** Told the title of every folder entry an answer holds. */
  names: EntryNames;
}

interface Payload {
  action: string;
  params?: Record<string, unknown>;
}

interface DataFile {
  path: string;
  raw: string;
}

/** A picture as `getMedia` lists it with `content: false`. */
interface ListedPicture {
  id: string;
  name: string;
  path: string;
  size: number;
}

/** The user Decap shows and keeps (in localStorage): never the token. */
async function siteUser(copy: ContentEditorCopy['signIn']) {
  const { data } = await getSupabase().auth.getSession();
  const email = data.session?.user.email;
  if (!email) throw new Error(copy.signedOut);
  return { name: email, login: email, email, avatar_url: '', token: '' };
}

const isFile = (value: unknown): value is AnsweredFile => typeof value === 'object' && value !== null && typeof (value as AnsweredFile).path === 'string';

/** An entry as `getEntry` and the listings answer it: its text, and its file. */
interface AnsweredEntry {
  data?: unknown;
  file?: unknown;
}

/** A backend class for `CMS.registerBackend`; its versions are kept per page load (Decap builds the backend more than once). */
export function siteBackend({ copy, placeOf, names }: BackendSettings) {
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

    /**
     * A collection's pictures without their bytes (a collection may hold hundreds): each one's bytes
     * are asked for when Decap shows it (getMediaDisplayURL). Their versions are kept, so deleting
     * one names the version listed.
     */
    override async getMedia(mediaFolder = this.mediaFolder) {
      const files = (await this.request({ action: 'getMedia', params: { branch: this.branch, mediaFolder, content: false } })) as ListedPicture[];
      for (const file of files) versions.opened({ path: file.path, id: file.id }, 'listing');
      return files.map(({ id, name, path, size }) => ({ id, name, path, size, displayURL: { path } }));
    }

    /** A listed picture's address for the page: its bytes, asked for as it is shown. */
    async getMediaDisplayURL(displayURL: { path: string }): Promise<string> {
      return (await this.getMediaFile(displayURL.path)).url;
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
        const placed = placeOf(dataFiles.map((file) => file.path));
        answer = await requestContent({ branch: this.branch, ...payload, params }, { token: accessToken, copy: copy.errors, placeOf: placed });
      } catch (error) {
        if (error instanceof ContentError && error.reason === 'invalid') rememberRejection(error.problems, dataFiles);
        throw error;
      }

      const opened = (entry: AnsweredEntry | null, from: 'entry' | 'listing') => {
        if (!isFile(entry?.file)) return;
        versions.opened(entry.file, from);
        names.read(entry.file.path, entry.data);
      };
      if (payload.action === 'getEntry') opened(answer as AnsweredEntry | null, 'entry');
      if ((payload.action === 'entriesByFolder' || payload.action === 'entriesByFiles') && Array.isArray(answer)) {
        for (const entry of answer as AnsweredEntry[]) opened(entry, 'listing');
      }
      if (payload.action === 'persistEntry' || payload.action === 'deleteFiles') versions.saved(answer as SavedFiles);
      return answer;
    }
  };
}
