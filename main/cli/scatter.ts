/**
 * `faultline scatter TERRAIN --type NAME … --count N --seed S [rules] --out FILE`: rule-based prop
 * scattering on any terrain file Faultline reads. A .json output is the documented props JSON; a
 * .faultline output is the terrain as a project with the props in it (kept alongside the props an
 * input project already had, which new props also keep their spacing from).
 */
import { stackHasWater, stackWaterDepth } from '../../shared/layers/stackWaterDepth';
import { waterExclusion } from '../../shared/props/scatterWater';
import { waterField } from '../../shared/vehicle/water';
import { parseCommand } from './commandArgs';
import { tokenizeOptions } from './options';
import { displayFileName } from '../../shared/codecs/errors';
import type { JsonObject } from '../../shared/json';
import { compileProject, type ProjectDocument } from '../../shared/codecs/project';
import { extensionOf } from '../../shared/codecs/registry';
import { exportPropsJson } from '../../shared/props/exportJson';
import { findPropType, PROP_TYPES } from '../../shared/props/library';
import type { Prop } from '../../shared/props/prop';
import { propsFromColumns, scatterProps, ScatterError, type Range } from '../../shared/props/scatter';
import { parseNumber, parseRange, parseWhole } from './numbers';
import { UsageError } from './options';
import type { CliIo } from './io';
import { loadInput } from './inputs';
import { refusedStackStatus } from './inputStack';
import { EXIT_OK, EXIT_FAILURE, EXIT_USAGE } from './exitCodes';

export interface ScatterArgs {
  terrain: string;
  types: string[];
  count: number;
  seed: number;
  slopeDeg?: Range;
  height?: Range;
  spacing?: number;
  /** Props may stand in water (by default none does: the water of a project's water and river layers). */
  allowWater?: boolean;
  out: string;
}

const OPTIONS = ['--type', '--count', '--seed', '--slope', '--height', '--spacing', '--allow-water', '--out'] as const;
export function parseScatterArgs(args: readonly string[]): ScatterArgs {
  const { values, positional } = tokenizeOptions(args, OPTIONS, { repeatable: ['--type'], flags: ['--allow-water'] });
  if (positional.length !== 1)
    throw new UsageError(
      positional.length === 0 ? 'give the TERRAIN file to scatter on' : `expected one TERRAIN file, got ${positional.length}: ${positional.join(' ')}`,
    );
  const one = (name: string): string | undefined => values.get(name)?.[0];
  const types = values.get('--type') ?? [];
  if (types.length === 0) throw new UsageError('at least one --type NAME is required');
  for (const type of types) {
    if (!findPropType(type)) throw new UsageError(`--type ${type}: unknown prop type (known: ${PROP_TYPES.map((t) => t.id).join(', ')})`);
  }
  const countText = one('--count');
  if (countText === undefined) throw new UsageError('--count N is required');
  const seedText = one('--seed');
  if (seedText === undefined) throw new UsageError('--seed S is required');
  const out = one('--out');
  if (out === undefined || out === '') throw new UsageError('--out FILE is required');
  if (!['json', 'faultline'].includes(extensionOf(out))) throw new UsageError(`--out ${out}: write .json (props JSON) or .faultline (project with the props)`);
  const slope = one('--slope');
  const height = one('--height');
  const spacing = one('--spacing');
  const result: ScatterArgs = {
    terrain: positional[0],
    types,
    count: parseWhole('--count', countText, 0, 10_000_000),
    seed: parseWhole('--seed', seedText, 0, 0xffffffff),
    out,
  };
  if (values.has('--allow-water')) result.allowWater = true;
  if (slope !== undefined) result.slopeDeg = parseRange('--slope', slope);
  if (height !== undefined) result.height = parseRange('--height', height);
  if (spacing !== undefined) {
    result.spacing = parseNumber('--spacing', spacing);
    if (result.spacing < 0) throw new UsageError(`--spacing must be ≥ 0 metres, got "${spacing}"`);
  }
  return result;
}

/** The input as a project: a .faultline keeps its recipe, history, view and props. */
async function loadTerrain(bytes: Uint8Array, fileName: string): Promise<ProjectDocument> {
  const input = await loadInput(bytes, fileName, {});
  return input.project ?? { field: input.field, recipe: input.recipe, history: [], props: [], view: {} };
}

/** Existing project props usable for spacing (the editor validates them fully when it opens the file). */
function existingProps(props: readonly JsonObject[]): Array<Pick<Prop, 'x' | 'z' | 'type' | 'id'>> {
  return props.flatMap((p) =>
    typeof p.x === 'number' && typeof p.z === 'number' && typeof p.type === 'string' && findPropType(p.type)
      ? [{ x: p.x, z: p.z, type: p.type, id: typeof p.id === 'string' ? p.id : '' }]
      : [],
  );
}

/** Ids "p" + base 36 counting on from the largest such id already in the project. */
function freshIds(existing: readonly JsonObject[], count: number): (k: number) => string {
  let largest = 0;
  for (const p of existing) {
    const match = typeof p.id === 'string' ? /^p([0-9a-z]+)$/.exec(p.id) : null;
    if (match) largest = Math.max(largest, parseInt(match[1], 36));
  }
  return (k) => (k < count ? `p${(largest + 1 + k).toString(36)}` : '');
}

function propToJson(prop: Prop): JsonObject {
  return { id: prop.id, type: prop.type, x: prop.x, z: prop.z, yaw: prop.yaw, scale: prop.scale, offsetY: prop.offsetY ?? 0 };
}

export async function runScatter(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCommand('scatter', args, io, scatterHelp, parseScatterArgs);
  if (!parsed.ok) return parsed.exitCode;
  const options = parsed.options;
  const name = displayFileName(options.terrain);
  let project: ProjectDocument;
  try {
    const readFile = io.readFile ?? (await import('./readInputFile')).readInputFile;
    project = await loadTerrain(await readFile(options.terrain), name);
  } catch (error) {
    const text = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    io.stderr(`faultline scatter: ${text.startsWith(`${name}:`) ? text : `${name}: ${text}`}\n`);
    return EXIT_FAILURE;
  }
  // Props are kept out of the water of the project's layers: a bad stack's water cannot be known.
  const refusedStack = options.allowWater ? null : refusedStackStatus(io, 'scatter', name, project.layerStatus);
  if (refusedStack !== null) return refusedStack;
  let scattered: Prop[];
  let requested: number;
  const layers = project.layers ?? [];
  const water = !options.allowWater && stackHasWater(layers) ? stackWaterDepth(layers, project.field) : null;
  try {
    const result = scatterProps(project.field, {
      seed: options.seed,
      types: options.types,
      count: options.count,
      slopeDeg: options.slopeDeg,
      height: options.height,
      spacing: options.spacing,
      existing: existingProps(project.props),
      ...(water ? { exclude: waterExclusion(waterField(project.field, water)) } : {}),
    });
    requested = result.requested;
    scattered = propsFromColumns(result.props, freshIds(project.props, result.props.count));
  } catch (error) {
    if (!(error instanceof ScatterError)) throw error;
    io.stderr(`faultline scatter: ${error.message}\n`);
    return EXIT_USAGE;
  }
  const bytes =
    extensionOf(options.out) === 'json'
      ? new TextEncoder().encode(exportPropsJson(project.field, scattered))
      : compileProject({ ...project, props: [...project.props, ...scattered.map(propToJson)] }, {}, displayFileName(options.out));
  try {
    await io.writeFile(options.out, bytes);
  } catch (error) {
    io.stderr(`faultline scatter: cannot write ${options.out}: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT_FAILURE;
  }
  const shortfall = scattered.length < requested ? ` — the rules and spacing left room for only ${scattered.length} of ${requested}` : '';
  io.stdout(`wrote ${options.out} (${scattered.length} props${shortfall})\n`);
  return EXIT_OK;
}

export function scatterHelp(): string {
  return `Usage: faultline scatter TERRAIN --type NAME [--type NAME …] --count N --seed S
                         [--slope MIN:MAX] [--height MIN:MAX] [--spacing m] [--allow-water] --out FILE

Scatters props over a terrain by rules, reproducibly: the same terrain, options and seed give the
same props. Candidates are drawn uniformly over the map and kept when they pass every rule.

  TERRAIN                any terrain Faultline reads: .png, .r16, .raw, .r32, .exr, .tif, .tiff or .faultline
  --type NAME            prop type (repeat for a mix, drawn with equal weight):
                         ${PROP_TYPES.map((t) => t.id).join(', ')}
  --count N              props wanted (fewer are placed when the rules leave no room)
  --seed S               PRNG seed, whole number 0..4294967295
  --slope MIN:MAX        allowed slope of the surface triangle under a prop, degrees
  --height MIN:MAX       allowed surface height under a prop, metres
  --spacing m            minimum distance between props, metres (default: each type's own spacing)
  --allow-water          props may stand in water (by default none does where a project's water
                         and river layers put water; a project whose stack holds a bad water or
                         river layer is then refused, exit 2, one line naming it)
  --out FILE             .json: the props JSON
                           [{ "type", "x", "y", "z", "yaw", "pitch", "roll", "scale" }]
                           metres and radians; x, z as the heightfield (origin at the map centre),
                           y the exact surface height under the prop; rotation Ry(yaw)·Rx(pitch)·Rz(roll)
                         .faultline: the terrain as a project with the props added to its own
`;
}
