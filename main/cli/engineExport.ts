/**
 * `faultline export IN --preset ENGINE --out DIR`, and the multi-file forms of plain export
 * (`--tile-size`, `--normal-map`): everything but argument parsing and reading the input.
 */
import { CLIMATES, type Climate } from '../../shared/ground/climate';
import { displayFileName } from '../../shared/codecs/errors';
import { parseR32 } from '../../shared/codecs/raw';
import { compileColourMap, compileNormalMap, splitFileName, tiledColourMaps, tiledFiles, tiledNormalMaps } from '../../shared/export/fileExport';
import { DEFAULT_NATURAL_LINES, type NaturalLines } from '../../shared/ground/naturalColours';
import { tileLayout, tileName } from '../../shared/export/tiles';
import { coverBytes } from '../../shared/erosion/cover';
import { availableSources, parseMaskSet, type MaskSet, type MaskSourceData } from '../../shared/export/masks';
import { planEngineExport, streamEngineExport, type EngineExportOptions, type ExportFile } from '../../shared/export/engineExport';
import type { Layer } from '../../shared/layers/types';
import { roadFootprints } from '../../shared/layers/roadFootprints';
import { WATER_SOURCES, withWaterData } from '../../shared/export/waterMaskData';
import { stackWater, topWaterLayer } from '../../shared/layers/stackWater';
import { stackHardness, stackStrata } from '../../shared/export/hardness';
import { heightRange, type Heightfield } from '../../shared/terrain/heightfield';
import type { CliIo } from './io';
import type { ExportArgs } from './exchangeArgs';
import type { LoadedInput } from './inputs';
import { outputFormatFor } from './outputs';
import { checkOutputs, writeOutputs, writeOutputStream } from './outputSet';
import { nativeDeflate } from '../services/nativeDeflate';
import { availableMemory } from '../services/memory';
import { describeEngineExport, engineExportMemory, exportMemoryProblem } from '../../shared/export/exportMemory';
import { exportEntryFor, fileExportRefusal } from './fileExportMemory';
import { EXIT_OK, EXIT_FAILURE, EXIT_USAGE } from './exitCodes';
import { inputStackProblem, refusedStackStatus } from './inputStack';
import { message } from './errors';

/** DIR/NAME without Node's path module (this file runs under test with a fake io). */
export function joinPath(directory: string, name: string): string {
  const trimmed = directory.replace(/[\\/]+$/, '');
  return trimmed === '' ? `/${name}` : `${trimmed}/${name}`;
}

/** The folder part of a path ('' for a bare name). */
function folderOf(path: string): string {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return cut >= 0 ? path.slice(0, cut) : '';
}

async function readBytes(io: CliIo, path: string): Promise<Uint8Array> {
  const readFile = io.readFile ?? (await import('./readInputFile')).readInputFile;
  return readFile(path);
}

/** A mask rule reads the water of a project whose own stack is bad (inputStack.ts): exit 2, its problem said. */
class WaterOfBadStack extends Error {}

/** Erosion data files (.r32 at the input's size) and the mask rules, or a one-line error. */
async function readMaskInputs(
  io: CliIo,
  options: ExportArgs,
  field: Heightfield,
  layers?: readonly Layer[],
  stackProblem: string | null = null,
): Promise<{ masks: MaskSet | null; data: MaskSourceData }> {
  const engine = options.engine!;
  const data: MaskSourceData = {};
  for (const [key, path] of [
    ['flow', engine.flowFile],
    ['deposition', engine.depositionFile],
  ] as const) {
    if (!path) continue;
    const decoded = parseR32(await readBytes(io, path), displayFileName(path), { width: field.width, depth: field.depth });
    // As the editor keeps erosion results (bytes of each map's largest), so both export the same bytes.
    data[key] = coverBytes(decoded.samples as Float32Array);
  }
  if (!engine.masksFile) return { masks: null, data };
  const name = displayFileName(engine.masksFile);
  const text = new TextDecoder().decode(await readBytes(io, engine.masksFile));
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${name}: is not JSON (${message(error)})`);
  }
  // Road footprints are computed only when a rule asks for them.
  if (layers && (usesSource(json, 'road') || usesSource(json, 'shoulder'))) {
    const roads = roadFootprints(layers, field);
    if (roads) Object.assign(data, { road: roads.road, shoulder: roads.shoulder });
  }
  if (WATER_SOURCES.some((source) => usesSource(json, source))) {
    if (stackProblem !== null) throw new WaterOfBadStack(stackProblem);
    if (layers) Object.assign(data, withWaterData(data, layers, field));
  }
  if (layers && usesSource(json, 'hardness')) {
    const hardness = stackHardness(layers, field, field.heights);
    if (hardness) data.hardness = hardness;
  }
  try {
    return { masks: parseMaskSet(json, availableSources(data)), data };
  } catch (error) {
    throw new Error(`${name}: ${message(error)}`);
  }
}

function usesSource(json: unknown, source: string): boolean {
  const layers = (json as { layers?: unknown } | null)?.layers;
  if (!Array.isArray(layers)) return false;
  return layers.some((layer: unknown) => {
    const rules = (layer as { rules?: unknown } | null)?.rules;
    return Array.isArray(rules) && rules.some((rule: unknown) => (rule as { source?: unknown } | null)?.source === source);
  });
}

/** Creates the output folder, then checks every target before any work; false after one line on stderr. */
async function prepareTargets(io: CliIo, directory: string, names: readonly string[]): Promise<boolean> {
  try {
    if (directory !== '') await io.makeDirectory?.(directory);
  } catch (error) {
    io.stderr(`faultline export: cannot create ${directory}: ${message(error)}\n`);
    return false;
  }
  return checkOutputs(
    io,
    'export',
    names.map((name) => pathIn(directory, name)),
  );
}

const pathIn = (directory: string, name: string): string => (directory === '' ? name : joinPath(directory, name));

/** Every file or none (main/services/fileSet.ts), then one "wrote" line per file. */
async function writeAll(io: CliIo, directory: string, files: ExportFile[], describe: (file: ExportFile) => string): Promise<boolean> {
  if (
    !(await writeOutputs(
      io,
      'export',
      files.map((file) => ({ path: pathIn(directory, file.name), bytes: file.bytes })),
    ))
  )
    return false;
  for (const file of files) io.stdout(`wrote ${pathIn(directory, file.name)} (${describe(file)})\n`);
  return true;
}

/**
 * The colour map's tree and snow lines: the options', else a project's view's, else the view's defaults; the climate the project's view's;
 * the rock bands the project's own beds (its layers' strata), as the window paints them.
 */
function naturalLinesFor(options: ExportArgs, loaded: LoadedInput): NaturalLines {
  const strata = loaded.layers ? stackStrata(loaded.layers) : null;
  const view = loaded.project?.view;
  const saved = (key: 'treeLine' | 'snowLine'): number => {
    const value = view?.[key];
    return typeof value === 'number' && Number.isFinite(value) ? value : DEFAULT_NATURAL_LINES[key];
  };
  return {
    treeLine: options.colourMap?.treeLine ?? saved('treeLine'),
    snowLine: options.colourMap?.snowLine ?? saved('snowLine'),
    climate: (CLIMATES as readonly unknown[]).includes(view?.climate) ? (view?.climate as Climate) : DEFAULT_NATURAL_LINES.climate,
    ...(strata && { strata }),
  };
}

export async function runEngineExport(options: ExportArgs, loaded: LoadedInput, io: CliIo): Promise<number> {
  const engine = options.engine!;
  const inputName = displayFileName(options.input);
  // The water's files are the project's layers' water: a bad stack's water cannot be known.
  const refusedStack = engine.water ? refusedStackStatus(io, 'export', inputName, loaded.layerStatus) : null;
  if (refusedStack !== null) return refusedStack;
  let inputs: { masks: MaskSet | null; data: MaskSourceData };
  try {
    inputs = await readMaskInputs(io, options, loaded.field, loaded.layers, inputStackProblem(loaded.layerStatus));
  } catch (error) {
    if (error instanceof WaterOfBadStack) {
      io.stderr(`faultline export: ${inputName}: ${error.message}\n`);
      return EXIT_USAGE;
    }
    io.stderr(`faultline export: ${message(error)}\n`);
    return EXIT_FAILURE;
  }
  const name = engine.name ?? displayFileName(options.input).replace(/\.[^.]*$/, '');
  const exportOptions: EngineExportOptions = {
    engineId: engine.engineId,
    name,
    size: engine.resolution,
    fit: engine.fit,
    cropOrigin: engine.cropOrigin,
    heightFormat: engine.heightFormat,
    exrCompression: options.exrCompression,
    normalMap: options.normalMap ?? null,
    masks: inputs.masks,
    colourMap: options.colourMap ? naturalLinesFor(options, loaded) : null,
    tiles: options.tiles ?? null,
    ...(engine.water && { water: true }),
  };
  if (engine.water && topWaterLayer(loaded.layers ?? []) < 0) {
    io.stderr(
      `faultline export: ${displayFileName(options.input)}: --water needs a water layer, which this terrain does not have (faultline water adds one)\n`,
    );
    return EXIT_FAILURE;
  }
  let run: ReturnType<typeof streamEngineExport>;
  try {
    // The plan is cheap: every target is checked before any pixel is computed.
    const planned = planEngineExport(loaded.field, heightRange(loaded.field.heights), exportOptions);
    // An export the machine cannot hold is refused before anything is created or computed (exit 1).
    const tooLarge = exportMemoryProblem(
      describeEngineExport(planned, inputs.masks?.layers.length ?? 0),
      engineExportMemory(planned, loaded.field),
      (io.availableMemory ?? availableMemory)(),
    );
    if (tooLarge) {
      io.stderr(`faultline export: ${tooLarge}\n`);
      return EXIT_FAILURE;
    }
    if (
      !(await prepareTargets(
        io,
        options.output,
        planned.files.map((f) => f.name),
      ))
    )
      return EXIT_FAILURE;
    const water = engine.water ? stackWater(loaded.layers ?? [], loaded.field) : null;
    run = streamEngineExport(loaded.field, exportOptions, inputs.data, nativeDeflate, water);
  } catch (error) {
    io.stderr(`faultline export: ${message(error)}\n`);
    return EXIT_FAILURE;
  }
  const { plan } = run;
  // Each file goes to its temporary name as soon as it is encoded (all renamed in place after the
  // last): the outputs are never all held.
  const files = (function* () {
    for (const file of run.files) yield { path: pathIn(options.output, file.name), bytes: file.bytes };
  })();
  if (
    !(await writeOutputStream(
      io,
      'export',
      plan.files.map((f) => pathIn(options.output, f.name)),
      files,
    ))
  )
    return EXIT_FAILURE;
  for (const planned of plan.files) {
    const what =
      planned.role === 'info' ? 'import values' : `${planned.width}×${planned.depth}, ${planned.role}${planned.layers ? ` ${planned.layers.join('+')}` : ''}`;
    io.stdout(`wrote ${pathIn(options.output, planned.name)} (${what})\n`);
  }
  // Always true of the weight maps (masks.ts layerBytes); said when asked for, as the engines require it.
  if (engine.normalise) io.stdout('weights normalised: the layers sum to 255 at every pixel\n');
  io.stdout(`${plan.engine} import values:\n`);
  for (const n of plan.numbers) io.stdout(`  ${n.label}: ${n.value}${n.unit ? ` ${n.unit}` : ''}\n`);
  for (const note of plan.notes) io.stdout(`  ${note}\n`);
  return EXIT_OK;
}

/** `--tile-size`, `--normal-map` or `--colour-map` without --preset: files beside --out, named after it. */
export async function runMultiFileExport(options: ExportArgs, loaded: LoadedInput, io: CliIo): Promise<number> {
  const format = outputFormatFor(options.output)!;
  const { field } = loaded;
  const fileName = displayFileName(options.output);
  let files: ExportFile[];
  try {
    // The names are cheap: every target is checked before any tile is encoded.
    const { base, extension } = splitFileName(fileName);
    const image = options.normalMap ?? options.colourMap;
    const suffix = image ? `.${extension || 'png'}` : extension ? `.${extension}` : '';
    const layout = options.tiles ? tileLayout(field.width, field.depth, options.tiles) : null;
    const names = layout ? layout.map((tile) => `${tileName(base, tile)}${suffix}`) : [fileName];
    // An export the machine cannot hold is refused before any target is created (exit 1).
    const largest = layout?.reduce((a, t) => (t.width * t.depth > a.width * a.depth ? { width: t.width, depth: t.depth } : a), { width: 0, depth: 0 }) ?? null;
    // A colour map holds what a normal map does (normals, then 3 bytes a pixel): the same estimate.
    const entry = image ? 'normal' : exportEntryFor(options.output, options.bits);
    const tooLarge = entry && fileExportRefusal(io, { format: entry, map: { width: field.width, depth: field.depth }, tile: largest, holdsFiles: true });
    if (tooLarge) {
      io.stderr(`faultline export: ${tooLarge}\n`);
      return EXIT_FAILURE;
    }
    if (!(await prepareTargets(io, folderOf(options.output), names))) return EXIT_FAILURE;
    if (options.normalMap) {
      files = options.tiles
        ? tiledNormalMaps(field, options.tiles, fileName, options.normalMap)
        : [{ name: fileName, bytes: compileNormalMap(field, options.normalMap) }];
    } else if (options.colourMap) {
      const lines = naturalLinesFor(options, loaded);
      files = options.tiles ? tiledColourMaps(field, options.tiles, fileName, lines) : [{ name: fileName, bytes: compileColourMap(field, lines) }];
    } else {
      // Every tile maps the whole map's range, so that tiles join without steps.
      const range = options.range === 'auto' ? heightRange(field.heights) : options.range;
      files = tiledFiles(field, options.tiles!, fileName, (tile, name) =>
        format.encode(tile, {
          bits: options.bits,
          range,
          byteOrder: options.byteOrder,
          flip: options.flip,
          exrCompression: options.exrCompression,
          recipe: null,
          props: [],
          fileName: name,
        }),
      );
    }
  } catch (error) {
    io.stderr(`faultline export: ${message(error)}\n`);
    return EXIT_FAILURE;
  }
  const kind = options.normalMap
    ? `${options.normalMap.space}-space normal map, green ${options.normalMap.green}`
    : options.colourMap
      ? `sRGB colour map, tree line ${naturalLinesFor(options, loaded).treeLine} m, snow line ${naturalLinesFor(options, loaded).snowLine} m`
      : format.extension.slice(1);
  const ok = await writeAll(io, folderOf(options.output), files, () => kind);
  return ok ? EXIT_OK : EXIT_FAILURE;
}
