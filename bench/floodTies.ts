/**
 * Where a flood that visits vertices in another order (tiled, threaded, another queue) would change the
 * ε drainage: `node --import tsx bench/floodTies.ts SIDE` floods the hydrology bench's SIDE² synthetic
 * hills and prints one JSON line: the raised flats (lakes and flats at their spill height, each filled
 * breadth first from one outlet), how many have tied outlets (several vertices at exactly their level
 * next to them, so the fill's start depends on the queue's order among equal heights), the vertices of
 * those flats, and how many of them would drain differently if filled from another of their outlets.
 * Every other vertex's drainage is fixed by the levels (shared/hydrology/raisedFlats.test.ts).
 * `… floodTies.ts SIDE PRESET SEED` does the same for what a preset's fluvial step floods: its terrain at
 * SIDE² (1 m cells) up to that step.
 */
import { priorityFlood } from '../shared/hydrology/priorityFlood';
import { drainageFromOutlets, raisedFlats } from '../shared/hydrology/testing/raisedFlats';
import { syntheticTerrain } from '../shared/lod/testing/syntheticTerrain';
import { buildPreset, presetById } from '../shared/presets/terrainPresets';
import { replayTerrain } from '../shared/recipe/replay';
import type { Heightfield } from '../shared/terrain/heightfield';

const side = Number(process.argv[2] ?? 4097);
const presetName = process.argv[3];
const seed = Number(process.argv[4] ?? 1);

/** A preset's terrain up to (not including) its first fluvial step: what that step floods. */
function fluvialInput(name: string): Heightfield {
  const preset = presetById(name);
  if (!preset) throw new RangeError(`unknown preset "${name}"`);
  const target = { width: side, depth: side, cellSize: 1, seed };
  const { recipe, finishing } = buildPreset(preset.id, target);
  const fluvial = finishing.findIndex((step) => step.kind === 'fluvial');
  if (fluvial < 0) throw new RangeError(`preset "${name}" has no fluvial step`);
  return replayTerrain({ ...target, recipe, steps: finishing.slice(0, fluvial) });
}

const field = presetName ? fluvialInput(presetName) : syntheticTerrain(side, 1);
const { level, drainage } = priorityFlood(field, field.heights);
const flats = raisedFlats(field, level);
const tied = flats.filter((flat) => flat.outlets.length > 1);
let raisedVertices = 0;
for (const flat of flats) raisedVertices += flat.vertices.length;
let tiedVertices = 0;
let movable = 0;
for (const flat of tied) {
  tiedVertices += flat.vertices.length;
  const differs = new Set<number>();
  for (const outlet of flat.outlets) {
    const candidate = drainageFromOutlets(field, field.heights, [flat], () => outlet);
    for (const v of flat.vertices) if (!Object.is(candidate[v], drainage[v])) differs.add(v);
  }
  movable += differs.size;
}
console.log(
  JSON.stringify({
    side,
    ...(presetName ? { preset: presetName, seed } : {}),
    vertices: side * side,
    raised_vertices: raisedVertices,
    raised_flats: flats.length,
    flats_with_tied_outlets: tied.length,
    vertices_in_those_flats: tiedVertices,
    vertices_whose_drainage_another_outlet_changes: movable,
    outlets_per_tied_flat: tied.map((flat) => flat.outlets.length),
  }),
);
