// The real CLI's file reader (Node): the same size cap as the editor's import, plain one-line errors.
import path from 'node:path';
import { MAX_HEIGHTMAP_FILE_BYTES } from '../../shared/ipc/contract';
import { describeReadFailure, readFileCapped } from '../services/importService';

export async function readInputFile(filePath: string): Promise<Uint8Array> {
  try {
    return await readFileCapped(filePath, MAX_HEIGHTMAP_FILE_BYTES);
  } catch (error) {
    throw new Error(describeReadFailure(error, path.basename(filePath)));
  }
}
