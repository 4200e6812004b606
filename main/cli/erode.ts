/**
 * `faultline erode IN --out OUT [--thermal N --talus DEG] [--hydraulic DROPLETS] --seed S`: erodes an
 * existing heightmap or project with the same steps the editor records. A project keeps its recipe and
 * gets the steps appended to its history, so it still replays bit for bit.
 */
import { displayFileName } from '../../shared/codecs/errors';
import { createHeightfield } from '../../shared/terrain/heightfield';
import type { ErosionMasks } from '../../shared/erosion/hydraulic';
import { stepLabel, type FinishingStep } from '../../shared/recipe/steps';
import { tokenizeOptions, UsageError } from './options';
import type { CliIo } from './io';
import { parseCommand } from './commandArgs';
import { parseNumber, parseWhole } from './numbers';
import { EROSION_HELP, EROSION_OPTIONS, erosionStepsFrom, parseThreadsOption, runFinishingStep, type ErosionValues } from './erosionArgs';
import { message, readAndLoad } from './exchangeCommands';
import { outputFormatFor, outputFormats } from './outputs';
import { checkOutputs, writeOutputs } from './outputSet';
import type { LoadedInput } from './inputs';
import { heightsStack, settleStack, stepLayers } from '../../shared/layers/migrate';
import type { Layer } from '../../shared/layers/types';
import { createCliProgress, stepStage } from './progress';

export interface ErodeOptions {
  input: string;
  outputs: string[];
  steps: FinishingStep[];
  cellSize: number | undefined;
  /** Write PREFIX.flow.png and PREFIX.deposition.png (8-bit) when hydraulic erosion runs. */
  masks: string | undefined;
  /** Worker threads (`--threads`); undefined = the machine's cores. */
  threads: number | undefined;
  /** No progress lines on stderr. */
  quiet: boolean;
}

export function erodeHelp(): string {
  return `faultline erode IN --out OUT [--out OUT…] [options]

Erodes a heightmap (.png, .r16/.raw, .r32) or a project (.faultline) and writes the result in any
format faultline writes. Thermal erosion runs first, then hydraulic. A project keeps its recipe and
gets the erosion appended to its history.

${EROSION_HELP}
Other options:
  --seed S                  seeds the hydraulic droplets (default 1)
  --masks PREFIX            also write PREFIX.flow.png and PREFIX.deposition.png (8-bit, 0…max)
  --cell-size M             metres between samples, for inputs that do not say (default: the file's, else 1)
  --out FILE                repeatable; the type follows the extension (${outputFormats()
    .map((f) => f.extension)
    .join(', ')})
  --quiet                   no progress on stderr (by default a large run says its work up front, and
                            a run of more than a few seconds prints a line per 5 %)

Every target (--out, --masks) is checked before eroding, and all are written or none.
`;
}

const ERODE_OPTIONS = [...Object.keys(EROSION_OPTIONS), 'out', 'seed', 'masks', 'cell-size', 'threads'].map((name) => `--${name}`);

export function parseErodeArgs(args: readonly string[]): ErodeOptions {
  const tokens = tokenizeOptions(args, [...ERODE_OPTIONS, '--quiet'], { repeatable: ['--out'], flags: ['--quiet'] });
  const one = (name: string): string | undefined => tokens.values.get(`--${name}`)?.[0];
  const values = {
    ...(Object.fromEntries(Object.keys(EROSION_OPTIONS).map((name) => [name, one(name)])) as ErosionValues),
    out: tokens.values.get('--out'),
    seed: one('seed'),
    masks: one('masks'),
    'cell-size': one('cell-size'),
    threads: one('threads'),
  };
  const positionals = tokens.positional;
  if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'an input file is required' : `one input file only, got ${positionals.length}`);
  const outputs = values.out ?? [];
  if (outputs.length === 0) throw new UsageError('at least one --out FILE is required');
  for (const path of outputs) if (!outputFormatFor(path)) throw new UsageError(`--out ${path}: unknown output type`);
  const seed = values.seed === undefined ? 1 : parseWhole('--seed', values.seed, 0, 0xffffffff);
  const steps = erosionStepsFrom(values, seed);
  if (steps.length === 0) throw new UsageError('nothing to do: give --thermal N and/or --hydraulic DROPLETS');
  // Thermal first, then hydraulic: talus-settled slopes, then water carves them.
  steps.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'thermal' ? -1 : 1));
  const cellSize = values['cell-size'] === undefined ? undefined : parseNumber('--cell-size', values['cell-size'], Number.MIN_VALUE);
  if (values.masks === '') throw new UsageError('--masks needs a file name prefix');
  return {
    input: positionals[0],
    outputs,
    steps,
    cellSize,
    masks: values.masks,
    threads: parseThreadsOption(values.threads),
    quiet: tokens.values.has('--quiet'),
  };
}

/**
 * The stack a project output keeps: the input's (a v1 project's steps only if they give its heights;
 * other inputs as one heights layer) with the erosion steps as layers on top.
 */
function erodedLayers(loaded: LoadedInput, before: Float32Array, steps: readonly FinishingStep[]): Layer[] {
  const size = loaded.field;
  let base = loaded.layers ?? heightsStack(before);
  if (loaded.layerStatus?.origin === 'replay') base = settleStack(base, before, size, true)?.stack ?? heightsStack(before);
  return [...base, ...(stepLayers(steps, new Set(base.map((layer) => layer.id))) ?? [])];
}

/** A mask as an 8-bit PNG spanning 0…its largest value. */
function maskPng(values: Float32Array, width: number, depth: number, path: string): Uint8Array {
  let max = 0;
  for (let k = 0; k < values.length; k++) if (values[k] > max) max = values[k];
  const field = createHeightfield(width, depth, 1, values);
  return outputFormatFor(path)!.encode(field, { bits: 8, range: { min: 0, max: max > 0 ? max : 1 }, fileName: displayFileName(path) });
}

export async function runErode(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCommand('erode', args, io, erodeHelp, parseErodeArgs);
  if (!parsed.ok) return parsed.exitCode;
  const options = parsed.options;
  const maskPaths = options.masks ? [`${options.masks}.flow.png`, `${options.masks}.deposition.png`] : [];
  if (!(await checkOutputs(io, 'erode', [...options.outputs, ...maskPaths]))) return 1;
  const loaded = await readAndLoad(io, 'erode', options.input, { cellSize: options.cellSize });
  if (!loaded) return 1;
  const { field } = loaded;
  // What the input's heights were, for its stack (a v1 project's steps are checked against them).
  const before = field.heights.slice();
  const masks: ErosionMasks | undefined = options.masks
    ? { flow: new Float32Array(field.heights.length), deposition: new Float32Array(field.heights.length) }
    : undefined;
  const stages = options.steps.map((step) => stepStage(step, field.width * field.depth));
  const progress = createCliProgress(io, 'erode', `${displayFileName(options.input)} (${field.width}×${field.depth})`, stages, options.quiet);
  try {
    for (const [k, step] of options.steps.entries()) {
      await runFinishingStep(io.stepRunner, field, step, loaded.recipe, options.threads, { masks, onProgress: progress.stage(k) });
      io.stdout(`${stepLabel(step)}: done\n`);
    }
  } catch (error) {
    io.stderr(`faultline erode: ${displayFileName(options.input)}: ${message(error)}\n`);
    return 1;
  }
  const files: [string, Uint8Array][] = [];
  const layers = erodedLayers(loaded, before, options.steps);
  try {
    for (const path of options.outputs) {
      const format = outputFormatFor(path)!;
      const history = [...loaded.history, ...options.steps.map((step) => ({ ...step }))];
      files.push([
        path,
        format.encode(field, {
          recipe: loaded.recipe,
          history,
          props: loaded.props,
          layers,
          ...(loaded.project && { view: loaded.project.view }),
          fileName: displayFileName(path),
        }),
      ]);
    }
    if (masks && options.masks) {
      files.push([`${options.masks}.flow.png`, maskPng(masks.flow, field.width, field.depth, `${options.masks}.flow.png`)]);
      files.push([`${options.masks}.deposition.png`, maskPng(masks.deposition, field.width, field.depth, `${options.masks}.deposition.png`)]);
    }
  } catch (error) {
    io.stderr(`faultline erode: ${message(error)}\n`);
    return 1;
  }
  // All or nothing: one target that cannot be written leaves every other one as it was.
  if (
    !(await writeOutputs(
      io,
      'erode',
      files.map(([path, bytes]) => ({ path, bytes })),
    ))
  )
    return 1;
  for (const [path] of files) io.stdout(`wrote ${path} (${field.width}×${field.depth})\n`);
  return 0;
}
