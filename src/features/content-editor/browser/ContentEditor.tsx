/**
 * /admin/content: the content editor (Decap CMS) under the site's header. Decap's code loads here
 * only, with `import()`, while the endpoint is asked which store saves go to; then Decap starts in
 * the empty `#nc-root`, which React never touches again. A refusal before that (signed out, no
 * right to edit, no store configured) is said here in plain words, and Decap does not start.
 */
import { useEffect, useState } from 'react';
import { signInHref } from '~/features/auth/auth-return';
import Spinner from '~/features/admin/Spinner';
import type { GuideGroupNames } from './decap/GuideGroup';
import { ContentError, type StoreKind, requestContent, storeOf } from './content-client';
import { contentEditorPath as EDITOR_PATH } from '~/features/admin/admin-areas';
import type { ContentEditorCopy } from '../shared/schema';
import { accessToken } from './session';
import { takeSavedNote } from './saved-note';

interface Props {
  copy: ContentEditorCopy;
  guideGroups: GuideGroupNames;
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

export default function ContentEditor({ copy, guideGroups }: Props) {
  const [state, setState] = useState<State>({ phase: 'loading' });
  const [savedBefore] = useState(takeSavedNote);

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

  useEffect(() => {
    let current = true;
    // Decap's bundle reads Node's `global` while it loads.
    (globalThis as { global?: unknown }).global ??= globalThis;
    void Promise.all([storeOrRefusal(copy), import('./decap/start')]).then(([store, { startEditor }]) => {
      if (!current) return;
      if (store instanceof ContentError) return setState({ phase: 'refused', error: store });
      startEditor({ copy, guideGroups, store });
      setState({ phase: 'ready' });
    });
    return () => {
      current = false;
    };
  }, [copy, guideGroups]);

  return (
    <section aria-labelledby="content-editor-heading" className="flex flex-col">
      <div className="container-content flex min-h-12 flex-wrap items-center justify-between gap-x-4 py-1">
        <h1 id="content-editor-heading" className="text-lg font-bold">
          {copy.heading}
        </h1>
        <a href="/admin" className="text-sm font-semibold text-brand-strong underline-offset-4 hover:underline">
          {copy.backToDashboard}
        </a>
      </div>
      <p className="container-content pb-2 text-sm text-ink-soft md:hidden">{copy.narrowScreen}</p>
      <p role="status" className="container-content text-sm font-semibold text-brand-strong empty:hidden">
        {savedBefore && copy.saved[savedBefore]}
      </p>
      {state.phase === 'loading' && <Spinner label={copy.loading} />}
      {state.phase === 'refused' && (
        <div className="container-content py-10 text-center" role="alert">
          <p className="mx-auto max-w-prose text-ink-soft">{state.error.message}</p>
          {state.error.status === 401 && (
            <a className="btn btn-primary mt-6" href={signInHref(EDITOR_PATH)}>
              {copy.signIn.link}
            </a>
          )}
        </div>
      )}
      {/* Decap's own React root: no children of React's. Its editor pane is absolutely placed and its sidebar fixed: both stay inside. */}
      <div id="nc-root" className="relative h-[calc(100dvh-7rem)] min-h-[30rem] overflow-auto border-t border-line [contain:layout]" hidden={state.phase !== 'ready'} />
    </section>
  );
}
