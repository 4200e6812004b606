import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';

export interface AtomicWriteOptions {
  /** Keep the previous version of the target as `<target>.bak` (replaced on every write). */
  keepBackup?: boolean;
}

/** Mode of a file atomicWrite creates where none existed (the umask applies). */
const NEW_FILE_MODE = 0o644;

/** The temp file atomicWrite writes beside `target` (removeStaleTemps in staleTemps.ts knows the pattern). */
export function tempPathFor(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
}

/**
 * Writes a file so that readers (and a crash at any moment) see either the old bytes or the new bytes,
 * never a mix: write a temp file in the same folder, fsync it, rename it over the target, fsync the folder.
 * A file that existed keeps its permissions (a 0600 project stays 0600) and, where the process may
 * set it, its owner and group.
 */
export async function atomicWrite(target: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<void> {
  const directory = path.dirname(target);
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const tempPath = tempPathFor(target);
  try {
    const existing = await fs.stat(target).catch((error: unknown) => {
      if (isCode(error, 'ENOENT')) return null;
      throw error;
    });
    await writeAndFlush(tempPath, bytes, existing);
    if (options.keepBackup) await backUp(target);
    await fs.rename(tempPath, target);
  } catch (error) {
    await fs.rm(tempPath, { force: true }).catch(() => undefined);
    throw new Error(`Could not save ${target}: ${messageOf(error)}`, { cause: error });
  }
  await flushDirectory(directory);
}

/** A new file being written piece by piece: `append` each piece in order, then `finish` (fsync, close) or `discard`. */
export interface StagedFileWriter {
  append(bytes: Uint8Array): Promise<void>;
  /** fsyncs and closes the file. */
  finish(): Promise<void>;
  /** Closes the file without syncing (the caller removes it). */
  discard(): Promise<void>;
}

/** Creates a new file (never replacing one); with `like`, gives it that file's mode (exactly: the umask does not apply) and owner. */
export async function openStagedFile(filePath: string, like: { mode: number; uid: number; gid: number } | null): Promise<StagedFileWriter> {
  const mode = like ? like.mode & 0o7777 : NEW_FILE_MODE;
  // Never more open than the target while the bytes go in: created with its mode masked to the owner.
  const handle = await fs.open(filePath, 'wx', like ? mode & 0o700 : mode);
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await handle.close();
  };
  try {
    if (like) {
      // Owner first: chown may clear set-id bits, which the chmod after it restores.
      await handle.chown(like.uid, like.gid).catch((error: unknown) => {
        // Only root may give a file away; a file that is ours but another group may stay ours.
        if (!isCode(error, 'EPERM', 'EINVAL', 'ENOSYS', 'ENOTSUP')) throw error;
      });
      await handle.chmod(mode);
    }
  } catch (error) {
    await close();
    throw error;
  }
  return {
    async append(bytes) {
      let offset = 0;
      // FileHandle.write may write fewer bytes than asked; loop until all are on their way to disk.
      while (offset < bytes.byteLength) {
        const { bytesWritten } = await handle.write(bytes, offset, bytes.byteLength - offset);
        offset += bytesWritten;
      }
    },
    async finish() {
      try {
        await handle.sync();
      } finally {
        await close();
      }
    },
    discard: close,
  };
}

/** Writes and fsyncs a new file; with `like`, gives it that file's mode (exactly: the umask does not apply) and owner. */
export async function writeAndFlush(filePath: string, bytes: Uint8Array, like: { mode: number; uid: number; gid: number } | null): Promise<void> {
  const file = await openStagedFile(filePath, like);
  try {
    await file.append(bytes);
    await file.finish();
  } catch (error) {
    await file.discard().catch(() => undefined);
    throw error;
  }
}

/**
 * Copies the current target aside through its own temp file, fsynced before it is renamed, so the
 * .bak is never half-written either (copyFile keeps the target's mode).
 */
async function backUp(target: string): Promise<void> {
  const backupPath = `${target}.bak`;
  const tempBackup = `${backupPath}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await fs.copyFile(target, tempBackup);
  } catch (error) {
    if (isCode(error, 'ENOENT')) return; // nothing to back up on the first save
    throw error;
  }
  try {
    await flushFile(tempBackup);
    await fs.rename(tempBackup, backupPath);
  } catch (error) {
    await fs.rm(tempBackup, { force: true }).catch(() => undefined);
    throw error;
  }
}

/** fsyncs a file that may be read-only (POSIX syncs a read-only descriptor; Windows needs write access, which a read-only copy lacks). */
async function flushFile(filePath: string): Promise<void> {
  const handle = await fs.open(filePath, 'r+').catch((error: unknown) => {
    if (isCode(error, 'EACCES', 'EPERM')) return fs.open(filePath, 'r');
    throw error;
  });
  try {
    await handle.sync().catch((error: unknown) => {
      if (!isCode(error, 'EPERM', 'EBADF', 'EINVAL')) throw error;
    });
  } finally {
    await handle.close();
  }
}

/** Makes the rename itself durable. Some platforms (Windows) cannot open or fsync a folder: that is fine. */
export async function flushDirectory(directory: string): Promise<void> {
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
