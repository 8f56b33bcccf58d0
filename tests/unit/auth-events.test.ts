// @vitest-environment jsdom
/** The auth store's handling of each supabase-js auth event, and the guard's spinner, with a fake client. */
import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import AdminGuard from '~/features/admin/AdminGuard';
import type { AdminCopy } from '~/features/admin/schema';
import { $auth, startAuth } from '~/features/auth/store';
import adminPage from '../../src/content/pages/admin.json';

const fake = vi.hoisted(() => ({ client: undefined as unknown }));
vi.mock('~/lib/supabase', () => ({ getSupabase: () => fake.client }));
// The content editor is drawn elsewhere: here only whether the guard chose it.
vi.mock('~/features/admin/ContentEditorSlot', () => ({ default: () => createElement('p', { id: 'content-editor' }, 'the content editor') }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Listener = (event: AuthChangeEvent, session: Session | null) => void;
let emit: Listener;
/** User ids whose role check ran, in order. */
let checked: string[];
let admins: Set<string>;
/** Role rows beyond the admins' (a user may hold several). */
let roles: Map<string, string[]>;
let stop: () => void;

/** user_roles as PostgREST answers a select of the user's rows: a list (RLS shows only hers). */
function fakeClient() {
  const rowsOf = (userId: string) => [...(admins.has(userId) ? ['admin'] : []), ...(roles.get(userId) ?? [])].map((role) => ({ role }));
  const query = {
    select: () => query,
    eq: async (column: string, value: string) => {
      expect(column).toBe('user_id');
      checked.push(value);
      return { data: rowsOf(value), error: null };
    },
  };
  return {
    auth: {
      onAuthStateChange: (listener: Listener) => {
        emit = listener;
        return { data: { subscription: { unsubscribe() {} } } };
      },
    },
    from: () => query,
  };
}

const session = (id: string, token = 'access') => ({ access_token: token, user: { id } }) as unknown as Session;
const initial = $auth.get();

beforeEach(() => {
  vi.useFakeTimers();
  checked = [];
  admins = new Set(['admin-1']);
  roles = new Map([
    ['editor-1', ['editor']],
    ['both-1', ['editor', 'admin']],
    ['user-editor-1', ['user', 'editor']],
  ]);
  $auth.set(initial);
  fake.client = fakeClient();
  stop = startAuth(fake.client as Parameters<typeof startAuth>[0]);
});
afterEach(() => {
  stop();
  vi.useRealTimers();
});

/** Runs the deferred admin check and lets its answer land. */
const settle = () => vi.runAllTimersAsync();

it('defers the admin check on a change event: pending at once, run after the callback returns', async () => {
  emit('SIGNED_IN', session('admin-1'));
  expect($auth.get()).toMatchObject({ loading: false, adminPending: true, isAdmin: false });
  expect(checked).toEqual([]);
  await settle();
  expect(checked).toEqual(['admin-1']);
  expect($auth.get()).toMatchObject({ adminPending: false, isAdmin: true });
});

it('TOKEN_REFRESHED keeps the role of the same user without a new check, and takes the new session', async () => {
  emit('INITIAL_SESSION', session('admin-1'));
  await settle();
  const refreshed = session('admin-1', 'refreshed');
  emit('TOKEN_REFRESHED', refreshed);
  await settle();
  expect(checked).toEqual(['admin-1']);
  expect($auth.get()).toMatchObject({ session: refreshed, isAdmin: true, adminPending: false });
});

it('SIGNED_IN again for the same user (her session recovered when the tab shows again, or another tab opened) keeps her role, without a new check', async () => {
  emit('INITIAL_SESSION', session('editor-1'));
  await settle();
  const recovered = session('editor-1', 'recovered');
  emit('SIGNED_IN', recovered);
  expect($auth.get()).toMatchObject({ session: recovered, role: 'editor', adminPending: false });
  await settle();
  expect(checked).toEqual(['editor-1']);
  // Another user signing in is a sign-in: her role is checked.
  emit('SIGNED_IN', session('admin-1'));
  expect($auth.get()).toMatchObject({ adminPending: true });
  await settle();
  expect(checked).toEqual(['editor-1', 'admin-1']);
  expect($auth.get()).toMatchObject({ role: 'admin', adminPending: false });
});

it('the content editor stays on the page while the same user’s session is announced again: her unsaved changes stay', async () => {
  window.history.replaceState(null, '', '/admin/content');
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  await act(async () => root.render(createElement(AdminGuard, { copy: adminPage as unknown as AdminCopy, data: {} as never })));
  await act(async () => emit('INITIAL_SESSION', session('editor-1')));
  await act(settle);
  const editor = host.querySelector('#content-editor');
  expect(editor).not.toBeNull();
  await act(async () => emit('SIGNED_IN', session('editor-1', 'from another tab')));
  await act(settle);
  expect(host.querySelector('#content-editor'), 'the same element: never unmounted').toBe(editor);
  await act(async () => root.unmount());
  host.remove();
  window.history.replaceState(null, '', '/');
});

it.each(['USER_UPDATED', 'PASSWORD_RECOVERY', 'MFA_CHALLENGE_VERIFIED'] as const)('%s takes the session and checks the admin role again', async (event) => {
  emit('INITIAL_SESSION', session('member-1'));
  await settle();
  admins.add('member-1');
  const next = session('member-1', event);
  emit(event, next);
  expect($auth.get()).toMatchObject({ session: next, loading: false, adminPending: true });
  await settle();
  expect(checked).toEqual(['member-1', 'member-1']);
  expect($auth.get()).toMatchObject({ isAdmin: true, adminPending: false });
});

it('learns the role: an editor is no admin; a user holding both roles is an admin; other role rows count for nothing', async () => {
  for (const [id, role] of [
    ['editor-1', 'editor'],
    ['both-1', 'admin'],
    ['user-editor-1', 'editor'],
    ['member-1', null],
    ['admin-1', 'admin'],
  ] as const) {
    emit('SIGNED_IN', session(id));
    await settle();
    expect($auth.get(), id).toMatchObject({ role, isAdmin: role === 'admin', adminPending: false });
  }
  emit('SIGNED_OUT', null);
  await settle();
  expect($auth.get()).toMatchObject({ role: null, isAdmin: false });
});

it('SIGNED_OUT clears the user and isAdmin', async () => {
  emit('SIGNED_IN', session('admin-1'));
  await settle();
  expect($auth.get().isAdmin).toBe(true);
  emit('SIGNED_OUT', null);
  await settle();
  expect($auth.get()).toMatchObject({ user: null, session: null, isAdmin: false, adminPending: false });
});

it('a sign-out before the deferred admin check has run leaves isAdmin false', async () => {
  emit('SIGNED_IN', session('admin-1'));
  emit('SIGNED_OUT', null);
  await settle();
  expect($auth.get()).toMatchObject({ user: null, isAdmin: false, adminPending: false });
});

it('the guard shows Loading... until auth resolves and while the admin check runs, then Access Denied to a member', async () => {
  const host = document.body.appendChild(document.createElement('div'));
  const root = createRoot(host);
  const spinner = () => host.querySelector('[role="status"]')?.textContent;
  await act(async () => root.render(createElement(AdminGuard, { copy: adminPage as AdminCopy, data: {} as never })));
  expect(spinner()).toBe('Loading...');
  await act(async () => emit('INITIAL_SESSION', session('member-1')));
  expect(spinner()).toBe('Loading...');
  await act(settle);
  expect(spinner()).toBeUndefined();
  expect(host.querySelector('h1')?.textContent).toBe('Access Denied');
  act(() => root.unmount());
  host.remove();
});

it('the guard gives an admin and an editor the content editor on /admin/content, and a member Access Denied there', async () => {
  window.history.replaceState(null, '', '/admin/content');
  const host = document.body.appendChild(document.createElement('div'));
  const root = createRoot(host);
  try {
    await act(async () => root.render(createElement(AdminGuard, { copy: adminPage as AdminCopy, data: {} as never })));
    for (const [id, shows] of [
      ['editor-1', 'the content editor'],
      ['admin-1', 'the content editor'],
      ['member-1', 'Access Denied'],
    ] as const) {
      await act(async () => emit('SIGNED_IN', session(id)));
      expect(host.querySelector('[role="status"]')?.textContent, id).toBe('Loading...');
      await act(settle);
      expect(host.querySelector('#content-editor, h1')?.textContent, id).toBe(shows);
      expect(host.querySelector('[role="tablist"]'), id).toBeNull();
    }
  } finally {
    act(() => root.unmount());
    host.remove();
    window.history.replaceState(null, '', '/');
  }
});
