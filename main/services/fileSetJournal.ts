import { randomBytes } from 'node:crypto';
import { constants as fsConstants, promises as fs } from 'node:fs';
import path from 'node:path';
import { isCode, flushDirectory, writeAndFlush } from './atomicWrite';
import { isLeftBehind } from './leftBehind';

/**
 * The intent record of a file set's commit (fileSet.ts), so that a process killed among its renames
 * leaves every target all old or all new once the next run has recovered it:
 *
 * 1. every staged file is complete and fsynced; every target that exists is hard-linked aside
 *    (`.<name>.<pid>.<hex>.aside.tmp`), so the old file stays in place until its new one is renamed
 *    over it (a rename replaces it atomically: the target is never missing);
 * 2. the record (`.faultline-set.<pid>.<hex>.json`, in the first target's folder; the other folders
 *    get a `.ref` naming it) lists every target with its staged file and its aside copy, and is fsynced;
 * 3. each staged file is renamed over its target;
 * 4. the record is removed (the set is committed), then the aside copies.
 *
 * `recoverFileSets(folder)` finishes a dead process's record: forward (every staged file still
 * there is renamed in place) when every target has its new file or is already new; else back (each
 * aside copy renamed over its target, new targets removed). An aside copy is never removed while a
 * record names it or while its target is missing (staleTemps.ts).
 */

/** What a record may say about one target: names only, all in the target's folder. */
export interface JournalEntry {
  /** The target's absolute path. */
  target: string;
  /** The staged new file's name in the target's folder. */
  staged: string;
  /** The old target's aside copy's name, or null when the target did not exist. */
  aside: string | null;
}

interface JournalFile {
  faultlineFileSet: 1;
  entries: JournalEntry[];
  /** The `.ref` files in other folders that point here. */
  refs: string[];
}

/** A record is refused above this size (MAX_SET_FILES entries of long names stay far below). */
const MAX_JOURNAL_BYTES = 16 * 1024 * 1024;
const RECORD = /^\.faultline-set\.(\d+)\.[0-9a-f]+\.(json|ref)$/;

/** The aside copy's name beside `target` (staleTemps.ts knows the pattern). */
export function asidePathFor(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.aside.tmp`);
}

/**
 * Keeps the old target reachable under `aside` while it stays in place: a hard link, or (a file
 * system without them) an fsynced copy.
 */
export async function linkAside(target: string, aside: string): Promise<void> {
  try {
    await fs.link(target, aside);
  } catch (error) {
    if (!isCode(error, 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EMLINK', 'EXDEV', 'ENOSYS')) throw error;
    await fs.copyFile(target, aside, fsConstants.COPYFILE_EXCL);
    const handle = await fs.open(aside, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }
}

/** A written record, removed once the set is in place. */
export interface WrittenJournal {
  remove(): Promise<void>;
}

/** Writes the record (and a ref in every other folder), fsynced with their folders, before any rename. */
export async function writeJournal(entries: readonly JournalEntry[]): Promise<WrittenJournal> {
  const folders = [...new Set(entries.map((e) => path.dirname(path.resolve(e.target))))];
  const id = `${process.pid}.${randomBytes(6).toString('hex')}`;
  const record = path.join(folders[0], `.faultline-set.${id}.json`);
  const refs = folders.slice(1).map((folder) => path.join(folder, `.faultline-set.${id}.ref`));
  const written: string[] = [];
  const remove = async () => {
    // The record first: once it is gone the set is committed; the refs then point at nothing.
    for (const file of written.slice().reverse()) await fs.rm(file, { force: true }).catch(() => undefined);
  };
  try {
    for (const ref of refs) {
      written.push(ref);
      await writeAndFlush(ref, Buffer.from(record, 'utf8'), null);
    }
    const body: JournalFile = { faultlineFileSet: 1, entries: entries.map((e) => ({ ...e, target: path.resolve(e.target) })), refs };
    written.push(record);
    await writeAndFlush(record, Buffer.from(JSON.stringify(body), 'utf8'), null);
    for (const folder of folders) await flushDirectory(folder);
  } catch (error) {
    await remove();
    throw error;
  }
  return { remove };
}

/** True when `name` is a temporary of `target` of the given kind (never a path, never another file). */
function isTempOf(name: unknown, target: string, suffix: '.tmp' | '.aside.tmp'): name is string {
  if (typeof name !== 'string') return false;
  const prefix = `.${path.basename(target)}.`;
  return name.startsWith(prefix) && new RegExp(`^\\d+\\.[0-9a-f]+${suffix.replace(/\./g, '\\.')}$`).test(name.slice(prefix.length));
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The record's entries, or null when it is not one this recovery may act on (hostile). */
function parseJournal(text: string): JournalFile | null {
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null) return null;
  const { faultlineFileSet, entries, refs } = value as Partial<JournalFile>;
  if (faultlineFileSet !== 1 || !Array.isArray(entries) || !Array.isArray(refs)) return null;
  for (const entry of entries as unknown[]) {
    if (typeof entry !== 'object' || entry === null) return null;
    const { target, staged, aside } = entry as Partial<JournalEntry>;
    if (typeof target !== 'string' || !path.isAbsolute(target) || target.includes('\0')) return null;
    const name = path.basename(target);
    if (name === '' || name === '.' || name === '..') return null;
    if (!isTempOf(staged, target, '.tmp') || !(aside === null || isTempOf(aside, target, '.aside.tmp'))) return null;
  }
  if (!refs.every((ref) => typeof ref === 'string' && path.isAbsolute(ref) && RECORD.test(path.basename(ref)))) return null;
  return { faultlineFileSet, entries, refs };
}

const exists = (file: string) =>
  fs.lstat(file).then(
    () => true,
    () => false,
  );

/** Finishes one dead process's record: forward when it can, else back. */
async function recoverJournal(record: string): Promise<void> {
  let text: string;
  try {
    const stats = await fs.stat(record);
    if (stats.size > MAX_JOURNAL_BYTES) return;
    text = await fs.readFile(record, 'utf8');
  } catch {
    return;
  }
  if (!isJson(text)) {
    // A partial record: its process died while writing it, before any rename; nothing to finish.
    await fs.rm(record, { force: true }).catch(() => undefined);
    return;
  }
  // Complete but not one of ours (names outside its targets' temporaries): never acted on.
  const journal = parseJournal(text);
  if (!journal) return;
  const inFolder = (entry: JournalEntry, name: string) => path.join(path.dirname(entry.target), name);
  const states = await Promise.all(
    journal.entries.map(async (entry) => ({
      entry,
      staged: await exists(inFolder(entry, entry.staged)),
      target: await exists(entry.target),
      aside: entry.aside !== null && (await exists(inFolder(entry, entry.aside))),
    })),
  );
  const forward = states.every((s) => s.staged || s.target);
  for (const { entry, staged, aside } of states) {
    if (forward) {
      if (staged) await fs.rename(inFolder(entry, entry.staged), entry.target);
      continue;
    }
    if (aside) await fs.rename(inFolder(entry, entry.aside!), entry.target);
    else if (entry.aside === null && !staged) await fs.rm(entry.target, { force: true });
    if (staged) await fs.rm(inFolder(entry, entry.staged), { force: true });
  }
  const folders = new Set(journal.entries.map((e) => path.dirname(e.target)));
  for (const folder of folders) await flushDirectory(folder).catch(() => undefined);
  await fs.rm(record, { force: true });
  for (const ref of journal.refs) await fs.rm(ref, { force: true }).catch(() => undefined);
  // Every target is complete again: the old copies may go.
  for (const { entry } of states) if (entry.aside !== null) await fs.rm(inFolder(entry, entry.aside), { force: true }).catch(() => undefined);
}

/**
 * Finishes every file set a dead process left committing in `folder` (records there, and those its
 * refs name). Records of a live process (this one included) younger than a day are left alone.
 * Returns how many were finished.
 */
export async function recoverFileSets(folder: string, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(folder);
  } catch {
    return 0;
  }
  let finished = 0;
  for (const name of names) {
    const match = RECORD.exec(name);
    if (!match) continue;
    const file = path.join(folder, name);
    if (!(await isLeftBehind(file, Number(match[1]), now))) continue;
    if (match[2] === 'json') {
      await recoverJournal(file);
      finished++;
      continue;
    }
    // A ref: finish the record it names, if it is still there; then the ref goes.
    const record = await fs.readFile(file, 'utf8').catch(() => '');
    if (path.isAbsolute(record) && RECORD.test(path.basename(record)) && record.endsWith('.json') && (await exists(record))) {
      await recoverJournal(record);
      finished++;
    }
    await fs.rm(file, { force: true }).catch(() => undefined);
  }
  return finished;
}

/** A record or ref (stale cleanup keeps every temporary of its process while one is left). */
export function isRecordName(name: string): boolean {
  return RECORD.test(name);
}

/** The pid in a record's or ref's name. */
export function recordPid(name: string): number {
  return Number(RECORD.exec(name)?.[1] ?? -1);
}
