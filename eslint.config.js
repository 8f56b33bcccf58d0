// ESLint (flat config): recommended JavaScript and TypeScript rules (not type-aware, to stay fast),
// Astro's rules and its accessibility rules for .astro files, React's hook rules and accessibility
// rules for the islands. `npm run lint` runs it with Prettier's check; `npm run format` fixes both.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores([
    'dist/',
    '.astro/',
    '.wrangler/',
    '.local-data/',
    'bench-results/',
    'test-results/',
    'playwright-report/',
    'public/',
    // Deno code, checked by `npm run check:functions`.
    'supabase/functions/',
  ]),
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },

  js.configs.recommended,
  tseslint.configs.recommended,
  astro.configs['flat/recommended'],
  astro.configs['flat/jsx-a11y-recommended'],
  {
    files: ['**/*.tsx'],
    languageOptions: jsxA11y.flatConfigs.recommended.languageOptions,
    // The plugin object itself: eslint-plugin-astro registers that one, and flatConfigs' copy differs.
    plugins: { 'jsx-a11y': jsxA11y, ...reactHooks.configs.flat['recommended-latest'].plugins },
    rules: { ...jsxA11y.flatConfigs.recommended.rules, ...reactHooks.configs.flat['recommended-latest'].rules },
  },

  {
    rules: {
      // The TypeScript version (set by typescript-eslint everywhere) replaces the core rule in .js and .astro files too.
      'no-unused-vars': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },

  // Where the code runs.
  { files: ['src/**'], languageOptions: { globals: { ...globals.browser } } },
  { files: ['functions/**'], languageOptions: { globals: { ...globals.worker } } },
  {
    files: ['tools/**', 'tests/**', 'supabase/local/**', 'src/integrations/**', '**/*.config.*', '**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
);
