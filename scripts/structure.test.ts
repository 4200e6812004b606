import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readSources } from './import-cycles.mjs';
import { KNOWN_MUTUAL_PAIRS, PRODUCTION_ROOTS, isProduction, longFunctions, mutualFolderPairs, structureProblems } from './structure.mjs';

const sources = (files: Record<string, string>) => new Map(Object.entries(files));

describe('the tree’s shape', () => {
  it('finds two folders that import each other, not a folder and its own subfolder, nor one direction only', () => {
    const graph = new Map([
      ['app/a/x.ts', ['app/b/y.ts']],
      ['app/b/y.ts', []],
      ['app/b/z.ts', ['app/a/w.ts']],
      ['app/a/w.ts', []],
      ['app/c/p.ts', ['app/c/sub/q.ts']],
      ['app/c/sub/q.ts', ['app/c/p.ts']],
      ['app/d/r.ts', ['app/a/x.ts']],
    ]);
    expect(mutualFolderPairs(graph)).toEqual([{ pair: 'app/a <-> app/b', forward: 'app/a/x.ts => app/b/y.ts', back: 'app/b/z.ts => app/a/w.ts' }]);
  });

  it('counts production code only: tests and testing helpers may reach across', () => {
    expect(isProduction('shared/layers/kind.ts')).toBe(true);
    expect(isProduction('shared/layers/kind.test.ts')).toBe(false);
    expect(isProduction('shared/hydrology/testing/surfaces.ts')).toBe(false);
    expect(isProduction('e2e/tour.spec.ts')).toBe(false);
    const { problems } = structureProblems(
      sources({ 'shared/a/x.ts': "import { y } from '../b/y';", 'shared/b/y.ts': 'export const y = 1;', 'shared/b/y.test.ts': "import '../a/x';" }),
      [],
    );
    expect(problems).toEqual([]);
  });

  it('names a new pair, and a known pair that is gone', () => {
    const files = sources({ 'shared/a/x.ts': "import '../b/y';", 'shared/b/y.ts': "import '../a/x';" });
    expect(structureProblems(files, [])).toMatchObject({ pairs: 1, problems: [expect.stringContaining('shared/a <-> shared/b')] });
    expect(structureProblems(files, ['shared/a <-> shared/b']).problems).toEqual([]);
    expect(structureProblems(sources({ 'shared/a/x.ts': '' }), ['shared/a <-> shared/b']).problems).toEqual([expect.stringContaining('is gone')]);
  });

  it('measures functions by their lines, arrows and methods included, and app files by theirs', () => {
    const body = Array.from({ length: 151 }, (_, k) => `  const v${k} = ${k};`).join('\n');
    const text = `export function long(): void {\n${body}\n}\nconst short = () => 1;\nclass C {\n  m(): void {\n${body}\n  }\n}\n`;
    expect(longFunctions('app/x.ts', text).map((f) => [f.name, f.lines])).toEqual([
      ['long', 153],
      ['m', 153],
    ]);
    const padded = `${text}${'// …\n'.repeat(100)}`;
    const problems = structureProblems(sources({ 'app/x.ts': padded, 'shared/y.ts': padded }), []).problems;
    // app/: the file (309 + 100 lines) and both functions; shared/ is not held to the app's limits.
    expect(problems).toHaveLength(3);
    expect(problems.every((p) => p.startsWith('app/x.ts'))).toBe(true);
    expect(problems[0]).toBe('app/x.ts: 409 lines, over 400 — split it by concept');
  });

  it('holds on this repository, every known pair still present', () => {
    const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const { problems, pairs } = structureProblems(readSources(repo, PRODUCTION_ROOTS));
    expect(problems).toEqual([]);
    expect(pairs).toBe(KNOWN_MUTUAL_PAIRS.length);
  });
});
