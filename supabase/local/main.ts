/** `node supabase/local/start.mjs`: runs the stand-in until SIGINT/SIGTERM. */
import { fileURLToPath } from 'node:url';
import { configFromEnv } from './config.ts';
import { startStandin } from './server.ts';

const started = performance.now();
const root = fileURLToPath(new URL(process.env.STANDIN_ROOT ?? '../../', `file://${process.env.STANDIN_ENTRY_DIR ?? process.cwd()}/`));
const config = configFromEnv(process.env, root);

try {
  const standin = await startStandin(config, root);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    [
      `[supabase-local] Supabase stand-in ready on ${standin.url} in ${seconds} s (development and tests only)`,
      `[supabase-local] data: ${config.dataDir ?? 'in memory'}; e-mails: ${standin.url}/_local/outbox`,
      `[supabase-local] sign in: ${config.seed.adminEmail} / ${config.seed.adminPassword} (admin), ${config.seed.editorEmail} / ${config.seed.editorPassword} (editor), ${config.seed.memberEmail} / ${config.seed.memberPassword} (member)`,
    ].join('\n'),
  );
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await standin.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  const code = (error as { code?: string }).code;
  console.error(code === 'EADDRINUSE' ? `[supabase-local] port ${config.port} is already in use` : `[supabase-local] failed to start: ${String(error)}`);
  process.exit(1);
}
