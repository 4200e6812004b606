/**
 * Time and peak memory of one long fault run in a fresh Node process (so RSS counts only this run):
 * `node --import tsx bench/faultStreamMemory.ts SIDE ITERATIONS [stream|one-pass]` runs the default
 * recipe (seed 2024, decay over all the iterations) on a flat SIDE² map, 1 m cells, and prints one JSON
 * line: the time, peak RSS above the process's start, and the map's own bytes. `stream` is
 * runFaultFormation (batches into one accumulator); `one-pass` builds every fault first and sweeps
 * once (the engine before session 9), for comparison. Used by fault.bench.ts.
 */
import { applyFaults, generateFaults, runFaultFormation } from '../shared/fault/fastFormation';
import { DEFAULT_RECIPE, type FaultRecipe } from '../shared/fault/recipe';
import { createHeightfield, terrainExtent } from '../shared/terrain/heightfield';

const MB = 1024 * 1024;
const [sideText, iterationsText, mode = 'stream'] = process.argv.slice(2);
const side = Number(sideText);
const iterations = Number(iterationsText);
if (!(side >= 2) || !(iterations >= 0) || (mode !== 'stream' && mode !== 'one-pass'))
  throw new Error('usage: faultStreamMemory.ts SIDE ITERATIONS [stream|one-pass]');
const recipe: FaultRecipe = { ...DEFAULT_RECIPE, seed: 2024, iterations, decay: { ...DEFAULT_RECIPE.decay, n: iterations } };
const field = createHeightfield(side, side, 1);
const baseline = process.memoryUsage().rss;
const start = performance.now();
if (mode === 'stream') runFaultFormation(field, recipe);
else applyFaults(field, generateFaults(recipe, terrainExtent(field), 0, iterations));
const ms = performance.now() - start;
// maxRSS is in KiB.
const peak = process.resourceUsage().maxRSS * 1024;
console.log(JSON.stringify({ ms, peak_rss_mb: peak / MB, peak_above_start_mb: (peak - baseline) / MB, heights_mb: field.heights.byteLength / MB }));
