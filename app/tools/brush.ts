import { createHeightfield, type Heightfield } from '../../shared/terrain/heightfield';
import { thermalErosion } from '../../shared/erosion/thermal';

export type BrushMode = 'raise' | 'lower' | 'smooth' | 'flatten' | 'erode';
export const BRUSH_MODES: readonly BrushMode[] = ['raise', 'lower', 'smooth', 'flatten', 'erode'];

/** The erode brush: a few talus passes under the brush, slopes settling toward this angle. */
export const ERODE_BRUSH_TALUS_DEG = 30;
const ERODE_BRUSH_PASSES = 4;

export interface BrushSettings {
  mode: BrushMode;
  /** Metres. */
  radius: number;
  /** 0..1: fraction of the full effect applied by one dab at the centre. */
  strength: number;
  /** 0 = hard edge, 1 = the weight falls smoothly from the centre to the rim. */
  falloff: number;
}

export const DEFAULT_BRUSH: BrushSettings = { mode: 'raise', radius: 16, strength: 0.5, falloff: 0.7 };

/** Raise/lower move a vertex at the centre by this fraction of the radius per dab at full strength. */
export const RAISE_PER_RADIUS = 0.05;

/** Vertex rectangle [i0, i1) × [j0, j1). */
export interface VertexRect {
  i0: number;
  j0: number;
  i1: number;
  j1: number;
}

/**
 * Weight of a smooth, flatten or erode dab at distance ratio t = d / radius (0 outside the circle): full
 * in a core of (1 − falloff) of the radius, falling by a smoothstep over the rest.
 */
export function brushWeight(t: number, falloff: number): number {
  if (t >= 1) return 0;
  const inner = 1 - Math.min(1, Math.max(0, falloff));
  if (t <= inner) return 1;
  const u = (t - inner) / (1 - inner);
  return 1 - u * u * (3 - 2 * u);
}

/**
 * Weight of a raise or lower dab: the smoothstep bell 1 − 3t² + 2t³ over the whole radius, raised to the
 * power `falloff` (1: the bell; towards 0: a hard-edged disc). There is no level core: a line of dabs then
 * sums to a rounded cross-section whose sides fall all the way from the centre line, where a core of full
 * weight summed to a flat floor between short, steep walls (issue 34: four Lower passes cut a flat-floored
 * trench with 62° walls; with this bell, at the default falloff, a rounded valley with sides under 56°).
 */
export function reliefWeight(t: number, falloff: number): number {
  if (t >= 1) return 0;
  const f = Math.min(1, Math.max(0, falloff));
  const a = Math.max(0, t);
  const bell = 1 - a * a * (3 - 2 * a);
  return f === 0 ? 1 : Math.pow(bell, f);
}

/** The vertices a dab of `radius` metres centred at (x, z) can touch, clamped to the map; null if none. */
export function dabRect(field: Heightfield, x: number, z: number, radius: number): VertexRect | null {
  const { width, depth, cellSize } = field;
  const ci = x / cellSize + (width - 1) / 2;
  const cj = z / cellSize + (depth - 1) / 2;
  const r = radius / cellSize;
  const i0 = Math.max(0, Math.ceil(ci - r));
  const j0 = Math.max(0, Math.ceil(cj - r));
  const i1 = Math.min(width, Math.floor(ci + r) + 1);
  const j1 = Math.min(depth, Math.floor(cj + r) + 1);
  return i0 < i1 && j0 < j1 ? { i0, j0, i1, j1 } : null;
}

/**
 * Applies one dab in place. `flattenTo` is the target height for 'flatten' (the height where the
 * stroke began). Smoothing reads a copy of the neighbourhood so the result does not depend on the
 * order vertices are visited in.
 */
export function applyDab(field: Heightfield, settings: BrushSettings, x: number, z: number, rect: VertexRect, flattenTo: number): void {
  const { width, cellSize, heights } = field;
  const strength = Math.min(1, Math.max(0, settings.strength));
  const ci = x / cellSize + (width - 1) / 2;
  const cj = z / cellSize + (field.depth - 1) / 2;
  const r = settings.radius / cellSize;
  const source = settings.mode === 'smooth' ? neighbourhoodCopy(field, rect) : null;
  const eroded = settings.mode === 'erode' ? erodedNeighbourhood(field, rect) : null;
  const raise = settings.radius * RAISE_PER_RADIUS * strength * (settings.mode === 'lower' ? -1 : 1);
  const relief = settings.mode === 'raise' || settings.mode === 'lower';
  for (let j = rect.j0; j < rect.j1; j++) {
    for (let i = rect.i0; i < rect.i1; i++) {
      const t = Math.hypot(i - ci, j - cj) / r;
      const w = relief ? reliefWeight(t, settings.falloff) : brushWeight(t, settings.falloff);
      if (w === 0) continue;
      const k = j * width + i;
      const h = heights[k];
      switch (settings.mode) {
        case 'raise':
        case 'lower':
          heights[k] = h + raise * w;
          break;
        case 'flatten':
          heights[k] = h + (flattenTo - h) * strength * w;
          break;
        case 'smooth': {
          const average = source ? source.averageAround(i, j) : h;
          heights[k] = h + (average - h) * strength * w;
          break;
        }
        case 'erode': {
          const settled = eroded ? eroded.heightAt(i, j) : h;
          heights[k] = h + (settled - h) * strength * w;
          break;
        }
      }
    }
  }
}

/** A copy of the heights in the rect grown by one vertex (clamped to the map), row by row. */
function grownCopy(field: Heightfield, rect: VertexRect) {
  const { width, depth, heights } = field;
  const i0 = Math.max(0, rect.i0 - 1);
  const j0 = Math.max(0, rect.j0 - 1);
  const i1 = Math.min(width, rect.i1 + 1);
  const j1 = Math.min(depth, rect.j1 + 1);
  const cols = i1 - i0;
  const copy = new Float32Array(cols * (j1 - j0));
  for (let j = j0; j < j1; j++) copy.set(heights.subarray(j * width + i0, j * width + i1), (j - j0) * cols);
  return { copy, i0, j0, i1, j1, cols };
}

/**
 * The rect grown by one vertex, as its own small map after a few thermal-erosion passes: what the
 * erode brush blends toward. Material moves only within the copy, so a dab does not reach outside.
 */
function erodedNeighbourhood(field: Heightfield, rect: VertexRect) {
  const { copy, i0, j0, i1, j1, cols } = grownCopy(field, rect);
  const rows = j1 - j0;
  if (i1 - i0 >= 2 && rows >= 2) {
    thermalErosion(createHeightfield(cols, rows, field.cellSize, copy), { iterations: ERODE_BRUSH_PASSES, talusDeg: ERODE_BRUSH_TALUS_DEG, strength: 0.5 });
  }
  return { heightAt: (i: number, j: number) => copy[(j - j0) * cols + (i - i0)] };
}

/** A copy of the rect grown by one vertex, answering 3 × 3 averages (clamped at the map edges). */
function neighbourhoodCopy(field: Heightfield, rect: VertexRect) {
  const { copy, i0, j0, i1, j1, cols } = grownCopy(field, rect);
  return {
    averageAround(i: number, j: number): number {
      let sum = 0;
      let count = 0;
      for (let dj = -1; dj <= 1; dj++) {
        const jj = j + dj;
        if (jj < j0 || jj >= j1) continue;
        for (let di = -1; di <= 1; di++) {
          const ii = i + di;
          if (ii < i0 || ii >= i1) continue;
          sum += copy[(jj - j0) * cols + (ii - i0)];
          count++;
        }
      }
      return sum / count;
    },
  };
}
