/**
 * Playwright bindings carry JSON-like values only, so the browser bridge wraps byte arrays as base64
 * on the way through (Electron's IPC structured-clones them natively; the API is the same).
 * Runs in both the page (bundled into the preload shim) and the test process.
 */
interface WireBytes {
  __faultlineBytes: string;
}

/**
 * Largest byte array the bridge carries: a base64 string of more would exceed what the page can
 * hand to Playwright's binding (an 8193² recovery journal crashed the page's renderer).
 */
export const WIRE_MAX_BYTES = 128 * 1024 * 1024;

/** Native base64 where the runtime has it (Chromium's Uint8Array.prototype.toBase64, Node's Buffer): many times faster. */
interface NativeBase64 {
  toBase64?: () => string;
}
interface NodeBuffer {
  from(text: string, encoding: 'base64'): Uint8Array;
  from(buffer: ArrayBufferLike, byteOffset: number, length: number): { toString(encoding: 'base64'): string };
}

function toBase64(bytes: Uint8Array): string {
  if (bytes.length > WIRE_MAX_BYTES) throw new Error(`the e2e bridge cannot carry ${bytes.length} bytes (at most ${WIRE_MAX_BYTES}); Electron's IPC can`);
  const native = (bytes as NativeBase64).toBase64;
  if (native) return native.call(bytes);
  // Node (the test process, where main's services run): its btoa takes minutes for a 4097² project.
  const nodeBuffer = (globalThis as { Buffer?: NodeBuffer }).Buffer;
  if (nodeBuffer) return nodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  let binary = '';
  for (let k = 0; k < bytes.length; k += 0x8000) binary += String.fromCharCode(...bytes.subarray(k, k + 0x8000));
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const nodeBuffer = (globalThis as { Buffer?: NodeBuffer }).Buffer;
  if (nodeBuffer) {
    // A copy: small Buffers share a pool that services must not keep a view of.
    return new Uint8Array(nodeBuffer.from(text, 'base64'));
  }
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let k = 0; k < binary.length; k++) bytes[k] = binary.charCodeAt(k);
  return bytes;
}

/**
 * Byte arrays larger than this go from the test process to the page in pieces of this size (each a
 * call of the `__faultlineTakeBytes` binding), not as one base64 string: one message of a whole
 * 4097² project (~96 MB of base64) left its buffers in the browser process (+100 MB at rest, which
 * an Electron app, whose IPC clones bytes, does not have).
 */
export const WIRE_PIECE_BYTES = 2 * 1024 * 1024;

interface WireBytesRef {
  __faultlineBytesRef: number;
  length: number;
}

/** Large results kept in the test process until the page has taken every piece. */
export interface WirePieces {
  /** encodeWire, but byte arrays above WIRE_PIECE_BYTES become references the page takes in pieces. */
  encode(value: unknown): unknown;
  /** Base64 of `length` bytes from `offset` of reference `id`; the reference is dropped with its last piece. */
  take(id: unknown, offset: unknown, length: unknown): string;
}

export function createWirePieces(): WirePieces {
  const kept = new Map<number, Uint8Array>();
  let next = 1;
  const encode = (value: unknown): unknown => {
    if (value instanceof Uint8Array && value.length > WIRE_PIECE_BYTES) {
      const id = next++;
      kept.set(id, value);
      return { __faultlineBytesRef: id, length: value.length } satisfies WireBytesRef;
    }
    if (value instanceof Uint8Array) return encodeWire(value);
    if (Array.isArray(value)) return value.map(encode);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encode(v)]));
    return value;
  };
  return {
    encode,
    take(id, offset, length) {
      const bytes = kept.get(Number(id));
      const from = Number(offset);
      const count = Number(length);
      if (!bytes || !Number.isInteger(from) || !Number.isInteger(count) || from < 0 || count <= 0 || count > WIRE_PIECE_BYTES || from + count > bytes.length)
        throw new Error(`no bytes ${String(offset)}+${String(length)} of wire reference ${String(id)}`);
      if (from + count === bytes.length) kept.delete(Number(id));
      return toBase64(bytes.subarray(from, from + count));
    },
  };
}

/** Chromium's Uint8Array.prototype.setFromBase64 (decodes into an existing array). */
interface NativeFromBase64 {
  setFromBase64?: (text: string) => { read: number; written: number };
}

/** decodeWire, taking referenced byte arrays piece by piece with `take` (the page's side of createWirePieces). */
export async function decodeWirePieces(value: unknown, take: (id: number, offset: number, length: number) => Promise<string>): Promise<unknown> {
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const item of value) out.push(await decodeWirePieces(item, take));
    return out;
  }
  if (value && typeof value === 'object') {
    if (typeof (value as WireBytes).__faultlineBytes === 'string' && Object.keys(value).length === 1) return decodeWire(value);
    const ref = value as WireBytesRef;
    if (typeof ref.__faultlineBytesRef === 'number' && typeof ref.length === 'number' && Object.keys(value).length === 2) {
      const bytes = new Uint8Array(ref.length);
      for (let offset = 0; offset < ref.length; offset += WIRE_PIECE_BYTES) {
        const count = Math.min(WIRE_PIECE_BYTES, ref.length - offset);
        const piece = await take(ref.__faultlineBytesRef, offset, count);
        const target = bytes.subarray(offset, offset + count) as Uint8Array & NativeFromBase64;
        if (target.setFromBase64) target.setFromBase64(piece);
        else target.set(fromBase64(piece));
      }
      return bytes;
    }
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = await decodeWirePieces(v, take);
    return out;
  }
  return value;
}

export function encodeWire(value: unknown): unknown {
  if (value instanceof Uint8Array) return { __faultlineBytes: toBase64(value) } satisfies WireBytes;
  if (Array.isArray(value)) return value.map(encodeWire);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encodeWire(v)]));
  return value;
}

export function decodeWire(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeWire);
  if (value && typeof value === 'object') {
    if (typeof (value as WireBytes).__faultlineBytes === 'string' && Object.keys(value).length === 1) return fromBase64((value as WireBytes).__faultlineBytes);
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decodeWire(v)]));
  }
  return value;
}
