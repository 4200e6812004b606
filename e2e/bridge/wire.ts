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
