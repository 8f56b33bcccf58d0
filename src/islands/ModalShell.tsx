/**
 * The shell the site's modal dialogs share: a native <dialog> named by its title and described
 * by its description, a close button (a `method="dialog"` form, so it works before hydration),
 * and a body that scrolls within the viewport.
 */
import type { ReactNode } from 'react';

interface Props {
  /** `<name>` gives the ids `<name>-dialog`, `<name>-title` and `<name>-description`. */
  name: string;
  title: string;
  description: string;
  closeLabel: string;
  /** Tailwind width classes of the dialog. */
  widthClass: string;
  children: ReactNode;
}

export default function ModalShell({ name, title, description, closeLabel, widthClass, children }: Props) {
  return (
    <dialog id={`${name}-dialog`} aria-labelledby={`${name}-title`} aria-describedby={`${name}-description`} className={`modal-dialog ${widthClass}`}>
      <div className="flex max-h-[calc(100dvh-1.5rem)] flex-col overflow-y-auto p-5 sm:p-8">
        <div className="flex items-start justify-between gap-4">
          <h2 id={`${name}-title`} className="text-2xl font-extrabold sm:text-3xl">
            {title}
          </h2>
          <form method="dialog">
            <button type="submit" className="modal-close" aria-label={closeLabel}>
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
              </svg>
            </button>
          </form>
        </div>
        <p id={`${name}-description`} className="mt-2 text-ink-muted">
          {description}
        </p>
        {children}
      </div>
    </dialog>
  );
}
