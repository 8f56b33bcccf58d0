// @vitest-environment node
/** The Supabase Edge Function entry files type-check under Deno (they are excluded from astro check). */
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { root } from '../support/standin.ts';

it('deno check passes for every supabase/functions/<name>/index.ts', async () => {
  const entries = readdirSync(`${root}supabase/functions`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
    .map((entry) => `supabase/functions/${entry.name}/index.ts`);
  expect(entries.length).toBeGreaterThanOrEqual(3);
  // execFile rejects (with deno's diagnostics) when type checking fails; deno prints nothing for cached results.
  await promisify(execFile)(`${root}node_modules/.bin/deno`, ['check', '--config', 'supabase/functions/deno.json', ...entries], {
    cwd: root,
    env: { ...process.env, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' },
  });
});
