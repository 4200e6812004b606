/**
 * `faultline export IN --out FILE` (any readable file to any writable type) and `faultline info FILE`
 * (what a file holds, as JSON). A bad input is one line naming the file, exit 1, and nothing written.
 */
import { displayFileName } from '../../shared/codecs/errors';
import { extensionOf } from '../../shared/codecs/registry';
import { MAX_PROJECT_FILE_BYTES } from '../services/projectCodecIo';
import { heightRange } from '../../shared/terrain/heightfield';
import { UsageError } from './options';
import type { CliIo, ReadLimit } from './io';
import { MAX_MASK_RULES_BYTES } from '../../shared/export/masks';
import { parseExportArgs, parseInfoArgs, type InputOptions } from './exchangeArgs';
import { runEngineExport, runMultiFileExport } from './engineExport';
import { loadInput, type LoadedInput } from './inputs';
import { outputFormatFor } from './outputs';
import { exportEntryFor, fileExportRefusal } from './fileExportMemory';
import { EXIT_OK, EXIT_FAILURE, EXIT_USAGE } from './exitCodes';
import { message } from './errors';
export { message } from './errors';

/** A project input is read up to the largest valid project (its stack's data within the one limit), not a heightmap's cap. */
export const PROJECT_READ_LIMIT: ReadLimit = { maxBytes: MAX_PROJECT_FILE_BYTES, kind: 'a Faultline project' };

export async function readAndLoad(io: CliIo, command: string, input: string, read: InputOptions): Promise<LoadedInput | null> {
  const readFile = io.readFile ?? (await import('./readInputFile')).readInputFile;
  try {
    const bytes = await readFile(input, extensionOf(input) === 'faultline' ? PROJECT_READ_LIMIT : undefined);
    return await loadInput(bytes, displayFileName(input), read);
  } catch (error) {
    const text = message(error);
    const name = displayFileName(input);
    io.stderr(`faultline ${command}: ${text.startsWith(`${name}:`) ? text : `${name}: ${text}`}\n`);
    return null;
  }
}

/** The same io, but the masks rules file is read with its own 1 MiB cap (not a heightmap's). */
async function withMasksCap(io: CliIo, masksFile: string | undefined): Promise<CliIo> {
  if (masksFile === undefined) return io;
  const readFile = io.readFile ?? (await import('./readInputFile')).readInputFile;
  const limit: ReadLimit = { maxBytes: MAX_MASK_RULES_BYTES, kind: 'a masks rules file' };
  return { ...io, readFile: (path, given) => readFile(path, path === masksFile ? limit : given) };
}

function usage(io: CliIo, command: string, run: () => void): boolean {
  try {
    run();
    return true;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`faultline ${command}: ${error.message} (see faultline ${command} --help)\n`);
    return false;
  }
}

export async function runExport(args: readonly string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parseExportArgs> | undefined;
  if (!usage(io, 'export', () => (parsed = parseExportArgs(args))) || !parsed) return EXIT_USAGE;
  const options = parsed;
  // Only an engine export (a road's footprint as a mask source) and a colour map (the rock beds' strata) read the stack.
  const stack = options.engine !== undefined || Boolean(options.colourMap);
  const loaded = await readAndLoad(io, 'export', options.input, { ...options.read, stack });
  if (!loaded) return EXIT_FAILURE;
  if (options.engine) return runEngineExport(options, loaded, await withMasksCap(io, options.engine.masksFile));
  if (options.tiles || options.normalMap || options.colourMap) return runMultiFileExport(options, loaded, io);
  const format = outputFormatFor(options.output)!; // checked by parseExportArgs
  // An export the machine cannot hold is refused before anything is encoded (exit 1, as for engine exports).
  const entry = exportEntryFor(options.output, options.bits);
  const tooLarge = entry && fileExportRefusal(io, { format: entry, map: { width: loaded.field.width, depth: loaded.field.depth } });
  if (tooLarge) {
    io.stderr(`faultline export: ${tooLarge}\n`);
    return EXIT_FAILURE;
  }
  let bytes: Uint8Array;
  try {
    bytes = await format.encodeAsync(loaded.field, {
      bits: options.bits,
      range: options.range,
      byteOrder: options.byteOrder,
      flip: options.flip,
      exrCompression: options.exrCompression,
      geo: loaded.geo,
      recipe: loaded.recipe,
      history: loaded.history,
      props: loaded.props,
      fileName: displayFileName(options.output),
    });
  } catch (error) {
    io.stderr(`faultline export: ${message(error)}\n`);
    return EXIT_FAILURE;
  }
  try {
    await io.writeFile(options.output, bytes);
  } catch (error) {
    io.stderr(`faultline export: cannot write ${options.output}: ${message(error)}\n`);
    return EXIT_FAILURE;
  }
  const { width, depth } = loaded.field;
  io.stdout(`wrote ${options.output} (${width}×${depth}, ${format.extension.slice(1)}, from ${loaded.kind})\n`);
  return EXIT_OK;
}

export async function runInfo(args: readonly string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parseInfoArgs> | undefined;
  if (!usage(io, 'info', () => (parsed = parseInfoArgs(args))) || !parsed) return EXIT_USAGE;
  // info reports what the file holds besides its stack: the stack's data is never inflated.
  const loaded = await readAndLoad(io, 'info', parsed.input, { ...parsed.read, stack: false });
  if (!loaded) return EXIT_FAILURE;
  const { field } = loaded;
  const { min, max } = heightRange(field.heights);
  const info = {
    file: displayFileName(parsed.input),
    kind: loaded.kind,
    width: field.width,
    depth: field.depth,
    cellSize: field.cellSize,
    bitDepth: loaded.bitDepth,
    minHeight: min,
    maxHeight: max,
    metadata: loaded.metadata,
  };
  io.stdout(`${JSON.stringify(info, null, 2)}\n`);
  return EXIT_OK;
}
