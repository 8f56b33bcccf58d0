/**
 * Sign-up, confirmation, sign-in and the admin guard against the local Supabase stand-in
 * (started by `npm run preview`, which the e2e web server runs).
 */
import { expectNoAxeViolations } from './axe';
import { type Page, expect, test } from './fixtures';
import { ANON_KEY, accessToken } from './admin-helpers';
import { MEMBER_STATE } from './auth-state';
import { SUPABASE_URL, island, pageScriptsReady } from './helpers';

const SUPABASE = SUPABASE_URL;
const ADMIN = { email: 'admin@example.com', password: 'admin-password' };

async function signIn(page: Page, email: string, password: string, path = '/auth') {
  await page.goto(path);
  await fillSignIn(page, email, password);
}

async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

async function confirmationLink(page: Page, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get(`${SUPABASE}/_local/outbox`)).json()) as { to: string; link: string }[];
      link = mails.filter((mail) => mail.to === email).at(-1)?.link;
      return link;
    })
    .toBeTruthy();
  return link!;
}

test.describe(() => {
  // Signing in before confirming (400) and resending too soon (429) are refused on purpose.
  test.use({ allowedErrors: /status of 400|status of 429/ });

  test('sign up, confirm from the e-mail, sign in: a member sees Access Denied', async ({ page, baseURL }) => {
    const email = `member-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
    await page.goto('/auth');
    await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create Account');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('member-pass-1');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(page.getByRole('status')).toHaveText('Please check your email for a confirmation link to complete your registration.');
    await expect(page.getByRole('button', { name: 'Resend Confirmation Email' })).toBeVisible();

    // Signing in before confirming is refused with the catalogue's text and offers the resend.
    await page.getByRole('button', { name: 'Already have an account? Sign in' }).click();
    await expect(page.getByRole('button', { name: 'Resend Confirmation Email' })).toHaveCount(0);
    await page.getByLabel('Password', { exact: true }).fill('member-pass-1');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Please confirm your email address before signing in.');
    await page.getByRole('button', { name: 'Resend Confirmation Email' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please wait a moment before requesting another confirmation email.');

    // The link confirms the address and lands signed in on /auth, which forwards to /.
    const link = await confirmationLink(page, email);
    expect(new URL(link).searchParams.get('redirect_to')).toBe(`${baseURL}/auth`);
    await page.goto(link);
    await expect(page).toHaveURL(`${baseURL}/`);

    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Access Denied');
    await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
    await expect(page.getByText('Only administrators can access the admin panel.')).toBeVisible();
  });
});

test.describe(() => {
  test.use({ allowedErrors: /status of 400/ });

  test('a wrong password shows the catalogue message; the password can be shown', async ({ page }) => {
    await signIn(page, ADMIN.email, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password. Please try again.');
    const password = page.getByLabel('Password', { exact: true });
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });
});

test.describe(() => {
  test.use({ allowedErrors: /status of 400/ });

  test('the form loads no React or supabase-js until first used; a submit made before is sent once it has', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/auth');
    await pageScriptsReady(page);
    await expect(island(page, 'AuthForm')).toHaveAttribute('ssr', '');
    expect(scripts.filter((path) => /AuthForm|supabase|client\./.test(path))).toEqual([]);

    // The form's code is held back while the visitor fills the form and presses Enter.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_astro/AuthForm.*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expect(island(page, 'AuthForm')).toHaveAttribute('ssr', '');
    release();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password. Please try again.');
  });
});

test('the admin signs in at /auth and lands on the dashboard, signs out from the header and lands on /; her other browsers stay signed in', async ({ page, baseURL }) => {
  // Her session in another browser (the API's own sign-in): Sign Out ends this browser's only.
  const elsewhere = await accessToken(page, ADMIN);
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(`${baseURL}/admin`);
  await page.goto('/admin/assets');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard');
  await expect(page.getByText('Manage your site assets and integrations')).toBeVisible();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.endsWith('-auth-token')))).toEqual([]);
  await page.goto('/admin');
  await expect(page).toHaveURL(`${baseURL}/auth?next=%2Fadmin`);
  const user = await page.request.get(`${SUPABASE}/auth/v1/user`, { headers: { apikey: ANON_KEY, authorization: `Bearer ${elsewhere}` } });
  expect(user.status(), 'the other browser’s session').toBe(200);
});

test('an anonymous visitor on /admin is replaced by /auth (no history entry)', async ({ page, baseURL }) => {
  await page.goto('/');
  await page.goto('/admin');
  await expect(page).toHaveURL(`${baseURL}/auth?next=%2Fadmin`);
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(`${baseURL}/`);
});

test('sign-in from the /admin guard returns to the page asked for', async ({ page, baseURL }) => {
  await page.goto('/admin/assets');
  await expect(page).toHaveURL(`${baseURL}/auth?next=%2Fadmin%2Fassets`);
  await fillSignIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(`${baseURL}/admin/assets`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard');
});

test('sign-in never follows a next address off the site', async ({ page, baseURL }) => {
  // Signs in with the first; a signed-in visitor on /auth is sent on at once, so each other form
  // goes through the same code. More forms: tests/unit/auth-return.test.ts.
  const [first, ...others] = ['/.//evil.example', '//evil.example/admin', '/%2e//evil.example', '/a/..//evil.example', '/./\\evil.example', '/admin/..//evil.example'];
  await signIn(page, ADMIN.email, ADMIN.password, `/auth?${new URLSearchParams({ next: first! })}`);
  await expect(page).toHaveURL(`${baseURL}/admin`);
  for (const next of others) {
    await page.goto(`/auth?${new URLSearchParams({ next })}`);
    await expect(page, next).toHaveURL(`${baseURL}/admin`);
  }
});

// Signs in on its own, so the session it ends is its own.
test('a signed-in admin finds Admin and Sign Out in the header of every page; the first tap signs out', { tag: '@mobile' }, async ({ page, baseURL, isMobile }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(`${baseURL}/admin`);
  await page.goto('/guides');
  await pageScriptsReady(page);
  const header = page.getByRole('banner');
  if (isMobile) await header.locator('[data-mobile-menu] summary').click();
  await expect(header.getByRole('link', { name: 'Admin', exact: true })).toHaveAttribute('href', '/admin');
  // The island that signs out hydrates on this tap, then leaves for /.
  const home = page.waitForEvent('domcontentloaded');
  await header.getByRole('button', { name: 'Sign Out' }).click();
  await home;
  await expect(page).toHaveURL(`${baseURL}/`);
  await pageScriptsReady(page);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.endsWith('-auth-token') || key === 'admin_session'))).toEqual([]);
  await expect(header.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
});

test('a signed-in admin on /auth goes to the dashboard', async ({ page, baseURL }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(`${baseURL}/admin`);
  await page.goto('/auth');
  await expect(page).toHaveURL(`${baseURL}/admin`);
});

test('the header shows Sign In on admin paths only, and no Admin link to a visitor', async ({ page }) => {
  await page.goto('/');
  await pageScriptsReady(page);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
});

test.describe(() => {
  test.use({ storageState: MEMBER_STATE });

  test('a signed-in member on /auth goes to /', async ({ page, baseURL }) => {
    await page.goto('/auth');
    await expect(page).toHaveURL(`${baseURL}/`);
  });

  test('a signed-in member on /admin sees Access Denied, and the header offers Sign Out', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Access Denied');
    await expect(page.getByText('Only administrators can access the admin panel.')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/');
    await pageScriptsReady(page);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
  });
});
