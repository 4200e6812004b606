/**
 * Climates: the colours of the ground materials and the rock strata a preset's land is painted in.
 * A temperate climate has grass, scree above the tree line and snow above the snow line; a desert
 * has bare ochre ground, sand and gravel in its washes, rock in red and ochre bands, and no snow.
 */
import type { Rgb, RockBands } from '../terrain/rockBands';
import { SEDIMENT_SRGB } from '../erosion/cover';

export const CLIMATES = ['temperate', 'desert'] as const;
export type Climate = (typeof CLIMATES)[number];

export const GROUND_MATERIALS = ['grass', 'dirt', 'gravel', 'rock', 'sand', 'snow', 'road'] as const;
export type GroundMaterial = (typeof GROUND_MATERIALS)[number];

export interface ClimateLook {
  /** Mean colour of each material (sRGB bytes): what its texture averages to, and what a far view shows. */
  readonly srgb: Readonly<Record<GroundMaterial, Rgb>>;
  /** Rock strata by height: rock is painted in these bands where the land has no strata of its own. */
  readonly bands: RockBands;
  /**
   * The colours of a project's own beds (strataBands.ts): its softest beds in `soft`, its hardest (the
   * cliff and ledge formers) in `hard`, others between by hardness.
   */
  readonly bedColours: { readonly soft: Rgb; readonly hard: Rgb };
  /** How much of the base ground's colour is the band colour (0 none, 1 all): desert hardpan shows the beds. */
  readonly groundBanding: number;
  /** Snow above the snow line (never on a desert). */
  readonly snow: boolean;
  /** Scree above the tree line. */
  readonly scree: boolean;
  /** The base material: what covers the ground no other rule claims. */
  readonly base: GroundMaterial;
  /** Slope (degrees) from which the ground is bare earth (full cover; it fades in over the 10° below). */
  readonly dirtSlope: number;
  /** Slope (degrees) from which the ground is rock (full cover; it fades in over the 10° below). */
  readonly rockSlope: number;
  /**
   * Slope (degrees) from which the ground is talus scree at any height (full cover; it fades in over the
   * 10° below), unbanded, until rock takes over; absent: no talus scree.
   */
  readonly talusSlope?: number;
  /**
   * How much of the talus scree's colour (0…1) is the rock's own: the mean colour of the rock beds by
   * their thickness (the project's beds, or the climate's bands). Scree is the cliffs above broken up
   * and mixed as it falls, so it wears their colour, evenly, not striped by the beds it lies across.
   * Absent: none (plain gravel).
   */
  readonly talusRubble?: number;
  /**
   * The slopes (degrees) talus scree rests at, from its angle of repose to the steepest a vertex of an apron is
   * read at: rock takes over from scree within them, and the turf's noise (turfEdge.ts) may move that boundary
   * only inside them. Every slope steeper is the bed's rock whatever the noise, as no scree lies on a face
   * steeper than it rests at; every slope gentler is free of rock. Absent: rock's edge is the turf's (TURF_BAND
   * about the climate's rock fade).
   */
  readonly talusRepose?: { readonly min: number; readonly max: number };
}

const TEMPERATE: ClimateLook = {
  srgb: {
    grass: [74, 96, 46],
    dirt: [112, 96, 70],
    gravel: [112, 106, 96],
    rock: [118, 108, 94],
    sand: SEDIMENT_SRGB,
    snow: [236, 240, 244],
    road: [98, 94, 88],
  },
  bands: {
    beds: [
      { thickness: 9, srgb: [120, 109, 95] },
      { thickness: 5, srgb: [117, 107, 93] },
      { thickness: 12, srgb: [121, 110, 96] },
      { thickness: 4, srgb: [116, 106, 92] },
      { thickness: 7, srgb: [118, 108, 94] },
    ],
    // Weathered stone in grey-browns (a plain grey read as concrete on a cut valley's walls), only just banded:
    // these level beds repeat every 37 m over every rock face of a land without strata of its own, and at ±8
    // levels (a 4 m bed 26 % darker in linear light than the 12 m one under it) they drew dark contour lines
    // across Mountains' faces from afar. At ±2 levels (at most 8 %) the macro variation carries the face.
    blend: 3.5,
  },
  // Shale and limestone: the hard beds paler, within the grey-browns above.
  bedColours: { soft: [108, 98, 86], hard: [134, 122, 104] },
  groundBanding: 0,
  snow: true,
  scree: true,
  base: 'grass',
  // Rooted turf holds soil well past loose soil's angle of repose (30–45°): steep pastures and alpine grass
  // slopes stand at 40–45°, so grass holds to 42° and gives way to bare earth by 52°, and only faces steeper
  // than soil stands are bare rock (from 52°, all rock from 62°). A valley cut into the hills with the brush
  // (walls up to about 53°) reads as grassy land with earth on its steepest stretches, a cliff as rock.
  dirtSlope: 52,
  rockSlope: 62,
};

const DESERT: ClimateLook = {
  srgb: {
    grass: [140, 128, 80],
    dirt: [178, 132, 86],
    gravel: [150, 122, 94],
    rock: [176, 104, 64],
    sand: [200, 166, 116],
    snow: [236, 240, 244],
    road: [110, 100, 90],
  },
  bands: {
    beds: [
      { thickness: 7, srgb: [166, 94, 60] },
      { thickness: 3, srgb: [200, 146, 92] },
      { thickness: 9, srgb: [148, 74, 48] },
      { thickness: 2.5, srgb: [202, 162, 114] },
      { thickness: 6, srgb: [184, 118, 70] },
      { thickness: 4, srgb: [130, 70, 50] },
    ],
    blend: 1,
  },
  // Red shales and siltstones weather back between ochre-buff sandstone caps and ledges (the Colorado Plateau's beds).
  bedColours: { soft: [150, 78, 52], hard: [204, 156, 98] },
  groundBanding: 0.45,
  snow: false,
  scree: false,
  base: 'dirt',
  dirtSlope: 22,
  // Talus aprons at cliff feet stand at scree's angle of repose, 33–37° (Statham 1977; Carson 1977): they
  // are scree, full from 30°; only faces steeper than repose plus a margin are banded rock: rock comes in
  // within 35–43° (talusRepose), and from 43° every face is rock. The rock's ragged edge once reached ±8.9°
  // about a 35–45° fade, so the turf's noise drew scree on spur crests at 40–42° between rock flanks at
  // 45–47° (issue 35 G2: pale rubble triangles zigzagging over Mesas' red shale) and rock on aprons at 31°.
  talusSlope: 30,
  talusRepose: { min: 35, max: 43 },
  // A desert's scree is its cliffs' rock broken up (red-brown rubble under red shale and buff sandstone
  // cliffs), not the washes' grey gravel: two thirds of its colour is the rock's mean.
  talusRubble: 0.65,
  rockSlope: 45,
};

export const CLIMATE_LOOKS: Readonly<Record<Climate, ClimateLook>> = { temperate: TEMPERATE, desert: DESERT };
