/**
 * One copy of React in the install: Decap CMS (the content editor) lists react and react-dom as its
 * own dependencies, and a second copy would break its rendering inside the admin's React (two
 * Reacts cannot share a tree). Vite's `resolve.dedupe` would hide a second copy in the build, and
 * breaks `npm run dev`'s JSX runtime: the lockfile is held to one instead.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as { packages: Record<string, unknown> };

it.each(['react', 'react-dom'])('the lockfile installs %s once', (name) => {
  expect(Object.keys(lock.packages).filter((path) => path === `node_modules/${name}` || path.endsWith(`/node_modules/${name}`))).toEqual([`node_modules/${name}`]);
});
