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
