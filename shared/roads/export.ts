/**
 * The centreline as JSON for engines and tools: `{ "points": [{ x, y, z, tangent, width, bank }, …] }`
 * from the first control point to the last at ≤ 1 m spacing, y on the shaped surface (the drawn
 * triangles), in the map's coordinates (metres, y up, origin at the map centre), and the same points
 * in each engine export's coordinates (where `faultline export --preset` places the map: centred).
 */
import type { JsonObject } from '../json';
import { ENGINE_IDS, engineFor, type EngineId } from '../export/engines';
import { heightAt } from '../terrain/surface';
import { spanAt } from './crossings';
import type { FittedRoad } from './fittedRoad';
import type { GroundSize } from './profile';

export interface CentrelinePoint {
  x: number;
  y: number;
  z: number;
  /** Unit direction of travel, including the grade. */
  tangent: [number, number, number];
  width: number;
  /** Degrees, + = left side lower. */
  bank: number;
  /** The centreline station it stands on. */
  station: number;
}

/** Centreline points at ≤ 1 m spacing on the shaped heights (on a bridge: on its deck). */
export function centrelinePoints(fitted: FittedRoad, shaped: Float32Array, size: GroundSize): CentrelinePoint[] {
  const { line } = fitted;
  const field = { ...size, heights: shaped };
  const every = Math.max(1, Math.floor(1 / line.ds + 1e-9));
  const stations: number[] = [];
  for (let k = 0; k < line.n - 1; k += every) stations.push(k);
  stations.push(line.n - 1);
  const ys = stations.map((k) => (spanAt(fitted.bridges, k) ? fitted.y[k] : heightAt(field, line.x[k], line.z[k])));
  return stations.map((k, n) => {
    const a = Math.max(0, n - 1);
    const b = Math.min(stations.length - 1, n + 1);
    const run = (stations[b] - stations[a]) * line.ds;
    const grade = run > 0 ? (ys[b] - ys[a]) / run : 0;
    const norm = Math.hypot(1, grade);
    return {
      x: line.x[k],
      y: ys[n],
      z: line.z[k],
      tangent: [line.tx[k] / norm, grade / norm, line.tz[k] / norm],
      width: line.width[k],
      bank: fitted.bankDeg[k],
      station: k,
    };
  });
}

const round = (v: number) => Math.round(v * 1e6) / 1e6;

function pointJson(p: CentrelinePoint, engine?: EngineId): JsonObject {
  if (!engine) return { x: round(p.x), y: round(p.y), z: round(p.z), tangent: p.tangent.map(round), width: round(p.width), bank: round(p.bank) };
  const axes = engineFor(engine).world;
  const [x, y, z] = axes.map(p.x, p.y, p.z);
  const t = axes.map(p.tangent[0], p.tangent[1], p.tangent[2]);
  return { x: round(x), y: round(y), z: round(z), tangent: t.map(round), width: round(p.width * axes.scale), bank: round(p.bank) };
}

/** The centreline file: map coordinates in `points`, each engine's in `engines`. */
export function centrelineJson(fitted: FittedRoad, shaped: Float32Array, size: GroundSize, name: string): JsonObject {
  const points = centrelinePoints(fitted, shaped, size);
  const engines: JsonObject = {};
  for (const engine of ENGINE_IDS) {
    const { units, axes } = engineFor(engine).world;
    engines[engine] = { units, axes, points: points.map((p) => pointJson(p, engine)) };
  }
  return {
    name,
    length: round(fitted.line.length),
    spacing: round(fitted.line.ds * Math.max(1, Math.floor(1 / fitted.line.ds + 1e-9))),
    coordinates: 'metres, y up, origin at the map centre; bank in degrees, + = left side lower',
    points: points.map((p) => pointJson(p)),
    engines,
  };
}
