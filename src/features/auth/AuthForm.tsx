/**
 * The /auth screen: sign in and sign up with e-mail and password, resend of the confirmation
 * e-mail, and the catalogue's messages (src/features/auth/auth-messages.ts). A signed-in visitor goes to the
 * page that sent them here (`?next=`, same-site paths only: src/features/auth/auth-return.ts), else an
 * admin to /admin and anyone else to /.
 * Hydrates on first use (`client:on-demand`, src/features/auth/auth-load.ts); what the visitor did
 * before that is held by src/features/auth/auth-early.ts and replayed here.
 */
import { useStore } from '@nanostores/react';
import { type SubmitEvent, useEffect, useId, useRef, useState } from 'react';
import { heldIntents, replayHeld } from '~/features/auth/auth-load';
import { type Notice, resendOutcome, signInOutcome, signUpOutcome } from '~/features/auth/auth-messages';
import { homeFor, returnPath } from '~/features/auth/auth-return';
import type { AuthFormCopy } from '~/features/auth/schema';
import { getSupabase } from '~/lib/supabase';
import { hostOf } from '~/lib/use-host-element';
import { $auth, startAuth } from '~/features/auth/store';
import type { AuthFormData } from './contract';

type Mode = 'signIn' | 'signUp';

const inputClass =
  'mt-1 block min-h-12 w-full rounded-xl border border-ink-muted/60 bg-white px-4 text-base text-ink placeholder:text-ink-muted focus:border-brand-strong';

/** Where the confirmation link lands: /auth, whose client reads the session from the link. */
function confirmationRedirect(): string {
  return `${window.location.origin}/auth`;
}

/** From now on the form handles its events; returns what the visitor did before (held on the island's element). */
function takeHeldActions(root: HTMLElement | null) {
  const host = root ? hostOf(root, 'parent') : null;
  if (!host) return replayHeld([]);
  const data = host.dataset as AuthFormData;
  data.ready = 'true';
  const held = replayHeld(heldIntents(data.held));
  delete data.held;
  return held;
}

export default function AuthForm({ copy }: { copy: AuthFormCopy }) {
  const { user, adminPending, role } = useStore($auth);
  const [mode, setMode] = useState<Mode>('signIn');
  const [email, setEmail] = useState('');
  // Uncontrolled fields: what a visitor types before hydration is kept.
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [offerResend, setOfferResend] = useState(false);
  // The server renders the buttons disabled: without JavaScript a native submit can never carry
  // the password. With it, src/features/auth/auth-early.ts enables them before hydration, so their
  // `disabled` differs from the first render on purpose (suppressHydrationWarning on each).
  const [ready, setReady] = useState(false);
  const [submitHeld, setSubmitHeld] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const ids = { email: useId(), password: useId(), heading: useId() };

  useEffect(() => {
    const held = takeHeldActions(rootRef.current);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- hydration: the server's render is kept, then what was done before it is applied
    setReady(true);
    setEmail(emailRef.current?.value ?? '');
    startAuth(getSupabase());
    if (held.switchMode) setMode('signUp');
    if (held.revealPassword) setShowPassword(true);
    setSubmitHeld(held.submit);
  }, []);
  // A submit held before hydration is sent once the held mode switch has rendered.
  useEffect(() => {
    if (!submitHeld) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the held submit waits for one render (of the held mode switch)
    setSubmitHeld(false);
    formRef.current?.requestSubmit();
  }, [submitHeld]);
  // Once the role is known, so every page's header knows whether to offer the dashboard.
  useEffect(() => {
    if (user && !adminPending) window.location.replace(returnPath(window.location.search, window.location.origin, homeFor(role)));
  }, [user, adminPending, role]);

  const current = copy[mode];

  function toggleMode() {
    setMode(mode === 'signIn' ? 'signUp' : 'signIn');
    setNotice(null);
    setOfferResend(false);
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setNotice(null);
    const email = emailRef.current?.value ?? '';
    const password = passwordRef.current?.value ?? '';
    try {
      const auth = getSupabase().auth;
      const outcome =
        mode === 'signIn'
          ? await auth.signInWithPassword({ email, password }).then(({ data, error }) => signInOutcome({ error, hasSession: Boolean(data.session) }, copy.messages))
          : await auth
              .signUp({ email, password, options: { emailRedirectTo: confirmationRedirect() } })
              .then(({ data, error }) => signUpOutcome({ error, hasSession: Boolean(data.session), identities: data.user?.identities }, copy.messages));
      setNotice(outcome.notice);
      setOfferResend(outcome.offerResend);
    } catch {
      setNotice({ tone: 'error', text: copy.messages.unexpected });
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    if (!email) return;
    setResending(true);
    try {
      const { error } = await getSupabase().auth.resend({ type: 'signup', email, options: { emailRedirectTo: confirmationRedirect() } });
      setNotice(resendOutcome(error, copy.messages));
    } catch {
      setNotice({ tone: 'error', text: copy.messages.resendFailed });
    } finally {
      setResending(false);
    }
  }

  return (
    <div ref={rootRef} className="mx-auto max-w-md rounded-2xl bg-white p-6 shadow-lg sm:p-8" data-auth-form>
      <h1 id={ids.heading} className="text-3xl font-extrabold">
        {current.title}
      </h1>
      <p className="mt-2 text-ink-muted">{current.description}</p>

      <form ref={formRef} className="mt-6 space-y-4" method="post" onSubmit={submit} aria-labelledby={ids.heading}>
        <div>
          <label htmlFor={ids.email} className="text-sm font-semibold text-ink">
            {copy.form.emailLabel}
          </label>
          <input
            id={ids.email}
            type="email"
            name="email"
            autoComplete="email"
            required
            ref={emailRef}
            placeholder={copy.form.emailPlaceholder}
            onChange={(event) => setEmail(event.target.value)}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={ids.password} className="text-sm font-semibold text-ink">
            {copy.form.passwordLabel}
          </label>
          <div className="relative">
            <input
              id={ids.password}
              type={showPassword ? 'text' : 'password'}
              name="password"
              autoComplete={mode === 'signIn' ? 'current-password' : 'new-password'}
              required
              minLength={6}
              ref={passwordRef}
              placeholder={copy.form.passwordPlaceholder}
              className={`${inputClass} pr-14`}
            />
            <button
              type="button"
              disabled={!ready}
              suppressHydrationWarning
              data-auth-intent="reveal"
              onClick={() => setShowPassword(!showPassword)}
              aria-label={showPassword ? copy.form.hidePassword : copy.form.showPassword}
              aria-pressed={showPassword}
              aria-controls={ids.password}
              className="absolute inset-y-0 right-1 my-auto flex h-11 w-11 items-center justify-center rounded-full text-ink-soft hover:bg-sand"
            >
              <EyeIcon crossed={showPassword} />
            </button>
          </div>
        </div>

        {notice && (
          <p
            role={notice.tone === 'error' ? 'alert' : 'status'}
            className={
              notice.tone === 'error'
                ? 'rounded-xl border border-destructive/40 bg-destructive-soft p-4 text-sm text-destructive'
                : 'rounded-xl border border-line bg-sand-light p-4 text-sm text-ink-soft'
            }
          >
            {notice.text}
          </p>
        )}

        <button type="submit" className="btn btn-primary w-full" disabled={busy || !ready} suppressHydrationWarning>
          {busy ? copy.form.busy : current.submit}
        </button>

        {offerResend && email && (
          <button type="button" className="btn btn-outline w-full" onClick={resend} disabled={resending}>
            {resending ? copy.form.resendBusy : copy.form.resend}
          </button>
        )}
      </form>

      <p className="mt-6 text-center">
        <button
          type="button"
          disabled={!ready}
          suppressHydrationWarning
          data-auth-intent="toggle"
          onClick={toggleMode}
          className="rounded text-sm font-semibold text-brand-strong underline-offset-4 hover:underline"
        >
          {mode === 'signIn' ? copy.form.toSignUp : copy.form.toSignIn}
        </button>
      </p>
      <a href="/" className="btn btn-outline mt-6 w-full">
        {copy.backHome}
      </a>
    </div>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M4 4l16 16" />}
    </svg>
  );
}
