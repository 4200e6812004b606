import { randomUUID } from 'node:crypto';

/**
 * Bytes the renderer sends in pieces (a large map's heights) before a request that names them: each
 * piece is one bounded IPC message, so no single message copies hundreds of MB at once, and the
 * renderer can stop between pieces. An upload is used once, whole, by the request that names it.
 */
export interface UploadStore {
  /** Starts an upload of exactly `byteLength` bytes; returns its id. */
  begin(byteLength: number): string;
  /**
   * Appends the next piece, which must start at `offset` = the bytes received so far (a piece out of
   * order would otherwise be stored in the wrong place); returns the bytes received so far.
   */
  append(id: string, offset: number, piece: Uint8Array): number;
  /** The bytes of a finished upload, which is then forgotten. */
  take(id: string): Uint8Array;
  /** Uploads begun and not yet taken (for tests). */
  readonly open: number;
}

interface Upload {
  bytes: Uint8Array;
  received: number;
}

/**
 * At most `maxOpen` uploads are kept (an abandoned one, e.g. a journal overtaken by an edit, would
 * otherwise hold its memory): beginning one more drops the one that received nothing for longest,
 * so an upload still being sent (a save) outlives abandoned ones.
 */
export function createUploadStore(maxOpen = 4): UploadStore {
  const uploads = new Map<string, Upload>();
  const find = (id: string): Upload => {
    const upload = uploads.get(id);
    if (!upload) throw new Error(`upload ${id} is unknown or was replaced by a newer one`);
    return upload;
  };
  return {
    begin(byteLength) {
      if (!Number.isSafeInteger(byteLength) || byteLength < 0) throw new Error(`an upload needs a whole number of bytes, got ${byteLength}`);
      while (uploads.size >= maxOpen) uploads.delete(uploads.keys().next().value as string);
      const id = randomUUID();
      uploads.set(id, { bytes: new Uint8Array(byteLength), received: 0 });
      return id;
    },
    append(id, offset, piece) {
      const upload = find(id);
      if (offset !== upload.received) {
        uploads.delete(id);
        throw new Error(`upload ${id} got a piece for byte ${offset}, but the next piece starts at byte ${upload.received}; the upload was dropped`);
      }
      if (upload.received + piece.byteLength > upload.bytes.byteLength) {
        uploads.delete(id);
        throw new Error(`upload ${id} got more than the ${upload.bytes.byteLength} bytes it announced`);
      }
      upload.bytes.set(piece, upload.received);
      upload.received += piece.byteLength;
      // Most recently fed last: eviction takes the first.
      uploads.delete(id);
      uploads.set(id, upload);
      return upload.received;
    },
    take(id) {
      const upload = find(id);
      uploads.delete(id);
      if (upload.received !== upload.bytes.byteLength) throw new Error(`upload ${id} is incomplete: ${upload.received} of ${upload.bytes.byteLength} bytes`);
      return upload.bytes;
    },
    get open() {
      return uploads.size;
    },
  };
}
