/**
 * Masks (splat / weight maps) by rules. A layer's coverage is the product of its rules, each a band
 * of one source with soft edges; layers stack in order — the first is the base, each later layer
 * covers those below it by its coverage — so the weights of every vertex sum to 1 (and, as bytes,
 * to exactly 255), which is what weight-blended Unreal layers, Unity alphamaps and HTerrain's
 * CLASSIC4 splatmap expect.
 *
 * Sources, per vertex: height (m), slope (degrees from horizontal, of the vertex normal from the exact
 * triangles), curvature (1/m, −∇²h: positive on convex ridges and peaks, negative in concave hollows),
 * aspect (the compass bearing the ground faces, i.e. its downhill direction, degrees clockwise from
 * north = −z, so east = +x, from the same normal; flat ground faces nowhere and no aspect rule covers
 * it), cavity (m: the mean height of the surrounding (2r + 1)² vertices, r = CAVITY_RADIUS_CELLS,
 * minus the vertex's own; positive in hollows and creases, negative on domes and ridges, 0 on a plane),
 * and, when the document has erosion results, flow and deposition (each divided by its largest value on
 * the map, so 0…1, given as bytes: shared/erosion/cover.ts coverBytes, read as byte / 255); when it has
 * roads, road (the road surface's share of the vertex's cell, fraying out 0.8 m past each end) and
 * shoulder (the share of its gravel: the shoulders each side and the apron fading 4 m past each end),
 * both as the 3D view paints them (shared/roads/roadPaint.ts roadCoverWeights, through
 * shared/layers/roadFootprints.ts); when it has a water layer, water (the depth in metres, 0 where dry)
 * and shore (wetness: 1 on water, fading linearly to 0 at SHORE_DISTANCE_M = 20 m from it:
 * shared/hydrology/shore.ts), both of the topmost water layer (shared/layers/stackWater.ts); when it has
 * a fluvial or thermal layer with strata, hardness (the relative hardness of the rock bed at each vertex's ground:
 * shared/terrain/strata.ts, shared/export/hardness.ts).
 *
 * A layer's `snowBand` moves the height its height rules read by the ragged snow line's shift
 * (shared/ground/snowLine.ts), its `slopeBand` the slope its slope rules read by the turf's ragged noise
 * (shared/ground/turfEdge.ts), both at world x, z as the 3D view places the map; absent, the plain value.
 */
import { isReservedDeviceName } from '../fileNames';
import { cropGrid, PaddedGrid, type ExportGrid } from './grid';
import { vertexNormals, vertexSlopes } from './normals';
import { MASK_SOURCES, type MaskLayer, type MaskRule, type MaskSource } from '../masks/maskTypes';
import { aspectWeight, ruleWeight } from '../masks/ruleWeight';
import { groundLayers } from '../ground/groundMaterials';
import { snowHeightShift } from '../ground/snowLine';
import { turfInReach, turfNoise } from '../ground/turfEdge';
import type { Climate } from '../ground/climate';
import { talusHardness } from '../ground/strataBands';
import type { Strata } from '../terrain/strata';

export { MASK_SOURCES, ruleWeight, type MaskLayer, type MaskRule, type MaskSource };

/** Rows per block when sources and weights are computed a block at a time (memory stays per block). */
export const MASK_BLOCK_ROWS = 64;

export const EROSION_SOURCES: readonly MaskSource[] = ['flow', 'deposition'];

export const MASK_SOURCE_LABELS: Record<MaskSource, string> = {
  height: 'Height (m)',
  slope: 'Slope (°)',
  curvature: 'Curvature (1/m, + convex)',
  aspect: 'Aspect (° from north, clockwise)',
  cavity: 'Cavity (m, + hollow)',
  flow: 'Erosion flow (0–1)',
  deposition: 'Deposition (0–1)',
  road: 'Road surface (0–1)',
  shoulder: 'Shoulder & apron gravel (0–1)',
  water: 'Water depth (m)',
  shore: 'Shore wetness (0–1, 20 m)',
  hardness: 'Rock hardness (strata)',
};

export interface MaskSet {
  layers: MaskLayer[];
}

/**
 * Erosion cover values per vertex on a 0…255 scale (255: the map's largest): the bytes of
 * shared/erosion/cover.ts coverBytes, or those bytes resampled for an export (then fractional).
 */
export type CoverValues = Uint8Array | Float32Array;

/** Per-vertex values that come from elsewhere (erosion, roads), laid out like the heights. */
export interface MaskSourceData {
  flow?: CoverValues;
  deposition?: CoverValues;
  /** The road surface's share 0…1 (every enabled road layer's; the nearest road where they overlap). */
  road?: Float32Array;
  /** The roads' gravel share 0…1: shoulders and end aprons (with `road`, shared/layers/roadFootprints.ts). */
  shoulder?: Float32Array;
  /** Water depth in metres, 0 where dry (the topmost water layer's). */
  water?: Float32Array;
  /** Shore wetness 0…1: 1 on water, 0 from SHORE_DISTANCE_M away (shared/hydrology/shore.ts). */
  shore?: Float32Array;
  /** Relative hardness of the rock bed at each vertex (the stack's strata: a fluvial or thermal layer's). */
  hardness?: Float32Array;
}

/** The keys of MaskSourceData, laid out like the heights (resampled, cropped and padded with them). */
export const DATA_SOURCES = ['flow', 'deposition', 'road', 'shoulder', 'water', 'shore', 'hardness'] as const;

export const MAX_MASK_LAYERS = 16;
/** A rules file is a few hundred bytes: anything over 1 MiB is refused before it is read. */
export const MAX_MASK_RULES_BYTES = 1024 * 1024;
export const MASK_LAYER_NAME = /^[A-Za-z0-9_-]{1,32}$/;

export class MaskSetError extends Error {
  override name = 'MaskSetError';
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function optionalNumber(value: unknown, where: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new MaskSetError(`${where} must be a finite number`);
  return value;
}

/** A key a rules file does not know is refused (a typo such as "sofness" would otherwise do nothing). */
function onlyKeys(value: Record<string, unknown>, known: readonly string[], where: string): void {
  const unknown = Object.keys(value).find((key) => !known.includes(key));
  if (unknown !== undefined) throw new MaskSetError(`${where ? `${where} has` : 'has'} an unknown key "${unknown.slice(0, 40)}" (known: ${known.join(', ')})`);
}

/**
 * Checks a mask set from JSON (a rules file, a saved dialog state): the first problem is thrown as a
 * MaskSetError naming where it is. `available` lists the sources this document has data for.
 */
export function parseMaskSet(value: unknown, available: readonly MaskSource[] = TERRAIN_SOURCES): MaskSet {
  if (!isRecord(value) || !Array.isArray(value.layers)) throw new MaskSetError('a mask set is an object with a "layers" list');
  onlyKeys(value, ['layers'], '');
  if (value.layers.length === 0) throw new MaskSetError('a mask set needs at least one layer');
  if (value.layers.length > MAX_MASK_LAYERS) throw new MaskSetError(`at most ${MAX_MASK_LAYERS} layers, got ${value.layers.length}`);
  const names = new Set<string>();
  const layers = value.layers.map((layer: unknown, l: number): MaskLayer => {
    const where = `layers[${l}]`;
    if (!isRecord(layer)) throw new MaskSetError(`${where} must be an object`);
    onlyKeys(layer, ['name', 'rules', 'snowBand', 'slopeBand'], where);
    const snowBand = optionalNumber(layer.snowBand, `${where}.snowBand`);
    if (snowBand !== undefined && snowBand < 0) throw new MaskSetError(`${where}.snowBand must be 0 or more metres, got ${snowBand}`);
    const slopeBand = optionalNumber(layer.slopeBand, `${where}.slopeBand`);
    if (slopeBand !== undefined && (slopeBand < 0 || slopeBand > 90)) throw new MaskSetError(`${where}.slopeBand must be 0 to 90 degrees, got ${slopeBand}`);
    if (typeof layer.name !== 'string' || !MASK_LAYER_NAME.test(layer.name)) throw new MaskSetError(`${where}.name must be 1–32 letters, digits, "-" or "_"`);
    if (isReservedDeviceName(layer.name))
      throw new MaskSetError(`${where}.name "${layer.name}" is a name Windows reserves for a device (CON, PRN, AUX, NUL, COM1…, LPT1…)`);
    if (names.has(layer.name.toLowerCase())) throw new MaskSetError(`${where}.name "${layer.name}" is used twice`);
    names.add(layer.name.toLowerCase());
    const rules = layer.rules ?? [];
    if (!Array.isArray(rules) || rules.length > 8) throw new MaskSetError(`${where}.rules must be a list of at most 8 rules`);
    return {
      name: layer.name,
      ...(snowBand !== undefined && { snowBand }),
      ...(slopeBand !== undefined && { slopeBand }),
      rules: rules.map((rule: unknown, r: number): MaskRule => {
        const at = `${where}.rules[${r}]`;
        if (!isRecord(rule)) throw new MaskSetError(`${at} must be an object`);
        onlyKeys(rule, ['source', 'min', 'max', 'softness'], at);
        if (!(MASK_SOURCES as readonly unknown[]).includes(rule.source)) throw new MaskSetError(`${at}.source must be one of ${MASK_SOURCES.join(', ')}`);
        const source = rule.source as MaskSource;
        if (!available.includes(source)) throw new MaskSetError(`${at}.source ${source} needs ${SOURCE_NEEDS[source]}, which this terrain does not have`);
        const min = optionalNumber(rule.min, `${at}.min`);
        const max = optionalNumber(rule.max, `${at}.max`);
        const softness = optionalNumber(rule.softness, `${at}.softness`);
        if (source === 'aspect' && (min === undefined || max === undefined))
          throw new MaskSetError(`${at} (aspect) needs both min and max, compass degrees clockwise from north (min > max wraps through north)`);
        if (source !== 'aspect' && min !== undefined && max !== undefined && min > max) throw new MaskSetError(`${at} needs min ≤ max, got ${min}..${max}`);
        if (softness !== undefined && softness < 0) throw new MaskSetError(`${at}.softness must be ≥ 0`);
        return { source, ...(min !== undefined && { min }), ...(max !== undefined && { max }), ...(softness !== undefined && { softness }) };
      }),
    };
  });
  return { layers };
}

/** What a data source needs the terrain to have (the export dialog says it beside a source it cannot offer). */
export const SOURCE_NEEDS: Readonly<Record<MaskSource, string>> = {
  height: 'heights',
  slope: 'heights',
  curvature: 'heights',
  aspect: 'heights',
  cavity: 'heights',
  flow: 'erosion results',
  deposition: 'erosion results',
  road: 'a road layer',
  shoulder: 'a road layer',
  water: 'a water layer',
  shore: 'a water layer',
  hardness: 'a fluvial or thermal layer with strata',
};

/** Sources every terrain has (computed from its heights). */
export const TERRAIN_SOURCES: readonly MaskSource[] = ['height', 'slope', 'curvature', 'aspect', 'cavity'];

/** Half the side of the square whose mean height the cavity source compares a vertex with, in cells. */
export const CAVITY_RADIUS_CELLS = 4;

/** Sources a document can use: the terrain's own, plus erosion's when present. */
export function availableSources(data: MaskSourceData | null | undefined): MaskSource[] {
  const out: MaskSource[] = [...TERRAIN_SOURCES];
  if (data?.flow) out.push('flow');
  if (data?.deposition) out.push('deposition');
  if (data?.road) out.push('road');
  if (data?.shoulder) out.push('shoulder');
  if (data?.water) out.push('water');
  if (data?.shore) out.push('shore');
  if (data?.hardness) out.push('hardness');
  return out;
}

/**
 * −∇²h, 1/m. Border vertices take the second difference of their inner neighbour (one-sided), so a
 * plane has no curvature anywhere; a side of fewer than three vertices has none along it.
 */
export function vertexCurvature(grid: ExportGrid): Float32Array {
  const { width: w, depth: d, cellX, cellZ, heights: h } = grid;
  const out = new Float32Array(w * d);
  const ix = w >= 3 ? 1 / (cellX * cellX) : 0;
  const iz = d >= 3 ? 1 / (cellZ * cellZ) : 0;
  for (let j = 0; j < d; j++) {
    const jc = d >= 3 ? Math.min(d - 2, Math.max(1, j)) : j;
    for (let i = 0; i < w; i++) {
      const ic = w >= 3 ? Math.min(w - 2, Math.max(1, i)) : i;
      const alongX = ix === 0 ? 0 : (h[j * w + ic - 1] - 2 * h[j * w + ic] + h[j * w + ic + 1]) * ix;
      const alongZ = iz === 0 ? 0 : (h[(jc - 1) * w + i] - 2 * h[jc * w + i] + h[(jc + 1) * w + i]) * iz;
      out[j * w + i] = -(alongX + alongZ);
    }
  }
  return out;
}

/**
 * Compass bearing (degrees clockwise from north = −z, 0…360) that each vertex's ground faces: the
 * direction of its normal's horizontal part (downhill). NaN where the normal is vertical (flat ground).
 */
export function vertexAspects(normals: Float32Array): Float32Array {
  const out = new Float32Array(normals.length / 3);
  for (let k = 0; k < out.length; k++) {
    const nx = normals[3 * k];
    const nz = normals[3 * k + 2];
    if (nx * nx + nz * nz < 1e-12) out[k] = NaN;
    else {
      const deg = (Math.atan2(nx, -nz) * 180) / Math.PI;
      out[k] = deg < 0 ? deg + 360 : deg;
    }
  }
  return out;
}

/**
 * Mean height of the (2r + 1)² vertices around each vertex minus its own, metres. Near a border the
 * square shrinks on both sides alike (half-sides min(r, distance to the border) per axis), so a plane
 * has no cavity anywhere.
 */
export function vertexCavity(grid: ExportGrid, radius = CAVITY_RADIUS_CELLS): Float32Array {
  const { width: w, depth: d, heights: h } = grid;
  // Summed-area table in float64: (w + 1) × (d + 1), entry (i, j) = sum of heights[< j][< i].
  const sums = new Float64Array((w + 1) * (d + 1));
  for (let j = 0; j < d; j++) {
    let row = 0;
    for (let i = 0; i < w; i++) {
      row += h[j * w + i];
      sums[(j + 1) * (w + 1) + i + 1] = sums[j * (w + 1) + i + 1] + row;
    }
  }
  const out = new Float32Array(w * d);
  for (let j = 0; j < d; j++) {
    const rj = Math.min(radius, j, d - 1 - j);
    const top = (j - rj) * (w + 1);
    const bottom = (j + rj + 1) * (w + 1);
    for (let i = 0; i < w; i++) {
      const ri = Math.min(radius, i, w - 1 - i);
      const left = i - ri;
      const right = i + ri + 1;
      const sum = sums[bottom + right] - sums[bottom + left] - sums[top + right] + sums[top + left];
      out[j * w + i] = sum / ((2 * ri + 1) * (2 * rj + 1)) - h[j * w + i];
    }
  }
  return out;
}

/** Computes each source at most once per grid. */
export class MaskSources {
  private cache = new Map<MaskSource, Float32Array>();
  private normals: Float32Array | null = null;

  constructor(
    private readonly grid: ExportGrid,
    private readonly data: MaskSourceData = {},
  ) {}

  /** The map's rows (vertices along z). */
  rowCount(): number {
    return this.grid.depth;
  }

  vertexNormals(): Float32Array {
    this.normals ??= vertexNormals(this.grid);
    return this.normals;
  }

  /**
   * The normals of rows [j0, j1) (xyz per vertex), computed from those rows and two on either side:
   * exactly the whole map's (a vertex's normal depends on its neighbouring triangles only) without
   * holding the whole map's 12 bytes per vertex.
   */
  blockNormals(j0: number, j1: number): Float32Array {
    if (this.normals) return this.normals.subarray(3 * j0 * this.grid.width, 3 * j1 * this.grid.width);
    const { crop, offset } = this.halo(j0, j1);
    return vertexNormals(crop).subarray(3 * offset * this.grid.width, 3 * (offset + j1 - j0) * this.grid.width);
  }

  /** Rows [j0, j1) of a source, the same numbers as `values(source)` but computed per block where it can be. */
  blockValues(source: MaskSource, j0: number, j1: number): Float32Array {
    const w = this.grid.width;
    const cached = this.cache.get(source);
    if (cached) return cached.subarray(j0 * w, j1 * w);
    if (source === 'slope') return vertexSlopes(this.blockNormals(j0, j1));
    if (source === 'aspect') return vertexAspects(this.blockNormals(j0, j1));
    if (source === 'cavity') {
      const { crop, offset } = this.halo(j0, j1, CAVITY_RADIUS_CELLS);
      return vertexCavity(crop).subarray(offset * w, (offset + j1 - j0) * w);
    }
    if (source === 'height' && this.grid instanceof PaddedGrid) return this.grid.rows(j0, j1);
    if (source === 'curvature') {
      const { crop, offset } = this.halo(j0, j1);
      return vertexCurvature(crop).subarray(offset * w, (offset + j1 - j0) * w);
    }
    return this.values(source).subarray(j0 * w, j1 * w);
  }

  /**
   * Rows [j0, j1) of the height a ragged snow layer's rules read (snowLine.ts snowHeightShift), at world
   * x, z as the 3D view places the map (centred on its middle vertex).
   */
  snowHeights(band: number, j0: number, j1: number): Float32Array {
    const { width: w, depth: d, cellX, cellZ } = this.grid;
    const heights = this.blockValues('height', j0, j1);
    const normals = this.blockNormals(j0, j1);
    const slopes = vertexSlopes(normals);
    const out = new Float32Array(heights.length);
    for (let j = j0; j < j1; j++)
      for (let i = 0; i < w; i++) {
        const k = (j - j0) * w + i;
        const shift = snowHeightShift(band, (i - (w - 1) / 2) * cellX, (j - (d - 1) / 2) * cellZ, slopes[k], normals[3 * k], normals[3 * k + 2]);
        out[k] = heights[k] + shift;
      }
    return out;
  }

  /**
   * Rows [j0, j1) of the slope a ragged layer's `rule` reads (shared/ground/turfEdge.ts: the slope moved by
   * `band` × the turf's noise where that can change the rule's weight), at world x, z as the 3D view
   * places the map (centred on its middle vertex).
   */
  turfSlopes(band: number, rule: MaskRule, j0: number, j1: number): Float32Array {
    const { width: w, depth: d, cellX, cellZ } = this.grid;
    const slopes = this.blockValues('slope', j0, j1);
    const out = new Float32Array(slopes.length);
    for (let j = j0; j < j1; j++)
      for (let i = 0; i < w; i++) {
        const k = (j - j0) * w + i;
        const s = slopes[k];
        out[k] = turfInReach(band, rule, s) ? s + band * turfNoise((i - (w - 1) / 2) * cellX, (j - (d - 1) / 2) * cellZ) : s;
      }
    return out;
  }

  /** Rows [j0, j1) with `extra` more (default two) on each side where the map has them (at least three rows). */
  private halo(j0: number, j1: number, extra = 2): { crop: ExportGrid; offset: number } {
    const { depth } = this.grid;
    let c0 = Math.max(0, j0 - extra);
    let c1 = Math.min(depth, j1 + extra);
    if (depth >= 3 && c1 - c0 < 3) {
      if (c0 === 0) c1 = Math.min(depth, 3);
      else c0 = Math.max(0, c1 - 3);
    }
    // A padded grid's rows are made for the block, never the whole padded map.
    const { grid } = this;
    if (grid instanceof PaddedGrid)
      return { crop: { width: grid.width, depth: c1 - c0, cellX: grid.cellX, cellZ: grid.cellZ, heights: grid.rows(c0, c1) }, offset: j0 - c0 };
    return { crop: cropGrid(grid, 0, c0, grid.width, c1 - c0), offset: j0 - c0 };
  }

  values(source: MaskSource): Float32Array {
    let values = this.cache.get(source);
    if (values) return values;
    const count = this.grid.width * this.grid.depth;
    switch (source) {
      case 'height':
        values = this.grid.heights;
        break;
      case 'slope':
        values = vertexSlopes(this.vertexNormals());
        break;
      case 'curvature':
        values = vertexCurvature(this.grid);
        break;
      case 'aspect':
        values = vertexAspects(this.vertexNormals());
        break;
      case 'cavity':
        values = vertexCavity(this.grid);
        break;
      case 'flow':
      case 'deposition': {
        const raw = this.data[source];
        if (!raw) throw new MaskSetError(`${source} needs erosion results, which this terrain does not have`);
        if (raw.length !== count) throw new MaskSetError(`${source} has ${raw.length} values for ${count} vertices`);
        values = new Float32Array(count);
        for (let k = 0; k < count; k++) values[k] = raw[k] / 255;
        break;
      }
      case 'road':
      case 'shoulder':
      case 'hardness':
      case 'water':
      case 'shore': {
        const raw = this.data[source];
        if (!raw) throw new MaskSetError(`${source} needs ${SOURCE_NEEDS[source]}, which this terrain does not have`);
        if (raw.length !== count) throw new MaskSetError(`${source} has ${raw.length} values for ${count} vertices`);
        values = raw;
        break;
      }
    }
    this.cache.set(source, values);
    return values;
  }
}

/** Multiplies `out` by one rule's weights (the loop form of `ruleWeight`, for whole maps). */
function applyRule(rule: MaskRule, values: Float32Array, out: Float32Array): void {
  if (rule.source === 'aspect') {
    for (let k = 0; k < out.length; k++) if (out[k] !== 0) out[k] *= aspectWeight(rule, values[k]);
    return;
  }
  const soft = rule.softness ?? 0;
  const hasMin = rule.min !== undefined;
  const hasMax = rule.max !== undefined;
  const min = rule.min ?? 0;
  const max = rule.max ?? 0;
  for (let k = 0; k < out.length; k++) {
    if (out[k] === 0) continue;
    const v = values[k];
    let w = 1;
    if (hasMin) {
      if (v < min - soft || (soft === 0 && v < min)) w = 0;
      else if (soft > 0 && v < min) {
        const t = (v - (min - soft)) / soft;
        w = t * t * (3 - 2 * t);
      }
    }
    if (hasMax && w > 0) {
      if (v > max + soft || (soft === 0 && v > max)) w = 0;
      else if (soft > 0 && v > max) {
        const t = (v - max) / soft;
        w *= 1 - t * t * (3 - 2 * t);
      }
    }
    out[k] *= w;
  }
}

/**
 * Rows [j0, j1) of what one of a layer's rules reads: a ragged snow layer's height rules read the moved
 * height, a ragged turf layer's slope rules the moved slope.
 */
function ruleValues(layer: MaskLayer, rule: MaskRule, sources: MaskSources, j0: number, j1: number): Float32Array {
  if (rule.source === 'height' && layer.snowBand !== undefined && layer.snowBand > 0) return sources.snowHeights(layer.snowBand, j0, j1);
  if (rule.source === 'slope' && layer.slopeBand !== undefined && layer.slopeBand > 0) return sources.turfSlopes(layer.slopeBand, rule, j0, j1);
  return j0 === 0 && j1 === sources.rowCount() ? sources.values(rule.source) : sources.blockValues(rule.source, j0, j1);
}

/** Coverage 0…1 of a layer on its own (its rules multiplied). */
export function layerCoverage(layer: MaskLayer, sources: MaskSources, count: number): Float32Array {
  const out = new Float32Array(count).fill(1);
  for (const rule of layer.rules) applyRule(rule, ruleValues(layer, rule, sources, 0, sources.rowCount()), out);
  return out;
}

/** Final weights of every layer (stacked, summing to 1 per vertex). */
export function layerWeights(set: MaskSet, sources: MaskSources, count: number): Float32Array[] {
  const weights = set.layers.map((layer, l) => (l === 0 ? new Float32Array(count).fill(1) : layerCoverage(layer, sources, count)));
  // Top-down: each layer takes its coverage of what the layers above it left.
  const left = new Float32Array(count).fill(1);
  for (let l = weights.length - 1; l >= 0; l--) {
    const w = weights[l];
    for (let k = 0; k < count; k++) {
      const taken = left[k] * w[k];
      w[k] = taken;
      left[k] -= taken;
    }
  }
  return weights;
}

/** One layer's coverage on rows [j0, j1) into `out` (length (j1 − j0) · width). */
function blockCoverage(layer: MaskLayer, sources: MaskSources, j0: number, j1: number, out: Float32Array): void {
  out.fill(1);
  for (const rule of layer.rules) applyRule(rule, ruleValues(layer, rule, sources, j0, j1), out);
}

/**
 * The stacked weights as bytes, one layer at a time from the top (l = L − 1 … 0), a block of rows at a
 * time: what is left for the layers below, P (1 above the top layer, 0 under the base), is kept as one
 * float per vertex and each layer's bytes are round(255 · P above it) − round(255 · P below it), so a
 * vertex's bytes sum to exactly 255 (the roundings telescope) and each is within one of 255 × its
 * weight. `visit` gets the layer's bytes (whole map, in one array reused for every layer: copy what
 * must outlive the call) and P after the layer. Memory: 5 bytes per vertex whatever the number of
 * layers, instead of a float per vertex and layer.
 */
export function streamLayerBytes(
  set: MaskSet,
  sources: MaskSources,
  width: number,
  depth: number,
  visit: (layer: number, bytes: Uint8Array, below: Float32Array) => void,
): void {
  for (const { layer, bytes, below } of layerBytes(set, sources, width, depth)) visit(layer, bytes, below);
}

/**
 * streamLayerBytes as a generator: each layer's bytes and P after it, the same arrays every time (use
 * them before the next). With `rows`, only the map's rows [start, end) (index (j − start) · width + i):
 * the same numbers as the whole map's on those rows (every source is per vertex).
 */
export function* layerBytes(
  set: MaskSet,
  sources: MaskSources,
  width: number,
  depth: number,
  rows: { start: number; end: number } = { start: 0, end: depth },
): Generator<{ layer: number; bytes: Uint8Array; below: Float32Array }, void, void> {
  const count = width * (rows.end - rows.start);
  const below = new Float32Array(count).fill(1);
  const block = new Float32Array(MASK_BLOCK_ROWS * width);
  const bytes = new Uint8Array(count);
  for (let l = set.layers.length - 1; l >= 0; l--) {
    for (let j0 = rows.start; j0 < rows.end; j0 += MASK_BLOCK_ROWS) {
      const j1 = Math.min(rows.end, j0 + MASK_BLOCK_ROWS);
      const at = (j0 - rows.start) * width;
      const n = (j1 - j0) * width;
      if (l === 0) block.fill(1, 0, n);
      else blockCoverage(set.layers[l], sources, j0, j1, block.subarray(0, n));
      for (let k = 0; k < n; k++) {
        const above = below[at + k];
        const p = above * (1 - block[k]);
        below[at + k] = p;
        bytes[at + k] = Math.round(above * 255) - Math.round(p * 255);
      }
    }
    yield { layer: l, bytes, below };
  }
}

/** Bytes 0…255 per layer whose sum is exactly 255 at every vertex (largest remainders get the rounding). */
export function quantiseWeights(weights: readonly Float32Array[]): Uint8Array[] {
  const layers = weights.length;
  const count = layers > 0 ? weights[0].length : 0;
  const out = weights.map(() => new Uint8Array(count));
  const remainders = new Float64Array(layers);
  for (let k = 0; k < count; k++) {
    let total = 0;
    for (let l = 0; l < layers; l++) {
      const scaled = weights[l][k] * 255;
      const floor = Math.floor(scaled + 1e-9);
      out[l][k] = floor;
      remainders[l] = scaled - floor;
      total += floor;
    }
    for (let missing = 255 - total; missing > 0; missing--) {
      let best = 0;
      for (let l = 1; l < layers; l++) if (remainders[l] > remainders[best]) best = l;
      out[best][k]++;
      remainders[best] = -1;
    }
  }
  return out;
}

/** The View's look the default set follows (its climate and tree line), and whether the map has roads. */
export interface DefaultMaskLook {
  climate?: Climate;
  treeLine?: number;
  road?: boolean;
  /** The project's beds (needs the hardness source): talus only on the soft ones, as the view paints it (strataBands.ts talusHardness). */
  strata?: Strata | null;
}

/**
 * The starting set: the ground materials' layers (shared/ground/groundMaterials.ts), which the 3D
 * view paints by the same rules — grass (or desert ground), scree above the tree line, dirt on banks,
 * rock on steep ground, with `erosion` sediment and channel gravel, snow above the snow line, gravel on
 * road shoulders and end aprons (the `shoulder` layer) and road on roads — so the engine's layers
 * start where the designer saw them. `snowLine` and `look.treeLine` (metres) are the View's; without
 * them snow starts at 80 % of the height range and scree at 60 %.
 */
export function defaultMaskSet(min: number, max: number, erosion = false, snowLine?: number, look: DefaultMaskLook = {}): MaskSet {
  const span = Math.max(max - min, 1);
  const round = (v: number) => Math.round(v * 100) / 100;
  const snow = snowLine ?? round(min + 0.8 * span);
  const tree = Math.min(look.treeLine ?? round(min + 0.6 * span), snow);
  const talus = talusHardness(look.strata);
  const layers = groundLayers(
    look.climate ?? 'temperate',
    { treeLine: tree, snowLine: snow },
    { erosion, road: look.road ?? false, ...(talus !== undefined && { talusHardness: talus }) },
  );
  return {
    layers: layers.map(({ name, rules, snowBand, slopeBand }) => ({
      name,
      rules: rules.map((rule) => ({ ...rule })),
      ...(snowBand !== undefined && { snowBand }),
      ...(slopeBand !== undefined && { slopeBand }),
    })),
  };
}

/**
 * The starting set's layers an engine with fewer layers goes without first (what is under them shows
 * instead). Roads' layers last: drawn roads stay in the splatmap with their gravel shoulders.
 */
const FIT_DROP_ORDER = ['scree', 'dirt', 'gravel', 'sediment', 'snow', 'rock', 'shoulder', 'road'];

/**
 * A starting set fitted to an engine that holds at most `max` layers (HTerrain's CLASSIC4: 4): its
 * layers named in FIT_DROP_ORDER are left out in that order until it fits; the base stays. A set
 * that fits, or has no such layers, is returned as it is.
 */
export function fitMaskSet(set: MaskSet, max: number | undefined): MaskSet {
  if (max === undefined || set.layers.length <= max) return set;
  let layers = set.layers;
  for (const name of FIT_DROP_ORDER) {
    if (layers.length <= max) break;
    layers = layers.filter((layer, l) => l === 0 || layer.name !== name);
  }
  return { layers };
}
