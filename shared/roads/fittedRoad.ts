/** A road made concrete on the heights it receives: centreline, profile and bank at every station. */
import { buildCentreline, stationSpacing, type Centreline } from './centreline';
import { roadValuesProblem, type RoadParams } from './params';
import { bridgeSpans, groundOverSpans, liftToDecks, spanLevels, spansAboveWater, straightenDecks, type BridgeSpan } from './crossings';
import { bankAlong, fitProfile, groundAlong, type GroundSize } from './profile';

export interface FittedRoad {
  params: RoadParams;
  line: Centreline;
  /** Ground under each station, metres. */
  ground: Float64Array;
  /** Centreline height of the finished road at each station, metres. */
  y: Float64Array;
  /** Bank at each station, degrees (+ = left side lower), and its tangent. */
  bankDeg: Float64Array;
  tanBank: Float64Array;
  /** The bridges' decks (shared/roads/crossings.ts): the profile is straight across each, and the land under it is not shaped. */
  bridges: BridgeSpan[];
}

/**
 * How many times a bridge's abutments may move out to stand above the water (each by two cells): a
 * few, so a road in cut down a valley side does not carry its deck through the hill above it.
 */
const MAX_ABUTMENT_MOVES = 3;

const centrelines = new WeakMap<RoadParams, { spacing: number; key: string; line: Centreline }>();

/** The centreline of valid params (kept per params object: dragging one road does not rebuild the others). */
export function centrelineOf(p: RoadParams, cellSize: number): Centreline {
  const spacing = stationSpacing(cellSize);
  // Keyed by the values too: params changed in place must not reuse a stale centreline.
  const key = JSON.stringify([p.points, p.width]);
  const kept = centrelines.get(p);
  if (kept && kept.spacing === spacing && kept.key === key) return kept.line;
  const line = buildCentreline(p, spacing);
  centrelines.set(p, { spacing, key, line });
  return line;
}

export function fitRoad(p: RoadParams, heights: Float32Array, size: GroundSize): FittedRoad {
  const problem = roadValuesProblem(p);
  if (problem) throw new RangeError(problem);
  const line = centrelineOf(p, size.cellSize);
  const ground = groundAlong(line, heights, size);
  let bridges = bridgeSpans(p.crossings, line, size.cellSize);
  const levels = spanLevels(bridges, p.crossings, line.ds, ground);
  const step = (p.maxGradePct / 100) * line.ds;
  const fit = (spans: readonly BridgeSpan[]) =>
    liftToDecks(
      fitProfile(groundOverSpans(ground, spans, levels, step), line.ds, p.maxGradePct, p.verticalCurve, p.endsOnGround === true),
      spans,
      levels,
      step,
    );
  let profile = fit(bridges);
  if (bridges.length > 0) {
    // Abutments stand where the road is above the water: moved out (a few cells at a time) while not.
    for (let pass = 0; pass < MAX_ABUTMENT_MOVES; pass++) {
      const moved = spansAboveWater(bridges, levels, profile, Math.max(1, Math.round((2 * size.cellSize) / line.ds)));
      if (!moved) break;
      bridges = moved;
      profile = fit(bridges);
    }
  }
  const y = straightenDecks(profile, bridges);
  const bankDeg = bankAlong(line, p);
  const tanBank = bankDeg.map((deg) => Math.tan((deg * Math.PI) / 180));
  return { params: p, line, ground, y, bankDeg, tanBank, bridges };
}

/** Height of the road surface at station k (fractional: between stations linearly) and lateral offset d (+ = left). */
export function surfaceAt(fitted: FittedRoad, k: number, d: number): number {
  const { y, tanBank } = fitted;
  const a = Math.floor(k);
  const b = Math.min(fitted.line.n - 1, a + 1);
  const t = k - a;
  const centre = y[a] + (y[b] - y[a]) * t;
  return centre - d * (tanBank[a] + (tanBank[b] - tanBank[a]) * t);
}

/**
 * The worst cut or fill the profile needs (road height minus ground at the centreline), and where:
 * more than `maxCutFill` means the terrain cannot be met at the road's maximum grade.
 */
export function worstCutFill(fitted: FittedRoad): { station: number; metres: number } {
  let station = 0;
  let metres = 0;
  for (let k = 0; k < fitted.line.n; k++) {
    const diff = fitted.y[k] - fitted.ground[k];
    if (Math.abs(diff) > Math.abs(metres)) {
      metres = diff;
      station = k;
    }
  }
  return { station, metres };
}

/** The message for a road the terrain cannot carry within its limits, or null. */
export function terrainProblem(fitted: FittedRoad): string | null {
  const worst = worstCutFill(fitted);
  if (Math.abs(worst.metres) <= fitted.params.maxCutFill) return null;
  const where = Math.round(worst.station * fitted.line.ds);
  const what = worst.metres > 0 ? `${worst.metres.toFixed(1)} m of fill above` : `${(-worst.metres).toFixed(1)} m of cut below`;
  return (
    `the terrain is too steep for a ${fitted.params.maxGradePct} % maximum grade: ${where} m along the road it needs ${what} the ground ` +
    `(maxCutFill is ${fitted.params.maxCutFill} m); raise the maximum grade or move the road`
  );
}
