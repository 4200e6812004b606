/**
 * Whether a command may build on, or read the water of, IN's layer stack. A command that adds a layer on
 * top of it (`water`, `river`, `road`) or reads the water its layers make (`drive`, `scatter` keeping
 * props out of water, `export --preset … --water` and mask rules reading `water` or `shore`) refuses a
 * project whose own stack is bad (a hostile water or river layer: values out of range, too few points,
 * off the map) with one line naming the file, the layer and the problem, exit 2, nothing written — never
 * silently replaced by its saved heights, nor its water by none.
 */
import { NO_LAYER_STACK, type LayerStatus } from '../../shared/codecs/project';
import { EXIT_USAGE } from './exitCodes';
import type { LoadedInput } from './inputs';
import type { CliIo } from './io';

/** The problem of a project's own stack that keeps a command from using it, or null. */
export function inputStackProblem(status: LayerStatus | undefined): string | null {
  // A version 1 project's problem is its migration's (its steps are replaced by its heights, with a
  // note); a project saved without a stack is its heights, as any heightmap.
  if (!status?.problem || status.version < 2 || status.problem === NO_LAYER_STACK) return null;
  return status.problem;
}

/** Null when the stack may be used; else the exit code, its one line said. */
export function refusedStackStatus(io: CliIo, command: string, inputName: string, status: LayerStatus | undefined): number | null {
  const problem = inputStackProblem(status);
  if (problem === null) return null;
  io.stderr(`faultline ${command}: ${inputName}: ${problem}\n`);
  return EXIT_USAGE;
}

/** Null when the input's stack may be built on; else the exit code, its one line said. */
export function refusedInputStack(io: CliIo, command: string, inputName: string, loaded: LoadedInput): number | null {
  return refusedStackStatus(io, command, inputName, loaded.layerStatus);
}
