/**
 * `faultline layers FILE.faultline [--json]` lists a project's layer stack, bottom first;
 * with `--set ID.PARAM=VALUE`, `--enable ID`, `--disable ID`, `--remove ID` and `--out FILE` it edits
 * the stack, re-evaluates it and writes the result (a `.faultline` keeps the stack).
 */
import { displayFileName } from '../../shared/codecs/errors';
import type { JsonObject } from '../../shared/json';
import { removeLayer, setLayerEnabled, setLayerParam } from '../../shared/layers/edit';
import { paramsJson } from '../../shared/layers/json';
import { settleStack } from '../../shared/layers/migrate';
import type { Layer } from '../../shared/layers/types';
import { stackProblem } from '../../shared/layers/validate';
import { createHeightfield } from '../../shared/terrain/heightfield';
import type { FaultRecipe } from '../../shared/fault/recipe';
import type { CliIo } from './io';
import { parseCommand } from './commandArgs';
import { message, readAndLoad } from './exchangeCommands';
import { tokenizeOptions, UsageError } from './options';
import { outputFormatFor, outputFormats } from './outputs';
import { checkOutputs, writeOutputs, type OutputFile } from './outputSet';
import { evaluateForCli, savedHeightsNote } from './stackEvaluation';

export interface LayersEdit {
  kind: 'set' | 'enable' | 'disable' | 'remove';
  id: string;
  path?: string;
  value?: JsonObject[string];
}

export interface LayersOptions {
  input: string;
  json: boolean;
  edits: LayersEdit[];
  outputs: string[];
}

export function layersHelp(): string {
  return `Usage: faultline layers FILE.faultline [--json]
       faultline layers FILE.faultline [--set ID.PARAM=VALUE]… [--enable ID]… [--disable ID]…
                        [--remove ID]… --out FILE [--out FILE…]

Lists a project's layer stack, bottom first: position, id, kind, on/off, opacity, name and params
(--json: [{ "id", "kind", "name", "enabled", "opacity", "params": { … } }]). A project written
before layers is shown migrated: its recipe as the "faults" layer and each step as a layer, or its
heights as one "heights" layer when its steps do not give them.

Editing (applied in this order: every --set, --enable, --disable, then --remove), then the stack is
evaluated from scratch and written to every --out (a .faultline keeps the stack):
  --set ID.PARAM=VALUE   a parameter of layer ID; PARAM may be a path (faults.decay.disp0=5);
                         VALUE is JSON (8, true, "cross", {"kind":"smooth","width":30}) or plain text.
                         ID.opacity and ID.name set the layer's own opacity (0…1) and name.
                         A number in PARAM steps into a list (fluvial-1.strata.beds.1.hardness=5).
                         Optional parameters may be added to a layer that lacks them, and VALUE null
                         removes one again (the rule without it): faults.profile, faults.runs, and a
                         thermal layer's retreatDeg (walls cut back to this angle first, in hard beds
                         steeper by √hardness), cliffDeg (with strata: the hardest bed stands at this
                         angle, the softest at retreatDeg/talusDeg, a face at least four cells wide),
                         faceCells (1…64: with cliffDeg, the fewest cells a bed's face spans
                         instead of four, so thick cliffs stand steeper), faceUnits (true: with
                         cliffDeg, cliff-forming beds that touch span their faces as one cliff),
                         talusShare (0…1: the share of each wall's height its talus
                         apron buries), floorFill (metres of alluvium that flatten valley floors), strata
                         creaseBreak (metres: ridges and lips along the cells' other diagonal are
                         rounded until the triangles draw them with teeth no higher), topWidth
                         (metres: after the retreat, crests narrower than this are cut to a flat top
                         that wide), lipPasses (0…16: the tops of walls rounded over about a
                         cell, so a slanting rim is no staircase), lipDrop (metres: vertices that
                         drop more than this to a neighbour are raised towards the surface along
                         their contour, so a caprock's face is no comb of slivers), jointing (0…0.9)
                         and jointSpacing (cells: the wall retreat's joints), caplessRelief (metres,
                         with strata: soft hills no caprock holds up weathered down to rounded hills
                         at most this high), capWidth (metres: a piece of cap narrower than
                         this holds nothing up, so a cone under it weathers down), edgeContinues
                         (true: last, each edge vertex continues the line inside it, no lip at the
                         edge), and a fluvial
                         layer's routeEvery (1…64: the water routed every this many steps, the steps
                         between on the last routing: faster, less exact), scheme ("factored": the
                         same scheme with its sums arranged to walk faster, equal up to rounding),
                         incisionDepth (metres: the deepest the layer cuts below its input),
                         incisionMask (a height or slope band: where the layer acts), swells
                         ({"height","spacing","seed"}: smooth swells laid on the input first),
                         softSlopes (metres: the step's change kept only on the strata's softest beds
                         at least this far from a cliff, so a wash rills shale slopes, not caprock),
                         cutOnlyFalling (true: a channel the step would raise is only uplifted,
                         so only rivers cutting back from a lowered mouth incise a rising plateau)
                         and channelWidth (metres: each channel widened into a flat-floored trough
                         this wide, its banks under 40°);
                         a road's endsOnGround and levelShoulders (true: the road's plane kept over
                         its painted shoulders); a river's joinAlongWater and gradeTributaries (true:
                         a tributary's channel graded into its bed); a water layer's continueRivers,
                         floodVersion, channelsAlongLines, hydraulicGeometry (2: the published
                         depth coefficient), minLakeDepth (metres: the shallowest lake kept) and
                         weightedWater (true: its water only where opacity × mask is at least ½).
                         blendBanks (true: banks run on at the bank slope until they meet the ground)
                         and followWalls (true: banks made on the grid, up walls steeper than the bank
                         slope at the wall's own slope; blendBanks is then not read).
                         A bed's own colour (fluvial-1.strata.beds.3.colour="#b8643c") paints it in both views and the
                         colour map; null gives it back the climate's colour for its hardness.
                         Example: --set faults.seed=8, --set thermal.retreatDeg=65
  --enable ID, --disable ID, --remove ID
  --out FILE             repeatable; the type follows the extension (${outputFormats()
    .map((f) => f.extension)
    .join(', ')}).
                         Every --out is checked before the stack is evaluated; all are written or none.

Limits: the faults layer keeps the recipe's bounds (seed a whole number 0…4294967295, iterations and
decay.n 0…1000000, |disp0|, |dispN| and iterations × displacement at most 67108864 m); a name is 1…200
characters without control characters; the stack's data (masks, sculpting, stamps, heights layers)
is at most 1 GiB. A long evaluation prints progress on stderr; a project whose saved heights are not
its layers' gets a note.
`;
}

const OPTIONS = ['--json', '--set', '--enable', '--disable', '--remove', '--out'];

function parseValue(text: string): JsonObject[string] {
  try {
    return JSON.parse(text) as JsonObject[string];
  } catch {
    return text;
  }
}

export function parseLayersArgs(args: readonly string[]): LayersOptions {
  const tokens = tokenizeOptions(args, OPTIONS, { flags: ['--json'], repeatable: ['--set', '--enable', '--disable', '--remove', '--out'] });
  if (tokens.positional.length !== 1)
    throw new UsageError(tokens.positional.length === 0 ? 'a project file is required' : `one project file only, got ${tokens.positional.length}`);
  const input = tokens.positional[0];
  if (!input.toLowerCase().endsWith('.faultline')) throw new UsageError(`${input}: layers are kept in .faultline projects only`);
  const edits: LayersEdit[] = [];
  for (const set of tokens.values.get('--set') ?? []) {
    const match = /^([^.=]+)\.([^=]+)=(.*)$/s.exec(set);
    if (!match) throw new UsageError(`--set ${set}: expected ID.PARAM=VALUE (e.g. faults.seed=8)`);
    edits.push({ kind: 'set', id: match[1], path: match[2], value: parseValue(match[3]) });
  }
  for (const kind of ['enable', 'disable', 'remove'] as const) {
    for (const id of tokens.values.get(`--${kind}`) ?? []) {
      if (id.length === 0) throw new UsageError(`--${kind} needs a layer id`);
      edits.push({ kind, id });
    }
  }
  const outputs = tokens.values.get('--out') ?? [];
  for (const path of outputs) if (!outputFormatFor(path)) throw new UsageError(`--out ${path}: unknown output type`);
  if (edits.length > 0 && outputs.length === 0) throw new UsageError('editing the stack needs at least one --out FILE');
  return { input, json: tokens.values.has('--json'), edits, outputs };
}

export function applyLayersEdits(stack: Layer[], edits: readonly LayersEdit[]): Layer[] {
  let next = stack;
  for (const edit of edits) {
    if (edit.kind === 'set') next = setLayerParam(next, edit.id, edit.path!, edit.value ?? null);
    else if (edit.kind === 'remove') next = removeLayer(next, edit.id);
    else next = setLayerEnabled(next, edit.id, edit.kind === 'enable');
  }
  return next;
}

function listing(stack: readonly Layer[], json: boolean): string {
  const rows = stack.map((layer) => ({
    id: layer.id,
    kind: layer.kind,
    name: layer.name,
    enabled: layer.enabled,
    opacity: layer.opacity,
    params: paramsJson(layer),
  }));
  if (json) return `${JSON.stringify(rows, null, 2)}\n`;
  return rows
    .map((row, n) => {
      const params = JSON.stringify(row.params);
      return (
        `${String(n + 1).padStart(3)}  ${row.id.padEnd(14)} ${row.kind.padEnd(12)} ${row.enabled ? 'on ' : 'off'}  ${String(row.opacity).padEnd(5)} ` +
        `${row.name}${params === '{}' ? '' : `  ${params.length > 160 ? `${params.slice(0, 157)}…` : params}`}`
      );
    })
    .join('\n')
    .concat('\n');
}

/** The recipe the project JSON keeps next to the stack: the bottom faults layer's (for older readers). */
function recipeOf(stack: readonly Layer[]): FaultRecipe | null {
  const faults = stack.find((layer) => layer.kind === 'faults');
  if (faults?.kind !== 'faults') return null;
  const { runs: _runs, ...recipe } = faults.params;
  return recipe;
}

export async function runLayers(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCommand('layers', args, io, layersHelp, parseLayersArgs);
  if (!parsed.ok) return parsed.exitCode;
  const options = parsed.options;
  const name = displayFileName(options.input);
  const loaded = await readAndLoad(io, 'layers', options.input, {});
  if (!loaded) return 1;
  const { field } = loaded;
  let stack = loaded.layers ?? [];
  const status = loaded.layerStatus;
  if (status?.origin === 'replay') {
    // A v1 project's steps become layers only if they give its heights bit for bit.
    const settled = settleStack(stack, field.heights, field, true);
    stack = settled?.stack ?? stack;
    if (settled?.note) io.stderr(`faultline layers: note: ${name}: ${settled.note}\n`);
  } else if (status?.problem && status.version >= 2) {
    io.stderr(`faultline layers: note: ${name}: ${status.problem}; it opens as its saved heights\n`);
  }
  if (options.edits.length === 0 && options.outputs.length === 0) {
    io.stdout(listing(stack, options.json));
    return 0;
  }
  if (!(await checkOutputs(io, 'layers', options.outputs))) return 1;
  const saved = stack;
  try {
    stack = applyLayersEdits(stack, options.edits);
    const problem = stackProblem(stack, field);
    if (problem) throw new RangeError(problem);
  } catch (error) {
    io.stderr(`faultline layers: ${name}: ${message(error)}\n`);
    return 1;
  }
  const heights = evaluateForCli(stack, { io, command: 'layers', fileName: name, size: field });
  if (!heights) return 1;
  // As the window's open check: a file whose heights are not its layers' is said to be so (unedited, the
  // same stack gives the same heights; edited, its unedited evaluation is not made only to compare).
  const differs =
    status?.origin === 'saved' && stack.length === saved.length && stack.every((layer, k) => layer === saved[k])
      ? savedHeightsNote(heights, field.heights, field.width)
      : null;
  if (differs) io.stderr(`faultline layers: note: ${name}: ${differs}\n`);
  const result = createHeightfield(field.width, field.depth, field.cellSize, heights);
  // Every --out or none (outputSet.ts, the file set other commands use), each error naming its target.
  const files: OutputFile[] = [];
  for (const path of options.outputs) {
    const format = outputFormatFor(path)!;
    try {
      files.push({
        path,
        // The project's view is kept (its climate, lines and sea: a Canyons project stays a desert).
        bytes: await format.encodeAsync(result, {
          recipe: recipeOf(stack),
          history: [],
          props: loaded.props,
          layers: stack,
          ...(loaded.project && { view: loaded.project.view }),
          fileName: displayFileName(path),
        }),
      });
    } catch (error) {
      io.stderr(`faultline layers: cannot write ${path}: ${message(error)}\n`);
      return 1;
    }
  }
  if (!(await writeOutputs(io, 'layers', files))) return 1;
  // With --json, stdout is the edited stack only.
  if (!options.json) for (const { path } of files) io.stdout(`wrote ${path} (${result.width}×${result.depth}, ${stack.length} layers)\n`);
  if (options.json) io.stdout(listing(stack, true));
  return 0;
}
