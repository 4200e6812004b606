import type { Benchmark } from './harness';
import { writeMapImageRect, type MapImageRect, type MapMode } from '../app/map2d/mapImage';
import { writeMapImageRectReference } from '../app/map2d/testing/mapImageReference';
import { planMapTiles } from '../app/map2d/mapTiles';
import { MapTilePixels } from '../app/map2d/mapTilePixels';
import { syntheticTerrain } from '../shared/lod/testing/syntheticTerrain';
import { heightRange, type Heightfield, type HeightRange } from '../shared/terrain/heightfield';

const SIZE = 4097;

type Writer = (field: Heightfield, pixels: Uint8ClampedArray, mode: MapMode, range: HeightRange, rect: MapImageRect) => void;

interface ColourState {
  field: Heightfield;
  range: HeightRange;
  tiles: MapImageRect[];
  pixels: Uint8ClampedArray;
}

/**
 * Colouring the whole 2D image of a 4097² map tile by tile (512² tiles, as the panel does after a
 * whole-map change), once with the plain per-pixel reference and once with app/map2d/mapImage.ts.
 */
function wholeMapColouring(name: string, writer: Writer, mode: MapMode, baseline?: string): Benchmark {
  let state: ColourState | undefined;
  const pixelsPerRun = SIZE * SIZE;
  return {
    name,
    size: SIZE,
    baseline,
    params: { mode, tiles: planMapTiles(SIZE, SIZE).length },
    samples: 5,
    warmup: 1,
    setup: () => {
      const field = syntheticTerrain(SIZE, 1);
      const tiles = planMapTiles(SIZE, SIZE);
      state = { field, range: heightRange(field.heights), tiles, pixels: new Uint8ClampedArray(512 * 512 * 4) };
      return state;
    },
    run: (s) => {
      const st = s as ColourState;
      for (const tile of st.tiles) writer(st.field, st.pixels, mode, st.range, tile);
    },
    measure: () => ({ pixels: pixelsPerRun }),
  };
}

interface SliceState {
  field: Heightfield;
  image: MapTilePixels;
  sliceMs: number[];
  slices: number;
  levelPixels: number;
}

/**
 * A whole-map change (generate, open, undo of a run) through MapTilePixels as the panel runs it:
 * one 8 ms slice per animation frame until every tile is current, including the box-filtered
 * reduced levels of each finished tile. Reports the longest slice (the main thread's longest block).
 */
function wholeMapChangeInSlices(size: number): Benchmark {
  let state: SliceState | undefined;
  return {
    name: 'map2d-whole-map-change in 8 ms slices',
    size,
    params: { budget_ms: 8 },
    samples: size > 4097 ? 2 : 3,
    warmup: 1,
    setup: () => {
      const field = syntheticTerrain(size, 1);
      state = { field, image: new MapTilePixels(), sliceMs: [], slices: 0, levelPixels: 0 };
      return state;
    },
    run: (s) => {
      const st = s as SliceState;
      st.image.update(st.field, { kind: 'all' }, 'hypsometric');
      st.sliceMs = [];
      st.levelPixels = 0;
      while (!st.image.upToDate) {
        const t0 = performance.now();
        const rects = st.image.redrawSlice(st.field, 8);
        st.sliceMs.push(performance.now() - t0);
        for (const r of rects) for (const level of r.levels) st.levelPixels += level.width * level.height;
      }
      st.slices = st.sliceMs.length;
    },
    measure: (): Record<string, number> => (state ? { slices: state.slices, max_slice_ms: Math.max(...state.sliceMs), level_pixels: state.levelPixels } : {}),
  };
}

/**
 * The natural image of a 4097² map tile by tile, with the View's sea (app/map2d/seaTint.ts) at the
 * height under which `seaShare` of the height range lies, or without it: the sea's cost per image.
 */
function naturalColouring(name: string, seaShare: number | null, baseline?: string): Benchmark {
  let state: (ColourState & { seaLevel: number | null }) | undefined;
  return {
    name,
    size: SIZE,
    baseline,
    params: { mode: 'natural', sea_share_of_range: seaShare ?? 'none' },
    samples: 3,
    warmup: 1,
    setup: () => {
      const field = syntheticTerrain(SIZE, 1);
      const range = heightRange(field.heights);
      const seaLevel = seaShare === null ? null : range.min + seaShare * (range.max - range.min);
      state = { field, range, tiles: planMapTiles(SIZE, SIZE), pixels: new Uint8ClampedArray(512 * 512 * 4), seaLevel };
      return state;
    },
    run: (s) => {
      const st = s as ColourState & { seaLevel: number | null };
      for (const tile of st.tiles) writeMapImageRect(st.field, st.pixels, 'natural', st.range, tile, null, undefined, st.seaLevel);
    },
    measure: () => ({ pixels: SIZE * SIZE }),
  };
}

export const benchmarks: Benchmark[] = [
  naturalColouring('map2d-colour natural', null),
  naturalColouring('map2d-colour natural with sea', 0.3, 'map2d-colour natural'),
  wholeMapChangeInSlices(4097),
  wholeMapChangeInSlices(8193),
  wholeMapColouring('map2d-colour reference hypsometric', writeMapImageRectReference, 'hypsometric'),
  wholeMapColouring('map2d-colour hypsometric', writeMapImageRect, 'hypsometric', 'map2d-colour reference hypsometric'),
  wholeMapColouring('map2d-colour reference grayscale', writeMapImageRectReference, 'grayscale'),
  wholeMapColouring('map2d-colour grayscale', writeMapImageRect, 'grayscale', 'map2d-colour reference grayscale'),
];
