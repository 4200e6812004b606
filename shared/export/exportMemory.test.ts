import { describe, expect, it } from 'vitest';
import { defaultMaskSet, fitMaskSet } from './masks';
import { planEngineExport } from './engineExport';
import {
  describeEngineExport,
  describeFileExport,
  engineExportMemory,
  EXPORT_MEMORY_FIXED_BYTES,
  exportMemoryProblem,
  fileExportMemory,
  formatGigabytes,
} from './exportMemory';
import { FILE_FORMATS } from '../codecs/formats';

const MiB = 1024 * 1024;
const dims = (side: number) => ({ width: side, depth: side, cellSize: 1 });
const range = { min: 0, max: 100 };
const masks = { layers: Array.from({ length: 16 }, (_, k) => ({ name: `layer${k}`, rules: k === 0 ? [] : [{ source: 'height' as const, min: k * 5 }] })) };

describe('an engine export’s memory, estimated from its plan', () => {
  it('covers the measured peaks at 8129² with 16 layers (BENCHMARKS.md, CLI and window) without being far above them', () => {
    // The CLI: peak RSS minus Node's own ~80 MiB (BENCHMARKS.md "Engine-export memory at 8129² …");
    // the window: its peak minus its RSS before the export (Node, the document's map, the session), the
    // codec worker's copy of the map included (BENCHMARKS.md "Session 9: window engine export").
    const cli = { unreal: 790 - 80, unity: 892 - 90, 'godot-terrain3d': 865 - 83 } as const;
    const window = { unreal: 1136 - 365, unity: 1197 - 366, 'godot-terrain3d': 1184 - 347 } as const;
    const measured = Object.keys(cli).flatMap((engineId) => [engineId, engineId].map((p, k) => [p, (k === 0 ? cli : window)[p as keyof typeof cli]] as const));
    for (const [engineId, peakMiB] of measured as [keyof typeof cli, number][]) {
      const side = engineId === 'unity' ? 8193 : 8129;
      const plan = planEngineExport(dims(side), range, { engineId, name: 't', masks, ...(engineId === 'unreal' && { size: 8129 }) });
      const estimate = engineExportMemory(plan, dims(side)) / MiB;
      expect(estimate).toBeGreaterThanOrEqual(peakMiB);
      expect(estimate).toBeLessThan(peakMiB * 1.5);
    }
  });

  it('grows with the exported grid and the map, not with the layer count', () => {
    const at = (side: number, size: number, layers: typeof masks | null) =>
      engineExportMemory(planEngineExport(dims(side), range, { engineId: 'unreal', name: 't', size, masks: layers }), dims(side));
    const four = { layers: masks.layers.slice(0, 4) };
    expect(at(4097, 4033, masks)).toBe(at(4097, 4033, four));
    expect(at(4097, 4033, null)).toBeLessThan(at(4097, 4033, four));
    expect(at(4097, 8129, four)).toBeGreaterThan(at(4097, 4033, four));
    expect(at(257, 8129, four)).toBeLessThan(at(4097, 8129, four));
    expect(at(257, 253, null)).toBeGreaterThan(EXPORT_MEMORY_FIXED_BYTES);
  });

  it('a colour map holds its grid, RGB pixels and PNG (10 B a vertex) while it is made: more than masks or heights alone', () => {
    const lines = { treeLine: 200, snowLine: 350 };
    const at = (layers: typeof masks | null, colourMap: typeof lines | null) =>
      engineExportMemory(planEngineExport(dims(4097), range, { engineId: 'unreal', name: 't', size: 4033, masks: layers, colourMap }), dims(4097));
    expect(at(null, lines) - at(null, null)).toBe((10 - 8) * 4033 * 4033);
    expect(at(masks, lines) - at(masks, null)).toBe((10 - 9) * 4033 * 4033);
  });

  it('refuses only what does not fit, naming the export and both figures', () => {
    const plan = planEngineExport(dims(513), range, { engineId: 'godot-hterrain', name: 't', masks: fitMaskSet(defaultMaskSet(0, 100, false), 4) });
    const what = describeEngineExport(plan, 3);
    expect(what).toBe('the Godot · HTerrain 1.7 export (513 × 513, 3 mask layers)');
    const needed = engineExportMemory(plan, dims(513));
    expect(exportMemoryProblem(what, needed, needed)).toBeNull();
    expect(exportMemoryProblem(what, 3.05e9, 1.2e9)).toBe(
      'the Godot · HTerrain 1.7 export (513 × 513, 3 mask layers) needs about 3.1 GB of memory and 1.2 GB is available: choose a smaller resolution, or close other programs and export again; nothing was written',
    );
    expect(formatGigabytes(1)).toBe('0.1 GB');
  });
});

describe('a plain file export’s memory (heightmap, normal map, mesh), estimated from its format and size', () => {
  const V = 8193 * 8193;
  const map = { width: 8193, depth: 8193 };

  it('covers the measured peaks (bench/fileExportMemory.ts, BENCHMARKS.md "Session 10") without being far above them', () => {
    // Peak RSS minus Node's own before the map, in MiB, and the side measured at.
    const measured: [string, number, number][] = [
      ['png16', 569 - 88, 8193],
      ['png8', 532 - 89, 8193],
      ['r16', 494 - 85, 8193],
      ['r32', 619 - 88, 8193],
      ['exr', 632 - 89, 8193],
      ['normal', 533 - 89, 4097],
      ['glb', 1683 - 88, 4097],
      ['glb', 488 - 86, 2049],
      ['obj', 1499 - 84, 2049],
      ['obj', 435 - 85, 1025],
    ];
    for (const [format, peakMiB, side] of measured) {
      const estimate = fileExportMemory({ format, map: { width: side, depth: side } }) / MiB;
      expect(estimate, format).toBeGreaterThanOrEqual(peakMiB);
      expect(estimate, format).toBeLessThan(peakMiB * 1.5);
    }
  });

  it('every export entry of the registry has its figures; a format that is not one is an error', () => {
    for (const format of FILE_FORMATS)
      for (const variant of format.variants) expect(fileExportMemory({ format: variant.id, map }), variant.id).toBeGreaterThan(4 * V);
    expect(() => fileExportMemory({ format: 'faultline', map })).toThrow(/not an export format/);
  });

  it('is the map, the encode per vertex, the tile cut, and the file the window hands to main', () => {
    expect(fileExportMemory({ format: 'png16', map })).toBe(EXPORT_MEMORY_FIXED_BYTES + 4 * V + 4 * V);
    // Tiles: one tile cut and encoded at a time.
    expect(fileExportMemory({ format: 'r16', map, tile: { width: 1025, depth: 1025 } })).toBe(EXPORT_MEMORY_FIXED_BYTES + 4 * V + (4 + 3) * 1025 * 1025);
    // The CLI holds every tile's file until all are written.
    expect(fileExportMemory({ format: 'r16', map, tile: { width: 1025, depth: 1025 }, holdsFiles: true })).toBe(
      EXPORT_MEMORY_FIXED_BYTES + 4 * V + 7 * 1025 * 1025 + 2 * V,
    );
    // Normal-map tiles come from the whole map's normals.
    expect(fileExportMemory({ format: 'normal', map, tile: { width: 1025, depth: 1025 } })).toBe(fileExportMemory({ format: 'normal', map }));
    // In the window a mesh or normal map is made in the codec worker and sent to main whole; a heightmap is main's own.
    expect(fileExportMemory({ format: 'glb', map, inWindow: true }) - fileExportMemory({ format: 'glb', map })).toBe(48 * V);
    expect(fileExportMemory({ format: 'exr', map, inWindow: true })).toBe(fileExportMemory({ format: 'exr', map }));
  });

  it('names the export the way the engine refusal does', () => {
    const shape = { format: 'glb', map: { width: 4097, depth: 4097 } };
    expect(exportMemoryProblem(describeFileExport(shape), fileExportMemory(shape), 1e9)).toBe(
      'the Binary glTF mesh (.glb) export (4097 × 4097) needs about 1.8 GB of memory and 1.0 GB is available: choose a smaller resolution, or close other programs and export again; nothing was written',
    );
    expect(describeFileExport({ format: 'r16', map, tile: { width: 1025, depth: 1025 } })).toBe(
      'the RAW 16-bit (.r16) export (8193 × 8193 in tiles of 1025 × 1025)',
    );
    expect(describeFileExport({ format: 'normal', map })).toBe('the normal map export (8193 × 8193)');
  });
});
