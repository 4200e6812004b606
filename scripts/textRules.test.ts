import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { longLines, MAX_LINE_LENGTH, readTextSources, textProblems, usSpelledIdentifiers } from './textRules.mjs';

describe('the text rules', () => {
  it('names our identifiers spelled color, not strings, comments, third-party names or the saved key', () => {
    const text = [
      "import { Color, MeshLambertMaterial } from 'three';",
      '// the color of the sky (a comment may say either)',
      "const material = new MeshLambertMaterial({ color: '#fff', vertexColors: true });",
      'export function writeColors(colorTable: Float32Array): void {}',
      "const settings = { colorMode: 'natural' }; const key = 'colorRamp';",
      'class Overlay { #tintColor = new Color(); }',
    ].join('\n');
    expect(usSpelledIdentifiers('app/x.ts', text)).toEqual([
      { line: 4, name: 'writeColors' },
      { line: 4, name: 'colorTable' },
      { line: 6, name: '#tintColor' },
    ]);
    expect(usSpelledIdentifiers('renderer/y.tsx', 'export const C = () => <div style={{ backgroundColor: "red" }} />;')).toEqual([]);
  });

  it('counts a line by its characters, not its bytes, and lets a line with an address through', () => {
    const atLimit = `// ${'²'.repeat(MAX_LINE_LENGTH - 3)}`;
    expect(Buffer.byteLength(atLimit)).toBeGreaterThan(MAX_LINE_LENGTH);
    expect(longLines(`${atLimit}\n${atLimit}x\n// see https://example.org/${'a'.repeat(200)}`)).toEqual([{ line: 2, length: MAX_LINE_LENGTH + 1 }]);
  });

  it('says where each breach is', () => {
    const problems = textProblems(new Map([['shared/a.ts', `const colorTable = 1;\nconst s = '${'x'.repeat(170)}';`]]));
    expect(problems).toEqual([
      'shared/a.ts:1: "colorTable": spell it colour (our identifiers say colour)',
      'shared/a.ts:2: 183 characters, over 160 — break the string or comment',
    ]);
  });

  it('holds on this repository, tests, benches, e2e and scripts included', () => {
    const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const sources = readTextSources(repo);
    expect(sources.has('scripts/textRules.mjs')).toBe(true);
    expect(sources.has('e2e/fixtures.ts')).toBe(true);
    expect(textProblems(sources)).toEqual([]);
  });
});
