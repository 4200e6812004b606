import { open } from 'node:fs/promises';
import path from 'node:path';
import { MAX_HEIGHTMAP_FILE_BYTES, type OpenHeightmapResult } from '../../shared/ipc/contract';
import { heightmapOpenFilters } from '../../shared/codecs/registry';
import type { DialogService, FileFilter } from './dialogs';

/** Heightmap files Faultline imports (the codec registry's readers, run in the renderer's codec worker). */
export const HEIGHTMAP_FILTERS: FileFilter[] = heightmapOpenFilters();

/** Lets the user pick a heightmap in main's own dialog and hands its name and bytes to the renderer. */
export interface ImportService {
  openHeightmap(): Promise<OpenHeightmapResult>;
}

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(0)} MiB` : `${bytes} bytes`;
}

/**
 * Reads at most `maxBytes` + 1 bytes so that a file growing while it is read, or a special file
 * whose size stat cannot tell, is still refused without reading it all.
 */
export async function readFileCapped(filePath: string, maxBytes: number, kind = 'a heightmap file'): Promise<Uint8Array> {
  const name = path.basename(filePath);
  const handle = await open(filePath, 'r');
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new Error(`${name}: is not a regular file`);
    if (info.size > maxBytes) throw new Error(`${name}: is ${sizeText(info.size)}, larger than the ${sizeText(maxBytes)} ${kind} may have`);
    const buffer = new Uint8Array(info.size + 1);
    let filled = 0;
    while (filled < buffer.length) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    if (filled > info.size) throw new Error(`${name}: changed while it was read`);
    return buffer.subarray(0, filled);
  } finally {
    await handle.close();
  }
}

export function describeReadFailure(error: unknown, name: string): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'ENOENT') return `${name}: the file does not exist`;
  if (code === 'EACCES' || code === 'EPERM') return `${name}: permission to read it was denied`;
  if (code === 'EISDIR') return `${name}: is a folder, not a file`;
  const message = error instanceof Error ? error.message : String(error);
  return message.startsWith(`${name}:`) ? message : `${name}: could not be read (${message})`;
}

export function createImportService(dialogs: DialogService, maxBytes = MAX_HEIGHTMAP_FILE_BYTES): ImportService {
  return {
    async openHeightmap() {
      const chosen = await dialogs.chooseFileToOpen({ title: 'Import Heightmap', filters: HEIGHTMAP_FILTERS });
      if (!chosen) return { status: 'cancelled' };
      const fileName = path.basename(chosen);
      try {
        return { status: 'opened', fileName, bytes: await readFileCapped(chosen, maxBytes) };
      } catch (error) {
        return { status: 'refused', fileName, message: describeReadFailure(error, fileName) };
      }
    },
  };
}
