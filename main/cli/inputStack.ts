/**
 * Whether a command that adds a layer on top of IN's stack (`water`, `river`, `road`) may build on
 * it: a project whose own stack is bad (a hostile water or river layer: values out of range, too few
 * points, off the map) is refused with one line naming the file, the layer and the problem, exit 2,
 * nothing written — never silently replaced by its saved heights in the project written.
 */
import { NO_LAYER_STACK } from '../../shared/codecs/project';
import { EXIT_USAGE } from './exitCodes';
import type { LoadedInput } from './inputs';
import type { CliIo } from './io';

/** Null when the input's stack may be built on; else the exit code, its one line said. */
export function refusedInputStack(io: CliIo, command: string, inputName: string, loaded: LoadedInput): number | null {
  const status = loaded.layerStatus;
  // A version 1 project's problem is its migration's (its steps are replaced by its heights, with a
  // note); a project saved without a stack is its heights, as any heightmap.
  if (!status?.problem || status.version < 2 || status.problem === NO_LAYER_STACK) return null;
  io.stderr(`faultline ${command}: ${inputName}: ${status.problem}\n`);
  return EXIT_USAGE;
}
