/**
 * What Decap shows where its own sign-in would be: nothing to press. The editor signs in at once
 * with the site's session (the backend's `authenticate`); without one, a link to the site's
 * sign-in, which comes back to the editor.
 */
import { useEffect, useRef } from 'react';
import { signInHref } from '~/features/auth/auth-return';
import type { ContentEditorCopy } from '../../shared/schema';
import { contentEditorPath as EDITOR_PATH } from '~/features/admin/admin-areas';

interface Props {
  onLogin: (credentials: Record<string, never>) => void;
  error?: string;
}

export function autoSignIn(copy: ContentEditorCopy['signIn']) {
  return function AuthPage({ onLogin, error }: Props) {
    const tried = useRef(false);
    useEffect(() => {
      if (tried.current) return;
      tried.current = true;
      onLogin({});
    }, [onLogin]);
    return (
      <section className="flex min-h-[50vh] flex-col items-center justify-center gap-4 p-6 text-center" aria-live="polite">
        {error ? (
          <>
            <p className="text-ink-soft">{copy.signedOut}</p>
            <a className="btn btn-primary" href={signInHref(EDITOR_PATH)}>
              {copy.link}
            </a>
          </>
        ) : (
          <p className="text-ink-soft">{copy.checking}</p>
        )}
      </section>
    );
  };
}
