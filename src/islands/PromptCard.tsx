/**
 * The floating prompt's card (docs/product.md §4): the message of the section the visitor lingered on (or
 * the default greeting), an action button that scrolls to #contact and closes the card, and a
 * close button. Hydrates when first opened (`client:on-demand="prompt"`); which message to show
 * is decided by the framework-free watcher (src/enhancers/floating-prompt.ts), whose messages feed the store.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { PromptCopy, SectionPrompt } from '~/lib/content-schemas';
import { $prompt, PROMPT_CLOSE_EVENT } from '~/stores/prompt';

interface Props {
  copy: PromptCopy;
  prompts: SectionPrompt[];
}

const toggleButton = () => document.querySelector<HTMLButtonElement>('[data-prompt-toggle]');

export default function PromptCard({ copy, prompts }: Props) {
  const view = useStore($prompt);
  const [hydrated, setHydrated] = useState(false);
  const closeRef = useRef<HTMLButtonElement>(null);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- on purpose: the first render must match the server's HTML
  useEffect(() => setHydrated(true), []);

  // Until hydrated, render exactly what the server did (closed, default message).
  const open = hydrated && view.open;
  const section = hydrated ? view.section : null;
  const prompt = prompts.find((entry) => entry.id === section);
  const title = prompt?.title ?? copy.title;
  const message = prompt?.message ?? copy.message;
  const cta = prompt?.cta ?? copy.cta;

  const close = (returnFocus: boolean) => {
    // Focus first: once closed, the round button hides if the hero fills the screen, unless it
    // has the focus (src/enhancers/floating-prompt.ts), and a hidden button cannot take it.
    const toggle = toggleButton();
    if (returnFocus) toggle?.focus();
    $prompt.set({ ...$prompt.get(), open: false });
    toggle?.dispatchEvent(new Event(PROMPT_CLOSE_EVENT));
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
