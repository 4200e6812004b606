import { promises as fs } from 'node:fs';
import path from 'node:path';
import { compileProject, parseProject, parseProjectJson, projectDataOf, type ProjectDocument } from '../../shared/codecs/project';
import { CodecError } from '../../shared/codecs/errors';
import { float32FromLittleEndianBytes, float32LittleEndianBytes } from '../../shared/codecs/bytes';
import { isJsonObject, type JsonObject } from '../../shared/codecs/json';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { MAX_PROJECT_HEIGHT_BYTES, MAX_PROJECT_JSON_CHARS, type ProjectPayload } from '../../shared/ipc/projectContract';
import { isCode } from './atomicWrite';

export const PROJECT_EXTENSION = '.faultline';
/** Header, two entry headers and CRCs, the largest JSON and the largest heights: nothing valid is bigger. */
export const MAX_PROJECT_FILE_BYTES = 16 + 2 * 20 + MAX_PROJECT_JSON_CHARS * 4 + MAX_PROJECT_HEIGHT_BYTES;


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

/** The project as it crosses IPC: ProjectData as JSON, heights as float32 little-endian bytes. */
export function payloadFromDocument(doc: ProjectDocument): ProjectPayload {
  return { json: JSON.stringify(projectDataOf(doc)), heights: float32LittleEndianBytes(doc.field.heights) };
}

/**
 * Encodes a payload from the renderer into file bytes and proves them by decoding them again, so that
 * a bad payload is refused here and never replaces a good file.
 */
export function encodeProjectPayload(payload: ProjectPayload, fileName: string): Uint8Array {
  const name = path.basename(fileName);
  // Bounded before it is parsed (nesting, props, history, size): the renderer is not trusted.
  const parsed = parseProjectJson(payload.json, (problem) => {
    throw new CodecError(name, `cannot be saved: ${problem}`);
  });
  if (!isJsonObject(parsed)) throw new CodecError(name, 'cannot be saved: the project data is not an object');
  const { width, depth, cellSize } = parsed;
  if (typeof width !== 'number' || typeof depth !== 'number' || typeof cellSize !== 'number') {
    throw new CodecError(name, 'cannot be saved: the project data lacks its width, depth or cell size');
  }
  if (payload.heights.byteLength % 4 !== 0) throw new CodecError(name, 'cannot be saved: the heights are not whole float32 values');
  let field;
  try {
    field = createHeightfield(width, depth, cellSize, float32FromLittleEndianBytes(payload.heights));
  } catch (error) {
    throw new CodecError(name, `cannot be saved: ${messageOf(error)}`);
  }
  const doc: ProjectDocument = {
    field,
    recipe: parsed.recipe as ProjectDocument['recipe'],
    history: parsed.history as JsonObject[],
    props: parsed.props as JsonObject[],
    view: parsed.view as JsonObject,
  };
  const bytes = compileProject(doc, {}, name);
  parseProject(bytes, name);
  return bytes;
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Removes temp files that an earlier save of this target left behind when its process died mid-save
 * (atomicWrite names them `.<name>.<pid>.<hex>.tmp` and `<name>.bak.<pid>.<hex>.tmp`). Only temps of
 * processes that are no longer running are removed, and they are never read.
 */
export async function removeStaleTemps(target: string): Promise<number> {
  const folder = path.dirname(target);
  const name = path.basename(target);
  let removed = 0;
  let names: string[];
  try {
    names = await fs.readdir(folder);
  } catch {
    return 0;
  }
  for (const entry of names) {
    const pid = staleTempPid(entry, name);
    if (pid === null || pid === process.pid || processIsAlive(pid)) continue;
    await fs.rm(path.join(folder, entry), { force: true }).then(
      () => removed++,
      () => undefined,
    );
  }
  return removed;
}

function staleTempPid(entry: string, name: string): number | null {
  for (const prefix of [`.${name}.`, `${name}.bak.`]) {
    if (!entry.startsWith(prefix)) continue;
    const match = /^(\d+)\.[0-9a-f]+\.tmp$/.exec(entry.slice(prefix.length));
    if (match) return Number(match[1]);
  }
  return null;
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return isCode(error, 'EPERM');
  }
}
