import { promises as fs } from 'node:fs';
import { isCode } from './atomicWrite';

/** A file this old is taken as left behind even if a process with its pid runs (that pid was reused). */
export const STALE_TEMP_AGE_MS = 24 * 60 * 60 * 1000;

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return isCode(error, 'EPERM');
  }
}

/**
 * Whether `file`, named with the pid of the process that wrote it, was left behind by a process
 * that died: that process no longer runs, or the file is older than STALE_TEMP_AGE_MS.
 */
export async function isLeftBehind(file: string, pid: number, now: number): Promise<boolean> {
  if (!processIsAlive(pid)) return true;
  const modified = await fs.lstat(file).then(
    (s) => s.mtimeMs,
    () => now,
  );
  return now - modified >= STALE_TEMP_AGE_MS;
}
