import { MAX_STACK_DATA_BYTES } from '../layers/types';
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

/** Most bytes of a layer stack's JSON (its `LAYR` entry, shared/codecs/projectLayers.ts). */
export const MAX_LAYERS_JSON_CHARS = 32 * 1024 * 1024;
/** Most bytes of a stack's blobs over IPC (sculpt tiles, masks, stamp images, heights layers): the one limit of a stack's data. */
export const MAX_LAYER_DATA_BYTES = MAX_STACK_DATA_BYTES;
/** Most bytes one upload holds: a map's heights or a stack's blobs. */
export const MAX_UPLOAD_BYTES = Math.max(MAX_PROJECT_HEIGHT_BYTES, MAX_LAYER_DATA_BYTES);

/**
 * A layer stack as it crosses IPC: its two project entries (`LAYR` as text, `LBIN` as bytes). From
 * main, also how the stack came about (`origin`, shared/codecs/project.ts LayerStatus) and why it
 * could not be read (`problem`).
 */
export interface LayersPayload {
  json: string;
  data: Uint8Array;
  origin?: 'saved' | 'replay' | 'heights';
  problem?: string;
}

/** A project as main's services take it: the codec's ProjectData as JSON text, heights as float32 little-endian bytes, and its layer stack. */
export interface ProjectPayload {
  json: string;
  heights: Uint8Array;
  layers?: LayersPayload;
}

/** A stack as the renderer sends it: its data inline or as a finished upload's id. */
export type WireLayersPayload = Omit<LayersPayload, 'data'> & ({ data: Uint8Array } | { dataUpload: string });

const wireLayersShape = v.object({
  json: v.string({ maxLength: MAX_LAYERS_JSON_CHARS }),
  data: v.optional(v.bytes(MAX_LAYER_DATA_BYTES)),
  dataUpload: v.optional(uploadIdValidator),
  origin: v.optional(v.literal('saved', 'replay', 'heights')),
  problem: v.optional(v.string({ maxLength: 4096 })),
});

const wireLayersValidator: Validator<WireLayersPayload> = (value, path = '') => {
  const { json, data, dataUpload, origin, problem } = wireLayersShape(value, path);
  const status = { ...(origin !== undefined ? { origin } : {}), ...(problem !== undefined ? { problem } : {}) };
  if (data !== undefined && dataUpload === undefined) return { json, data, ...status };
  if (data === undefined && dataUpload !== undefined) return { json, dataUpload, ...status };
  throw new ValidationError(`${path || 'value'}.layers: needs either data or dataUpload`);
};

/**
 * A project as the renderer sends it: the heights inline, or as the id of a finished upload
 * (a large map's heights go in pieces first; the router puts the bytes in before a service sees them).
 */
export type WireProjectPayload = ({ json: string; heights: Uint8Array } | { json: string; heightsUpload: string }) & { layers?: WireLayersPayload };

const wirePayloadShape = v.object({
  json: v.string({ maxLength: MAX_PROJECT_JSON_CHARS }),
  heights: v.optional(v.bytes(MAX_PROJECT_HEIGHT_BYTES)),
  heightsUpload: v.optional(uploadIdValidator),
  layers: v.optional(wireLayersValidator),
});

export const projectPayloadValidator: Validator<WireProjectPayload> = (value, path = '') => {
  const payload = wirePayloadShape(value, path);
  const { json, heights, heightsUpload, layers } = payload;
  const withLayers = layers ? { layers } : {};
  if (heights !== undefined && heightsUpload === undefined) return { json, heights, ...withLayers };
  if (heights === undefined && heightsUpload !== undefined) return { json, heightsUpload, ...withLayers };
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
  /** A suggested file name only (`shared/fileNames.ts`' rule). */
  defaultName: v.fileName(),
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
