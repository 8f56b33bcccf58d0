import { defineConfig } from 'vitest/config';

// Tests that read the production build (dist/): run after `npm run build`, by `npm run test:dist`.
export default defineConfig({
  test: {
    include: ['tests/dist/**/*.test.ts'],
    // Vitest's default exclude has **/dist/**, which is this folder's name.
    exclude: ['**/node_modules/**'],
    environment: 'node',
  },
});
