import { v, ValidationError, type Validator } from './validate';

/**
 * IPC shapes for project documents (.faultline). The renderer names documents by opaque handles that
 * main hands out; it never names a path that main writes.
 */

/** An 8193² map of float32 heights. */
export const MAX_PROJECT_HEIGHT_BYTES = 8193 * 8193 * 4;
/** Project JSON (recipe, history, props, view) is small; the codec refuses more than this. */
export const MAX_PROJECT_JSON_CHARS = 64 * 1024 * 1024;

export const projectHandleValidator = v.string({ maxLength: 64, pattern: /^[a-z0-9-]+$/ });

/** Largest piece of an upload (`upload:append`): each piece crosses IPC as one bounded message. */
export const UPLOAD_PIECE_MAX_BYTES = 16 * 1024 * 1024;

/** An upload's id, as main handed it out (`upload:begin`). */
export const uploadIdValidator = v.string({ maxLength: 64, pattern: /^[a-z0-9-]+$/ });

/** A project as main's services take it: the codec's ProjectData as JSON text, heights as float32 little-endian bytes. */
export interface ProjectPayload {
  json: string;
  heights: Uint8Array;
}

/**
 * A project as the renderer sends it: the heights inline, or as the id of a finished upload
 * (a large map's heights go in pieces first; the router puts the bytes in before a service sees them).
 */
export type WireProjectPayload = ProjectPayload | { json: string; heightsUpload: string };

const wirePayloadShape = v.object({
  json: v.string({ maxLength: MAX_PROJECT_JSON_CHARS }),
  heights: v.optional(v.bytes(MAX_PROJECT_HEIGHT_BYTES)),
  heightsUpload: v.optional(uploadIdValidator),
});

export const projectPayloadValidator: Validator<WireProjectPayload> = (value, path = '') => {
  const payload = wirePayloadShape(value, path);
  const { json, heights, heightsUpload } = payload;
  if (heights !== undefined && heightsUpload === undefined) return { json, heights };
  if (heights === undefined && heightsUpload !== undefined) return { json, heightsUpload };
  throw new ValidationError(`${path || 'value'}: needs either heights or heightsUpload`);
};

/** A request with its payload as the renderer sends it (see WireProjectPayload). */
export type OnWire<T extends { payload: ProjectPayload }> = Omit<T, 'payload'> & { payload: WireProjectPayload };

export const projectSaveRequestValidator = v.object({
  handle: projectHandleValidator,
  payload: projectPayloadValidator,
});
export interface ProjectSaveRequest {
  handle: string;
  payload: ProjectPayload;
}

export const projectSaveAsRequestValidator = v.object({
  /** The document's handle when it has one (its folder is suggested), absent for untitled documents. */
  handle: v.optional(projectHandleValidator),
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  defaultName: v.string({ maxLength: 255, pattern: /^[^/\\:*?"<>|\u0000-\u001f]+$/ }),
  payload: projectPayloadValidator,
});
export interface ProjectSaveAsRequest {
  handle?: string;
  defaultName: string;
  payload: ProjectPayload;
}

export const recoverySnapshotValidator = v.object({
  /** Name (not path) of the file the unsaved work belongs to, absent for untitled documents. */
  fileName: v.optional(v.fileName()),
  payload: projectPayloadValidator,
});
export interface RecoverySnapshot {
  fileName?: string;
  payload: ProjectPayload;
}

/** Index into the Open Recent list main last reported. */
export const recentIndexValidator = v.number({ integer: true, min: 0, max: 99 });

/**
 * A dropped file's path (Electron only), which the preload (never the page) takes from the dropped
 * File with webUtils.getPathForFile and registers with main for a token; main checks it again.
 */
// eslint-disable-next-line no-control-regex -- a NUL or other control character never belongs in a path
export const droppedPathValidator = v.string({ maxLength: 4096, pattern: /^[^\u0000-\u001f]+$/ });

/** What the page holds for a dropped file: an opaque, single-use token main handed to the preload. */
export const dropTokenValidator = v.string({ maxLength: 64, pattern: /^[a-z0-9-]+$/ });

export type ProjectOpenResult =
  | { status: 'cancelled' }
  /** A plain message that names the file and the problem. */
  | { status: 'error'; message: string }
  | { status: 'opened'; handle: string; fileName: string; payload: ProjectPayload };

export type ProjectSaveResult = { status: 'cancelled' } | { status: 'error'; message: string } | { status: 'saved'; handle: string; fileName: string };

export interface RecentFileEntry {
  /** File name shown in the menu. */
  name: string;
  /** Its folder, shown as a hint. */
  folder: string;
}

export interface RecoveryInfo {
  /** Name of the file the unsaved work belonged to, or null for an untitled document. */
  fileName: string | null;
  /** When the journal was written, ms since the epoch. */
  savedAt: number;
}

export type RecoveryLoadResult = { status: 'none' } | { status: 'error'; message: string } | { status: 'loaded'; info: RecoveryInfo; payload: ProjectPayload };
