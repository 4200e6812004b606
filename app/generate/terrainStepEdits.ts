import { evaluateStack, stackMakesWater } from '../../shared/layers/evaluate';
import type { Layer, ManualFault, ManualFaultsLayer } from '../../shared/layers/types';
import { stepLabel, type NormaliseStep, type SmoothStep } from '../../shared/recipe/steps';
import type { Editor } from '../document/editor';
import { diffTileEdit } from '../document/tileEdit';
import { stackWithStep } from '../jobs/stackOps';
import { withErosionMasks, withStack, withWater } from '../document/generationEdits';
import { createWaterSurface } from '../../shared/hydrology/waterSurface';
import { erosionCoverBytes } from '../../shared/erosion/cover';

/**
 * Evaluates `next` from scratch on the calling thread and records it with its heights as one undo
 * entry (headless use and tests; the editor evaluates through TerrainJobs.applyStack). False when
 * the heights and the stack stay as they were.
 */
export function applyStackNow(editor: Editor, next: Layer[], label: string): boolean {
  const doc = editor.document;
  const { width, depth, cellSize } = doc.field;
  const hydraulic = next.some((layer) => layer.enabled && layer.kind === 'hydraulic');
  const masks = hydraulic ? { flow: new Float32Array(width * depth), deposition: new Float32Array(width * depth) } : null;
  const water = stackMakesWater(next) ? createWaterSurface(width * depth) : null;
  const heights = evaluateStack(next, { width, depth, cellSize }, { masks: masks ?? undefined, water: water ?? undefined });
  if (!heights) return false;
  const edit = diffTileEdit(label, width, depth, doc.field.heights, heights);
  if (edit.tileCount === 0 && next.length === doc.stack.length && next.every((layer, k) => layer === doc.stack[k])) return false;
  editor.apply(withWater(withErosionMasks(withStack(edit, doc.stack, next), doc.erosionMasks, masks && erosionCoverBytes(masks)), doc.water, water));
  return true;
}

function applyStepNow(editor: Editor, step: SmoothStep | NormaliseStep): boolean {
  const next = stackWithStep(editor.document.stack, step);
  return next ? applyStackNow(editor, next, stepLabel(step)) : false;
}
export const smoothTerrain = (editor: Editor, k: number) => applyStepNow(editor, { kind: 'smooth', k });
export const normaliseTerrain = (editor: Editor, min: number, max: number) => applyStepNow(editor, { kind: 'normalise', min, max });
/** Flat ground: the empty stack (Run then starts a new faults layer). */
export const resetTerrain = (editor: Editor) => applyStackNow(editor, [], 'Reset to flat');

/**
 * The stack with one more manual fault: added to the layer `targetId` names when it is a manual
 * faults layer, else to the topmost one, else in a new one at the top. Null for a zero-length line.
 */
export function stackWithManualFault(stack: readonly Layer[], fault: ManualFault, targetId: string | null = null): Layer[] | null {
  if (fault.x1 === fault.x2 && fault.z1 === fault.z2) return null;
  const isFaults = (layer: Layer | undefined): layer is ManualFaultsLayer => layer?.kind === 'manualFaults';
  const selected = stack.findIndex((layer) => layer.id === targetId);
  let at = isFaults(stack[selected]) ? selected : -1;
  if (at < 0) for (let k = stack.length - 1; k >= 0 && at < 0; k--) if (isFaults(stack[k])) at = k;
  const next = stack.slice();
  const target = next[at];
  if (isFaults(target)) next[at] = { ...target, params: { faults: [...target.params.faults, fault] } };
  else {
    const ids = new Set(stack.map((layer) => layer.id));
    let id = 'manualFaults';
    for (let n = 2; ids.has(id); n++) id = `manualFaults-${n}`;
    next.push({ id, kind: 'manualFaults', name: 'Manual faults', enabled: true, opacity: 1, params: { faults: [fault] } });
  }
  return next;
}

/** One manual fault through (x1, z1)–(x2, z2) as one history entry, on this thread; false for a zero-length line. */
export function applyManualFault(editor: Editor, x1: number, z1: number, x2: number, z2: number, displacement: number): boolean {
  const next = stackWithManualFault(editor.document.stack, { x1, z1, x2, z2, displacement });
  return next ? applyStackNow(editor, next, 'Manual fault') : false;
}
