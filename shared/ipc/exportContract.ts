/**
 * Multi-file exports to a folder (engine presets, tiles): main's own dialog picks the folder, the
 * renderer only ever holds an opaque handle to it and the plain names of the files it may write there.
 */
import { v, ValidationError, type Infer, type Validator } from './validate';
import { collidingFileName, exportFileNameProblem, quotedFileName } from '../fileNames';
import { FLOAT32_MAX, MAX_MAP_SIDE, MIN_MAP_SIDE } from '../terrain/heightfield';
import { MAX_PROJECT_HEIGHT_BYTES, uploadIdValidator } from './projectContract';
import { HEIGHTMAP_EXPORT_VARIANTS } from '../codecs/formats';
import type { HeightmapVariantId } from '../codecs/codec';

/** Most files one export may write (tiles × layers of an 8193² map stay well below). */
export const MAX_EXPORT_FILES = 4096;

/**
 * A plain file name (`shared/fileNames.ts`' rule): no folders, no leading dot (so never '.' or '..'),
 * nothing Windows forbids or reserves (CON, NUL, COM1… in any case, with or without an extension),
 * nothing invisible.
 */
const plainName = v.fileName();
export const exportFileNameValidator: Validator<string> = (value, path = '') => {
  const name = plainName(value, path);
  const problem = exportFileNameProblem(name);
  if (problem) throw new ValidationError(`${path || 'value'}: ${quotedFileName(name)} ${problem}`);
  return name;
};

/** The files of one export: plain names, none the same file as another on Windows or macOS (`A.png`, `a.png`). */
const exportFileNamesValidator =
  (names: Validator<string[]>): Validator<string[]> =>
  (value, path = '') => {
    const list = names(value, path);
    const twice = collidingFileName(list);
    if (twice !== null)
      throw new ValidationError(`${path || 'value'}: ${quotedFileName(twice)} is named twice (names differing only in case are one file on Windows and macOS)`);
    return list;
  };

export const exportHandleValidator = v.string({ maxLength: 64, pattern: /^[a-z0-9-]+$/ });

/**
 * What a running export is called when the window cancels it: the handle of a folder export (engine
 * preset, tiles), or the id the window gave a single heightmap export (`job`). Never a path.
 */
export const exportJobValidator = exportHandleValidator;

/**
 * file:cancelExport: stops the export `job` names — main's encoder for it is stopped, a folder
 * export's temporaries are removed (the folder stays as it was) — and answers once that is done:
 * `cancelled`, `finished` when the export was already being put in place (it completed: all or
 * nothing), or `unknown` when main has no such export (ended already, or never started).
 */
export const cancelExportRequestValidator = v.object({ job: exportJobValidator });
export type CancelExportRequest = Infer<typeof cancelExportRequestValidator>;
export interface CancelExportResult {
  status: 'cancelled' | 'finished' | 'unknown';
}

/** The most memory an export may say it needs (far above any plan's estimate: a bound, not a figure). */
export const MAX_EXPORT_MEMORY_BYTES = 2 ** 50;

/** An export's estimated peak memory (shared/export/exportMemory.ts) and what it is called in a refusal. */
const exportMemoryValidator = v.object({ bytes: v.number({ min: 0, max: MAX_EXPORT_MEMORY_BYTES, integer: true }), what: v.string({ maxLength: 120 }) });

/**
 * file:checkExportMemory: before the window encodes a file (a mesh or normal map in its codec worker,
 * or sends a heightmap's heights to main), main says whether the machine has the memory it needs.
 */
export const checkExportMemoryRequestValidator = exportMemoryValidator;
export interface CheckExportMemoryRequest {
  bytes: number;
  what: string;
}
export type CheckExportMemoryResult = { status: 'fits' } | { status: 'refused'; message: string };

export const chooseExportDirectoryRequestValidator = v.object({
  title: v.string({ maxLength: 120 }),
  /** Every file the export will write: main asks before replacing any that exist, and allows exactly these. */
  fileNames: exportFileNamesValidator(v.array(exportFileNameValidator, MAX_EXPORT_FILES)),
  /**
   * The export's estimated peak memory (shared/export/exportMemory.ts): main refuses it, before any
   * dialog, when the machine has less available; `what` names the export in the message.
   */
  memory: v.optional(exportMemoryValidator),
});
export interface ChooseExportDirectoryRequest {
  title: string;
  fileNames: string[];
  memory?: { bytes: number; what: string };
}

export type ChooseExportDirectoryResult =
  | { status: 'cancelled' }
  /** The export cannot fit in the memory available: `message` says what it needs; no dialog was shown. */
  | { status: 'refused'; message: string }
  /** `directoryName` is the folder's own name (no path), for messages. */
  | { status: 'chosen'; handle: string; directoryName: string };

export interface WriteExportFileResult {
  /** Files of this export written so far. */
  written: number;
}

/** The most bytes one piece of an exported file carries over IPC (the renderer cuts files into pieces). */
export const MAX_EXPORT_CHUNK_BYTES = 16 * 1024 * 1024;
/** The most bytes one exported file may have (an 8193² EXR of uncompressed floats is 268 MB). */
export const MAX_EXPORT_FILE_BYTES = 1024 * 1024 * 1024;

/**
 * One piece of one file of an export session (`handle`, from file:chooseExportDirectory): the session
 * maps the handle to the folder and the names main's dialog took, so the renderer sends a plain name
 * only, never a path. A file's pieces come in order (`offset` = the bytes sent before), one file after
 * the other, one piece at a time; `last` closes the file, and the session's last file puts every file
 * in place. Anything else — a piece out of order, of a file not announced or written already, past
 * MAX_EXPORT_FILE_BYTES — ends the session: its temporaries are removed and the folder stays as it was.
 */
export const writeExportChunkRequestValidator = v.object({
  handle: exportHandleValidator,
  fileName: exportFileNameValidator,
  offset: v.number({ min: 0, max: MAX_EXPORT_FILE_BYTES, integer: true }),
  bytes: v.bytes(MAX_EXPORT_CHUNK_BYTES),
  last: v.boolean(),
});
export type WriteExportChunkRequest = Infer<typeof writeExportChunkRequestValidator>;

/** Heightmap exports main encodes itself (node:zlib): the codec registry's heightmap variants. */
export type HeightmapExportFormat = HeightmapVariantId;

/** A heightfield as main's services take it: its size and cell size, heights as float32 little-endian bytes. */
export interface HeightfieldPayload {
  width: number;
  depth: number;
  cellSize: number;
  heights: Uint8Array;
}

/**
 * A heightfield as the renderer sends it — not a project (no recipe, props or view): the heights
 * inline, or as the id of a finished upload (the router puts the bytes in before a service sees them).
 */
export type WireHeightfieldPayload = HeightfieldPayload | (Omit<HeightfieldPayload, 'heights'> & { heightsUpload: string });

const mapSide = v.number({ min: MIN_MAP_SIDE, max: MAX_MAP_SIDE, integer: true });
const wireHeightfieldShape = v.object({
  width: mapSide,
  depth: mapSide,
  /** Positive, and small enough that the map's extent stays a float32 (as the heightmap readers check). */
  cellSize: v.number({ min: Number.MIN_VALUE, max: FLOAT32_MAX / (MAX_MAP_SIDE - 1) }),
  heights: v.optional(v.bytes(MAX_PROJECT_HEIGHT_BYTES)),
  heightsUpload: v.optional(uploadIdValidator),
});

export const heightfieldPayloadValidator: Validator<WireHeightfieldPayload> = (value, path = '') => {
  const { width, depth, cellSize, heights, heightsUpload } = wireHeightfieldShape(value, path);
  const where = path || 'value';
  if (heights !== undefined && heightsUpload === undefined) {
    // Inline heights must be the map's exactly; an upload's are checked when the router takes it.
    if (heights.byteLength !== width * depth * 4)
      throw new ValidationError(`${where}.heights: ${heights.byteLength} bytes, expected ${width * depth * 4} for ${width} × ${depth} float32 heights`);
    return { width, depth, cellSize, heights };
  }
  if (heights === undefined && heightsUpload !== undefined) return { width, depth, cellSize, heightsUpload };
  throw new ValidationError(`${where}: needs either heights or heightsUpload`);
};

/**
 * One heightmap file: the map (a heightfield payload), the format and its options. Main encodes it
 * (main/services/heightmapEncode.ts, in a worker thread), shows its save dialog with a suggested name
 * only, and writes.
 */
export const exportHeightmapRequestValidator = v.object({
  title: v.string({ maxLength: 120 }),
  defaultName: exportFileNameValidator,
  /** The registry's heightmap export entries (shared/codecs/formats.ts). */
  format: v.literal(...HEIGHTMAP_EXPORT_VARIANTS),
  /** Absent: the map's own min..max. */
  /** Within float32 (what a reader accepts back as heights); min ≤ max is the encoder's check. */
  range: v.optional(v.object({ min: v.number({ min: -FLOAT32_MAX, max: FLOAT32_MAX }), max: v.number({ min: -FLOAT32_MAX, max: FLOAT32_MAX }) })),
  byteOrder: v.literal('le', 'be'),
  flip: v.boolean(),
  exrCompression: v.literal('none', 'zip'),
  /** GeoTIFF only: an imported GeoTIFF's projected CRS (EPSG code) and top-left corner. */
  geo: v.optional(
    v.object({
      epsg: v.number({ min: 1, max: 32766, integer: true }),
      originX: v.number({ min: -1e15, max: 1e15 }),
      originY: v.number({ min: -1e15, max: 1e15 }),
    }),
  ),
  heightfield: heightfieldPayloadValidator,
  /** The window's name for this export, so that file:cancelExport can stop it (absent: not cancellable). */
  job: v.optional(exportJobValidator),
});
export interface ExportHeightmapRequest {
  title: string;
  defaultName: string;
  format: HeightmapExportFormat;
  range?: { min: number; max: number };
  byteOrder: 'le' | 'be';
  flip: boolean;
  exrCompression: 'none' | 'zip';
  geo?: { epsg: number; originX: number; originY: number };
  heightfield: HeightfieldPayload;
  job?: string;
}

/** A request with its heightfield as the renderer sends it (see WireHeightfieldPayload). */
export type HeightfieldOnWire<T extends { heightfield: HeightfieldPayload }> = Omit<T, 'heightfield'> & { heightfield: WireHeightfieldPayload };

export type ExportHeightmapResult = { status: 'cancelled' } | { status: 'error'; message: string } | { status: 'saved'; fileName: string };

/**
 * A heightmap cut into tiles, written to a folder chosen before (`handle`, from
 * file:chooseExportDirectory): main cuts the map (a heightfield payload), encodes each tile with the one
 * heightmap encoder and writes it through the handle; all or nothing, like every multi-file export.
 * Tiles are NAME_x{X}_y{Y}.EXT for `fileName` NAME.EXT, and every tile maps the same range (the
 * request's, else the whole map's) so that they join without steps.
 */
export const exportHeightmapTilesRequestValidator = v.object({
  handle: exportHandleValidator,
  fileName: exportFileNameValidator,
  format: v.literal(...HEIGHTMAP_EXPORT_VARIANTS),
  range: v.optional(v.object({ min: v.number({ min: -FLOAT32_MAX, max: FLOAT32_MAX }), max: v.number({ min: -FLOAT32_MAX, max: FLOAT32_MAX }) })),
  byteOrder: v.literal('le', 'be'),
  flip: v.boolean(),
  exrCompression: v.literal('none', 'zip'),
  /** Vertices per tile side and rows/columns neighbours share; the layout's own checks are main's. */
  tiles: v.object({ size: v.number({ min: 2, max: MAX_MAP_SIDE, integer: true }), overlap: v.number({ min: 0, max: MAX_MAP_SIDE - 1, integer: true }) }),
  heightfield: heightfieldPayloadValidator,
});
export interface ExportHeightmapTilesRequest {
  handle: string;
  fileName: string;
  format: HeightmapExportFormat;
  range?: { min: number; max: number };
  byteOrder: 'le' | 'be';
  flip: boolean;
  exrCompression: 'none' | 'zip';
  tiles: { size: number; overlap: number };
  heightfield: HeightfieldPayload;
}
