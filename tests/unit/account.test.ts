// @vitest-environment jsdom
/**
 * The header's account actions (an admin's, an editor's) and Sign out: the page script (src/features/auth/account.ts) and the island
 * side (src/features/auth/admin-session.ts, src/features/auth/SignOut.tsx, src/features/auth/sign-out.ts) share no module,
 * so these tests hold their names and their hand-over (on the island's element) together.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_SESSION_KEY as PAGE_KEY, enhanceAccount } from '~/features/auth/account';
import { ADMIN_SESSION_KEY, EDITOR_SESSION_KEY, rememberRole } from '~/features/auth/admin-session';
import type { SignOutHostData } from '~/features/auth/contract';
import { SIGN_OUT_HOST_ID } from '~/features/auth/ids';
import { signOutAndGoHome } from '~/features/auth/sign-out';
import { $auth } from '~/features/auth/store';
import { WANTED_ATTRIBUTE } from '~/integrations/on-demand-islands/contract';
import { contentEditorPath } from '~/features/admin/admin-areas';

/** The header's parts as Header.astro writes them: each names the session it shows for. */
const HEADER = `<div data-session="${ADMIN_SESSION_KEY}" hidden><a href="/admin">Admin</a><button type="button" data-sign-out>Sign Out</button></div>
<div data-session="${EDITOR_SESSION_KEY}" hidden><a href="/admin/content">Edit content</a><button type="button" data-sign-out>Sign Out</button></div>
<div data-session="${ADMIN_SESSION_KEY}" hidden><button type="button" data-sign-out>Sign Out</button></div>
<div id="${SIGN_OUT_HOST_ID}" hidden><astro-island></astro-island></div>`;

const shownParts = () => [...document.querySelectorAll<HTMLElement>('[data-session]')].map((part) => !part.hidden);

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
});

describe('the header for a signed-in admin or editor', () => {
  it('uses the same names on both sides', () => {
    expect(PAGE_KEY).toBe(ADMIN_SESSION_KEY);
  });

  it('stays hidden for a visitor the browser does not know as an admin or an editor', () => {
    document.body.innerHTML = HEADER;
    enhanceAccount(document);
    expect(shownParts()).toEqual([false, false, false]);
    rememberRole(null);
    enhanceAccount(document);
    expect(shownParts()).toEqual([false, false, false]);
  });

  it('shows a remembered editor her link to the content editor and Sign out, not the admin’s', () => {
    rememberRole('editor');
    document.body.innerHTML = HEADER;
    enhanceAccount(document);
    expect(shownParts()).toEqual([false, true, false]);
    const shown = document.querySelector<HTMLElement>(`[data-session="${EDITOR_SESSION_KEY}"]`)!;
    expect(shown.querySelector('a')!.getAttribute('href')).toBe(contentEditorPath);
    expect(shown.querySelector('[data-sign-out]')).not.toBeNull();
  });

  // One test: the page script runs once per page, and its click listener stays on the document.
  it('shows the Admin link and Sign out for a remembered admin, and hands the first tap on Sign out to the island', () => {
    rememberRole('admin');
    document.body.innerHTML = HEADER;
    enhanceAccount(document);
    expect(shownParts()).toEqual([true, false, true]);
    document.querySelector<HTMLButtonElement>('[data-sign-out]')!.click();
    const host = document.getElementById(SIGN_OUT_HOST_ID)!;
    expect(host.querySelector('astro-island')!.hasAttribute(WANTED_ATTRIBUTE)).toBe(true);
    expect([...document.querySelectorAll<HTMLButtonElement>('[data-sign-out]')].every((button) => button.disabled)).toBe(true);
    expect((host.dataset as SignOutHostData).request).toBe('sign-out');
    expect(document.querySelector('a')!.getAttribute('href'), 'an admin’s link goes to the dashboard').toBe('/admin');
  });
});

describe('signing out', () => {
  it('ends this browser’s session only, forgets the admin and goes home', async () => {
    rememberRole('admin');
    // The sign-out's own SIGNED_OUT comes while it runs: by then the page is leaving for home.
    const leavingWhenSignedOut: boolean[] = [];
    const signOut = vi.fn(async () => {
      leavingWhenSignedOut.push($auth.get().leaving);
      return { error: null };
    });
    const assign = vi.fn();
    await signOutAndGoHome({ auth: { signOut } } as never, { location: { assign } } as unknown as Window);
    expect(signOut).toHaveBeenCalledExactlyOnceWith({ scope: 'local' });
    expect(leavingWhenSignedOut, '/admin’s guard does not send the page to /auth').toEqual([true]);
    expect(localStorage.getItem(ADMIN_SESSION_KEY)).toBeNull();
    expect(assign).toHaveBeenCalledWith('/');
    rememberRole('editor');
    await signOutAndGoHome({ auth: { signOut } } as never, { location: { assign } } as unknown as Window);
    expect(localStorage.getItem(EDITOR_SESSION_KEY), 'an editor is forgotten too').toBeNull();
  });

  it('still leaves, logging why, when the backend refuses', async () => {
    rememberRole('admin');
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const assign = vi.fn();
    await signOutAndGoHome({ auth: { signOut: async () => ({ error: new Error('offline') }) } } as never, { location: { assign } } as unknown as Window);
    expect(error).toHaveBeenCalledWith('Sign out failed:', 'offline');
    expect(localStorage.getItem(ADMIN_SESSION_KEY)).toBeNull();
    expect(assign).toHaveBeenCalledWith('/');
    error.mockRestore();
  });
});
