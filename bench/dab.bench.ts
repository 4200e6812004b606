import { median, type Benchmark } from './harness';
import { createEditorViews } from './editorViews';
import type { DirtyRegion } from '../app/document/region';
import { BrushStroke } from '../app/tools/brushStroke';
import { DEFAULT_BRUSH, type BrushSettings } from '../app/tools/brush';
import type { MapTilePixels } from '../app/map2d/mapTilePixels';
import { resnapInRegion, type SnappedPropLayer } from '../shared/props/prop';
import { syntheticTerrain } from '../shared/lod/testing/syntheticTerrain';
import type { LodCamera } from '../shared/lod/selectLod';
import type { Heightfield } from '../shared/terrain/heightfield';
import type { LodTerrainMeshes } from '../renderer/viewport/lod/lodTerrainMeshes';

const SIZE = 4097;
/** A 64 m dab: radius 32 m on a 1 m grid. */
const RADIUS = 32;
const PROPS = 100_000;
const WARMUP = 3;

type Part = 'height_edit' | 'lod_update' | 'map_tiles' | 'props_resnap';
const PARTS: Part[] = ['height_edit', 'lod_update', 'map_tiles', 'props_resnap'];

interface DabState {
  field: Heightfield;
  lod: LodTerrainMeshes;
  camera: LodCamera;
  mapTiles: MapTilePixels;
  props: SnappedPropLayer;
  times: Record<Part, number[]>;
  runs: number;
  tilesRedrawn: number;
  pixelsRedrawn: number;
  propsTouched: number;
}

/**
 * The 2D panel's CPU work for a change, through the same MapTilePixels as renderer/map2d/tiledHeightmapImage.ts,
 * minus the canvas: the touched range blocks, the map's range, then the RGBA pixels of the changed
 * rectangles. Node has no canvas, so `putImageData` (the browser's copy into the tile canvas) is not
 * included.
 */
function redrawMapTiles(state: DabState, region: DirtyRegion): void {
  const rects = state.mapTiles.update(state.field, region, 'hypsometric');
  state.tilesRedrawn = rects.length;
  state.pixelsRedrawn = rects.reduce((sum, r) => sum + r.width * r.height, 0);
}

/**
 * One 64 m brush dab at 4097² and every view update the CPU does for it: the height edit through
 * the brush tool's stroke (tile snapshot for undo + dab), the viewport's LOD chunk errors, level
 * selection and rebuild of the touched blocks, the 2D panel's tile pixels, and re-snapping the
 * props in the changed region. Dabs alternate raise and lower at the same spot so the map's height
 * range (which would recolour everything) stays put, as for a typical dab.
 */
function brushDabAllViews(name: string, x: number, z: number): Benchmark {
  let state: DabState | undefined;
  const brushes: BrushSettings[] = [
    { ...DEFAULT_BRUSH, mode: 'raise', radius: RADIUS },
    { ...DEFAULT_BRUSH, mode: 'lower', radius: RADIUS },
  ];
  return {
    name,
    size: SIZE,
    params: { dab_m: 2 * RADIUS, props: PROPS, target_ms: 8, map_tiles_excludes: 'putImageData (no canvas in Node)' },
    samples: 15,
    warmup: WARMUP,
    setup: () => {
      const field = syntheticTerrain(SIZE, 1);
      // Every view finished drawing the map, as long before a dab.
      const { lod, camera, mapTiles, props } = createEditorViews(field, PROPS);
      const times = Object.fromEntries(PARTS.map((p) => [p, [] as number[]])) as Record<Part, number[]>;
      state = { field, lod, camera, mapTiles, props, times, runs: 0, tilesRedrawn: 0, pixelsRedrawn: 0, propsTouched: 0 };
      return state;
    },
    run: (s) => {
      const st = s as DabState;
      const brush = brushes[st.runs++ % 2];
      const t0 = performance.now();
      // A new stroke per dab: includes the undo snapshot of the touched tiles, as a stroke's first dab does.
      const stroke = new BrushStroke(st.field, brush, x, z, 0);
      const region = stroke.begin();
      if (!region) throw new Error('the dab changed nothing');
      const t1 = performance.now();
      st.lod.syncDocument(st.field, region);
      st.lod.update(st.camera);
      const t2 = performance.now();
      redrawMapTiles(st, region);
      const t3 = performance.now();
      st.propsTouched = resnapInRegion(st.field, st.props, region).touched;
      const t4 = performance.now();
      st.times.height_edit.push(t1 - t0);
      st.times.lod_update.push(t2 - t1);
      st.times.map_tiles.push(t3 - t2);
      st.times.props_resnap.push(t4 - t3);
    },
    measure: (): Record<string, number> => {
      if (!state) return {};
      const figures: Record<string, number> = {};
      for (const part of PARTS) figures[`${part}_ms`] = median(state.times[part].slice(WARMUP));
      return {
        ...figures,
        lod_blocks_rebuilt: state.lod.lastRebuilt,
        map_tiles_redrawn: state.tilesRedrawn,
        map_pixels_redrawn: state.pixelsRedrawn,
        props_touched: state.propsTouched,
        triangles: state.lod.triangles,
      };
    },
  };
}

// At the map centre the dab straddles the corner of four 512² map tiles and four LOD blocks (the
// worst case for the 2D panel); the second entry is a dab inside one map tile.
export const benchmarks: Benchmark[] = [brushDabAllViews('brush-dab-all-views', 0.3, -0.2), brushDabAllViews('brush-dab-all-views one-tile', 256.3, 255.8)];
