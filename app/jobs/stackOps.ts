/**
 * What the generator's commands do to a stack (pure): Run writes the form's recipe to the faults
 * layer and its finishing steps to the whole-map layers right above it, keeping every other layer
 * (sculpting, manual faults, stamps… survive a new seed); Run more continues the faults layer;
 * an erode or filter command adds a layer at the top.
 */
import type { FaultRecipe } from '../../shared/fault/recipe';
import { faultsLayer, stepLayers } from '../../shared/layers/migrate';
import type { FaultsLayer, Layer, LayerStack } from '../../shared/layers/types';
import type { TerrainStep } from '../../shared/recipe/steps';

/** The kinds a preset's finishing steps become (shared/layers/migrate.ts stepLayers). */
const FINISHING_KINDS: ReadonlySet<Layer['kind']> = new Set(['hydraulic', 'thermal', 'smooth', 'normalise', 'terrace', 'channels', 'fluvial']);

/** Whether a layer holds one value per vertex (sculpt tiles, heights, a painted mask): it belongs to one map size. */
export function holdsVertexData(layer: Layer): boolean {
  return layer.kind === 'sculpt' || layer.kind === 'heights' || layer.mask?.kind === 'painted';
}

export interface GeneratedStack {
  stack: Layer[];
  /** Layers left out because they hold per-vertex data of another map size. */
  dropped: Layer[];
}

/**
 * The stack after Run: the faults layer (keeping its id, name, visibility, opacity and mask) with
 * `recipe`, the finishing layers directly above it replaced by `finishing`, the rest kept. Without a
 * faults layer, the generator goes at the bottom and imported heights layers make way for it.
 */
export function generatedStack(stack: LayerStack, recipe: FaultRecipe, finishing: readonly TerrainStep[], sameSize: boolean): GeneratedStack {
  const dropped = sameSize ? [] : stack.filter(holdsVertexData);
  const kept = stack.filter((layer) => sameSize || !holdsVertexData(layer));
  const at = kept.findIndex((layer) => layer.kind === 'faults');
  let below: Layer[];
  let above: Layer[];
  let faults: Layer;
  if (at >= 0) {
    const old = kept[at] as FaultsLayer;
    let end = at + 1;
    while (end < kept.length && FINISHING_KINDS.has(kept[end].kind)) end++;
    below = kept.slice(0, at);
    above = kept.slice(end);
    faults = { ...old, params: { ...recipe } };
  } else {
    const heights = kept.filter((layer) => layer.kind === 'heights');
    dropped.push(...heights);
    below = [];
    above = kept.filter((layer) => layer.kind !== 'heights');
    faults = faultsLayer(recipe);
  }
  const taken = new Set([...below, ...above, faults].map((layer) => layer.id));
  const steps = stepLayers(finishing, taken) ?? [];
  return { stack: [...below, faults, ...steps, ...above], dropped };
}

/** The stack with its faults layer continued by `count` iterations (the end of this run kept as one of its `runs`); null without one. */
export function continuedStack(stack: LayerStack, count: number): Layer[] | null {
  const at = stack.findIndex((layer) => layer.kind === 'faults');
  if (at < 0) return null;
  const layer = stack[at] as FaultsLayer;
  const { iterations, runs = [] } = layer.params;
  const nextRuns = iterations > 0 ? [...runs, iterations] : runs;
  const next: FaultsLayer = { ...layer, params: { ...layer.params, iterations: iterations + count, ...(nextRuns.length > 0 ? { runs: nextRuns } : {}) } };
  const out = stack.slice();
  out[at] = next;
  return out;
}

/** The stack with `step` (an erosion or a filter) as a new layer at the top; null for a step that is not a layer. */
export function stackWithStep(stack: LayerStack, step: TerrainStep): Layer[] | null {
  const layers = stepLayers([step], new Set(stack.map((layer) => layer.id)));
  if (!layers || layers.length === 0) return null;
  return [...stack, ...layers];
}
