import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';

export interface AtomicWriteOptions {
  /** Keep the previous version of the target as `<target>.bak` (replaced on every write). */
  keepBackup?: boolean;
}

/**
 * Writes a file so that readers (and a crash at any moment) see either the old bytes or the new bytes,
 * never a mix: write a temp file in the same folder, fsync it, rename it over the target, fsync the folder.
 */
export async function atomicWrite(target: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<void> {
  const directory = path.dirname(target);
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const tempPath = path.join(directory, `.${path.basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeAndSync(tempPath, bytes);
    if (options.keepBackup) await backUp(target);
    await fs.rename(tempPath, target);
  } catch (error) {
    await fs.rm(tempPath, { force: true }).catch(() => undefined);
    throw new Error(`Could not save ${target}: ${messageOf(error)}`, { cause: error });
  }
  await syncDirectory(directory);
}

async function writeAndSync(filePath: string, bytes: Uint8Array): Promise<void> {
  const handle = await fs.open(filePath, 'wx', 0o644);
  try {
    let offset = 0;
    // FileHandle.write may write fewer bytes than asked; loop until all are on their way to disk.
    while (offset < bytes.byteLength) {
      const { bytesWritten } = await handle.write(bytes, offset, bytes.byteLength - offset);
      offset += bytesWritten;
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Copies the current target aside through its own temp file, so the .bak is never half-written either. */
async function backUp(target: string): Promise<void> {
  const backupPath = `${target}.bak`;
  const tempBackup = `${backupPath}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await fs.copyFile(target, tempBackup);
  } catch (error) {
    if (isCode(error, 'ENOENT')) return; // nothing to back up on the first save
    throw error;
  }
  await fs.rename(tempBackup, backupPath);
}

/** Makes the rename itself durable. Some platforms (Windows) cannot open or fsync a folder: that is fine. */
async function syncDirectory(directory: string): Promise<void> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(directory, 'r');
    await handle.sync();
  } catch (error) {
    if (!isCode(error, 'EISDIR', 'EPERM', 'EINVAL', 'EACCES', 'ENOTSUP')) throw error;
  } finally {
    await handle?.close();
  }
}

export function isCode(error: unknown, ...codes: string[]): boolean {
  return typeof error === 'object' && error !== null && codes.includes(String((error as { code?: unknown }).code));
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
