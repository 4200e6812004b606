import { HOST_IS_LITTLE_ENDIAN } from '../../shared/codecs/bytes';
import type { Heightfield, HeightRange } from '../../shared/terrain/heightfield';
import type { ViewSettings } from '../../shared/ipc/contract';
import { HYPSOMETRIC_RAMP, RAMP_SIZE } from '../view/colourRamp';
import { applySeaTint } from './seaTint';
import { DEFAULT_NATURAL_LINES, naturalPalette, snowShiftAt, writeNaturalGround, type ErosionCover, type NaturalLines } from '../view/terrainColours';
import { linearToSrgbByte } from '../../shared/export/colourMap';
import { COVER_SLOPE_RULE, SEDIMENT_RULE, SEDIMENT_SRGB, WET_DARKENING, WET_RULE } from '../../shared/erosion/cover';
import { ruleWeight } from '../../shared/export/masks';
import { coverFits, coverOverRect } from '../document/packedCover';
import { normalSlopeDeg, shadingNormalAt } from '../../shared/terrain/shadingNormals';

export type MapMode = ViewSettings['map2dMode'];

/**
 * The hillshade (see shadeOf): the surface's slope, a quarter over one cell each side and three
 * quarters over HILLSHADE_REACH cells, so that landforms read as relief and single fault steps as soft bands
 * rather than scratches; lit from three directions around the north-west (cartographic habit:
 * light from the top left), 45° up, so no ridge goes dark just for facing one way.
 */
export const HILLSHADE_REACH = 4;
/** Lights as (x, y, z) directions towards them and their weights: NW 50 %, W and N 25 % each. */
const LIGHTS = [
  [315, 0.5],
  [270, 0.25],
  [0, 0.25],
].map(([azimuth, weight]) => {
  const a = (azimuth * Math.PI) / 180;
  const h = Math.cos(Math.PI / 4);
  return { x: h * Math.sin(a) * weight, y: Math.sin(Math.PI / 4) * weight, z: -h * Math.cos(a) * weight };
});
/** The weighted lights as one vector (Lambert terms add linearly while every light is above the surface). */
const LX = LIGHTS.reduce((sum, l) => sum + l.x, 0);
const LY = LIGHTS.reduce((sum, l) => sum + l.y, 0);
const LZ = LIGHTS.reduce((sum, l) => sum + l.z, 0);

/** Vertex columns [i0, i1) and rows [j0, j1). */
export interface MapImageRect {
  i0: number;
  j0: number;
  i1: number;
  j1: number;
}

/** The ramp as doubles: the products below then need no integer-to-double conversion per pixel. */
const RAMP = Float64Array.from(HYPSOMETRIC_RAMP);
const TOP = RAMP_SIZE - 1;
const OPAQUE = 0xff000000;

/**
 * Writes RGBA pixels of the heightmap image for rows [rowStart, rowEnd). Image pixel (i, j) is vertex
 * (i, j): row 0 is j = 0 (smallest z) and is drawn at the top. Grayscale is the plain height (black =
 * lowest, white = highest); hypsometric tints are multiplied by a hillshade of the surface.
 */
export function writeMapImageRows(
  field: Heightfield,
  pixels: Uint8ClampedArray,
  mode: MapMode,
  range: HeightRange,
  rowStart = 0,
  rowEnd = field.depth,
  cover: ErosionCover | null = null,
  lines: NaturalLines = DEFAULT_NATURAL_LINES,
  seaLevel: number | null = null,
): void {
  const j0 = Math.max(0, rowStart);
  const j1 = Math.min(field.depth, rowEnd);
  if (j1 <= j0) return;
  writeMapImageRect(field, pixels.subarray(j0 * field.width * 4), mode, range, { i0: 0, j0, i1: field.width, j1 }, cover, lines, seaLevel);
}

/**
 * Writes the pixels of a rectangle of the heightmap image into `pixels`, laid out as an image of the
 * rectangle's size: pixel (i, j) at ((j − j0)·(i1 − i0) + i − i0)·4. Colours are those of the whole
 * image: the hillshade reads the neighbours on the full map, beyond the rectangle too. With `cover`
 * (the document's erosion results), the hypsometric tint shows the erosion cover (applyMapCover);
 * grayscale stays the plain heights. With `seaLevel` (the View's sea plane, when shown) the other modes show the sea.
 */
export function writeMapImageRect(
  field: Heightfield,
  pixels: Uint8ClampedArray,
  mode: MapMode,
  range: HeightRange,
  rect: MapImageRect,
  cover: ErosionCover | null = null,
  lines: NaturalLines = DEFAULT_NATURAL_LINES,
  seaLevel: number | null = null,
): void {
  if (rect.i1 <= rect.i0 || rect.j1 <= rect.j0) return;
  // The cover over this rectangle only (app/document/packedCover.ts): painting never unpacks the whole map's results.
  const rectCover = mode !== 'grayscale' && cover && coverFits(cover, field.width * field.depth) ? coverOverRect(cover, field.width, rect) : null;
  if (mode === 'grayscale') writeGrayscale(field, pixels, range, rect);
  else if (mode === 'natural') writeNatural(field, pixels, rect, rectCover, lines);
  else {
    writeHypsometric(field, pixels, range, rect);
    if (rectCover) applyMapCover(field, pixels, rect, rectCover);
  }
  // The sea plane (View › Water), over the colours of any mode but the plain heights.
  if (seaLevel !== null && mode !== 'grayscale') applySeaTint(field, pixels, rect, seaLevel);
}

/** The cover rules' weights for each byte value (byte / 255, as the 3D views read them). */
const SEDIMENT_BY_BYTE = Float64Array.from({ length: 256 }, (_, b) => ruleWeight(SEDIMENT_RULE, b / 255));
const WET_SHADE_BY_BYTE = Float64Array.from({ length: 256 }, (_, b) => 1 - WET_DARKENING * ruleWeight(WET_RULE, b / 255));
const DEGREES = 180 / Math.PI;

/**
 * The erosion cover over hypsometric pixels, by shared/erosion/cover.ts's rules as the 3D natural
 * colours apply them: towards the sediment colour (lit by the same hillshade) where the droplets
 * deposited, on ground the slope rule allows (slope from the exact mesh's normal), then darker where
 * water ran. Pixels under no cover keep their bytes. `rectCover` is laid out as the pixels (the rectangle's own).
 */
function applyMapCover(field: Heightfield, pixels: Uint8ClampedArray, rect: MapImageRect, rectCover: ErosionCover): void {
  const { width, depth, cellSize, heights } = field;
  const rectWidth = rect.i1 - rect.i0;
  const R = HILLSHADE_REACH;
  for (let j = rect.j0; j < rect.j1; j++) {
    const jm = j > 0 ? j - 1 : j;
    const jp = j < depth - 1 ? j + 1 : j;
    for (let i = rect.i0; i < rect.i1; i++) {
      const r = (j - rect.j0) * rectWidth + i - rect.i0;
      let sediment = SEDIMENT_BY_BYTE[rectCover.deposition[r]];
      const shade = WET_SHADE_BY_BYTE[rectCover.flow[r]];
      if (sediment === 0 && shade === 1) continue;
      const p = r << 2;
      let sr = 0;
      let sg = 0;
      let sb = 0;
      if (sediment > 0) {
        const im = i > 0 ? i - 1 : i;
        const ip = i < width - 1 ? i + 1 : i;
        // The slope of the exact mesh's normal (shared/terrain/mesh.ts writeNormals).
        const nx = (heights[j * width + ip] - heights[j * width + im]) / ((ip - im) * cellSize);
        const nz = (heights[jp * width + i] - heights[jm * width + i]) / ((jp - jm) * cellSize);
        sediment *= ruleWeight(COVER_SLOPE_RULE, Math.atan(Math.sqrt(nx * nx + nz * nz)) * DEGREES);
        // Sediment is lit by the pixel's hillshade, as the tint under it.
        const imR = Math.max(0, i - R);
        const ipR = Math.min(width - 1, i + R);
        const jmR = Math.max(0, j - R);
        const jpR = Math.min(depth - 1, j + R);
        const dhdx = 0.25 * nx + 0.75 * ((heights[j * width + ipR] - heights[j * width + imR]) / ((ipR - imR) * cellSize));
        const dhdz = 0.25 * nz + 0.75 * ((heights[jpR * width + i] - heights[jmR * width + i]) / ((jpR - jmR) * cellSize));
        const lit = shadeOf(dhdx, dhdz);
        sr = SEDIMENT_SRGB[0] * lit;
        sg = SEDIMENT_SRGB[1] * lit;
        sb = SEDIMENT_SRGB[2] * lit;
      }
      pixels[p] = (pixels[p] + (sr - pixels[p]) * sediment) * shade;
      pixels[p + 1] = (pixels[p + 1] + (sg - pixels[p + 1]) * sediment) * shade;
      pixels[p + 2] = (pixels[p + 2] + (sb - pixels[p + 2]) * sediment) * shade;
    }
  }
}

/**
 * The 3D view's natural colours (the ground materials' mean colours by the ground layers,
 * writeNaturalGround, with `lines`' climate and tree and snow lines; slope and the snow line's shade
 * from the 3D view's own vertex normal, shared/terrain/shadingNormals.ts shadingNormalAt, as float32
 * as the mesh holds it), each the mean over its cell (footprints of height and slope), lit by the hillshade.
 */
function writeNatural(field: Heightfield, pixels: Uint8ClampedArray, rect: MapImageRect, rectCover: ErosionCover | null, lines: NaturalLines): void {
  const { width, depth, cellSize, heights } = field;
  const palette = naturalPalette(lines, { erosion: rectCover !== null, road: false });
  const { frame } = palette;
  const centreX = (width - 1) / 2;
  const centreZ = (depth - 1) / 2;
  const rgb = [0, 0, 0];
  const rectWidth = rect.i1 - rect.i0;
  const R = HILLSHADE_REACH;
  // The normals and slopes of the rectangle and a ring of one vertex round it (within the map): each
  // pixel's slope footprint reads its neighbours'.
  const si0 = Math.max(0, rect.i0 - 1);
  const sj0 = Math.max(0, rect.j0 - 1);
  const si1 = Math.min(width, rect.i1 + 1);
  const sj1 = Math.min(depth, rect.j1 + 1);
  const slopeWidth = si1 - si0;
  const normals = new Float32Array(3 * slopeWidth * (sj1 - sj0));
  const slopes = new Float64Array(slopeWidth * (sj1 - sj0));
  for (let j = sj0; j < sj1; j++)
    for (let i = si0; i < si1; i++) {
      const s = (j - sj0) * slopeWidth + i - si0;
      shadingNormalAt(field, i, j, normals, 3 * s);
      slopes[s] = normalSlopeDeg(normals[3 * s + 1]);
    }
  for (let j = rect.j0; j < rect.j1; j++) {
    const jm = j > 0 ? j - 1 : j;
    const jp = j < depth - 1 ? j + 1 : j;
    const jmR = Math.max(0, j - R);
    const jpR = Math.min(depth - 1, j + R);
    for (let i = rect.i0; i < rect.i1; i++) {
      const k = j * width + i;
      const im = i > 0 ? i - 1 : i;
      const ip = i < width - 1 ? i + 1 : i;
      const nx = (heights[j * width + ip] - heights[j * width + im]) / ((ip - im) * cellSize);
      const nz = (heights[jp * width + i] - heights[jm * width + i]) / ((jp - jm) * cellSize);
      const gradient = Math.sqrt(nx * nx + nz * nz);
      const s = (j - sj0) * slopeWidth + i - si0;
      const slopeDeg = slopes[s];
      // The slope's change across one cell (central differences of the neighbours' slopes).
      const dsx = (slopes[s + (ip - i)] - slopes[s - (i - im)]) / (ip - im || 1);
      const dsz = (slopes[s + (jp - j) * slopeWidth] - slopes[s - (j - jm) * slopeWidth]) / (jp - jm || 1);
      // The pixel's footprints: the heights and the slopes one cell spans here. Rock bands, the snow
      // line and the slope rules are averaged over them (shared/ground/footprintFilter.ts), so walls
      // show no moiré and snow and rock edges no stairs.
      const r = (j - rect.j0) * rectWidth + i - rect.i0;
      const flow = rectCover ? rectCover.flow[r] / 255 : 0;
      const deposition = rectCover ? rectCover.deposition[r] / 255 : 0;
      // Dipping beds: the stratigraphic height's gradient is the height's less the beds' dip.
      const bx = nx - frame.gx;
      const bz = nz - frame.gz;
      const x = (i - centreX) * cellSize;
      const z = (j - centreZ) * cellSize;
      const bandFootprint = Math.sqrt(bx * bx + bz * bz) * cellSize;
      const heightFootprint = gradient * cellSize;
      // The ragged snow line as the 3D view moves it, by the vertex normal's horizontal part.
      const snowShift = snowShiftAt(palette, heights[k], x, z, slopeDeg, normals[3 * s], normals[3 * s + 2], heightFootprint);
      const slopeFootprint = Math.sqrt(dsx * dsx + dsz * dsz);
      writeNaturalGround(palette, heights[k], slopeDeg, flow, deposition, rgb, 0, heightFootprint, slopeFootprint, x, z, bandFootprint, snowShift, cellSize);
      const imR = Math.max(0, i - R);
      const ipR = Math.min(width - 1, i + R);
      const dhdx = 0.25 * nx + 0.75 * ((heights[j * width + ipR] - heights[j * width + imR]) / ((ipR - imR) * cellSize));
      const dhdz = 0.25 * nz + 0.75 * ((heights[jpR * width + i] - heights[jmR * width + i]) / ((jpR - jmR) * cellSize));
      const shade = shadeOf(dhdx, dhdz);
      const p = ((j - rect.j0) * rectWidth + i - rect.i0) << 2;
      pixels[p] = linearToSrgbByte(rgb[0]) * shade;
      pixels[p + 1] = linearToSrgbByte(rgb[1]) * shade;
      pixels[p + 2] = linearToSrgbByte(rgb[2]) * shade;
      pixels[p + 3] = 255;
    }
  }
}

/** Grey level of a height: the normalised height, clamped, times 255, rounded (an integer, so exact in any store). */
function writeGrayscale(field: Heightfield, pixels: Uint8ClampedArray, range: HeightRange, rect: MapImageRect): void {
  const { width, heights } = field;
  const { min, max } = range;
  const flat = !(max > min);
  const span = max - min;
  const rectWidth = rect.i1 - rect.i0;
  const words = HOST_IS_LITTLE_ENDIAN && pixels.byteOffset % 4 === 0 ? new Uint32Array(pixels.buffer, pixels.byteOffset, pixels.length >> 2) : null;
  const flatGrey = Math.round(0.5 * 255);
  for (let j = rect.j0; j < rect.j1; j++) {
    let k = j * width + rect.i0;
    const end = k + rectWidth;
    let q = (j - rect.j0) * rectWidth;
    for (; k < end; k++, q++) {
      const g = flat ? flatGrey : Math.round(Math.min(1, Math.max(0, (heights[k] - min) / span)) * 255);
      if (words) {
        words[q] = (OPAQUE | (g << 16) | (g << 8) | g) >>> 0;
      } else {
        const p = q << 2;
        pixels[p] = g;
        pixels[p + 1] = g;
        pixels[p + 2] = g;
        pixels[p + 3] = 255;
      }
    }
  }
}

/**
 * Hypsometric tint times hillshade. The arithmetic is that of normalisedHeight, rampIndex and
 * shadeOf in the same operations and order as the plain formula (app/map2d/testing/mapImageReference.ts),
 * so the bytes are the same; the speed comes from a per-row loop whose interior columns need no
 * clamping at the map border.
 */
function writeHypsometric(field: Heightfield, pixels: Uint8ClampedArray, range: HeightRange, rect: MapImageRect): void {
  const { width, depth, cellSize, heights } = field;
  const { min, max } = range;
  const flat = !(max > min);
  const span = max - min;
  const rectWidth = rect.i1 - rect.i0;
  const R = HILLSHADE_REACH;
  const last = width - 1;
  // Columns whose neighbours R away exist on both sides: no clamping.
  const a0 = Math.max(rect.i0, R);
  const a1 = Math.min(rect.i1, width - R);
  const dx1 = 2 * cellSize;
  const dxR = 2 * R * cellSize;
  for (let j = rect.j0; j < rect.j1; j++) {
    const jm = j > 0 ? j - 1 : j;
    const jp = j < depth - 1 ? j + 1 : j;
    const jmR = Math.max(0, j - R);
    const jpR = Math.min(depth - 1, j + R);
    const row = j * width;
    const z1m = jm * width;
    const z1p = jp * width;
    const zRm = jmR * width;
    const zRp = jpR * width;
    const dz1 = (jp - jm) * cellSize;
    const dzR = (jpR - jmR) * cellSize;
    const base = ((j - rect.j0) * rectWidth - rect.i0) << 2;
    for (let i = rect.i0; i < rect.i1; i++) {
      if (i === a0 && a1 > a0) {
        // The interior run.
        for (; i < a1; i++) {
          const t = flat ? 0.5 : (heights[row + i] - min) / span;
          const dhdx = 0.25 * ((heights[row + i + 1] - heights[row + i - 1]) / dx1) + 0.75 * ((heights[row + i + R] - heights[row + i - R]) / dxR);
          const dhdz = 0.25 * ((heights[z1p + i] - heights[z1m + i]) / dz1) + 0.75 * ((heights[zRp + i] - heights[zRm + i]) / dzR);
          writeShadedPixel(pixels, base + (i << 2), t, dhdx, dhdz);
        }
        i--;
        continue;
      }
      // Near the left or right border: neighbours clamped to the map.
      const im = i > 0 ? i - 1 : i;
      const ip = i < last ? i + 1 : i;
      const imR = Math.max(0, i - R);
      const ipR = Math.min(last, i + R);
      const t = flat ? 0.5 : (heights[row + i] - min) / span;
      const dhdx =
        0.25 * ((heights[row + ip] - heights[row + im]) / ((ip - im) * cellSize)) +
        0.75 * ((heights[row + ipR] - heights[row + imR]) / ((ipR - imR) * cellSize));
      const dhdz = 0.25 * ((heights[z1p + i] - heights[z1m + i]) / dz1) + 0.75 * ((heights[zRp + i] - heights[zRm + i]) / dzR);
      writeShadedPixel(pixels, base + (i << 2), t, dhdx, dhdz);
    }
  }
}

/** Brightness of a surface of slope (dhdx, dhdz) under the hillshade lights: 0.6 facing away … 1.08 facing them. */
export function shadeOf(dhdx: number, dhdz: number): number {
  const inv = 1 / Math.sqrt(dhdx * dhdx + 1 + dhdz * dhdz);
  const lambert = (-dhdx * LX + LY - dhdz * LZ) * inv;
  return 0.6 + 0.48 * Math.max(0, lambert);
}

/** One hypsometric pixel: ramp colour at t, lit by the slope (dhdx, dhdz). Small enough to be inlined. */
function writeShadedPixel(pixels: Uint8ClampedArray, p: number, t: number, dhdx: number, dhdz: number): void {
  const shade = shadeOf(dhdx, dhdz);
  const r = (!(t > 0) ? 0 : t >= 1 ? TOP : Math.round(t * TOP)) * 3;
  pixels[p] = RAMP[r] * shade;
  pixels[p + 1] = RAMP[r + 1] * shade;
  pixels[p + 2] = RAMP[r + 2] * shade;
  pixels[p + 3] = 255;
}
