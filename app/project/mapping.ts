import { CodecError } from '../../shared/codecs/errors';
import { decodeUtf8, encodeUtf8, float32FromLittleEndianBytes, float32LittleEndianBytes, HOST_IS_LITTLE_ENDIAN } from '../../shared/codecs/bytes';
import { isJsonObject, type JsonObject, type JsonValue } from '../../shared/json';
import type { ProjectData, ProjectDocument } from '../../shared/codecs/project';
import { faultProfileProblem } from '../../shared/fault/profile';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { viewSettingsValidator, type ViewSettings } from '../../shared/ipc/contract';
import type { LayersPayload, ProjectPayload } from '../../shared/ipc/projectContract';
import { createDocument, documentRecipe, type Prop, type TerrainDocument } from '../document/document';
import { compileLayerEntries, readLayerEntries } from '../../shared/codecs/projectLayers';
import { heightsStack } from '../../shared/layers/migrate';

/**
 * Document ⇄ project file data. Heights go through as float32 bytes, bit for bit; the recipe and the
 * document's generation history (continued runs, manual faults, filters) go through as JSON.
 */

export interface LoadedProject {
  document: TerrainDocument;
  /** View settings saved with the project, when they are valid for this version. */
  view: ViewSettings | null;
  /** Test-drive settings saved with the project (in its view object, under "drive"), checked by app/drive/settings.ts. */
  drive: JsonObject | null;
  /**
   * How the document's stack came about: 'saved' (the file's, to be checked against its heights in
   * a worker), 'replay' (a v1 project's recipe and history, to be checked, else its heights), or
   * 'heights' (the saved heights as one layer; `problem` says why when the stack could not be read).
   */
  layers: { origin: 'saved' | 'replay' | 'heights'; problem: string | null };
}

/** The view settings a project saves, with the test drive's settings alongside. */
export type SavedView = ViewSettings & { drive?: JsonObject };

export function projectDataOf(doc: TerrainDocument, view: SavedView): ProjectData {
  return {
    width: doc.field.width,
    depth: doc.field.depth,
    cellSize: doc.field.cellSize,
    // The stack is the terrain (LAYR/LBIN); the recipe is its faults layer's, for readers of v1 fields.
    recipe: recipeJson(doc),
    history: [],
    props: doc.props.map(propToJson),
    view: { ...view },
  };
}

/** A copy of heights [start, end) as float32 little-endian bytes, as projects carry them. */
export function heightBytes(heights: Float32Array, start = 0, end = heights.length): Uint8Array {
  const bytes = float32LittleEndianBytes(heights.subarray(start, end));
  // A view of the live heights on little-endian hosts: the snapshot must be a copy.
  return HOST_IS_LITTLE_ENDIAN ? new Uint8Array(bytes) : bytes;
}

/** The project JSON (everything but the heights) of a document. */
export function projectJsonOf(doc: TerrainDocument, view: SavedView): string {
  return JSON.stringify(projectDataOf(doc, view));
}

function recipeJson(doc: TerrainDocument): ProjectData['recipe'] {
  const recipe = documentRecipe(doc);
  return recipe ? { ...recipe, decay: { ...recipe.decay } } : null;
}

/** The stack's two project entries (their blobs copied, so later edits cannot change what is being saved). */
export function layersPayloadOf(doc: TerrainDocument): LayersPayload {
  const { json, data } = compileLayerEntries(doc.stack);
  return { json: decodeUtf8(json) ?? '', data };
}

/** A snapshot for IPC: the heights are copied, so later edits cannot change what is being saved. */
export function payloadOf(doc: TerrainDocument, view: SavedView): ProjectPayload {
  return { json: projectJsonOf(doc, view), heights: heightBytes(doc.field.heights), layers: layersPayloadOf(doc) };
}

/** The codec's decoded project (a dropped file decoded here) as an editor document. */
export function documentFromProject(project: ProjectDocument, fileName: string): LoadedProject {
  const { field } = project;
  const status = project.layerStatus;
  // No stack (a document not read from a file): its heights are its one layer.
  // The field's heights are the evaluated result, edited in place: no layer may share them.
  const stack = (project.layers ?? heightsStack(field.heights)).map((layer) =>
    layer.kind === 'heights' && layer.heights.buffer === field.heights.buffer ? { ...layer, heights: layer.heights.slice() } : layer,
  );
  const document = createDocument(field, stack);
  document.props = project.props.map((value, index) => propFromJson(value, index, fileName));
  const { drive, ...view } = project.view;
  const layers = { origin: status?.origin ?? (project.layers ? 'saved' : 'heights'), problem: status?.problem ?? null } as const;
  return { document, view: viewFrom(view), drive: isJsonObject(drive) ? drive : null, layers };
}

/** A payload main has read and validated, as an editor document. Checked again: it crosses a boundary. */
export function documentFromPayload(payload: ProjectPayload, fileName: string): LoadedProject {
  const fail = (problem: string): never => {
    throw new CodecError(fileName, problem);
  };
  let data: unknown;
  try {
    data = JSON.parse(payload.json);
  } catch {
    fail('project data is not valid JSON');
  }
  if (!isJsonObject(data)) return fail('project data is not an object');
  const { width, depth, cellSize, recipe, history, props, view } = data;
  if (typeof width !== 'number' || typeof depth !== 'number' || typeof cellSize !== 'number') return fail('project data lacks its size');
  if (payload.heights.byteLength !== width * depth * 4) fail(`holds ${payload.heights.byteLength} bytes of heights for a ${width} × ${depth} map`);
  // The payload is this document's own (IPC made it): its bytes become the heights without a copy.
  const heights = float32FromLittleEndianBytes(payload.heights);
  let field;
  try {
    field = createHeightfield(width, depth, cellSize, heights);
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  if (!Array.isArray(history) || !history.every(isJsonObject)) return fail('project history must be a list of objects');
  if (!Array.isArray(props) || !props.every(isJsonObject)) return fail('project props must be a list of objects');
  if (recipe !== null && !isJsonObject(recipe)) return fail('project recipe must be an object or null');
  const profileProblem = isJsonObject(recipe) && 'profile' in recipe ? faultProfileProblem(recipe.profile) : null;
  if (profileProblem !== null) return fail(`project recipe: ${profileProblem}`);
  const project: ProjectDocument = { field, recipe: recipe as unknown as ProjectDocument['recipe'], history, props, view: isJsonObject(view) ? view : {} };
  if (payload.layers) {
    const { json: layersJson, data: layersData, origin, problem } = payload.layers;
    const read = readLayerEntries(encodeUtf8(layersJson), layersData, field);
    // A stack that cannot be read never costs the heights: they open as one layer, and the user is told.
    if (read.ok) project.layers = read.stack;
    project.layerStatus = read.ok
      ? { origin: origin ?? 'saved', problem: problem ?? null, version: 2 }
      : { origin: 'heights', problem: read.problem, version: 2 };
  }
  return documentFromProject(project, fileName);
}

function propToJson(prop: Prop): JsonObject {
  const out: JsonObject = { id: prop.id, type: prop.type, x: prop.x, z: prop.z, yaw: prop.yaw, scale: prop.scale };
  if (prop.offsetY !== undefined) out.offsetY = prop.offsetY;
  return out;
}

function propFromJson(value: JsonObject, index: number, fileName: string): Prop {
  const bad = (what: string): never => {
    throw new CodecError(fileName, `prop ${index + 1} is invalid: ${what}`);
  };
  const text = (key: string): string => {
    const v: JsonValue | undefined = value[key];
    return typeof v === 'string' && v.length > 0 && v.length <= 200 ? v : bad(`${key} must be a short text`);
  };
  const number = (key: string): number => {
    const v: JsonValue | undefined = value[key];
    return typeof v === 'number' && Number.isFinite(v) ? v : bad(`${key} must be a finite number`);
  };
  for (const key of Object.keys(value)) {
    if (!['id', 'type', 'x', 'z', 'yaw', 'scale', 'offsetY'].includes(key)) bad(`unexpected field "${key}"`);
  }
  const prop: Prop = { id: text('id'), type: text('type'), x: number('x'), z: number('z'), yaw: number('yaw'), scale: number('scale') };
  if (value.offsetY !== undefined) prop.offsetY = number('offsetY');
  if (prop.scale <= 0) bad('scale must be positive');
  return prop;
}

/** Saved view settings from another version may not fit: then the current ones stay. */
function viewFrom(view: JsonObject): ViewSettings | null {
  try {
    return viewSettingsValidator(view);
  } catch {
    return null;
  }
}
