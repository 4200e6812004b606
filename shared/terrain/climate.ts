/**
 * Climates: the colours of the ground materials and the rock strata a preset's land is painted in.
 * A temperate climate has grass, scree above the tree line and snow above the snow line; a desert
 * has bare ochre ground, sand and gravel in its washes, rock in red and ochre bands, and no snow.
 */
import type { Rgb, RockBands } from './rockBands';

export const CLIMATES = ['temperate', 'desert'] as const;
export type Climate = (typeof CLIMATES)[number];

export const GROUND_MATERIALS = ['grass', 'dirt', 'gravel', 'rock', 'sand', 'snow', 'road'] as const;
export type GroundMaterial = (typeof GROUND_MATERIALS)[number];

export interface ClimateLook {
  /** Mean colour of each material (sRGB bytes): what its texture averages to, and what a far view shows. */
  readonly srgb: Readonly<Record<GroundMaterial, Rgb>>;
  /** Rock strata by height: rock is painted in these bands. */
  readonly bands: RockBands;
  /** How much of the base ground's colour is the band colour (0 none, 1 all): desert hardpan shows the beds. */
  readonly groundBanding: number;
  /** Snow above the snow line (never on a desert). */
  readonly snow: boolean;
  /** Scree above the tree line. */
  readonly scree: boolean;
  /** The base material: what covers the ground no other rule claims. */
  readonly base: GroundMaterial;
  /** Slope (degrees) from which the ground is rock (full cover; it fades in over the 10° below). */
  readonly rockSlope: number;
}

const TEMPERATE: ClimateLook = {
  srgb: {
    grass: [84, 106, 50],
    dirt: [112, 96, 70],
    gravel: [126, 120, 110],
    rock: [118, 112, 104],
    sand: [152, 136, 100],
    snow: [236, 240, 244],
    road: [98, 94, 88],
  },
  bands: {
    beds: [
      { thickness: 6, srgb: [122, 115, 106] },
      { thickness: 2.5, srgb: [100, 96, 90] },
      { thickness: 8, srgb: [132, 124, 112] },
      { thickness: 2, srgb: [94, 90, 86] },
      { thickness: 5, srgb: [114, 108, 98] },
    ],
    blend: 1.5,
  },
  groundBanding: 0,
  snow: true,
  scree: true,
  base: 'grass',
  rockSlope: 40,
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
      { thickness: 7, srgb: [172, 92, 56] },
      { thickness: 3, srgb: [200, 146, 92] },
      { thickness: 9, srgb: [148, 74, 48] },
      { thickness: 2.5, srgb: [214, 176, 126] },
      { thickness: 6, srgb: [184, 118, 70] },
      { thickness: 4, srgb: [130, 70, 50] },
    ],
    blend: 1,
  },
  groundBanding: 0.45,
  snow: false,
  scree: false,
  base: 'dirt',
  rockSlope: 34,
};

export const CLIMATE_LOOKS: Readonly<Record<Climate, ClimateLook>> = { temperate: TEMPERATE, desert: DESERT };
