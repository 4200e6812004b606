import { Frustum, Matrix4, PerspectiveCamera, Vector3 } from 'three';
import { cpuTimed, type Benchmark } from './harness';
import { defaultCameraPose } from '../app/view/cameraPose';
import { syntheticTerrain } from '../shared/lod/testing/syntheticTerrain';
import { evaluateWater } from '../shared/hydrology/water';
import { DEFAULT_WATER_PARAMS } from '../shared/hydrology/waterParams';
import { hydraulicHalfWidth, type RiverHalfWidth } from '../shared/hydrology/riverStrip';
import { findWaterFeatures, type WaterFeatures } from '../shared/hydrology/waterFeatures';
import type { WaterSurface } from '../shared/hydrology/waterSurface';
import { waterTintImage } from '../app/water/waterTint';
import { magnifiedWaterTint } from '../app/water/waterTintMagnified';
import { riverStripBlock } from '../app/water/riverStripBlock';
import { waterBlockCounts } from '../app/water/waterCorners';
import { ALL } from '../app/document/region';
import { WaterView } from '../renderer/viewport/look/waterView';
import {
  mirrorGround,
  mirrorPaint,
  mirrorPaintInputs,
  mirrorPaintTexture,
  mirrorTexture,
  refreshMirrorGround,
  refreshMirrorPaint,
} from '../renderer/viewport/look/waterMirror';
import { DEFAULT_NATURAL_LINES } from '../shared/ground/naturalColours';
import { cameraFrustum } from '../renderer/viewport/lod/cameraFrustum';
import type { LodCamera } from '../shared/lod/selectLod';
import type { Heightfield } from '../shared/terrain/heightfield';

/**
 * Drawing rivers and lakes (app/water/, renderer/viewport/look/waterView.ts) at 4097² on the LOD
 * benches' synthetic hills (many closed basins, so many lakes) with the default water layer plus
 * smaller rivers (riverArea 20,000 m²) so both kinds are plentiful.
 * - `water-draw frame`: what a frame costs the CPU for the water: the blocks' world matrices, three's
 *   frustum test of each block and the depth sort of the visible ones (what WebGLRenderer does per
 *   object before its draw calls), at the default camera. The GPU's share cannot be measured here;
 *   `draw_calls` and `triangles` say what it is given.
 *   `vertices` and `triangles` are what the GPU holds for the water: the blocks at the levels of
 *   detail the camera needs (app/water/waterLevels.ts).
 * - `water-draw build`: every block measured and built at its level after a whole-map change (never
 *   per frame; the view does it 12 ms a frame, so this is spread over frames, not one pause).
 * - `water-draw camera move`: levels chosen again after the camera moves (to a river close up and
 *   back) and the blocks whose level changed built anew (spread over frames in the window).
 * - `water-draw block`: one block rebuilt, what an edit in a rectangle (a stroke, a drag step) costs.
 * - `water-draw tint 2D`: the 2D panel's tint image after a change (never per frame).
 * - `water-draw tint 2D magnified`: the part of it in view, magnified, with the edge inside the cells.
 * - `water-draw features`: the rivers and lakes list after a change.
 * - `… (rivers as strips)`: the frame and the build with the rivers drawn as strips along their lines
 *   (shared/hydrology/riverStrip.ts; the default layer carves along lines) and the sheet on the lakes only;
 *   the build's ratio is to `water-draw build` (the rivers on the sheet) in the same run, both with CPU time.
 * - `water-draw strips only`: the strip builder alone (every block's strip, confluences cut), against the same.
 * The baseline reads each vertex's surface and height once.
 */
interface State {
  field: Heightfield;
  water: WaterSurface;
  heights: Float32Array;
  features: WaterFeatures;
  view: WaterView;
  camera: PerspectiveCamera;
  lodCamera: LodCamera;
  closeCamera: LodCamera;
}

const SIZE = 4097;
const FOV = 50;
const VIEWPORT = { width: 1600, height: 1000 };
let cached: State | null = null;

function state(): State {
  if (cached) return cached;
  const field = syntheticTerrain(SIZE, 1);
  const heights = new Float32Array(field.heights.length);
  const result = evaluateWater(field, field.heights, heights, { ...DEFAULT_WATER_PARAMS, riverArea: 20_000 });
  if (!result) throw new Error('water was cancelled');
  const water: WaterSurface = { surface: result.surface, kind: result.kind };
  const features = findWaterFeatures(field, water, heights);
  const pose = defaultCameraPose(field, FOV, VIEWPORT.width / VIEWPORT.height);
  const camera = new PerspectiveCamera(FOV, VIEWPORT.width / VIEWPORT.height, 0.5, 20_000);
  camera.position.set(pose.position.x, pose.position.y, pose.position.z);
  camera.lookAt(pose.target.x, pose.target.y, pose.target.z);
  camera.updateMatrixWorld(true);
  const lodCamera = lodCameraOf(camera);
  // 30 m above the map's middle, looking along the ground 100 m ahead.
  const close = camera.clone();
  const ground = heights[(SIZE >> 1) * SIZE + (SIZE >> 1)];
  close.position.set(0, ground + 30, 100);
  close.lookAt(0, ground, 0);
  close.updateMatrixWorld(true);
  const view = new WaterView();
  view.setCamera(lodCamera);
  view.update(field, water, heights, features.featureOf, ALL);
  view.buildPending();
  cached = { field, water, heights, features, view, camera, lodCamera, closeCamera: lodCameraOf(close) };
  return cached;
}

let stripped: (State & { stripView: WaterView }) | null = null;

/** `state()` with a second view drawing the rivers as strips. */
function stripState(): State & { stripView: WaterView } {
  if (stripped) return stripped;
  const s = state();
  const stripView = new WaterView();
  stripView.setCamera(s.lodCamera);
  stripView.update(s.field, s.water, s.heights, s.features.featureOf, ALL, RIVER_WIDTH);
  stripView.buildPending();
  stripped = { ...s, view: stripView, stripView };
  return stripped;
}

const RIVER_WIDTH = hydraulicHalfWidth(DEFAULT_WATER_PARAMS);

function lodCameraOf(camera: PerspectiveCamera): LodCamera {
  const { x, y, z } = camera.position;
  return { position: { x, y, z }, fovYDegrees: FOV, viewportHeight: VIEWPORT.height, frustum: cameraFrustum(camera) };
}

const frustum = new Frustum();
const projection = new Matrix4();
const centre = new Vector3();

/** Three's per-frame work for the water's objects: world matrices, frustum culling, the transparent sort. */
function frame(s: State): number {
  const { view, camera } = s;
  view.group.updateMatrixWorld(true);
  projection.multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse);
  frustum.setFromProjectionMatrix(projection);
  const visible: Array<{ z: number; id: number }> = [];
  for (const mesh of view.meshes()) {
    if (!frustum.intersectsObject(mesh)) continue;
    centre.copy(mesh.geometry.boundingSphere!.center).applyMatrix4(mesh.matrixWorld).applyMatrix4(projection);
    visible.push({ z: centre.z, id: mesh.id });
  }
  visible.sort((a, b) => b.z - a.z);
  return visible.length;
}

function baselineScan(s: State): number {
  const { water, heights } = s;
  let wet = 0;
  for (let v = 0; v < heights.length; v++) if (water.surface[v] > heights[v]) wet++;
  return wet;
}

const BASELINE = 'water-draw baseline: one read of every vertex';

/**
 * A frame row: three's per-frame work for the view `setup` gives, with what the GPU is handed
 * (draw calls, blocks, triangles, vertices) and the row's own figures.
 */
function frameRow(name: string, setup: () => State, figures: (s: State) => Record<string, number>): Benchmark {
  return {
    name,
    size: SIZE,
    baseline: BASELINE,
    samples: 50,
    warmup: 5,
    setup,
    run: (s) => frame(s as State),
    measure: () => {
      const s = setup();
      return { draw_calls: frame(s), blocks: s.view.blockCount, triangles: s.view.triangles, vertices: s.view.vertices, ...figures(s) };
    },
  };
}

/** A build row: every block measured and built at its level in a new view (rivers as strips when `riverWidth` is given), CPU time. */
function buildRow(name: string, baseline: string, setup: () => State, riverWidth: RiverHalfWidth | null = null): Benchmark {
  return {
    name,
    size: SIZE,
    baseline,
    samples: 3,
    warmup: 1,
    setup,
    ...cpuTimed(3, (s) => {
      const { field, water, heights, features, lodCamera } = s as State;
      const view = new WaterView();
      view.setCamera(lodCamera);
      view.update(field, water, heights, features.featureOf, ALL, riverWidth);
      view.buildPending();
      view.dispose();
    }),
  };
}

export const benchmarks: Benchmark[] = [
  { name: BASELINE, size: SIZE, samples: 5, warmup: 1, setup: state, run: (s) => baselineScan(s as State) },
  frameRow('water-draw frame', state, (s) => ({
    full_resolution_triangles: s.view.fullResolutionTriangles,
    wet_vertices: baselineScan(s),
    rivers: s.features.features.filter((f) => f.kind === 'river').length,
    lakes: s.features.features.filter((f) => f.kind === 'lake').length,
  })),
  frameRow('water-draw frame (rivers as strips)', stripState, (s) => ({ strips: s.view.stripCount })),
  buildRow('water-draw build', BASELINE, state),
  buildRow('water-draw build (rivers as strips)', 'water-draw build', stripState, RIVER_WIDTH),
  {
    name: 'water-draw strips only',
    size: SIZE,
    baseline: 'water-draw build',
    samples: 3,
    warmup: 1,
    setup: stripState,
    ...cpuTimed(3, (s) => {
      const { field, water, heights, features } = s as State;
      const { columns, rows } = waterBlockCounts(field);
      for (let bj = 0; bj < rows; bj++) for (let bi = 0; bi < columns; bi++) riverStripBlock(field, water, heights, features.featureOf, RIVER_WIDTH, bi, bj);
    }),
  },
  {
    // The lakes' mirror (renderer/viewport/look/waterMirror.ts): the whole map read onto its coarse ground
    // and sent as half floats (after a whole-map change; part of `water-draw build`), and after an edit of
    // 64 × 64 vertices only the samples it reached (part of `water-draw block`).
    name: 'water-draw mirror ground',
    size: SIZE,
    baseline: BASELINE,
    samples: 5,
    warmup: 1,
    setup: state,
    run: (s) => {
      const { field, heights } = s as State;
      mirrorTexture(mirrorGround(field, heights), null).dispose();
    },
  },
  {
    name: 'water-draw mirror stroke',
    size: SIZE,
    baseline: BASELINE,
    samples: 20,
    warmup: 3,
    setup: () => {
      const s = state();
      const ground = mirrorGround(s.field, s.heights);
      return { s, ground, texture: mirrorTexture(ground, null) };
    },
    run: (m) => {
      const { s, ground, texture } = m as { s: State; ground: ReturnType<typeof mirrorGround>; texture: ReturnType<typeof mirrorTexture> };
      const rect = refreshMirrorGround(ground, s.field, s.heights, { kind: 'rect', i0: 2016, j0: 2016, i1: 2080, j1: 2080 });
      mirrorTexture(ground, texture, rect);
    },
  },
  {
    // Its paint (the land's colours at its samples, natural colours with their footprints): the whole
    // map's after a whole-map change or a colour setting's, and after an edit of 64 × 64 vertices.
    name: 'water-draw mirror paint',
    size: SIZE,
    baseline: BASELINE,
    samples: 5,
    warmup: 1,
    setup: () => {
      const s = state();
      return { s, ground: mirrorGround(s.field, s.heights) };
    },
    run: (m) => {
      const { s, ground } = m as { s: State; ground: ReturnType<typeof mirrorGround> };
      const field = { ...s.field, heights: s.heights };
      mirrorPaintTexture(ground, mirrorPaint(ground, field, 'natural', DEFAULT_NATURAL_LINES), null).dispose();
    },
  },
  {
    // What the window's thread pays for that paint now that a worker finds the colours (WaterView with a
    // runner): the samples' heights and normals, the copies sent, and the texture of the colours shown meanwhile.
    name: 'water-draw mirror paint ask',
    size: SIZE,
    baseline: BASELINE,
    samples: 5,
    warmup: 1,
    setup: () => {
      const s = state();
      return { s, ground: mirrorGround(s.field, s.heights) };
    },
    run: (m) => {
      const { s, ground } = m as { s: State; ground: ReturnType<typeof mirrorGround> };
      const field = { ...s.field, heights: s.heights };
      const { paint, ask } = mirrorPaintInputs(ground, field, 'natural', DEFAULT_NATURAL_LINES);
      void [ask.heights.slice(), ask.normals.slice()];
      mirrorPaintTexture(ground, paint, null).dispose();
    },
  },
  {
    name: 'water-draw mirror paint stroke',
    size: SIZE,
    baseline: BASELINE,
    samples: 20,
    warmup: 3,
    setup: () => {
      const s = state();
      const ground = mirrorGround(s.field, s.heights);
      const field = { ...s.field, heights: s.heights };
      const paint = mirrorPaint(ground, field, 'natural', DEFAULT_NATURAL_LINES);
      return { field, ground, paint, texture: mirrorPaintTexture(ground, paint, null) };
    },
    run: (m) => {
      const { field, ground, paint, texture } = m as {
        field: Parameters<typeof mirrorPaint>[1];
        ground: ReturnType<typeof mirrorGround>;
        paint: ReturnType<typeof mirrorPaint>;
        texture: ReturnType<typeof mirrorPaintTexture>;
      };
      refreshMirrorPaint(ground, paint, field, { kind: 'rect', i0: 2016, j0: 2016, i1: 2080, j1: 2080 });
      mirrorPaintTexture(ground, paint, texture);
    },
  },
  {
    name: 'water-draw camera move',
    size: SIZE,
    baseline: BASELINE,
    samples: 10,
    warmup: 2,
    setup: state,
    run: (s) => {
      const { view, lodCamera, closeCamera } = s as State;
      view.setCamera(closeCamera);
      view.buildPending();
      const close = view.triangles;
      view.setCamera(lodCamera);
      view.buildPending();
      return close;
    },
    measure: () => {
      const { view, lodCamera, closeCamera } = state();
      view.setCamera(closeCamera);
      view.buildPending();
      const figures = { close_triangles: view.triangles, close_vertices: view.vertices };
      view.setCamera(lodCamera);
      view.buildPending();
      return figures;
    },
  },
  {
    name: 'water-draw block',
    size: SIZE,
    baseline: BASELINE,
    samples: 20,
    warmup: 3,
    setup: state,
    run: (s) => {
      const { field, water, heights, features, view } = s as State;
      // The map's middle block (on the hills' lakes and rivers).
      view.update(field, water, heights, features.featureOf, { kind: 'rect', i0: 2048, j0: 2048, i1: 2049, j1: 2049 });
      view.buildPending();
    },
  },
  {
    name: 'water-draw tint 2D',
    size: SIZE,
    baseline: BASELINE,
    samples: 3,
    warmup: 1,
    setup: state,
    run: (s) => {
      const { field, water, heights, features } = s as State;
      return waterTintImage(field, water, heights, features.featureOf, 1);
    },
  },
  {
    // The 2D panel magnified over the map's middle: a 1600 × 1000 pixel view at 8 pixels a vertex
    // (200 × 125 vertices) and its quarter margins, painted with the edge inside the cells (never per
    // frame: when the view leaves it, the zoom's power of two changes or the water changes).
    name: 'water-draw tint 2D magnified',
    size: SIZE,
    baseline: BASELINE,
    samples: 5,
    warmup: 1,
    setup: state,
    run: (s) => {
      const { field, water, heights, features } = s as State;
      const mid = SIZE >> 1;
      return magnifiedWaterTint(field, water, heights, features.featureOf, 1, { i0: mid - 150, j0: mid - 94, i1: mid + 149, j1: mid + 93 }, 8);
    },
    measure: () => {
      const { water, heights } = state();
      const mid = SIZE >> 1;
      let wet = 0;
      for (let j = mid - 94; j <= mid + 93; j++) for (let i = mid - 150; i <= mid + 149; i++) if (water.surface[j * SIZE + i] > heights[j * SIZE + i]) wet++;
      return { pixels: 300 * 188 * 64, wet_vertices: wet };
    },
  },
  {
    name: 'water-draw features',
    size: SIZE,
    baseline: BASELINE,
    samples: 3,
    warmup: 1,
    setup: state,
    run: (s) => {
      const { field, water, heights } = s as State;
      return findWaterFeatures(field, water, heights);
    },
  },
];
