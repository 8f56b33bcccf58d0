/**
 * Whose a stand-in is, and one stand-in per data folder. PGlite must never be opened by two
 * processes: a running stand-in holds `standin.lock` in its data folder, naming its URL and pid.
 * The project's commands read it to find this checkout's own stand-in wherever it runs. Plain
 * Node imports this file too (tools/supabase-local.mjs): erasable TypeScript only.
 */
import { readFileSync, realpathSync } from 'node:fs';
import { open, readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';

export const DEFAULT_DATA_DIR = '.local-data/supabase';
const LOCK_FILE = 'standin.lock';

export interface DataLock {
  pid: number;
  url: string;
}

/** The data folder STANDIN_DATA_DIR names (relative to the checkout), or null for `:memory:`. */
export function dataDirOf(env: NodeJS.ProcessEnv, root: string): string | null {
  return env.STANDIN_DATA_DIR === ':memory:' ? null : resolve(root, env.STANDIN_DATA_DIR ?? DEFAULT_DATA_DIR);
}

/** The checkout folder as `/_local/health` names it: absolute, symbolic links resolved. */
export function checkoutOf(root: string): string {
  try {
    return realpathSync(resolve(root));
  } catch {
    return resolve(root);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parse(text: string): DataLock | null {
  try {
    const lock = JSON.parse(text) as Partial<DataLock>;
    return typeof lock.pid === 'number' && typeof lock.url === 'string' ? { pid: lock.pid, url: lock.url } : null;
  } catch {
    return null;
  }
}

/** The stand-in running on this data folder now (its process alive), or null. */
export function runningOn(dataDir: string): DataLock | null {
  let text: string;
  try {
    text = readFileSync(join(dataDir, LOCK_FILE), 'utf8');
  } catch {
    return null;
  }
  const lock = parse(text);
  return lock && alive(lock.pid) ? lock : null;
}

/**
 * Takes the data folder for this process, or throws naming the stand-in that holds it. A lock
 * left by a process that is gone is taken over. Returns the release.
 */
export async function lockDataDir(dataDir: string, url: string): Promise<() => Promise<void>> {
  const file = join(dataDir, LOCK_FILE);
  const lock: DataLock = { pid: process.pid, url };
  const mine = JSON.stringify(lock);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(mine);
      await handle.close();
      return async () => {
        if ((await readFile(file, 'utf8').catch(() => '')) === mine) await rm(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = runningOn(dataDir);
      if (holder) {
        throw new Error(
          `the data folder ${dataDir} is in use by the stand-in on ${holder.url} (pid ${holder.pid}): use that one, stop it, or set STANDIN_DATA_DIR to another folder`,
        );
      }
      await rm(file, { force: true });
    }
  }
  throw new Error(`could not lock the data folder ${dataDir}`);
}
