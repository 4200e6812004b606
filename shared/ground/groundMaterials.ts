/**
 * Ground materials by rules: one stack of mask layers (shared/masks/maskTypes.ts) says where each
 * material lies — grass or desert ground as the base, scree above the tree line (a desert's on its
 * talus slopes), dirt on banks, rock on steep ground, sand where sediment settled, gravel in the
 * channels, snow above the snow line, gravel on road shoulders and end aprons, road on roads — and
 * both the 3D view (its shader reads these layers as uniforms: groundShader.ts) and the engine export
 * (shared/export/masks.ts defaultMaskSet) weigh them by masks.ts's ruleWeight and stacking. What the view paints is what the engine's splat maps get.
 */
import type { MaskLayer, MaskRule } from '../masks/maskTypes';
import { ruleWeight } from '../masks/ruleWeight';
import { COVER_SLOPE_RULE, SEDIMENT_RULE, WET_DARKENING, WET_RULE } from '../erosion/cover';
import { CLIMATE_LOOKS, type Climate, type GroundMaterial } from './climate';
import { srgbByteToLinear } from '../terrain/colourRamp';
import { bandCycle, type Rgb, type RockBands } from '../terrain/rockBands';
import { SNOW_SLOPE_RULE, snowBand, snowHeightRule } from './snowLine';
import { boxedFallingEdge, boxedRisingEdge, writeBoxedBandColour } from './footprintFilter';
import { bandHeight, HARDNESS_FADE, LEVEL_FRAME, strataFrame, strataRockBands, type BandFrame, type TalusHardness } from './strataBands';
import type { Strata } from '../terrain/strata';
import { TURF_BAND, TURF_EDGE, turfInReach, turfNoise, turfSpreadLost, widenedSoftness } from './turfEdge';

/** A mask layer painted with one material; `banded` (0…1) is how much of its colour comes from the rock bands. */
export interface GroundLayer extends MaskLayer {
  readonly material: GroundMaterial;
  readonly banded: number;
  /** 0…1: how much of its colour is the rock beds' mean colour by thickness (a desert's talus scree); absent 0. */
  readonly rubble?: number;
}

/** Heights (metres) the climate's cover changes at: the View's tree and snow lines. */
export interface GroundLines {
  treeLine: number;
  snowLine: number;
}

/** Which inputs the map has besides its heights. */
export interface GroundData {
  erosion: boolean;
  road: boolean;
  /**
   * A project's beds (strataBands.ts talusHardness): talus lies only on the softer beds (its rule reads the
   * `hardness` of the bed at the point). Absent: talus by slope alone (the climate's own bands).
   */
  talusHardness?: TalusHardness;
}

/** Rock fades in over this many degrees below the climate's rock slope; bare earth on banks over the same below its own. */
const SLOPE_FADE = 10;
/** Gravel in the channels' cores (the wet ground around them is broader: WET_RULE darkens it). */
export const CHANNEL_RULE: MaskRule = { source: 'flow', min: 0.5, softness: 0.3 };
/**
 * Gravel lies in channels up to this slope (their beds, and the fans where a slope eases), fading out over 12°
 * more: steeper, the water carries it on. The wide fade keeps a rough floor's slope, which flickers by several
 * degrees from vertex to vertex, from speckling the gravel's edge (it was full to 30° over 8°).
 */
export const CHANNEL_SLOPE_RULE: MaskRule = { source: 'slope', max: 20, softness: 12 };
export { SNOW_SLOPE_RULE } from './snowLine';
/** The road footprint (1 on the surface): road from half of it. */
export const ROAD_RULE: MaskRule = { source: 'road', min: 0.5, softness: 0.5 };
/**
 * The roads' gravel (1 on shoulders and aprons): gravel by a smoothstep of it, so an apron fades into
 * the ground as softly as its cover does (a rule from half of it, as ROAD_RULE, cut the apron into hard
 * patches where the view's noise breaks its fade up close).
 */
export const SHOULDER_RULE: MaskRule = { source: 'shoulder', min: 1, softness: 1 };

const round = (v: number) => Math.round(v * 100) / 100;

/** The layers, base first (the export's order: each later layer covers those below by its coverage). */
export function groundLayers(climate: Climate, lines: GroundLines, data: GroundData): GroundLayer[] {
  const look = CLIMATE_LOOKS[climate];
  const gap = Math.max(1, lines.snowLine - lines.treeLine);
  const layers: GroundLayer[] = [{ name: look.base === 'grass' ? 'grass' : 'ground', material: look.base, banded: look.groundBanding, rules: [] }];
  // Scree takes over from the tree line, full a quarter of the way below the snow line.
  if (look.scree)
    layers.push({
      name: 'scree',
      material: 'gravel',
      banded: 0,
      rules: [{ source: 'height', min: round(lines.snowLine - 0.25 * gap), softness: round(0.75 * gap) }],
    });
  // Bare earth on banks below the tree line; above it, where scree takes over, steep ground is scree up to the rock slope.
  // The turf gives way along a ragged edge (turfEdge.ts): each point turns over TURF_EDGE degrees about a slope the
  // turf's noise moves by up to TURF_BAND, so on the whole earth comes in over the SLOPE_FADE below the dirt slope.
  const earthSlope: MaskRule = { source: 'slope', min: round(look.dirtSlope - SLOPE_FADE / 2 + TURF_EDGE / 2), softness: TURF_EDGE };
  const belowScree: MaskRule = { source: 'height', max: round(lines.snowLine - gap), softness: round(0.75 * gap) };
  layers.push({
    name: 'dirt',
    material: 'dirt',
    banded: look.groundBanding,
    rules: look.scree ? [earthSlope, belowScree] : [earthSlope],
    slopeBand: TURF_BAND,
  });
  // Talus at cliff feet (a desert's aprons): scree by slope at any height, under the rock of the cliffs above it.
  if (look.talusSlope !== undefined && !look.scree)
    layers.push({
      name: 'scree',
      material: 'gravel',
      banded: 0,
      rubble: look.talusRubble,
      rules: [
        { source: 'slope', min: look.talusSlope, softness: SLOPE_FADE },
        ...(data.talusHardness ? [{ source: 'hardness' as const, ...data.talusHardness }] : []),
      ],
    });
  // Rock takes over from earth (or scree) along the same ragged edge and by the same noise: where the turf and
  // the soil under it are thinnest, earth shows sooner and rock too; on the whole it comes in over the SLOPE_FADE
  // below the rock slope. Its plain edge drew a valley wall's earth with a smooth lower line where the rock began.
  // Over a desert's talus scree the edge stays within the slopes scree rests at (reposeRock): steeper is rock.
  const rock = look.talusRepose
    ? reposeRock(look.talusRepose)
    : { rule: { source: 'slope' as const, min: round(look.rockSlope - SLOPE_FADE / 2 + TURF_EDGE / 2), softness: TURF_EDGE }, band: TURF_BAND };
  layers.push({ name: 'rock', material: 'rock', banded: 1, rules: [rock.rule], slopeBand: rock.band });
  if (data.erosion) {
    layers.push({ name: 'sediment', material: 'sand', banded: 0, rules: [SEDIMENT_RULE, COVER_SLOPE_RULE] });
    layers.push({ name: 'gravel', material: 'gravel', banded: 0, rules: [CHANNEL_RULE, CHANNEL_SLOPE_RULE] });
  }
  if (look.snow)
    layers.push({
      name: 'snow',
      material: 'snow',
      banded: 0,
      rules: [snowHeightRule(lines), SNOW_SLOPE_RULE],
      snowBand: snowBand(lines),
    });
  // The roads' gravel (shoulders and end aprons) under the surface, over every other material.
  if (data.road) {
    layers.push({ name: 'shoulder', material: 'gravel', banded: 0, rules: [SHOULDER_RULE] });
    layers.push({ name: 'road', material: 'road', banded: 0, rules: [ROAD_RULE] });
  }
  return layers;
}

/**
 * Rock over talus scree that rests at `repose` (climate.ts talusRepose): the ragged edge's band is what the
 * repose slopes leave beside its own TURF_EDGE, so with the noise anywhere in −1…1 the rule is 0 at repose.min
 * and below and 1 at repose.max and above. Scree never shows on a face steeper than it rests at; the noise only
 * moves where, between, the rock begins.
 */
export function reposeRock(repose: { readonly min: number; readonly max: number }): { rule: MaskRule; band: number } {
  const band = Math.max(0, (repose.max - repose.min - TURF_EDGE) / 2);
  return { rule: { source: 'slope', min: round(repose.max - band), softness: TURF_EDGE }, band };
}

/** What the rules read at one point. */
export interface GroundInputs {
  height: number;
  slopeDeg: number;
  /** 0…1 (cover bytes / 255); 0 without erosion results. */
  flow: number;
  deposition: number;
  /** 0…1 road footprint; 0 without roads. */
  road: number;
  /** 0…1 the roads' gravel (shoulders and end aprons); 0 or absent without roads. */
  shoulder?: number;
  /** The hardness of the project's bed at the point (strata.ts hardnessMap); 0 or absent without strata. */
  hardness?: number;
  /**
   * Metres of height the pixel spans (|∇h| × its size; footprintFilter.ts): the height rules and the
   * rock bands are averaged over it. 0 or absent: read at the point (the 3D view's fragments).
   */
  heightFootprint?: number;
  /** Degrees of slope the pixel spans: the slope rules are averaged over it. 0 or absent: at the point. */
  slopeFootprint?: number;
  /** World x and z (metres, the map's centre at 0): where dipping beds are read. 0 when absent. */
  x?: number;
  z?: number;
  /**
   * Metres of stratigraphic height the pixel spans (|∇h − dip| × its size): the bands are averaged over
   * it. Absent: heightFootprint (level beds).
   */
  bandFootprint?: number;
  /** Metres a ragged snow layer's height rules read above the height (snowLine.ts snowHeightShift); 0 or absent: none. */
  snowShift?: number;
  /**
   * Metres of ground a pixel spans: the turf's octaves finer than a few pixels fade out and a ragged
   * layer's slope edge widens by what they held (turfEdge.ts). 0 or absent: a point, every octave.
   */
  metresPerPixel?: number;
}

function inputOf(rule: MaskRule, inputs: GroundInputs): number {
  switch (rule.source) {
    case 'height':
      return inputs.height;
    case 'slope':
      return inputs.slopeDeg;
    case 'flow':
      return inputs.flow;
    case 'deposition':
      return inputs.deposition;
    case 'road':
      return inputs.road;
    case 'shoulder':
      return inputs.shoulder ?? 0;
    case 'hardness':
      return inputs.hardness ?? 0;
    default:
      throw new Error(`ground layers read height, slope, flow, deposition, road, shoulder and hardness, not ${rule.source}`);
  }
}

/**
 * The slope a ragged layer's slope rule reads at the inputs' point (turfEdge.ts): the slope moved by the
 * turf's noise times the layer's band where that can change the rule's weight, else the slope itself.
 */
export function turfSlope(band: number, rule: MaskRule, slopeDeg: number, x: number, z: number): number {
  return turfInReach(band, rule, slopeDeg) ? slopeDeg + band * turfNoise(x, z) : slopeDeg;
}

/**
 * The stacked weights of the layers at one point (sum 1), as masks.ts's layerWeights stacks them (a
 * ragged layer's slope rules at the point's x, z: turfSlope).
 */
export function groundWeights(layers: readonly MaskLayer[], inputs: GroundInputs, out: Float32Array | number[]): void {
  let left = 1;
  for (let l = layers.length - 1; l >= 0; l--) {
    let coverage = 1;
    const shift = layers[l].snowBand ? (inputs.snowShift ?? 0) : 0;
    const band = layers[l].slopeBand ?? 0;
    const read = (rule: MaskRule) =>
      rule.source === 'height'
        ? inputs.height + shift
        : rule.source === 'slope' && band > 0
          ? turfSlope(band, rule, inputs.slopeDeg, inputs.x ?? 0, inputs.z ?? 0)
          : inputOf(rule, inputs);
    if (l > 0) for (const rule of layers[l].rules) coverage *= ruleWeight(rule, read(rule));
    out[l] = left * coverage;
    left -= out[l];
  }
}

/** The layers' linear colours, the band colours and the wet darkening: what the view and the colour map paint with. */
export interface GroundPalette {
  readonly layers: readonly GroundLayer[];
  /** Linear RGB of each layer's material. */
  readonly colours: readonly Rgb[];
  /**
   * How much of each layer's colour comes from the rock bands as painted: the layer's own `banded`,
   * except the base layer (flat ground no other rule claims) takes none where the bands are the
   * project's own beds. Those beds lie where the erosion found them, and flat ground on them is the
   * floors' alluvium and the tops' soil, not the bed's rock: Canyons' floors in the purple-grey
   * mudstone read mauve through the desert ground at the climate's 45 %. The climate's own bands (no
   * strata) still tint a desert's hardpan.
   */
  readonly banded: readonly number[];
  readonly climate: Climate;
  readonly linearBeds: readonly Rgb[];
  readonly bands: RockBands;
  /** Where the bands are read (strataBands.ts bandHeight): the project's strata's base and dip, or level from 0 m. */
  readonly frame: BandFrame;
  /** The beds' repeat, metres. */
  readonly cycle: number;
  /** Each band's bed's hardness (the project's strata's), or null for the climate's own bands (no hardness). */
  readonly bedHardness: readonly number[] | null;
  /** The layers' rules as numbers (packRules), read per vertex without the rule objects. */
  readonly packed: Float64Array;
  /** The ragged snow layer's band, metres (0: none), and its height rule (snowLine.ts snowShiftInReach). */
  readonly snowBand: number;
  readonly snowRule: MaskRule;
  /** 1 for each layer of gravel (channels, scree, road shoulders), else 0: the share the wet darkening leaves (wetShade). */
  readonly gravel: readonly number[];
}

const RULE_SOURCES: Partial<Record<MaskRule['source'], number>> = { height: 0, slope: 1, flow: 2, deposition: 3, road: 4, shoulder: 5, hardness: 6 };
/** Numbers per packed rule: source (−1: none), min, max, softness, has min, has max. */
const PACKED = 6;
const PACKED_RULES = 2;

/**
 * Each layer's (at most two) rules as numbers, in the layout weighPacked reads. A rule of another
 * source (the ground layers use height, slope, flow, deposition, road and shoulder only) is refused.
 */
function packRules(layers: readonly MaskLayer[]): Float64Array {
  const out = new Float64Array(layers.length * PACKED_RULES * PACKED);
  layers.forEach((layer, l) => {
    if (layer.rules.length > PACKED_RULES) throw new Error(`ground layer ${layer.name} has more than ${PACKED_RULES} rules`);
    for (let r = 0; r < PACKED_RULES; r++) {
      const o = (l * PACKED_RULES + r) * PACKED;
      const rule = layer.rules[r];
      if (!rule) {
        out[o] = -1;
        continue;
      }
      const source = RULE_SOURCES[rule.source];
      if (source === undefined) throw new Error(`ground layers read height, slope, flow, deposition, road, shoulder and hardness, not ${rule.source}`);
      out.set([source, rule.min ?? 0, rule.max ?? 0, rule.softness ?? 0, rule.min === undefined ? 0 : 1, rule.max === undefined ? 0 : 1], o);
    }
  });
  return out;
}

/** ruleWeight of packed rule `o` for value v (the same smoothstep band); averaged over `footprint` around v when > 0. */
function packedWeight(packed: Float64Array, o: number, v: number, footprint = 0): number {
  const soft = packed[o + 3];
  if (footprint > 0) {
    const rising = packed[o + 4] === 1 ? boxedRisingEdge(packed[o + 1], soft, v, footprint) : 1;
    return packed[o + 5] === 1 && rising > 0 ? rising * boxedFallingEdge(packed[o + 2], soft, v, footprint) : rising;
  }
  let w = 1;
  if (packed[o + 4] === 1) {
    const min = packed[o + 1];
    if (soft > 0) {
      const t = Math.min(1, Math.max(0, (v - (min - soft)) / soft));
      w = t * t * (3 - 2 * t);
    } else w = v >= min ? 1 : 0;
  }
  if (packed[o + 5] === 1 && w > 0) {
    const max = packed[o + 2];
    if (soft > 0) {
      const t = Math.min(1, Math.max(0, (v - max) / soft));
      w *= 1 - t * t * (3 - 2 * t);
    } else w *= v <= max ? 1 : 0;
  }
  return w;
}

/** turfSpreadLost of the last metres a pixel asked (a map's pixels mostly share one). */
let lostFor = 0;
let lostSpread = 0;

/**
 * A ragged layer's packed slope rule `o` at the inputs' point (turfEdge.ts): read at the slope moved by
 * the turf's noise (its octaves finer than a few of the inputs' pixels faded), its edge widened by the
 * spread they held about the same centre, and averaged over `footprint` degrees when > 0.
 */
function raggedSlopeWeight(packed: Float64Array, o: number, band: number, inputs: GroundInputs, footprint: number): number {
  const mpp = inputs.metresPerPixel ?? 0;
  if (mpp !== lostFor) {
    lostFor = mpp;
    lostSpread = turfSpreadLost(mpp);
  }
  const soft = packed[o + 3];
  const wide = mpp > 0 ? widenedSoftness(soft, band * lostSpread) : soft;
  const grow = 0.5 * (wide - soft);
  const hasMin = packed[o + 4] === 1;
  const hasMax = packed[o + 5] === 1;
  const min = packed[o + 1] + grow;
  const max = packed[o + 2] - grow;
  const slope = inputs.slopeDeg;
  const reach = band + 0.5 * footprint;
  const inReach = (hasMin && slope + reach >= min - wide && slope - reach <= min) || (hasMax && slope + reach >= max && slope - reach <= max + wide);
  const v = inReach ? slope + band * turfNoise(inputs.x ?? 0, inputs.z ?? 0, mpp) : slope;
  if (footprint > 0) {
    const rising = hasMin ? boxedRisingEdge(min, wide, v, footprint) : 1;
    return hasMax && rising > 0 ? rising * boxedFallingEdge(max, wide, v, footprint) : rising;
  }
  return (hasMin ? ruleWeight({ source: 'slope', min, softness: wide }, v) : 1) * (hasMax ? ruleWeight({ source: 'slope', max, softness: wide }, v) : 1);
}

const linear = (srgb: Rgb): Rgb => [srgbByteToLinear(srgb[0]), srgbByteToLinear(srgb[1]), srgbByteToLinear(srgb[2])];

/** The beds' mean linear colour, each by its thickness: what the column's rock, broken up and mixed, looks like. */
function rockMean(bands: RockBands, linearBeds: readonly Rgb[]): Rgb {
  let total = 0;
  const sum = [0, 0, 0];
  bands.beds.forEach((bed, b) => {
    total += bed.thickness;
    for (let n = 0; n < 3; n++) sum[n] += bed.thickness * linearBeds[b][n];
  });
  return total > 0 ? [sum[0] / total, sum[1] / total, sum[2] / total] : [0, 0, 0];
}

/**
 * The palette of a climate's layers. With `strata` (the project's rock beds, shared/layers/stackStrata.ts)
 * rock is banded by those beds where they lie (strataBands.ts); without, by the climate's own bands.
 */
export function groundPalette(climate: Climate, layers: readonly GroundLayer[], strata: Strata | null = null): GroundPalette {
  const look = CLIMATE_LOOKS[climate];
  const own = strata ? strataRockBands(strata, look) : null;
  const bands = own ?? look.bands;
  const snowLayer = layers.find((layer) => layer.snowBand);
  const linearBeds = bands.beds.map((bed) => linear(bed.srgb));
  const rock = rockMean(bands, linearBeds);
  return {
    layers,
    climate,
    colours: layers.map((layer) => {
      const own = linear(look.srgb[layer.material]);
      const mix = layer.rubble ?? 0;
      return mix > 0 ? ([own[0] + (rock[0] - own[0]) * mix, own[1] + (rock[1] - own[1]) * mix, own[2] + (rock[2] - own[2]) * mix] as const) : own;
    }),
    banded: layers.map((layer, l) => (own && l === 0 ? 0 : layer.banded)),
    linearBeds,
    bands,
    frame: own && strata ? strataFrame(strata) : LEVEL_FRAME,
    cycle: bandCycle(bands),
    bedHardness: own && strata ? strata.beds.map((bed) => bed.hardness) : null,
    packed: packRules(layers),
    snowBand: snowLayer?.snowBand ?? 0,
    snowRule: snowLayer?.rules.find((rule) => rule.source === 'height') ?? { source: 'height' },
    gravel: layers.map((layer) => (layer.material === 'gravel' ? 1 : 0)),
  };
}

/**
 * The wet ground's shade (its colour × this) where the droplets' water ran (`flow`, 0…1: shared/erosion/cover.ts
 * WET_RULE, up to WET_DARKENING), on ground of which `gravel` (0…1) is gravel: the gravel's share is not darkened.
 * Gravel drains at once and dries pale grey-brown; it is dark only under water or at its edge. The droplets'
 * channels hold no standing water, and a gravel bed darkened whole by their flow read as a band of dark mud. So the
 * darkening stays on the ground round the bed (its edge, where the gravel fades into earth or grass and the wet rule is
 * already full) and, in the 3D view, the water layer's margin (app/water/wetGround.ts) darkens everything beside real
 * water, gravel too: the water's edge.
 */
export function wetShade(flow: number, gravel: number): number {
  return 1 - WET_DARKENING * ruleWeight(WET_RULE, flow) * (1 - Math.min(1, Math.max(0, gravel)));
}

/**
 * The ground's mean colour at one point (linear RGB into out[offset..]): each layer's material colour
 * (mixed with the rock band at that height by how banded it is) by its weight, darkened where water
 * ran (wetShade: the gravel's share left pale). The 3D view's materials average to this far away.
 */
export function writeGroundColour(palette: GroundPalette, inputs: GroundInputs, out: Float32Array | number[], offset: number, scratch: Float32Array): void {
  const { layers, colours, packed } = palette;
  const footprint = inputs.heightFootprint ?? 0;
  const slopeFootprint = inputs.slopeFootprint ?? 0;
  // groundWeights on the packed rules (the same stacking; this runs per vertex of whole maps).
  let left = 1;
  for (let l = layers.length - 1; l >= 0; l--) {
    let coverage = 1;
    const height = layers[l].snowBand ? inputs.height + (inputs.snowShift ?? 0) : inputs.height;
    const band = layers[l].slopeBand ?? 0;
    for (let r = 0; l > 0 && r < PACKED_RULES && coverage > 0; r++) {
      const o = (l * PACKED_RULES + r) * PACKED;
      const source = packed[o];
      if (source < 0) continue;
      if (source === 1 && band > 0) {
        coverage *= raggedSlopeWeight(packed, o, band, inputs, slopeFootprint);
        continue;
      }
      const v =
        source === 0
          ? height
          : source === 1
            ? inputs.slopeDeg
            : source === 2
              ? inputs.flow
              : source === 3
                ? inputs.deposition
                : source === 4
                  ? inputs.road
                  : source === 5
                    ? (inputs.shoulder ?? 0)
                    : bandHardness(palette, bandHeight(palette.frame, inputs.x ?? 0, inputs.z ?? 0, inputs.height));
      coverage *= packedWeight(packed, o, v, source === 0 ? footprint : source === 1 ? slopeFootprint : 0);
    }
    scratch[l] = left * coverage;
    left -= scratch[l];
  }
  const band = BAND_SCRATCH;
  let banded = false;
  let r = 0;
  let g = 0;
  let b = 0;
  let gravel = 0;
  for (let l = 0; l < layers.length; l++) {
    const w = scratch[l];
    if (w === 0) continue;
    gravel += w * palette.gravel[l];
    const c = colours[l];
    const mix = palette.banded[l];
    if (mix > 0 && !banded) {
      const at = bandHeight(palette.frame, inputs.x ?? 0, inputs.z ?? 0, inputs.height);
      writeBoxedBandColour(palette.bands, palette.linearBeds, at, inputs.bandFootprint ?? footprint, band, 0, palette.cycle);
      banded = true;
    }
    r += w * (c[0] + (band[0] - c[0]) * mix);
    g += w * (c[1] + (band[1] - c[1]) * mix);
    b += w * (c[2] + (band[2] - c[2]) * mix);
  }
  const shade = wetShade(inputs.flow, gravel);
  out[offset] = r * shade;
  out[offset + 1] = g * shade;
  out[offset + 2] = b * shade;
}
const BAND_SCRATCH = new Float32Array(3);

/**
 * The hardness a talus rule reads at band height `at`: the bed's own (strata.ts bedAtElevation on the bands'
 * repeat, as the engine's hardness mask has it per vertex), except over the bed's lowest HARDNESS_FADE metres
 * (at most half of it), where it comes in from the hardness of the bed below by a smoothstep; 0 on the
 * climate's own bands.
 */
export function bandHardness(palette: GroundPalette, at: number): number {
  const hardness = palette.bedHardness;
  if (!hardness) return 0;
  const { beds } = palette.bands;
  const y = at - Math.floor(at / palette.cycle) * palette.cycle;
  let bottom = 0;
  let bed = beds.length - 1;
  for (let b = 0; b < beds.length - 1; b++) {
    if (y < bottom + beds[b].thickness) {
      bed = b;
      break;
    }
    bottom += beds[b].thickness;
  }
  const fade = Math.min(HARDNESS_FADE, 0.5 * beds[bed].thickness);
  const t = Math.min(1, Math.max(0, (y - bottom) / fade));
  const below = hardness[bed === 0 ? beds.length - 1 : bed - 1];
  return below + (hardness[bed] - below) * t * t * (3 - 2 * t);
}
