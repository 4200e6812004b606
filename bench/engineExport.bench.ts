import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Benchmark } from './harness';
import { createHeightfield, type Heightfield } from '../shared/terrain/heightfield';
import { referenceFaultFormation } from '../shared/fault/reference';
import { DEFAULT_RECIPE } from '../shared/fault/recipe';
import { compilePngHeightmap } from '../shared/codecs/png-heightmap';
import { compileExrHeightmap } from '../shared/codecs/exr';
import { gridAsField, type ExportGrid } from '../shared/export/grid';
import { defaultMaskSet, layerWeights, MaskSources, quantiseWeights } from '../shared/export/masks';
import { normalMapPixels, vertexNormals } from '../shared/export/normals';
import { buildEngineExport } from '../shared/export/engineExport';
import { resampleExact } from '../shared/export/resample';

// Engine-ready export (issue 11): resampling from the exact surface, masks, normal maps, EXR, and a
// whole Unreal export, on a 4097² fault-formation map resampled to Unreal's 4033.
const SIZE = Number(process.env.FAULTLINE_EXPORT_BENCH_SIZE ?? 4097);
const TARGET = 4033;

let cached: Heightfield | undefined;

/** Fault formation on a quarter-size grid, upsampled bilinearly (quick to set up, realistic to compress). */
function terrain(): Heightfield {
  if (cached) return cached;
  const coarseSide = (SIZE - 1) / 4 + 1;
  const coarse = createHeightfield(coarseSide, coarseSide, 4);
  referenceFaultFormation(coarse, DEFAULT_RECIPE);
  const field = createHeightfield(SIZE, SIZE, 1);
  const h = coarse.heights;
  for (let j = 0; j < SIZE; j++) {
    const cj = Math.min(coarseSide - 2, Math.floor(j / 4));
    const fz = j / 4 - cj;
    for (let i = 0; i < SIZE; i++) {
      const ci = Math.min(coarseSide - 2, Math.floor(i / 4));
      const fx = i / 4 - ci;
      const k = cj * coarseSide + ci;
      const top = h[k] + fx * (h[k + 1] - h[k]);
      const bottom = h[k + coarseSide] + fx * (h[k + coarseSide + 1] - h[k + coarseSide]);
      field.heights[j * SIZE + i] = top + fz * (bottom - top);
    }
  }
  cached = field;
  return field;
}

let resampled: ExportGrid | undefined;
const target = (): ExportGrid => (resampled ??= resampleExact(terrain(), TARGET, TARGET));

const quick = { samples: 3, warmup: 1 };

/**
 * Peak memory of a whole export with 16 mask layers (issue 17: ≤ 1 GB at 8129), in a fresh Node
 * process (bench/engineExportMemory.ts) so that RSS counts only that export. One sample: it is slow.
 */
function exportMemoryBench(engineId: string, side: number, layers: number): Benchmark {
  let figures: Record<string, number> = {};
  return {
    name: `export-memory-${engineId}-${side}-${layers}-layers`,
    size: side,
    params: { layers },
    samples: 1,
    warmup: 0,
    run: () => {
      const script = fileURLToPath(new URL('./engineExportMemory.ts', import.meta.url));
      const child = spawnSync(process.execPath, ['--import', 'tsx', script, engineId, String(side), String(layers)], { encoding: 'utf8', maxBuffer: 1 << 20 });
      if (child.status !== 0) throw new Error(`bench/engineExportMemory.ts failed: ${child.stderr}`);
      const parsed = JSON.parse(child.stdout.trim().split('\n').pop() ?? '{}') as Record<string, unknown>;
      figures = Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
    },
    measure: () => figures,
  };
}

export const benchmarks: Benchmark[] = [
  { name: 'export-png16-encode', size: TARGET, ...quick, setup: target, run: (grid) => void compilePngHeightmap(gridAsField(grid as ExportGrid)) },
  {
    name: 'export-resample-exact',
    size: SIZE,
    params: { to: TARGET },
    baseline: 'export-png16-encode',
    opsPerRun: TARGET * TARGET,
    ...quick,
    setup: terrain,
    run: (field) => void resampleExact(field as Heightfield, TARGET, TARGET),
  },
  {
    name: 'export-normal-map',
    size: TARGET,
    baseline: 'export-png16-encode',
    ...quick,
    setup: target,
    run: (grid) => void normalMapPixels(vertexNormals(grid as ExportGrid), { space: 'tangent', green: 'down' }),
  },
  {
    name: 'export-masks-3-layers',
    size: TARGET,
    baseline: 'export-png16-encode',
    ...quick,
    setup: target,
    run: (grid) => {
      const g = grid as ExportGrid;
      void quantiseWeights(layerWeights(defaultMaskSet(-50, 50), new MaskSources(g), g.width * g.depth));
    },
  },
  {
    // The same set with the dirt's edge straight (no slopeBand: the slope itself): what the turf's ragged edge costs.
    name: 'export-masks-3-layers, turf edge straight',
    size: TARGET,
    baseline: 'export-masks-3-layers',
    ...quick,
    setup: target,
    run: (grid) => {
      const g = grid as ExportGrid;
      const set = defaultMaskSet(-50, 50);
      const straight = { layers: set.layers.map(({ slopeBand: _band, ...layer }) => layer) };
      void quantiseWeights(layerWeights(straight, new MaskSources(g), g.width * g.depth));
    },
  },
  ...(['zip', 'none'] as const).map((compression): Benchmark => ({
    name: `export-exr-${compression}`,
    size: SIZE,
    baseline: 'export-png16-encode',
    ...quick,
    setup: terrain,
    run: (field) => void compileExrHeightmap(field as Heightfield, { compression }),
    measure: () => ({ bytes: compileExrHeightmap(terrain(), { compression }).length }),
  })),
  {
    name: 'export-unreal-full',
    size: SIZE,
    params: { to: TARGET, layers: 3, normalMap: 'yes' },
    baseline: 'export-png16-encode',
    samples: 2,
    warmup: 1,
    setup: terrain,
    run: (field) =>
      void buildEngineExport(field as Heightfield, {
        engineId: 'unreal',
        name: 'bench',
        masks: defaultMaskSet(-50, 50),
        normalMap: { space: 'tangent', green: 'down' },
      }),
  },
  exportMemoryBench('unreal', 8129, 16),
  exportMemoryBench('godot-terrain3d', 8129, 16),
  exportMemoryBench('unity', 8193, 16),
];
