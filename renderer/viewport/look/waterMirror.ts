import { DataTexture, DataUtils, HalfFloatType, LinearFilter, RedFormat, RGBAFormat, UnsignedByteType, Vector4 } from 'three';
import type { HydrologyGrid } from '../../../shared/hydrology/grid';
import type { Heightfield } from '../../../shared/terrain/heightfield';
import type { DirtyRegion } from '../../../app/document/region';
import type { ColourMode, NaturalLines } from '../../../shared/ground/naturalColours';
import { shadingNormalAt } from '../../../shared/terrain/shadingNormals';
import { writeMirrorColours, type MirrorColourAsk } from './mirrorColours';
import { MIRROR_FIRST, MIRROR_REACH, MIRROR_STEPS } from './waterMaterial';

/**
 * The ground a lake mirrors (waterMaterial.ts marches each pixel's reflected ray against it): the
 * map's heights on a coarse grid of at most MIRROR_MAX_SIDE samples a side, each sample the highest
 * vertex within half a sample spacing of it, so a cliff or ridge is never lower here than on the map
 * (a ray that passes over this ground passes over the map's). Kept as a half-float texture read with
 * linear filtering; sent again whole (at most 257² × 2 bytes) when the heights change. Beside it, the
 * ground's colour at each sample (mirrorPaint below): what the mirrored land shows where a ray meets it.
 */
export const MIRROR_MAX_SIDE = 257;

export interface MirrorGround {
  /** The highest height near each sample, row by row (j · width + i). */
  heights: Float32Array;
  width: number;
  depth: number;
  /** Map vertices between two samples. */
  step: number;
  /** Metres between two samples. */
  spacing: number;
  /** The map's half extent on x and z (metres): sample (0, 0) is vertex (0, 0) at (−halfX, −halfZ). */
  halfX: number;
  halfZ: number;
}

/**
 * The land's colour at each sample, RGBA bytes row by row: (rgb) √ of its albedo in linear light (the
 * shader squares it back: finer steps in the dark, where ground colours lie, than bytes of linear light),
 * (a) the sun's cosine on its shading normal, max(0, n · toSun). `normals`: the shading normals (3 a sample).
 */
export interface MirrorPaint {
  colours: Uint8Array;
  normals: Float32Array;
  /** The height of each sample's vertex (its colour's height). */
  heights: Float32Array;
  /** Unit vector towards the sun the alpha was made for. */
  toSun: { x: number; y: number; z: number };
  mode: ColourMode;
  lines: NaturalLines;
}

/** The sampling of `grid`: every `step`-th vertex, the least step that keeps both sides within MIRROR_MAX_SIDE. */
export function mirrorGroundShape(grid: HydrologyGrid): { step: number; width: number; depth: number } {
  const step = Math.max(1, Math.ceil((Math.max(grid.width, grid.depth) - 1) / (MIRROR_MAX_SIDE - 1)));
  return { step, width: Math.ceil((grid.width - 1) / step) + 1, depth: Math.ceil((grid.depth - 1) / step) + 1 };
}

/** Samples [i0, i1) × [j0, j1) of `ground` read again from the map's `heights` (each the highest vertex within step / 2). */
function fillMirror(ground: MirrorGround, grid: HydrologyGrid, heights: Float32Array, i0: number, j0: number, i1: number, j1: number): void {
  const { step, width } = ground;
  const reach = Math.floor(step / 2);
  for (let j = j0; j < j1; j++) {
    const vj0 = Math.max(0, j * step - reach);
    const vj1 = Math.min(grid.depth - 1, j * step + reach);
    for (let i = i0; i < i1; i++) {
      const vi0 = Math.max(0, i * step - reach);
      const vi1 = Math.min(grid.width - 1, i * step + reach);
      let top = -Infinity;
      for (let vj = vj0; vj <= vj1; vj++) {
        const row = vj * grid.width;
        for (let vi = vi0; vi <= vi1; vi++) {
          const h = heights[row + vi];
          if (h > top) top = h;
        }
      }
      ground.heights[j * width + i] = top;
    }
  }
}

/** The mirror's ground for the whole map. */
export function mirrorGround(grid: HydrologyGrid, heights: Float32Array): MirrorGround {
  const { step, width, depth } = mirrorGroundShape(grid);
  const ground: MirrorGround = {
    heights: new Float32Array(width * depth),
    width,
    depth,
    step,
    spacing: grid.cellSize * step,
    halfX: ((grid.width - 1) * grid.cellSize) / 2,
    halfZ: ((grid.depth - 1) * grid.cellSize) / 2,
  };
  fillMirror(ground, grid, heights, 0, 0, width, depth);
  return ground;
}

/** Samples [i0, i1) × [j0, j1). */
export interface MirrorRect {
  i0: number;
  j0: number;
  i1: number;
  j1: number;
}

/** Reads again the samples whose window `region` reaches (every one for 'all'); returns them. */
export function refreshMirrorGround(ground: MirrorGround, grid: HydrologyGrid, heights: Float32Array, region: DirtyRegion): MirrorRect {
  if (region.kind === 'all') {
    fillMirror(ground, grid, heights, 0, 0, ground.width, ground.depth);
    return { i0: 0, j0: 0, i1: ground.width, j1: ground.depth };
  }
  const reach = Math.floor(ground.step / 2);
  const first = (vertex: number, samples: number) => Math.min(samples, Math.max(0, Math.ceil((vertex - reach) / ground.step)));
  const past = (vertex: number, samples: number) => Math.min(samples, Math.max(0, Math.floor((vertex - 1 + reach) / ground.step) + 1));
  const rect = { i0: first(region.i0, ground.width), j0: first(region.j0, ground.depth), i1: past(region.i1, ground.width), j1: past(region.j1, ground.depth) };
  fillMirror(ground, grid, heights, rect.i0, rect.j0, rect.i1, rect.j1);
  return rect;
}

/** How far (vertices) a height's change reaches a sample's colour: its shading normal's and slope's stencil (shadingNormalAt). */
const PAINT_REACH = 2;

/**
 * Each sample's vertex height and shading normal for samples [i0, i1) × [j0, j1) (the sample's vertex
 * i·step, j·step, the map's last where that lies past it).
 */
function gatherPaint(ground: MirrorGround, paint: MirrorPaint, field: Heightfield, i0: number, j0: number, i1: number, j1: number): void {
  const { step, width } = ground;
  for (let j = j0; j < j1; j++) {
    const vj = Math.min(field.depth - 1, j * step);
    for (let i = i0; i < i1; i++) {
      const vi = Math.min(field.width - 1, i * step);
      const k = j * width + i;
      shadingNormalAt(field, vi, vj, paint.normals, 3 * k);
      paint.heights[k] = field.heights[vj * field.width + vi];
    }
  }
}

/** What colouring samples [i0, i1) × [j0, j1) of `paint` needs (mirrorColours.ts), its arrays `paint`'s own. */
export function mirrorColourAsk(ground: MirrorGround, paint: MirrorPaint, field: Heightfield, rect: MirrorRect): MirrorColourAsk {
  let low = 0;
  let high = 0;
  if (paint.mode === 'height') {
    [low, high] = [Infinity, -Infinity];
    for (const h of ground.heights) [low, high] = [Math.min(low, h), Math.max(high, h)];
  }
  return {
    width: ground.width,
    depth: ground.depth,
    step: ground.step,
    spacing: ground.spacing,
    fieldWidth: field.width,
    fieldDepth: field.depth,
    cellSize: field.cellSize,
    heights: paint.heights,
    normals: paint.normals,
    ...rect,
    mode: paint.mode,
    lines: paint.lines,
    low,
    high,
    toSun: { ...paint.toSun },
  };
}

/** The colours of samples [i0, i1) × [j0, j1) of `ground`'s paint, on this thread (writeMirrorColours). */
function fillPaint(ground: MirrorGround, paint: MirrorPaint, field: Heightfield, i0: number, j0: number, i1: number, j1: number): void {
  gatherPaint(ground, paint, field, i0, j0, i1, j1);
  writeMirrorColours(mirrorColourAsk(ground, paint, field, { i0, j0, i1, j1 }), paint.colours);
}

/**
 * The paint of the whole of `ground` read from `field` (the heights `ground` was read from), its colours not
 * yet written (all 0): the samples' heights and normals, and the ask that colours them all.
 */
export function mirrorPaintInputs(
  ground: MirrorGround,
  field: Heightfield,
  mode: ColourMode,
  lines: NaturalLines,
  toSun: { x: number; y: number; z: number } = { x: 0, y: 1, z: 0 },
): { paint: MirrorPaint; ask: MirrorColourAsk } {
  const count = ground.width * ground.depth;
  const paint: MirrorPaint = {
    colours: new Uint8Array(4 * count),
    normals: new Float32Array(3 * count),
    heights: new Float32Array(count),
    toSun: { ...toSun },
    mode,
    lines,
  };
  const whole = { i0: 0, j0: 0, i1: ground.width, j1: ground.depth };
  gatherPaint(ground, paint, field, 0, 0, ground.width, ground.depth);
  return { paint, ask: mirrorColourAsk(ground, paint, field, whole) };
}

/** The paint of the whole of `ground`, read from `field` (the heights `ground` was read from), on this thread. */
export function mirrorPaint(
  ground: MirrorGround,
  field: Heightfield,
  mode: ColourMode,
  lines: NaturalLines,
  toSun: { x: number; y: number; z: number } = { x: 0, y: 1, z: 0 },
): MirrorPaint {
  const { paint, ask } = mirrorPaintInputs(ground, field, mode, lines, toSun);
  writeMirrorColours(ask, paint.colours);
  return paint;
}

/**
 * Paints again the samples whose colour `region` reaches (its vertices and PAINT_REACH round them; every
 * one for 'all', or in height mode where the ramp spans the heights); returns those samples, null when none.
 */
export function refreshMirrorPaint(ground: MirrorGround, paint: MirrorPaint, field: Heightfield, region: DirtyRegion): MirrorRect | null {
  if (region.kind === 'all' || paint.mode === 'height') {
    fillPaint(ground, paint, field, 0, 0, ground.width, ground.depth);
    return { i0: 0, j0: 0, i1: ground.width, j1: ground.depth };
  }
  const first = (vertex: number, samples: number) => Math.min(samples, Math.max(0, Math.ceil((vertex - PAINT_REACH) / ground.step)));
  const past = (vertex: number, samples: number) => Math.min(samples, Math.max(0, Math.floor((vertex - 1 + PAINT_REACH) / ground.step) + 1));
  const [i0, j0, i1, j1] = [first(region.i0, ground.width), first(region.j0, ground.depth), past(region.i1, ground.width), past(region.j1, ground.depth)];
  if (i1 <= i0 || j1 <= j0) return null;
  fillPaint(ground, paint, field, i0, j0, i1, j1);
  return { i0, j0, i1, j1 };
}

/** The paint's sun term (its alpha) for the sun towards `toSun`, from the normals kept. */
export function shadeMirrorPaint(paint: MirrorPaint, toSun: { x: number; y: number; z: number }): void {
  const { colours, normals } = paint;
  paint.toSun = { ...toSun };
  for (let k = 0, n = normals.length / 3; k < n; k++)
    colours[4 * k + 3] = Math.round(Math.max(0, normals[3 * k] * toSun.x + normals[3 * k + 1] * toSun.y + normals[3 * k + 2] * toSun.z) * 255);
}

/** `paint`'s colours as an RGBA texture of `ground`'s size (the same one refilled if it fits), read with linear filtering. */
export function mirrorPaintTexture(ground: MirrorGround, paint: MirrorPaint, texture: DataTexture | null): DataTexture {
  if (texture && texture.image.width === ground.width && texture.image.height === ground.depth && texture.image.data === paint.colours) {
    texture.needsUpdate = true;
    return texture;
  }
  texture?.dispose();
  const made = new DataTexture(paint.colours, ground.width, ground.depth, RGBAFormat, UnsignedByteType);
  made.minFilter = LinearFilter;
  made.magFilter = LinearFilter;
  made.generateMipmaps = false;
  made.needsUpdate = true;
  return made;
}

/**
 * The march's steps over `ground` (waterMaterial.ts mirrorMarch): the first MIRROR_FIRST samples out, each
 * the last × `growth`, the last of MIRROR_STEPS at MIRROR_REACH metres or the map's size, the lesser.
 */
export function mirrorMarchSteps(ground: MirrorGround): { first: number; growth: number } {
  const first = MIRROR_FIRST * ground.spacing;
  const reach = Math.min(MIRROR_REACH, 2 * Math.max(ground.halfX, ground.halfZ));
  return { first, growth: Math.max(1.05, (reach / first) ** (1 / (MIRROR_STEPS - 1))) };
}

/** The highest sample of `ground` (the marching stops once a ray is above it). */
export function mirrorTop(ground: MirrorGround): number {
  let top = -Infinity;
  for (const h of ground.heights) if (h > top) top = h;
  return top;
}

/**
 * The map's x, z (centred on the origin, as the terrain) to the texture's u, v at its samples' centres:
 * u = x · tx.x + tx.y, v = z · tx.z + tx.w.
 */
export function mirrorTransform(ground: MirrorGround, out = new Vector4()): Vector4 {
  const { halfX, halfZ, spacing, width, depth } = ground;
  return out.set(1 / (spacing * width), (halfX / spacing + 0.5) / width, 1 / (spacing * depth), (halfZ / spacing + 0.5) / depth);
}

/**
 * `ground`'s heights as half floats into `texture` (made when null or of another size: then all of them,
 * else those of `rect`, the whole by default); returns the texture to use.
 */
export function mirrorTexture(
  ground: MirrorGround,
  texture: DataTexture | null,
  rect: MirrorRect = { i0: 0, j0: 0, i1: ground.width, j1: ground.depth },
): DataTexture {
  let target = texture;
  let { i0, j0, i1, j1 } = rect;
  if (!target || target.image.width !== ground.width || target.image.height !== ground.depth) {
    target?.dispose();
    target = new DataTexture(new Uint16Array(ground.width * ground.depth), ground.width, ground.depth, RedFormat, HalfFloatType);
    target.minFilter = LinearFilter;
    target.magFilter = LinearFilter;
    target.generateMipmaps = false;
    target.unpackAlignment = 2;
    [i0, j0, i1, j1] = [0, 0, ground.width, ground.depth];
  }
  const data = target.image.data as Uint16Array;
  for (let j = j0; j < j1; j++) for (let i = i0; i < i1; i++) data[j * ground.width + i] = DataUtils.toHalfFloat(ground.heights[j * ground.width + i]);
  target.needsUpdate = true;
  return target;
}
