/**
 * Built-in prop types. Each shape is a list of low-poly primitives in prop-local metres with the
 * pivot at the base: y = 0 is where the prop meets the ground, +y is the prop's up axis.
 * `center` is the centre of a primitive's bounding box, the way three.js centres its geometries,
 * so a renderer or the GLB exporter can build each primitive and translate it by `center`.
 */

type PrimitiveShape =
  /** Cone along +y: base radius, apex up; `segments` 4 makes a pyramid (roofs). */
  | { kind: 'cone'; radius: number; height: number; segments: number; center: Vec3Tuple; colour: string }
  /** Cylinder along +y. */
  | { kind: 'cylinder'; radiusTop: number; radiusBottom: number; height: number; segments: number; center: Vec3Tuple; colour: string }
  /** Axis-aligned box, rotated about +y by `yaw` radians (0 unless set). */
  | { kind: 'box'; width: number; height: number; depth: number; yaw?: number; center: Vec3Tuple; colour: string }
  /**
   * Icosahedron scaled per axis (rocks, canopies): `radii` are the half-extents of its bounding box,
   * i.e. vertices are placed with poles on ±y so the lowest vertex lies exactly at center.y − radii[1].
   */
  | { kind: 'icosahedron'; radii: Vec3Tuple; center: Vec3Tuple; colour: string };

export type Primitive = PrimitiveShape & {
  /** The part it makes (an exported material's name: 'walls', 'roof'); its kind when not given. */
  part?: string;
};

export type Vec3Tuple = readonly [number, number, number];

export interface PropType {
  /** Stable identifier used in documents and JSON export. */
  id: string;
  label: string;
  /** Radius of the ground contact area, metres (at scale 1). */
  footprintRadius: number;
  /** Default minimum distance to other props when scattering, metres. */
  defaultSpacing: number;
  /** Tilt the prop towards the surface normal (rocks) or keep it upright (trees, buildings). */
  alignToNormal: boolean;
  /** Largest tilt from vertical when aligned, degrees; ignored when alignToNormal is false. */
  maxTiltDeg: number;
  shape: readonly Primitive[];
}

const BARK = '#6b4a2b';

export const PROP_TYPES: readonly PropType[] = [
  {
    id: 'conifer',
    label: 'Conifer',
    footprintRadius: 1.6,
    defaultSpacing: 4,
    alignToNormal: false,
    maxTiltDeg: 0,
    shape: [
      { kind: 'cylinder', radiusTop: 0.18, radiusBottom: 0.25, height: 1.6, segments: 6, center: [0, 0.8, 0], colour: BARK },
      { kind: 'cone', radius: 1.6, height: 3.2, segments: 7, center: [0, 2.8, 0], colour: '#2f5d34' },
      { kind: 'cone', radius: 1.15, height: 2.6, segments: 7, center: [0, 4.6, 0], colour: '#35683a' },
      { kind: 'cone', radius: 0.7, height: 2, segments: 7, center: [0, 6.2, 0], colour: '#3b7341' },
    ],
  },
  {
    id: 'broadleaf',
    label: 'Broadleaf tree',
    footprintRadius: 2.5,
    defaultSpacing: 6,
    alignToNormal: false,
    maxTiltDeg: 0,
    shape: [
      { kind: 'cylinder', radiusTop: 0.22, radiusBottom: 0.35, height: 2.8, segments: 6, center: [0, 1.4, 0], colour: BARK },
      { kind: 'icosahedron', radii: [2.5, 2.1, 2.5], center: [0, 4.6, 0], colour: '#4f8a3a' },
    ],
  },
  {
    id: 'bush',
    label: 'Bush',
    footprintRadius: 0.9,
    defaultSpacing: 1.8,
    alignToNormal: true,
    maxTiltDeg: 15,
    shape: [{ kind: 'icosahedron', radii: [0.9, 0.6, 0.9], center: [0, 0.6, 0], colour: '#5a8f3c' }],
  },
  {
    id: 'rock',
    label: 'Rock',
    footprintRadius: 0.8,
    defaultSpacing: 1.5,
    alignToNormal: true,
    maxTiltDeg: 30,
    // Sunk by a third of its height so that it sits in the ground, not on it, when tilted.
    shape: [{ kind: 'icosahedron', radii: [0.8, 0.5, 0.65], center: [0, 0.33, 0], colour: '#8a8580' }],
  },
  {
    id: 'boulder',
    label: 'Boulder',
    footprintRadius: 2.2,
    defaultSpacing: 5,
    alignToNormal: true,
    maxTiltDeg: 25,
    shape: [{ kind: 'icosahedron', radii: [2.2, 1.6, 1.9], center: [0, 1.1, 0], colour: '#77726c' }],
  },
  {
    id: 'house',
    label: 'House',
    footprintRadius: 5,
    defaultSpacing: 14,
    alignToNormal: false,
    maxTiltDeg: 0,
    shape: [
      // The walls reach 0.5 m below the pivot so that a house on a slope has no gap under its walls.
      { kind: 'box', width: 7, height: 3.5, depth: 6, center: [0, 1.25, 0], colour: '#d8cbb0', part: 'walls' },
      { kind: 'cone', radius: 5.2, height: 2.6, segments: 4, center: [0, 4.3, 0], colour: '#9c3b2e', part: 'roof' },
      { kind: 'box', width: 1, height: 2, depth: 0.1, center: [0, 1, 3.02], colour: '#5b3a22', part: 'door' },
    ],
  },
  {
    id: 'fence-post',
    label: 'Fence post',
    footprintRadius: 0.1,
    defaultSpacing: 2,
    alignToNormal: false,
    maxTiltDeg: 0,
    shape: [{ kind: 'box', width: 0.12, height: 1.4, depth: 0.12, center: [0, 0.6, 0], colour: '#7a5a3a', part: 'wood' }],
  },
  {
    id: 'dead-tree',
    label: 'Dead tree',
    footprintRadius: 0.8,
    defaultSpacing: 4,
    alignToNormal: false,
    maxTiltDeg: 0,
    shape: [
      { kind: 'cylinder', radiusTop: 0.08, radiusBottom: 0.3, height: 4.5, segments: 5, center: [0, 2.25, 0], colour: '#5e5146' },
      { kind: 'cylinder', radiusTop: 0.04, radiusBottom: 0.1, height: 1.6, segments: 4, center: [0.45, 3, 0], colour: '#5e5146' },
    ],
  },
];

const BY_ID = new Map(PROP_TYPES.map((t) => [t.id, t]));

export function findPropType(id: string): PropType | undefined {
  return BY_ID.get(id);
}

export class UnknownPropTypeError extends Error {
  override name = 'UnknownPropTypeError';
}

export function getPropType(id: string): PropType {
  const type = BY_ID.get(id);
  if (!type) {
    throw new UnknownPropTypeError(`unknown prop type "${id}"; known types: ${PROP_TYPES.map((t) => t.id).join(', ')}`);
  }
  return type;
}

/** Largest tilt in radians that snapping may apply to this type (0 for upright types). */
export function maxTiltRadians(type: PropType): number {
  return type.alignToNormal ? (Math.max(0, Math.min(90, type.maxTiltDeg)) * Math.PI) / 180 : 0;
}

/** Lowest and highest y of a primitive in prop-local metres (before any yaw, which keeps y). */
export function primitiveYRange(p: Primitive): { minY: number; maxY: number } {
  const half = p.kind === 'icosahedron' ? p.radii[1] : p.height / 2;
  return { minY: p.center[1] - half, maxY: p.center[1] + half };
}
