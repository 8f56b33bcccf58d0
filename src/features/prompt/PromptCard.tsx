/**
 * The floating prompt's card (docs/product.md §4): the message of the section the visitor lingered on (or
 * the default greeting), an action button that scrolls to #contact and closes the card, and a
 * close button. Hydrates when first opened (`client:on-demand`); whether it is open and which
 * message it shows are decided by the framework-free watcher (src/features/prompt/watcher.ts) and
 * read from the container this island is placed in (src/features/prompt/contract.ts).
 */
import { useEffect, useRef } from 'react';
import type { PromptCopy, SectionPrompt } from '~/features/prompt/schema';
import { hostOf, useHostElement } from '~/lib/use-host-element';
import type { PromptHostData } from './contract';

interface Props {
  copy: PromptCopy;
  prompts: SectionPrompt[];
}

/** The round button that controls this card. */
const toggleButton = () => document.querySelector<HTMLButtonElement>('button[aria-controls="prompt-card"]');

export default function PromptCard({ copy, prompts }: Props) {
  const card = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  // Until hydrated, this is what the server rendered (closed, default message).
  const host = useHostElement(card, 'parent');
  const data = host.data as PromptHostData;
  const open = data.open === 'true';
  const section = data.section || null;
  const prompt = prompts.find((entry) => entry.id === section);
  const title = prompt?.title ?? copy.title;
  const message = prompt?.message ?? copy.message;
  const cta = prompt?.cta ?? copy.cta;

  const close = (returnFocus: boolean) => {
    // Focus first: once closed, the round button hides if the hero fills the screen, unless it
    // has the focus (src/features/prompt/watcher.ts), and a hidden button cannot take it.
    const toggle = toggleButton();
    if (returnFocus) toggle?.focus();
    const container = card.current ? hostOf(card.current, 'parent') : null;
    if (container) container.dataset.open = 'false' satisfies PromptHostData['open'];
  };

  // Opening moves focus into the card; Escape closes it.
  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const act = () => {
    close(false);
    const contact = document.getElementById('contact');
    contact?.scrollIntoView({ block: 'start' });
    contact?.querySelector<HTMLElement>('h2[tabindex]')?.focus({ preventScroll: true });
  };

  return (
    <div
      ref={card}
      id="prompt-card"
      role="dialog"
      aria-labelledby="prompt-card-title"
      aria-describedby="prompt-card-message"
      hidden={!open}
      className="pointer-events-auto w-[min(20rem,calc(100vw-2rem))] rounded-2xl border border-line bg-white p-5 text-ink shadow-lg"
      data-prompt-card
      data-section={section ?? ''}
    >
      <div className="flex items-start justify-between gap-3">
        <p id="prompt-card-title" className="font-display text-lg font-bold">
          {title}
        </p>
        <button ref={closeRef} type="button" className="modal-close -mr-3 -mt-3" aria-label={copy.close} onClick={() => close(true)}>
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <p id="prompt-card-message" className="mt-2 text-ink-soft">
        {message}
      </p>
      <button type="button" className="btn btn-primary mt-4 w-full" onClick={act}>
        {cta}
      </button>
    </div>
  );
}
