import { sqlState } from '../../supabase/local/db.ts';

/** The SQLSTATE a database call fails with ('42501': permission denied), or 'no error'. */
export async function sqlError(fn: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await fn();
  } catch (error) {
    return sqlState(error);
  }
  return 'no error';
}
