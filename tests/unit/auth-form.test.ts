// @vitest-environment jsdom
/** The /auth form rendered in jsdom, its supabase client replaced by a fake whose answers each test holds. */
import { createClient } from '@supabase/supabase-js';
import { act, createElement } from 'react';
import { type Root, createRoot } from 'react-dom/client';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import AuthForm from '~/features/auth/AuthForm';
import authPage from '../../src/content/pages/auth.json';

const fake = vi.hoisted(() => ({ client: undefined as unknown }));
vi.mock('~/lib/supabase', () => ({ getSupabase: () => fake.client }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const { seo: _seo, ...copy } = authPage;
const noSession = { data: { session: null, user: null }, error: null };

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const auth = {
  signInWithPassword: vi.fn(),
  signUp: vi.fn(),
  resend: vi.fn(),
  onAuthStateChange: () => ({ data: { subscription: { unsubscribe() {} } } }),
};

let root: Root;
let host: HTMLElement;

beforeEach(async () => {
  fake.client = { auth };
  host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
  await act(async () => root.render(createElement(AuthForm, { copy })));
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.resetAllMocks();
});

const q = <T extends Element>(selector: string) => host.querySelector<T>(selector)!;
const button = (label: string) => [...host.querySelectorAll('button')].find((b) => b.textContent === label);
const notice = () => host.querySelector('[role="alert"], [role="status"]')?.textContent ?? null;

function type(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

async function fillAndSubmit(email = 'member@example.com', password = 'secret1') {
  await act(async () => {
    type(q('input[name="email"]'), email);
    type(q('input[name="password"]'), password);
  });
  await act(async () => q<HTMLFormElement>('form').requestSubmit());
}

/** Signs up into the confirmation prompt, which offers the resend button. */
async function toConfirmationPrompt() {
  auth.signUp.mockResolvedValue({ data: { session: null, user: { identities: [{}] } }, error: null });
  await act(async () => button(copy.form.toSignUp)!.click());
  await fillAndSubmit();
}

it('describes each mode: sign in, then sign up', async () => {
  expect(q('p').textContent).toBe('Sign in to access your account');
  await act(async () => button(copy.form.toSignUp)!.click());
  expect(q('h1').textContent).toBe('Create Account');
  expect(q('p').textContent).toBe('Sign up for a new account');
});

it('has a required e-mail field of type email, a required password of at least 6, and Back to Home', () => {
  const email = q<HTMLInputElement>('input[name="email"]');
  const password = q<HTMLInputElement>('input[name="password"]');
  expect([email.type, email.required]).toEqual(['email', true]);
  expect([password.required, password.minLength]).toEqual([true, 6]);
  const home = [...host.querySelectorAll('a')].find((a) => a.textContent === 'Back to Home');
  expect(home?.getAttribute('href')).toBe('/');
});

it('does not send a form whose e-mail is empty or not an address', async () => {
  await fillAndSubmit('', 'secret1');
  await fillAndSubmit('not-an-address', 'secret1');
  expect(auth.signInWithPassword).not.toHaveBeenCalled();
});

it('reads Please wait... and is disabled while the request is in flight', async () => {
  const pending = deferred<typeof noSession>();
  auth.signInWithPassword.mockReturnValue(pending.promise);
  await fillAndSubmit();
  const submit = q<HTMLButtonElement>('button[type="submit"]');
  expect([submit.textContent, submit.disabled]).toEqual(['Please wait...', true]);
  await act(async () => pending.resolve(noSession));
  expect([submit.textContent, submit.disabled]).toEqual(['Sign In', false]);
});

it('shows An unexpected error occurred when the request throws', async () => {
  auth.signInWithPassword.mockRejectedValue(new TypeError('Failed to fetch'));
  await fillAndSubmit();
  expect(host.querySelector('[role="alert"]')?.textContent).toBe('An unexpected error occurred. Please try again.');
});

it('resend reads Sending... while sending, and shows the failure message when it throws', async () => {
  await toConfirmationPrompt();
  const pending = deferred<never>();
  auth.resend.mockReturnValue(pending.promise);
  await act(async () => button('Resend Confirmation Email')!.click());
  expect(button('Sending...')?.disabled).toBe(true);
  await act(async () => pending.reject(new TypeError('Failed to fetch')));
  expect(host.querySelector('[role="alert"]')?.textContent).toBe('Failed to resend confirmation email. Please try again.');
  expect(button('Resend Confirmation Email')?.disabled).toBe(false);
});

it('offers no resend without an e-mail', async () => {
  await toConfirmationPrompt();
  expect(button('Resend Confirmation Email')).toBeDefined();
  await act(async () => type(q('input[name="email"]'), ''));
  expect(button('Resend Confirmation Email')).toBeUndefined();
  expect(auth.resend).not.toHaveBeenCalled();
});

it('toggling the mode clears a success message and an error message', async () => {
  await toConfirmationPrompt();
  expect(notice()).toBe(copy.messages.signUpSuccess);
  await act(async () => button(copy.form.toSignIn)!.click());
  expect(notice()).toBeNull();

  auth.signInWithPassword.mockResolvedValue({ data: { session: null, user: null }, error: { message: 'Invalid login credentials', code: 'invalid_credentials' } });
  await fillAndSubmit();
  expect(notice()).toBe(copy.messages.invalidCredentials);
  await act(async () => button(copy.form.toSignUp)!.click());
  expect(notice()).toBeNull();
});

it('supabase-js refuses a sign-in without e-mail or phone, before any request', async () => {
  const fetch = vi.fn();
  const client = createClient('http://127.0.0.1:9', 'anon', { auth: { persistSession: false, autoRefreshToken: false }, global: { fetch } });
  const { error } = await client.auth.signInWithPassword({ password: 'secret1' } as never);
  expect(error?.message).toBe('You must provide either an email or phone number and a password');
  expect(fetch).not.toHaveBeenCalled();
});
