/**
 * A river's centreline as JSON for engines, tools and the water exports, as a road's is
 * (shared/roads/export.ts): `{ "points": [{ x, y, z, tangent, width, depth }, …] }` from the source to
 * the mouth at ≤ 1 m spacing, y the water surface (never rising), in the map's coordinates (metres,
 * y up, origin at the map centre), and the same points in each engine export's coordinates.
 */
import type { JsonObject } from '../json';
import { ENGINE_IDS, engineFor, type EngineId } from '../export/engines';
import type { FittedRiver } from './fittedRiver';

export interface RiverCentrelinePoint {
  x: number;
  /** The water surface, metres. */
  y: number;
  z: number;
  /** Unit direction of the flow, including the surface's fall. */
  tangent: [number, number, number];
  width: number;
  /** Bed depth below the surface, metres. */
  depth: number;
}

/** Centreline points at ≤ 1 m spacing on the river's surface (`surface`: joinedSurface's, else its own). */
export function riverCentrelinePoints(fitted: FittedRiver, surface: Float64Array = fitted.surface): RiverCentrelinePoint[] {
  const { line } = fitted;
  const every = Math.max(1, Math.floor(1 / line.ds + 1e-9));
  const stations: number[] = [];
  for (let k = 0; k < line.n - 1; k += every) stations.push(k);
  stations.push(line.n - 1);
  return stations.map((k, n) => {
    const a = stations[Math.max(0, n - 1)];
    const b = stations[Math.min(stations.length - 1, n + 1)];
    const run = (b - a) * line.ds;
    const fall = run > 0 ? (surface[b] - surface[a]) / run : 0;
    const norm = Math.hypot(1, fall);
    return {
      x: line.x[k],
      y: surface[k],
      z: line.z[k],
      tangent: [line.tx[k] / norm, fall / norm, line.tz[k] / norm],
      width: line.width[k],
      depth: fitted.depth[k],
    };
  });
}

const round = (v: number) => Math.round(v * 1e6) / 1e6;

function pointJson(p: RiverCentrelinePoint, engine?: EngineId): JsonObject {
  if (!engine) return { x: round(p.x), y: round(p.y), z: round(p.z), tangent: p.tangent.map(round), width: round(p.width), depth: round(p.depth) };
  const axes = engineFor(engine).world;
  const [x, y, z] = axes.map(p.x, p.y, p.z);
  const t = axes.map(p.tangent[0], p.tangent[1], p.tangent[2]);
  return { x: round(x), y: round(y), z: round(z), tangent: t.map(round), width: round(p.width * axes.scale), depth: round(p.depth * axes.scale) };
}

/** The river's centreline file: map coordinates in `points`, each engine's in `engines`. */
export function riverCentrelineJson(fitted: FittedRiver, name: string, surface?: Float64Array): JsonObject {
  const points = riverCentrelinePoints(fitted, surface);
  const engines: JsonObject = {};
  for (const engine of ENGINE_IDS) {
    const { units, axes } = engineFor(engine).world;
    engines[engine] = { units, axes, points: points.map((p) => pointJson(p, engine)) };
  }
  return {
    name,
    length: round(fitted.line.length),
    spacing: round(fitted.line.ds * Math.max(1, Math.floor(1 / fitted.line.ds + 1e-9))),
    coordinates: 'metres, y up (the water surface), origin at the map centre, from the source to the mouth',
    points: points.map((p) => pointJson(p)),
    engines,
  };
}
