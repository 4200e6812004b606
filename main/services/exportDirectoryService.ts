import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { DialogService } from './dialogs';
import { createFileSet, MAX_SET_FILES, type FileSet, type StagedFile } from './fileSet';
import { recoverFileSets } from './fileSetJournal';
import {
  MAX_EXPORT_FILE_BYTES,
  type ChooseExportDirectoryRequest,
  type ChooseExportDirectoryResult,
  type WriteExportChunkRequest,
  type WriteExportFileResult,
} from '../../shared/ipc/exportContract';
import { exportMemoryProblem } from '../../shared/export/exportMemory';
import { availableMemory } from './memory';

/**
 * Multi-file exports (engine presets, tiles) to a folder the user picks in main's own dialog: export
 * sessions. The renderer gets an opaque handle that allows writing exactly the file names it
 * announced, in that folder and nowhere else; main asks before any existing file is replaced. Files
 * arrive whole (`write`, main's own tiles) or in pieces over IPC (`writeChunk`, the window's engine
 * export as its worker encodes each file), one file after the other, and are staged in their
 * temporaries as they come (fileSet.ts, the CLI's writer). All or nothing: only the last announced
 * file puts them all in place; a failure, a refused piece, or a session finished, closed with its
 * window or idle before that removes every temporary and leaves the folder as it was.
 */
export interface ExportDirectoryService {
  choose(request: ChooseExportDirectoryRequest): Promise<ChooseExportDirectoryResult>;
  write(handle: string, fileName: string, bytes: Uint8Array): Promise<WriteExportFileResult>;
  writeChunk(request: WriteExportChunkRequest): Promise<WriteExportFileResult>;
  finish(handle: string): void;
  /**
   * A cancel from the window: ends the session and answers once its temporaries are removed
   * ('cancelled'); when its files are being put in place already that completes first ('finished':
   * all or nothing, never half); 'unknown' for a handle that is not (or no longer) a session.
   */
  cancel(handle: string): Promise<'cancelled' | 'finished' | 'unknown'>;
  /** Ends every session (the window closed): their temporaries are removed. */
  finishAll(): Promise<void>;
  /** Handles not yet finished (for tests). */
  readonly open: number;
}

interface Grant {
  directory: string;
  allowed: Set<string>;
  written: Set<string>;
  files: FileSet;
  lastUsed: number;
  /** The file whose pieces are arriving, and how many bytes it has. */
  current: { name: string; file: StagedFile; received: number } | null;
  /** A piece is being written (pieces come one at a time). */
  busy: boolean;
  /** Cancels the idle timer. */
  cancelTimer: () => void;
  /** The files being put in place (after the last file's last piece). */
  committing: Promise<void> | null;
}

/** Sessions remembered after they completed, so that a late cancel can say so. */
const REMEMBERED_FINISHED = 16;

export interface ExportDirectoryOptions {
  /** Sessions unused for this long are ended (an export abandoned half way): their temporaries go. */
  idleMs?: number;
  /** At most this many handles at once; the oldest goes first. */
  maxOpen?: number;
  now?: () => number;
  /** Runs `run` after `ms` (default: an unref'd setTimeout); answers its cancel. */
  schedule?: (run: () => void, ms: number) => () => void;
  /** Bytes this machine can still give the export (default: the OS's available memory). */
  availableMemory?: () => number;
}

const defaultSchedule = (run: () => void, ms: number): (() => void) => {
  const timer = setTimeout(run, ms);
  timer.unref?.();
  return () => clearTimeout(timer);
};

async function exists(file: string): Promise<boolean> {
  return fs.lstat(file).then(
    () => true,
    () => false,
  );
}

export function createExportDirectoryService(dialogs: DialogService, options: ExportDirectoryOptions = {}): ExportDirectoryService {
  // Long enough for the slowest file of an 8193² export to be encoded between two pieces under load.
  const idleMs = options.idleMs ?? 10 * 60_000;
  const maxOpen = options.maxOpen ?? 4;
  const now = options.now ?? Date.now;
  const schedule = options.schedule ?? defaultSchedule;
  const available = options.availableMemory ?? availableMemory;
  const grants = new Map<string, Grant>();
  /** Sessions being ended: every caller waits for the same removal of temporaries. */
  const ending = new Map<string, Promise<void>>();
  const finished: string[] = [];

  const end = async (handle: string): Promise<void> => {
    const grant = grants.get(handle);
    if (!grant) return ending.get(handle);
    grants.delete(handle);
    grant.cancelTimer();
    // Not committed: its staged files go (a commit under way has closed the set: it completes).
    const removal = grant.files.abort().finally(() => ending.delete(handle));
    ending.set(handle, removal);
    await removal;
  };
  const forget = (handle: string) => void end(handle);
  const touch = (handle: string, grant: Grant) => {
    grant.lastUsed = now();
    grant.cancelTimer();
    grant.cancelTimer = schedule(() => forget(handle), idleMs);
  };
  /** The live session of `handle`, or an error (an ended one is cleaned). */
  const live = (handle: string): Grant => {
    const grant = grants.get(handle);
    if (!grant || now() - grant.lastUsed > idleMs) {
      forget(handle);
      throw new Error('this export has ended; export again');
    }
    return grant;
  };
  /** Ends the session and says why, naming the file, not the folder's path (nor any temporary file). */
  const fail = async (handle: string, grant: Grant, fileName: string, error: unknown): Promise<never> => {
    await end(handle);
    const reason = error instanceof Error ? error.message : String(error);
    const target = path.join(grant.directory, fileName);
    throw new Error(`could not write ${fileName}: ${reason.replaceAll(`cannot write ${target}: `, '').replaceAll(grant.directory, '…')}; nothing was written`);
  };
  /** After a file's last piece: the last file of the session puts them all in place. */
  const completed = async (handle: string, grant: Grant, fileName: string): Promise<WriteExportFileResult> => {
    grant.written.add(fileName);
    if (grant.written.size === grant.allowed.size) {
      grant.committing = grant.files.commit();
      await grant.committing;
      grants.delete(handle);
      grant.cancelTimer();
      finished.push(handle);
      if (finished.length > REMEMBERED_FINISHED) finished.shift();
    }
    return { written: grant.written.size };
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
      // An export that cannot fit is refused before anything is asked or written.
      if (request.memory) {
        const problem = exportMemoryProblem(request.memory.what, request.memory.bytes, available());
        if (problem) return { status: 'refused', message: problem };
      }
      const directory = await dialogs.chooseDirectory({ title: request.title });
      if (!directory) return { status: 'cancelled' };
      // An export a killed process left half put in place here is finished before anything is compared or written.
      await recoverFileSets(directory).catch(() => 0);
      const names = [...new Set(request.fileNames)];
      if (names.length > MAX_SET_FILES)
        throw new Error(`${names.length} files is more than the ${MAX_SET_FILES} one export may write; choose larger tiles or fewer layers`);
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
      const grant: Grant = {
        directory,
        allowed: new Set(names),
        written: new Set(),
        files: createFileSet({ total: names.length }),
        lastUsed: now(),
        current: null,
        busy: false,
        cancelTimer: () => undefined,
        committing: null,
      };
      grants.set(handle, grant);
      touch(handle, grant);
      return { status: 'chosen', handle, directoryName: path.basename(directory) };
    },
    async write(handle, fileName, bytes) {
      const grant = live(handle);
      if (!grant.allowed.has(fileName)) throw new Error(`${fileName} is not one of the files this export announced`);
      if (grant.written.has(fileName)) throw new Error(`${fileName} was written already`);
      if (grant.current || grant.busy) throw new Error(`${fileName}: another file of this export is still being written`);
      touch(handle, grant);
      grant.busy = true;
      try {
        await grant.files.add(path.join(grant.directory, fileName), bytes);
        return await completed(handle, grant, fileName);
      } catch (error) {
        return fail(handle, grant, fileName, error);
      } finally {
        grant.busy = false;
      }
    },
    async writeChunk({ handle, fileName, offset, bytes, last }) {
      const grant = live(handle);
      touch(handle, grant);
      // Every refusal ends the session: after a piece out of order the files cannot be trusted.
      const refuse = (why: string) => fail(handle, grant, fileName, new Error(why));
      if (grant.busy) return refuse('a piece arrived before the one before it was written (one piece at a time)');
      const { current } = grant;
      if (!grant.allowed.has(fileName)) return refuse('it is not one of the files this export announced');
      if (current && current.name !== fileName) return refuse(`a piece of it arrived while ${current.name} was not finished`);
      if (!current) {
        if (grant.written.has(fileName)) return refuse('it was written already');
        if (offset !== 0) return refuse(`its piece at byte ${offset} arrived before its first piece`);
      } else if (offset !== current.received) return refuse(`its piece at byte ${offset} arrived out of order (${current.received} bytes were written)`);
      const received = offset + bytes.byteLength;
      if (received > MAX_EXPORT_FILE_BYTES) return refuse(`it is larger than the ${MAX_EXPORT_FILE_BYTES} bytes one exported file may have`);
      grant.busy = true;
      try {
        const file = current?.file ?? (await grant.files.open(path.join(grant.directory, fileName)));
        grant.current = { name: fileName, file, received: offset };
        await file.append(bytes);
        grant.current.received = received;
        if (!last) return { written: grant.written.size };
        grant.current = null;
        await file.close();
        return await completed(handle, grant, fileName);
      } catch (error) {
        return fail(handle, grant, fileName, error);
      } finally {
        grant.busy = false;
      }
    },
    finish(handle) {
      forget(handle);
    },
    async cancel(handle) {
      const grant = grants.get(handle);
      if (grant?.committing) {
        return grant.committing.then(
          () => 'finished' as const,
          () => 'cancelled' as const,
        );
      }
      if (grant || ending.has(handle)) {
        await end(handle);
        return 'cancelled';
      }
      return finished.includes(handle) ? 'finished' : 'unknown';
    },
    async finishAll() {
      // Sessions still open, and those whose staged files are being removed (a `finish` just before).
      await Promise.all([...[...grants.keys()].map(end), ...ending.values()]);
    },
  };
}
