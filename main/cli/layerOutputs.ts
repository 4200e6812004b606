/**
 * The --out files of a command that adds a layer on top of IN's stack (`road`, `river`): each path's
 * type known when the arguments are read, every target checked before any work (none given twice,
 * each writable), and each --out encoded from the shaped heights with the new stack (a .faultline
 * keeps it, so the layer can be edited later) with the line stdout says once all are written.
 */
import { displayFileName } from '../../shared/codecs/errors';
import type { FaultRecipe } from '../../shared/fault/recipe';
import type { JsonObject } from '../../shared/json';
import type { Layer } from '../../shared/layers/types';
import type { Heightfield } from '../../shared/terrain/heightfield';
import { message } from './errors';
import { EXIT_FAILURE, EXIT_USAGE } from './exitCodes';
import type { CliIo } from './io';
import { UsageError } from './options';
import { checkOutputs, type OutputFile } from './outputSet';
import { outputFormatFor } from './outputs';

/** The --out paths given (at least one, each of a known type); a UsageError otherwise. */
export function requiredOutputs(given: readonly string[] | undefined): string[] {
  const outputs = [...(given ?? [])];
  if (outputs.length === 0) throw new UsageError('at least one --out FILE is required');
  for (const path of outputs) if (!outputFormatFor(path)) throw new UsageError(`--out ${path}: unknown output type`);
  return outputs;
}

/** Null when every target may be written; else the exit code, its one line said. */
export async function refusedOutputs(io: CliIo, command: string, targets: readonly string[]): Promise<number | null> {
  if (new Set(targets).size !== targets.length) {
    io.stderr(`faultline ${command}: the same file is given for two outputs\n`);
    return EXIT_USAGE;
  }
  return (await checkOutputs(io, command, targets)) ? null : EXIT_FAILURE;
}

/** Each --out's bytes and its stdout line; null (its one line said) when one cannot be encoded. */
export async function encodeLayerOutputs(
  io: CliIo,
  command: string,
  paths: readonly string[],
  shaped: Heightfield,
  /** `view`: the input project's view, kept (its climate, lines and sea); absent for a heightmap input. */
  saved: { recipe: FaultRecipe | null; props: JsonObject[]; layers: Layer[]; view?: JsonObject },
): Promise<{ files: OutputFile[]; lines: string[] } | null> {
  const files: OutputFile[] = [];
  const lines: string[] = [];
  try {
    for (const path of paths) {
      const format = outputFormatFor(path)!;
      files.push({
        path,
        bytes: await format.encodeAsync(shaped, {
          recipe: saved.recipe,
          history: [],
          props: saved.props,
          layers: saved.layers,
          ...(saved.view && { view: saved.view }),
          fileName: displayFileName(path),
        }),
      });
      lines.push(`wrote ${path} (${shaped.width}×${shaped.depth}, ${saved.layers.length} layers)\n`);
    }
  } catch (error) {
    io.stderr(`faultline ${command}: ${message(error)}\n`);
    return null;
  }
  return { files, lines };
}
