import { promises as fs } from 'node:fs';
import path from 'node:path';
import { isCode, openStagedFile, flushDirectory, tempPathFor } from './atomicWrite';

/**
 * Writes a file made piece by piece (a long drive's telemetry), atomically: each piece is appended to a
 * temporary file beside the target as `pieces` yields it, so they are never all held, and the temporary
 * is fsynced and renamed over the target at the end. On any failure (a piece's maker throwing included)
 * the temporary is removed and the target is untouched.
 */
export async function writeFileChunks(target: string, pieces: Iterable<Uint8Array>): Promise<void> {
  const existing = await fs.stat(target).catch((error: unknown) => {
    if (isCode(error, 'ENOENT')) return null;
    throw error;
  });
  const temp = tempPathFor(target);
  const writer = await openStagedFile(temp, existing);
  try {
    for (const piece of pieces) await writer.append(piece);
    await writer.finish();
    await fs.rename(temp, target);
  } catch (error) {
    await writer.discard().catch(() => undefined);
    await fs.rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
  await flushDirectory(path.dirname(target));
}
