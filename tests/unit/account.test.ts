// @vitest-environment jsdom
/**
 * The header's Admin link and Sign out: the page script (src/enhancers/account.ts) and the island
 * side (src/lib/admin-session.ts, src/islands/SignOut.tsx, src/lib/sign-out.ts) share no module,
 * so these tests hold their names and their hand-over together.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_SESSION_KEY as PAGE_KEY, enhanceAccount, SIGN_OUT_ISLAND as PAGE_ISLAND } from '~/enhancers/account';
import { ISLAND_MAIL, ISLAND_REQUESTS } from '~/enhancers/islands';
import { ADMIN_SESSION_KEY, rememberAdmin } from '~/lib/admin-session';
import { signOutAndGoHome } from '~/lib/sign-out';
import { onPageMessage } from '~/islands/page-messages';
import { SIGN_OUT_ISLAND } from '~/islands/SignOut';

const HEADER = `<div data-admin-actions hidden><a href="/admin">Admin</a><button type="button" data-sign-out>Sign Out</button></div>
<div data-admin-actions hidden><button type="button" data-sign-out>Sign Out</button></div>`;

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
  delete (window as unknown as Record<string, unknown>)[ISLAND_MAIL];
  delete (window as unknown as Record<string, unknown>)[ISLAND_REQUESTS];
});

describe('the header for a signed-in admin', () => {
  it('uses the same names on both sides', () => {
    expect(PAGE_KEY).toBe(ADMIN_SESSION_KEY);
    expect(PAGE_ISLAND).toBe(SIGN_OUT_ISLAND);
  });

  it('stays hidden for a visitor the browser does not know as an admin', () => {
    document.body.innerHTML = HEADER;
    enhanceAccount(document);
    expect([...document.querySelectorAll<HTMLElement>('[data-admin-actions]')].map((part) => part.hidden)).toEqual([true, true]);
    rememberAdmin(false);
    enhanceAccount(document);
    expect(document.querySelector<HTMLElement>('[data-admin-actions]')!.hidden).toBe(true);
  });

  // One test: the page script runs once per page, and its click listener stays on the document.
  it('shows the Admin link and Sign out for a remembered admin, and hands the first tap on Sign out to the island', () => {
    rememberAdmin(true);
    document.body.innerHTML = HEADER;
    enhanceAccount(document);
    expect([...document.querySelectorAll<HTMLElement>('[data-admin-actions]')].map((part) => part.hidden)).toEqual([false, false]);
    document.querySelector<HTMLButtonElement>('[data-sign-out]')!.click();
    expect((window as unknown as Record<string, Set<string>>)[ISLAND_REQUESTS]?.has(SIGN_OUT_ISLAND)).toBe(true);
    expect([...document.querySelectorAll<HTMLButtonElement>('[data-sign-out]')].every((button) => button.disabled)).toBe(true);
    const received: unknown[] = [];
    onPageMessage(SIGN_OUT_ISLAND, (message) => received.push(message));
    expect(received).toEqual([true]);
  });
});

describe('signing out', () => {
  it('ends the session, forgets the admin and goes home', async () => {
    rememberAdmin(true);
    const signOut = vi.fn(async () => ({ error: null }));
    const assign = vi.fn();
    await signOutAndGoHome({ auth: { signOut } } as never, { location: { assign } } as unknown as Window);
    expect(signOut).toHaveBeenCalledOnce();
    expect(localStorage.getItem(ADMIN_SESSION_KEY)).toBeNull();
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('still leaves, logging why, when the backend refuses', async () => {
    rememberAdmin(true);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const assign = vi.fn();
    await signOutAndGoHome({ auth: { signOut: async () => ({ error: new Error('offline') }) } } as never, { location: { assign } } as unknown as Window);
    expect(error).toHaveBeenCalledWith('Sign out failed:', 'offline');
    expect(localStorage.getItem(ADMIN_SESSION_KEY)).toBeNull();
    expect(assign).toHaveBeenCalledWith('/');
    error.mockRestore();
  });
});
