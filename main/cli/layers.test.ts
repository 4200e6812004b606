import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseProject } from '../../shared/codecs/project';
import { parseR32 } from '../../shared/codecs/raw';
import { thermalErosion } from '../../shared/erosion/thermal';
import type { ThermalParams } from '../../shared/erosion/params';
import { evaluateStack } from '../../shared/layers/evaluate';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { runCli } from './cli';
import { fakeCliIo } from './testing/fakeCliIo';

const fixture = (name: string) => new Uint8Array(readFileSync(join(__dirname, '../../shared/layers/testing/fixtures', name)));
const bits = (a: Float32Array | null | undefined) => (a ? new Uint32Array(a.slice().buffer) : null);
const r32 = (bytes: Uint8Array) => parseR32(bytes, 'file.r32').samples as Float32Array;

async function generated(args: string[] = []): Promise<Uint8Array> {
  const io = fakeCliIo();
  expect(await runCli(['generate', '--size', '65', '--preset', 'mountains', '--seed', '4', '--out', 'x.faultline', '--out', 'x.r32', ...args], io)).toBe(0);
  const project = io.files.get('x.faultline')!;
  // The preset's stack is saved with the heights it gives, bit for bit (the .r32 too).
  const doc = parseProject(project, 'x.faultline');
  expect(bits(evaluateStack(doc.layers!, doc.field))).toEqual(bits(doc.field.heights));
  expect(bits(r32(io.files.get('x.r32')!))).toEqual(bits(doc.field.heights));
  return project;
}

describe('faultline layers', () => {
  it('generate --out x.faultline writes the preset stack: faults and its finishing layers', async () => {
    const doc = parseProject(await generated(), 'x.faultline');
    expect(doc.layers!.map((layer) => [layer.id, layer.kind])).toEqual([
      ['faults', 'faults'],
      ['hydraulic', 'hydraulic'],
      ['thermal', 'thermal'],
    ]);
  });

  it('lists the stack bottom first, as text and as JSON', async () => {
    const io = fakeCliIo({ inputs: { 'x.faultline': await generated() } });
    expect(await runCli(['layers', 'x.faultline', '--json'], io)).toBe(0);
    const rows = JSON.parse(io.out) as { id: string; kind: string; name: string; enabled: boolean; params: Record<string, unknown> }[];
    expect(rows.map((row) => row.id)).toEqual(['faults', 'hydraulic', 'thermal']);
    expect(rows[0]).toMatchObject({ kind: 'faults', name: 'Faults', enabled: true, params: { seed: 4, lineMethod: 'normal' } });
    expect(rows[1].params).toHaveProperty('droplets');
    const text = fakeCliIo({ inputs: { 'x.faultline': await generated() } });
    expect(await runCli(['layers', 'x.faultline'], text)).toBe(0);
    expect(text.out.split('\n')[0]).toMatch(/^\s+1\s+faults\s+faults\s+on\s+1\s+Faults\s+\{"seed":4/);
  });

  it('--set faults.seed=8 re-evaluates to what generate --seed 8 makes; --disable and --remove take layers out', async () => {
    const io = fakeCliIo({ inputs: { 'x.faultline': await generated() } });
    expect(await runCli(['layers', 'x.faultline', '--set', 'faults.seed=8', '--set', 'hydraulic.seed=8', '--out', 'y.faultline', '--out', 'y.r32'], io)).toBe(
      0,
    );
    expect(io.err).toBe('');
    const fresh = fakeCliIo();
    await runCli(['generate', '--size', '65', '--preset', 'mountains', '--seed', '8', '--out', 'z.r32'], fresh);
    expect(bits(r32(io.files.get('y.r32')!))).toEqual(bits(r32(fresh.files.get('z.r32')!)));
    const edited = parseProject(io.files.get('y.faultline')!, 'y.faultline');
    expect(edited.layers![0].params).toMatchObject({ seed: 8 });
    expect(edited.recipe).toMatchObject({ seed: 8 });

    const off = fakeCliIo({ inputs: { 'x.faultline': await generated() } });
    expect(await runCli(['layers', 'x.faultline', '--disable', 'hydraulic', '--remove', 'thermal', '--out', 'o.faultline'], off)).toBe(0);
    const doc = parseProject(off.files.get('o.faultline')!, 'o.faultline');
    expect(doc.layers!.map((layer) => [layer.id, layer.enabled])).toEqual([
      ['faults', true],
      ['hydraulic', false],
    ]);
    expect(bits(doc.field.heights)).toEqual(bits(evaluateStack([doc.layers![0]], doc.field)));
    const on = fakeCliIo({ inputs: { 'o.faultline': off.files.get('o.faultline')! } });
    expect(await runCli(['layers', 'o.faultline', '--enable', 'hydraulic', '--set', 'faults.decay.disp0=7', '--out', 'p.faultline', '--json'], on)).toBe(0);
    expect((JSON.parse(on.out) as { enabled: boolean; params: { decay?: { disp0: number } } }[]).map((row) => [row.enabled, row.params.decay?.disp0])).toEqual([
      [true, 7],
      [true, undefined],
    ]);
  });

  it('opens a v1 project migrated: replayable steps as layers, a brushed one as heights with a note', async () => {
    const io = fakeCliIo({ inputs: { 'old.faultline': fixture('v1-replayable.faultline'), 'brushed.faultline': fixture('v1-brushed.faultline') } });
    expect(await runCli(['layers', 'old.faultline', '--json'], io)).toBe(0);
    expect((JSON.parse(io.out) as { kind: string }[]).map((row) => row.kind)).toEqual([
      'faults',
      'manualFaults',
      'hydraulic',
      'thermal',
      'smooth',
      'normalise',
    ]);
    expect(io.err).toBe('');
    const brushed = fakeCliIo({ inputs: { 'brushed.faultline': fixture('v1-brushed.faultline') } });
    expect(await runCli(['layers', 'brushed.faultline', '--json'], brushed)).toBe(0);
    expect((JSON.parse(brushed.out) as { kind: string }[]).map((row) => row.kind)).toEqual(['heights']);
    expect(brushed.err).toMatch(/note: brushed\.faultline: its recipe and history do not give its saved heights/);
    // Edited and saved, an old project keeps its props and is v2 with its stack.
    const saved = fakeCliIo({ inputs: { 'old.faultline': fixture('v1-replayable.faultline') } });
    expect(await runCli(['layers', 'old.faultline', '--set', 'smooth.k=0.5', '--out', 'new.faultline'], saved)).toBe(0);
    const doc = parseProject(saved.files.get('new.faultline')!, 'new.faultline');
    expect(doc.layerStatus?.origin).toBe('saved');
    expect(doc.props).toHaveLength(1);
    expect(bits(evaluateStack(doc.layers!, doc.field))).toEqual(bits(doc.field.heights));
  });

  it('refuses bad edits with one line naming the layer or parameter, writing nothing', async () => {
    const project = await generated();
    const cases: [string[], RegExp, number][] = [
      [['--set', 'faults.sede=8', '--out', 'o.r32'], /layer "faults" \(faults\) has no parameter "sede" \(it has: seed, iterations/, 1],
      [['--set', 'nope.seed=8', '--out', 'o.r32'], /there is no layer "nope" \(layers: faults, hydraulic, thermal\)/, 1],
      [['--set', 'hydraulic.droplets=-5', '--out', 'o.r32'], /layer 2 "Hydraulic erosion" \(hydraulic\): droplets must be/, 1],
      [['--set', 'thermal.talusDeg="steep"', '--out', 'o.r32'], /layer 3 "Thermal erosion" \(thermal\): talus angle/, 1],
      [['--set', 'faults.seed=8'], /editing the stack needs at least one --out FILE/, 2],
      [['--set', 'faults=8', '--out', 'o.r32'], /expected ID\.PARAM=VALUE/, 2],
    ];
    for (const [args, message, code] of cases) {
      const io = fakeCliIo({ inputs: { 'x.faultline': project } });
      expect(await runCli(['layers', 'x.faultline', ...args], io)).toBe(code);
      expect(io.err).toMatch(message);
      expect(io.files.size).toBe(0);
    }
    const png = fakeCliIo();
    expect(await runCli(['layers', 'x.png'], png)).toBe(2);
    expect(png.err).toMatch(/layers are kept in .faultline projects only/);
  });

  it("erode adds its steps as layers on top of a project's stack, still reproducing the heights", async () => {
    const io = fakeCliIo({ inputs: { 'x.faultline': await generated(), 'old.faultline': fixture('v1-brushed.faultline') } });
    expect(await runCli(['erode', 'x.faultline', '--thermal', '3', '--out', 'e.faultline'], io)).toBe(0);
    const doc = parseProject(io.files.get('e.faultline')!, 'e.faultline');
    expect(doc.layers!.map((layer) => layer.id)).toEqual(['faults', 'hydraulic', 'thermal', 'thermal-2']);
    expect(bits(evaluateStack(doc.layers!, doc.field))).toEqual(bits(doc.field.heights));
    // A v1 project whose steps do not give its heights: the erosion goes on its heights layer.
    expect(await runCli(['erode', 'old.faultline', '--thermal', '2', '--out', 'o.faultline'], io)).toBe(0);
    const old = parseProject(io.files.get('o.faultline')!, 'o.faultline');
    expect(old.layers!.map((layer) => layer.kind)).toEqual(['heights', 'thermal']);
    expect(bits(evaluateStack(old.layers!, old.field))).toEqual(bits(old.field.heights));
  });

  it("--set adds a thermal layer's wall retreat, talus aprons and floors, which apply as thermal erosion with them; null takes them off", async () => {
    const project = await generated();
    const io = fakeCliIo({ inputs: { 'x.faultline': project } });
    const args = ['--set', 'thermal.retreatDeg=65', '--set', 'thermal.talusShare=0.5', '--set', 'thermal.floorFill=1'];
    expect(await runCli(['layers', 'x.faultline', ...args, '--out', 'y.faultline', '--out', 'y.r32'], io)).toBe(0);
    expect(io.err).toBe('');
    const edited = parseProject(io.files.get('y.faultline')!, 'y.faultline');
    const thermal = edited.layers![2];
    expect(thermal.params).toMatchObject({ retreatDeg: 65, talusShare: 0.5, floorFill: 1 });
    // The same bytes as thermal erosion with those params on the layers below it.
    const below = parseProject(project, 'x.faultline');
    const field = createHeightfield(below.field.width, below.field.depth, below.field.cellSize, evaluateStack(below.layers!.slice(0, 2), below.field)!);
    thermalErosion(field, thermal.params as ThermalParams);
    expect(bits(r32(io.files.get('y.r32')!))).toEqual(bits(field.heights));
    expect(bits(field.heights)).not.toEqual(bits(below.field.heights));
    // null removes them: the heights are the unedited project's again.
    const back = fakeCliIo({ inputs: { 'y.faultline': io.files.get('y.faultline')! } });
    const nulls = ['retreatDeg', 'talusShare', 'floorFill'].flatMap((key) => ['--set', `thermal.${key}=null`]);
    expect(await runCli(['layers', 'y.faultline', ...nulls, '--out', 'z.r32'], back)).toBe(0);
    expect(bits(r32(back.files.get('z.r32')!))).toEqual(bits(below.field.heights));
    const bad = fakeCliIo({ inputs: { 'x.faultline': project } });
    expect(await runCli(['layers', 'x.faultline', '--set', 'thermal.talusShare=-3', '--out', 'o.r32'], bad)).toBe(1);
    expect(bad.err).toMatch(/layer 3 "Thermal erosion" \(thermal\): talus share must be from 0 to 1/);
  });

  it('answers --help, naming the optional parameters', async () => {
    const io = fakeCliIo();
    expect(await runCli(['layers', '--help'], io)).toBe(0);
    expect(io.out).toMatch(/--set ID\.PARAM=VALUE/);
    for (const key of ['retreatDeg', 'talusShare', 'floorFill', 'strata', 'null']) expect(io.out).toContain(key);
  });
});
