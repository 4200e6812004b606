import { readFile, stat } from 'node:fs/promises';
import { expect } from './fixtures';

/** A file the app writes (an export through the dialog), once it is on the disk. */
export async function fileWritten(file: string): Promise<Uint8Array> {
  await expect.poll(async () => (await stat(file).catch(() => null))?.size ?? 0, { timeout: 30_000 }).toBeGreaterThan(0);
  return new Uint8Array(await readFile(file));
}
