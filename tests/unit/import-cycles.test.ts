/**
 * No import circles: a module that imports itself through others is loaded half-initialised, and
 * a circle ties its modules together for good (type-only imports count: tests/support/import-graph.ts).
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCircles, importGraph } from '../support/import-graph';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('import circles', () => {
  it('are found, each as a path around it', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts', 'd.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['d.ts']],
      ['e.ts', ['a.ts']],
    ]);
    expect(importCircles(graph)).toEqual([
      ['d.ts', 'd.ts'],
      ['a.ts', 'b.ts', 'c.ts', 'a.ts'],
    ]);
  });

  it('the site, its functions and the local stand-in have none', () => {
    const graph = importGraph(root, ['src', 'functions', 'supabase/local']);
    expect(graph.size).toBeGreaterThan(200);
    // An import of src/ by its alias is followed too.
    expect(graph.get('src/features/admin/assets/AssetManager.tsx')).toContain('src/features/admin/assets/assets.ts');
    expect(importCircles(graph).map((circle) => circle.join(' → '))).toEqual([]);
  });
});
