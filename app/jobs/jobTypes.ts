/** What a terrain job is asked and answers (TerrainJobs, terrainJobs.ts). */
import type { FaultRecipe } from '../../shared/fault/recipe';
import type { FinishingStep } from '../../shared/recipe/steps';
import type { LayerSize } from '../../shared/layers/types';
import type { DocumentEdit } from '../document/history';
import type { LayerChange } from './localEvaluator';
import type { LocalEdit } from './localEdit';

export interface GenerateSettings {
  width: number;
  depth: number;
  cellSize: number;
  recipe: FaultRecipe;
  /** Filters and erosion run after the faults, in the same job and the same undo entry (a preset's). */
  finishing?: readonly FinishingStep[];
}

export interface ApplyStackOptions {
  /** Another map size (a generation at a new size). */
  size?: LayerSize;
  /** What changed, when known (a stroke: one layer inside a rectangle). */
  change?: LayerChange;
  /**
   * Called right before the document is written, and when the evaluation is abandoned: a gesture
   * that previewed its result in the heights puts them back, so the edit records the real before.
   */
  beforeApply?: (applying: boolean) => void;
  /** Adds to the stack's edit what belongs in the same undo entry (props a road clears), given the heights' edit. */
  wrap?: (edit: DocumentEdit) => DocumentEdit;
  /**
   * The local edit (a gesture) whose preview the heights hold: recorded as it is when it shows `next`
   * exactly (one Editor.apply, nothing evaluated again), else put back before the edit records its before.
   */
  preview?: LocalEdit;
}

export type JobResult = 'done' | 'cancelled' | 'failed' | 'busy';
