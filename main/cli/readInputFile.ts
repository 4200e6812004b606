// The real CLI's file reader (Node): the same size cap as the editor's import, plain one-line errors.
import path from 'node:path';
import { MAX_HEIGHTMAP_FILE_BYTES } from '../../shared/ipc/contract';
import { describeReadFailure, readFileCapped } from '../services/importService';
import type { ReadLimit } from './io';

/** Reads a whole file, refusing (before reading it) one larger than `limit` — by default a heightmap's cap. */
export async function readInputFile(filePath: string, limit?: ReadLimit): Promise<Uint8Array> {
  try {
    return await readFileCapped(filePath, limit?.maxBytes ?? MAX_HEIGHTMAP_FILE_BYTES, limit?.kind);
  } catch (error) {
    throw new Error(describeReadFailure(error, path.basename(filePath)));
  }
}
