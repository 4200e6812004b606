/** The mask rule vocabulary (sources, rules, layers): what masks and the erosion cover rules share. */
export const MASK_SOURCES = [
  'height',
  'slope',
  'curvature',
  'aspect',
  'cavity',
  'flow',
  'deposition',
  'road',
  'shoulder',
  'water',
  'shore',
  'hardness',
] as const;
export type MaskSource = (typeof MASK_SOURCES)[number];

export interface MaskRule {
  source: MaskSource;
  /**
   * Full coverage from min to max (either may be absent: unbounded). For `aspect` both are needed
   * (compass degrees) and min > max wraps through north (e.g. 315..45).
   */
  min?: number;
  max?: number;
  /** Width of the fade outside [min, max], in the source's units (0 or absent: a hard edge). */
  softness?: number;
}

export interface MaskLayer {
  /** Used in file names: letters, digits, '-' and '_'. */
  name: string;
  /** All must hold (their weights multiply); none = everywhere. */
  rules: MaskRule[];
  /**
   * Metres (> 0): the layer's height rules read the height moved by the ragged snow line's shift in a band
   * this wide (shared/ground/snowLine.ts snowHeightShift); absent: the height itself.
   */
  snowBand?: number;
  /**
   * Degrees (> 0): the layer's slope rules read the slope moved by the turf's ragged noise of world x, z
   * (shared/ground/turfEdge.ts turfNoise, −1…1) times this; absent: the slope itself.
   */
  slopeBand?: number;
}
