/**
 * Signs out from the header of a public page (src/components/site/Header.astro), and refreshes
 * an expired admin session for a thank-you page (src/features/tracking/own-visit.ts). Renders
 * nothing but its anchor: the button is static markup, and the page script writes the request
 * on this island's element and wakes it (contract.ts), so supabase-js loads only when a
 * signed-in admin signs out, or when her expired session must be refreshed.
 */
import { useEffect, useRef } from 'react';
import { getSupabase } from '~/lib/supabase';
import { hostOf, useHostElement } from '~/lib/use-host-element';
import type { SignOutHostData } from './contract';
import { refreshStoredSession, signOutAndGoHome } from './sign-out';

export default function SignOut() {
  const anchor = useRef<HTMLSpanElement>(null);
  const { request } = useHostElement(anchor, 'parent').data as SignOutHostData;
  useEffect(() => {
    const host = anchor.current ? hostOf(anchor.current, 'parent') : null;
    if (!host) return;
    if (request === 'sign-out') void signOutAndGoHome(getSupabase());
    if (request === 'session') void refreshStoredSession(getSupabase(), host.dataset as SignOutHostData);
  }, [request]);
  return <span ref={anchor} hidden />;
}
