// @vitest-environment node
/** The auth nanostore against the real supabase-js client and the local stand-in. */
import type { AuthChangeEvent } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Standin } from '../../supabase/local/server.ts';
import { ADMIN_SESSION_KEY, EDITOR_SESSION_KEY } from '../../src/features/auth/admin-session';
import { $auth, checkRole, startAuth } from '../../src/features/auth/store';
import { ADMIN, EDITOR, MEMBER, client, startTestStandin } from '../support/standin.ts';

/** This browser's localStorage, where the store remembers an admin's session for every page's header. */
const stored = new Map<string, string>();
Object.defineProperty(globalThis, 'localStorage', {
  configurable: true,
  value: {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
    removeItem: (key: string) => stored.delete(key),
  },
});

let standin: Standin;
beforeAll(async () => {
  standin = await startTestStandin(0);
}, 90_000);
afterAll(async () => {
  await standin?.close();
}, 30_000);

const settled = () => expect.poll(() => !$auth.get().loading && !$auth.get().adminPending);

it('follows sign-in, the admin check, sign-out and a member', async () => {
  const supabase = client(standin);
  const events: AuthChangeEvent[] = [];
  supabase.auth.onAuthStateChange((event) => void events.push(event));
  const stop = startAuth(supabase);
  await settled().toBe(true);
  expect($auth.get()).toMatchObject({ user: null, session: null, isAdmin: false });

  await supabase.auth.signInWithPassword(ADMIN);
  await expect.poll(() => $auth.get().isAdmin).toBe(true);
  expect($auth.get().user?.email).toBe(ADMIN.email);
  expect(stored.has(ADMIN_SESSION_KEY), 'the admin is remembered for the header').toBe(true);

  await supabase.auth.signOut();
  await expect.poll(() => $auth.get().user).toBeNull();
  expect($auth.get().isAdmin).toBe(false);
  expect(stored.has(ADMIN_SESSION_KEY), 'forgotten on sign-out').toBe(false);

  await supabase.auth.signInWithPassword(MEMBER);
  await expect.poll(() => $auth.get().user?.email).toBe(MEMBER.email);
  await settled().toBe(true);
  expect($auth.get().isAdmin).toBe(false);
  expect(stored.has(ADMIN_SESSION_KEY), 'a member is no admin').toBe(false);
  expect(events).toEqual(expect.arrayContaining(['INITIAL_SESSION', 'SIGNED_IN', 'SIGNED_OUT']));
  stop();
});

it('learns an editor’s role, remembers her for the header apart from an admin, and forgets her on sign-out', async () => {
  const supabase = client(standin);
  const stop = startAuth(supabase);
  await supabase.auth.signInWithPassword(EDITOR);
  await expect.poll(() => $auth.get().role).toBe('editor');
  expect($auth.get()).toMatchObject({ isAdmin: false, adminPending: false });
  expect(stored.has(EDITOR_SESSION_KEY), 'the editor is remembered for the header').toBe(true);
  expect(stored.has(ADMIN_SESSION_KEY), 'not as an admin: the pixel and own visits stay an admin’s').toBe(false);
  await supabase.auth.signOut();
  await expect.poll(() => $auth.get().user).toBeNull();
  expect($auth.get().role).toBeNull();
  expect(stored.has(EDITOR_SESSION_KEY), 'forgotten on sign-out').toBe(false);
  stop();
});

it('a user holding both roles is an admin (one query of her rows, not a single row)', async () => {
  const { rows } = await standin.db.query<{ id: string }>('select id from auth.users where email = $1', [ADMIN.email]);
  await standin.db.query(`insert into public.user_roles (user_id, role) values ($1, 'editor')`, [rows[0]!.id]);
  try {
    const supabase = client(standin);
    await supabase.auth.signInWithPassword(ADMIN);
    expect(await checkRole(supabase, rows[0]!.id)).toBe('admin');
    await supabase.auth.signOut({ scope: 'local' });
  } finally {
    await standin.db.query(`delete from public.user_roles where user_id = $1 and role = 'editor'`, [rows[0]!.id]);
  }
});

it('a check that cannot answer (the page leaving mid-request, offline) keeps what this browser remembers', async () => {
  const supabase = client(standin);
  const offline = {
    auth: supabase.auth,
    from: () => {
      throw new TypeError('Failed to fetch');
    },
  } as unknown as Parameters<typeof startAuth>[0];
  const original = console.error;
  console.error = () => {};
  try {
    // Signed in on /auth, which remembered her; now /admin opens and its check is cut off.
    for (const [user, key] of [
      [ADMIN, ADMIN_SESSION_KEY],
      [EDITOR, EDITOR_SESSION_KEY],
    ] as const) {
      await supabase.auth.signInWithPassword(user);
      stored.set(key, '1');
      const stop = startAuth(offline);
      await expect.poll(() => $auth.get().user?.email).toBe(user.email);
      await settled().toBe(true);
      expect($auth.get(), 'the guard does not open on an unknown answer').toMatchObject({ isAdmin: false, role: null });
      expect(stored.has(key), 'the header keeps the Admin link').toBe(true);
      await supabase.auth.signOut({ scope: 'local' });
      await expect.poll(() => stored.has(key), { message: 'forgotten on sign-out' }).toBe(false);
      stop();
    }
  } finally {
    console.error = original;
  }
});

it('treats a failing admin check as not known and logs it', async () => {
  const broken = {
    from: () => {
      throw new Error('network down');
    },
  } as unknown as Parameters<typeof checkRole>[0];
  const errors: unknown[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => void errors.push(args);
  try {
    expect(await checkRole(broken, 'x')).toBeNull();
  } finally {
    console.error = original;
  }
  expect(errors).toHaveLength(1);
});
