import { promises as fs } from 'node:fs';
import path from 'node:path';
import { isRecordName, recoverFileSets, recordPid } from './fileSetJournal';
import { isLeftBehind } from './leftBehind';

export { STALE_TEMP_AGE_MS } from './leftBehind';

/**
 * Removes temp files that an earlier write of `target` left behind when its process died mid-write
 * (atomicWrite names them `.<name>.<pid>.<hex>.tmp` and `<name>.bak.<pid>.<hex>.tmp`; the CLI's
 * writes are atomicWrite's too). A temp is removed when its process no longer runs, or when it is
 * older than STALE_TEMP_AGE_MS; temps of this process are never touched, and none is ever read.
 * A file set a killed process was committing in the folder is finished first (fileSetJournal.ts);
 * an old target's aside copy (`.<name>.<pid>.<hex>.aside.tmp`) is removed only when its target is
 * there, and nothing of a process whose record could not be finished is removed.
 * Returns how many were removed.
 */
export async function removeStaleTemps(target: string, now = Date.now()): Promise<number> {
  const folder = path.dirname(target);
  const name = path.basename(target);
  await recoverFileSets(folder, now).catch(() => 0);
  let names: string[];
  try {
    names = await fs.readdir(folder);
  } catch {
    return 0;
  }
  const unfinished = new Set(names.filter(isRecordName).map(recordPid));
  const targetThere = await fs.lstat(target).then(
    () => true,
    () => false,
  );
  let removed = 0;
  for (const entry of names) {
    const pid = staleTempPid(entry, name);
    if (pid === null || pid === process.pid || unfinished.has(pid)) continue;
    if (entry.endsWith('.aside.tmp') && !targetThere) continue;
    const file = path.join(folder, entry);
    if (!(await isLeftBehind(file, pid, now))) continue;
    await fs.rm(file, { force: true }).then(
      () => removed++,
      () => undefined,
    );
  }
  return removed;
}

/** removeStaleTemps for several targets (e.g. everything main keeps in the user-data folder, at start). */
export async function removeStaleTempsOf(targets: readonly string[]): Promise<number> {
  let removed = 0;
  for (const target of targets) removed += await removeStaleTemps(target).catch(() => 0);
  return removed;
}

function staleTempPid(entry: string, name: string): number | null {
  for (const prefix of [`.${name}.`, `${name}.bak.`]) {
    if (!entry.startsWith(prefix)) continue;
    const match = /^(\d+)\.[0-9a-f]+\.(?:aside\.)?tmp$/.exec(entry.slice(prefix.length));
    if (match) return Number(match[1]);
  }
  return null;
}
