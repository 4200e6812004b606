/**
 * Straightening a searched route. The router's headings are whole multiples of a fine turn, so a road
 * that should run straight at any other angle alternates between the headings either side of it, and a
 * weighted search may swerve before it heads for the end: the spline through those points wavers from
 * side to side. Here runs of the searched polygon are replaced by straight chords where a chord is
 * allowed (the caller's check of a piece: grade, cut and fill, blocked cells, the map's edge), costs no
 * more than the searched run it replaces (length plus earthworks, so a detour the search made round a
 * hill to save cut stays), ends within a tolerance of the searched road's height (the search's heights
 * go on from there; at the leg's last point nothing goes on), and turns at its ends no more than one searched step may (no bend gets tighter
 * than the search's). Greedy from the start, the farthest such chord each time; deterministic.
 */

export interface SearchedLeg {
  points: readonly { x: number; z: number }[];
  /** The search's cost to each point (cumulative, in the units of a piece's cost). */
  costs: readonly number[];
  /** The road's height at each point as the search tracked it. */
  heights: readonly number[];
}

/** A straight piece from a to b with the road at height y at a: its cost and the road's height at b, or null when not allowed. */
export type PieceCheck = (ax: number, az: number, bx: number, bz: number, y: number) => { cost: number; y: number } | null;

export interface StraightenOptions {
  /** Chord length of one searched step, metres: a straightened chord is split into pieces about this long. */
  step: number;
  /** Largest turn at one point, radians (one searched step's full turn). */
  maxTurn: number;
  /** Direction the road arrives at the first point (radians), or null when it may leave in any direction. */
  startHeading: number | null;
  /** Most a chord may end above or below the searched height at its end, metres. */
  heightTolerance: number;
  piece: PieceCheck;
  /** Longest run looked at for one chord, in searched points (bounds the work on a very long leg). */
  maxRun?: number;
}

const DEFAULT_MAX_RUN = 400;

/** The turn from direction a to direction b, in (−π, π]. */
function turnBetween(a: number, b: number): number {
  const d = b - a;
  return d - 2 * Math.PI * Math.round(d / (2 * Math.PI));
}

const directionOf = (a: { x: number; z: number }, b: { x: number; z: number }) => Math.atan2(b.z - a.z, b.x - a.x);

/** The leg with its runs straightened: points about `step` apart along each chord, the searched points elsewhere. */
export function straightenLeg(leg: SearchedLeg, o: StraightenOptions): { x: number; z: number }[] {
  const { points, costs, heights } = leg;
  const n = points.length;
  const maxRun = o.maxRun ?? DEFAULT_MAX_RUN;
  // Equal costs (a chord along collinear points) agree to about 1e-7: the ground is float32 heights.
  const slack = (cost: number) => 1e-6 * Math.max(1, Math.abs(cost));
  const out: { x: number; z: number }[] = [{ x: points[0].x, z: points[0].z }];
  let heading = o.startHeading;
  let i = 0;
  while (i < n - 1) {
    const a = points[i];
    // The searched step is the fallback: allowed, and within a step's turn of the way the road arrives.
    let to = i + 1;
    for (let j = i + 2; j < n && j - i <= maxRun; j++) {
      const b = points[j];
      const chord = o.piece(a.x, a.z, b.x, b.z, heights[i]);
      // Past the first chord not allowed the run stops: a longer one would cross the same ground.
      if (!chord) break;
      if (chord.cost > costs[j] - costs[i] + slack(costs[j]) || (j < n - 1 && Math.abs(chord.y - heights[j]) > o.heightTolerance)) continue;
      const direction = directionOf(a, b);
      if (heading !== null && Math.abs(turnBetween(heading, direction)) > o.maxTurn + 1e-9) continue;
      if (j < n - 1 && Math.abs(turnBetween(direction, directionOf(b, points[j + 1]))) > o.maxTurn + 1e-9) continue;
      to = j;
    }
    const b = points[to];
    const pieces = to === i + 1 ? 1 : Math.max(1, Math.round(Math.hypot(b.x - a.x, b.z - a.z) / o.step));
    for (let k = 1; k < pieces; k++) out.push({ x: a.x + ((b.x - a.x) * k) / pieces, z: a.z + ((b.z - a.z) * k) / pieces });
    out.push({ x: b.x, z: b.z });
    heading = directionOf(a, b);
    i = to;
  }
  return out;
}
