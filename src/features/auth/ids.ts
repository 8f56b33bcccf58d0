/** The element the sign-out island is placed in: written by SiteLayout.astro, found by account.ts. */
export const SIGN_OUT_HOST_ID = 'sign-out-island';

/** The element the /auth form's island is placed in: written by src/pages/auth.astro, found by auth-early.ts. */
export const AUTH_FORM_HOST_ID = 'auth-form-island';
