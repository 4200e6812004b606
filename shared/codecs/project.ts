/**
 * The `.faultline` project file (docs/file-format.md): a header with the format version, then
 * exactly two entries — JSON project data and the heights as float32 little-endian, bit for bit.
 */
import { LINE_METHODS, type FaultRecipe } from '../fault/recipe';
import { recipeBoundsProblem } from '../fault/recipeBounds';
import { faultProfileProblem } from '../fault/profile';
import { createHeightfield, MAX_MAP_SIDE, MIN_MAP_SIDE, type Heightfield } from '../terrain/heightfield';
import { ByteWriter, decodeUtf8, describeBytes, encodeUtf8, float32LittleEndianBytes, HOST_IS_LITTLE_ENDIAN } from './bytes';
import { crc32 } from './checksums';
import { failFor } from './errors';
import { isJsonObject, type JsonObject } from '../json';
import { createJsonMeter, type JsonMeter, type JsonShapeOutcome } from './jsonShape';
import { createExactInflater, inflateExactly, portableDeflate, type Deflate } from './zlib';
import { migrateLegacy, heightsStack } from '../layers/migrate';
import { stackProblem } from '../layers/validate';
import type { Layer } from '../layers/types';
import {
  compileLayerEntries,
  ENTRY_LAYER_DATA,
  ENTRY_LAYERS,
  layerJsonProblem,
  MAX_LAYERS_JSON_BYTES,
  readLayerJson,
  stackFromLayerData,
} from './projectLayers';

export const PROJECT_MAGIC = 'FAULTLINE';
/** The newest project format this code reads and the one it writes. */
export const PROJECT_FORMAT_VERSION = 2;
const HEADER_BYTES = 16;
const ENTRY_HEADER_BYTES = 16;
const ENTRY_JSON = 'JSON';
const ENTRY_HEIGHTS = 'HGTS';
const ENCODING_STORED = 0;
const ENCODING_ZLIB = 1;
/** Project data is small (recipes, props, view); a bigger JSON entry is refused, not parsed. */
const MAX_JSON_BYTES = 64 * 1024 * 1024;

/**
 * The most a project holds (docs/file-format.md). Checked on the JSON text before it is parsed
 * (shared/codecs/jsonShape.ts), so a small file can never make a reader build millions of values or
 * recurse without bound; the writer refuses the same, so every file it writes can be read back.
 */
export const PROJECT_LIMITS = {
  props: 250_000,
  historySteps: 20_000,
  /** Nesting of arrays and objects; the project object itself is level 1. */
  depth: 32,
} as const;
/** What the JSON may spend per prop, per history step and on the rest (size, recipe, view). */
const JSON_BUDGET = {
  charsPerProp: 256,
  charsPerStep: 4096,
  chars: 1024 * 1024,
  valuesPerProp: 16,
  valuesPerStep: 64,
  values: 65_536,
} as const;

/** Everything a project restores besides the heights. Props and view are free-form JSON for now. */
export interface ProjectData {
  width: number;
  depth: number;
  cellSize: number;
  /** The recipe that generated the terrain, or null for imported or hand-made terrain. */
  recipe: FaultRecipe | null;
  /** Generation history after the recipe: continued runs, manual faults, imports, in order. */
  history: JsonObject[];
  props: JsonObject[];
  view: JsonObject;
}

export interface ProjectDocument {
  field: Heightfield;
  recipe: FaultRecipe | null;
  history: JsonObject[];
  props: JsonObject[];
  view: JsonObject;
  /** The layer stack (shared/layers): written when given; read from v2 files, migrated from v1 ones. */
  layers?: Layer[];
  /** How the read stack came about (see LayerOrigin); absent on documents not read from a file. */
  layerStatus?: LayerStatus;
}

/**
 * 'saved': the file's stack. 'replay': a v1 recipe + history as layers, still to be checked against
 * the heights (shared/layers/migrate.ts settleStack). 'heights': the saved heights as one layer —
 * a v1 project that cannot be replayed, or a stack that could not be read (`problem` says why).
 */
/** The `problem` of a v2 file written without a stack (a heightmap saved as a project): nothing is wrong with it. */
export const NO_LAYER_STACK = 'it has no layer stack';

export interface LayerStatus {
  origin: 'saved' | 'replay' | 'heights';
  problem: string | null;
  /** The file's format version. */
  version: number;
}

export interface ProjectSaveOptions {
  /** Deflate the heights (smaller, slower; see bench/codecs.bench.ts). Default false. */
  compress?: boolean;
  /** The zlib compressor (default portableDeflate; main passes node:zlib's). */
  deflate?: Deflate;
}

const PROJECT_FIELDS: readonly (keyof ProjectData)[] = ['width', 'depth', 'cellSize', 'recipe', 'history', 'props', 'view'];

function writeEntry(out: ByteWriter, tag: string, encoding: number, stored: Uint8Array, rawLength: number): void {
  out.ascii(tag);
  out.u8(encoding);
  out.u8(0);
  out.u8(0);
  out.u8(0);
  out.u32le(stored.length);
  out.u32le(rawLength);
  out.bytes(stored);
  out.u32le(crc32(stored));
}

/** The JSON part of a project document: everything but the heights. */
export function projectDataOf(doc: ProjectDocument): ProjectData {
  const { field } = doc;
  return {
    width: field.width,
    depth: field.depth,
    cellSize: field.cellSize,
    recipe: doc.recipe,
    history: doc.history,
    props: doc.props,
    view: doc.view,
  };
}

export function compileProject(doc: ProjectDocument, options: ProjectSaveOptions = {}, fileName = 'project.faultline'): Uint8Array {
  const fail = failFor(fileName);
  const { field } = doc;
  const data = projectDataOf(doc);
  if (field.heights.length !== field.width * field.depth) fail(`has ${field.heights.length} heights for a ${field.width} × ${field.depth} map`);
  for (let k = 0; k < field.heights.length; k++) {
    if (!Number.isFinite(field.heights[k])) fail(`cannot be saved: height ${k} is ${field.heights[k]}`);
  }
  // Counted before the JSON is built (a caller's data may be anything: the decode afterwards checks its shape).
  const props = Array.isArray(data.props) ? data.props.length : 0;
  const steps = Array.isArray(data.history) ? data.history.length : 0;
  if (props > PROJECT_LIMITS.props)
    fail(`cannot be saved: it has ${plural(props, 'prop', 'props')}; a project holds at most ${plural(PROJECT_LIMITS.props, 'prop', 'props')}`);
  if (steps > PROJECT_LIMITS.historySteps) {
    fail(
      `cannot be saved: it has ${plural(steps, 'history step', 'history steps')}; a project holds at ` +
        `most ${plural(PROJECT_LIMITS.historySteps, 'history step', 'history steps')}`,
    );
  }
  let text: string;
  try {
    text = JSON.stringify(data);
  } catch (error) {
    // A value nested too deeply for the stack (or too large for a string) never gets this far from a reader.
    return fail(`cannot be saved: its project data cannot be written as JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const json = encodeUtf8(text);
  // What is written must be readable: the same checks as parseProject, on the same UTF-8 bytes.
  checkProjectJsonText(json, (problem) => fail(`cannot be saved: ${problem}`));
  // The recipe is checked as parseProject checks it (a seed of -5.5 would make the file unreadable).
  checkRecipe(data.recipe, (problem) => fail(`cannot be saved: ${problem}`));
  const rawHeights = float32LittleEndianBytes(field.heights);
  const compress = options.compress ?? false;
  const storedHeights = compress ? (options.deflate ?? portableDeflate)(rawHeights) : rawHeights;
  let layers: { json: Uint8Array; data: Uint8Array; storedData: Uint8Array } | null = null;
  if (doc.layers) {
    const problem = stackProblem(doc.layers, field);
    if (problem) fail(`cannot be saved: its ${problem}`);
    const entries = compileLayerEntries(doc.layers);
    // What is written must be readable: the reader's limits of LAYR, on the same bytes.
    const jsonProblem = layerJsonProblem(entries.json);
    if (jsonProblem) fail(`cannot be saved: ${jsonProblem}`);
    layers = { ...entries, storedData: compress && entries.data.length > 0 ? (options.deflate ?? portableDeflate)(entries.data) : entries.data };
  }

  const layerBytes = layers ? 2 * ENTRY_HEADER_BYTES + 8 + layers.json.length + layers.storedData.length : 0;
  const out = new ByteWriter(HEADER_BYTES + 2 * ENTRY_HEADER_BYTES + 8 + json.length + storedHeights.length + layerBytes);
  out.ascii(PROJECT_MAGIC);
  out.u8(0);
  out.u16le(PROJECT_FORMAT_VERSION);
  out.u32le(layers ? 4 : 2);
  writeEntry(out, ENTRY_JSON, ENCODING_STORED, json, json.length);
  writeEntry(out, ENTRY_HEIGHTS, compress ? ENCODING_ZLIB : ENCODING_STORED, storedHeights, rawHeights.length);
  if (layers) {
    writeEntry(out, ENTRY_LAYERS, ENCODING_STORED, layers.json, layers.json.length);
    writeEntry(out, ENTRY_LAYER_DATA, layers.storedData === layers.data ? ENCODING_STORED : ENCODING_ZLIB, layers.storedData, layers.data.length);
  }
  return out.finish();
}

interface RawEntry {
  tag: string;
  encoding: number;
  stored: Uint8Array;
  rawLength: number;
}

function readEntries(bytes: Uint8Array, fail: (p: string) => never): { entries: RawEntry[]; version: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < HEADER_BYTES)
    fail(bytes.length < PROJECT_MAGIC.length ? 'is not a Faultline project (it is too short)' : 'is truncated inside its header');
  for (let k = 0; k < PROJECT_MAGIC.length; k++) {
    if (bytes[k] !== PROJECT_MAGIC.charCodeAt(k)) fail('is not a Faultline project (its signature is wrong)');
  }
  if (bytes[9] !== 0) fail('is not a Faultline project (its signature is wrong)');
  const version = view.getUint16(10, true);
  if (version > PROJECT_FORMAT_VERSION) {
    fail(`was made by a newer Faultline (format v${version}, this version reads up to v${PROJECT_FORMAT_VERSION}); update Faultline to open it`);
  }
  if (version < 1) fail(`declares project format v${version}, which never existed`);
  const count = view.getUint32(12, true);
  if (count > 16) fail(`declares ${count} entries; a v${version} project has ${version === 1 ? 'exactly 2' : '2 or 4'}`);
  const entries: RawEntry[] = [];
  let at = HEADER_BYTES;
  for (let n = 0; n < count; n++) {
    if (at + ENTRY_HEADER_BYTES > bytes.length) fail(`is truncated: entry ${n + 1} of ${count} is missing`);
    const tag = String.fromCharCode(...bytes.subarray(at, at + 4));
    const encoding = bytes[at + 4];
    if (bytes[at + 5] !== 0 || bytes[at + 6] !== 0 || bytes[at + 7] !== 0) fail(`has a damaged header for entry ${n + 1} at byte ${at}`);
    const storedLength = view.getUint32(at + 8, true);
    const rawLength = view.getUint32(at + 12, true);
    const start = at + ENTRY_HEADER_BYTES;
    if (start + storedLength + 4 > bytes.length) fail(`is truncated inside its "${printable(tag)}" entry`);
    const stored = bytes.subarray(start, start + storedLength);
    if (crc32(stored) !== view.getUint32(start + storedLength, true)) fail(`"${printable(tag)}" entry is damaged (its CRC checksum does not match)`);
    entries.push({ tag, encoding, stored, rawLength });
    at = start + storedLength + 4;
  }
  if (at !== bytes.length) fail(`has ${describeBytes(bytes.length - at)} of unexpected data after its last entry`);
  return { entries, version };
}

/** Tags are shown in messages; anything outside printable ASCII is escaped so messages stay readable. */
function printable(tag: string): string {
  return tag.replace(/[^\x20-\x7e]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

function entryBytes(entry: RawEntry, limit: number, fail: (p: string) => never): Uint8Array {
  const name = `"${entry.tag}" entry`;
  if (entry.rawLength > limit) fail(`${name} declares ${describeBytes(entry.rawLength)}, more than the ${describeBytes(limit)} allowed`);
  if (entry.encoding === ENCODING_STORED) {
    if (entry.stored.length !== entry.rawLength) fail(`${name} is ${entry.stored.length} bytes but declares ${entry.rawLength}`);
    return entry.stored;
  }
  if (entry.encoding !== ENCODING_ZLIB) fail(`${name} uses unknown encoding ${entry.encoding}`);
  const outcome = inflateExactly([entry.stored], entry.rawLength);
  if (!outcome.ok) fail(`${name} is not valid compressed data (${outcome.problem}${outcome.detail ? `: ${outcome.detail}` : ''})`);
  return outcome.data;
}

/**
 * An entry of float32 values (little-endian) as one array of its own, made once: a stored entry is
 * copied into it (the document must not keep the file's bytes alive or change with them), a
 * compressed one inflated straight into its bytes. `count` is checked against the declared length
 * first, so nothing is allocated or inflated for a length the caller does not expect.
 */
function entryFloats(entry: RawEntry, count: number, fail: (p: string) => never): Float32Array {
  const name = `"${entry.tag}" entry`;
  if (entry.rawLength !== count * 4) fail(`${name} declares ${describeBytes(entry.rawLength)}, not the ${describeBytes(count * 4)} expected`);
  if (entry.encoding !== ENCODING_STORED && entry.encoding !== ENCODING_ZLIB) fail(`${name} uses unknown encoding ${entry.encoding}`);
  if (entry.encoding === ENCODING_STORED && entry.stored.length !== entry.rawLength)
    fail(`${name} is ${entry.stored.length} bytes but declares ${entry.rawLength}`);
  const values = new Float32Array(count);
  const bytes = new Uint8Array(values.buffer);
  if (entry.encoding === ENCODING_STORED) bytes.set(entry.stored);
  else {
    const outcome = inflateExactly([entry.stored], entry.rawLength, bytes);
    if (!outcome.ok) fail(`${name} is not valid compressed data (${outcome.problem}${outcome.detail ? `: ${outcome.detail}` : ''})`);
  }
  if (!HOST_IS_LITTLE_ENDIAN) {
    const view = new DataView(values.buffer);
    for (let k = 0; k < count; k++) values[k] = view.getFloat32(4 * k, true);
  }
  return values;
}

/** How much JSON (characters, values) a project with these counts may need. */
function jsonBudget(props: number, steps: number): { chars: number; values: number } {
  return {
    chars: Math.min(MAX_JSON_BYTES, JSON_BUDGET.chars + props * JSON_BUDGET.charsPerProp + steps * JSON_BUDGET.charsPerStep),
    values: JSON_BUDGET.values + props * JSON_BUDGET.valuesPerProp + steps * JSON_BUDGET.valuesPerStep,
  };
}

const plural = (count: number, one: string, many: string): string => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

const MOST_JSON = jsonBudget(PROJECT_LIMITS.props, PROJECT_LIMITS.historySteps);

/** A meter of project JSON (jsonShape.ts) with PROJECT_LIMITS. */
function projectJsonMeter(): JsonMeter {
  return createJsonMeter({
    maxDepth: PROJECT_LIMITS.depth,
    maxValues: MOST_JSON.values,
    maxItems: { props: PROJECT_LIMITS.props, history: PROJECT_LIMITS.historySteps },
  });
}

/**
 * Judges measured project JSON against PROJECT_LIMITS and the budget its own counts allow:
 * nesting, props, history steps, values, and size (3 props cannot need 60 MB).
 */
function judgeProjectJson(outcome: JsonShapeOutcome, fail: (p: string) => never): void {
  if (!outcome.ok) {
    if (outcome.limit === 'depth') fail(`project data nests deeper than ${PROJECT_LIMITS.depth} levels`);
    if (outcome.limit === 'items' && outcome.key === 'props')
      fail(`project data has more than ${plural(PROJECT_LIMITS.props, 'prop', 'props')}, the most a project holds`);
    if (outcome.limit === 'items')
      fail(`project data has more than ${plural(PROJECT_LIMITS.historySteps, 'history step', 'history steps')}, the most a project holds`);
    fail(`project data ${outcome.problem}`);
  }
  const props = outcome.shape.items.props ?? 0;
  const steps = outcome.shape.items.history ?? 0;
  const allowed = jsonBudget(props, steps);
  const counts = `${plural(props, 'prop', 'props')} and ${plural(steps, 'history step', 'history steps')}`;
  if (outcome.shape.values > allowed.values) fail(`project data holds ${outcome.shape.values} values, more than its ${counts} can need (${allowed.values})`);
  const { length } = outcome.shape;
  if (length > allowed.chars) fail(`project data is ${describeBytes(length)}, more than its ${counts} can need (${describeBytes(allowed.chars)})`);
}

/** Checks project JSON text (or its UTF-8 bytes) without parsing it; see judgeProjectJson. */
export function checkProjectJsonText(text: string | Uint8Array, fail: (p: string) => never): void {
  const meter = projectJsonMeter();
  judgeProjectJson(meter.push(text) ?? meter.finish(), fail);
}

/**
 * The JSON entry's bytes, measured as they are read: a compressed entry is inflated in small steps
 * that the meter sees at once, so a bomb stops after the part that crosses a limit (21 M empty props
 * in 61 KB: about 750 KB inflated, not 63 MB).
 */
function projectJsonBytes(entry: RawEntry, fail: (p: string) => never): Uint8Array {
  const name = `"${entry.tag}" entry`;
  if (entry.rawLength > MAX_JSON_BYTES) fail(`${name} declares ${describeBytes(entry.rawLength)}, more than the ${describeBytes(MAX_JSON_BYTES)} allowed`);
  const meter = projectJsonMeter();
  if (entry.encoding !== ENCODING_ZLIB) {
    const bytes = entryBytes(entry, MAX_JSON_BYTES, fail);
    judgeProjectJson(meter.push(bytes) ?? meter.finish(), fail);
    return bytes;
  }
  const inflater = createExactInflater(entry.rawLength, entry.stored.length, { slice: 1024, onData: (chunk) => meter.push(chunk) === null });
  inflater.push(entry.stored);
  const outcome = inflater.finish();
  if (!outcome.ok && outcome.problem !== 'stopped')
    fail(`${name} is not valid compressed data (${outcome.problem}${outcome.detail ? `: ${outcome.detail}` : ''})`);
  judgeProjectJson(meter.finish(), fail);
  return outcome.ok ? outcome.data : fail(`${name} is not valid compressed data`);
}

/** Parses project JSON text after checkProjectJsonText (unless measured already); every problem goes to `fail`. */
export function parseProjectJson(text: string, fail: (p: string) => never, measure = true): unknown {
  if (measure) checkProjectJsonText(text, fail);
  try {
    return JSON.parse(text);
  } catch (error) {
    return fail(`project data is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}

function checkRecipe(value: unknown, fail: (p: string) => never): FaultRecipe | null {
  if (value === null) return null;
  const bad = (what: string): never => fail(`project data has an invalid recipe: ${what}`);
  if (!isJsonObject(value)) return bad('it is not an object');
  const { seed, iterations, lineMethod, decay } = value;
  if (typeof seed !== 'number' || !Number.isFinite(seed)) bad('seed is not a number');
  if (typeof iterations !== 'number' || !Number.isInteger(iterations) || iterations < 0) bad('iterations is not a whole number ≥ 0');
  if (typeof lineMethod !== 'string' || !(LINE_METHODS as readonly string[]).includes(lineMethod)) bad(`line method ${JSON.stringify(lineMethod)} is unknown`);
  if (!isJsonObject(decay)) return bad('decay is not an object');
  for (const key of ['disp0', 'dispN', 'n'] as const) {
    const v = decay[key];
    if (typeof v !== 'number' || !Number.isFinite(v)) bad(`decay.${key} is not a number`);
  }
  // Absent in projects written before fault profiles: the step.
  const profileProblem = 'profile' in value ? faultProfileProblem(value.profile) : null;
  if (profileProblem !== null) bad(profileProblem);
  // The bounds the CLI and the Generate form keep (a recipe of 10¹⁵ iterations would never finish).
  const bounds = recipeBoundsProblem(value as unknown as FaultRecipe);
  if (bounds) bad(`${bounds.field} ${bounds.problem}`);
  return value as unknown as FaultRecipe;
}

function checkProjectData(value: unknown, fail: (p: string) => never): ProjectData {
  if (!isJsonObject(value)) fail('project data is not a JSON object');
  for (const key of Object.keys(value)) {
    if (!(PROJECT_FIELDS as readonly string[]).includes(key)) fail(`project data has an unexpected field "${key}"`);
  }
  for (const key of PROJECT_FIELDS) {
    if (!(key in value)) fail(`project data is missing its "${key}" field`);
  }
  const { width, depth, cellSize, history, props, view } = value;
  for (const [name, side] of [
    ['width', width],
    ['depth', depth],
  ] as const) {
    if (typeof side !== 'number' || !Number.isInteger(side) || side < MIN_MAP_SIDE || side > MAX_MAP_SIDE) {
      fail(`project ${name} must be a whole number from ${MIN_MAP_SIDE} to ${MAX_MAP_SIDE}, got ${JSON.stringify(side)}`);
    }
  }
  if (typeof cellSize !== 'number' || !Number.isFinite(cellSize) || cellSize <= 0)
    fail(`project cell size must be a positive number, got ${JSON.stringify(cellSize)}`);
  if (!Array.isArray(history) || !history.every(isJsonObject)) fail('project history must be a list of objects');
  if (!Array.isArray(props) || !props.every(isJsonObject)) fail('project props must be a list of objects');
  if (!isJsonObject(view)) fail('project view settings must be an object');
  return {
    width: width as number,
    depth: depth as number,
    cellSize: cellSize as number,
    recipe: checkRecipe(value.recipe, fail),
    history: history as JsonObject[],
    props: props as JsonObject[],
    view,
  };
}

/**
 * Project data from JSON text that did not come from a file (e.g. a save request from the renderer):
 * measured before it is parsed, then checked like a file's (exact fields, valid values).
 */
export function projectDataFromJson(text: string, fail: (p: string) => never): ProjectData {
  return checkProjectData(parseProjectJson(text, fail), fail);
}

export interface ProjectReadOptions {
  /**
   * Read the layer stack (default true). Without it (`faultline info`, a plain export) the `LAYR` and
   * `LBIN` entries are only checksummed: their data is never inflated; `layers` and `layerStatus`
   * are absent.
   */
  layers?: boolean;
}

export function parseProject(bytes: Uint8Array, fileName: string, options: ProjectReadOptions = {}): ProjectDocument {
  const fail = failFor(fileName);
  const { entries, version } = readEntries(bytes, fail);
  const known = version >= 2 ? [ENTRY_JSON, ENTRY_HEIGHTS, ENTRY_LAYERS, ENTRY_LAYER_DATA] : [ENTRY_JSON, ENTRY_HEIGHTS];
  const byTag = new Map<string, RawEntry>();
  for (const entry of entries) {
    if (!known.includes(entry.tag)) fail(`contains an unexpected entry "${printable(entry.tag)}"`);
    if (byTag.has(entry.tag)) fail(`contains the "${entry.tag}" entry twice`);
    byTag.set(entry.tag, entry);
  }
  const jsonEntry = byTag.get(ENTRY_JSON) ?? fail('is missing its project data ("JSON" entry)');
  const heightsEntry = byTag.get(ENTRY_HEIGHTS) ?? fail('is missing its heights ("HGTS" entry)');

  // Measured as bytes while read, before decoding: a bomb is refused without building its text.
  const jsonBytes = projectJsonBytes(jsonEntry, fail);
  const text = decodeUtf8(jsonBytes) ?? fail('project data is not valid UTF-8 text');
  const data = checkProjectData(parseProjectJson(text, fail, false), fail);

  const expected = data.width * data.depth * 4;
  if (heightsEntry.rawLength !== expected) {
    fail(`heights entry holds ${heightsEntry.rawLength} bytes, but a ${data.width} × ${data.depth} map needs ${expected}`);
  }
  const heights = entryFloats(heightsEntry, data.width * data.depth, fail);
  for (let k = 0; k < heights.length; k++) {
    if (!Number.isFinite(heights[k])) fail(`height ${k} (column ${k % data.width}, row ${Math.floor(k / data.width)}) is ${heights[k]}, not a finite number`);
  }
  const field = createHeightfield(data.width, data.depth, data.cellSize, heights);
  const doc: ProjectDocument = { field, recipe: data.recipe, history: data.history, props: data.props, view: data.view };
  if (options.layers === false) return doc;
  const { layers, layerStatus } = projectLayers(byTag, version, data, heights, field);
  return { ...doc, layers, layerStatus };
}

/**
 * The stack of a read project: v1 migrated, v2 read from its entries. Never fails the file: a stack
 * that cannot be read leaves the saved heights as one layer, with the problem.
 */
function projectLayers(
  byTag: Map<string, RawEntry>,
  version: number,
  data: ProjectData,
  heights: Float32Array,
  field: Heightfield,
): { layers: Layer[]; layerStatus: LayerStatus } {
  if (version < 2) {
    const migrated = migrateLegacy(data.recipe, data.history, heights);
    return { layers: migrated.stack, layerStatus: { origin: migrated.from, problem: migrated.reason, version } };
  }
  const asHeights = (problem: string) => ({ layers: heightsStack(heights), layerStatus: { origin: 'heights' as const, problem, version } });
  const jsonEntry = byTag.get(ENTRY_LAYERS);
  const dataEntry = byTag.get(ENTRY_LAYER_DATA);
  if (!jsonEntry && !dataEntry) return asHeights(NO_LAYER_STACK);
  if (!jsonEntry || !dataEntry) return asHeights(`its layer stack is missing its "${jsonEntry ? ENTRY_LAYER_DATA : ENTRY_LAYERS}" entry`);
  let problem: string | null = null;
  const keep = (p: string): never => {
    problem = p;
    throw new RangeError(p);
  };
  try {
    const json = readLayerJson(entryBytes(jsonEntry, MAX_LAYERS_JSON_BYTES, keep), field);
    if (!json.ok) return asHeights(json.problem);
    // What LAYR needs is known exactly: any other declared length is refused before LBIN is inflated.
    if (dataEntry.rawLength !== json.dataBytes)
      return asHeights(
        `the layer data declares ${dataEntry.rawLength.toLocaleString('en-US')} bytes, its stack needs ${json.dataBytes.toLocaleString('en-US')}`,
      );
    const read = stackFromLayerData(json, entryFloats(dataEntry, json.dataBytes / 4, keep), field);
    return read.ok ? { layers: read.stack, layerStatus: { origin: 'saved', problem: null, version } } : asHeights(read.problem);
  } catch (error) {
    return asHeights(problem ?? (error instanceof Error ? error.message : String(error)));
  }
}
