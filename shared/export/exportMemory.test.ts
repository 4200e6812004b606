import { describe, expect, it } from 'vitest';
import { defaultMaskSet } from './masks';
import { planEngineExport } from './presets';
import { describeEngineExport, engineExportMemory, EXPORT_MEMORY_FIXED_BYTES, exportMemoryProblem, formatGigabytes } from './exportMemory';

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
    const measured = Object.keys(cli).flatMap((preset) => [preset, preset].map((p, k) => [p, (k === 0 ? cli : window)[p as keyof typeof cli]] as const));
    for (const [preset, peakMiB] of measured as [keyof typeof cli, number][]) {
      const side = preset === 'unity' ? 8193 : 8129;
      const plan = planEngineExport(dims(side), range, { preset, name: 't', masks, ...(preset === 'unreal' && { size: 8129 }) });
      const estimate = engineExportMemory(plan, dims(side)) / MiB;
      expect(estimate).toBeGreaterThanOrEqual(peakMiB);
      expect(estimate).toBeLessThan(peakMiB * 1.5);
    }
  });

  it('grows with the exported grid and the map, not with the layer count', () => {
    const at = (side: number, size: number, layers: typeof masks | null) => engineExportMemory(planEngineExport(dims(side), range, { preset: 'unreal', name: 't', size, masks: layers }), dims(side));
    const four = { layers: masks.layers.slice(0, 4) };
    expect(at(4097, 4033, masks)).toBe(at(4097, 4033, four));
    expect(at(4097, 4033, null)).toBeLessThan(at(4097, 4033, four));
    expect(at(4097, 8129, four)).toBeGreaterThan(at(4097, 4033, four));
    expect(at(257, 8129, four)).toBeLessThan(at(4097, 8129, four));
    expect(at(257, 253, null)).toBeGreaterThan(EXPORT_MEMORY_FIXED_BYTES);
  });

  it('refuses only what does not fit, naming the export and both figures', () => {
    const plan = planEngineExport(dims(513), range, { preset: 'godot-hterrain', name: 't', masks: defaultMaskSet(0, 100, false) });
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
