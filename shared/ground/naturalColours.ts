/**
 * The 3D view's natural colours (ground cover by slope and height, snow, erosion cover) as pure
 * functions of a vertex's slope, height and cover values: what the viewport's vertex colours and the
 * exported colour map (shared/export/colourMap.ts) both paint.
 */
import { DEFAULT_VIEW_SETTINGS, type ViewSettings } from '../ipc/contract';
import { COVER_SLOPE_RULE, SEDIMENT_RULE, SEDIMENT_SRGB, WET_DARKENING, WET_RULE, type ErosionCoverBytes } from '../erosion/cover';
import { ruleWeight } from '../masks/ruleWeight';
import type { HeightRange } from '../terrain/heightfield';
import type { Climate } from './climate';
import type { LayerStack } from '../layers/types';
import { stackStrata } from '../layers/stackStrata';
import type { Strata } from '../terrain/strata';
import { snowShiftInReach } from './snowLine';
import { talusHardness } from './strataBands';
import { groundLayers, groundPalette, writeGroundColour, type GroundData, type GroundInputs, type GroundPalette } from './groundMaterials';
import { linearRamp, NATURAL_SNOW_LINE_T, NATURAL_TABLE, NATURAL_TREE_LINE_T, RAMP_SIZE, SLOPE_BINS, srgbByteToLinear } from '../terrain/colourRamp';

export type ColourMode = ViewSettings['colorMode'];

/**
 * Natural colours follow these heights in metres (View panel), not the map's own range, in this climate;
 * rock is banded by `strata` (the document's own beds, stackStrata) where given, else by the climate's bands.
 */
export type NaturalLines = Pick<ViewSettings, 'treeLine' | 'snowLine'> & { climate?: Climate; strata?: Strata | null };
export const DEFAULT_NATURAL_LINES: NaturalLines = {
  treeLine: DEFAULT_VIEW_SETTINGS.treeLine,
  snowLine: DEFAULT_VIEW_SETTINGS.snowLine,
  climate: DEFAULT_VIEW_SETTINGS.climate,
};

/** The View's lines and climate, with the rock beds of `stack` (a document's layers) when given. */
export function naturalLinesOf(settings: ViewSettings, stack?: LayerStack): NaturalLines {
  const lines: NaturalLines = { treeLine: settings.treeLine, snowLine: settings.snowLine, climate: settings.climate };
  const strata = stack ? stackStrata(stack) : null;
  return strata ? { ...lines, strata } : lines;
}

/** A key equal for equal strata (their JSON: layer params are plain JSON), '' for none. */
export const strataKey = (strata: Strata | null | undefined): string => (strata ? JSON.stringify(strata) : '');

export function sameNaturalLines(a: NaturalLines, b: NaturalLines): boolean {
  return (
    a.treeLine === b.treeLine &&
    a.snowLine === b.snowLine &&
    (a.climate ?? 'temperate') === (b.climate ?? 'temperate') &&
    (a.strata === b.strata || strataKey(a.strata) === strataKey(b.strata))
  );
}

/** The ground layers and their colours for these lines (the last few are kept: a recolour asks per row block). */
export function naturalPalette(lines: NaturalLines, data: GroundData): GroundPalette {
  const climate = lines.climate ?? 'temperate';
  const key = `${climate} ${lines.treeLine} ${lines.snowLine} ${data.erosion} ${data.road} ${strataKey(lines.strata)}`;
  let palette = PALETTES.get(key);
  if (!palette) {
    const talus = talusHardness(lines.strata);
    palette = groundPalette(climate, groundLayers(climate, lines, talus === undefined ? data : { ...data, talusHardness: talus }), lines.strata ?? null);
    if (PALETTES.size > 16) PALETTES.clear();
    PALETTES.set(key, palette);
  }
  return palette;
}
const PALETTES = new Map<string, GroundPalette>();

/**
 * Natural colour (linear RGB into out[offset..]) of a vertex at this height and slope with these cover
 * values (0…1): the ground materials' mean colours weighed by the ground layers
 * (shared/ground/groundMaterials.ts), the rules the engine masks are written by. With a
 * `heightFootprint` (metres of height one pixel spans) and a `slopeFootprint` (degrees of slope), the
 * mean over that pixel's heights and slopes (footprintFilter.ts). `x`, `z` (world metres, the map's
 * centre at 0) place the point among dipping beds, and `bandFootprint` is the stratigraphic height the
 * pixel spans (the height footprint where the beds lie level). `metresPerPixel`: the ground a pixel
 * spans, over which the turf's ragged edge (turfEdge.ts) is smoothed; 0: a point (the vertex colours and
 * the colour map, as the engine masks).
 */
export function writeNaturalGround(
  palette: GroundPalette,
  height: number,
  slopeDeg: number,
  flow: number,
  deposition: number,
  out: Float32Array | number[],
  offset: number,
  heightFootprint = 0,
  slopeFootprint = 0,
  x = 0,
  z = 0,
  bandFootprint = heightFootprint,
  snowShift = 0,
  metresPerPixel = 0,
): void {
  INPUTS.height = height;
  INPUTS.metresPerPixel = metresPerPixel;
  INPUTS.x = x;
  INPUTS.z = z;
  INPUTS.bandFootprint = bandFootprint;
  INPUTS.snowShift = snowShift;
  INPUTS.heightFootprint = heightFootprint;
  INPUTS.slopeFootprint = slopeFootprint;
  INPUTS.slopeDeg = slopeDeg;
  INPUTS.flow = flow;
  INPUTS.deposition = deposition;
  writeGroundColour(palette, INPUTS, out, offset, WEIGHTS);
}
/**
 * The ragged snow line's shift (snowLine.ts snowHeightShift) at world (x, z) for ground of `height`,
 * `slopeDeg` and unit normal's horizontal part (normalX, normalZ); 0 where no shift could change the
 * snow (so most of a map costs no noise). `footprint`: metres of height the pixel's snow edge is averaged over.
 */
export function snowShiftAt(
  palette: GroundPalette,
  height: number,
  x: number,
  z: number,
  slopeDeg: number,
  normalX: number,
  normalZ: number,
  footprint = 0,
): number {
  if (palette.snowBand <= 0) return 0;
  return snowShiftInReach(palette.snowBand, palette.snowRule, height, footprint, x, z, slopeDeg, normalX, normalZ);
}
const INPUTS: GroundInputs = {
  height: 0,
  slopeDeg: 0,
  flow: 0,
  deposition: 0,
  road: 0,
  heightFootprint: 0,
  slopeFootprint: 0,
  x: 0,
  z: 0,
  bandFootprint: 0,
  snowShift: 0,
  metresPerPixel: 0,
};
const WEIGHTS = new Float32Array(16);

/**
 * The metres the natural table's height axis spans, placed so that the tree line and the snow line
 * fall where the table changes cover (NATURAL_TREE_LINE_T, NATURAL_SNOW_LINE_T). A snow line at or
 * below the tree line is treated as one metre above it.
 */
export function naturalAxis(lines: NaturalLines): HeightRange {
  const gap = Math.max(1, lines.snowLine - lines.treeLine);
  const metresPerT = gap / (NATURAL_SNOW_LINE_T - NATURAL_TREE_LINE_T);
  const min = lines.treeLine - NATURAL_TREE_LINE_T * metresPerT;
  return { min, max: min + metresPerT };
}

/** The height range colours are read against: the natural axis in metres, or the map's own range. */
export function colourRange(mode: ColourMode, heights: HeightRange, lines: NaturalLines): HeightRange {
  return mode === 'natural' ? naturalAxis(lines) : heights;
}

/** Erosion results as the cover rules read them: flow and deposition per vertex as bytes, each byte / 255 of its largest. */
export interface ErosionCover {
  flow: Uint8Array;
  deposition: Uint8Array;
}

/** The cover values of a document's erosion results (already the engine masks' bytes: no copy). */
export function erosionCoverOf(masks: ErosionCoverBytes): ErosionCover {
  return { flow: masks.flow, deposition: masks.deposition };
}

const SEDIMENT_LINEAR = SEDIMENT_SRGB.map(srgbByteToLinear);

/**
 * Natural colour `rgb` (linear, changed in place) at a vertex with this slope (degrees) and cover
 * values: mixed towards sediment by the sediment rule (on ground the slope rule allows), then darkened
 * where the wet rule says water ran — shared/erosion/cover.ts's rules, as the engine masks apply them.
 */
export function applyErosionCover(rgb: Float32Array | number[], offset: number, slopeDeg: number, flow: number, deposition: number): void {
  const sediment = ruleWeight(SEDIMENT_RULE, deposition) * ruleWeight(COVER_SLOPE_RULE, slopeDeg);
  const shade = 1 - WET_DARKENING * ruleWeight(WET_RULE, flow);
  for (let c = 0; c < 3; c++) rgb[offset + c] = (rgb[offset + c] + (SEDIMENT_LINEAR[c] - rgb[offset + c]) * sediment) * shade;
}

const NATURAL_LINEAR = linearRamp(NATURAL_TABLE);

const clampUnit = (v: number) => (v > 0 ? Math.min(1, v) : 0);

/**
 * The natural table read between its entries (bilinear in slope and height, linear colours): the
 * nearest entry changed colour in steps a cell or two apart on a steady slope (64 slope bins of
 * 1.4°, height steps of a few metres), a banding at the cells' scale. The LOD shader reads it the same way.
 */
export function writeNaturalColour(out: Float32Array | number[], offset: number, slopeFraction: number, heightT: number): void {
  const s = clampUnit(slopeFraction) * (SLOPE_BINS - 1);
  const s0 = Math.min(Math.floor(s), SLOPE_BINS - 2);
  const fs = s - s0;
  const h = clampUnit(heightT) * (RAMP_SIZE - 1);
  const h0 = Math.min(Math.floor(h), RAMP_SIZE - 2);
  const fh = h - h0;
  const a = (s0 * RAMP_SIZE + h0) * 3;
  const b = a + RAMP_SIZE * 3;
  for (let c = 0; c < 3; c++) {
    const low = NATURAL_LINEAR[a + c] + (NATURAL_LINEAR[a + 3 + c] - NATURAL_LINEAR[a + c]) * fh;
    const high = NATURAL_LINEAR[b + c] + (NATURAL_LINEAR[b + 3 + c] - NATURAL_LINEAR[b + c]) * fh;
    out[offset + c] = low + (high - low) * fs;
  }
}
