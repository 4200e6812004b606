import { median, type Benchmark } from './harness';
import { BENCH_HYDRAULIC, faultMap } from './erosionMaps';
import { runFaultFormation } from '../shared/fault/fastFormation';
import { createHeightfield, type Heightfield } from '../shared/terrain/heightfield';
import { hydraulicErosion } from '../shared/erosion/hydraulic';
import { hydraulicErosionTiled } from '../shared/erosion/hydraulicTiled';
import { buildPreset, type PresetId } from '../shared/presets/terrainPresets';
import { applyStep, type TerrainStep } from '../shared/recipe/steps';
import { applyStepThreaded, createErosionPool, type ErosionPool } from '../main/services/erosionThreads';

/**
 * Hydraulic erosion version 2 (tiled; shared/erosion/hydraulicTiled.ts) against version 1 (the
 * sequential kernel old projects replay with), on one thread and on worker threads
 * (main/services/erosionThreads.ts, workers started once in setup, as the CLI starts them once per
 * command), and the presets' whole Run (faults + finishing steps) on two threads.
 * Same map and parameters as erosion.bench.ts's `erosion-hydraulic`: the default fault recipe, 1 m cells.
 */
const HYDRAULIC = BENCH_HYDRAULIC;

interface State {
  original: Float32Array;
  field: Heightfield;
  pool: ErosionPool | null;
}

function state(size: number, threads: number): State {
  const original = faultMap(size);
  // Shared memory for the threads (eroded in place, as a job's own copy would be).
  const heights = threads > 1 ? new Float32Array(new SharedArrayBuffer(original.byteLength)) : new Float32Array(original.length);
  return { original, field: createHeightfield(size, size, 1, heights), pool: threads > 1 ? createErosionPool(threads) : null };
}

const sampling = (size: number): Pick<Benchmark, 'samples' | 'warmup'> => (size > 2000 ? { samples: 3, warmup: 1 } : { samples: 7, warmup: 2 });

function hydraulic(size: number, version: 1 | 2, threads: number): Benchmark {
  const name = version === 1 ? 'erosion-hydraulic-v1' : threads === 1 ? 'erosion-hydraulic' : `erosion-hydraulic-${threads}threads`;
  return {
    name,
    size,
    params: { droplets: HYDRAULIC.droplets, lifetime: HYDRAULIC.lifetime, radius: HYDRAULIC.radius, version, threads },
    baseline: version === 1 ? undefined : threads === 1 ? `erosion-hydraulic-v1@${size}` : `erosion-hydraulic@${size}`,
    ...sampling(size),
    setup: () => state(size, threads),
    run: async (s) => {
      const { original, field, pool } = s as State;
      field.heights.set(original);
      if (version === 1) hydraulicErosion(field, HYDRAULIC);
      else if (!pool) hydraulicErosionTiled(field, HYDRAULIC);
      else await applyStepThreaded(field, { kind: 'hydraulic', ...HYDRAULIC }, null, { threads, pool });
    },
  };
}

/**
 * Session 16's finishing steps for Canyons and Mesas (before talus aprons, alluvial floors and Mesas'
 * caprock retreat), so the presets' rows are compared with them in the same run (issue 35).
 */
function beforeAprons(id: PresetId, finishing: readonly TerrainStep[]): TerrainStep[] {
  return finishing.map((step) => {
    if (step.kind !== 'thermal') return step;
    if (id === 'mesas') return { kind: 'thermal', iterations: 40, talusDeg: 30, strength: 0.25 };
    const { talusShare: _share, floorFill: _fill, ...rest } = step;
    return rest;
  });
}

/** Session 18's finishing steps for Mountains (before its ridges were rounded: creaseBreak). */
function beforeCreases(finishing: readonly TerrainStep[]): TerrainStep[] {
  return finishing.map((step) => {
    if (step.kind !== 'thermal') return step;
    const { creaseBreak: _break, ...rest } = step;
    return rest;
  });
}

/**
 * Session 20's Canyons (before the cliff angle): every bed at atan(√hardness · tan) of the retreat's 45°
 * and the passes' 35°, so the rows compare the cliffs' cost with the walls' before them.
 */
function beforeCliffs(finishing: readonly TerrainStep[]): TerrainStep[] {
  return finishing.map((step) => {
    if (step.kind !== 'thermal') return step;
    const { cliffDeg: _cliff, ...rest } = step;
    return { ...rest, retreatDeg: 45, talusDeg: 35 };
  });
}

/** Session 21's Canyons and Mesas (before narrow tops were cut flat and lips rounded). */
function beforeNarrowTops(finishing: readonly TerrainStep[]): TerrainStep[] {
  return finishing.map((step) => {
    if (step.kind !== 'thermal') return step;
    const { topWidth: _width, lipPasses: _lips, ...rest } = step;
    return rest;
  });
}

/**
 * Session 22's Canyons and Mesas: Canyons before its faces over 3.5 cells, the hardest bed at 82° and the
 * edge continued; Mesas before its caprock faces were raised along their contours (lipDrop).
 */
function beforeSession23(id: PresetId, finishing: readonly TerrainStep[]): TerrainStep[] {
  return finishing.map((step) => {
    if (step.kind !== 'thermal') return step;
    const { faceCells: _cells, edgeContinues: _edge, lipDrop: _drop, ...rest } = step;
    return id === 'canyons' ? { ...rest, cliffDeg: 72 } : rest;
  });
}

/**
 * Mesas before its soft slopes were washed: session 23's recipe, the wash (a fluvial step with
 * softSlopes) left out and the lip pass that follows it (a thermal step of no passes) put back into the
 * thermal step before (the same bytes). Other presets' steps as they are.
 */
function beforeWash(finishing: readonly TerrainStep[]): TerrainStep[] {
  const out: TerrainStep[] = [];
  for (const step of finishing) {
    if (step.kind === 'fluvial' && step.softSlopes !== undefined) continue;
    const last = out[out.length - 1];
    if (step.kind === 'thermal' && step.iterations === 0 && step.lipDrop !== undefined && last?.kind === 'thermal') {
      out[out.length - 1] = { ...last, lipDrop: step.lipDrop };
      continue;
    }
    out.push(step);
  }
  return out;
}

/** Session 23's Canyons: before its second fluvial layer, which cuts washes into the plateau's top. */
function beforeSession24(finishing: readonly TerrainStep[]): TerrainStep[] {
  return finishing.filter((step) => !(step.kind === 'fluvial' && step.incisionDepth !== undefined));
}

/**
 * Session 24's Canyons and Mesas: Canyons before its touching cliff-formers made one face (faceUnits over
 * 3.3 cells, a quarter-cell lipDrop and one more crease pass, a thermal step of no passes, last), Mesas
 * before its joints sixteen cells apart and its capless shale weathered down.
 */
function beforeSession25(finishing: readonly TerrainStep[]): TerrainStep[] {
  const steps = finishing.filter(
    (step, n) => !(n === finishing.length - 1 && step.kind === 'thermal' && step.iterations === 0 && step.creaseBreak !== undefined),
  );
  return steps.map((step) => {
    if (step.kind !== 'thermal') return step;
    const { jointSpacing: _spacing, caplessRelief: _relief, ...rest } = step;
    if (rest.faceUnits !== true) return rest;
    const { faceUnits: _units, lipDrop: _drop, ...earlier } = rest;
    return { ...earlier, faceCells: 3.5 };
  });
}

/** Session 25's Mesas: before a scrap of cap stopped holding up the cone under it (capWidth). */
function beforeSession26(finishing: readonly TerrainStep[]): TerrainStep[] {
  return finishing.map((step) => {
    if (step.kind !== 'thermal') return step;
    const { capWidth: _width, ...rest } = step;
    return rest;
  });
}

/** Session 26's Canyons, Mesas and River valleys: their fluvial layers on the reference's sums (no `scheme`). */
function beforeSession27(finishing: readonly TerrainStep[]): TerrainStep[] {
  return finishing.map((step) => {
    if (step.kind !== 'fluvial') return step;
    const { scheme: _scheme, ...rest } = step;
    return rest;
  });
}

/**
 * Session 28's Canyons: before its first fluvial layer cut only falling channels (cutOnlyFalling), its washes were
 * widened into troughs (channelWidth) and its last crease rounding continued the map's edge.
 */
function beforeSession29(finishing: readonly TerrainStep[]): TerrainStep[] {
  const last = finishing.length - 1;
  return finishing.map((step, at) => {
    if (step.kind === 'fluvial') {
      const { cutOnlyFalling: _falling, channelWidth: _width, ...rest } = step;
      return rest;
    }
    if (step.kind === 'thermal' && at === last) {
      const { edgeContinues: _edge, ...rest } = step;
      return rest;
    }
    return step;
  });
}

type PresetRecipe =
  'now' | 'session 16' | 'session 18' | 'session 20' | 'session 21' | 'session 22' | 'session 23' | 'session 24' | 'session 25' | 'session 26' | 'session 28';

/**
 * A preset's whole Run: its recipe's faults from flat ground, then its finishing steps (erosion on
 * `threads`); `recipe` 'session 16' runs Mesas' steps before their aprons, 'session 18'
 * Mountains' before its crease rounding, 'session 20' Canyons' before its cliff angle, 'session 21'
 * Canyons' and Mesas' before their narrow tops and lips, 'session 22' Canyons' before its steeper faces and
 * Mesas' before its lipDrop, 'session 23' Canyons' before its plateau's washes and Mesas' before its wash on the soft slopes,
 * 'session 24' Mesas' before its wider joints and capless hills, Canyons' before its faceUnits (beforeSession25),
 * 'session 25' Mesas' before its cap width (beforeSession26), 'session 26' today's steps with the fluvial layers on
 * the reference's sums (beforeSession27; every earlier recipe ran on them too), 'session 28' Canyons before its
 * cutOnlyFalling, channelWidth and last edge continuation (beforeSession29).
 * Also reports the process's CPU time per run (both threads),
 * which a loaded machine inflates less than the wall time.
 */
function presetRun(id: PresetId, size: number, threads: number, recipe: PresetRecipe = 'now'): Benchmark {
  const target = { width: size, depth: size, cellSize: 1, seed: 1 };
  const built = buildPreset(id, target);
  // Every earlier recipe ran its fluvial layers on the reference's sums (session 26's and before).
  const reference = beforeSession27(built.finishing);
  // Session 23's recipe: Mesas without its wash, Canyons without its plateau's washes.
  const unwashed = beforeSession24(beforeWash(reference));
  const earlierSteps = (): TerrainStep[] => {
    if (recipe === 'session 18') return beforeCreases(unwashed);
    if (recipe === 'session 20') return beforeCliffs(unwashed);
    if (recipe === 'session 21') return beforeNarrowTops(unwashed);
    if (recipe === 'session 22') return beforeSession23(id, unwashed);
    if (recipe === 'session 23') return unwashed;
    if (recipe === 'session 24') return beforeSession25(reference);
    if (recipe === 'session 25') return beforeSession26(reference);
    if (recipe === 'session 26') return reference;
    if (recipe === 'session 28') return beforeSession29(built.finishing);
    return beforeAprons(id, unwashed);
  };
  const finishing = recipe === 'now' ? built.finishing : earlierSteps();
  const droplets = finishing.reduce((total, step) => total + (step.kind === 'hydraulic' ? step.droplets : 0), 0);
  const earlier = id === 'mountains' ? 'session18' : id === 'canyons' ? 'session20' : 'session16';
  const named = recipe === 'now' || recipe === 'session 16' || recipe === 'session 18' || recipe === 'session 20' ? earlier : recipe.replace(' ', '');
  const before = `preset-run-${id}-${named}`;
  // Canyons', Mesas' and River valleys' Runs are compared with session 26's (the same recipe on the reference's sums).
  const onFluvial = id === 'canyons' || id === 'mesas' || id === 'river-valleys';
  // Canyons' is compared with session 28's recipe (its keys of session 29 removed).
  const baseline = id === 'canyons' ? `preset-run-${id}-session28` : onFluvial ? `preset-run-${id}-session26` : before;
  const baselined = recipe === 'now' && size < 2000 && (onFluvial || id === 'mountains');
  const cpu: number[] = [];
  return {
    name: recipe === 'now' ? `preset-run-${id}` : before,
    size,
    params: { threads, droplets },
    ...(baselined ? { baseline: `${baseline}@${size}` } : {}),
    ...(size > 2000 ? { samples: 1, warmup: 0 } : { samples: 3, warmup: 1 }),
    setup: () => {
      const shared = (): Float32Array => new Float32Array(new SharedArrayBuffer(4 * size * size));
      return { pool: createErosionPool(threads), masks: { flow: shared(), deposition: shared() } };
    },
    run: async (s) => {
      const { pool, masks } = s as { pool: ErosionPool; masks: { flow: Float32Array; deposition: Float32Array } };
      const start = process.cpuUsage();
      const field = createHeightfield(size, size, 1, new Float32Array(new SharedArrayBuffer(4 * size * size)));
      runFaultFormation(field, built.recipe);
      masks.flow.fill(0);
      masks.deposition.fill(0);
      for (const step of finishing) {
        if (threads > 1) await applyStepThreaded(field, step, built.recipe, { threads, pool, masks });
        else applyStep(field, step, built.recipe, { masks });
      }
      const spent = process.cpuUsage(start);
      cpu.push((spent.user + spent.system) / 1000);
    },
    measure: () => {
      const timed = cpu.slice(size > 2000 ? 0 : 1);
      return { cpu_median_ms: median(timed), cpu_min_ms: Math.min(...timed) };
    },
  };
}

export const benchmarks: Benchmark[] = [
  hydraulic(1025, 1, 1),
  hydraulic(1025, 2, 1),
  hydraulic(1025, 2, 2),
  presetRun('canyons', 1025, 2, 'session 20'),
  presetRun('mesas', 1025, 2, 'session 16'),
  presetRun('canyons', 1025, 2, 'session 21'),
  presetRun('mesas', 1025, 2, 'session 21'),
  presetRun('canyons', 1025, 2, 'session 22'),
  presetRun('canyons', 1025, 2, 'session 23'),
  presetRun('canyons', 1025, 2, 'session 24'),
  presetRun('mesas', 1025, 2, 'session 22'),
  presetRun('mesas', 1025, 2, 'session 23'),
  presetRun('mesas', 1025, 2, 'session 24'),
  presetRun('mesas', 1025, 2, 'session 25'),
  presetRun('canyons', 1025, 2, 'session 26'),
  presetRun('canyons', 1025, 2, 'session 28'),
  presetRun('mesas', 1025, 2, 'session 26'),
  presetRun('river-valleys', 1025, 2, 'session 26'),
  presetRun('mountains', 1025, 2, 'session 18'),
  presetRun('mountains', 1025, 2),
  presetRun('canyons', 1025, 2),
  presetRun('mesas', 1025, 2),
  presetRun('river-valleys', 1025, 2),
  hydraulic(4097, 2, 1),
  hydraulic(4097, 2, 2),
  presetRun('mountains', 4097, 2),
  presetRun('canyons', 4097, 2),
];
