import type { Heightfield } from '../terrain/heightfield';
import type { Vec3 } from '../terrain/surface';
import { getPropType, maxTiltRadians, type PropType } from './library';
import { ORIENT_PITCH, ORIENT_ROLL, ORIENT_UP_X, ORIENT_UP_Y, ORIENT_UP_Z, orientUp, orientUpLimited, tiltLimit } from './orientation';
import { buildPropSpatialIndex, forEachPropInCells, type PropSpatialIndex } from './spatialIndex';
import { BATCH_CHUNK, chunkGradient, chunkHeight, createBatchScratch, gatherChunk } from './surfaceBatch';
import { SAMPLE_DX, SAMPLE_DZ, SAMPLE_HEIGHT, sampleSurface } from './surfaceSample';

/**
 * A placed object as stored in the document. Its height and tilt are NOT stored: they are derived
 * from the terrain by snapping, so they can never go stale (and undoing a terrain edit re-derives them).
 */
export interface Prop {
  id: string;
  /** A PropType id from the library. */
  type: string;
  /** World position on the ground plane, metres. */
  x: number;
  z: number;
  /** Heading, radians (see orientation.ts for the convention). */
  yaw: number;
  /** Uniform scale, 1 = library size. */
  scale: number;
  /** Vertical offset of the base from the surface, metres; 0 when absent. */
  offsetY?: number;
}

/** Where a prop ends up after snapping to the terrain. */
export interface PropPlacement {
  /** Base height: exact surface height at (x, z) plus offsetY. */
  y: number;
  yaw: number;
  pitch: number;
  roll: number;
  /** The prop's up axis in world space (unit). */
  up: Vec3;
}

const sample = new Float64Array(5);
const orient = new Float64Array(5);
const gradient = new Float64Array(2);
const batch = createBatchScratch();

/** Snaps one prop: base on the exact triangle under (x, z), tilted towards its normal if the type allows. */
export function snapProp(field: Heightfield, prop: Prop, type: PropType = getPropType(prop.type)): PropPlacement {
  sampleSurface(field, prop.x, prop.z, sample);
  orientUp(sample[SAMPLE_DX], sample[SAMPLE_DZ], prop.yaw, maxTiltRadians(type), orient);
  return {
    y: sample[SAMPLE_HEIGHT] + (prop.offsetY ?? 0),
    yaw: prop.yaw,
    pitch: orient[ORIENT_PITCH],
    roll: orient[ORIENT_ROLL],
    up: { x: orient[ORIENT_UP_X], y: orient[ORIENT_UP_Y], z: orient[ORIENT_UP_Z] },
  };
}

/**
 * Props as columns (struct of arrays) for bulk snapping and instanced rendering of 100,000 props
 * without an object per prop. maxTilt is per prop (radians, from its type) so the hot loop needs no lookups.
 */
export interface PropColumns {
  readonly count: number;
  readonly x: Float64Array;
  readonly z: Float64Array;
  readonly yaw: Float64Array;
  readonly scale: Float64Array;
  readonly offsetY: Float64Array;
  readonly maxTilt: Float64Array;
  /** Index into `types` of each prop. */
  readonly typeIndex: Uint16Array;
  readonly types: readonly PropType[];
}

export function allocatePropColumns(count: number, types: readonly PropType[]): PropColumns {
  return {
    count,
    x: new Float64Array(count),
    z: new Float64Array(count),
    yaw: new Float64Array(count),
    scale: new Float64Array(count).fill(1),
    offsetY: new Float64Array(count),
    maxTilt: new Float64Array(count),
    typeIndex: new Uint16Array(count),
    types,
  };
}

export function propColumnsFromProps(props: readonly Prop[], lookup: (id: string) => PropType = getPropType): PropColumns {
  const types: PropType[] = [];
  const typeSlot = new Map<string, number>();
  const columns = allocatePropColumns(props.length, types);
  props.forEach((prop, k) => {
    let slot = typeSlot.get(prop.type);
    if (slot === undefined) {
      slot = types.length;
      types.push(lookup(prop.type));
      typeSlot.set(prop.type, slot);
    }
    columns.x[k] = prop.x;
    columns.z[k] = prop.z;
    columns.yaw[k] = prop.yaw;
    columns.scale[k] = prop.scale;
    columns.offsetY[k] = prop.offsetY ?? 0;
    columns.typeIndex[k] = slot;
    columns.maxTilt[k] = maxTiltRadians(types[slot]);
  });
  return columns;
}

/** Bulk base heights: out[k] = surface height under prop k + its offset, batched (surfaceBatch.ts). Returns out. */
export function snapProps<T extends Float32Array | Float64Array = Float64Array>(
  field: Heightfield,
  props: Pick<PropColumns, 'count' | 'x' | 'z' | 'offsetY'>,
  out?: T,
): T {
  const y = out ?? (new Float64Array(props.count) as T);
  for (let from = 0; from < props.count; from += BATCH_CHUNK) {
    const n = Math.min(BATCH_CHUNK, props.count - from);
    gatherChunk(field, props.x, props.z, from, n, batch);
    for (let p = 0; p < n; p++) {
      const k = batch.prop[p];
      y[k] = chunkHeight(batch, p) + props.offsetY[k];
    }
  }
  return y;
}

/** Derived placement columns (what a renderer needs per instance besides x, z, yaw and scale). */
export interface PlacementColumns {
  readonly y: Float64Array;
  readonly pitch: Float64Array;
  readonly roll: Float64Array;
}

export function allocatePlacementColumns(count: number): PlacementColumns {
  return { y: new Float64Array(count), pitch: new Float64Array(count), roll: new Float64Array(count) };
}

/** Snaps prop k into the placement columns; returns true if its placement changed. */
function placeOne(field: Heightfield, props: PropColumns, k: number, out: PlacementColumns): boolean {
  sampleSurface(field, props.x[k], props.z[k], sample);
  orientUp(sample[SAMPLE_DX], sample[SAMPLE_DZ], props.yaw[k], props.maxTilt[k], orient);
  const y = sample[SAMPLE_HEIGHT] + props.offsetY[k];
  const pitch = orient[ORIENT_PITCH];
  const roll = orient[ORIENT_ROLL];
  const changed = y !== out.y[k] || pitch !== out.pitch[k] || roll !== out.roll[k];
  out.y[k] = y;
  out.pitch[k] = pitch;
  out.roll[k] = roll;
  return changed;
}

/** Bulk snapping with orientation: fills y, pitch and roll for every prop. */
export function placeProps(field: Heightfield, props: PropColumns, out = allocatePlacementColumns(props.count)): PlacementColumns {
  // Tilt limits per type, so the hot loop does no per-prop trigonometry for them.
  const typeCount = props.types.length;
  const typeTilt = new Float64Array(typeCount);
  const typeTan = new Float64Array(typeCount);
  const typeSin = new Float64Array(typeCount);
  const typeCos = new Float64Array(typeCount);
  props.types.forEach((type, t) => {
    const limit = tiltLimit(maxTiltRadians(type));
    typeTilt[t] = maxTiltRadians(type);
    typeTan[t] = limit.tan;
    typeSin[t] = limit.sin;
    typeCos[t] = limit.cos;
  });
  const { y: outY, pitch: outPitch, roll: outRoll } = out;
  const { offsetY, maxTilt, typeIndex, yaw } = props;
  const { corners, fx: fxs, fz: fzs, prop: slots } = batch;
  for (let from = 0; from < props.count; from += BATCH_CHUNK) {
    const n = Math.min(BATCH_CHUNK, props.count - from);
    gatherChunk(field, props.x, props.z, from, n, batch);
    for (let p = 0; p < n; p++) {
      const k = slots[p];
      outY[k] = chunkHeight(batch, p) + offsetY[k];
      const tilt = maxTilt[k];
      if (!(tilt > 0)) {
        // Upright types (most props: trees, buildings) need no gradient.
        outPitch[k] = 0;
        outRoll[k] = 0;
        continue;
      }
      const t = typeIndex[k];
      if (typeTilt[t] !== tilt) {
        // A prop whose limit differs from its type's: the general path.
        chunkGradient(batch, p, field.cellSize, gradient);
        orientUp(gradient[0], gradient[1], yaw[k], tilt, orient);
        outPitch[k] = orient[ORIENT_PITCH];
        outRoll[k] = orient[ORIENT_ROLL];
        continue;
      }
      // Same expressions as chunkGradient (divide, not multiply, to stay bit-identical with gradientAt).
      const q = 4 * p;
      let dx: number;
      let dz: number;
      if (fxs[p] + fzs[p] <= 1) {
        dx = (corners[q + 1] - corners[q]) / field.cellSize;
        dz = (corners[q + 2] - corners[q]) / field.cellSize;
      } else {
        dx = (corners[q + 3] - corners[q + 2]) / field.cellSize;
        dz = (corners[q + 3] - corners[q + 1]) / field.cellSize;
      }
      orientUpLimited(dx, dz, yaw[k], typeTan[t], typeSin[t], typeCos[t], orient);
      outPitch[k] = orient[ORIENT_PITCH];
      outRoll[k] = orient[ORIENT_ROLL];
    }
  }
  return out;
}

/** Props kept snapped to a terrain: their columns, the index to find them by area, their placements. */
export interface SnappedPropLayer {
  readonly props: PropColumns;
  readonly index: PropSpatialIndex;
  readonly placements: PlacementColumns;
}

export function createSnappedPropLayer(field: Heightfield, props: PropColumns): SnappedPropLayer {
  return { props, index: buildPropSpatialIndex(field, props.x, props.z, props.count), placements: placeProps(field, props) };
}

/**
 * Changed vertices [i0, i1) × [j0, j1), or the whole map — structurally the same as app/document/region.ts's
 * DirtyRegion (shared/ cannot import app/).
 */
export type VertexRegion = { kind: 'all' } | { kind: 'rect'; i0: number; j0: number; i1: number; j1: number };

export interface ResnapResult {
  /** How many props were re-snapped (those standing in a cell touching the region). */
  touched: number;
  /** Indices of the props whose placement actually changed, ascending within each tile. */
  changed: Int32Array;
}

/**
 * Re-snaps only the props whose triangle may have changed: a vertex belongs to the cells on both of
 * its sides, so vertices [i0, i1) affect cells [i0 − 1, i1) (one cell of expansion each way).
 */
export function resnapInRegion(field: Heightfield, layer: SnappedPropLayer, region: VertexRegion): ResnapResult {
  const { props, index, placements } = layer;
  if (index.width !== field.width || index.depth !== field.depth) {
    throw new Error(`prop index was built for a ${index.width} × ${index.depth} map, the terrain is ${field.width} × ${field.depth}: rebuild the layer`);
  }
  const changed: number[] = [];
  let touched = 0;
  const visit = (k: number): void => {
    touched++;
    if (placeOne(field, props, k, placements)) changed.push(k);
  };
  if (region.kind === 'all') {
    // Whole-map changes (import, fault run, their undo) take the batched path.
    const before = { y: placements.y.slice(), pitch: placements.pitch.slice(), roll: placements.roll.slice() };
    placeProps(field, props, placements);
    for (let k = 0; k < props.count; k++) {
      if (placements.y[k] !== before.y[k] || placements.pitch[k] !== before.pitch[k] || placements.roll[k] !== before.roll[k]) changed.push(k);
    }
    touched = props.count;
  } else {
    forEachPropInCells(index, region.i0 - 1, region.j0 - 1, region.i1, region.j1, visit);
  }
  return { touched, changed: Int32Array.from(changed) };
}
