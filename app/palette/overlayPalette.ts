/**
 * One palette for every overlay in both views (tools, roads, the road report, drive marks, props):
 * the same thing has the same colour in 3D and 2D, in every tool. Lines and marks in the 2D panel are
 * drawn over an opaque dark casing (OVERLAY_CASING) a few pixels wider, so they stay legible on
 * grass, rock, sand and snow alike (overlayPalette.test.ts checks WCAG 2 contrast ratios on each).
 */

/** What the user acts on: the selected road's centreline, the brush ring, the fault line, selected props. */
export const OVERLAY_ACTIVE = '#ffe066';
/** The same things when not selected (other roads' centrelines). */
export const OVERLAY_INACTIVE = '#c9b458';
/** A control point. */
export const OVERLAY_HANDLE = '#ffffff';
/** The selected control point, a point being placed, the car's marker. */
export const OVERLAY_HANDLE_ACTIVE = '#ff5a36';
/** The casing under lines and marks, and the outline of handles. */
export const OVERLAY_CASING = '#141418';
/** Extra width of a casing beyond its line, CSS pixels (one each side). */
export const CASING_EXTRA_PX = 2;

/** The road report's segment colours: within the limits, near one, past one. */
export const REPORT_STATUS_COLOURS = { ok: '#56d070', near: '#ffab1f', flagged: '#ff4438' } as const;

/** The physics drive's marks: where the car left the ground, where it bottomed out. */
export const DRIVE_MARK_COLOURS = { airborne: '#2f86e0', bottomed: '#ffb020' } as const;

/**
 * The drivability overlay's tint on ground too steep for the car to climb, and its opacity (both views and the
 * LOD surface's shader). Kept as it was drawn in 3D before it joined the palette: linear (1, 0.08, 0.05).
 */
export const DRIVABILITY_TINT = '#ff503f';
export const DRIVABILITY_TINT_OPACITY = 0.6;

/** A road's dress when drawn as a road (both views): asphalt or a gravel surface, gravel shoulders, edge and centre lines. */
export const ROAD_DRESS_COLOURS = { asphalt: '#3c3d42', gravel: '#9d8d70', shoulder: '#8f8570', edge: '#e8e8e2', centre: '#e0b232' } as const;

/**
 * A road's painted lines, metres (both views): the white edge lines' width and their middle's inset from
 * the surface's edge, the centre line's width. Each view draws them box-filtered over its pixel (a line
 * thinner than a pixel at its share of it), so far off they fade into the surface instead of washing out
 * the shoulders' gravel beside them.
 */
export const ROAD_LINE_METRES = { edgeWidth: 0.15, edgeInset: 0.35, centreWidth: 0.15 } as const;

/** A bridge's deck slab and railings (concrete) in the 3D view. */
export const BRIDGE_COLOUR = '#a9a69e';

/** Label boxes drawn over the map (the 2D panel's layer name, the mask preview's legend). */
export const OVERLAY_LABEL_BACKGROUND = 'rgba(20, 24, 31, 0.85)';
export const OVERLAY_LABEL_TEXT = '#e8ecf2';

/**
 * Grounds an overlay must read on, sRGB: the view's typical grass, dry grass, bare earth, rock, sand
 * and snow (the ground materials' base colours are near these).
 */
export const GROUND_SAMPLES: Readonly<Record<string, string>> = {
  grass: '#4f6b32',
  dryGrass: '#8c8a4e',
  earth: '#7a6248',
  rock: '#7d776f',
  sand: '#c8b68a',
  snow: '#f2f4f7',
};

/** The linear RGB (0…1, IEC 61966-2-1 transfer) of an sRGB colour '#rrggbb'. */
export function linearRgb(hex: string): [number, number, number] {
  const channel = (k: number): number => {
    const c = parseInt(hex.slice(1 + 2 * k, 3 + 2 * k), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return [channel(0), channel(1), channel(2)];
}

/** WCAG 2 relative luminance of an sRGB colour '#rrggbb'. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = linearRgb(hex);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two sRGB colours, 1…21. */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}
