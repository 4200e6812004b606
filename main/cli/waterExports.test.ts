/**
 * `faultline water`'s files against answers known in advance: a square pit in a tilted plane holds a
 * lake of closed-form depth (shared/hydrology/testing/pit.ts); the EXR is read back by OpenEXR's own
 * exrmaketiled (rewritten uncompressed in one tile: its last width × depth × 4 bytes are the floats)
 * and the .r32 by GDAL (a raw VRT, `gdalinfo -stats`), where the tools are installed; the flow map of
 * a tilted plane points straight downhill at every pixel; the water mesh lies on the lake's level.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodePng } from '../../shared/codecs/png/decode';
import { compileProject } from '../../shared/codecs/project';
import { ENGINE_IDS } from '../../shared/export/engines/registry';
import { parseR32 } from '../../shared/codecs/raw';
import { tiltedPit } from '../../shared/hydrology/testing/pit';
import { evaluateStack } from '../../shared/layers/evaluate';
import type { Layer } from '../../shared/layers/types';
import { riverParams } from '../../shared/rivers/params';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { runCli } from './cli';
import { outputFormatFor } from './outputs';
import { fakeCliIo } from './testing/fakeCliIo';
import { toolsInstalled } from './testing/toolFixtures';

const pit = tiltedPit();
const { width, depth, cellSize } = pit.grid;
const pitProject = outputFormatFor('pit.faultline')!.encode(createHeightfield(width, depth, cellSize, pit.heights), {});
const LAKE_ONLY = ['--river-area', '1e12', '--min-lake-area', '10'];
const tools = toolsInstalled();
const scratch = mkdtempSync(path.join(tmpdir(), 'faultline-water-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function water(args: string[], inputs: Record<string, Uint8Array> = { 'pit.faultline': pitProject }) {
  const io = fakeCliIo({ inputs });
  const code = await runCli(['water', 'pit.faultline', ...args, '--out', 'w.faultline'], io);
  expect(io.err).toBe('');
  expect(code).toBe(0);
  return io;
}

function parseGlb(bytes: Uint8Array): {
  json: {
    nodes: { name: string; mesh: number }[];
    accessors: { count: number; min?: number[]; max?: number[] }[];
    bufferViews: { byteOffset: number; byteLength: number }[];
  };
  bin: Uint8Array;
} {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const jsonLength = view.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + jsonLength))) as ReturnType<typeof parseGlb>['json'];
  return { json, bin: bytes.subarray(20 + jsonLength + 8) };
}

describe('faultline water: the files', () => {
  it('--depth (.r32 and .exr) is the closed-form lake depth, 0 where dry; --accumulation is the area upslope on a plane', async () => {
    const io = await water([...LAKE_ONLY, '--depth', 'd.r32', '--accumulation', 'a.r32']);
    const r32 = parseR32(io.files.get('d.r32')!, 'd.r32', { width, depth }).samples as Float32Array;
    for (let j = 0; j < depth; j++) for (let i = 0; i < width; i++) expect(r32[j * width + i]).toBeCloseTo(pit.depthAt(i, j), 5);
    // Upslope of the pit, on rows the side edges cannot reach, a vertex of the plane drains the strip from the
    // high edge (i = 64) down to its own cell: (64 − i + ½) cells of cellSize², one cell wide.
    const area = parseR32(io.files.get('a.r32')!, 'a.r32', { width, depth }).samples as Float32Array;
    for (const j of [10, 24, 38]) for (let i = 58; i < width - 1; i++) expect(area[j * width + i]).toBeCloseTo((width - 1 - i + 0.5) * cellSize * cellSize, 3);
    const exr = await water([...LAKE_ONLY, '--depth', 'd.exr']);
    expect(Array.from(exr.files.get('d.exr')!.subarray(0, 4))).toEqual([0x76, 0x2f, 0x31, 0x01]);
    if (tools.openexr) {
      const file = path.join(scratch, 'd.exr');
      writeFileSync(file, exr.files.get('d.exr')!);
      expect(execFileSync('exrheader', [file]).toString()).toMatch(/dataWindow \(type box2i\): \(0 0\) - \(64 48\)/);
      const tiled = path.join(scratch, 'tiled.exr');
      execFileSync('exrmaketiled', ['-z', 'none', '-t', String(width), String(depth), file, tiled]);
      const bytes = readFileSync(tiled);
      const floats = new Float32Array(bytes.buffer.slice(bytes.length - width * depth * 4, bytes.length));
      for (let j = 0; j < depth; j++) for (let i = 0; i < width; i++) expect(floats[j * width + i]).toBeCloseTo(pit.depthAt(i, j), 5);
    }
    if (tools.gdal) {
      writeFileSync(path.join(scratch, 'd.r32'), io.files.get('d.r32')!);
      writeFileSync(
        path.join(scratch, 'd.vrt'),
        `<VRTDataset rasterXSize="${width}" rasterYSize="${depth}"><VRTRasterBand dataType="Float32" band="1" subClass="VRTRawRasterBand">` +
          `<SourceFilename relativetoVRT="1">d.r32</SourceFilename><ImageOffset>0</ImageOffset><PixelOffset>4</PixelOffset>` +
          `<LineOffset>${4 * width}</LineOffset><ByteOrder>LSB</ByteOrder></VRTRasterBand></VRTDataset>`,
      );
      const info = JSON.parse(execFileSync('gdalinfo', ['-json', '-stats', path.join(scratch, 'd.vrt')]).toString()) as {
        bands: { minimum: number; maximum: number; mean: number }[];
      };
      let sum = 0;
      let deepest = 0;
      for (let j = 0; j < depth; j++) {
        for (let i = 0; i < width; i++) {
          sum += pit.depthAt(i, j);
          deepest = Math.max(deepest, pit.depthAt(i, j));
        }
      }
      expect(info.bands[0].minimum).toBe(0);
      expect(info.bands[0].maximum).toBeCloseTo(deepest, 4);
      // gdalinfo prints the mean to three decimals.
      expect(info.bands[0].mean).toBeCloseTo(sum / (width * depth), 3);
    }
  });

  it('--flow on a tilted plane points straight downhill at every pixel (R = 0.5 + 0.5·dx, G = 0.5 + 0.5·dz)', async () => {
    // Down towards +x and −z at once: h = −0.2·x + 0.2·z, so the unit direction is (1, −1)/√2.
    const plane = createHeightfield(41, 33, 3);
    for (let j = 0; j < 33; j++) for (let i = 0; i < 41; i++) plane.heights[j * 41 + i] = 0.2 * 3 * (j - i);
    const io = await water(['--flow', 'f.png'], { 'pit.faultline': outputFormatFor('p.faultline')!.encode(plane, {}) });
    const red = decodePng(io.files.get('f.png')!, 'f.png', { channel: 'r' });
    const green = decodePng(io.files.get('f.png')!, 'f.png', { channel: 'g' });
    expect([red.width, red.height, red.bitDepth, red.colourType]).toEqual([41, 33, 8, 2]);
    const r = Math.round((0.5 + 0.5 * Math.SQRT1_2) * 255);
    const g = Math.round((0.5 - 0.5 * Math.SQRT1_2) * 255);
    // Every pixel, the edges' outlets too.
    for (let v = 0; v < 41 * 33; v++) {
      expect(Math.abs(red.samples[v] - r)).toBeLessThanOrEqual(1);
      expect(Math.abs(green.samples[v] - g)).toBeLessThanOrEqual(1);
    }
  });

  it('--water-mesh: the lake is a flat sheet at the spill height over the pit and one cell past it', async () => {
    const io = await water([...LAKE_ONLY, '--water-mesh', 'm.glb']);
    const { json, bin } = parseGlb(io.files.get('m.glb')!);
    expect(json.nodes.map((n) => n.name)).toEqual(['lakes']);
    const spill = Math.fround(0.1 * (30 - 5 - 1) * cellSize);
    const positions = json.accessors[0];
    expect(positions.min![1]).toBeCloseTo(spill, 5);
    expect(positions.max![1]).toBeCloseTo(spill, 5);
    // The pit is 11 × 11 vertices, the sheet 13 × 13 with its rim, x from (30 − 6 − 32)·2 m to (30 + 6 − 32)·2 m,
    // less the two rim corners no triangle joins to the pit (the cells split along one diagonal).
    expect(positions.count).toBe(13 * 13 - 2);
    expect(positions.min![0]).toBeCloseTo((30 - 6 - (width - 1) / 2) * cellSize, 5);
    expect(positions.max![2]).toBeCloseTo((24 + 6 - (depth - 1) / 2) * cellSize, 5);
    const normals = new Float32Array(bin.slice(json.bufferViews[1].byteOffset, json.bufferViews[1].byteOffset + json.bufferViews[1].byteLength).buffer);
    for (let k = 0; k < normals.length; k += 3) expect(normals[k + 1]).toBeCloseTo(1, 6);
  });

  it('--river-centrelines: a V-shaped valley has one river down its axis, on the surface, from source to mouth, in every engine', async () => {
    // h = 0.2·|x − 128| + 0.05·z on 65 × 129 vertices of 4 m: the axis x = 128 m (map x = 0) falls 0.05 along z.
    const valley = createHeightfield(65, 129, 4);
    for (let j = 0; j < 129; j++) for (let i = 0; i < 65; i++) valley.heights[j * 65 + i] = 0.2 * Math.abs(i - 32) * 4 + 0.05 * j * 4;
    const io = await water(['--river-area', '20000', '--river-centrelines', 'r.json'], { 'pit.faultline': outputFormatFor('v.faultline')!.encode(valley, {}) });
    type Point = { x: number; y: number; z: number; tangent: number[]; width: number; depth: number };
    type Rivers = { rivers: { name: string; source: string; points: Point[] }[] };
    const json = JSON.parse(new TextDecoder().decode(io.files.get('r.json')!)) as Rivers & { engines: Record<string, Rivers & { units: string }> };
    expect(json.rivers).toHaveLength(1);
    const [river] = json.rivers;
    expect(river.source).toBe('automatic');
    const { points } = river;
    // Down the axis to the map's edge at z = −256 m, one vertex (4 m) a step, on the ground's level (y = 0.05·(z + 256)).
    expect(points.at(-1)!.z).toBe(-256);
    for (const [k, p] of points.entries()) {
      expect(p.x).toBe(0);
      if (k > 0) expect(p.z).toBe(points[k - 1].z - 4);
      expect(p.y).toBeCloseTo(0.05 * (p.z + 256), 5);
      expect(p.tangent[0]).toBe(0);
      expect(p.tangent[1]).toBeCloseTo(-0.05 / Math.hypot(1, 0.05), 5);
      // Hydraulic geometry: width 0.003·√A, A ≥ the river area at the source, growing downstream.
      if (k > 0) expect(p.width).toBeGreaterThan(points[k - 1].width);
    }
    expect(points[0].width).toBeGreaterThanOrEqual(0.003 * Math.sqrt(20000) - 1e-6);
    // Unreal: centimetres, X = x, Y = z, Z = height; Unity: Z = −z.
    const unreal = json.engines.unreal.rivers[0].points;
    const unity = json.engines.unity.rivers[0].points;
    expect(json.engines.unreal.units).toBe('cm');
    for (const [k, p] of points.entries()) {
      expect([unreal[k].x, unreal[k].y, unreal[k].z, unreal[k].width]).toEqual(
        [p.x * 100, p.z * 100, p.y * 100, p.width * 100].map((v) => expect.closeTo(v, 3)),
      );
      expect(Math.hypot(...unreal[k].tangent)).toBeCloseTo(1, 5);
      expect([unity[k].x, unity[k].y, unity[k].z]).toEqual([p.x, p.y, -p.z].map((v) => expect.closeTo(v, 5)));
    }
  });

  it('--river-centrelines: a drawn river in IN is written after the automatic network, on its surface, from source to mouth', async () => {
    // The V-shaped valley above (h = 0.2·|x| + 0.05·(z + 256) in map metres) with a river drawn down its
    // west flank at z = 100 from x = −100 to −20: its surface is the ground under it, 0.2·|x| + 17.8.
    const valley = new Float32Array(65 * 129);
    for (let j = 0; j < 129; j++) for (let i = 0; i < 65; i++) valley[j * 65 + i] = 0.2 * Math.abs(i - 32) * 4 + 0.05 * j * 4;
    const grid = { width: 65, depth: 129, cellSize: 4 };
    const flank = riverParams(
      [
        { x: -100, z: 100 },
        { x: -20, z: 100 },
      ],
      { width: 3, depth: 1 },
    );
    const layers: Layer[] = [
      { id: 'heights-1', name: 'Valley', enabled: true, opacity: 1, kind: 'heights', params: {}, heights: valley },
      { id: 'river-1', name: 'Flank brook', enabled: true, opacity: 1, kind: 'river', params: flank },
    ];
    const field = createHeightfield(65, 129, 4, evaluateStack(layers, grid)!);
    const project = compileProject({ field, recipe: null, history: [], props: [], view: {}, layers });
    const io = await water(['--river-area', '20000', '--river-centrelines', 'r.json'], { 'pit.faultline': project });
    type Point = { x: number; y: number; z: number; width: number; depth: number };
    type Rivers = { rivers: { name: string; source: string; layer?: string; points: Point[] }[] };
    const json = JSON.parse(new TextDecoder().decode(io.files.get('r.json')!)) as Rivers & { engines: Record<string, Rivers> };
    const sources = json.rivers.map((river) => river.source);
    expect(sources.at(-1)).toBe('drawn');
    expect(sources.slice(0, -1)).toContain('automatic');
    expect(sources.slice(0, -1).every((source) => source === 'automatic')).toBe(true);
    const drawn = json.rivers.at(-1)!;
    expect([drawn.name, drawn.layer]).toEqual(['Flank brook', 'river-1']);
    expect([drawn.points[0].x, drawn.points.at(-1)!.x]).toEqual([-100, -20]);
    for (const p of drawn.points) {
      expect(p.z).toBeCloseTo(100, 6);
      expect(p.y).toBeCloseTo(0.2 * Math.abs(p.x) + 17.8, 3);
      expect([p.width, p.depth]).toEqual([3, 1]);
    }
    for (const engine of ['unreal', 'unity', 'godot-terrain3d', 'godot-hterrain']) {
      expect(json.engines[engine].rivers.map((river) => river.source)).toEqual(sources);
      expect(json.engines[engine].rivers.at(-1)!.points).toHaveLength(drawn.points.length);
    }
  });

  it('water and shore are mask sources of the engine presets (export --masks)', async () => {
    const wet = await water(LAKE_ONLY);
    const rules = {
      layers: [{ name: 'ground' }, { name: 'shore', rules: [{ source: 'shore', min: 0.5 }] }, { name: 'lake', rules: [{ source: 'water', min: 0.01 }] }],
    };
    // Every engine preset: Unity's and HTerrain's layers are channels of splat maps, the others' a file each.
    expect(ENGINE_IDS.length).toBe(4);
    for (const preset of ENGINE_IDS) {
      const io = fakeCliIo({ inputs: { 'w.faultline': wet.files.get('w.faultline')!, 'rules.json': JSON.stringify(rules) } });
      const code = await runCli(['export', 'w.faultline', '--preset', preset, '--masks', 'rules.json', '--out', 'out', '--name', 'map'], io);
      expect(io.err).toBe('');
      expect(code).toBe(0);
      expect([...io.files.keys()].join(' ')).toMatch(preset === 'unity' || preset === 'godot-hterrain' ? /map_splat/ : /map_lake/);
    }
    const io = fakeCliIo({ inputs: { 'w.faultline': wet.files.get('w.faultline')!, 'rules.json': JSON.stringify(rules) } });
    expect(await runCli(['export', 'w.faultline', '--preset', 'godot-terrain3d', '--masks', 'rules.json', '--out', 'out', '--name', 'map'], io)).toBe(0);
    // Terrain3D keeps the map's vertices (padded out to its regions): the lake covers the pit, the shore 10 m
    // round it (wetness ≥ 0.5), the ground the rest.
    const lake = decodePng(io.files.get('out/map_lake.png')!, 'map_lake.png');
    const shore = decodePng(io.files.get('out/map_shore.png')!, 'map_shore.png');
    const first = lake.samples.indexOf(255);
    const [left, top] = [(first % lake.width) - 25, Math.floor(first / lake.width) - 19];
    for (let j = 0; j < depth; j++) {
      for (let i = 0; i < width; i++) {
        const metres = Math.hypot(Math.max(0, Math.abs(i - 30) - 5), Math.max(0, Math.abs(j - 24) - 5)) * cellSize;
        const at = (j + top) * lake.width + i + left;
        expect(lake.samples[at]).toBe(pit.inPit(i, j) ? 255 : 0);
        expect(shore.samples[at]).toBe(!pit.inPit(i, j) && metres <= 10 ? 255 : 0);
      }
    }
    let lakeTexels = 0;
    for (const sample of lake.samples) if (sample > 0) lakeTexels++;
    expect(lakeTexels).toBe(11 * 11);
  });

  it('export --preset … --water writes the water files beside the engine files, the same bytes as faultline water writes', async () => {
    const wet = await water([...LAKE_ONLY, '--depth', 'd.exr', '--flow', 'f.png', '--water-mesh', 'm.glb', '--river-centrelines', 'r.json']);
    const io = fakeCliIo({ inputs: { 'w.faultline': wet.files.get('w.faultline')! } });
    const code = await runCli(['export', 'w.faultline', '--preset', 'unreal', '--water', '--out', 'ue', '--name', 'map'], io);
    expect(io.err).toBe('');
    expect(code).toBe(0);
    expect(io.files.get('ue/map_water_depth.exr')).toEqual(wet.files.get('d.exr'));
    expect(io.files.get('ue/map_flow.png')).toEqual(wet.files.get('f.png'));
    expect(io.files.get('ue/map_water.glb')).toEqual(wet.files.get('m.glb'));
    expect(io.files.get('ue/map_rivers.json')).toEqual(wet.files.get('r.json'));
    const info = JSON.parse(new TextDecoder().decode(io.files.get('ue/map.unreal.json')!)) as { water: { files: string[] } };
    expect(info.water.files).toEqual(['map_water_depth.exr', 'map_flow.png', 'map_water.glb', 'map_rivers.json']);
    // Without a water layer: one line naming the input, nothing written.
    const dry = fakeCliIo({ inputs: { 'pit.faultline': pitProject } });
    expect(await runCli(['export', 'pit.faultline', '--preset', 'unreal', '--water', '--out', 'ue'], dry)).toBe(1);
    expect(dry.err).toMatch(/^faultline export: pit\.faultline: --water needs a water layer, which this terrain does not have/);
    expect([...dry.files.keys()]).toEqual([]);
  });

  it('a dry map has no water to mesh: one line naming the file, nothing written', async () => {
    const plane = createHeightfield(33, 33, 2);
    for (let k = 0; k < plane.heights.length; k++) plane.heights[k] = 0.1 * (k % 33);
    const io = fakeCliIo({ inputs: { 'pit.faultline': outputFormatFor('p.faultline')!.encode(plane, {}) } });
    expect(await runCli(['water', 'pit.faultline', '--water-mesh', 'm.glb', '--out', 'w.faultline'], io)).toBe(1);
    expect(io.err).toMatch(/^faultline water: m\.glb: the terrain has no lake or river to mesh\n$/);
    expect(io.files.size).toBe(0);
    const usage = fakeCliIo({ inputs: { 'pit.faultline': pitProject } });
    expect(await runCli(['water', 'pit.faultline', '--water-mesh', 'm.obj', '--out', 'w.faultline'], usage)).toBe(2);
    expect(usage.err).toMatch(/--water-mesh m\.obj: must be a \.glb file/);
  });
});
