import { describe, expect, it } from 'vitest';
import { FloatType, RedFormat } from 'three';
import { EXRLoader } from 'three/examples/jsm/loaders/EXRLoader.js';
import { decodePng } from '../codecs/png/decode';
import { createHeightfield, heightRange, vertexX, vertexZ, type Heightfield } from '../terrain/heightfield';
import { heightAt } from '../terrain/surface';
import type { MaskSet } from './masks';
import { buildEngineExport, EngineExportError, planEngineExport, type EngineExportOptions, type ExportFile } from './engineExport';

// Round trips: export, read the files back with readers that share no code with the writers (our PNG
// decoder, a DataView for RAW, three.js's EXRLoader), compare heights within one 16-bit step, and
// check every JSON value by its formula.

function terrain(width: number, depth: number, cellSize: number): Heightfield {
  const field = createHeightfield(width, depth, cellSize);
  for (let j = 0; j < depth; j++) {
    for (let i = 0; i < width; i++) field.heights[j * width + i] = 40 + 35 * Math.sin(i / 9) * Math.cos(j / 13) + 0.05 * i - ((i * 7 + j * 3) % 4) * 0.25;
  }
  return field;
}

const file = (files: ExportFile[], name: string): Uint8Array => {
  const found = files.find((f) => f.name === name);
  if (!found) throw new Error(`no ${name} among ${files.map((f) => f.name).join(', ')}`);
  return found.bytes;
};
const json = (files: ExportFile[], name: string) => JSON.parse(new TextDecoder().decode(file(files, name))) as Record<string, unknown>;

function readExr(bytes: Uint8Array): { width: number; height: number; data: Float32Array } {
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  return new EXRLoader().setDataType(FloatType).setOutputFormat(RedFormat).parse(buffer) as unknown as { width: number; height: number; data: Float32Array };
}

/** Height of the original exact surface at vertex (i, j) of an n × n grid spanning the map. */
function surfaceAtResampled(field: Heightfield, n: number, i: number, j: number): number {
  const x = vertexX(field, 0) + (i * (field.width - 1) * field.cellSize) / (n - 1);
  const z = vertexZ(field, 0) + (j * (field.depth - 1) * field.cellSize) / (n - 1);
  const clamp = (v: number, lo: number) => Math.min(-lo, Math.max(lo, v));
  return heightAt(field, clamp(x, vertexX(field, 0)), clamp(z, vertexZ(field, 0)));
}

const masks: MaskSet = {
  layers: [
    { name: 'grass', rules: [] },
    { name: 'rock', rules: [{ source: 'slope', min: 25, softness: 5 }] },
    { name: 'peak', rules: [{ source: 'height', min: 60, softness: 4 }] },
  ],
};

describe('Unreal engineId', () => {
  const field = terrain(129, 129, 2);
  const options: EngineExportOptions = { engineId: 'unreal', name: 'island', masks, normalMap: { space: 'tangent', green: 'down' } };

  it('writes a 16-bit PNG at a landscape size whose samples, read the Unreal way, are the exact surface', () => {
    const { plan, files } = buildEngineExport(field, options);
    expect(plan.width).toBe(127);
    const info = json(files, 'island.unreal.json');
    const { min, max } = heightRange(field.heights);
    // The values to type, by formula.
    expect(info.size).toBe(127);
    expect(info.scaleX).toBeCloseTo((128 * 2 * 100) / 126, 9);
    expect(info.scaleY).toBeCloseTo((128 * 2 * 100) / 126, 9);
    expect(info.scaleZ).toBeCloseTo(((max - min) * 100) / 512, 9);
    expect(info.locationZ).toBeCloseTo(((min + max) / 2) * 100, 9);
    expect(info.components).toBe(1);

    const png = decodePng(file(files, 'island.png'), 'island.png');
    expect([png.width, png.height, png.bitDepth, png.colourType]).toEqual([127, 127, 16, 0]);
    const step = (max - min) / 65535;
    let worst = 0;
    for (let j = 0; j < 127; j++) {
      for (let i = 0; i < 127; i++) {
        // Unreal: height(cm) = Location Z + (sample − 32768) / 128 · Scale Z.
        const unreal = ((info.locationZ as number) + ((png.samples[j * 127 + i] - 32768) / 128) * (info.scaleZ as number)) / 100;
        worst = Math.max(worst, Math.abs(unreal - surfaceAtResampled(field, 127, i, j)));
      }
    }
    expect(worst).toBeLessThanOrEqual(step);
    // The numbers the dialog shows are the JSON's.
    const shown = Object.fromEntries(plan.numbers.map((n) => [n.key, n.value]));
    expect(shown.scaleZ).toBeCloseTo(info.scaleZ as number, 6);
    expect(shown.locationZ).toBeCloseTo(info.locationZ as number, 6);
  });

  it('writes one 8-bit weightmap per layer at the heightmap size, summing to 255, and a normal map', () => {
    const { files } = buildEngineExport(field, options);
    const layers = ['grass', 'rock', 'peak'].map((name) => decodePng(file(files, `island_${name}.png`), name));
    for (const layer of layers) expect([layer.width, layer.height, layer.bitDepth, layer.colourType]).toEqual([127, 127, 8, 0]);
    for (let k = 0; k < 127 * 127; k++) expect(layers[0].samples[k] + layers[1].samples[k] + layers[2].samples[k]).toBe(255);
    expect(layers[2].samples.some((v) => v === 255)).toBe(true);
    const normal = decodePng(file(files, 'island_normal.png'), 'n.png', { channel: 'b' });
    expect([normal.width, normal.height, normal.colourType]).toEqual([127, 127, 2]);
    expect(Math.min(...normal.samples)).toBeGreaterThan(128); // blue = up: every normal points up
  });

  it('crops an exact window instead when asked, and tiles with NAME_x{X}_y{Y}', () => {
    const cropped = buildEngineExport(field, { engineId: 'unreal', name: 'c', fit: 'crop' });
    expect(cropped.plan.source).toEqual({ mode: 'crop', i0: 1, j0: 1 });
    const info = json(cropped.files, 'c.unreal.json');
    expect(info.scaleX).toBe(200);
    const png = decodePng(file(cropped.files, 'c.png'), 'c.png');
    const { min, max } = heightRange(field.heights);
    const h = (s: number) => min + (s * (max - min)) / 65536;
    expect(Math.abs(h(png.samples[0]) - field.heights[129 + 1])).toBeLessThanOrEqual((max - min) / 65535);
  });

  it('tiles the way UE5’s tiled import reads them: equal tiles placed at x · tileSize, no shared edge, a landscape size in all', () => {
    // Even with an overlap asked for, Unreal's tiles share no edge.
    const tiled = buildEngineExport(field, { engineId: 'unreal', name: 't', tiles: { size: 64, overlap: 1 } });
    expect(tiled.files.map((f) => f.name)).toEqual(['t_x0_y0.png', 't_x1_y0.png', 't_x0_y1.png', 't_x1_y1.png', 't.unreal.json']);
    const info = json(tiled.files, 't.unreal.json') as {
      size: number;
      scaleX: number;
      scaleZ: number;
      locationZ: number;
      components: number;
      quadsPerSection: number;
      sectionsPerComponent: number;
      tiledImport: Record<string, unknown>;
    };
    // 2 × 64 = 128 = 1 component × 1 section × 127 quads + 1: a landscape size.
    expect(info.size).toBe(128);
    expect(info.components * info.sectionsPerComponent * info.quadsPerSection + 1).toBe(128);
    expect(info.tiledImport).toEqual({ tileSize: 64, tilesX: 2, tilesY: 2, select: 't_x0_y0.png' });
    // The engine's rule, rebuilt here: tile (x, y) goes to (x · 64, y · 64) of a 128² landscape.
    const landscape = new Float64Array(128 * 128).fill(NaN);
    for (const [x, y] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ]) {
      const png = decodePng(file(tiled.files, `t_x${x}_y${y}.png`), 't.png');
      expect([png.width, png.height]).toEqual([64, 64]);
      for (let j = 0; j < 64; j++)
        for (let i = 0; i < 64; i++)
          landscape[(y * 64 + j) * 128 + x * 64 + i] = (info.locationZ + ((png.samples[j * 64 + i] - 32768) / 128) * info.scaleZ) / 100;
    }
    const { min, max } = heightRange(field.heights);
    let worst = 0;
    for (let j = 0; j < 128; j++)
      for (let i = 0; i < 128; i++) worst = Math.max(worst, Math.abs(landscape[j * 128 + i] - surfaceAtResampled(field, 128, i, j)));
    expect(worst).toBeLessThanOrEqual((max - min) / 65535);
    // The landscape spans the map: 127 quads of Scale X.
    expect((127 * info.scaleX) / 100).toBeCloseTo(128 * 2, 9);
    const shown = Object.fromEntries(tiled.plan.numbers.map((n) => [n.key, n.value]));
    expect(shown.size).toBe('128 × 128');
    expect(shown.tiledImport).toBe('2 × 2 files of 64 × 64');
  });

  it('refuses a tile size no landscape is made of, naming sizes that work', () => {
    const plan = () => planEngineExport(field, heightRange(field.heights), { engineId: 'unreal', name: 't', tiles: { size: 505, overlap: 0 } });
    expect(plan).toThrow(EngineExportError);
    expect(plan).toThrow(/no landscape size is 2 or more tiles of 505; tile sizes that make one: \d+/);
  });
});

describe('Unity engineId', () => {
  it('writes RAW 16-bit little-endian, rows in Unity’s order, with the terrain values', () => {
    const field = terrain(129, 129, 1.5);
    const { files } = buildEngineExport(field, { engineId: 'unity', name: 'map' });
    const info = json(files, 'map.unity.json');
    const { min, max } = heightRange(field.heights);
    expect(info.heightmapResolution).toBe(129);
    expect(info.width).toBe(128 * 1.5);
    expect(info.length).toBe(128 * 1.5);
    // Unity divides a sample by 65536 (TerrainWizards.cs: 1.0F / (1 << 16)): one step more than the range.
    expect(info.height).toBeCloseTo(((max - min) * 65536) / 65535, 9);
    expect(info.positionY).toBeCloseTo(min, 9);
    const raw = file(files, 'map.raw');
    expect(raw.length).toBe(129 * 129 * 2);
    const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
    let worst = 0;
    for (let row = 0; row < 129; row++) {
      for (let i = 0; i < 129; i++) {
        // Unity: world y = position.y + sample / 65536 · height; file row 0 is Unity's z = 0, Faultline's last row.
        const unity = (info.positionY as number) + (view.getUint16(2 * (row * 129 + i), true) / 65536) * (info.height as number);
        worst = Math.max(worst, Math.abs(unity - field.heights[(128 - row) * 129 + i]));
      }
    }
    expect(worst).toBeLessThanOrEqual((max - min) / 65535);
  });

  it('cuts terrains sharing their edge rows, positions each, and writes RGBA alphamaps at 2ⁿ', () => {
    const field = terrain(129, 129, 2);
    const { plan, files } = buildEngineExport(field, { engineId: 'unity', name: 'u', tiles: { size: 65, overlap: 1 }, masks });
    expect(plan.tiles?.length).toBe(4);
    const info = json(files, 'u.unity.json') as {
      heightmapResolution: number;
      width: number;
      alphamapResolution: number;
      tiles: Array<{ file: string; x: number; y: number; positionX: number; positionZ: number }>;
    };
    expect(info.heightmapResolution).toBe(65);
    expect(info.width).toBe(128);
    expect(info.alphamapResolution).toBe(64);
    const corner = info.tiles.find((t) => t.x === 1 && t.y === 0)!;
    // Faultline tile (1, 0) covers x 0…128 m and z −128…0 m; in Unity's z (flipped) 0…128 m.
    expect([corner.file, corner.positionX, corner.positionZ]).toEqual(['u_x1_y0.raw', 0, 0]);
    const splat = decodePng(file(files, 'u_splat0_x0_y0.png'), 's.png', { channel: 'r' });
    expect([splat.width, splat.height, splat.colourType]).toEqual([64, 64, 6]);
    const channels = (['r', 'g', 'b', 'a'] as const).map((channel) => decodePng(file(files, 'u_splat0_x0_y0.png'), 's.png', { channel }).samples);
    for (let k = 0; k < 64 * 64; k++) expect(channels[0][k] + channels[1][k] + channels[2][k]).toBe(255);
    expect([...channels[3]].every((v) => v === 0)).toBe(true);
  });
});

describe('Godot presets', () => {
  it('Terrain3D: EXR heights in metres, padded to a region boundary, landing where Faultline has them; R16 with its range', () => {
    const field = terrain(100, 70, 0.5);
    const { plan, files } = buildEngineExport(field, { engineId: 'godot-terrain3d', name: 'g' });
    // First vertex −49, −34 (centre on the origin); the regions of 256 start at −256: 207 and 222 in front.
    expect(plan.source).toEqual({ mode: 'native', padLeft: 207, padTop: 222 });
    const info = json(files, 'g.terrain3d.json');
    expect(info).toMatchObject({ format: 'exr', regionSize: 256, vertexSpacing: 0.5, importScale: 1, heightOffset: 0 });
    const [px, , pz] = info.importPosition as number[];
    expect([Number.isInteger(px), Number.isInteger(pz)]).toEqual([true, true]);
    const exr = readExr(file(files, 'g.exr'));
    expect([exr.width, exr.height]).toEqual([307, 292]);
    const topDown = exr.data[0] === field.heights[0];
    // Terrain3D's rule (terrain_3d_data.cpp): pixel (0, 0) at region floor(position / spacing / 256) · 256.
    const landX = Math.floor(px / 0.5 / 256) * 256;
    const landZ = Math.floor(pz / 0.5 / 256) * 256;
    for (let j = 0; j < 70; j++) {
      for (let i = 0; i < 100; i++) {
        // Faultline's vertex (i, j) sits at x = (i − 49) · 0.5 m: Terrain3D vertex i − 49.
        const u = i - 49 - landX;
        const v = j - 34 - landZ;
        expect(exr.data[(topDown ? v : 291 - v) * 307 + u]).toBe(field.heights[j * 100 + i]);
      }
    }

    const r16 = buildEngineExport(field, { engineId: 'godot-terrain3d', name: 'g', heightFormat: 'r16' });
    const rInfo = json(r16.files, 'g.terrain3d.json') as { r16Range: [number, number]; r16Size: [number, number] };
    const { min, max } = heightRange(field.heights);
    expect(rInfo.r16Range).toEqual([min, max]);
    expect(rInfo.r16Size).toEqual([307, 292]);
    const raw = file(r16.files, 'g.r16');
    const view = new DataView(raw.buffer, raw.byteOffset);
    // Terrain3D: h = get_16() / 65535 · (max − min) + min, little-endian, rows as in the image.
    const at = (i: number, j: number) => (view.getUint16(2 * ((j + 222) * 307 + i + 207), true) / 65535) * (max - min) + min;
    for (const [i, j] of [
      [0, 0],
      [99, 0],
      [21, 43],
      [99, 69],
    ])
      expect(Math.abs(at(i, j) - field.heights[j * 100 + i])).toBeLessThanOrEqual((max - min) / 65535);
  });

  it('Terrain3D: whole-metre import positions that its importer keeps, for the maps the review tried', () => {
    const flat = { min: 0, max: 1 };
    for (const [width, depth, cell] of [
      [257, 257, 1],
      [600, 400, 1.5],
      [129, 129, 0.3],
    ]) {
      const plan = planEngineExport({ width, depth, cellSize: cell }, flat, { engineId: 'godot-terrain3d', name: 'g' });
      const [px, , pz] = plan.info.importPosition as number[];
      expect([Number.isInteger(px), Number.isInteger(pz)]).toEqual([true, true]);
      const region = plan.info.regionSize as number;
      // Terrain3D floors position / spacing to a region (in float); its pixel (0, 0) is there.
      const landX = Math.floor(Math.fround(px / cell) / region) * region;
      const landZ = Math.floor(Math.fround(pz / cell) / region) * region;
      const source = plan.source as { padLeft: number; padTop: number };
      // Faultline's first vertex, −⌊(n − 1)/2⌋ on Terrain3D's grid, is pixel padLeft of the image.
      expect(landX + source.padLeft).toBe(-Math.floor((width - 1) / 2));
      expect(landZ + source.padTop).toBe(-Math.floor((depth - 1) / 2));
      const shown = plan.numbers.find((n) => n.key === 'importPosition')!.value;
      expect(shown).toBe(`${px}, ${pz}`);
    }
    expect(planEngineExport({ width: 257, depth: 257, cellSize: 1 }, flat, { engineId: 'godot-terrain3d', name: 'g' }).info.importPosition).toEqual([
      -256, 0, -256,
    ]);
  });

  it('Terrain3D: tiles are whole regions, each with its own region-boundary position; spacing outside 0.25–100 m and a resolution are refused', () => {
    const flat = { min: 0, max: 1 };
    const plan = planEngineExport({ width: 600, depth: 400, cellSize: 1 }, flat, { engineId: 'godot-terrain3d', name: 'g', tiles: { size: 256, overlap: 1 } });
    const tiles = plan.info.tiles as Array<{ i0: number; j0: number; importPosition: number[] }>;
    for (const tile of tiles) {
      expect(tile.i0 % 256).toBe(0);
      expect(Math.floor(tile.importPosition[0] / 256) * 256).toBe(tile.importPosition[0]);
    }
    expect(() =>
      planEngineExport({ width: 600, depth: 400, cellSize: 1 }, flat, { engineId: 'godot-terrain3d', name: 'g', tiles: { size: 300, overlap: 0 } }),
    ).toThrow(/multiple of the region size 256/);
    expect(() => planEngineExport({ width: 65, depth: 65, cellSize: 0.2 }, flat, { engineId: 'godot-terrain3d', name: 'g' })).toThrow(
      /0\.25–100 m and it clamps anything else; this map's cells are 0\.2 m/,
    );
    expect(() => planEngineExport({ width: 65, depth: 65, cellSize: 150 }, flat, { engineId: 'godot-terrain3d', name: 'g' })).toThrow(EngineExportError);
    expect(() => planEngineExport({ width: 65, depth: 65, cellSize: 1 }, flat, { engineId: 'godot-terrain3d', name: 'g', size: 65 })).toThrow(
      /resolution cannot be chosen/,
    );
  });

  it('HTerrain refuses resolutions below 65, and does not list them', () => {
    const flat = { min: 0, max: 1 };
    expect(() => planEngineExport({ width: 65, depth: 65, cellSize: 1 }, flat, { engineId: 'godot-hterrain', name: 'h', size: 33 })).toThrow(
      /33 is not a size .*\(65, 129/,
    );
    expect(() => planEngineExport({ width: 65, depth: 65, cellSize: 1 }, flat, { engineId: 'godot-hterrain', name: 'h', size: 17 })).toThrow(
      /\(65, 129, 257, 513, 1025, 2049, 4097\)/,
    );
    expect(planEngineExport({ width: 40, depth: 40, cellSize: 1 }, flat, { engineId: 'godot-hterrain', name: 'h' }).width).toBe(65);
  });

  it('caps the number of files, not tiles: 4096 tiles with 4 alphamaps and a normal map each are refused up front', () => {
    const sixteen: MaskSet = { layers: Array.from({ length: 16 }, (_, l) => ({ name: `l${l}`, rules: [] })) };
    const plan = () =>
      planEngineExport(
        { width: 4097, depth: 4097, cellSize: 1 },
        { min: 0, max: 1 },
        { engineId: 'unity', name: 'u', tiles: { size: 65, overlap: 1 }, masks: sixteen, normalMap: { space: 'tangent', green: 'up' } },
      );
    expect(plan).toThrow(/would write 24577 files, more than the 4096/);
    // The same tiles without masks and normal map: 4096 heightmaps and the JSON are still too many files.
    expect(() =>
      planEngineExport({ width: 4097, depth: 4097, cellSize: 1 }, { min: 0, max: 1 }, { engineId: 'unity', name: 'u', tiles: { size: 65, overlap: 1 } }),
    ).toThrow(/4097 files/);
  });

  it('names each file’s own pixel size: Unity alphamaps are a power of two', () => {
    const plan = planEngineExport({ width: 1025, depth: 1025, cellSize: 1 }, { min: 0, max: 1 }, { engineId: 'unity', name: 'u', masks });
    const splat = plan.files.find((f) => f.role === 'splatmap')!;
    expect([splat.width, splat.depth]).toEqual([1024, 1024]);
    expect(plan.files.find((f) => f.role === 'heightmap')!.width).toBe(1025);
  });

  it('HTerrain: a 2ⁿ + 1 map from the exact surface, RAW or EXR, and a CLASSIC4 splatmap at its size', () => {
    const field = terrain(150, 150, 1);
    const { plan, files } = buildEngineExport(field, { engineId: 'godot-hterrain', name: 'h', heightFormat: 'r16', masks });
    expect(plan.width).toBe(129);
    expect(files.map((f) => f.name)).toEqual(['h.raw', 'h_splat.png', 'h.hterrain.json']);
    const info = json(files, 'h.hterrain.json') as { resolution: number; minHeight: number; maxHeight: number; mapScale: number[]; position: number[] };
    expect(info.resolution).toBe(129);
    expect(info.mapScale).toEqual([149 / 128, 1, 149 / 128]);
    expect(info.position).toEqual([-74.5, 0, -74.5]);
    const raw = file(files, 'h.raw');
    const view = new DataView(raw.buffer, raw.byteOffset);
    let worst = 0;
    for (let j = 0; j < 129; j += 7) {
      for (let i = 0; i < 129; i += 5) {
        // HTerrain: h = min + (max − min) · get_16() / 65535.
        const h = info.minHeight + ((info.maxHeight - info.minHeight) * view.getUint16(2 * (j * 129 + i), true)) / 65535;
        worst = Math.max(worst, Math.abs(h - surfaceAtResampled(field, 129, i, j)));
      }
    }
    expect(worst).toBeLessThanOrEqual((info.maxHeight - info.minHeight) / 65535);
    const splat = decodePng(file(files, 'h_splat.png'), 's.png', { channel: 'a' });
    expect([splat.width, splat.height, splat.colourType]).toEqual([129, 129, 6]);

    expect(() =>
      buildEngineExport(field, {
        engineId: 'godot-hterrain',
        name: 'h',
        masks: { layers: [...masks.layers, { name: 'a', rules: [] }, { name: 'b', rules: [] }] },
      }),
    ).toThrow(/CLASSIC4 splatmap holds 4 layers/);
  });
});

describe('engine options', () => {
  it('explain what cannot be done', () => {
    const dims = { width: 257, depth: 257, cellSize: 1 };
    const range = { min: 0, max: 10 };
    const problem = (options: EngineExportOptions) => {
      try {
        planEngineExport(dims, range, options);
        return null;
      } catch (error) {
        expect(error).toBeInstanceOf(EngineExportError);
        return (error as Error).message;
      }
    };
    expect(problem({ engineId: 'unreal', name: 'x', size: 1000 })).toMatch(/not a landscape size/);
    expect(problem({ engineId: 'unreal', name: 'x', size: 505, fit: 'crop' })).toMatch(/does not fit/);
    expect(problem({ engineId: 'unity', name: 'x', size: 300 })).toMatch(/not a size Unity 6 accepts/);
    expect(problem({ engineId: 'godot-hterrain', name: 'x', tiles: { size: 65, overlap: 1 } })).toMatch(/tiles are not available/);
    expect(problem({ engineId: 'unreal', name: '../x' })).toMatch(/cannot be used as a file name/);
    expect(problem({ engineId: 'unity', name: 'x', size: 8193 })).toBeNull();
    // A flat map still gets finite scales.
    const flat = planEngineExport(dims, { min: 5, max: 5 }, { engineId: 'unreal', name: 'f' });
    expect(flat.info.scaleZ).toBeCloseTo(100 / 512, 12);
    expect(flat.info.locationZ).toBe(500);
  });

  it('Unity above 4097 is cut into 4097² terrains', () => {
    const plan = planEngineExport({ width: 8193, depth: 8193, cellSize: 1 }, { min: 0, max: 1 }, { engineId: 'unity', name: 'big' });
    expect(plan.tiles?.map((t) => [t.i0, t.j0, t.width])).toEqual([
      [0, 0, 4097],
      [4096, 0, 4097],
      [0, 4096, 4097],
      [4096, 4096, 4097],
    ]);
    expect(plan.info.heightmapResolution).toBe(4097);
  });
});
