import { createRandom, type Random } from '../random';
import type { Heightfield } from '../terrain/heightfield';
import { getPropType, maxTiltRadians, type PropType } from './library';
import { allocatePropColumns, type Prop, type PropColumns } from './prop';
import { SAMPLE_DX, SAMPLE_DZ, SAMPLE_HEIGHT, sampleSurface } from './surfaceSample';

/**
 * Rule-based scattering by dart throwing on a bucket grid: candidates are drawn uniformly in the
 * area, kept only if they pass the slope and height rules and are at least max(own, other) spacing
 * away from every prop already placed. A total attempt budget guarantees termination when the rules
 * or the spacing leave less room than requested. Same inputs and seed ⇒ same props, in the same order.
 */

export type ScatterArea = { kind: 'map' } | { kind: 'circle'; x: number; z: number; radius: number };

export interface ScatterTypeChoice {
  type: string;
  /** Relative frequency with pick 'weighted' (default 1). */
  weight?: number;
}

export interface Range {
  min: number;
  max: number;
}

export interface ScatterOptions {
  seed: number;
  types: readonly (string | ScatterTypeChoice)[];
  /** Exactly one of count and densityPerHectare. */
  count?: number;
  densityPerHectare?: number;
  /** 'weighted' draws each prop's type by weight (default); 'round-robin' cycles through the types. */
  pick?: 'weighted' | 'round-robin';
  /** Allowed slope of the surface triangle under the prop, degrees. */
  slopeDeg?: Range;
  /** Allowed surface height under the prop, metres. */
  height?: Range;
  /** Minimum spacing in metres for every type; default each type's defaultSpacing. 0 disables. */
  spacing?: number;
  area?: ScatterArea;
  /** Candidate positions tried per requested prop before giving up (default 30). */
  maxAttemptsPerProp?: number;
  /** Scale drawn uniformly from this range (default exactly 1). */
  scale?: Range;
  /** Random heading per prop (default true); otherwise yaw 0. */
  randomYaw?: boolean;
  /** Positions no prop may take (e.g. on a road and its clearance: shared/roads/props.ts). */
  exclude?: (x: number, z: number) => boolean;
  /** Props already on the map that new props must keep their spacing from. */
  existing?: readonly Pick<Prop, 'x' | 'z' | 'type'>[];
  lookup?: (id: string) => PropType;
}

export interface ScatterResult {
  props: PropColumns;
  requested: number;
  /** Candidate positions drawn. */
  attempts: number;
}

export class ScatterError extends Error {
  override name = 'ScatterError';
}

const DEFAULT_MAX_ATTEMPTS = 30;
/** Keeps the spacing grid's memory bounded on huge maps with tiny spacing. */
const MAX_GRID_CELLS = 1 << 23;

interface Bounds {
  x0: number;
  z0: number;
  x1: number;
  z1: number;
}

function mapBounds(field: Heightfield): Bounds {
  const hx = ((field.width - 1) / 2) * field.cellSize;
  const hz = ((field.depth - 1) / 2) * field.cellSize;
  return { x0: -hx, z0: -hz, x1: hx, z1: hz };
}

function checkRange(name: string, range: Range | undefined): void {
  if (!range) return;
  if (!Number.isFinite(range.min) || !Number.isFinite(range.max) || range.min > range.max) {
    throw new ScatterError(`${name} range must be two finite numbers with min ≤ max, got ${range.min}:${range.max}`);
  }
}

/** Area of the circle inside the map rectangle, m² (midpoint rule over 1024 strips: ample for a density). */
function circleAreaInside(circle: { x: number; z: number; radius: number }, map: Bounds): number {
  const x0 = Math.max(map.x0, circle.x - circle.radius);
  const x1 = Math.min(map.x1, circle.x + circle.radius);
  if (x0 >= x1) return 0;
  const strips = 1024;
  const dx = (x1 - x0) / strips;
  let area = 0;
  for (let s = 0; s < strips; s++) {
    const x = x0 + (s + 0.5) * dx - circle.x;
    const half = Math.sqrt(Math.max(0, circle.radius * circle.radius - x * x));
    const lo = Math.max(map.z0, circle.z - half);
    const hi = Math.min(map.z1, circle.z + half);
    if (hi > lo) area += (hi - lo) * dx;
  }
  return area;
}

interface ResolvedChoice {
  type: PropType;
  weight: number;
}

function resolveTypes(options: ScatterOptions, lookup: (id: string) => PropType): ResolvedChoice[] {
  if (options.types.length === 0) throw new ScatterError('scatter needs at least one prop type');
  const choices = options.types.map((choice) => {
    const { type, weight = 1 } = typeof choice === 'string' ? { type: choice } : choice;
    if (!Number.isFinite(weight) || weight < 0) throw new ScatterError(`weight of "${type}" must be a number ≥ 0, got ${weight}`);
    return { type: lookup(type), weight };
  });
  if (!choices.some((c) => c.weight > 0)) throw new ScatterError('at least one prop type needs a weight > 0');
  return choices;
}

function requestedCount(options: ScatterOptions, areaM2: number): number {
  const { count, densityPerHectare } = options;
  if ((count === undefined) === (densityPerHectare === undefined)) {
    throw new ScatterError('give exactly one of count and densityPerHectare');
  }
  if (count !== undefined) {
    if (!Number.isInteger(count) || count < 0) throw new ScatterError(`count must be a whole number ≥ 0, got ${count}`);
    return count;
  }
  if (!Number.isFinite(densityPerHectare) || (densityPerHectare as number) < 0) {
    throw new ScatterError(`density must be a number of props per hectare ≥ 0, got ${densityPerHectare}`);
  }
  return Math.round(((densityPerHectare as number) * areaM2) / 10_000);
}

/** Spacing check on a grid of buckets at least as wide as the largest spacing (so 3 × 3 buckets suffice). */
class SpacingGrid {
  private readonly head: Int32Array;
  private readonly next: Int32Array;
  private readonly px: Float64Array;
  private readonly pz: Float64Array;
  private readonly ps: Float64Array;
  private readonly cols: number;
  private readonly rows: number;
  private readonly bucket: number;
  private size = 0;

  constructor(
    private readonly bounds: Bounds,
    maxSpacing: number,
    capacity: number,
  ) {
    const w = bounds.x1 - bounds.x0;
    const d = bounds.z1 - bounds.z0;
    let bucket = Math.max(maxSpacing, 1e-9);
    while (Math.ceil(w / bucket + 1) * Math.ceil(d / bucket + 1) > MAX_GRID_CELLS) bucket *= 2;
    this.bucket = bucket;
    this.cols = Math.ceil(w / bucket) + 1;
    this.rows = Math.ceil(d / bucket) + 1;
    this.head = new Int32Array(this.cols * this.rows).fill(-1);
    this.next = new Int32Array(capacity);
    this.px = new Float64Array(capacity);
    this.pz = new Float64Array(capacity);
    this.ps = new Float64Array(capacity);
  }

  private column(x: number): number {
    return Math.min(this.cols - 1, Math.max(0, Math.floor((x - this.bounds.x0) / this.bucket)));
  }

  private row(z: number): number {
    return Math.min(this.rows - 1, Math.max(0, Math.floor((z - this.bounds.z0) / this.bucket)));
  }

  /** True if a prop with this spacing at (x, z) keeps max(own, other) distance from every stored one. */
  fits(x: number, z: number, spacing: number): boolean {
    const c = this.column(x);
    const r = this.row(z);
    for (let rr = Math.max(0, r - 1); rr <= Math.min(this.rows - 1, r + 1); rr++) {
      for (let cc = Math.max(0, c - 1); cc <= Math.min(this.cols - 1, c + 1); cc++) {
        for (let p = this.head[rr * this.cols + cc]; p >= 0; p = this.next[p]) {
          const need = spacing > this.ps[p] ? spacing : this.ps[p];
          const ex = this.px[p] - x;
          const ez = this.pz[p] - z;
          if (ex * ex + ez * ez < need * need) return false;
        }
      }
    }
    return true;
  }

  add(x: number, z: number, spacing: number): void {
    const p = this.size++;
    const cell = this.row(z) * this.cols + this.column(x);
    this.px[p] = x;
    this.pz[p] = z;
    this.ps[p] = spacing;
    this.next[p] = this.head[cell];
    this.head[cell] = p;
  }
}

function makeTypePicker(choices: ResolvedChoice[], pick: 'weighted' | 'round-robin', random: Random): (slot: number) => number {
  if (pick === 'round-robin') {
    const active = choices.map((c, t) => (c.weight > 0 ? t : -1)).filter((t) => t >= 0);
    return (slot) => active[slot % active.length];
  }
  const cumulative = new Float64Array(choices.length);
  let total = 0;
  choices.forEach((c, t) => {
    total += c.weight;
    cumulative[t] = total;
  });
  return () => {
    const u = random.next() * total;
    for (let t = 0; t < cumulative.length; t++) if (u < cumulative[t]) return t;
    return cumulative.length - 1;
  };
}

export function scatterProps(field: Heightfield, options: ScatterOptions): ScatterResult {
  const lookup = options.lookup ?? getPropType;
  const choices = resolveTypes(options, lookup);
  checkRange('slope', options.slopeDeg);
  checkRange('height', options.height);
  checkRange('scale', options.scale);
  if (options.spacing !== undefined && !(options.spacing >= 0 && Number.isFinite(options.spacing))) {
    throw new ScatterError(`spacing must be a number of metres ≥ 0, got ${options.spacing}`);
  }
  const maxAttempts = options.maxAttemptsPerProp ?? DEFAULT_MAX_ATTEMPTS;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new ScatterError(`maxAttemptsPerProp must be a whole number ≥ 1, got ${maxAttempts}`);

  const map = mapBounds(field);
  const area = options.area ?? { kind: 'map' };
  let bounds = map;
  let areaM2 = (map.x1 - map.x0) * (map.z1 - map.z0);
  if (area.kind === 'circle') {
    if (![area.x, area.z].every(Number.isFinite) || !(area.radius > 0 && Number.isFinite(area.radius))) {
      throw new ScatterError(`brush circle needs a finite centre and a radius > 0, got (${area.x}, ${area.z}) r=${area.radius}`);
    }
    bounds = {
      x0: Math.max(map.x0, area.x - area.radius),
      z0: Math.max(map.z0, area.z - area.radius),
      x1: Math.min(map.x1, area.x + area.radius),
      z1: Math.min(map.z1, area.z + area.radius),
    };
    areaM2 = circleAreaInside(area, map);
    if (bounds.x0 >= bounds.x1 || bounds.z0 >= bounds.z1 || areaM2 === 0) {
      throw new ScatterError(`brush circle at (${area.x}, ${area.z}) r=${area.radius} does not overlap the terrain`);
    }
  }
  const requested = requestedCount(options, areaM2);

  const spacingOf = (type: PropType): number => options.spacing ?? type.defaultSpacing;
  const tilts = choices.map((c) => maxTiltRadians(c.type));
  const spacings = choices.map((c) => spacingOf(c.type));
  const existing = (options.existing ?? []).map((p) => ({ x: p.x, z: p.z, spacing: spacingOf(lookup(p.type)) }));
  const maxSpacing = Math.max(0, ...spacings, ...existing.map((e) => e.spacing));
  const useSpacing = maxSpacing > 0;
  const grid = useSpacing ? new SpacingGrid(bounds, maxSpacing, requested + existing.length) : undefined;
  for (const e of existing) {
    // Only props that could be within spacing of the area matter.
    if (e.x >= bounds.x0 - maxSpacing && e.x <= bounds.x1 + maxSpacing && e.z >= bounds.z0 - maxSpacing && e.z <= bounds.z1 + maxSpacing) {
      grid?.add(e.x, e.z, e.spacing);
    }
  }

  const random = createRandom(options.seed);
  const pickType = makeTypePicker(choices, options.pick ?? 'weighted', random);
  const slopeMin = options.slopeDeg?.min ?? -Infinity;
  const slopeMax = options.slopeDeg?.max ?? Infinity;
  const heightMin = options.height?.min ?? -Infinity;
  const heightMax = options.height?.max ?? Infinity;
  const checkSlope = options.slopeDeg !== undefined;
  const scaleMin = options.scale?.min ?? 1;
  const scaleSpan = (options.scale?.max ?? 1) - scaleMin;
  const randomYaw = options.randomYaw ?? true;
  const circle = area.kind === 'circle' ? area : undefined;
  const spanX = bounds.x1 - bounds.x0;
  const spanZ = bounds.z1 - bounds.z0;
  const radiusSq = circle ? circle.radius * circle.radius : 0;
  const sample = new Float64Array(5);

  const out = allocatePropColumns(
    requested,
    choices.map((c) => c.type),
  );
  const budget = requested * maxAttempts;
  let attempts = 0;
  let placed = 0;
  while (placed < requested && attempts < budget) {
    const t = pickType(placed);
    const spacing = spacings[t];
    let accepted = false;
    while (!accepted && attempts < budget) {
      attempts++;
      const x = bounds.x0 + random.next() * spanX;
      const z = bounds.z0 + random.next() * spanZ;
      if (circle && (x - circle.x) * (x - circle.x) + (z - circle.z) * (z - circle.z) > radiusSq) continue;
      if (options.exclude?.(x, z)) continue;
      sampleSurface(field, x, z, sample);
      const h = sample[SAMPLE_HEIGHT];
      if (!(h >= heightMin && h <= heightMax)) continue;
      if (checkSlope) {
        const slope = (Math.atan(Math.hypot(sample[SAMPLE_DX], sample[SAMPLE_DZ])) * 180) / Math.PI;
        if (!(slope >= slopeMin && slope <= slopeMax)) continue;
      }
      if (grid && !grid.fits(x, z, spacing)) continue;
      // Zero-spacing props go into the grid too, so that spaced props keep their distance from them.
      grid?.add(x, z, spacing);
      out.x[placed] = x;
      out.z[placed] = z;
      out.yaw[placed] = randomYaw ? random.next() * 2 * Math.PI : 0;
      out.scale[placed] = scaleMin + (scaleSpan > 0 ? random.next() * scaleSpan : 0);
      out.typeIndex[placed] = t;
      out.maxTilt[placed] = tilts[t];
      placed++;
      accepted = true;
    }
  }
  return { props: truncateColumns(out, placed), requested, attempts };
}

function truncateColumns(c: PropColumns, count: number): PropColumns {
  if (count === c.count) return c;
  return {
    count,
    x: c.x.slice(0, count),
    z: c.z.slice(0, count),
    yaw: c.yaw.slice(0, count),
    scale: c.scale.slice(0, count),
    offsetY: c.offsetY.slice(0, count),
    maxTilt: c.maxTilt.slice(0, count),
    typeIndex: c.typeIndex.slice(0, count),
    types: c.types,
  };
}

/** Document props for scattered columns; makeId names prop k (e.g. from the document's id counter). */
export function propsFromColumns(columns: PropColumns, makeId: (k: number) => string): Prop[] {
  const props: Prop[] = new Array<Prop>(columns.count);
  for (let k = 0; k < columns.count; k++) {
    props[k] = {
      id: makeId(k),
      type: columns.types[columns.typeIndex[k]].id,
      x: columns.x[k],
      z: columns.z[k],
      yaw: columns.yaw[k],
      scale: columns.scale[k],
      offsetY: columns.offsetY[k],
    };
  }
  return props;
}
