/**
 * The document's erosion results held packed at rest. Where water ran and where sediment settled are
 * a byte per vertex (2 × 16 MiB at 4097²), yet a light erosion leaves almost all of them 0 (the
 * 10-layer test's 20,000 droplets: flow on 0.5 % of the vertices, deposition on fewer). Packed, they
 * are the non-zero vertices' indices and bytes; the full arrays are made when a reader asks for them
 * (the views' upload and paint, exports, the car's surfaces) and let go once a while passes with no read.
 * The results are never written in place (an edit replaces the object), so a reader holding the full
 * arrays meanwhile keeps bytes equal to the ones made again. Enumerable getters: a copy sent to a
 * worker (structured clone) is the plain full arrays.
 */
import type { ErosionCoverBytes } from '../../shared/erosion/cover';

/** How long the full arrays stay after the last read. */
export const COVER_RELEASE_MS = 2000;

/** Packed only when at most this share of the vertices is non-zero (5 bytes each against 1). */
const PACK_AT_MOST = 0.1;

interface PackedBytes {
  length: number;
  indices: Uint32Array;
  values: Uint8Array;
}

interface PackedState {
  flow: PackedBytes;
  deposition: PackedBytes;
  full: ErosionCoverBytes | null;
  /** Reads of `flow` or `deposition` so far, and as of the last check (a read is a counter step: readers may ask per vertex). */
  reads: number;
  seen: number;
}

const states = new WeakMap<ErosionCoverBytes, PackedState>();

/**
 * `bytes` as an object that holds them packed once no reader asked for between `releaseMs` and
 * twice that; `bytes` itself when packing would not save much.
 */
export function packedCover(bytes: ErosionCoverBytes, releaseMs = COVER_RELEASE_MS): ErosionCoverBytes {
  if (states.has(bytes)) return bytes;
  const flow = pack(bytes.flow);
  const deposition = pack(bytes.deposition);
  if (!flow || !deposition) return bytes;
  const state: PackedState = { flow, deposition, full: bytes, reads: 0, seen: 0 };
  let armed = false;
  const check = () => {
    if (state.reads !== state.seen) {
      state.seen = state.reads;
      setTimeout(check, releaseMs);
      return;
    }
    armed = false;
    state.full = null;
  };
  const arm = () => {
    if (armed) return;
    armed = true;
    state.seen = state.reads;
    setTimeout(check, releaseMs);
  };
  const full = (): ErosionCoverBytes => {
    state.reads++;
    if (state.full) return state.full;
    state.full = { flow: unpack(state.flow), deposition: unpack(state.deposition) };
    arm();
    return state.full;
  };
  const packed: ErosionCoverBytes = {
    get flow() {
      return full().flow;
    },
    get deposition() {
      return full().deposition;
    },
  };
  states.set(packed, state);
  // The given arrays are let go the same way as ones made for a reader.
  arm();
  return packed;
}

/** Bytes `masks` holds now: the packed vertices, and the full arrays while a reader keeps them made. */
export function coverBytesHeld(masks: ErosionCoverBytes): number {
  const state = states.get(masks);
  if (!state) return masks.flow.byteLength + masks.deposition.byteLength;
  const packedBytes = (p: PackedBytes) => p.indices.byteLength + p.values.byteLength;
  const full = state.full ? state.full.flow.byteLength + state.full.deposition.byteLength : 0;
  return packedBytes(state.flow) + packedBytes(state.deposition) + full;
}

function pack(bytes: Uint8Array): PackedBytes | null {
  let count = 0;
  for (let v = 0; v < bytes.length; v++) if (bytes[v] !== 0) count++;
  if (count > bytes.length * PACK_AT_MOST) return null;
  const indices = new Uint32Array(count);
  const values = new Uint8Array(count);
  let n = 0;
  for (let v = 0; v < bytes.length; v++) {
    if (bytes[v] === 0) continue;
    indices[n] = v;
    values[n++] = bytes[v];
  }
  return { length: bytes.length, indices, values };
}

function unpack(packed: PackedBytes): Uint8Array {
  const bytes = new Uint8Array(packed.length);
  const { indices, values } = packed;
  for (let n = 0; n < indices.length; n++) bytes[indices[n]] = values[n];
  return bytes;
}

/** The non-zero vertices of packed results (indices ascending, their bytes): read, never to be changed. */
export interface PackedCoverEntries {
  flow: { readonly indices: Uint32Array; readonly values: Uint8Array };
  deposition: { readonly indices: Uint32Array; readonly values: Uint8Array };
}

/**
 * The packed vertices of results held packed (whether or not their full arrays are made now), without
 * making the full arrays; null for results that were never packed. For a reader that needs only the
 * non-zero bytes (the 3D view's cover texture, which starts zeroed).
 */
export function packedCoverEntries(masks: ErosionCoverBytes): PackedCoverEntries | null {
  const state = states.get(masks);
  return state ? { flow: state.flow, deposition: state.deposition } : null;
}

/** Whether both of `masks`' arrays cover `count` vertices; packed results answer without making their full arrays. */
export function coverFits(masks: ErosionCoverBytes, count: number): boolean {
  const state = states.get(masks);
  if (state) return state.flow.length === count && state.deposition.length === count;
  return masks.flow.length === count && masks.deposition.length === count;
}

/** A rectangle of vertices [i0, i1) × [j0, j1). */
interface CoverRect {
  i0: number;
  j0: number;
  i1: number;
  j1: number;
}

/**
 * `masks`' bytes over `rect` of a map `width` vertices wide, laid out row by row with the rectangle's
 * width. Packed results at rest are read from their packed vertices (a binary search a row), so
 * painting a tile of the 2D map never makes the whole map's arrays (2 × 16 MiB at 4097²); what it
 * allocates is bounded by the rectangle. Results held full, or never packed, are copied.
 */
export function coverOverRect(masks: ErosionCoverBytes, width: number, rect: CoverRect): ErosionCoverBytes {
  const state = states.get(masks);
  const full = state ? state.full : masks;
  if (full) return { flow: copyRect(full.flow, width, rect), deposition: copyRect(full.deposition, width, rect) };
  // `state` is set here: only packed results can have let their full arrays go.
  const packed = state as PackedState;
  return { flow: unpackRect(packed.flow, width, rect), deposition: unpackRect(packed.deposition, width, rect) };
}

function copyRect(bytes: Uint8Array, width: number, rect: CoverRect): Uint8Array {
  const rectWidth = rect.i1 - rect.i0;
  const out = new Uint8Array(rectWidth * (rect.j1 - rect.j0));
  for (let j = rect.j0; j < rect.j1; j++) out.set(bytes.subarray(j * width + rect.i0, j * width + rect.i1), (j - rect.j0) * rectWidth);
  return out;
}

function unpackRect(packed: PackedBytes, width: number, rect: CoverRect): Uint8Array {
  const rectWidth = rect.i1 - rect.i0;
  const out = new Uint8Array(rectWidth * (rect.j1 - rect.j0));
  const { indices, values } = packed;
  for (let j = rect.j0; j < rect.j1; j++) {
    const rowEnd = j * width + rect.i1;
    const base = (j - rect.j0) * rectWidth - (j * width + rect.i0);
    for (let n = firstAtOrAfter(indices, j * width + rect.i0); n < indices.length && indices[n] < rowEnd; n++) out[base + indices[n]] = values[n];
  }
  return out;
}

/** The first position in ascending `indices` whose index is ≥ `vertex` (indices.length if none). */
function firstAtOrAfter(indices: Uint32Array, vertex: number): number {
  let lo = 0;
  let hi = indices.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (indices[mid] < vertex) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
