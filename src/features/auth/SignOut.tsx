/**
 * Signs out from the header of a public page (src/components/site/Header.astro). Renders nothing
 * but its anchor: the button is static markup, and src/features/auth/account.ts writes the request
 * on this island's element and wakes it on the first tap (contract.ts), so supabase-js loads only
 * when a signed-in admin signs out.
 */
import { useEffect, useRef } from 'react';
import { getSupabase } from '~/lib/supabase';
import { hostOf } from '~/lib/use-host-element';
import type { SignOutHostData } from './contract';
import { signOutAndGoHome } from './sign-out';

export default function SignOut() {
  const anchor = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const host = anchor.current ? hostOf(anchor.current, 'parent') : null;
    if (host && (host.dataset as SignOutHostData).request === 'sign-out') void signOutAndGoHome(getSupabase());
  }, []);
  return <span ref={anchor} hidden />;
}
