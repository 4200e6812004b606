import type { Benchmark } from './harness';
import { createHeightfield, type Heightfield } from '../shared/terrain/heightfield';
import { referenceFaultFormation } from '../shared/fault/reference';
import { DEFAULT_RECIPE } from '../shared/fault/recipe';
import { compilePngHeightmap, parsePngHeightmap } from '../shared/codecs/png-heightmap';
import type { FilterName } from '../shared/codecs/png/filters';
import { portableDeflate, type Deflate } from '../shared/codecs/zlib';
import { nativeDeflate } from '../main/services/nativeDeflate';
import { zlibSync } from 'fflate';
import { compileProject, parseProject, type ProjectDocument } from '../shared/codecs/project';

const SIZE = Number(process.env.FAULTLINE_CODEC_BENCH_SIZE ?? 4097);

let cached: Heightfield | undefined;

/**
 * Fault-formation terrain (compression depends on the data, so noise would mislead): the default
 * recipe on a quarter-size grid, upsampled bilinearly so that setup stays quick.
 */
export function terrain(): Heightfield {
  if (cached) return cached;
  const coarseSide = (SIZE - 1) / 4 + 1;
  const coarse = createHeightfield(coarseSide, coarseSide, 4);
  referenceFaultFormation(coarse, DEFAULT_RECIPE);
  const field = createHeightfield(SIZE, SIZE, 1);
  for (let j = 0; j < SIZE; j++) {
    const cj = Math.min(coarseSide - 2, Math.floor(j / 4));
    const fz = j / 4 - cj;
    for (let i = 0; i < SIZE; i++) {
      const ci = Math.min(coarseSide - 2, Math.floor(i / 4));
      const fx = i / 4 - ci;
      const k = cj * coarseSide + ci;
      const h = coarse.heights;
      const top = h[k] + fx * (h[k + 1] - h[k]);
      const bottom = h[k + coarseSide] + fx * (h[k + coarseSide + 1] - h[k + coarseSide]);
      field.heights[j * SIZE + i] = top + fz * (bottom - top);
    }
  }
  cached = field;
  return field;
}

/** What main and the CLI write with (node:zlib level 1), and the alternatives. */
const DEFLATES: Record<string, Deflate> = { native: nativeDeflate, portable: portableDeflate, fflate1: (data) => zlibSync(data, { level: 1 }) };

function pngEncode(name: string, filter: FilterName, deflateName: keyof typeof DEFLATES): Benchmark {
  const deflate = DEFLATES[deflateName];
  return {
    name,
    size: SIZE,
    samples: 5,
    warmup: 1,
    params: { filter, deflate: deflateName },
    setup: terrain,
    run: (field) => {
      compilePngHeightmap(field as Heightfield, { filter, deflate });
    },
    measure: () => ({ bytes: compilePngHeightmap(terrain(), { filter, deflate }).length }),
  };
}

function project(): ProjectDocument {
  return {
    field: terrain(),
    recipe: DEFAULT_RECIPE,
    history: [{ kind: 'continue', iterations: 100 }],
    props: Array.from({ length: 200 }, (_, k) => ({ id: `p${k}`, type: 'rock', x: k, z: -k })),
    view: { camera: { position: [0, 500, 800], target: [0, 0, 0] } },
  };
}

export const benchmarks: Benchmark[] = [
  pngEncode('png16-encode', 'up', 'native'),
  {
    name: 'png16-decode',
    size: SIZE,
    samples: 5,
    warmup: 1,
    setup: () => compilePngHeightmap(terrain()),
    run: (bytes) => {
      parsePngHeightmap(bytes as Uint8Array, 'bench.png');
    },
  },
  {
    name: 'project-encode',
    size: SIZE,
    samples: 5,
    warmup: 1,
    setup: project,
    run: (doc) => {
      compileProject(doc as ProjectDocument);
    },
    measure: () => ({ bytes: compileProject(project()).length }),
  },
  {
    name: 'project-decode',
    size: SIZE,
    samples: 5,
    warmup: 1,
    setup: () => compileProject(project()),
    run: (bytes) => {
      parseProject(bytes as Uint8Array, 'bench.faultline');
    },
  },
  {
    name: 'project-encode-compressed',
    size: SIZE,
    samples: 3,
    warmup: 1,
    setup: project,
    run: (doc) => {
      compileProject(doc as ProjectDocument, { compress: true, deflate: nativeDeflate });
    },
    measure: () => ({ bytes: compileProject(project(), { compress: true, deflate: nativeDeflate }).length }),
  },
  {
    name: 'project-decode-compressed',
    size: SIZE,
    samples: 3,
    warmup: 1,
    setup: () => compileProject(project(), { compress: true, deflate: nativeDeflate }),
    run: (bytes) => {
      parseProject(bytes as Uint8Array, 'bench.faultline');
    },
  },
  // Alternatives, measured to choose the PNG defaults above.
  pngEncode('png16-encode-sub', 'sub', 'native'),
  pngEncode('png16-encode-paeth', 'paeth', 'native'),
  pngEncode('png16-encode-up-fflate1', 'up', 'fflate1'),
];
