import { createDefaultDocument, defaultDocumentOf, DEFAULT_TERRAIN_SIZE, type TerrainDocument } from './document';

/**
 * The default terrain made ahead: the window's build evaluates `createDefaultDocument()` once and
 * embeds its heights and erosion cover in the bundle (renderer/vite.config.ts, module
 * `virtual:faultline-default-terrain`), so the window starts on the same terrain, bit for bit, without
 * running the preset's faults and erosion on its first task (most of a start: BENCHMARKS.md,
 * "Session 11: CI time"). Heights are little-endian float32 bytes, as base64.
 */
export interface BakedTerrain {
  readonly side: number;
  readonly heights: string;
  /** The erosion cover bytes (shared/erosion/cover.ts), or null when the preset has no erosion. */
  readonly flow: string | null;
  readonly deposition: string | null;
}

/** Evaluates the default terrain at `side` and bakes it (the build's step). */
export function bakeDefaultTerrain(side: number = DEFAULT_TERRAIN_SIZE): BakedTerrain {
  const doc = createDefaultDocument(side);
  const heights = doc.field.heights;
  const bytes = new Uint8Array(heights.length * 4);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < heights.length; i++) view.setFloat32(i * 4, heights[i], true);
  const masks = doc.erosionMasks;
  return { side, heights: toBase64(bytes), flow: masks ? toBase64(masks.flow) : null, deposition: masks ? toBase64(masks.deposition) : null };
}

/**
 * The default document from what `bakeDefaultTerrain` made; evaluated here instead when there is none
 * or it does not fit the default stack at the default size (a broken or foreign bundle).
 */
export function defaultDocumentFromBaked(baked: BakedTerrain | null | undefined): TerrainDocument {
  return (baked ? unbake(baked) : null) ?? createDefaultDocument();
}

function unbake(baked: BakedTerrain): TerrainDocument | null {
  if (baked.side !== DEFAULT_TERRAIN_SIZE) return null;
  try {
    const bytes = fromBase64(baked.heights);
    if (bytes.length % 4 !== 0) return null;
    const heights = new Float32Array(bytes.length / 4);
    const view = new DataView(bytes.buffer);
    for (let i = 0; i < heights.length; i++) heights[i] = view.getFloat32(i * 4, true);
    const masks = baked.flow !== null && baked.deposition !== null ? { flow: fromBase64(baked.flow), deposition: fromBase64(baked.deposition) } : null;
    return defaultDocumentOf(baked.side, heights, masks);
  } catch {
    return null; // not base64
  }
}

function toBase64(bytes: Uint8Array): string {
  let text = '';
  // String.fromCharCode takes its arguments on the stack: a piece at a time.
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

function fromBase64(base64: string): Uint8Array {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}
