/**
 * Hydraulic erosion, droplet model (Hans Theobald Beyer, "Implementation of a method for hydraulic
 * erosion", 2015, as popularised by Sebastian Lague's Hydraulic-Erosion).
 *
 * Each droplet starts at a seeded random position, follows the bilinear gradient with some inertia
 * one cell per step, erodes where it can carry more sediment than it does (spread by a brush around
 * the nearest vertex) and deposits where it carries too much or climbs (bilinearly at its cell).
 *
 * Units: positions are in cells and heights are taken as h / cellSize, so slopes, capacities and
 * sediment are dimensionless. The result depends on the terrain's shape, not its scale: heights and
 * cell size multiplied by the same power of two give exactly that multiple of the result, so the
 * same parameters carve the same picture at 1 m and 2 m cells when the slopes are the same.
 *
 * Differences from Lague's code, all deliberate: speed grows going downhill (v² + |Δh|·g; his sign
 * is inverted and the square root can see a negative); the brush is centred on the nearest vertex
 * (not the cell's corner, which shifts erosion half a cell); heights are not clamped at 0 but at the
 * lowest height the map had at the start (his maps are 0…1, ours are metres and may be negative).
 * Sediment still carried when a droplet dies or leaves the map is lost, as in both originals.
 */
import type { Heightfield } from '../terrain/heightfield';
import { createRandom } from '../random';
import { hydraulicProblem, type ErosionRunOptions, type HydraulicParams } from './params';

/**
 * Optional outputs for texturing and export, one value per vertex (length width · depth), ADDED to
 * by each run (pass zero-filled arrays to get one run's masks):
 * - `flow`: water passage, Σ over droplet steps of the droplet's water (1 at the start, less as it
 *   evaporates), spread bilinearly over the 4 vertices around its position: about how many droplets
 *   passed by the vertex. ≥ 0.
 * - `deposition`: net height change in metres (deposited − eroded) at the vertex: > 0 where sediment
 *   settled, < 0 where the droplets carved. Equals the run's height difference up to float32 rounding.
 */
export interface ErosionMasks {
  flow: Float32Array;
  deposition: Float32Array;
}

export interface HydraulicRunOptions extends ErosionRunOptions {
  masks?: ErosionMasks;
}

/** A droplet's speed and water at birth (Beyer's and Lague's defaults). */
const INITIAL_SPEED = 1;
const INITIAL_WATER = 1;
/** Droplet steps (weighted by brush size) between progress reports and cancel checks: about 1–2 ms. */
const CHUNK_WORK = 1 << 18;

/** The erosion brush: vertex offsets within `radius` and their weights (1 − distance / radius, summing to 1). */
export interface ErosionBrush {
  readonly radius: number;
  readonly di: Int32Array;
  readonly dj: Int32Array;
  readonly weights: Float64Array;
}

export function erosionBrush(radius: number): ErosionBrush {
  const di: number[] = [];
  const dj: number[] = [];
  const weights: number[] = [];
  let sum = 0;
  for (let y = -radius; y <= radius; y++) {
    for (let x = -radius; x <= radius; x++) {
      const squared = x * x + y * y;
      if (squared >= radius * radius) continue;
      const weight = 1 - Math.sqrt(squared) / radius;
      di.push(x);
      dj.push(y);
      weights.push(weight);
      sum += weight;
    }
  }
  return { radius, di: Int32Array.from(di), dj: Int32Array.from(dj), weights: Float64Array.from(weights, (w) => w / sum) };
}

function assertMasks(masks: ErosionMasks, count: number): void {
  if (masks.flow.length !== count || masks.deposition.length !== count) {
    throw new RangeError(`erosion masks must have ${count} values each, got ${masks.flow.length} and ${masks.deposition.length}`);
  }
}

function minimumHeight(heights: Float32Array): number {
  let min = Infinity;
  for (let k = 0; k < heights.length; k++) if (heights[k] < min) min = heights[k];
  return min;
}

/**
 * Runs the droplets on field.heights in place. Returns false when cancelled (the heights and masks
 * are then partly eroded: the caller discards them). Throws a RangeError for invalid parameters or
 * masks of the wrong length. The same field, parameters and seed give the same bytes.
 */
export function hydraulicErosion(field: Heightfield, params: HydraulicParams, options: HydraulicRunOptions = {}): boolean {
  const problem = hydraulicProblem(params);
  if (problem) throw new RangeError(problem);
  const { width, depth, cellSize, heights: h } = field;
  const { onProgress, shouldCancel, masks } = options;
  if (masks) assertMasks(masks, width * depth);
  if (shouldCancel?.()) return false;
  const total = params.droplets;
  if (total === 0) return true;

  const flow = masks?.flow;
  const deposition = masks?.deposition;
  const { inertia, capacity, minSlope, erosionRate, depositionRate, gravity, lifetime } = params;
  const keep = 1 - params.evaporation;
  const invCell = 1 / cellSize;
  const brush = erosionBrush(params.radius);
  const brushOffsets = Int32Array.from(brush.di, (x, b) => brush.dj[b] * width + x);
  const floor = minimumHeight(h);
  const random = createRandom(params.seed);
  const maxX = width - 1;
  const maxY = depth - 1;
  const batch = Math.max(1, Math.floor(CHUNK_WORK / (lifetime * (brush.weights.length + 8))));

  for (let start = 0; start < total; start += batch) {
    if (start > 0 && shouldCancel?.()) return false;
    const end = Math.min(total, start + batch);
    for (let drop = start; drop < end; drop++) {
      let x = random.next() * maxX;
      let y = random.next() * maxY;
      let dirX = 0;
      let dirY = 0;
      let speed = INITIAL_SPEED;
      let water = INITIAL_WATER;
      let sediment = 0;
      for (let life = 0; life < lifetime; life++) {
        const ix = x | 0;
        const iy = y | 0;
        const k = iy * width + ix;
        const fx = x - ix;
        const fy = y - iy;
        const nw = h[k];
        const ne = h[k + 1];
        const sw = h[k + width];
        const se = h[k + width + 1];
        const gradX = ((ne - nw) * (1 - fy) + (se - sw) * fy) * invCell;
        const gradY = ((sw - nw) * (1 - fx) + (se - ne) * fx) * invCell;
        const height = ((nw * (1 - fx) + ne * fx) * (1 - fy) + (sw * (1 - fx) + se * fx) * fy) * invCell;
        const wNW = (1 - fx) * (1 - fy);
        const wNE = fx * (1 - fy);
        const wSW = (1 - fx) * fy;
        const wSE = fx * fy;
        if (flow) {
          flow[k] += water * wNW;
          flow[k + 1] += water * wNE;
          flow[k + width] += water * wSW;
          flow[k + width + 1] += water * wSE;
        }

        dirX = dirX * inertia - gradX * (1 - inertia);
        dirY = dirY * inertia - gradY * (1 - inertia);
        const length = Math.sqrt(dirX * dirX + dirY * dirY);
        // Flat ground (or a non-finite height somewhere) stops the droplet.
        if (!(length > 0 && length < Infinity)) break;
        dirX /= length;
        dirY /= length;
        x += dirX;
        y += dirY;
        if (!(x >= 0 && x < maxX && y >= 0 && y < maxY)) break;

        const jx = x | 0;
        const jy = y | 0;
        const gx = x - jx;
        const gy = y - jy;
        const m = jy * width + jx;
        const newHeight = ((h[m] * (1 - gx) + h[m + 1] * gx) * (1 - gy) + (h[m + width] * (1 - gx) + h[m + width + 1] * gx) * gy) * invCell;
        const deltaHeight = newHeight - height;
        const carry = Math.max(-deltaHeight, minSlope) * speed * water * capacity;

        if (sediment > carry || deltaHeight > 0) {
          // Climbing: fill the pit behind up to the new height if the sediment allows; else drop the surplus.
          const settled = deltaHeight > 0 ? Math.min(deltaHeight, sediment) : (sediment - carry) * depositionRate;
          sediment -= settled;
          const metres = settled * cellSize;
          depositAt(h, k, metres * wNW, deposition);
          depositAt(h, k + 1, metres * wNE, deposition);
          depositAt(h, k + width, metres * wSW, deposition);
          depositAt(h, k + width + 1, metres * wSE, deposition);
        } else {
          const amount = Math.min((carry - sediment) * erosionRate, -deltaHeight) * cellSize;
          // Nothing to take: also skips the brush if a capacity overflowed to ∞ with a rate of 0 (∞ · 0).
          if (amount > 0)
            sediment += erodeBrush(h, width, depth, ix + (fx < 0.5 ? 0 : 1), iy + (fy < 0.5 ? 0 : 1), amount, brushOffsets, brush, floor, deposition) * invCell;
        }
        speed = Math.sqrt(Math.max(0, speed * speed - deltaHeight * gravity));
        water *= keep;
      }
    }
    onProgress?.(end, total);
  }
  return true;
}

/**
 * Lowers the vertices of the brush centred on vertex (cx, cy) by amount · weight metres each (not
 * below `floor`); near an edge only the brush's vertices inside the map, their weights scaled back to
 * sum 1. Returns the height actually removed, in metres.
 */
function erodeBrush(
  h: Float32Array,
  width: number,
  depth: number,
  cx: number,
  cy: number,
  amount: number,
  offsets: Int32Array,
  brush: ErosionBrush,
  floor: number,
  deposition: Float32Array | undefined,
): number {
  const { di, dj, weights, radius } = brush;
  const count = weights.length;
  const reach = radius - 1;
  const maxX = width - 1;
  const maxY = depth - 1;
  let removed = 0;
  if (cx >= reach && cx + reach <= maxX && cy >= reach && cy + reach <= maxY) {
    const centre = cy * width + cx;
    for (let b = 0; b < count; b++) removed += erodeAt(h, centre + offsets[b], amount * weights[b], floor, deposition);
    return removed;
  }
  let inside = 0;
  for (let b = 0; b < count; b++) {
    const x = cx + di[b];
    const y = cy + dj[b];
    if (x >= 0 && x <= maxX && y >= 0 && y <= maxY) inside += weights[b];
  }
  const scale = amount / inside;
  for (let b = 0; b < count; b++) {
    const x = cx + di[b];
    const y = cy + dj[b];
    if (x >= 0 && x <= maxX && y >= 0 && y <= maxY) removed += erodeAt(h, y * width + x, scale * weights[b], floor, deposition);
  }
  return removed;
}

/** Adds `metres` to vertex n (as float32), recording the stored change in the deposition mask. */
function depositAt(h: Float32Array, n: number, metres: number, deposition: Float32Array | undefined): void {
  const before = h[n];
  const after = Math.fround(before + metres);
  h[n] = after;
  if (deposition) deposition[n] += after - before;
}

/** Lowers vertex n by up to `metres`, not below `floor`; returns the height actually removed. */
function erodeAt(h: Float32Array, n: number, metres: number, floor: number, deposition: Float32Array | undefined): number {
  const before = h[n];
  let after = Math.fround(before - metres);
  if (after < floor) after = floor < before ? floor : before;
  h[n] = after;
  if (deposition) deposition[n] += after - before;
  return before - after;
}
