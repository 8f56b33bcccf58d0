/** The header's Sign In / Sign Out on admin paths (Sign In returns here; Sign Out signs out, then goes to /). */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { signInHref } from '~/features/auth/auth-return';
import type { Settings } from '~/lib/settings-schema';
import { signOutAndGoHome } from '~/features/auth/sign-out';
import { getSupabase } from '~/lib/supabase';
import { $auth, startAuth } from '~/features/auth/store';

export default function AdminHeaderAction({ signIn, signOut }: Pick<Settings, 'signIn' | 'signOut'>) {
  const { user } = useStore($auth);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    startAuth(getSupabase());
  }, []);

  if (!user) {
    return (
      <a href={signInHref(window.location.pathname)} className="btn-ghost">
        {signIn}
      </a>
    );
  }

  async function leave() {
    setBusy(true);
    await signOutAndGoHome(getSupabase());
  }

  return (
    <button type="button" className="btn-ghost" onClick={leave} disabled={busy}>
      {signOut}
    </button>
  );
}
