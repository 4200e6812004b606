/**
 * Sun and sky light that reach the terrain, computed from the heights alone (no GPU): for every
 * vertex of a lighting grid, the share of the sun that is not hidden by terrain towards it (cast
 * shadows) and the share of the sky that the surrounding terrain leaves open (ambient occlusion).
 * Both are bytes (0 = dark, 255 = open), two per vertex (sun, sky), sampled by the viewport shaders.
 *
 * The lighting grid is every `stride`-th vertex of the map (stride 1 up to 1025², 2 at 2049², 4 at
 * 4097²: a whole-map computation stays about a second in a worker, the texture small, and shadows
 * of a few metres' detail are below what a view of a large map shows). Grid (i, j) is map vertex
 * (i·stride, j·stride).
 */

export interface LightingSun {
  /** Compass bearing the light comes from, degrees clockwise from north (−z). */
  azimuthDeg: number;
  /** Degrees above the horizon. */
  elevationDeg: number;
}

/** Grid columns [i0, i1) and rows [j0, j1). */
export interface GridRect {
  i0: number;
  j0: number;
  i1: number;
  j1: number;
}

/** Heights on a regular grid: the lighting grid, or a window of it. */
export interface LightingHeights {
  width: number;
  depth: number;
  /** Metres between neighbouring samples. */
  spacing: number;
  heights: Float32Array;
}

/** Bytes per lighting vertex: sun visibility, then sky visibility. */
export const LIGHTING_CHANNELS = 2;
/** Largest lighting grid side (above it the grid takes every 2nd, 4th… vertex): bounds the cost of a whole-map update. */
export const MAX_LIGHTING_SIDE = 1025;
/** Horizon samples of the ambient occlusion along each of its 8 directions, in grid steps. */
export const OCCLUSION_STEPS: readonly number[] = [1, 2, 4, 8, 16, 32];
/** How far (grid steps) the occlusion looks: a change of heights changes the occlusion this far around it. */
export const OCCLUSION_REACH = OCCLUSION_STEPS[OCCLUSION_STEPS.length - 1];
/** The 8 occlusion directions: the grid axes and diagonals. */
const OCCLUSION_DIRECTIONS: ReadonlyArray<readonly [number, number]> = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
  [1, 1],
  [-1, -1],
  [1, -1],
  [-1, 1],
];
/** Highest sun used for shadows: at 90° nothing casts a shadow, and tan(90°) is infinite. */
const MAX_SHADOW_ELEVATION_DEG = 89.9;

export interface LightingGrid {
  stride: number;
  width: number;
  depth: number;
}

/** The lighting grid of a map: full resolution unless that exceeds MAX_LIGHTING_SIDE. */
export function lightingGridOf(field: { width: number; depth: number }): LightingGrid {
  let stride = 1;
  while (
    Math.max(field.width - 1, field.depth - 1) / stride + 1 > MAX_LIGHTING_SIDE &&
    (field.width - 1) % (2 * stride) === 0 &&
    (field.depth - 1) % (2 * stride) === 0
  )
    stride *= 2;
  return { stride, width: Math.floor((field.width - 1) / stride) + 1, depth: Math.floor((field.depth - 1) / stride) + 1 };
}

/** Unit vector towards the sun: x east, y up, z south (north is −z, the top of the 2D panel). */
export function sunVector(sun: LightingSun): { x: number; y: number; z: number } {
  const az = (sun.azimuthDeg * Math.PI) / 180;
  const el = (sun.elevationDeg * Math.PI) / 180;
  return { x: Math.cos(el) * Math.sin(az), y: Math.sin(el), z: -Math.cos(el) * Math.cos(az) };
}

/**
 * How the shadow sweep walks the grid: one step along the dominant axis towards the sun (`alongI`:
 * the i axis), `drift` steps along the other axis per step, each step `rise` metres up the sun ray.
 */
export interface SunSweep {
  alongI: boolean;
  /** +1 or −1: the direction of the step along the dominant axis. */
  step: number;
  drift: number;
  rise: number;
}

export function sunSweep(sun: LightingSun, spacing: number): SunSweep {
  const v = sunVector({ azimuthDeg: sun.azimuthDeg, elevationDeg: 0 });
  const alongI = Math.abs(v.x) >= Math.abs(v.z);
  const main = alongI ? v.x : v.z;
  const other = alongI ? v.z : v.x;
  const raw = other / Math.abs(main);
  // Along an axis or a diagonal cos/sin leave rounding dust: snap so the sweep follows grid lines exactly.
  const drift = Math.abs(raw - Math.round(raw)) < 1e-9 ? Math.round(raw) : raw;
  const el = (Math.min(MAX_SHADOW_ELEVATION_DEG, Math.max(0, sun.elevationDeg)) * Math.PI) / 180;
  return { alongI, step: main >= 0 ? 1 : -1, drift, rise: spacing * Math.hypot(1, drift) * Math.tan(el) };
}

/** Steps along the sun ray over which terrain of height span `span` metres can cast a shadow. */
export function shadowReachSteps(sweep: SunSweep, span: number): number {
  return sweep.rise > 0 ? Math.ceil(Math.max(0, span) / sweep.rise) : Infinity;
}

/** Where a lighting function writes: bytes laid out as `rect`, `stride` bytes per vertex, at `channel`. */
export interface LightingOutput {
  bytes: Uint8Array;
  stride: number;
  channel: number;
}

/** Byte of the sun visibility of a vertex at height h under shadow height s (−∞: nothing in the way). */
function sunByte(h: number, s: number, rise: number): number {
  const lit = 0.5 + (h - s) / rise;
  return lit >= 1 ? 255 : lit <= 0 ? 0 : Math.round(lit * 255);
}

/**
 * Sun visibility of the vertices of `rect` (see LightingOutput; by default channel 0 of two).
 *
 * A horizon sweep, O(1) per vertex: lines of vertices are visited from the sun's side, and each
 * vertex's "shadow height" S is the highest terrain T = max(h, S) of the next line towards the sun
 * where the sun ray crosses it (linear between that line's two neighbouring vertices, which is the
 * exact surface along a grid line) minus the ray's rise over one step, and the crease where the ray
 * crosses a cell's split diagonal on the way (see diagonalCrossing). A vertex is lit when it
 * stands above S; the byte ramps over one step's rise so that shadow edges are not jagged. Rays
 * that leave `g` see nothing beyond it: `g` must hold the dependencies of `rect` (sunDependencies).
 * Memory is read row by row whichever the sun's direction.
 */
export function writeSunVisibility(g: LightingHeights, sun: LightingSun, rect: GridRect, out: LightingOutput | Uint8Array): void {
  const target = out instanceof Uint8Array ? { bytes: out, stride: LIGHTING_CHANNELS, channel: 0 } : out;
  const sweep = sunSweep(sun, g.spacing);
  if (sweep.alongI) sweepAlongI(g, sweep, rect, target);
  else sweepAlongJ(g, sweep, rect, target);
}

/** Interpolation across lines: the ray crosses the next line at `shift` + t from the vertex's own index. */
function crossing(drift: number): { shift: number; t: number } {
  const shift = Math.floor(drift);
  return { shift, t: drift - shift };
}

/**
 * Within the cell between a vertex and the next line towards the sun, the ray crosses the cell's
 * split diagonal (x0, z1)–(x1, z0) when it starts from one of the other two corners (`offDiagonal`).
 * There the surface has a crease: it is sampled at λ = 1 / (1 + |drift|) of the step, at μ of the
 * way from the corner across the next line to the corner along this one (see sweepAlongI/J).
 */
function diagonalCrossing(offDiagonal: boolean, drift: number, rise: number, alongI: boolean): { diagonal: boolean; mu: number; lambdaRise: number } {
  if (!offDiagonal || drift === 0) return { diagonal: false, mu: 0, lambdaRise: 0 };
  const lambda = 1 / (1 + drift);
  return { diagonal: true, mu: alongI ? lambda : lambda * drift, lambdaRise: lambda * rise };
}

/** Sun mostly north or south: rows from the sun's side, each read left to right. */
function sweepAlongJ(g: LightingHeights, sweep: SunSweep, rect: GridRect, out: LightingOutput): void {
  const { width, depth, heights } = g;
  const { rise } = sweep;
  const { shift, t } = crossing(sweep.drift);
  const rectWidth = rect.i1 - rect.i0;
  const { bytes, stride, channel } = out;
  let next = new Float64Array(width);
  let current = new Float64Array(width);
  const first = sweep.step > 0 ? depth - 1 : 0;
  const sx = Math.sign(sweep.drift);
  const { diagonal, mu, lambdaRise } = diagonalCrossing(sx === sweep.step, Math.abs(sweep.drift), rise, false);
  for (let n = 0, j = first; n < depth; n++, j -= sweep.step) {
    const row = j * width;
    const nextRow = (j + sweep.step) * width;
    const writes = j >= rect.j0 && j < rect.j1;
    const base = (j - rect.j0) * rectWidth - rect.i0;
    for (let i = 0; i < width; i++) {
      const h = heights[row + i];
      let s = -Infinity;
      if (n > 0) {
        const v0 = i + shift;
        if (t === 0) {
          if (v0 >= 0 && v0 < width) {
            s = next[v0] - rise;
          }
        } else if (v0 >= 0 && v0 < width - 1) {
          s = next[v0] + (next[v0 + 1] - next[v0]) * t - rise;
        }
        const a = i + sx;
        if (diagonal && a >= 0 && a < width) {
          const d = heights[nextRow + i] + (heights[row + a] - heights[nextRow + i]) * mu - lambdaRise;
          if (d > s) s = d;
        }
      }
      current[i] = h > s ? h : s;
      if (writes && i >= rect.i0 && i < rect.i1) bytes[(base + i) * stride + channel] = sunByte(h, s, rise);
    }
    const swap = next;
    next = current;
    current = swap;
  }
}

/**
 * Sun mostly east or west: along a row the sweep runs from the sun's side, and the rows are taken in
 * the order in which the ray's crossings are ready (a crossing reads this row and its neighbour on
 * the drift's side, so that neighbour goes first).
 */
function sweepAlongI(g: LightingHeights, sweep: SunSweep, rect: GridRect, out: LightingOutput): void {
  const { width, depth, heights } = g;
  const { rise, step } = sweep;
  const { shift, t } = crossing(sweep.drift);
  const rectWidth = rect.i1 - rect.i0;
  const { bytes, stride, channel } = out;
  // T of the neighbouring row the ray drifts into (done before this one), and of this row.
  let neighbour = new Float64Array(width);
  let current = new Float64Array(width);
  const rowStep = sweep.drift > 0 ? -1 : 1;
  const firstRow = rowStep < 0 ? depth - 1 : 0;
  const first = step > 0 ? width - 1 : 0;
  const sz = Math.sign(sweep.drift);
  const { diagonal, mu, lambdaRise } = diagonalCrossing(sz === step, Math.abs(sweep.drift), rise, true);
  for (let n = 0, j = firstRow; n < depth; n++, j += rowStep) {
    const row = j * width;
    const writes = j >= rect.j0 && j < rect.j1;
    const base = (j - rect.j0) * rectWidth - rect.i0;
    // Rows j + shift and j + shift + 1: which of them is this row, and whether the other exists.
    const r0 = j + shift;
    const r1 = r0 + 1;
    const hasNeighbour = n > 0;
    for (let m = 0, i = first; m < width; m++, i -= step) {
      const h = heights[row + i];
      let s = -Infinity;
      if (m > 0) {
        const c = i + step;
        // Values at rows r0 and r1 of column c; a row outside the grid means the ray left it.
        const a = r0 === j ? current[c] : r0 >= 0 && r0 < depth && hasNeighbour ? neighbour[c] : Number.NaN;
        if (t === 0) {
          if (!Number.isNaN(a)) {
            s = a - rise;
          }
        } else {
          const b = r1 === j ? current[c] : r1 >= 0 && r1 < depth && hasNeighbour ? neighbour[c] : Number.NaN;
          if (!Number.isNaN(a) && !Number.isNaN(b)) s = a + (b - a) * t - rise;
        }
        const rb = j + sz;
        if (diagonal && rb >= 0 && rb < depth) {
          const hb = heights[rb * width + i];
          const d = hb + (heights[row + c] - hb) * mu - lambdaRise;
          if (d > s) s = d;
        }
      }
      current[i] = h > s ? h : s;
      if (writes && i >= rect.i0 && i < rect.i1) bytes[(base + i) * stride + channel] = sunByte(h, s, rise);
    }
    const swap = neighbour;
    neighbour = current;
    current = swap;
  }
}

/**
 * Sky visibility (ambient occlusion) of the vertices of `rect` (see LightingOutput; by default
 * channel 1 of two): along 8 directions (axes and diagonals) the horizon elevation α is the
 * steepest rise to the samples OCCLUSION_STEPS away, and a direction lets in cos²α of its sky (the
 * cosine-weighted share of a uniform sky above a horizon at α, for a level receiver). The byte is
 * the mean of the 8. Samples beyond the map (`mapEdge`, in g's coordinates) are open sky; `g` must
 * reach OCCLUSION_REACH beyond `rect` inside the map.
 */
export function writeSkyVisibility(
  g: LightingHeights,
  rect: GridRect,
  out: LightingOutput | Uint8Array,
  mapEdge: GridRect = { i0: 0, j0: 0, i1: g.width, j1: g.depth },
): void {
  const target = out instanceof Uint8Array ? { bytes: out, stride: LIGHTING_CHANNELS, channel: 1 } : out;
  const { width, heights, spacing } = g;
  const { bytes, stride, channel } = target;
  const rectWidth = rect.i1 - rect.i0;
  if (rectWidth <= 0) return;
  // Row by row, one sample (direction, step) at a time across the whole row: every read streams.
  const best = new Float64Array(rectWidth);
  const sky = new Float64Array(rectWidth);
  for (let j = rect.j0; j < rect.j1; j++) {
    sky.fill(0);
    const row = j * width;
    for (const [di, dj] of OCCLUSION_DIRECTIONS) {
      best.fill(0);
      const run = Math.hypot(di, dj) * spacing;
      for (const step of OCCLUSION_STEPS) {
        const sj = j + dj * step;
        // Samples beyond the map are open sky (and so are all further ones in that direction).
        if (sj < mapEdge.j0 || sj >= mapEdge.j1) break;
        const offset = dj * step * width + di * step;
        const inverseRun = 1 / (step * run);
        const from = Math.max(rect.i0, mapEdge.i0 - di * step);
        const to = Math.min(rect.i1, mapEdge.i1 - di * step);
        for (let i = from, k = row + from, q = from - rect.i0; i < to; i++, k++, q++) {
          const slope = (heights[k + offset] - heights[k]) * inverseRun;
          if (slope > best[q]) best[q] = slope;
        }
      }
      for (let q = 0; q < rectWidth; q++) sky[q] += 1 / (1 + best[q] * best[q]);
    }
    const base = (j - rect.j0) * rectWidth;
    const scale = 255 / OCCLUSION_DIRECTIONS.length;
    for (let q = 0; q < rectWidth; q++) bytes[(base + q) * stride + channel] = Math.round(sky[q] * scale);
  }
}

/** `rect` grown by `by` on every side, clamped to a width × depth grid. */
export function growRect(rect: GridRect, by: number, width: number, depth: number): GridRect {
  return { i0: Math.max(0, rect.i0 - by), j0: Math.max(0, rect.j0 - by), i1: Math.min(width, rect.i1 + by), j1: Math.min(depth, rect.j1 + by) };
}

export function unionRect(a: GridRect, b: GridRect): GridRect {
  return { i0: Math.min(a.i0, b.i0), j0: Math.min(a.j0, b.j0), i1: Math.max(a.i1, b.i1), j1: Math.max(a.j1, b.j1) };
}

/**
 * The part of a width × depth grid whose heights the sun visibility of `rect` depends on: the ray
 * from each vertex towards the sun for `reach` steps, widened by one row per step (each step reads
 * two neighbouring values of the next column, so influence spreads by one row a step).
 */
export function sunDependencies(rect: GridRect, sweep: SunSweep, reach: number, width: number, depth: number): GridRect {
  return sunCone(rect, sweep, reach, width, depth, 1);
}

/** The vertices whose sun visibility a change of heights in `rect` can alter: the cone away from the sun. */
export function sunAffected(rect: GridRect, sweep: SunSweep, reach: number, width: number, depth: number): GridRect {
  return sunCone(rect, sweep, reach, width, depth, -1);
}

function sunCone(rect: GridRect, sweep: SunSweep, reach: number, width: number, depth: number, towardsSun: 1 | -1): GridRect {
  const steps = Math.min(reach, Math.max(width, depth));
  const along = sweep.step * towardsSun * steps;
  const across = Math.ceil(Math.abs(sweep.drift) * steps) + steps + 1;
  const [u0, u1] = along >= 0 ? [0, along] : [along, 0];
  const grown = sweep.alongI
    ? { i0: rect.i0 + u0, i1: rect.i1 + u1, j0: rect.j0 - across, j1: rect.j1 + across }
    : { j0: rect.j0 + u0, j1: rect.j1 + u1, i0: rect.i0 - across, i1: rect.i1 + across };
  return growRect(grown, 0, width, depth);
}

/** Sun and sky bytes of two rectangles of a window of heights (either may be null: not needed). */
export interface LightingPatch {
  sunRect: GridRect | null;
  sun: Uint8Array | null;
  skyRect: GridRect | null;
  sky: Uint8Array | null;
}

const area = (r: GridRect) => Math.max(0, r.i1 - r.i0) * Math.max(0, r.j1 - r.j0);

/**
 * The sun visibility of `sunRect` and the sky visibility of `skyRect` (one byte per vertex each),
 * from the heights `g`: a window of the lighting grid holding their dependencies. Rects are in g's
 * coordinates; `mapEdge` is the whole grid in them.
 */
export function computeLightingPatch(
  g: LightingHeights,
  sun: LightingSun,
  sunRect: GridRect | null,
  skyRect: GridRect | null,
  mapEdge: GridRect,
): LightingPatch {
  const sunBytes = sunRect ? new Uint8Array(area(sunRect)) : null;
  const skyBytes = skyRect ? new Uint8Array(area(skyRect)) : null;
  if (sunRect && sunBytes) writeSunVisibility(g, sun, sunRect, { bytes: sunBytes, stride: 1, channel: 0 });
  if (skyRect && skyBytes) writeSkyVisibility(g, skyRect, { bytes: skyBytes, stride: 1, channel: 0 }, mapEdge);
  return { sunRect, sun: sunBytes, skyRect, sky: skyBytes };
}

/** Both channels of `rect`, interleaved (sun, sky), for tests and whole-map use. */
export function computeLighting(g: LightingHeights, sun: LightingSun, rect: GridRect, mapEdge: GridRect): Uint8Array {
  const out = new Uint8Array(area(rect) * LIGHTING_CHANNELS);
  writeSunVisibility(g, sun, rect, { bytes: out, stride: LIGHTING_CHANNELS, channel: 0 });
  writeSkyVisibility(g, rect, { bytes: out, stride: LIGHTING_CHANNELS, channel: 1 }, mapEdge);
  return out;
}
