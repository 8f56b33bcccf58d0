/**
 * Signs out from the header of a public page (src/components/site/Header.astro). Renders nothing:
 * the button is static markup, and src/enhancers/account.ts asks this island to hydrate on its
 * first tap and sends it the request, so supabase-js loads only when a signed-in admin signs out.
 */
import { useEffect } from 'react';
import { getSupabase } from '~/lib/supabase';
import { signOutAndGoHome } from '~/lib/sign-out';
import { onPageMessage } from './page-messages';

/** The island's name for `client:on-demand` and its messages (the page side repeats it: tests/unit/account.test.ts). */
export const SIGN_OUT_ISLAND = 'sign-out';

export default function SignOut() {
  useEffect(() => onPageMessage(SIGN_OUT_ISLAND, () => void signOutAndGoHome(getSupabase())), []);
  return null;
}
