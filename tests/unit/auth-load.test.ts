import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { inlineScript } from '~/integrations/inline-script';
import { authNeededAtLoad, heldIntents, isAuthIntent, replayHeld } from '~/features/auth/auth-load';
import { AUTH_FORM_HOST_ID } from '~/features/auth/ids';
import { WANTED_ATTRIBUTE } from '~/integrations/on-demand-islands/contract';

describe('authNeededAtLoad', () => {
  const plain = { hash: '', search: '' };

  it('is false for a visitor with no session and a plain address', () => {
    expect(authNeededAtLoad(plain, [])).toBe(false);
    expect(authNeededAtLoad({ hash: '#top', search: '?ref=nav' }, ['display-font-cached', 'sb-other'])).toBe(false);
  });

  it('is true when supabase-js has a stored session', () => {
    expect(authNeededAtLoad(plain, ['sb-127-auth-token'])).toBe(true);
    expect(authNeededAtLoad(plain, ['sb-abcdefghijklmnop-auth-token'])).toBe(true);
  });

  it("is true when a confirmation link's tokens or error are in the address", () => {
    expect(authNeededAtLoad({ hash: '#access_token=a&refresh_token=b&type=signup', search: '' }, [])).toBe(true);
    expect(authNeededAtLoad({ hash: '#error=access_denied&error_description=Email+link+is+invalid', search: '' }, [])).toBe(true);
    expect(authNeededAtLoad({ hash: '', search: '?code=8f1c' }, [])).toBe(true);
  });
});

describe('replayHeld', () => {
  it('adds the held actions up: two switches cancel out, a submit is sent once', () => {
    expect(replayHeld([])).toEqual({ switchMode: false, revealPassword: false, submit: false });
    expect(replayHeld(['toggle'])).toEqual({ switchMode: true, revealPassword: false, submit: false });
    expect(replayHeld(['toggle', 'toggle', 'reveal', 'submit', 'submit'])).toEqual({ switchMode: false, revealPassword: true, submit: true });
  });

  it('knows the intents the form buttons carry, and nothing else', () => {
    expect(['submit', 'toggle', 'reveal'].every(isAuthIntent)).toBe(true);
    expect(isAuthIntent('delete')).toBe(false);
    expect(isAuthIntent(undefined)).toBe(false);
  });
});

/** The /auth form as the server renders it (buttons disabled), followed by the inlined script. */
async function authPage(url = 'https://coach.test/auth', storage: Record<string, string> = {}) {
  const html = `<!doctype html><html><body>
    <div id="${AUTH_FORM_HOST_ID}"><astro-island><div data-auth-form><form method="post">
      <input name="email" type="email" value="a@b.co"><input name="password" type="password" value="secret1">
      <button type="button" disabled data-auth-intent="reveal">Show</button>
      <button type="submit" disabled>Sign In</button>
    </form><button type="button" disabled data-auth-intent="toggle">Sign up</button></div></astro-island></div>
  </body></html>`;
  const dom = new JSDOM(html, { url, runScripts: 'dangerously' });
  const win = dom.window;
  for (const [key, value] of Object.entries(storage)) win.localStorage.setItem(key, value);
  const script = win.document.createElement('script');
  script.textContent = await inlineScript('src/features/auth/auth-early.ts');
  win.document.body.append(script);
  const host = win.document.getElementById(AUTH_FORM_HOST_ID)!;
  return {
    win,
    doc: win.document,
    intents: () => (host.dataset.held === undefined ? undefined : heldIntents(host.dataset.held)),
    requested: () => (host.querySelector('astro-island')!.hasAttribute(WANTED_ATTRIBUTE) ? ['auth'] : []),
    markReady: () => (host.dataset.ready = 'true'),
  };
}

describe('the pre-hydration script of /auth', () => {
  it('enables the buttons and does not hydrate the form for a visitor who has done nothing', async () => {
    const page = await authPage();
    expect([...page.doc.querySelectorAll('button')].every((button) => !button.disabled)).toBe(true);
    expect(page.requested()).toEqual([]);
  });

  it('holds a click on a form button and a submit, and asks the form to hydrate', async () => {
    const page = await authPage();
    let submitted = 0;
    page.doc.addEventListener('submit', () => submitted++);
    page.doc.querySelector<HTMLButtonElement>('[data-auth-intent="toggle"]')!.click();
    expect(page.requested()).toEqual(['auth']);
    page.doc.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    expect(page.intents()).toEqual(['toggle', 'submit']);
    expect(submitted).toBe(0); // held: neither the page nor the browser sent the form
  });

  it('asks for the form at the first focus in it', async () => {
    const page = await authPage();
    page.doc.querySelector<HTMLInputElement>('input[name="email"]')!.focus();
    expect(page.requested()).toEqual(['auth']);
  });

  it('hydrates the form at once for a signed-in visitor or a confirmation link', async () => {
    expect((await authPage('https://coach.test/auth', { 'sb-coach-auth-token': '{}' })).requested()).toEqual(['auth']);
    expect((await authPage('https://coach.test/auth#access_token=x&type=signup')).requested()).toEqual(['auth']);
  });

  it('holds nothing once the form is ready', async () => {
    const page = await authPage();
    page.markReady();
    page.doc.querySelector<HTMLButtonElement>('[data-auth-intent="toggle"]')!.click();
    expect(page.intents()).toBeUndefined();
  });
});
