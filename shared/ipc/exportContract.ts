/**
 * Multi-file exports to a folder (engine presets, tiles): main's own dialog picks the folder, the
 * renderer only ever holds an opaque handle to it and the plain names of the files it may write there.
 */
import { v, type Infer, type Validator } from './validate';
import { FLOAT32_MAX } from '../terrain/heightfield';
import { projectPayloadValidator, type ProjectPayload } from './projectContract';
import { HEIGHTMAP_EXPORT_VARIANTS } from '../codecs/formats';
import type { HeightmapVariantId } from '../codecs/codec';

/** Most files one export may write (tiles × layers of an 8193² map stay well below). */
export const MAX_EXPORT_FILES = 4096;

/**
 * A plain file name: no folders, no leading dot (so never '.' or '..'), nothing Windows forbids or
 * reserves (CON, NUL, COM1… in any case, with or without an extension).
 */
const noLeadingDot = v.string({ maxLength: 255, pattern: /^(?!\.)/ });
const plainName = v.fileName();
export const exportFileNameValidator: Validator<string> = (value, path) => plainName(noLeadingDot(value, path), path);

export const exportHandleValidator = v.string({ maxLength: 64, pattern: /^[a-z0-9-]+$/ });

export const chooseExportDirectoryRequestValidator = v.object({
  title: v.string({ maxLength: 120 }),
  /** Every file the export will write: main asks before replacing any that exist, and allows exactly these. */
  fileNames: v.array(exportFileNameValidator, MAX_EXPORT_FILES),
});
export type ChooseExportDirectoryRequest = Infer<typeof chooseExportDirectoryRequestValidator>;

export type ChooseExportDirectoryResult =
  | { status: 'cancelled' }
  /** `directoryName` is the folder's own name (no path), for messages. */
  | { status: 'chosen'; handle: string; directoryName: string };

export interface WriteExportFileResult {
  /** Files of this export written so far. */
  written: number;
}

/** Heightmap exports main encodes itself (node:zlib): the codec registry's heightmap variants. */
export type HeightmapExportFormat = HeightmapVariantId;

/**
 * One heightmap file: the map (as a project payload: its JSON gives width, depth and cell size, its
 * heights come inline or as an upload), the format and its options. Main encodes, shows its save
 * dialog with a suggested name only, and writes.
 */
export const exportHeightmapRequestValidator = v.object({
  title: v.string({ maxLength: 120 }),
  defaultName: exportFileNameValidator,
  format: v.literal(...HEIGHTMAP_EXPORT_VARIANTS),
  /** Absent: the map's own min..max. */
  /** Within float32 (what a reader accepts back as heights); min ≤ max is the encoder's check. */
  range: v.optional(v.object({ min: v.number({ min: -FLOAT32_MAX, max: FLOAT32_MAX }), max: v.number({ min: -FLOAT32_MAX, max: FLOAT32_MAX }) })),
  byteOrder: v.literal('le', 'be'),
  flip: v.boolean(),
  exrCompression: v.literal('none', 'zip'),
  payload: projectPayloadValidator,
});
export interface ExportHeightmapRequest {
  title: string;
  defaultName: string;
  format: HeightmapExportFormat;
  range?: { min: number; max: number };
  byteOrder: 'le' | 'be';
  flip: boolean;
  exrCompression: 'none' | 'zip';
  payload: ProjectPayload;
}

export type ExportHeightmapResult = { status: 'cancelled' } | { status: 'error'; message: string } | { status: 'saved'; fileName: string };
