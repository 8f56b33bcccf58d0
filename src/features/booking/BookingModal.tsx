/**
 * The booking (conversion) modal's body, on every public page: the chosen goal and the scheduling
 * widget. Its <dialog>, title and close button are static HTML (src/features/booking/BookingDialog.astro):
 * the opener (src/features/booking/opener.ts) shows the dialog before this island hydrates
 * (`client:on-demand`), and React never owns the dialog's `open` attribute: the island reads it,
 * and the goal in `data-goal`, from the dialog (src/lib/use-host-element.ts).
 *
 * On the first opening it loads the coach's scheduling embed script and the booking widget
 * iframe (src/lib/use-embed-load.ts); it then listens for the scheduling host's "booked"
 * messages (origin checked), fires `booking:complete` on window and goes to /thank-you/call.
 * Offline, or when the widget does not load in time (src/lib/embed-load.ts), it shows the coach's
 * e-mail and a retry button instead of a blank box.
 */
import { useEffect, useRef } from 'react';
import { BOOKING_COMPLETE_EVENT, bookingSignalFrom } from '~/features/booking/booking';
import type { BookingCopy } from '~/features/booking/schema';
import { useHostElement } from '~/lib/use-host-element';
import type { BookingDialogData } from './contract';
import { EMBED_FRAME_CLASS, useEmbedLoad } from '~/lib/use-embed-load';

interface Props {
  copy: BookingCopy;
  /** The booking widget iframe URL. */
  widgetUrl: string;
  /** The scheduling host's embed script. */
  embedScript: string;
  /** Origins whose messages are trusted. */
  origins: string[];
  contactEmail: string;
  /** Where a completed booking goes. */
  thankYouPath: string;
}

export default function BookingModal({ copy, widgetUrl, embedScript, origins, contactEmail, thankYouPath }: Props) {
  const completed = useRef(false);
  const body = useRef<HTMLDivElement>(null);
  // The static <dialog> around this island: opened by the page (src/features/booking/opener.ts),
  // with the goal the visitor chose in `data-goal`.
  const dialog = useHostElement(body, 'dialog');
  const request = dialog.data as BookingDialogData;
  const active = dialog.opens > 0;
  const goal = request.goal || null;
  // Loaded on the first opening and kept: later openings show the same widget.
  const { status, showFrame, attempt, retry, onFrameLoad } = useEmbedLoad({
    target: active ? 'widget' : null,
    scriptSrc: embedScript,
    order: 'with-script',
    label: 'booking',
    box: body,
    openedAt: request.openedAt ? Number(request.openedAt) : null,
  });

  // Booked: tell the page (tracking listens for this), then the thank-you page.
  useEffect(() => {
    if (!active) return;
    const onMessage = (event: MessageEvent) => {
      const signal = bookingSignalFrom(event, origins);
      if (!signal || completed.current) return;
      completed.current = true;
      window.dispatchEvent(
        new CustomEvent(BOOKING_COMPLETE_EVENT, {
          detail: {
            kind: signal.kind,
            detail: signal.detail,
            goal: (body.current?.closest('dialog')?.dataset as BookingDialogData | undefined)?.goal || null,
            source: 'booking_widget',
          },
        }),
      );
      window.location.assign(thankYouPath);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [active, origins, thankYouPath]);

  const mailto = `mailto:${contactEmail}?subject=${encodeURIComponent(copy.title)}`;

  return (
    <>
      {goal ? (
        <p className="mt-3 text-sm font-semibold text-brand-deep" data-booking-goal>
          {copy.goalLabel} {goal}
        </p>
      ) : null}

      <div
        ref={body}
        tabIndex={-1}
        className={`relative mt-5 rounded-xl bg-sand-light ${status === 'failed' ? '' : 'min-h-[32rem]'}`}
        aria-busy={status === 'loading' || !active}
      >
        {status === 'failed' ? (
          <div className="flex flex-col items-center justify-center gap-4 px-6 py-12 text-center" role="alert" data-booking-fallback>
            <p className="font-display text-xl font-bold text-ink">{copy.fallbackTitle}</p>
            <p className="max-w-md text-ink-soft">{copy.fallbackText}</p>
            <a href={mailto} className="btn btn-primary">
              {copy.fallbackEmail}: {contactEmail}
            </a>
            <button type="button" className="btn btn-outline" onClick={retry}>
              {copy.retry}
            </button>
          </div>
        ) : null}
        {status !== 'ready' && status !== 'failed' ? (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 text-ink-muted" data-booking-loading>
            <span className="spinner" aria-hidden="true" />
            <span>{copy.loading}</span>
          </div>
        ) : null}
        {showFrame ? (
          <iframe
            key={attempt}
            src={widgetUrl}
            title={copy.iframeTitle}
            id={`booking-widget-${attempt}`}
            className={`relative block min-h-[32rem] w-full rounded-xl border-0 ${EMBED_FRAME_CLASS[status]}`}
            onLoad={onFrameLoad}
          />
        ) : null}
      </div>
    </>
  );
}
