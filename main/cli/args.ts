/** Parsing and validation of `faultline generate` arguments: pure, so errors are easy to test. */
import { DEFAULT_RECIPE, FAULT_PROFILE_KINDS, LINE_METHODS, profileOf, type FaultProfile, type FaultRecipe, type LineMethod } from '../../shared/fault/recipe';
import { buildPreset, DEFAULT_PRESET_ID, PRESET_IDS, type PresetId } from '../../shared/presets/terrainPresets';
import type { FinishingStep } from '../../shared/recipe/steps';
import { erosionStepsFrom, parseThreadsOption, type ErosionValues } from './erosionArgs';
import { MAX_FAULT_WIDTH, MIN_FAULT_WIDTH } from '../../shared/fault/profile';
import { MAX_ITERATIONS, MAX_SEED, recipeBoundsProblem, type RecipeField } from '../../shared/fault/recipeBounds';
import { MAX_MAP_SIDE, MIN_MAP_SIDE } from '../../shared/terrain/heightfield';
import { outputFormatFor, outputFormats } from './outputs';
import { parseNumber, parseWhole, isDecimal } from './numbers';
import { tokenizeOptions, UsageError } from './options';

export { MAX_ITERATIONS };
export const DEFAULT_CELL_SIZE = 1;

/** The option that sets each recipe field, for messages. */
const RECIPE_OPTIONS: Record<RecipeField, string> = {
  seed: '--seed',
  iterations: '--iterations',
  'decay.disp0': '--disp0',
  'decay.dispN': '--dispn',
  'decay.n': '--decay-iterations',
};

export interface GenerateOptions {
  width: number;
  depth: number;
  cellSize: number;
  recipe: FaultRecipe;
  /** Steps after the faults (smoothing, a preset's and the options' erosion), recorded in a project's history. */
  finishing: FinishingStep[];
  outputs: string[];
  emitLines: string | undefined;
  /** Worker threads for erosion (`--threads`); undefined = the machine's cores. */
  threads: number | undefined;
  /** No progress lines on stderr (`--quiet`). */
  quiet: boolean;
  /** The preset named by `--preset`, or undefined without one (its view is written with a project). */
  preset: PresetId | undefined;
}

const VALUE_OPTIONS = [
  '--size',
  '--depth',
  '--cell-size',
  '--iterations',
  '--seed',
  '--disp0',
  '--dispn',
  '--decay-iterations',
  '--lines',
  '--profile',
  '--fault-width',
  '--smooth',
  '--preset',
  '--thermal',
  '--talus',
  '--thermal-strength',
  '--hydraulic',
  '--droplet-lifetime',
  '--erosion-radius',
  '--out',
  '--emit-lines',
  '--threads',
  '--quiet',
] as const;
type ValueOption = (typeof VALUE_OPTIONS)[number];
const REPEATABLE: ReadonlySet<ValueOption> = new Set(['--out']);

/** Every option but --quiet takes a value; there are no positional arguments. */
function collect(args: readonly string[]): Map<ValueOption, string[]> {
  return tokenizeOptions(args, VALUE_OPTIONS, { repeatable: [...REPEATABLE], flags: ['--quiet'], maxPositionals: 0 }).values as Map<ValueOption, string[]>;
}

export function parseGenerateArgs(args: readonly string[]): GenerateOptions {
  const values = collect(args);
  const one = (option: ValueOption): string | undefined => values.get(option)?.[0];
  const sizeText = one('--size');
  if (sizeText === undefined) throw new UsageError('--size is required');
  const width = parseWhole('--size', sizeText, MIN_MAP_SIDE, MAX_MAP_SIDE);
  const depthText = one('--depth');
  const depth = depthText === undefined ? width : parseWhole('--depth', depthText, MIN_MAP_SIDE, MAX_MAP_SIDE);
  const cellText = one('--cell-size');
  const cellSize = cellText === undefined ? DEFAULT_CELL_SIZE : parseNumber('--cell-size', cellText);
  if (!(cellSize > 0)) throw new UsageError(`--cell-size must be a positive number of metres, got "${cellText}"`);

  const number = (option: ValueOption, fallback: number): number => {
    const text = one(option);
    return text === undefined ? fallback : parseNumber(option, text);
  };
  const whole = (option: ValueOption, fallback: number, min: number, max: number): number => {
    const text = one(option);
    return text === undefined ? fallback : parseWhole(option, text, min, max);
  };
  const seed = whole('--seed', DEFAULT_RECIPE.seed, 0, MAX_SEED);
  // A preset gives the defaults (scaled to this map, as the editor's form does); without --preset it
  // is the editor's default preset. Every option given still wins.
  const presetText = one('--preset') ?? DEFAULT_PRESET_ID;
  if (!(PRESET_IDS as readonly string[]).includes(presetText)) {
    throw new UsageError(`--preset must be one of ${PRESET_IDS.join(', ')}, got "${presetText}"`);
  }
  const preset = buildPreset(presetText as PresetId, { width, depth, cellSize, seed });
  const base = preset.recipe;
  const presetProfile = profileOf(base);
  if (presetProfile.kind === 'smooth' && presetProfile.width < MIN_FAULT_WIDTH && one('--fault-width') === undefined && one('--profile') !== 'step') {
    // The preset's width is a share of the map's side, in centimetres: on a map a few centimetres
    // wide it rounds to 0. Say which option makes it so, rather than let the fault formation refuse it.
    throw new UsageError(
      `--cell-size ${cellText ?? cellSize} is too small for --preset ${presetText}: its fault width rounds to ${presetProfile.width} m on this map; ` +
        `use a larger --cell-size or give --fault-width`,
    );
  }
  const iterations = whole('--iterations', base.iterations, 0, MAX_ITERATIONS);
  const disp0 = number('--disp0', base.decay.disp0);
  const dispN = number('--dispn', base.decay.dispN);
  const n = whole('--decay-iterations', base.decay.n, 0, MAX_ITERATIONS);
  // The bounds every recipe keeps (shared with the Generate form and the project check).
  const bounds = recipeBoundsProblem({ seed, iterations, decay: { disp0, dispN, n } });
  if (bounds) throw new UsageError(`${RECIPE_OPTIONS[bounds.field]} ${bounds.problem}`);
  const linesText = one('--lines') ?? base.lineMethod;
  if (!(LINE_METHODS as readonly string[]).includes(linesText)) {
    throw new UsageError(`--lines must be one of ${LINE_METHODS.join(', ')}, got "${linesText}"`);
  }
  const profile = parseProfile(one('--profile'), one('--fault-width'), presetProfile);
  const smoothText = one('--smooth');
  const smooth = smoothText === undefined ? undefined : parseNumber('--smooth', smoothText);
  if (smooth !== undefined && !(smooth >= 0 && smooth < 1)) throw new UsageError(`--smooth must be in [0, 1), got "${smoothText}"`);
  const erosion: ErosionValues = {
    thermal: one('--thermal'),
    talus: one('--talus'),
    'thermal-strength': one('--thermal-strength'),
    hydraulic: one('--hydraulic'),
    'droplet-lifetime': one('--droplet-lifetime'),
    'erosion-radius': one('--erosion-radius'),
  };
  // Smoothing right after the faults (as before presets), then the preset's steps with the options' erosion.
  const finishing: FinishingStep[] = [
    ...(smooth === undefined ? [] : [{ kind: 'smooth' as const, k: smooth }]),
    ...erosionStepsFrom(erosion, seed, preset.finishing),
  ];

  const outputs = values.get('--out') ?? [];
  if (outputs.length === 0) throw new UsageError('at least one --out FILE is required');
  for (const path of outputs) {
    if (!outputFormatFor(path)) {
      const known = outputFormats()
        .map((f) => f.extension)
        .join(', ');
      throw new UsageError(`--out ${path}: unknown output type (supported: ${known})`);
    }
  }
  const emitLines = one('--emit-lines');
  if (emitLines === '') throw new UsageError('--emit-lines needs a file name');
  // --preset classic writes the recipe as versions before presets did (no profile for the step), so
  // a pipeline that adds it keeps its project bytes.
  return {
    width,
    depth,
    cellSize,
    recipe: {
      seed,
      iterations,
      lineMethod: linesText as LineMethod,
      decay: { disp0, dispN, n },
      ...(profile.kind === 'step' && presetText === 'classic' ? {} : { profile }),
    },
    finishing,
    outputs,
    emitLines,
    threads: parseThreadsOption(one('--threads')),
    quiet: values.has('--quiet'),
    preset: one('--preset') === undefined ? undefined : (presetText as PresetId),
  };
}

/** `--profile step|smooth` and `--fault-width m` over the preset's profile (the step without a preset). */
function parseProfile(kindText: string | undefined, widthText: string | undefined, fallback: FaultProfile): FaultProfile {
  const kind = kindText ?? fallback.kind;
  if (!(FAULT_PROFILE_KINDS as readonly string[]).includes(kind)) {
    throw new UsageError(`--profile must be one of ${FAULT_PROFILE_KINDS.join(', ')}, got "${kind}"`);
  }
  if (kind === 'step') {
    if (widthText !== undefined) throw new UsageError('--fault-width needs --profile smooth (the step profile has no width)');
    return { kind: 'step' };
  }
  if (widthText === undefined) {
    if (fallback.kind === 'smooth') return fallback;
    throw new UsageError('--profile smooth needs --fault-width m, the transition width in metres');
  }
  const width = isDecimal(widthText) ? Number(widthText) : NaN;
  if (!(width >= MIN_FAULT_WIDTH && width <= MAX_FAULT_WIDTH)) {
    throw new UsageError(`--fault-width must be a number of metres from ${MIN_FAULT_WIDTH} to ${MAX_FAULT_WIDTH}, got "${widthText}"`);
  }
  return { kind: 'smooth', width };
}
