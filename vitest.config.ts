/// <reference types="vitest" />
import { getViteConfig } from 'astro/config';

export default getViteConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    // Most files wait on servers they start (the stand-in, wrangler, PostgreSQL): one worker per core.
    maxWorkers: '100%',
  },
});
