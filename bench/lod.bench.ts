import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Benchmark } from './harness';
import { defaultCameraPose } from '../app/view/cameraPose';
import { createChunkLayout } from '../shared/lod/chunkLayout';
import { computeChunkErrors, type ChunkErrors } from '../shared/lod/chunkErrors';
import { selectLod, type LodCamera } from '../shared/lod/selectLod';
import { syntheticTerrain } from '../shared/lod/testing/syntheticTerrain';
import type { Heightfield } from '../shared/terrain/heightfield';
import { BLOCK_CHUNKS, LodTerrainMeshes } from '../renderer/viewport/lod/lodTerrainMeshes';
import { buildBlockGeometry, type BlockRange } from '../renderer/viewport/lod/lodBlockGeometry';

const FOV = 50;
const VIEWPORT = { width: 1600, height: 1000 };

function defaultCamera(field: Heightfield): LodCamera {
  const pose = defaultCameraPose(field, FOV, VIEWPORT.width / VIEWPORT.height);
  return { position: pose.position, fovYDegrees: FOV, viewportHeight: VIEWPORT.height };
}

interface SelectState {
  field: Heightfield;
  errors: ChunkErrors;
  camera: LodCamera;
  buildMs: number;
}

/** Level selection from the default view; reports the triangles drawn and the one-off chunk error build. */
function selectBench(size: number, roughness: number): Benchmark {
  let state: SelectState | undefined;
  return {
    name: `lod select default view ${size}${roughness >= 1 ? ' rough' : ''}`,
    size,
    params: { roughness_m: roughness },
    samples: 5,
    warmup: 1,
    setup: () => {
      const field = syntheticTerrain(size, 1, roughness);
      const start = performance.now();
      const errors = computeChunkErrors(field, createChunkLayout(size, size, 1));
      state = { field, errors, camera: defaultCamera(field), buildMs: performance.now() - start };
      return state;
    },
    run: (s) => {
      const { errors, camera } = s as SelectState;
      selectLod(errors, camera);
    },
    measure: (): Record<string, number> => {
      if (!state) return {};
      const selection = selectLod(state.errors, state.camera);
      return {
        triangles: selection.triangles,
        full_mesh_triangles: 2 * (size - 1) ** 2,
        pixel_error: selection.pixelError,
        chunk_errors_build_ms: state.buildMs,
      };
    },
  };
}

interface DabState {
  field: Heightfield;
  lod: LodTerrainMeshes;
  camera: LodCamera;
  sink: number;
}

const DAB_SIDE = 64;

/**
 * A 64 m dab at the centre of a 4097² map (1 m cells), then the viewport's LOD update: chunk errors
 * of the touched chunks, level selection and rebuilding the touched blocks (CPU side only).
 */
function dabBench(size: number): Benchmark {
  let state: DabState | undefined;
  return {
    name: `lod brush dab update ${size}`,
    size,
    params: { dab_m: DAB_SIDE },
    samples: 9,
    setup: () => {
      const field = syntheticTerrain(size, 1);
      const lod = new LodTerrainMeshes(field, 'height');
      lod.finishErrors();
      const camera = defaultCamera(field);
      lod.update(camera);
      state = { field, lod, camera, sink: 0 };
      return state;
    },
    run: (s) => {
      const st = s as DabState;
      const { field, lod, camera } = st;
      const i0 = (size - DAB_SIDE) >> 1;
      const j0 = (size - DAB_SIDE) >> 1;
      for (let j = j0; j < j0 + DAB_SIDE; j++) for (let i = i0; i < i0 + DAB_SIDE; i++) field.heights[j * size + i] += 0.001;
      lod.syncDocument(field, { kind: 'rect', i0, j0, i1: i0 + DAB_SIDE, j1: j0 + DAB_SIDE });
      lod.update(camera);
      st.sink += lod.lastRebuilt;
    },
    measure: (): Record<string, number> =>
      state ? { triangles: state.lod.triangles, blocks_rebuilt: state.lod.lastRebuilt, lod_buffers_bytes: state.lod.memoryBytes() } : {},
  };
}

interface RebuildState {
  field: Heightfield;
  levels: Uint8Array;
  layout: ReturnType<typeof createChunkLayout>;
  blocks: BlockRange[];
  triangles: number;
}

/**
 * Every block's geometry built for the default view's levels: what the viewport does when all
 * levels change (a new map, the exact errors arriving after a whole-map change, a camera jump).
 */
function rebuildAllBench(size: number): Benchmark {
  let state: RebuildState | undefined;
  return {
    name: `lod rebuild every block ${size}`,
    size,
    samples: 5,
    setup: () => {
      const field = syntheticTerrain(size, 1);
      const layout = createChunkLayout(size, size, 1);
      const { levels } = selectLod(computeChunkErrors(field, layout), defaultCamera(field));
      const blocks: BlockRange[] = [];
      for (let cz0 = 0; cz0 < layout.chunksZ; cz0 += BLOCK_CHUNKS) {
        for (let cx0 = 0; cx0 < layout.chunksX; cx0 += BLOCK_CHUNKS)
          blocks.push({ cx0, cz0, cx1: Math.min(layout.chunksX, cx0 + BLOCK_CHUNKS), cz1: Math.min(layout.chunksZ, cz0 + BLOCK_CHUNKS) });
      }
      state = { field, levels, layout, blocks, triangles: 0 };
      return state;
    },
    run: (s) => {
      const st = s as RebuildState;
      st.triangles = 0;
      for (const block of st.blocks) st.triangles += (buildBlockGeometry(st.field, st.layout, st.levels, block).getIndex()?.count ?? 0) / 3;
    },
    measure: (): Record<string, number> => (state ? { blocks: state.blocks.length, triangles: state.triangles } : {}),
  };
}

/** Memory of the LOD buffers from the default view (one-off build, reported, not timed meaningfully). */
function memoryBench(size: number): Benchmark {
  let lod: LodTerrainMeshes | undefined;
  return {
    name: `lod buffers memory ${size}`,
    size,
    samples: 1,
    warmup: 0,
    setup: () => {
      const field = syntheticTerrain(size, 1);
      lod = new LodTerrainMeshes(field, 'height');
      lod.finishErrors();
      return { field, camera: defaultCamera(field) };
    },
    run: (s) => {
      const { camera } = s as { camera: LodCamera };
      lod?.update(camera);
    },
    measure: (): Record<string, number> => (lod ? { triangles: lod.triangles, lod_buffers_bytes: lod.memoryBytes(), heights_bytes: size * size * 4 } : {}),
  };
}

/**
 * Process memory of a document at rest with history, LOD buffers and 2D tiles, measured in a fresh
 * Node process (bench/lodMemory.ts) so RSS is not inflated by the other entries. Node only: the GPU
 * copies and the browser's own overhead are not included.
 */
function processMemoryBench(size: number, strokes: number, undos: number): Benchmark {
  let figures: Record<string, number> = {};
  return {
    name: `lod document ${undos ? 'editable, memory' : 'memory at rest'} ${size}`,
    size,
    params: { strokes, undos, excludes: 'GPU and browser overhead' },
    samples: 1,
    warmup: 0,
    run: () => {
      const script = fileURLToPath(new URL('./lodMemory.ts', import.meta.url));
      const child = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', script, String(size), String(strokes), String(undos)], { encoding: 'utf8' });
      if (child.status !== 0) throw new Error(`bench/lodMemory.ts failed: ${child.stderr}`);
      const parsed = JSON.parse(child.stdout.trim().split('\n').pop() ?? '{}') as Record<string, unknown>;
      figures = Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
    },
    measure: () => figures,
  };
}

// Smooth hills with 5 cm roughness, and a worst case with 1 m roughness everywhere (every level has
// a large error, so near chunks need full detail and the triangle budget decides).
export const benchmarks: Benchmark[] = [
  ...[1025, 4097, 8193].map((size) => selectBench(size, 0.05)),
  ...[1025, 4097, 8193].map((size) => selectBench(size, 1)),
  dabBench(4097),
  memoryBench(4097),
  memoryBench(8193),
  rebuildAllBench(4097),
  rebuildAllBench(8193),
  processMemoryBench(4097, 20, 0),
  // 8193² opens and is editable: 10 strokes through the Editor with tile undo, one undone, LOD selection.
  processMemoryBench(8193, 10, 1),
];
