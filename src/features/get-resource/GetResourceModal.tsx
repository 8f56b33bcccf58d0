/**
 * The get-resource dialog's body: a spinner while the lead platform's embed script and then the
 * resource's opt-in form load (src/lib/use-embed-load.ts), then the form. When either does not load
 * in time or fails (a blocker, the network: src/lib/embed-load.ts), a fallback is announced
 * instead: the form's own page in a new tab, Try again, or the e-mail way.
 * Its <dialog>, title and close button are static HTML (GetResourceDialog.astro): a "Get it free"
 * button opens it at once, writes its title and the resource asked for on it (opener.ts,
 * contract.ts), and wakes this island (`client:on-demand`), which reads the request from the
 * dialog. React never owns the dialog, so what the page wrote before hydration is no mismatch.
 */
import { useRef } from 'react';
import { formEmbedUrl } from '~/lib/embed-script';
import { useHostElement } from '~/lib/use-host-element';
import { EMBED_FRAME_CLASS, useEmbedLoad } from '~/lib/use-embed-load';
import type { GetResourceDialogData } from './contract';
import { resourceRequestHref } from './lead-form';
import type { GetResourceData } from './types';

export default function GetResourceModal({ copy, embeds, resources, request }: GetResourceData) {
  const body = useRef<HTMLDivElement>(null);
  // Closed and nothing asked in the first render, as on the server; then what the dialog says.
  const host = useHostElement(body, 'dialog');
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

  const formUrl = resource ? formEmbedUrl(embeds.leadFormHost, resource.formId) : '';
  return (
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
  );
}
