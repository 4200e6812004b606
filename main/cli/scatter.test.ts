import { describe, expect, it } from 'vitest';
import { compileProject, parseProject } from '../../shared/codecs/project';
import { compilePngHeightmap } from '../../shared/codecs/png-heightmap';
import { importHeightmap } from '../../shared/codecs/import-heightmap';
import { parsePropsJson } from '../../shared/props/exportJson';
import { bumpyField } from '../../shared/props/testing/fixtures';
import { referenceHeight, referenceTriangles } from '../../shared/props/testing/referenceSurface';

import type { Heightfield } from '../../shared/terrain/heightfield';
import { runCli } from './cli';
import { fakeCliIo } from './testing/fakeCliIo';

const fakeIo = (inputs: Record<string, Uint8Array>) => fakeCliIo({ inputs });

const field = bumpyField(65, 65, 2, 21, 15);
const png = compilePngHeightmap(field);
/** What the editor's import reads back from the PNG (16-bit quantised). */
const imported: Heightfield = importHeightmap(png, 'terrain.png').field;
const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

describe('faultline scatter', () => {
  it('writes props JSON on the exact surface of the imported terrain, obeying the rules, reproducibly', async () => {
    const args = [
      'scatter',
      'terrain.png',
      '--type',
      'conifer',
      '--type',
      'rock',
      '--count',
      '120',
      '--seed',
      '9',
      '--slope',
      '0:60',
      '--spacing',
      '3',
      '--out',
      'props.json',
    ];
    const io = fakeIo({ 'terrain.png': png });
    expect(await runCli(args, io)).toBe(0);
    const records = parsePropsJson(text(io.files.get('props.json')));
    expect(records.length).toBeGreaterThan(20);
    expect(new Set(records.map((r) => r.type))).toEqual(new Set(['conifer', 'rock']));
    for (const r of records) {
      expect(Math.abs(r.y - referenceHeight(imported, r.x, r.z))).toBeLessThanOrEqual(1e-4);
      // Slope of (one of) the triangle(s) under the prop, from its independent normal.
      const slopes = referenceTriangles(imported, r.x, r.z).map((t) => (Math.acos(t.normal[1]) * 180) / Math.PI);
      expect(Math.min(...slopes)).toBeLessThanOrEqual(60 + 1e-6);
    }
    for (let a = 0; a < records.length; a++) {
      for (let b = a + 1; b < records.length; b++) expect(Math.hypot(records[a].x - records[b].x, records[a].z - records[b].z)).toBeGreaterThanOrEqual(3);
    }
    const again = fakeIo({ 'terrain.png': png });
    await runCli(args, again);
    expect(text(again.files.get('props.json'))).toBe(text(io.files.get('props.json')));
  });

  it("adds the props to a .faultline output, keeping a project input's props and their spacing", async () => {
    const existing = [{ id: 'p5', type: 'house', x: 0, z: 0, yaw: 0, scale: 1, offsetY: 0 }];
    const input = compileProject({ field, recipe: null, history: [], props: existing, view: {} });
    const io = fakeIo({ 'in.faultline': input });
    expect(await runCli(['scatter', 'in.faultline', '--type', 'bush', '--count', '40', '--seed', '1', '--height', '-5:5', '--out', 'out.faultline'], io)).toBe(
      0,
    );
    const project = parseProject(io.files.get('out.faultline')!, 'out.faultline');
    expect(project.field.heights).toEqual(field.heights);
    expect(project.props[0]).toEqual(existing[0]);
    const added = project.props.slice(1);
    expect(added.length).toBeGreaterThan(0);
    expect(new Set(project.props.map((p) => p.id)).size).toBe(project.props.length);
    for (const p of added) {
      const h = referenceHeight(field, p.x as number, p.z as number);
      expect(h).toBeGreaterThanOrEqual(-5);
      expect(h).toBeLessThanOrEqual(5);
      // The house's default spacing (14 m) wins over the bush's.
      expect(Math.hypot(p.x as number, p.z as number)).toBeGreaterThanOrEqual(14);
    }
  });

  it('refuses bad arguments and unreadable terrain with clear messages', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['scatter', 't.png', '--count', '5', '--seed', '1', '--out', 'p.json'], /--type/],
      [['scatter', 't.png', '--type', 'palm', '--count', '5', '--seed', '1', '--out', 'p.json'], /unknown prop type/],
      [['scatter', 't.png', '--type', 'rock', '--count', '5', '--seed', '1', '--slope', '30:10', '--out', 'p.json'], /MIN ≤ MAX/],
      [['scatter', 't.png', '--type', 'rock', '--count', '5', '--seed', '1', '--out', 'p.obj'], /\.json/],
      [['scatter', '--type', 'rock', '--count', '5', '--seed', '1', '--out', 'p.json'], /TERRAIN/],
    ];
    for (const [args, message] of cases) {
      const io = fakeIo({});
      expect(await runCli(args, io)).toBe(2);
      expect(io.err).toMatch(message);
      expect(io.files.size).toBe(0);
    }
    const io = fakeIo({ 'bad.png': new Uint8Array([1, 2, 3]) });
    expect(await runCli(['scatter', 'bad.png', '--type', 'rock', '--count', '5', '--seed', '1', '--out', 'p.json'], io)).toBe(1);
    expect(io.err).toMatch(/bad\.png/);
    expect(io.files.size).toBe(0);
  });
});
