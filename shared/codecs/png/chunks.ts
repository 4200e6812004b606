/** PNG container: signature, chunk framing and CRCs (PNG spec §5). */
import { ByteWriter } from '../bytes';
import { crc32 } from '../checksums';

export const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface PngChunk {
  type: string;
  /** A view into the file's bytes, not a copy. */
  data: Uint8Array;
  /** Byte offset of the chunk's length field, for messages. */
  offset: number;
}

export type ChunkProblem = (problem: string) => never;

function chunkTypeName(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]);
}

function isLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** Splits a PNG into verified chunks, up to and including IEND. */
export function readPngChunks(bytes: Uint8Array, fail: ChunkProblem): PngChunk[] {
  if (bytes.length < PNG_SIGNATURE.length || PNG_SIGNATURE.some((b, k) => bytes[k] !== b)) {
    fail(bytes.length < 8 ? 'is too short to be a PNG image' : 'is not a PNG image (its signature is wrong)');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks: PngChunk[] = [];
  let at = PNG_SIGNATURE.length;
  for (;;) {
    if (at + 12 > bytes.length) fail('ends before its IEND chunk — the file is truncated');
    const length = view.getUint32(at, false);
    for (let k = 4; k < 8; k++) {
      if (!isLetter(bytes[at + k])) fail(`has a damaged chunk header at byte ${at}`);
    }
    const type = chunkTypeName(bytes, at + 4);
    if (length > 0x7fffffff) fail(`has a ${type} chunk with an impossible length of ${length} bytes`);
    const end = at + 12 + length;
    if (end > bytes.length) fail(`ends inside its ${type} chunk — the file is truncated`);
    const typeAndData = bytes.subarray(at + 4, at + 8 + length);
    const stored = view.getUint32(at + 8 + length, false);
    if (crc32(typeAndData) !== stored) fail(`${type} chunk at byte ${at} is damaged (its CRC checksum does not match)`);
    chunks.push({ type, data: bytes.subarray(at + 8, at + 8 + length), offset: at });
    at = end;
    if (type === 'IEND') return chunks;
  }
}

export function writePngChunk(out: ByteWriter, type: string, data: Uint8Array): void {
  out.u32be(data.length);
  const typeAndData = new Uint8Array(4 + data.length);
  for (let k = 0; k < 4; k++) typeAndData[k] = type.charCodeAt(k);
  typeAndData.set(data, 4);
  out.bytes(typeAndData);
  out.u32be(crc32(typeAndData));
}
