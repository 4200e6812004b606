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

/** A chunk type as a 32-bit code, so chunks are told apart without building strings. */
export function chunkCode(type: string): number {
  return ((type.charCodeAt(0) << 24) | (type.charCodeAt(1) << 16) | (type.charCodeAt(2) << 8) | type.charCodeAt(3)) >>> 0;
}

export function chunkTypeName(code: number): string {
  return String.fromCharCode(code >>> 24, (code >>> 16) & 255, (code >>> 8) & 255, code & 255);
}

function isLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** Called for each chunk with its type code, where its data starts, its length and its offset. */
export type ChunkVisitor = (code: number, dataStart: number, dataLength: number, offset: number) => void;

const IEND = chunkCode('IEND');

/**
 * Walks a PNG's chunks up to and including IEND, checking the signature, framing and (unless told
 * not to) every CRC, and calls `visit` for each. Nothing is allocated per chunk: a file of millions
 * of tiny chunks costs one pass, not millions of objects.
 */
export function scanPngChunks(bytes: Uint8Array, fail: ChunkProblem, visit: ChunkVisitor, checkCrc = true): void {
  if (bytes.length < PNG_SIGNATURE.length || PNG_SIGNATURE.some((b, k) => bytes[k] !== b)) {
    fail(bytes.length < 8 ? 'is too short to be a PNG image' : 'is not a PNG image (its signature is wrong)');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = PNG_SIGNATURE.length;
  for (;;) {
    if (at + 12 > bytes.length) fail('ends before its IEND chunk — the file is truncated');
    const length = view.getUint32(at, false);
    for (let k = 4; k < 8; k++) {
      if (!isLetter(bytes[at + k])) fail(`has a damaged chunk header at byte ${at}`);
    }
    const code = view.getUint32(at + 4, false);
    if (length > 0x7fffffff) fail(`has a ${chunkTypeName(code)} chunk with an impossible length of ${length} bytes`);
    const end = at + 12 + length;
    if (end > bytes.length) fail(`ends inside its ${chunkTypeName(code)} chunk — the file is truncated`);
    if (checkCrc && crc32(bytes, 0, at + 4, at + 8 + length) !== view.getUint32(at + 8 + length, false)) {
      fail(`${chunkTypeName(code)} chunk at byte ${at} is damaged (its CRC checksum does not match)`);
    }
    visit(code, at + 8, length, at);
    at = end;
    if (code === IEND) return;
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
