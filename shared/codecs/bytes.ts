/** Small byte helpers: a growable writer, UTF-8 and Latin-1 without TextEncoder/TextDecoder. */

export class ByteWriter {
  private buffer: Uint8Array;
  private view: DataView;
  length = 0;

  constructor(initialCapacity = 1024) {
    this.buffer = new Uint8Array(Math.max(16, initialCapacity));
    this.view = new DataView(this.buffer.buffer);
  }

  private ensure(extra: number): void {
    const needed = this.length + extra;
    if (needed <= this.buffer.length) return;
    const next = new Uint8Array(Math.max(needed, this.buffer.length * 2));
    next.set(this.buffer.subarray(0, this.length));
    this.buffer = next;
    this.view = new DataView(next.buffer);
  }

  u8(value: number): void {
    this.ensure(1);
    this.buffer[this.length++] = value;
  }

  u16le(value: number): void {
    this.ensure(2);
    this.view.setUint16(this.length, value, true);
    this.length += 2;
  }

  u32le(value: number): void {
    this.ensure(4);
    this.view.setUint32(this.length, value, true);
    this.length += 4;
  }

  u32be(value: number): void {
    this.ensure(4);
    this.view.setUint32(this.length, value, false);
    this.length += 4;
  }

  bytes(data: Uint8Array): void {
    this.ensure(data.length);
    this.buffer.set(data, this.length);
    this.length += data.length;
  }

  /** ASCII only; callers pass fixed tags and numbers. */
  ascii(text: string): void {
    this.ensure(text.length);
    for (let k = 0; k < text.length; k++) this.buffer[this.length++] = text.charCodeAt(k) & 0x7f;
  }

  /** A copy trimmed to the written length. */
  finish(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }

  /** The bytes written, without a copy (a view of the writer's buffer: write nothing more after it). */
  finishView(): Uint8Array {
    return this.buffer.subarray(0, this.length);
  }
}

export function encodeUtf8(text: string): Uint8Array {
  const out = new ByteWriter(text.length + 16);
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x80) out.u8(code);
    else if (code < 0x800) {
      out.u8(0xc0 | (code >> 6));
      out.u8(0x80 | (code & 0x3f));
    } else if (code < 0x10000) {
      out.u8(0xe0 | (code >> 12));
      out.u8(0x80 | ((code >> 6) & 0x3f));
      out.u8(0x80 | (code & 0x3f));
    } else {
      out.u8(0xf0 | (code >> 18));
      out.u8(0x80 | ((code >> 12) & 0x3f));
      out.u8(0x80 | ((code >> 6) & 0x3f));
      out.u8(0x80 | (code & 0x3f));
    }
  }
  return out.finish();
}

/** Strict UTF-8 decoding: returns undefined for malformed input instead of guessing. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  const parts: string[] = [];
  let codes: number[] = [];
  let k = 0;
  while (k < bytes.length) {
    const b0 = bytes[k];
    let code: number;
    let size: number;
    let min: number;
    if (b0 < 0x80) {
      code = b0;
      size = 1;
      min = 0;
    } else if ((b0 & 0xe0) === 0xc0) {
      code = b0 & 0x1f;
      size = 2;
      min = 0x80;
    } else if ((b0 & 0xf0) === 0xe0) {
      code = b0 & 0x0f;
      size = 3;
      min = 0x800;
    } else if ((b0 & 0xf8) === 0xf0) {
      code = b0 & 0x07;
      size = 4;
      min = 0x10000;
    } else return undefined;
    if (k + size > bytes.length) return undefined;
    for (let n = 1; n < size; n++) {
      const b = bytes[k + n];
      if ((b & 0xc0) !== 0x80) return undefined;
      code = (code << 6) | (b & 0x3f);
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return undefined;
    codes.push(code);
    k += size;
    if (codes.length >= 8192) {
      parts.push(String.fromCodePoint(...codes));
      codes = [];
    }
  }
  parts.push(String.fromCodePoint(...codes));
  return parts.join('');
}

export function decodeLatin1(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let k = 0; k < bytes.length; k += 8192) parts.push(String.fromCharCode(...bytes.subarray(k, k + 8192)));
  return parts.join('');
}

/** Latin-1 bytes of `text`; characters outside Latin-1 become '?', as PNG tEXt cannot hold them. */
export function encodeLatin1(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let k = 0; k < text.length; k++) {
    const code = text.charCodeAt(k);
    out[k] = code < 256 ? code : 0x3f;
  }
  return out;
}

/** True when the platform stores typed-array elements little-endian (every current JavaScript runtime). */
export const HOST_IS_LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Float32 values as little-endian bytes, as files and IPC carry heights: a view of them on a little-endian host, a converted copy elsewhere. */
export function float32LittleEndianBytes(values: Float32Array): Uint8Array {
  if (HOST_IS_LITTLE_ENDIAN) return new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  const out = new Uint8Array(values.byteLength);
  const view = new DataView(out.buffer);
  for (let k = 0; k < values.length; k++) view.setFloat32(4 * k, values[k], true);
  return out;
}

/**
 * Float32 values of little-endian bytes (a whole number of them): a view of the bytes on a
 * little-endian host when they are 4-byte aligned (no copy of a large map), a copy otherwise.
 */
export function float32FromLittleEndianBytes(bytes: Uint8Array): Float32Array {
  if (HOST_IS_LITTLE_ENDIAN) {
    if (bytes.byteOffset % 4 === 0) return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
    // `new Uint8Array(bytes)` always copies (a Node Buffer's slice() would not).
    return new Float32Array(new Uint8Array(bytes).buffer);
  }
  const values = new Float32Array(bytes.byteLength / 4);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let k = 0; k < values.length; k++) values[k] = view.getFloat32(4 * k, true);
  return values;
}

/** Formats a byte count in plain words for error messages. */
export function describeBytes(count: number): string {
  if (count < 1024) return `${count} bytes`;
  if (count < 1024 * 1024) return `${(count / 1024).toFixed(1)} KiB`;
  return `${(count / (1024 * 1024)).toFixed(1)} MiB`;
}
