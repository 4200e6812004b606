/**
 * Multi-file exports to a folder (engine presets, tiles): main's own dialog picks the folder, the
 * renderer only ever holds an opaque handle to it and the plain names of the files it may write there.
 */
import { v, type Infer } from './validate';

/** Most files one export may write (tiles × layers of an 8193² map stay well below). */
export const MAX_EXPORT_FILES = 4096;

/**
 * A plain file name: no folders, no leading dot (so never '.' or '..'), nothing Windows forbids.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
export const exportFileNameValidator = v.string({ maxLength: 255, pattern: /^(?!\.)[^/\\:*?"<>|\u0000-\u001f]+$/ });

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
