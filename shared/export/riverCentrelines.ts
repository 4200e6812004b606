/**
 * River centrelines for engines and tools, as road centrelines are (shared/roads/export.ts): each
 * river from its source to its mouth, points in the map's coordinates (metres, y up, origin at the
 * map centre; y on the water surface) and in each engine export's. The writer takes a list of
 * centrelines, so drawn rivers (a `river` layer's, at ≤ 1 m on its joined surface: stackWater's
 * `drawn`) are written beside the automatic network's.
 *
 * The automatic network's centrelines follow the single steepest receiver of the drainage surface
 * from every river vertex no river vertex drains into (a source) until the path meets a river
 * already traced (a confluence: its point ends the tributary), a lake, or the map's edge.
 */
import type { JsonObject } from '../json';
import { ENGINE_IDS, engineFor, type EngineId } from './engines';
import { steepestReceivers } from '../hydrology/drainage';
import type { HydrologyGrid } from '../hydrology/grid';
import type { DrawnRiver } from '../layers/stackWater';
import { WATER_RIVER, type Water } from '../hydrology/water';
import { riverDepth, riverWidth, type WaterParams } from '../hydrology/waterParams';

export interface RiverPoint {
  x: number;
  /** The water surface, metres. */
  y: number;
  z: number;
  /** Metres across the water. */
  width: number;
  /** Metres from the surface to the bed. */
  depth: number;
  /** Unit direction of the flow with the surface's fall (a drawn river's spline gives it; else from the neighbours). */
  tangent?: [number, number, number];
}

export interface RiverCentreline {
  name: string;
  /** "automatic" (the water layer's network) or "drawn" (a river layer). */
  source: 'automatic' | 'drawn';
  /** A drawn river's layer id. */
  layer?: string;
  /** From the source (first) to the mouth (last). */
  points: RiverPoint[];
}

/** The automatic network's centrelines, longest first (the trunk before its tributaries). */
export function automaticRiverCentrelines(grid: HydrologyGrid, water: Water, params: WaterParams): RiverCentreline[] {
  const { width, depth: rows, cellSize } = grid;
  const count = width * rows;
  const { kind, area, surface } = water;
  const receivers = steepestReceivers(grid, water.filled.drainage);
  const fed = new Uint8Array(count);
  for (let v = 0; v < count; v++) if (kind[v] === WATER_RIVER && receivers[v] >= 0 && kind[receivers[v]] === WATER_RIVER) fed[receivers[v]] = 1;
  const sources: number[] = [];
  for (let v = 0; v < count; v++) if (kind[v] === WATER_RIVER && !fed[v]) sources.push(v);
  const traced = new Uint8Array(count);
  const centreX = (width - 1) / 2;
  const centreZ = (rows - 1) / 2;
  const point = (v: number): RiverPoint => {
    const i = v % width;
    const a = area[v];
    return {
      x: (i - centreX) * cellSize,
      y: Number.isNaN(surface[v]) ? water.filled.level[v] : surface[v],
      z: ((v - i) / width - centreZ) * cellSize,
      width: riverWidth(params, a),
      depth: riverDepth(params, a),
    };
  };
  const paths: number[][] = [];
  for (const start of sources) {
    const path: number[] = [];
    let v = start;
    for (;;) {
      path.push(v);
      if (traced[v]) break;
      traced[v] = 1;
      const next = receivers[v];
      if (next < 0) break;
      if (kind[next] !== WATER_RIVER) {
        path.push(next);
        break;
      }
      v = next;
    }
    if (path.length >= 2) paths.push(path);
  }
  paths.sort((a, b) => b.length - a.length);
  return paths.map((path, n) => ({ name: `river ${n + 1}`, source: 'automatic', points: path.map(point) }));
}

/** A drawn river's centreline, named as its layer. */
export const drawnRiverCentreline = ({ layer, points }: DrawnRiver): RiverCentreline => ({ name: layer.name, source: 'drawn', layer: layer.id, points });

const round = (v: number) => Math.round(v * 1e6) / 1e6;

/** Unit tangents along a polyline (central differences, one-sided at its ends), including the fall. */
function tangents(points: readonly RiverPoint[]): [number, number, number][] {
  return points.map((_, k) => {
    const a = points[Math.max(0, k - 1)];
    const b = points[Math.min(points.length - 1, k + 1)];
    const d = [b.x - a.x, b.y - a.y, b.z - a.z];
    const length = Math.hypot(d[0], d[1], d[2]) || 1;
    return [d[0] / length, d[1] / length, d[2] / length];
  });
}

function pointJson(p: RiverPoint, tangent: [number, number, number], engine?: EngineId): JsonObject {
  if (!engine) return { x: round(p.x), y: round(p.y), z: round(p.z), tangent: tangent.map(round), width: round(p.width), depth: round(p.depth) };
  const world = engineFor(engine).world;
  const [x, y, z] = world.map(p.x, p.y, p.z);
  const t = world.map(tangent[0], tangent[1], tangent[2]);
  const length = Math.hypot(t[0], t[1], t[2]) || 1;
  return {
    x: round(x),
    y: round(y),
    z: round(z),
    tangent: t.map((c) => round(c / length)),
    width: round(p.width * world.scale),
    depth: round(p.depth * world.scale),
  };
}

/** The centrelines file: every river's points in map coordinates, and each engine's. */
export function riverCentrelinesJson(rivers: readonly RiverCentreline[]): JsonObject {
  const along = rivers.map((river) => tangents(river.points));
  const riversIn = (engine?: EngineId) =>
    rivers.map((river, r) => ({
      name: river.name,
      source: river.source,
      ...(river.layer !== undefined && { layer: river.layer }),
      points: river.points.map((p, k) => pointJson(p, p.tangent ?? along[r][k], engine)),
    }));
  const engines: JsonObject = {};
  for (const engine of ENGINE_IDS) {
    const { units, axes } = engineFor(engine).world;
    engines[engine] = { units, axes, rivers: riversIn(engine) };
  }
  return { coordinates: 'metres, y up (on the water surface), origin at the map centre; each river from its source to its mouth', rivers: riversIn(), engines };
}
