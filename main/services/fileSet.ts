import { promises as fs, constants as fsConstants } from 'node:fs';
import path from 'node:path';
import { isCode, openStagedFile, flushDirectory, tempPathFor, type StagedFileWriter } from './atomicWrite';
import { MAX_EXPORT_FILES } from '../../shared/export/tiles';
import { fileNameKey } from '../../shared/fileNames';
import { asidePathFor, linkAside, recoverFileSets, writeJournal, type JournalEntry } from './fileSetJournal';

/**
 * Several files written all or nothing (an engine export, tiles, a command's several --out targets):
 * every file goes to a temporary name in its target's folder and is fsynced; only when all are written
 * is each renamed into place (commitStaged: an old target stays in place until its new file replaces
 * it, and an intent record lets the next run finish a set whose process was killed among the
 * renames). On failure nothing new is left — no temporary, no partial set — and the error names the
 * TARGET file, never a temporary one. Temporaries use atomicWrite's names, so removeStaleTemps
 * (which first recovers killed sets, fileSetJournal.ts) cleans up after a killed process.
 */

/** The most files one set may have (engine exports with tiles × layers can plan far more). */
export const MAX_SET_FILES = MAX_EXPORT_FILES;

export class FileSetError extends Error {
  override name = 'FileSetError';
  constructor(
    /** The target file the problem is about. */
    readonly target: string,
    message: string,
  ) {
    super(message);
  }
}

export interface FileSetEntry {
  path: string;
  bytes: Uint8Array;
}

export interface FileSetOptions {
  /** Default MAX_SET_FILES. */
  maxFiles?: number;
  /** After each file is staged: files written so far and the total. */
  onProgress?(written: number, total: number): void;
}

/** Why a file could not be written, in words, never naming a temporary file. */
export function reasonOf(error: unknown): string {
  if (isCode(error, 'EISDIR')) return 'a folder of that name is in the way';
  if (isCode(error, 'ENOENT')) return 'its folder does not exist';
  if (isCode(error, 'ENOTDIR')) return 'part of its folder path is a file';
  if (isCode(error, 'EACCES', 'EPERM')) return 'permission denied';
  if (isCode(error, 'ENOSPC')) return 'the disk is full';
  if (isCode(error, 'EROFS')) return 'the disk is read-only';
  if (isCode(error, 'EDQUOT')) return 'the disk quota is used up';
  const text = error instanceof Error ? error.message : String(error);
  // A message that quotes paths would quote the temporary ones: give the words before them.
  return text.split(/[,:]\s*'/)[0].split('\n')[0];
}

/** Two targets are one file when Windows or macOS would store them as one (`A.png` and `a.png`). */
function targetKey(target: string): string {
  const resolved = path.resolve(target);
  return path.join(path.dirname(resolved), fileNameKey(path.basename(resolved)));
}

const namedTwice = (target: string, first: string) =>
  path.resolve(first) === path.resolve(target)
    ? `${target} is named twice`
    : `${first} and ${target} are one file on Windows and macOS (names differing only in case)`;

/** A set can only be written when it has at most `maxFiles` files and no target twice. */
function checkCount(targets: readonly string[], maxFiles: number): void {
  if (targets.length > maxFiles) {
    throw new FileSetError(targets[0] ?? '', `${targets.length} files is more than the ${maxFiles} one export may write; choose larger tiles or fewer layers`);
  }
  const seen = new Map<string, string>();
  for (const target of targets) {
    const key = targetKey(target);
    const first = seen.get(key);
    if (first !== undefined) throw new FileSetError(target, namedTwice(target, first));
    seen.set(key, target);
  }
}

/**
 * Checks, before any work, that every target can be written: its folder exists and is writable, and
 * the target is not a folder. Throws a FileSetError naming the first that cannot. A set a killed
 * process left committing in one of the folders is finished first (fileSetJournal.ts), so that it
 * never lands over this one.
 */
export async function checkTargets(targets: readonly string[], maxFiles = MAX_SET_FILES): Promise<void> {
  checkCount(targets, maxFiles);
  for (const folder of new Set(targets.map((t) => path.dirname(path.resolve(t))))) await recoverFileSets(folder).catch(() => 0);
  const folders = new Map<string, string>();
  for (const target of targets) {
    const folder = path.dirname(path.resolve(target));
    if (!folders.has(folder)) folders.set(folder, target);
    const existing = await fs.lstat(target).catch((error: unknown) => {
      if (isCode(error, 'ENOENT', 'ENOTDIR')) return null;
      throw new FileSetError(target, `cannot write ${target}: ${reasonOf(error)}`);
    });
    if (existing?.isDirectory()) throw new FileSetError(target, `cannot write ${target}: a folder of that name is in the way`);
  }
  for (const [folder, target] of folders) {
    const stats = await fs.stat(folder).catch(() => null);
    if (!stats) throw new FileSetError(target, `cannot write ${target}: its folder ${folder} does not exist`);
    if (!stats.isDirectory()) throw new FileSetError(target, `cannot write ${target}: ${folder} is not a folder`);
    await fs.access(folder, fsConstants.W_OK).catch(() => {
      throw new FileSetError(target, `cannot write ${target}: its folder is not writable`);
    });
  }
}

interface Staged {
  target: string;
  temp: string;
  /** While the file is being written piece by piece. */
  writer: StagedFileWriter | null;
}

/** One file of a set being written piece by piece (`FileSet.open`): append the pieces in order, then `close`. */
export interface StagedFile {
  append(bytes: Uint8Array): Promise<void>;
  /** The file is complete (fsynced); it is put in place with the others at `commit`. */
  close(): Promise<void>;
}

/**
 * A set being written: `add` stages a file (or `open` stages one piece by piece, so that it is never
 * held whole), `commit` puts every staged file in place, `abort` removes them.
 */
export interface FileSet {
  add(target: string, bytes: Uint8Array): Promise<void>;
  open(target: string): Promise<StagedFile>;
  commit(): Promise<void>;
  abort(): Promise<void>;
  readonly staged: number;
}

export function createFileSet(options: FileSetOptions & { total?: number } = {}): FileSet {
  const maxFiles = options.maxFiles ?? MAX_SET_FILES;
  const staged: Staged[] = [];
  const targets = new Map<string, string>();
  let closed = false;

  const removeTemps = async () => {
    await Promise.all(
      staged.map(async (s) => {
        const writer = s.writer;
        s.writer = null;
        await writer?.discard().catch(() => undefined);
        await fs.rm(s.temp, { force: true }).catch(() => undefined);
      }),
    );
  };

  const open = async (target: string): Promise<StagedFile> => {
    if (closed) throw new FileSetError(target, `cannot write ${target}: this export has ended`);
    const key = targetKey(target);
    const first = targets.get(key);
    if (first !== undefined) throw new FileSetError(target, namedTwice(target, first));
    if (staged.length >= maxFiles) throw new FileSetError(target, `more than the ${maxFiles} files one export may write; choose larger tiles or fewer layers`);
    if (staged.some((s) => s.writer)) throw new FileSetError(target, `cannot write ${target}: another file of this export is still being written`);
    targets.set(key, target);
    const entry: Staged = { target, temp: tempPathFor(target), writer: null };
    const failed = (error: unknown) => new FileSetError(target, `cannot write ${target}: ${reasonOf(error)}`);
    try {
      const existing = await fs.stat(target).catch((error: unknown) => {
        if (isCode(error, 'ENOENT')) return null;
        throw error;
      });
      if (existing?.isDirectory()) throw Object.assign(new Error('is a folder'), { code: 'EISDIR' });
      staged.push(entry);
      const writer = await openStagedFile(entry.temp, existing);
      if (closed) {
        // Aborted while the temporary was being created: it goes too.
        await writer.discard().catch(() => undefined);
        await fs.rm(entry.temp, { force: true }).catch(() => undefined);
        throw new Error('this export has ended');
      }
      entry.writer = writer;
    } catch (error) {
      throw failed(error);
    }
    const writerOf = () => {
      if (closed || !entry.writer) throw new FileSetError(target, `cannot write ${target}: this export has ended`);
      return entry.writer;
    };
    return {
      async append(bytes) {
        const writer = writerOf();
        await writer.append(bytes).catch((error: unknown) => {
          throw failed(error);
        });
      },
      async close() {
        const writer = writerOf();
        entry.writer = null;
        await writer.finish().catch((error: unknown) => {
          throw failed(error);
        });
        options.onProgress?.(staged.length, options.total ?? staged.length);
      },
    };
  };

  const abort = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    await removeTemps();
  };

  return {
    get staged() {
      return staged.length;
    },
    async add(target, bytes) {
      const file = await open(target);
      await file.append(bytes);
      await file.close();
    },
    open,
    async commit() {
      if (closed) throw new Error('this file set is already closed');
      const unfinished = staged.find((s) => s.writer);
      if (unfinished) {
        await abort();
        throw new FileSetError(unfinished.target, `cannot write ${unfinished.target}: it was not finished`);
      }
      closed = true;
      await commitStaged(staged.map(({ target, temp }) => ({ target, temp })));
    },
    abort,
  };
}

/**
 * Puts every staged file in place (fileSetJournal.ts): each old target is hard-linked aside and
 * stays in place until its new file is renamed over it; the intent record is written before the
 * first rename, so a kill at any moment is finished (forward or back) by the next run. A failure
 * here puts every old file back and removes the new ones.
 */
async function commitStaged(files: readonly { target: string; temp: string }[]): Promise<void> {
  if (files.length === 0) return;
  const entries: JournalEntry[] = [];
  const renamed: JournalEntry[] = [];
  let journal: Awaited<ReturnType<typeof writeJournal>> | null = null;
  const asideOf = (entry: JournalEntry) => (entry.aside === null ? null : path.join(path.dirname(entry.target), entry.aside));
  try {
    for (const { target, temp } of files) {
      const existing = await fs.lstat(target).catch(() => null);
      if (existing?.isDirectory()) throw new FileSetError(target, `cannot write ${target}: a folder of that name is in the way`);
      const entry: JournalEntry = { target, staged: path.basename(temp), aside: null };
      entries.push(entry);
      if (existing) {
        const aside = asidePathFor(target);
        try {
          await linkAside(target, aside);
          entry.aside = path.basename(aside);
        } catch (error) {
          if (!isCode(error, 'ENOENT')) throw new FileSetError(target, `cannot replace ${target}: ${reasonOf(error)}`);
        }
      }
    }
    try {
      journal = await writeJournal(entries);
    } catch (error) {
      throw new FileSetError(files[0].target, `cannot write ${files[0].target}: ${reasonOf(error)}`);
    }
    for (const entry of entries) {
      try {
        await fs.rename(path.join(path.dirname(entry.target), entry.staged), entry.target);
      } catch (error) {
        throw new FileSetError(entry.target, `cannot write ${entry.target}: ${reasonOf(error)}`);
      }
      renamed.push(entry);
    }
    const folders = new Set(files.map((f) => path.dirname(f.target)));
    for (const folder of folders) await flushDirectory(folder).catch(() => undefined);
  } catch (error) {
    for (const entry of renamed.reverse()) {
      const aside = asideOf(entry);
      if (aside) await fs.rename(aside, entry.target).catch(() => undefined);
      else await fs.rm(entry.target, { force: true }).catch(() => undefined);
    }
    await journal?.remove();
    await Promise.all(
      entries.map(async (entry) => {
        const aside = asideOf(entry);
        if (aside) await fs.rm(aside, { force: true }).catch(() => undefined);
      }),
    );
    await Promise.all(files.map((f) => fs.rm(f.temp, { force: true }).catch(() => undefined)));
    throw error;
  }
  // Committed: the record goes first, then the old copies.
  await journal.remove();
  await Promise.all(
    entries.map(async (entry) => {
      const aside = asideOf(entry);
      if (aside) await fs.rm(aside, { force: true }).catch(() => undefined);
    }),
  );
}

/**
 * writeFileSet for files made one after another (an engine export): `paths` announces every target
 * (checked first), and each file is staged as soon as `files` yields it, so the set is never held
 * whole. A file not announced, one missing, or an error while making one writes none of them.
 */
export async function writeFileStream(paths: readonly string[], files: Iterable<FileSetEntry>, options: FileSetOptions = {}): Promise<void> {
  await checkTargets(paths, options.maxFiles ?? MAX_SET_FILES);
  const announced = new Set(paths);
  const set = createFileSet({ ...options, total: paths.length });
  try {
    for (const entry of files) {
      if (!announced.has(entry.path)) throw new FileSetError(entry.path, `${entry.path} is not one of the files announced`);
      await set.add(entry.path, entry.bytes);
    }
    if (set.staged !== announced.size) throw new Error(`${set.staged} of the ${announced.size} files announced were made`);
  } catch (error) {
    await set.abort();
    throw error;
  }
  await set.commit();
}

/** Checks every target, then writes them all or none (see the top of this file). */
export async function writeFileSet(entries: readonly FileSetEntry[], options: FileSetOptions = {}): Promise<void> {
  await checkTargets(
    entries.map((e) => e.path),
    options.maxFiles ?? MAX_SET_FILES,
  );
  const set = createFileSet({ ...options, total: entries.length });
  try {
    for (const entry of entries) await set.add(entry.path, entry.bytes);
  } catch (error) {
    await set.abort();
    throw error;
  }
  await set.commit();
}
