/**
 * Projects written before layers (format v1: a recipe and a history of steps, baked heights) as a
 * stack. A replayable recipe + steps become a `faults` layer (its continued runs kept as `runs`) and
 * one layer per step (consecutive manual faults in one `manualFaults` layer); anything else — no
 * recipe, a step that cannot be read, a run after another step — becomes one `heights` layer with
 * the saved heights. Whether the steps really give the saved heights (a brush stroke was never
 * recorded) is for `settleMigration` to check, by evaluating: then it falls back to the heights.
 */
import type { JsonObject } from '../json';
import type { FaultRecipe } from '../fault/recipe';
import { readStep } from '../recipe/replay';
import type { TerrainStep } from '../recipe/steps';
import { evaluateStack, type LayerRunOptions } from './evaluate';
import type { Layer, LayerSize, ManualFault } from './types';

const STEP_NAMES: Record<string, string> = {
  hydraulic: 'Hydraulic erosion',
  thermal: 'Thermal erosion',
  smooth: 'Smooth',
  normalise: 'Normalise',
  terrace: 'Terrace',
  channels: 'Canyons',
  manualFaults: 'Manual faults',
  fluvial: 'Fluvial erosion',
};

/** The one-layer stack of saved heights. */
export function heightsStack(heights: Float32Array, name = 'Heights'): Layer[] {
  return [{ id: 'heights', kind: 'heights', name, enabled: true, opacity: 1, params: {}, heights }];
}

/** The faults layer a recipe (and the runs it continued) becomes. */
export function faultsLayer(recipe: FaultRecipe, runs: number[] = []): Layer {
  return { id: 'faults', kind: 'faults', name: 'Faults', enabled: true, opacity: 1, params: runs.length > 0 ? { ...recipe, runs } : { ...recipe } };
}

/** Finishing steps (a preset's, an erode command's) as layers, ids unique after `taken`. */
export function stepLayers(steps: readonly TerrainStep[], taken: Set<string> = new Set(['faults'])): Layer[] | null {
  const layers: Layer[] = [];
  const id = (kind: string): string => {
    let n = 1;
    while (taken.has(n === 1 ? kind : `${kind}-${n}`)) n++;
    const chosen = n === 1 ? kind : `${kind}-${n}`;
    taken.add(chosen);
    return chosen;
  };
  // Numbered from 1, as water layers are (`fluvial-1`, `fluvial-2`, …).
  const numbered = (kind: string): string => {
    let n = 1;
    while (taken.has(`${kind}-${n}`)) n++;
    taken.add(`${kind}-${n}`);
    return `${kind}-${n}`;
  };
  for (const step of steps) {
    const base = { enabled: true, opacity: 1 };
    switch (step.kind) {
      case 'run':
        return null;
      case 'manualFault': {
        const { kind: _kind, ...fault } = step;
        const last = layers.at(-1);
        if (last?.kind === 'manualFaults') last.params.faults.push(fault as ManualFault);
        else layers.push({ ...base, id: id('manualFaults'), kind: 'manualFaults', name: STEP_NAMES.manualFaults, params: { faults: [fault] } });
        break;
      }
      case 'hydraulic': {
        const { kind: _kind, ...params } = step;
        layers.push({ ...base, id: id('hydraulic'), kind: 'hydraulic', name: STEP_NAMES.hydraulic, params });
        break;
      }
      case 'thermal': {
        const { kind: _kind, ...params } = step;
        layers.push({ ...base, id: id('thermal'), kind: 'thermal', name: STEP_NAMES.thermal, params });
        break;
      }
      case 'smooth':
        layers.push({ ...base, id: id('smooth'), kind: 'smooth', name: STEP_NAMES.smooth, params: { k: step.k } });
        break;
      case 'normalise':
        layers.push({ ...base, id: id('normalise'), kind: 'normalise', name: STEP_NAMES.normalise, params: { min: step.min, max: step.max } });
        break;
      case 'terrace':
        layers.push({
          ...base,
          id: id('terrace'),
          kind: 'terrace',
          name: STEP_NAMES.terrace,
          params: {
            step: step.step,
            riser: step.riser,
            base: step.base,
            ...(step.wander !== undefined && { wander: step.wander }),
            ...(step.wanderSpacing !== undefined && { wanderSpacing: step.wanderSpacing }),
          },
        });
        break;
      case 'fluvial': {
        const { kind: _kind, ...params } = step;
        layers.push({ ...base, id: numbered('fluvial'), kind: 'fluvial', name: STEP_NAMES.fluvial, params });
        break;
      }
      case 'channels':
        layers.push({
          ...base,
          id: id('channels'),
          kind: 'channels',
          name: STEP_NAMES.channels,
          params: { depth: step.depth, threshold: step.threshold, wallSlope: step.wallSlope },
        });
        break;
    }
  }
  return layers;
}

/** A recipe and its finishing steps (a preset) as a stack. */
export function presetStack(recipe: FaultRecipe, finishing: readonly TerrainStep[]): Layer[] {
  return [faultsLayer(recipe), ...(stepLayers(finishing) ?? [])];
}

export interface MigratedStack {
  stack: Layer[];
  /** 'replay': faults + step layers, still to be checked against the heights; 'heights': the saved heights. */
  from: 'replay' | 'heights';
  /** Why the history could not become layers (for 'heights'), or null. */
  reason: string | null;
}

/** A v1 project's recipe and history as a stack (see the module comment). */
export function migrateLegacy(recipe: FaultRecipe | null, history: readonly JsonObject[], heights: Float32Array): MigratedStack {
  const fallback = (reason: string): MigratedStack => ({ stack: heightsStack(heights), from: 'heights', reason });
  if (!recipe) return fallback(history.length > 0 ? 'its history has no recipe to replay' : 'it has no recipe (imported or hand-made heights)');
  const steps: TerrainStep[] = [];
  for (const [n, value] of history.entries()) {
    const step = readStep(value);
    if (typeof step === 'string') return fallback(`history step ${n + 1} cannot be replayed (${step})`);
    steps.push(step);
  }
  // Leading runs continue the recipe: where each ended becomes one of the faults layer's `runs`
  // (a run rounds to float32 at its end). A run after any other step cannot be a layer.
  const firstRun = steps.find((step): step is Extract<TerrainStep, { kind: 'run' }> => step.kind === 'run');
  let done = firstRun ? firstRun.start : recipe.iterations;
  const runs: number[] = [];
  let first = 0;
  for (; first < steps.length; first++) {
    const run = steps[first];
    if (run.kind !== 'run') break;
    if (run.start !== done) return fallback(`history step ${first + 1} continues from iteration ${run.start}, not ${done}`);
    if (run.start > 0 && run.end > run.start && runs.at(-1) !== run.start) runs.push(run.start);
    done = run.end;
  }
  const rest = stepLayers(steps.slice(first));
  if (!rest) return fallback('a continued run follows another step');
  const ends = runs.filter((end) => end < done);
  return { stack: [faultsLayer({ ...recipe, iterations: done }, ends), ...rest], from: 'replay', reason: null };
}

export interface SettledStack {
  stack: Layer[];
  /** True when the stack's evaluation equals the heights bit for bit. */
  reproduces: boolean;
  /** A sentence for the user when it does not. */
  note: string | null;
}

export function sameBits(a: Float32Array, b: Float32Array): boolean {
  if (a.length !== b.length) return false;
  const x = new Uint32Array(a.buffer, a.byteOffset, a.length);
  const y = new Uint32Array(b.buffer, b.byteOffset, b.length);
  for (let k = 0; k < x.length; k++) if (x[k] !== y[k]) return false;
  return true;
}

/**
 * Evaluates a stack and compares it with the saved heights. A migrated replay that does not give
 * them falls back to the heights (nothing is lost); a saved stack that does not is reported.
 * Null when cancelled.
 */
export function settleStack(stack: Layer[], heights: Float32Array, size: LayerSize, migrated: boolean, options: LayerRunOptions = {}): SettledStack | null {
  const evaluated = evaluateStack(stack, size, options);
  if (!evaluated) return null;
  if (sameBits(evaluated, heights)) return { stack, reproduces: true, note: null };
  if (migrated) {
    return {
      stack: heightsStack(heights),
      reproduces: true,
      note: 'its recipe and history do not give its saved heights (edits that were never recorded, such as brush strokes): they open as one heights layer',
    };
  }
  let first = 0;
  while (first < heights.length && Object.is(evaluated[first], heights[first])) first++;
  return {
    stack,
    reproduces: false,
    note:
      `its layers do not give its saved heights (first difference at height ${first}, column ${first % size.width}, ` +
      `row ${Math.floor(first / size.width)}): the saved heights are shown`,
  };
}
