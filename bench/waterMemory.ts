/**
 * Peak memory of the automatic water layer's evaluation (shared/hydrology/water.ts evaluateWater) in a
 * fresh Node process, so that RSS counts only it: `node --import tsx bench/waterMemory.ts SIDE` builds
 * the hydrology bench's SIDE² synthetic hills (many closed basins), then runs the evaluation and prints
 * one JSON line: peak RSS (the process's maxRSS) less the RSS before it, per vertex (besides the input
 * and output maps the caller holds anyway), and what of it the returned water keeps.
 */
import { evaluateWater } from '../shared/hydrology/water';
import { DEFAULT_WATER_PARAMS } from '../shared/hydrology/waterParams';
import { syntheticTerrain } from '../shared/lod/testing/syntheticTerrain';

const MB = 1024 * 1024;
const side = Number(process.argv[2] ?? 4097);
const field = syntheticTerrain(side, 1);
const out = new Float32Array(side * side);
out.fill(0);
const before = process.memoryUsage().rss;
const start = performance.now();
const water = evaluateWater(field, field.heights, out, DEFAULT_WATER_PARAMS);
const ms = performance.now() - start;
const peak = process.resourceUsage().maxRSS * 1024;
const vertices = side * side;
console.log(
  JSON.stringify({
    side,
    rss_before_mb: Math.round(before / MB),
    peak_rss_mb: Math.round(peak / MB),
    evaluation_peak_bytes_per_vertex: Math.round(((peak - before) / vertices) * 10) / 10,
    results_bytes_per_vertex:
      Math.round(
        ((water!.depth.byteLength +
          water!.surface.byteLength +
          water!.kind.byteLength +
          water!.area.byteLength +
          water!.filled.level.byteLength +
          water!.filled.drainage.byteLength) /
          vertices) *
          10,
      ) / 10,
    ms: Math.round(ms),
  }),
);
