/**
 * A real PostgreSQL server for tests (Debian's `postgresql` package): a throwaway cluster in a
 * temp folder on a free port, trust auth on 127.0.0.1 only, stopped and deleted afterwards.
 * Postgres refuses to run as root: as root the cluster belongs to the `postgres` user.
 * Where pg_cron is installed (Debian's `postgresql-<major>-cron`) the server preloads it, as
 * Supabase's does, with its jobs in the `postgres` database.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import postgres from 'postgres';

const BIN_ROOT = '/usr/lib/postgresql';

/** The newest installed server's bin folder, or null. */
export function postgresBin(): string | null {
  if (!existsSync(BIN_ROOT)) return null;
  const majors = readdirSync(BIN_ROOT)
    .map(Number)
    .filter((major) => Number.isInteger(major) && existsSync(join(BIN_ROOT, String(major), 'bin', 'postgres')))
    .sort((a, b) => b - a);
  return majors.length ? join(BIN_ROOT, String(majors[0]), 'bin') : null;
}

/** Whether the pg_cron library is installed for the server in `bin` (the newest by default). */
export function pgCronInstalled(bin: string | null = postgresBin()): boolean {
  if (!bin) return false;
  let libDir = join(dirname(bin), 'lib');
  try {
    libDir = execFileSync(join(bin, 'pg_config'), ['--pkglibdir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || libDir;
  } catch {
    // No pg_config beside the server (it is in libpq-dev): Debian's layout, <major>/lib.
  }
  return existsSync(join(libDir, 'pg_cron.so'));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface PostgresServer {
  sql: postgres.Sql;
  version: string;
  /** Whether pg_cron is preloaded. */
  pgCron: boolean;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Preload pg_cron (default: when it is installed). */
  pgCron?: boolean;
  /** Connections of the client pool (default 4). */
  max?: number;
}

export async function startPostgres(options: StartOptions = {}): Promise<PostgresServer> {
  const bin = postgresBin();
  if (!bin) throw new Error(`no PostgreSQL server under ${BIN_ROOT}: install Debian's postgresql package`);
  const pgCron = options.pgCron ?? pgCronInstalled(bin);
  if (pgCron && !pgCronInstalled(bin)) throw new Error(`pg_cron is not installed for ${bin}: install Debian's postgresql-<major>-cron package`);
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'pg-test-'));
  const data = join(dir, 'data');
  if (asRoot) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, id('-u'), id('-g'));
    chmodSync(dir, 0o700);
  }
  const run = (command: string, args: string[]): [string, string[]] => (asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args]);
  const [initCommand, initArgs] = run(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  execFileSync(initCommand, initArgs, { stdio: 'ignore' });
  const port = await freePort();
  const settings = ['-c', 'listen_addresses=127.0.0.1', '-k', dir, '-c', 'fsync=off'];
  if (pgCron) settings.push('-c', 'shared_preload_libraries=pg_cron', '-c', 'cron.database_name=postgres');
  const [command, args] = run(join(bin, 'postgres'), ['-D', data, '-p', String(port), ...settings]);
  const server: ChildProcess = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  server.stderr?.on('data', (chunk) => (log += chunk));
  const sql = postgres({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres', onnotice: () => {}, max: options.max ?? 4 });
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      await sql`select 1`;
      break;
    } catch (error) {
      if (server.exitCode !== null || Date.now() > deadline) throw new Error(`PostgreSQL did not start: ${String(error)}\n${log}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const [row] = await sql<{ server_version: string }[]>`show server_version`;
  return {
    sql,
    version: row?.server_version ?? 'unknown',
    pgCron,
    async stop() {
      await sql.end({ timeout: 5 });
      const exited = new Promise((resolve) => server.once('exit', resolve));
      // The postmaster itself (under runuser as root): a fast shutdown.
      const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(pid, 'SIGINT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
