import type { Benchmark } from './harness';
import { createHeightfield, type Heightfield } from '../shared/terrain/heightfield';
import { createRandom } from '../shared/random';
import {
  allocatePlacementColumns,
  createSnappedPropLayer,
  placeProps,
  resnapInRegion,
  snapProps,
  type PlacementColumns,
  type PropColumns,
  type SnappedPropLayer,
} from '../shared/props/prop';
import { scatterProps } from '../shared/props/scatter';
import { PerspectiveCamera } from 'three';
import { PropInstances } from '../renderer/props/propInstances';

const SIZE = 4097;
const PROPS = 100_000;
const SCATTER_TYPES = ['conifer', 'broadleaf', 'rock'];

function bumpyField(size: number): Heightfield {
  const field = createHeightfield(size, size, 1);
  const random = createRandom(5);
  for (let k = 0; k < field.heights.length; k++) field.heights[k] = random.next() * 40;
  return field;
}

let sharedField: Heightfield | undefined;
/** One 4097² map (64 MB) for every entry, built on first use. */
function field(): Heightfield {
  sharedField ??= bumpyField(SIZE);
  return sharedField;
}

/** 100,000 props with spacing, scattered once (not timed here) for the snapping entries. */
let sharedProps: PropColumns | undefined;
function scatteredProps(): PropColumns {
  sharedProps ??= scatterProps(field(), { seed: 1, count: PROPS, types: SCATTER_TYPES }).props;
  return sharedProps;
}

interface SnapState {
  field: Heightfield;
  props: PropColumns;
  y: Float32Array;
  placements: PlacementColumns;
}

interface ResnapState {
  field: Heightfield;
  layer: SnappedPropLayer;
  strokes: Array<{ i0: number; j0: number; i1: number; j1: number }>;
  next: number;
  touched: number;
}

/** A brush stroke: raise a 64 × 64-vertex square of the map, different each run. */
function brushStroke(state: ResnapState): { i0: number; j0: number; i1: number; j1: number } {
  const stroke = state.strokes[state.next++ % state.strokes.length];
  const h = state.field.heights;
  for (let j = stroke.j0; j < stroke.j1; j++) for (let i = stroke.i0; i < stroke.i1; i++) h[j * SIZE + i] += 0.5;
  return stroke;
}

interface LodState {
  instances: PropInstances;
  camera: PerspectiveCamera;
  step: number;
}

export const benchmarks: Benchmark[] = [
  {
    // The props' CPU cost of a frame whose camera moved: every prop's level chosen (screen height,
    // frustum, budget) and the instanced meshes refilled (the GPU's upload and drawing are not in it).
    name: 'props-lod-frame',
    size: SIZE,
    opsPerRun: PROPS,
    baseline: 'props-snap-heights-f32',
    params: { props: PROPS, types: SCATTER_TYPES.join('+'), camera: '300 m up, orbiting the middle' },
    setup: (): LodState => {
      const instances = new PropInstances();
      instances.rebuild(createSnappedPropLayer(field(), scatteredProps()), new Set());
      return { instances, camera: new PerspectiveCamera(50, 1.6, 0.5, 20000), step: 0 };
    },
    run: (state) => {
      const s = state as LodState;
      const angle = 0.01 * ++s.step;
      s.camera.position.set(800 * Math.cos(angle), 300, 800 * Math.sin(angle));
      s.camera.lookAt(0, 0, 0);
      s.instances.prepare(s.camera, 1000);
    },
  },
  {
    name: 'props-snap',
    size: SIZE,
    opsPerRun: PROPS,
    params: { props: PROPS, output: 'y+pitch+roll' },
    setup: (): SnapState => {
      const props = scatteredProps();
      return { field: field(), props, y: new Float32Array(props.count), placements: allocatePlacementColumns(props.count) };
    },
    run: (state) => {
      const s = state as SnapState;
      placeProps(s.field, s.props, s.placements);
    },
  },
  {
    name: 'props-snap-heights-f32',
    size: SIZE,
    opsPerRun: PROPS,
    params: { props: PROPS, output: 'y' },
    setup: (): SnapState => {
      const props = scatteredProps();
      return { field: field(), props, y: new Float32Array(props.count), placements: allocatePlacementColumns(props.count) };
    },
    run: (state) => {
      const s = state as SnapState;
      snapProps(s.field, s.props, s.y);
    },
  },
  {
    name: 'props-scatter',
    size: SIZE,
    samples: 5,
    warmup: 1,
    params: { props: PROPS, types: SCATTER_TYPES.join('+'), spacing: 'per type 1.5–6 m' },
    setup: () => field(),
    run: (state) => {
      const placed = scatterProps(state as Heightfield, { seed: 2, count: PROPS, types: SCATTER_TYPES }).props.count;
      if (placed !== PROPS) throw new Error(`scatter placed ${placed} of ${PROPS}`);
    },
  },
  {
    name: 'props-resnap-local',
    size: SIZE,
    params: { props: PROPS, stroke: '64×64 vertices' },
    setup: (): ResnapState => {
      const f = field();
      const random = createRandom(3);
      const strokes = Array.from({ length: 16 }, () => {
        const i0 = Math.floor(random.next() * (SIZE - 64));
        const j0 = Math.floor(random.next() * (SIZE - 64));
        return { i0, j0, i1: i0 + 64, j1: j0 + 64 };
      });
      return { field: f, layer: createSnappedPropLayer(f, scatteredProps()), strokes, next: 0, touched: 0 };
    },
    run: (state) => {
      const s = state as ResnapState;
      const stroke = brushStroke(s);
      s.touched = resnapInRegion(s.field, s.layer, { kind: 'rect', ...stroke }).touched;
    },
    measure: () => {
      // One representative stroke, reported as touched vs total.
      const f = field();
      const layer = createSnappedPropLayer(f, scatteredProps());
      const state: ResnapState = { field: f, layer, strokes: [{ i0: 2000, j0: 2000, i1: 2064, j1: 2064 }], next: 0, touched: 0 };
      const stroke = brushStroke(state);
      const result = resnapInRegion(f, layer, { kind: 'rect', ...stroke });
      return { touched: result.touched, changed: result.changed.length, total: layer.props.count };
    },
  },
];
