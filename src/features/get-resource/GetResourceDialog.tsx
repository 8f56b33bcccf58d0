/**
 * The get-resource dialog: 'Get <title>', a spinner while the lead platform's embed script and
 * then the resource's opt-in form load (src/lib/use-embed-load.ts), then the form. When either
 * does not load in time or fails (a blocker, the network: src/lib/embed-load.ts), a fallback is
 * announced instead: the form's own page in a new tab, Try again, or the e-mail way.
 * Native <dialog>, in the static HTML: a "Get it free" button opens it at once and writes the
 * resource asked for on it (src/features/get-resource/opener.ts, contract.ts); this island hydrates
 * on that first use (or intent just before it: `client:on-demand`) and reads the request from the
 * dialog. Escape closes it and focus returns to the button that opened it.
 */
import { useRef } from 'react';
import { formEmbedUrl } from '~/lib/embed-script';
import { useHostElement } from '~/lib/use-host-element';
import { EMBED_FRAME_CLASS, useEmbedLoad } from '~/lib/use-embed-load';
import type { GetResourceDialogData } from './contract';
import { resourceRequestHref } from './lead-form';
import type { GetResourceData } from './types';

export default function GetResourceDialog({ ids, copy, embeds, resources, request }: GetResourceData) {
  const dialog = useRef<HTMLDialogElement>(null);
  const body = useRef<HTMLDivElement>(null);
  // Closed and nothing asked in the first render, as on the server; then what the dialog says.
  const host = useHostElement(dialog, 'dialog');
  const asked = host.data as GetResourceDialogData;
  const id = host.open ? (asked.resource ?? null) : null;
  const resource = id ? resources[id] : undefined;
  const { status, showFrame, attempt, retry, onFrameLoad } = useEmbedLoad({
    target: resource ? (id as string) : null,
    scriptSrc: embeds.formEmbedScript,
    order: 'after-script',
    label: 'get-resource',
    box: body,
    openedAt: asked.openedAt ? Number(asked.openedAt) : null,
  });

  const title = resource ? copy.title.replace('{title}', resource.title) : '';
  const formUrl = resource ? formEmbedUrl(embeds.leadFormHost, resource.formId) : '';
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a backdrop click closes; from the keyboard, Escape and the close button do
    <dialog
      ref={dialog}
      id={ids.dialog}
      onClick={(event) => event.target === dialog.current && dialog.current.close()}
      aria-labelledby={ids.title}
      aria-describedby={ids.description}
      className="w-[calc(100%-2rem)] max-w-xl rounded-2xl bg-white p-0 text-ink shadow-2xl backdrop:bg-ink/60"
    >
      <div className="p-6 sm:p-8">
        <div className="flex items-start justify-between gap-4">
          {/* Written by the opener before hydration (the same text). */}
          <h2 id={ids.title} className="font-display text-2xl font-extrabold" suppressHydrationWarning>
            {title}
          </h2>
          <button
            type="button"
            onClick={() => dialog.current?.close()}
            aria-label={copy.close}
            className="-mr-2 -mt-2 flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-ink-soft hover:bg-sand"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        </div>
        <p id={ids.description} className="mt-2 text-ink-soft">
          {copy.description}
        </p>
        <div ref={body} tabIndex={-1} className="relative mt-6 rounded-xl" aria-busy={status === 'loading'}>
          {status === 'failed' && resource ? (
            <div role="alert" className="flex flex-col items-center gap-4 rounded-xl bg-sand-light px-5 py-10 text-center" data-resource-fallback>
              <p className="font-display text-xl font-bold">{copy.fallbackTitle}</p>
              <p className="max-w-md text-ink-soft">{copy.fallbackText}</p>
              <a href={formUrl} target="_blank" rel="noopener" className="btn btn-primary">
                {copy.openForm}
              </a>
              <button type="button" className="btn btn-outline" onClick={retry}>
                {copy.retry}
              </button>
              <a
                href={resourceRequestHref(request.contactEmail, request.cta, resource.title)}
                className="rounded text-sm font-semibold text-brand-deep underline underline-offset-4"
              >
                {copy.fallbackEmail}: {request.contactEmail}
              </a>
            </div>
          ) : null}
          {/* One place for the frame in every state, so a frame still loading behind the fallback is the same frame. */}
          <div className={status === 'failed' ? '' : 'relative h-[32rem]'}>
            {(status === 'loading' || status === 'idle') && (
              <div role="status" className="absolute inset-0 flex flex-col items-center justify-center gap-3 text-ink-soft">
                <span aria-hidden="true" className="h-10 w-10 rounded-full border-4 border-brand-soft border-t-brand-strong motion-safe:animate-spin" />
                <span className="text-sm">{copy.loading}</span>
              </div>
            )}
            {showFrame && resource && (
              <iframe
                key={`${id}-${attempt}`}
                src={formUrl}
                id={`inline-${resource.formId}`}
                title={copy.formTitle.replace('{title}', resource.title)}
                data-layout="{'id':'INLINE'}"
                data-trigger-type="alwaysShow"
                data-activation-type="alwaysActivated"
                data-deactivation-type="neverDeactivate"
                data-form-name={resource.title}
                data-layout-iframe-id={`inline-${resource.formId}`}
                data-form-id={resource.formId}
                onLoad={onFrameLoad}
                className={`relative h-[32rem] w-full rounded-xl border-0 ${EMBED_FRAME_CLASS[status]}`}
              />
            )}
          </div>
        </div>
      </div>
    </dialog>
  );
}
