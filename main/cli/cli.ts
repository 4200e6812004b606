/**
 * The `faultline` command line, free of Node APIs so it runs under test with a fake io: index.ts
 * supplies the process streams and an atomic file writer.
 */
import { createCliProgress, faultStage, stepStage } from './progress';
import { generateFaults, runFaultFormation, type Fault } from '../../shared/fault/fastFormation';
import { presetStack } from '../../shared/layers/migrate';
import { DEFAULT_VIEW_SETTINGS } from '../../shared/ipc/contract';
import type { JsonObject } from '../../shared/json';
import { presetView } from '../../shared/presets/presetView';
import { profileOf, type FaultRecipe } from '../../shared/fault/recipe';
import { createHeightfield, terrainExtent, type Heightfield } from '../../shared/terrain/heightfield';
import { parseGenerateArgs, type GenerateOptions } from './args';
import { exportHelp, generateHelp, infoHelp, mainHelp } from './help';
import { runExport, runInfo } from './exchangeCommands';
import { runScatter } from './scatter';
import { runDrive } from './drive';
import { runErode } from './erode';
import { runLayers } from './layers';
import { runRiver } from './river';
import { runRoad } from './road';
import { runWater } from './water';
import { outputFormatFor } from './outputs';
import { runFinishingStep } from './erosionArgs';
import type { CliIo } from './io';
import { checkOutputs, writeOutputs, type OutputFile } from './outputSet';
import { parseCommand } from './commandArgs';
import { EXIT_OK, EXIT_FAILURE, EXIT_USAGE } from './exitCodes';
export { EXIT_OK, EXIT_FAILURE, EXIT_USAGE } from './exitCodes';

const wantsHelp = (args: readonly string[]): boolean => args.includes('--help') || args.includes('-h');

export async function runCli(args: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = args;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    io.stdout(mainHelp());
    return command === undefined ? EXIT_USAGE : EXIT_OK;
  }
  if (command === 'export' || command === 'info') {
    if (wantsHelp(rest)) {
      io.stdout(command === 'export' ? exportHelp() : infoHelp());
      return EXIT_OK;
    }
    return command === 'export' ? runExport(rest, io) : runInfo(rest, io);
  }
  if (command === 'scatter') return runScatter(rest, io);
  if (command === 'drive') return runDrive(rest, io);
  if (command === 'drivability') return (await import('./drivability')).runDrivability(rest, io);
  if (command === 'erode') return runErode(rest, io);
  if (command === 'layers') return runLayers(rest, io);
  if (command === 'road') return runRoad(rest, io);
  if (command === 'water') return runWater(rest, io);
  if (command === 'river') return runRiver(rest, io);
  if (command !== 'generate') {
    io.stderr(`faultline: unknown command "${command}" (try faultline --help)\n`);
    return EXIT_USAGE;
  }
  const parsed = parseCommand('generate', rest, io, generateHelp, parseGenerateArgs);
  if (!parsed.ok) return parsed.exitCode;
  const options = parsed.options;
  const targets = [...options.outputs, ...(options.emitLines !== undefined ? [options.emitLines] : [])];
  if (!(await checkOutputs(io, 'generate', targets))) return EXIT_FAILURE;
  const field = await generate(options, io);
  const view = savedPresetView(options, field);
  const files: OutputFile[] = [];
  const lines: string[] = [];
  for (const path of options.outputs) {
    // parseGenerateArgs has checked every extension.
    const format = outputFormatFor(path)!;
    files.push({
      path,
      bytes: await format.encodeAsync(field, {
        fileName: path,
        recipe: options.recipe,
        history: options.finishing.map((step) => ({ ...step })),
        layers: presetStack(options.recipe, options.finishing),
        ...(view && { view }),
      }),
    });
    lines.push(`wrote ${path} (${field.width}×${field.depth}, ${format.extension.slice(1)})\n`);
  }
  if (options.emitLines !== undefined) {
    // The lines are generated again from the seed only when asked for: the run itself streams them.
    const faults = generateFaults(options.recipe, terrainExtent(field), 0, options.recipe.iterations);
    files.push({ path: options.emitLines, bytes: new TextEncoder().encode(linesJson(field, faults, options.recipe)) });
    lines.push(`wrote ${options.emitLines} (${faults.length} lines)\n`);
  }
  // All or nothing: one target that cannot be written leaves every other one as it was.
  if (!(await writeOutputs(io, 'generate', files))) return EXIT_FAILURE;
  for (const line of lines) io.stdout(line);
  return EXIT_OK;
}

/**
 * The view a project made with `--preset` is saved with: the settings a new window starts with, in the
 * preset's climate (tree and snow lines, desert or temperate) and with its sea, as the editor's Run of
 * the preset sets them (app/editorSession.ts), so Canyons and Mesas open, and export their colour maps,
 * as deserts. None without `--preset`, and none for `--preset classic` (its project bytes as before presets).
 */
function savedPresetView(options: GenerateOptions, field: Heightfield): JsonObject | undefined {
  const { preset } = options;
  if (preset === undefined || preset === 'classic') return undefined;
  return { ...DEFAULT_VIEW_SETTINGS, ...presetView(preset, field, field.heights) };
}

async function generate(options: GenerateOptions, io: CliIo): Promise<Heightfield> {
  const { width, depth, cellSize, recipe, finishing } = options;
  const stages = [faultStage(recipe, width, depth, cellSize), ...finishing.map((step) => stepStage(step, width * depth))];
  const progress = createCliProgress(io, 'generate', `${width}×${depth}`, stages, options.quiet);
  const field = createHeightfield(width, depth, cellSize);
  // Streamed in batches (shared/fault/fastFormation.ts): memory does not grow with the iterations.
  runFaultFormation(field, recipe, { onProgress: progress.stage(0) });
  for (const [k, step] of finishing.entries())
    await runFinishingStep(io.stepRunner, field, step, recipe, options.threads, { onProgress: progress.stage(k + 1) });
  return field;
}

/**
 * The lines as applied: (a, b, c) in world metres with a·x + b·z − c > 0 rising (for the cross method
 * the equivalent normal form), displacement as quantised by the fast formation; with the smooth profile, the
 * profile too (every line has the recipe's).
 */
function linesJson(field: Heightfield, faults: readonly Fault[], recipe: FaultRecipe): string {
  const lines = faults.map(({ line, displacement }) => ({ a: line.a, b: line.b, c: line.c, displacement }));
  const profile = profileOf(recipe);
  const header = { width: field.width, depth: field.depth, cellSize: field.cellSize, ...(profile.kind === 'smooth' ? { profile } : {}) };
  return `${JSON.stringify({ ...header, lines })}\n`;
}
