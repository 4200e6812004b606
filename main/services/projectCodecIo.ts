import { promises as fs } from 'node:fs';
import path from 'node:path';
import { compileProject, parseProject, projectDataFromJson, projectDataOf, type ProjectDocument } from '../../shared/codecs/project';
import { CodecError } from '../../shared/codecs/errors';
import { decodeUtf8, encodeUtf8, float32FromLittleEndianBytes, float32LittleEndianBytes } from '../../shared/codecs/bytes';
import { compileLayerEntries, readLayerEntries } from '../../shared/codecs/projectLayers';
import { createHeightfield } from '../../shared/terrain/heightfield';
import {
  MAX_LAYER_DATA_BYTES,
  MAX_LAYERS_JSON_CHARS,
  MAX_PROJECT_HEIGHT_BYTES,
  MAX_PROJECT_JSON_CHARS,
  type ProjectPayload,
} from '../../shared/ipc/projectContract';
import { isCode } from './atomicWrite';

export const PROJECT_EXTENSION = '.faultline';
/** Header, four entry headers and CRCs, the largest JSON, heights and layer stack: nothing valid is bigger. */
export const MAX_PROJECT_FILE_BYTES = 16 + 4 * 20 + MAX_PROJECT_JSON_CHARS * 4 + MAX_PROJECT_HEIGHT_BYTES + MAX_LAYERS_JSON_CHARS + MAX_LAYER_DATA_BYTES;

/** Reads and validates a project file. Every problem is a CodecError whose message starts with the file's name. */
export async function readProjectFile(filePath: string): Promise<ProjectDocument> {
  const name = path.basename(filePath);
  let size: number;
  try {
    const stat = await fs.stat(filePath);
    if (!stat.isFile()) throw new CodecError(name, 'is not a file');
    size = stat.size;
  } catch (error) {
    if (error instanceof CodecError) throw error;
    if (isCode(error, 'ENOENT')) throw new CodecError(name, 'does not exist (it may have been moved or deleted)');
    throw new CodecError(name, `cannot be read (${messageOf(error)})`);
  }
  // Refused before reading, so a huge file never gets allocated.
  if (size > MAX_PROJECT_FILE_BYTES) throw new CodecError(name, `is ${size} bytes, larger than any Faultline project (8193 × 8193 at most)`);
  let bytes: Uint8Array;
  try {
    bytes = await fs.readFile(filePath);
  } catch (error) {
    throw new CodecError(name, `cannot be read (${messageOf(error)})`);
  }
  return parseProject(bytes, name);
}

/** The project as it crosses IPC: ProjectData as JSON, heights as float32 little-endian bytes, the stack as its two entries. */
export function payloadFromDocument(doc: ProjectDocument): ProjectPayload {
  const payload: ProjectPayload = { json: JSON.stringify(projectDataOf(doc)), heights: float32LittleEndianBytes(doc.field.heights) };
  if (doc.layers) {
    // The document is handed on whole (open, recovery): its layer data goes as it lies, not copied.
    const entries = compileLayerEntries(doc.layers, { inPlace: true });
    const status = doc.layerStatus;
    payload.layers = {
      json: decodeUtf8(entries.json) ?? '',
      data: entries.data,
      ...(status ? { origin: status.origin } : {}),
      ...(status?.problem ? { problem: status.problem } : {}),
    };
  }
  return payload;
}

/**
 * The map of a payload from the renderer, which is not trusted: its JSON is bounded before it is
 * parsed (nesting, props, history, size), then checked as a file's data is (exactly the known
 * fields, valid values), and the heights must fit it. `fail` throws.
 */
export function documentOfPayload(payload: ProjectPayload, fail: (problem: string) => never): ProjectDocument {
  const data = projectDataFromJson(payload.json, fail);
  if (payload.heights.byteLength % 4 !== 0) fail('the heights are not whole float32 values');
  let field;
  try {
    field = createHeightfield(data.width, data.depth, data.cellSize, float32FromLittleEndianBytes(payload.heights));
  } catch (error) {
    return fail(messageOf(error));
  }
  const doc: ProjectDocument = { field, recipe: data.recipe, history: data.history, props: data.props, view: data.view };
  if (payload.layers) {
    const read = readLayerEntries(encodeUtf8(payload.layers.json), payload.layers.data, field);
    if (!read.ok) return fail(read.problem);
    doc.layers = read.stack;
  }
  return doc;
}

/**
 * Encodes a payload from the renderer into file bytes and proves them by decoding them again, so that
 * a bad payload is refused here and never replaces a good file.
 */
export function encodeProjectPayload(payload: ProjectPayload, fileName: string): Uint8Array {
  const name = path.basename(fileName);
  const fail = (problem: string): never => {
    throw new CodecError(name, `cannot be saved: ${problem}`);
  };
  const bytes = compileProject(documentOfPayload(payload, fail), {}, name);
  parseProject(bytes, name);
  return bytes;
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
