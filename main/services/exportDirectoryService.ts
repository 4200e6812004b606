import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { DialogService } from './dialogs';
import { createFileSet, MAX_SET_FILES, type FileSet } from './fileSet';
import type { ChooseExportDirectoryRequest, ChooseExportDirectoryResult, WriteExportFileResult } from '../../shared/ipc/exportContract';

/**
 * Multi-file exports (engine presets, tiles) to a folder the user picks in main's own dialog. The
 * renderer gets an opaque handle that allows writing exactly the file names it announced, in that
 * folder and nowhere else; main asks before any existing file is replaced. All or nothing
 * (fileSet.ts): each file is staged under a temporary name, and only the last announced file's write
 * puts them all in place; a failure, or a handle finished or forgotten before that, removes every
 * temporary and leaves the folder as it was.
 */
export interface ExportDirectoryService {
  choose(request: ChooseExportDirectoryRequest): Promise<ChooseExportDirectoryResult>;
  write(handle: string, fileName: string, bytes: Uint8Array): Promise<WriteExportFileResult>;
  finish(handle: string): void;
  /** Handles not yet finished (for tests). */
  readonly open: number;
}

interface Grant {
  directory: string;
  allowed: Set<string>;
  written: Set<string>;
  files: FileSet;
  lastUsed: number;
}

export interface ExportDirectoryOptions {
  /** Handles unused for this long are forgotten (an export abandoned half way). */
  idleMs?: number;
  /** At most this many handles at once; the oldest goes first. */
  maxOpen?: number;
  now?: () => number;
}

async function exists(file: string): Promise<boolean> {
  return fs.lstat(file).then(
    () => true,
    () => false,
  );
}

export function createExportDirectoryService(dialogs: DialogService, options: ExportDirectoryOptions = {}): ExportDirectoryService {
  const idleMs = options.idleMs ?? 30 * 60_000;
  const maxOpen = options.maxOpen ?? 4;
  const now = options.now ?? Date.now;
  const grants = new Map<string, Grant>();

  const forget = (handle: string) => {
    const grant = grants.get(handle);
    grants.delete(handle);
    // Not committed: its staged files go.
    void grant?.files.abort();
  };
  const sweep = () => {
    for (const [handle, grant] of grants) if (now() - grant.lastUsed > idleMs) forget(handle);
    while (grants.size >= maxOpen) forget(grants.keys().next().value as string);
  };

  return {
    get open() {
      return grants.size;
    },
    async choose(request) {
      const directory = await dialogs.chooseDirectory({ title: request.title });
      if (!directory) return { status: 'cancelled' };
      const names = [...new Set(request.fileNames)];
      if (names.length > MAX_SET_FILES) throw new Error(`${names.length} files is more than the ${MAX_SET_FILES} one export may write; choose larger tiles or fewer layers`);
      const existing: string[] = [];
      for (const name of names) if (await exists(path.join(directory, name))) existing.push(name);
      if (existing.length > 0) {
        const listed = existing.slice(0, 8).join('\n') + (existing.length > 8 ? `\n… and ${existing.length - 8} more` : '');
        const answer = await dialogs.ask({
          title: request.title,
          message: `Replace ${existing.length === 1 ? 'a file' : `${existing.length} files`} in “${path.basename(directory)}”?`,
          detail: listed,
          buttons: ['Replace', 'Cancel'],
          defaultId: 1,
          cancelId: 1,
        });
        if (answer !== 0) return { status: 'cancelled' };
      }
      sweep();
      const handle = randomUUID();
      grants.set(handle, { directory, allowed: new Set(names), written: new Set(), files: createFileSet({ total: names.length }), lastUsed: now() });
      return { status: 'chosen', handle, directoryName: path.basename(directory) };
    },
    async write(handle, fileName, bytes) {
      const grant = grants.get(handle);
      if (!grant || now() - grant.lastUsed > idleMs) {
        forget(handle);
        throw new Error('this export has ended; export again');
      }
      if (!grant.allowed.has(fileName)) throw new Error(`${fileName} is not one of the files this export announced`);
      if (grant.written.has(fileName)) throw new Error(`${fileName} was written already`);
      grant.lastUsed = now();
      try {
        await grant.files.add(path.join(grant.directory, fileName), bytes);
        grant.written.add(fileName);
        if (grant.written.size === grant.allowed.size) {
          await grant.files.commit();
          grants.delete(handle);
        }
      } catch (error) {
        grants.delete(handle);
        await grant.files.abort();
        // The message names the file, not the folder's path (nor any temporary file).
        const reason = error instanceof Error ? error.message : String(error);
        const target = path.join(grant.directory, fileName);
        throw new Error(`could not write ${fileName}: ${reason.replaceAll(`cannot write ${target}: `, '').replaceAll(grant.directory, '…')}; nothing was written`);
      }
      return { written: grant.written.size };
    },
    finish(handle) {
      forget(handle);
    },
  };
}
