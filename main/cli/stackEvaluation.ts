/**
 * Evaluating an input's layer stack in a CLI command (`layers`, `road`): with progress on stderr for
 * long runs, every failure as one line naming the command, the file and the layer, and a note when a
 * file's saved heights are not what its layers give (as the window's open check says).
 */
import { evaluateStack } from '../../shared/layers/evaluate';
import { sameBits } from '../../shared/layers/migrate';
import type { Layer, LayerSize } from '../../shared/layers/types';
import { printableText } from '../../shared/layers/validate';
import { hydraulicStep, thermalStep } from '../../shared/recipe/steps';
import type { CliIo } from './io';
import { createCliProgress, faultStage, stepStage, type ProgressStage } from './progress';

/** One progress stage per enabled layer, weighted by its work (about one vertex update each). */
export function layerStages(stack: readonly Layer[], size: LayerSize): ProgressStage[] {
  const vertices = size.width * size.depth;
  return stack
    .filter((layer) => layer.enabled)
    .map((layer): ProgressStage => {
      const named = (label: string) => `${label} (layer "${layer.id}")`;
      if (layer.kind === 'faults') {
        const stage = faultStage(layer.params, size.width, size.depth, size.cellSize);
        return { ...stage, label: named(stage.label) };
      }
      if (layer.kind === 'hydraulic' || layer.kind === 'thermal') {
        const stage = stepStage(layer.kind === 'hydraulic' ? hydraulicStep(layer.params) : thermalStep(layer.params), vertices);
        return { ...stage, label: named(stage.label) };
      }
      return { label: named(`${layer.kind} layer`), work: vertices };
    });
}

export interface StackRun {
  io: CliIo;
  command: string;
  /** The input file's name as messages show it. */
  fileName: string;
  size: LayerSize;
  /** The heights below the stack (not written); absent: flat ground. */
  input?: Float32Array;
  /** The layers that gave `input` (a road joins the roads among them). */
  below?: readonly Layer[];
}

/**
 * The stack's heights, or null after printing `faultline COMMAND: FILE: layer …: problem` (an
 * evaluation error names its layer: shared/layers/evaluate.ts LayerEvaluationError).
 */
export function evaluateForCli(stack: readonly Layer[], run: StackRun): Float32Array | null {
  const { io, command, fileName, size } = run;
  const progress = createCliProgress(io, command, `${fileName} (${size.width}×${size.depth})`, layerStages(stack, size), false);
  // evaluateStack reports (layers done + fraction of the current one) of the enabled layers.
  const onProgress = (done: number) => {
    const index = Math.floor(done);
    progress.stage(index)(done - index, 1);
  };
  try {
    const heights = evaluateStack(stack, size, { onProgress, ...(run.below ? { below: run.below } : {}) }, run.input);
    if (!heights) throw new Error('the evaluation was cancelled');
    // Layers that report no progress of their own (local kinds) end the run at 100 %.
    const stages = stack.filter((layer) => layer.enabled).length;
    if (stages > 0) progress.stage(stages - 1)(1, 1);
    return heights;
  } catch (error) {
    io.stderr(`faultline ${command}: ${fileName}: ${printableText(error instanceof Error ? error.message : String(error))}\n`);
    return null;
  }
}

/**
 * A note (on stderr) when a project's saved heights differ from what its layers give: the command
 * writes its layers' heights, so every height that differs changes. Null when they agree.
 */
export function savedHeightsNote(evaluated: Float32Array, saved: Float32Array, width: number): string | null {
  if (sameBits(evaluated, saved)) return null;
  let first = 0;
  while (first < saved.length && Object.is(evaluated[first], saved[first])) first++;
  let differ = 0;
  for (let k = first; k < saved.length; k++) if (!Object.is(evaluated[k], saved[k])) differ++;
  return (
    `its saved heights are not what its layers give (${differ.toLocaleString('en-US')} of ${saved.length.toLocaleString('en-US')} differ, the ` +
    `first at column ${first % width}, row ${Math.floor(first / width)}): the output has its layers' heights, not the saved ones`
  );
}
