import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkCycles, cyclePath, findCycles, importGraph, importSpecifiers, KNOWN_CYCLES, readSources, resolveSpecifier } from './import-cycles.mjs';

const graphOf = (files: Record<string, string>) => importGraph(new Map(Object.entries(files)));

describe('import cycles', () => {
  it('sees type imports, re-exports and dynamic imports, not packages', () => {
    const text = [
      "import type { A } from './a';",
      "import { type B } from '../b';",
      "export type { C } from './c';",
      "export * from './d';",
      "const e = await import('./e');",
      "import React from 'react';",
      "import { x } from 'node:fs';",
    ].join('\n');
    expect(importSpecifiers(text).sort()).toEqual(['../b', './a', './c', './d', './e']);
  });

  it('resolves a specifier to .ts, .tsx, a folder index or the .ts behind a .js name', () => {
    const files = new Set(['app/a.ts', 'app/view/B.tsx', 'app/lib/index.ts', 'scripts/c.mts']);
    expect(resolveSpecifier('app/x.ts', './a', files)).toBe('app/a.ts');
    expect(resolveSpecifier('app/x.ts', './view/B', files)).toBe('app/view/B.tsx');
    expect(resolveSpecifier('app/view/B.tsx', '../lib', files)).toBe('app/lib/index.ts');
    expect(resolveSpecifier('scripts/d.ts', './c.mjs', files)).toBe('scripts/c.mts');
    expect(resolveSpecifier('app/x.ts', './missing', files)).toBeNull();
  });

  it('finds a cycle made only of type imports, and none in a layered graph', () => {
    const cyclic = graphOf({
      'app/session.ts': "import { createFeature } from './feature';",
      'app/feature.ts': "import type { Session } from './session';",
      'app/leaf.ts': '',
    });
    expect(findCycles(cyclic)).toEqual([['app/feature.ts', 'app/session.ts']]);
    expect(cyclePath(cyclic, ['app/feature.ts', 'app/session.ts'])).toEqual(['app/feature.ts', 'app/session.ts', 'app/feature.ts']);
    const layered = graphOf({
      'app/session.ts': "import { createFeature } from './feature';\nimport type { Core } from './core';",
      'app/feature.ts': "import type { Core } from './core';",
      'app/core.ts': '',
    });
    expect(findCycles(layered)).toEqual([]);
  });

  it('reports each strongly connected group once, however long its loop', () => {
    const files: Record<string, string> = {};
    for (let k = 0; k < 5000; k++) files[`m/${k}.ts`] = `import './${(k + 1) % 5000}';`;
    files['m/other.ts'] = "import './0';";
    const cycles = findCycles(graphOf(files));
    expect(cycles).toHaveLength(1);
    expect(cycles[0]).toHaveLength(5000);
  });

  it('fails on a new cycle and on a known one that is gone', () => {
    const known = [['b.ts', 'a.ts']];
    expect(checkCycles([['a.ts', 'b.ts']], known)).toEqual({ unexpected: [], stale: [] });
    expect(
      checkCycles(
        [
          ['a.ts', 'b.ts'],
          ['c.ts', 'd.ts'],
        ],
        known,
      ).unexpected,
    ).toEqual([['c.ts', 'd.ts']]);
    expect(checkCycles([], known).stale).toEqual(known);
  });

  it('the repository has no cycle besides the known ones', () => {
    const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const sources = readSources(repo);
    expect(sources.has('app/editorSession.ts')).toBe(true);
    expect(checkCycles(findCycles(importGraph(sources)), KNOWN_CYCLES)).toEqual({ unexpected: [], stale: [] });
  });
});
