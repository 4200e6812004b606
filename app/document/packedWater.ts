/**
 * The document's water held packed at rest. Its surface and kind are 5 bytes a vertex (80 MiB at
 * 4097²), yet most vertices are dry: NaN surface, kind 0. Packed, the water is a bit a vertex
 * saying which are not dry, and those vertices' surface bits and kinds in order; the full arrays are made when a reader asks for them (the views'
 * water, the 2D tint, exports, the car) and packed again once a while passes with no read.
 * Unlike the erosion cover, the water is written in place (a drawn river's drag, its undo): whoever
 * writes asks for the arrays first (each read restarts the wait), and the packing is made again from
 * the full arrays when they go, so nothing written is lost. Surface bits are kept exactly (a NaN
 * other than the one the dry vertices hold is kept as it is). Enumerable getters: a copy sent to a
 * worker (structured clone) is the plain full arrays; `largestDrainingArea` stays a plain property.
 */
import type { WaterSurface } from '../../shared/hydrology/waterSurface';

/** How long the full arrays stay after the last read. */
export const WATER_RELEASE_MS = 2000;

/** The bits of a dry vertex's surface (the NaN `createWaterSurface` fills with). */
const DRY_BITS = new Uint32Array(new Float32Array([NaN]).buffer)[0];

/** Packed only when the other vertices (5 bytes each, and a bit a vertex saying which) take at most this share of the full arrays' bytes. */
const PACK_AT_MOST = 0.5;

interface PackedVertices {
  length: number;
  /** A bit a vertex, set where it is not dry. */
  wet: Uint32Array;
  surfaceBits: Uint32Array;
  kinds: Uint8Array;
}

interface PackedState {
  packed: PackedVertices | null;
  full: { surface: Float32Array; kind: Uint8Array } | null;
  length: number;
  /** Reads of `surface` or `kind` so far, and as of the last check. */
  reads: number;
  seen: number;
  armed: boolean;
}

const states = new WeakMap<WaterSurface, PackedState>();

/** A release timer that never keeps a Node process (a bench, the CLI) alive on its own; in a window it is a plain timeout. */
function later(run: () => void, ms: number): void {
  const timer: unknown = setTimeout(run, ms);
  (timer as { unref?: () => void }).unref?.();
}

/**
 * `water` as an object that holds it packed once no reader asked for it between `releaseMs` and
 * twice that (the given arrays go the same way). Already packed water is returned as it is.
 */
export function packedWater(water: WaterSurface, releaseMs = WATER_RELEASE_MS): WaterSurface {
  if (states.has(water)) return water;
  const state: PackedState = {
    packed: null,
    full: { surface: water.surface, kind: water.kind },
    length: water.surface.length,
    reads: 0,
    seen: 0,
    armed: false,
  };
  const check = () => {
    if (state.reads !== state.seen) {
      state.seen = state.reads;
      later(check, releaseMs);
      return;
    }
    state.armed = false;
    packState(state);
  };
  const arm = () => {
    if (state.armed) return;
    state.armed = true;
    state.seen = state.reads;
    later(check, releaseMs);
  };
  const full = () => {
    state.reads++;
    if (!state.full) state.full = unpack(state.packed as PackedVertices);
    arm();
    return state.full;
  };
  const result: WaterSurface = {
    get surface() {
      return full().surface;
    },
    get kind() {
      return full().kind;
    },
  };
  if (water.largestDrainingArea !== undefined) result.largestDrainingArea = water.largestDrainingArea;
  states.set(result, state);
  arm();
  return result;
}

/** Bytes of the full arrays of `water` (5 a vertex), without making them. */
export function waterFullBytes(water: WaterSurface): number {
  const state = states.get(water);
  return state ? state.length * 5 : water.surface.byteLength + water.kind.byteLength;
}

/** Bytes `water` holds now: the packed vertices, and the full arrays while a reader keeps them made. */
export function waterBytesHeld(water: WaterSurface): number {
  const state = states.get(water);
  if (!state) return water.surface.byteLength + water.kind.byteLength;
  const p = state.packed && !state.full ? state.packed : null;
  const packedBytes = p ? p.wet.byteLength + p.surfaceBits.byteLength + p.kinds.byteLength : 0;
  const fullBytes = state.full ? state.full.surface.byteLength + state.full.kind.byteLength : 0;
  return packedBytes + fullBytes;
}

function pack(surface: Float32Array, kind: Uint8Array): PackedVertices | null {
  const bits = new Uint32Array(surface.buffer, surface.byteOffset, surface.length);
  const length = bits.length;
  // First which vertices are not dry, a word of 32 at a time, then their values in order.
  const wet = new Uint32Array(Math.ceil(length / 32));
  let count = 0;
  for (let w = 0; w < wet.length; w++) {
    const v0 = w << 5;
    const v1 = Math.min(v0 + 32, length);
    let word = 0;
    for (let v = v0; v < v1; v++) if (bits[v] !== DRY_BITS || kind[v] !== 0) word |= 1 << (v - v0);
    wet[w] = word;
    if (word !== 0) count += popcount(word);
  }
  if (count * 5 + length / 8 > length * 5 * PACK_AT_MOST) return null;
  const surfaceBits = new Uint32Array(count);
  const kinds = new Uint8Array(count);
  let n = 0;
  for (let w = 0; w < wet.length; w++) {
    let word = wet[w];
    while (word !== 0) {
      const v = (w << 5) | (31 - Math.clz32(word & -word));
      word &= word - 1;
      surfaceBits[n] = bits[v];
      kinds[n++] = kind[v];
    }
  }
  return { length, wet, surfaceBits, kinds };
}

function popcount(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

function unpack(packed: PackedVertices): { surface: Float32Array; kind: Uint8Array } {
  const bits = new Uint32Array(packed.length).fill(DRY_BITS);
  const kind = new Uint8Array(packed.length);
  const { wet, surfaceBits, kinds } = packed;
  let n = 0;
  for (let w = 0; w < wet.length; w++) {
    let word = wet[w];
    while (word !== 0) {
      const bit = 31 - Math.clz32(word & -word);
      word &= word - 1;
      const v = (w << 5) | bit;
      bits[v] = surfaceBits[n];
      kind[v] = kinds[n++];
    }
  }
  return { surface: new Float32Array(bits.buffer), kind };
}

/**
 * Packs `water` now, as if the wait after its last read had passed (the arrays a reader holds stay
 * theirs). False when it is not packed water or packing would not save.
 */
export function packWaterNow(water: WaterSurface): boolean {
  const state = states.get(water);
  return state ? packState(state) : false;
}

/** Lets `state`'s full arrays go, packed again from them (they may have been written since they were made); false when packing would not save. */
function packState(state: PackedState): boolean {
  if (!state.full) return true;
  const packed = pack(state.full.surface, state.full.kind);
  if (!packed) return false;
  state.packed = packed;
  state.full = null;
  return true;
}
