import type { FaultlineApi } from '../../shared/ipc/api';
import { MAX_EXPORT_CHUNK_BYTES, type WriteExportFileResult } from '../../shared/ipc/exportContract';

/**
 * Sends one file of an export session to main in pieces of at most `pieceBytes`, in order, each
 * after the one before was written (main stages them in the file's temporary). An empty file is one
 * empty last piece. Answers main's count of files written after the last piece. An abort of `signal`
 * stops it before the next piece (rejecting with the signal's reason); main's cancel removes the rest.
 */
export async function sendExportFile(
  api: Pick<FaultlineApi, 'writeExportChunk'>,
  handle: string,
  fileName: string,
  bytes: Uint8Array,
  pieceBytes = MAX_EXPORT_CHUNK_BYTES,
  signal?: AbortSignal,
): Promise<WriteExportFileResult> {
  let offset = 0;
  for (;;) {
    signal?.throwIfAborted();
    const end = Math.min(bytes.byteLength, offset + pieceBytes);
    const result = await api.writeExportChunk({ handle, fileName, offset, bytes: bytes.subarray(offset, end), last: end === bytes.byteLength });
    if (end === bytes.byteLength) return result;
    offset = end;
  }
}
