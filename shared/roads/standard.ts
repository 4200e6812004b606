/**
 * The road design standard: AASHTO, *A Policy on Geometric Design of Highways and Streets* ("Green
 * Book"), 6th edition 2011, metric values. One source for the report, the automatic bank, the road
 * panel, the CLI and the router:
 * - side friction f_max by design speed (table 3-7), superelevation e_max 4/6/8/10 %, and the minimum
 *   radius R_min = V² / (127 (e + f_max)) (eq. 3-10; table 3-7's rounded radii);
 * - stopping sight distance SSD = 0.278 V t + 0.039 V² / a, t = 2.5 s, a = 3.4 m/s² (eq. 3-2; table
 *   3-1's design values are the computed distance rounded up to the next 5 m);
 * - the rate of vertical curvature K (metres of curve per percent of grade change) a crest needs to
 *   see that distance over it, K = S² / 658 (eq. 3-44: eye 1.08 m, object 0.60 m, the case S < L —
 *   the sight line lies within the curve, which is the case table 3-34 is built on), and a sag needs
 *   for headlights, K = S² / (120 + 3.5 S) (eq. 3-48, S < L; table 3-36);
 * - the maximum grade by road class, terrain and design speed (tables 5-2, 6-2 and 7-2: rural local
 *   roads, collectors and arterials).
 * V is in km/h throughout.
 */

/** Table 3-7, metric: design speed (km/h) and side friction factor f_max. */
export const SIDE_FRICTION_TABLE: readonly (readonly [speedKmh: number, fMax: number])[] = [
  [15, 0.4],
  [20, 0.35],
  [30, 0.28],
  [40, 0.23],
  [50, 0.19],
  [60, 0.17],
  [70, 0.15],
  [80, 0.14],
  [90, 0.13],
  [100, 0.12],
  [110, 0.11],
  [120, 0.09],
  [130, 0.08],
];

/** The maximum superelevation rates a road may be designed for, percent. */
export const E_MAX_CHOICES = [4, 6, 8, 10] as const;
export type EMaxPct = (typeof E_MAX_CHOICES)[number];
export const DEFAULT_E_MAX: EMaxPct = 8;

/** Brake reaction time (s) and deceleration (m/s²) of the stopping sight distance. */
export const BRAKE_REACTION_S = 2.5;
export const DECELERATION = 3.4;

/** Linear in the table between its speeds; its first or last value beyond them. */
function interpolate(table: readonly (readonly [number, number])[], x: number): number {
  if (x <= table[0][0]) return table[0][1];
  for (let n = 1; n < table.length; n++) {
    const [x1, y1] = table[n];
    if (x <= x1) {
      const [x0, y0] = table[n - 1];
      return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
    }
  }
  return table[table.length - 1][1];
}

/** f_max for a design speed (table 3-7; between its speeds linearly). */
export function sideFriction(designSpeedKmh: number): number {
  return interpolate(SIDE_FRICTION_TABLE, designSpeedKmh);
}

/** Minimum radius (m) for a design speed and a superelevation e (percent): V² / (127 (e/100 + f_max)). */
export function minimumRadius(designSpeedKmh: number, ePct: number): number {
  return (designSpeedKmh * designSpeedKmh) / (127 * (Math.max(0, ePct) / 100 + sideFriction(designSpeedKmh)));
}

/** Stopping sight distance as computed (m): brake reaction plus braking on the level. */
export function stoppingSightDistance(designSpeedKmh: number): number {
  const v = designSpeedKmh;
  return 0.278 * v * BRAKE_REACTION_S + (0.039 * v * v) / DECELERATION;
}

/** The design stopping sight distance (m): the computed distance rounded up to the next 5 m, as table 3-1. */
export function designStoppingSightDistance(designSpeedKmh: number): number {
  return Math.ceil(stoppingSightDistance(designSpeedKmh) / 5 - 1e-9) * 5;
}

/** K (m per % of grade change) a crest needs to see `sightDistance` metres over it (S < L). */
export function crestK(sightDistance: number): number {
  return (sightDistance * sightDistance) / 658;
}

/** K (m per %) a sag needs for the headlights to light `sightDistance` metres (S < L). */
export function sagK(sightDistance: number): number {
  return (sightDistance * sightDistance) / (120 + 3.5 * sightDistance);
}

/** K of a vertical curvature (1/m, the second derivative of the height): L / A = 1 / (100 |c|); Infinity when straight. */
export function kOfCurvature(curvature: number): number {
  return curvature === 0 ? Infinity : 1 / (100 * Math.abs(curvature));
}

/** What the report checks a road against at its design speed. */
export interface DesignLimits {
  designSpeedKmh: number;
  eMaxPct: number;
  fMax: number;
  /** R_min at e_max, and with no superelevation (a flat road), metres. */
  minRadius: number;
  minRadiusFlat: number;
  /** Design stopping sight distance, metres. */
  sightDistance: number;
  /** The K a crest and a sag need, m per %. */
  crestK: number;
  sagK: number;
}

export function designLimits(designSpeedKmh: number, eMaxPct: number = DEFAULT_E_MAX): DesignLimits {
  const sight = designStoppingSightDistance(designSpeedKmh);
  return {
    designSpeedKmh,
    eMaxPct,
    fMax: sideFriction(designSpeedKmh),
    minRadius: minimumRadius(designSpeedKmh, eMaxPct),
    minRadiusFlat: minimumRadius(designSpeedKmh, 0),
    sightDistance: sight,
    crestK: crestK(sight),
    sagK: sagK(sight),
  };
}

export const ROAD_CLASSES = ['local', 'collector', 'arterial'] as const;
export type RoadClassKind = (typeof ROAD_CLASSES)[number];
export const ROAD_TERRAINS = ['level', 'rolling', 'mountainous'] as const;
export type RoadTerrain = (typeof ROAD_TERRAINS)[number];

/** A road's functional class and the terrain it crosses (rural), which set its default maximum grade. */
export interface RoadClass {
  kind: RoadClassKind;
  terrain: RoadTerrain;
}

type GradeTable = { speeds: readonly number[] } & Record<RoadTerrain, readonly (number | null)[]>;

/**
 * Maximum grades (%) by design speed: table 5-2 (rural local roads), 6-2 (rural collectors), 7-2
 * (rural arterials), metric. null where the table gives none (that speed is not used on that terrain).
 */
export const MAX_GRADE_TABLES: Readonly<Record<RoadClassKind, GradeTable>> = {
  local: {
    speeds: [20, 30, 40, 50, 60, 70, 80, 90, 100],
    level: [9, 8, 7, 7, 7, 7, 6, 6, 5],
    rolling: [12, 11, 11, 10, 10, 9, 8, 7, 6],
    mountainous: [17, 16, 15, 14, 13, 12, 10, 10, null],
  },
  // Starts at 30 km/h, as the customary table starts at 20 mph (the metric columns pair 20, 25, 30, 40,
  // 45, 50, 55, 60 mph with 30 … 100 km/h, as table 5-2 does).
  collector: {
    speeds: [30, 40, 50, 60, 70, 80, 90, 100],
    level: [7, 7, 7, 7, 7, 6, 6, 5],
    rolling: [10, 10, 9, 8, 8, 7, 7, 6],
    mountainous: [12, 11, 10, 10, 10, 9, 9, 8],
  },
  arterial: {
    speeds: [60, 70, 80, 90, 100, 110, 120, 130],
    level: [5, 5, 4, 4, 3, 3, 3, 3],
    rolling: [6, 6, 5, 5, 4, 4, 4, 4],
    mountainous: [8, 7, 7, 6, 6, 5, 5, 5],
  },
};

/**
 * The maximum grade (%) of a class on a terrain at a design speed: the table's value at the lowest
 * tabulated speed at or above it (a speed between two columns takes the faster column's, stricter,
 * grade); below the table its first column, above it (or where the table has no value) the last value given.
 */
export function maxGradeFor(kind: RoadClassKind, terrain: RoadTerrain, designSpeedKmh: number): number {
  const table = MAX_GRADE_TABLES[kind];
  const grades = table[terrain];
  let last = grades[0] ?? 0;
  for (let n = 0; n < table.speeds.length; n++) {
    const grade = grades[n];
    if (grade === null) break;
    last = grade;
    if (designSpeedKmh <= table.speeds[n]) return grade;
  }
  return last;
}

/** "collector-rolling" → { kind, terrain }; null when not a class. */
export function parseRoadClass(text: string): RoadClass | null {
  const [kind, terrain, ...rest] = text.trim().toLowerCase().split('-');
  if (rest.length > 0 || !(ROAD_CLASSES as readonly string[]).includes(kind) || !(ROAD_TERRAINS as readonly string[]).includes(terrain ?? '')) return null;
  return { kind: kind as RoadClassKind, terrain: terrain as RoadTerrain };
}

export const roadClassName = (c: RoadClass): string => `${c.kind}-${c.terrain}`;

/** The first problem with a stored road class, or null. */
export function roadClassProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'roadClass must be { "kind", "terrain" }';
  const c = value as Record<string, unknown>;
  for (const key of Object.keys(c)) if (key !== 'kind' && key !== 'terrain') return `roadClass has an unknown field "${key}"`;
  if (!(ROAD_CLASSES as readonly unknown[]).includes(c.kind)) return `roadClass.kind must be one of ${ROAD_CLASSES.join(', ')}`;
  if (!(ROAD_TERRAINS as readonly unknown[]).includes(c.terrain)) return `roadClass.terrain must be one of ${ROAD_TERRAINS.join(', ')}`;
  return null;
}
