/**
 * A river made concrete on the heights it receives. Its centreline is a road's (the same centripetal
 * Catmull-Rom spline, shared/roads/centreline.ts) from source to mouth; its water surface is the
 * running minimum of the ground along it from the source, so it never rises downstream: a bump
 * across the river is cut through at the level reached before it (a breach, as Lindsay 2016 breaches
 * depressions), and the bed lies the depth below that surface.
 */
import { buildCentreline, centrelineProblem, stationSpacing, type Centreline } from '../roads/centreline';
import { roadParams } from '../roads/params';
import { groundAlong, type GroundSize } from '../roads/profile';
import { riverValuesProblem, type RiverParams } from './params';

export interface FittedRiver {
  params: RiverParams;
  /** Stations from the source (0) to the mouth (n − 1); `width` is the bed's width. */
  line: Centreline;
  /** Bed depth below the surface at each station, metres. */
  depth: Float64Array;
  /** Ground under each station, metres. */
  ground: Float64Array;
  /** Water surface at each station (non-increasing from the source), metres. */
  surface: Float64Array;
}

/**
 * The centreline through the river's points: a road's spline, whose per-point bank channel carries
 * the river's depth (interpolated between points as a road's bank is), read back as `depth`.
 */
function riverLine(p: RiverParams, spacing: number): { line: Centreline; depth: Float64Array } {
  const shim = roadParams(
    p.points.map((q) => ({ x: q.x, z: q.z, ...(q.width !== undefined ? { width: q.width } : {}), bank: q.depth ?? p.depth })),
    { width: p.width },
  );
  const line = buildCentreline(shim, spacing);
  return { line, depth: line.pointBank };
}

const lines = new WeakMap<RiverParams, { spacing: number; key: string; line: Centreline; depth: Float64Array }>();

/** The centreline and depths of valid params (kept per params object: a drag rebuilds only the dragged river). */
export function riverCentrelineOf(p: RiverParams, cellSize: number): { line: Centreline; depth: Float64Array } {
  const spacing = stationSpacing(cellSize);
  const key = JSON.stringify([p.points, p.width, p.depth]);
  const kept = lines.get(p);
  if (kept && kept.spacing === spacing && kept.key === key) return kept;
  const made = { spacing, key, ...riverLine(p, spacing) };
  lines.set(p, made);
  return made;
}

/** The first problem with the centreline's geometry (two points in one place, leaving the map, crossing itself), or null. */
export function riverGeometryProblem(p: RiverParams, size: GroundSize): string | null {
  const shim = roadParams(
    p.points.map((q) => ({ x: q.x, z: q.z })),
    { width: p.width },
  );
  const problem = centrelineProblem(shim, ((size.width - 1) / 2) * size.cellSize, ((size.depth - 1) / 2) * size.cellSize);
  return problem && problem.replace('along the road', 'along the river').replace('the centreline leaves the map', 'the river leaves the map');
}

export function fitRiver(p: RiverParams, heights: Float32Array, size: GroundSize): FittedRiver {
  const problem = riverValuesProblem(p);
  if (problem) throw new RangeError(problem);
  const { line, depth } = riverCentrelineOf(p, size.cellSize);
  const ground = groundAlong(line, heights, size);
  const surface = new Float64Array(line.n);
  let level = Infinity;
  for (let k = 0; k < line.n; k++) {
    if (ground[k] < level) level = ground[k];
    surface[k] = level;
  }
  return { params: p, line, depth, ground, surface };
}

/** The deepest the bed lies below the ground under the centreline, and where (station). */
export function deepestCut(fitted: FittedRiver): { station: number; metres: number } {
  let station = 0;
  let metres = 0;
  for (let k = 0; k < fitted.line.n; k++) {
    const cut = fitted.ground[k] - (fitted.surface[k] - fitted.depth[k]);
    if (cut > metres) {
      metres = cut;
      station = k;
    }
  }
  return { station, metres };
}

/** The message for a river whose bed would lie deeper below the ground than its limit, or null. */
export function riverTerrainProblem(fitted: FittedRiver): string | null {
  const worst = deepestCut(fitted);
  if (worst.metres <= fitted.params.maxCut) return null;
  const where = Math.round(worst.station * fitted.line.ds);
  return `the bed would lie ${worst.metres.toFixed(1)} m below the ground ${where} m from the source, deeper than the limit (maxCut ${fitted.params.maxCut} m): the water cannot rise over the ground in its way; move the river or raise maxCut`;
}
