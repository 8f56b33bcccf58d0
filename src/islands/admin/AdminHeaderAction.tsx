/** The header's Sign In / Sign Out on admin paths (Sign Out signs out, then goes to /). */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Settings } from '~/lib/content-schemas';
import { getSupabase } from '~/lib/supabase';
import { $auth, startAuth } from '~/stores/auth';

export default function AdminHeaderAction({ signIn, signOut }: Pick<Settings, 'signIn' | 'signOut'>) {
  const { user } = useStore($auth);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    startAuth(getSupabase());
  }, []);

  if (!user) {
    return (
      <a href="/auth" className="btn-ghost">
        {signIn}
      </a>
    );
  }

  async function leave() {
    setBusy(true);
    const { error } = await getSupabase().auth.signOut();
    if (error) console.error('Sign out failed:', error.message);
    window.location.assign('/');
  }

  return (
    <button type="button" className="btn-ghost" onClick={leave} disabled={busy}>
      {signOut}
    </button>
  );
}
