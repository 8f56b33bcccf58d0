/**
 * The booking (conversion) modal, on every public page. Hydrates on first use
 * (`client:on-demand="booking"`); the static opener (src/enhancers/booking-opener.ts) has already
 * shown the native <dialog> by then, so the visitor never waits for React to see it.
 *
 * On the first opening it loads the coach's scheduling embed script and the booking widget
 * iframe; it then listens for the scheduling host's "booked" messages (origin checked), fires
 * `booking:complete` on window and goes to /thank-you/call. Offline, or when the widget cannot
 * load, it shows the coach's e-mail and a retry button instead of a blank box.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { BOOKING_COMPLETE_EVENT, bookingSignalFrom } from '~/lib/booking';
import type { BookingCopy } from '~/lib/content-schemas';
import { loadScriptOnce } from '~/lib/embed-script';
import { $booking } from '~/stores/booking';
import ModalShell from './ModalShell';

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
  /** Give up on the widget after this long (ms). */
  timeoutMs?: number;
}

type WidgetStatus = 'idle' | 'loading' | 'ready' | 'failed';

export default function BookingModal({ copy, widgetUrl, embedScript, origins, contactEmail, thankYouPath, timeoutMs = 15_000 }: Props) {
  const booking = useStore($booking);
  const [hydrated, setHydrated] = useState(false);
  const [status, setStatus] = useState<WidgetStatus>('idle');
  const [attempt, setAttempt] = useState(0);
  const [scriptLoaded, setScriptLoaded] = useState(false);
  const [frameLoaded, setFrameLoaded] = useState(false);
  const completed = useRef(false);

  // eslint-disable-next-line react-hooks/set-state-in-effect -- on purpose: the first render must match the server's HTML
  useEffect(() => setHydrated(true), []);
  const active = hydrated && booking.opens > 0;

  // First opening (and each retry): the embed script and the iframe, in parallel.
  useEffect(() => {
    if (!active) return;
    if (navigator.onLine === false) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- each opening or retry restarts the loads this effect starts
      setStatus('failed');
      return;
    }
    setStatus('loading');
    setScriptLoaded(false);
    setFrameLoaded(false);
    let cancelled = false;
    loadScriptOnce(document, embedScript).then(
      () => !cancelled && setScriptLoaded(true),
      (error: unknown) => {
        console.warn('booking: the scheduling embed script did not load', error);
        if (!cancelled) setStatus('failed');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [active, attempt, embedScript]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- 'ready' is a state of its own: it ends the timeout below
    if (status === 'loading' && scriptLoaded && frameLoaded) setStatus('ready');
  }, [status, scriptLoaded, frameLoaded]);

  // A widget that never finishes loading gets the fallback too.
  useEffect(() => {
    if (status !== 'loading') return;
    const timer = window.setTimeout(() => setStatus('failed'), timeoutMs);
    const offline = () => setStatus('failed');
    window.addEventListener('offline', offline);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('offline', offline);
    };
  }, [status, attempt, timeoutMs]);

  // Booked: tell the page (tracking listens for this), then the thank-you page.
  useEffect(() => {
    if (!active) return;
    const onMessage = (event: MessageEvent) => {
      const signal = bookingSignalFrom(event, origins);
      if (!signal || completed.current) return;
      completed.current = true;
      window.dispatchEvent(
        new CustomEvent(BOOKING_COMPLETE_EVENT, {
          detail: { kind: signal.kind, detail: signal.detail, goal: $booking.get().goal, source: 'booking_widget' },
        }),
      );
      window.location.assign(thankYouPath);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [active, origins, thankYouPath]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  const showFrame = active && (status === 'loading' || status === 'ready');
  const mailto = `mailto:${contactEmail}?subject=${encodeURIComponent(copy.title)}`;

  return (
    <ModalShell name="booking" title={copy.title} description={copy.description} closeLabel={copy.close} widthClass="w-[min(44rem,calc(100vw-1.5rem))]">
      {hydrated && booking.goal ? (
        <p className="mt-3 text-sm font-semibold text-brand-deep" data-booking-goal>
          {copy.goalLabel} {booking.goal}
        </p>
      ) : null}

      <div className={`relative mt-5 rounded-xl bg-sand-light ${status === 'failed' ? '' : 'min-h-[32rem]'}`} aria-busy={status === 'loading' || !active}>
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
            className={`relative block min-h-[32rem] w-full rounded-xl border-0 ${status === 'ready' ? '' : 'opacity-0'}`}
            onLoad={() => setFrameLoaded(true)}
          />
        ) : null}
      </div>
    </ModalShell>
  );
}
