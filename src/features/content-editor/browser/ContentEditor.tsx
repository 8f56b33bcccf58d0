/**
 * /admin/content: the content editor (Decap CMS) under the site's header, with the signed-in
 * role's form. Decap's code loads here only, with `import()`, while the endpoint is asked which
 * store saves go to; then Decap starts in the empty `#nc-root`, which React never touches again. A
 * refusal before that (signed out, no right to edit, no store configured) is said here in plain
 * words, and Decap does not start. The bar leads back to the dashboard, or, for an editor, who
 * has none, to the site.
 */
import { useEffect, useState } from 'react';
import { signInHref } from '~/features/auth/auth-return';
import Spinner from '~/features/admin/Spinner';
import type { GuideGroupNames } from './decap/GuideGroup';
import { ContentError, type StoreKind, refusal, requestContent, storeOf } from './content-client';
import { contentEditorPath as EDITOR_PATH } from '~/features/admin/admin-areas';
import type { ContentEditorCopy } from '../shared/schema';
import type { AppRole } from '../../../../supabase/functions/_shared/roles.ts';
import { spareFromContentReload } from './dev-reload';
import { accessToken } from './session';

interface Props {
  copy: ContentEditorCopy;
  guideGroups: GuideGroupNames;
  role: AppRole;
}

type State = { phase: 'loading' } | { phase: 'ready' } | { phase: 'refused'; error: ContentError };

/** Under `npm run dev` the endpoint saves to the working tree, deployed to GitHub: what to assume should its answer not say. */
const ASSUMED_STORE: StoreKind = import.meta.env.DEV ? 'working-tree' : 'github';

/** Which store the endpoint saves to (`info`); a refusal (401, 403, 503, offline) as it is. */
async function storeOrRefusal(copy: ContentEditorCopy): Promise<StoreKind | ContentError> {
  try {
    return storeOf(await requestContent({ action: 'info' }, { token: accessToken, copy: copy.errors })) ?? ASSUMED_STORE;
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    return error;
  }
}

/**
 * Decap's global Media page is not offered: a picture belongs to its collection's folder and is
 * picked from its field. Decap has no setting for it; its header's one item that is a button, not a
 * link, is that page's.
 */
const WITHOUT_MEDIA_PAGE = '[&_header_nav_li:has(>button)]:hidden';

export default function ContentEditor({ copy, guideGroups, role }: Props) {
  const [state, setState] = useState<State>({ phase: 'loading' });

  // The editor is the page: the site's footer, whose text Decap's page-wide styles would recolour
  // (its `p { color }` over the footer's light text), is not shown under it.
  useEffect(() => {
    const footer = document.querySelector<HTMLElement>('body > footer');
    if (!footer) return;
    footer.hidden = true;
    return () => {
      footer.hidden = false;
    };
  }, []);

  useEffect(spareFromContentReload, []);

  // Decap's Publish and Delete reject their own promise, uncaught, when a save is refused: with
  // nothing (a field of the form is refused, and the field says so) or with its failure action
  // (`ENTRY_PERSIST_FAILURE`…, whose toast says the endpoint's refusal). Both are said to her
  // already: not errors of the page.
  useEffect(() => {
    const saidAlready = (event: PromiseRejectionEvent) => {
      const reason: unknown = event.reason;
      const decapFailure = typeof reason === 'object' && reason !== null && /^[A-Z_]+_FAILURE$/.test(String((reason as { type?: unknown }).type));
      if (reason === undefined || reason instanceof ContentError || decapFailure) event.preventDefault();
    };
    window.addEventListener('unhandledrejection', saidAlready);
    return () => window.removeEventListener('unhandledrejection', saidAlready);
  }, []);

  useEffect(() => {
    let current = true;
    // Decap's bundle reads Node's `global` while it loads.
    (globalThis as { global?: unknown }).global ??= globalThis;
    // Decap's code loads while the endpoint answers; a refusal is said at once, without waiting for it.
    const decap = import('./decap/start');
    void (async () => {
      const store = await storeOrRefusal(copy);
      if (!current) return;
      if (store instanceof ContentError) return setState({ phase: 'refused', error: store });
      const { startEditor } = await decap;
      if (!current) return;
      startEditor({ copy, guideGroups, store, role });
      setState({ phase: 'ready' });
    })()
      // Decap's code did not arrive (the connection dropped): said, not a spinner for ever.
      .catch(() => current && setState({ phase: 'refused', error: refusal(null, null, copy.errors) }));
    // A refusal said before Decap's code arrived leaves its import unused, not failing the page.
    decap.catch(() => undefined);
    return () => {
      current = false;
    };
  }, [copy, guideGroups, role]);

  return (
    <section aria-labelledby="content-editor-heading" className="flex flex-col">
      <div className="container-content flex min-h-12 flex-wrap items-center justify-between gap-x-4 py-1">
        <h1 id="content-editor-heading" className="text-lg font-bold">
          {copy.heading}
        </h1>
        <a href={role === 'admin' ? '/admin' : '/'} className="text-sm font-semibold text-brand-strong underline-offset-4 hover:underline">
          {role === 'admin' ? copy.backToDashboard : copy.backToSite}
        </a>
      </div>
      <p className="container-content pb-2 text-sm text-ink-soft min-[800px]:hidden">{copy.narrowScreen}</p>
      {state.phase === 'loading' && <Spinner label={copy.loading} />}
      {state.phase === 'refused' && (
        <div className="container-content py-10 text-center" role="alert">
          <p className="mx-auto max-w-prose text-ink-soft">{state.error.message}</p>
          {state.error.reason === 'signed-out' && (
            <a className="btn btn-primary mt-6" href={signInHref(EDITOR_PATH)}>
              {copy.signIn.link}
            </a>
          )}
        </div>
      )}
      {/*
        Decap's own React root: no children of React's. Its editor pane is absolutely placed and its
        sidebar fixed: both stay inside. Its forms are 800 px wide at least: narrower, only the note shows.
      */}
      <div
        id="nc-root"
        className={`relative h-[calc(100dvh-7rem)] min-h-[30rem] overflow-auto border-t border-line [contain:layout] max-[799px]:hidden ${WITHOUT_MEDIA_PAGE}`}
        hidden={state.phase !== 'ready'}
      />
    </section>
  );
}
