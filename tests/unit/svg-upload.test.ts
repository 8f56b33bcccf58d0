// @vitest-environment node
/** The public bucket refuses SVG (a script inside one would run when its public URL is opened). */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Standin } from '../../supabase/local/server.ts';
import { ADMIN, signedIn, startTestStandin } from '../support/standin.ts';

let standin: Standin;
beforeAll(async () => {
  standin = await startTestStandin(4826);
}, 90_000);
afterAll(async () => {
  await standin?.close();
}, 30_000);

const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>'], { type: 'image/svg+xml' });

it('an admin’s SVG upload is refused (415) and nothing is stored', async () => {
  const bucket = (await signedIn(standin, ADMIN.email, ADMIN.password)).storage.from('videos');
  const { error } = await bucket.upload('brand/logo.svg', svg, { contentType: 'image/svg+xml' });
  expect(error).toMatchObject({ statusCode: '415' });
  const listed = await bucket.list('brand');
  expect(listed.error).toBeNull();
  expect(listed.data?.map((file) => file.name)).toContain('logo.png');
  expect(listed.data?.map((file) => file.name)).not.toContain('logo.svg');
});
