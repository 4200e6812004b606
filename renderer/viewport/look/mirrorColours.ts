import { colourRange, naturalPalette, snowShiftAt, writeNaturalGround, type ColourMode, type NaturalLines } from '../../../shared/ground/naturalColours';
import { normalSlopeDeg } from '../../../shared/terrain/shadingNormals';
import { HYPSOMETRIC_RAMP, SLOPE_RAMP, linearRamp, normalisedHeight, rampIndex } from '../../../shared/terrain/colourRamp';

/**
 * The colour half of the lakes' mirror paint (waterMirror.ts mirrorPaint): from each sample's vertex height
 * and shading normal, its ground colour and sun term as RGBA bytes. Kept apart from three.js so that the
 * whole map's paint runs in a worker (renderer/workers/mirrorPaintWorker.ts) as well as on the window's
 * thread for an edit's few samples; both give the same bytes.
 */
export interface MirrorColourAsk {
  /** The mirror's samples a side, the map's vertices between two and metres between two. */
  width: number;
  depth: number;
  step: number;
  spacing: number;
  /** The map's vertices a side and its cell size. */
  fieldWidth: number;
  fieldDepth: number;
  cellSize: number;
  /** Each sample's vertex height and its shading normal (3 a sample), for every sample (row by row). */
  heights: Float32Array;
  normals: Float32Array;
  /** Samples [i0, i1) × [j0, j1) to colour. */
  i0: number;
  j0: number;
  i1: number;
  j1: number;
  mode: ColourMode;
  lines: NaturalLines;
  /** The mirror ground's height span (the height ramp spans it). */
  low: number;
  high: number;
  toSun: { x: number; y: number; z: number };
}

const HYPSOMETRIC_LINEAR = linearRamp(HYPSOMETRIC_RAMP);
const SLOPE_LINEAR = linearRamp(SLOPE_RAMP);

/**
 * Writes the RGBA bytes of `ask`'s samples into `colours` (4 a sample, the whole mirror's layout): (rgb) √
 * of the albedo in linear light, (a) the sun's cosine on the shading normal. Each sample coloured as the 3D
 * view's vertex colours colour it (app/view/terrainColours.ts writeVertexColours: natural ground cover by
 * the ground layers of `lines`, its slope from the shading normal; or the height or slope ramp), with no
 * erosion cover. On a coarse ground (step > 1) the natural colours are the mean over a sample's footprint
 * (its spacing: rock bands and the snow line do not alias).
 */
export function writeMirrorColours(ask: MirrorColourAsk, colours: Uint8Array): void {
  const { width, step, spacing, fieldWidth, fieldDepth, cellSize, heights, normals, mode, lines, toSun } = ask;
  const palette = mode === 'natural' ? naturalPalette(lines, { erosion: false, road: false }) : null;
  const range = colourRange(mode, { min: ask.low, max: ask.high }, lines);
  const coarse = step > 1;
  const rgb = [0, 0, 0];
  for (let j = ask.j0; j < ask.j1; j++) {
    const vj = Math.min(fieldDepth - 1, j * step);
    for (let i = ask.i0; i < ask.i1; i++) {
      const vi = Math.min(fieldWidth - 1, i * step);
      const k = j * width + i;
      const nx = normals[3 * k];
      const ny = normals[3 * k + 1];
      const nz = normals[3 * k + 2];
      const h = heights[k];
      if (palette) {
        const slopeDeg = normalSlopeDeg(ny);
        const x = (vi - (fieldWidth - 1) / 2) * cellSize;
        const z = (vj - (fieldDepth - 1) / 2) * cellSize;
        const footprint = coarse ? (Math.sqrt(nx * nx + nz * nz) / ny) * spacing : 0;
        const snowShift = snowShiftAt(palette, h, x, z, slopeDeg, nx, nz, footprint);
        writeNaturalGround(palette, h, slopeDeg, 0, 0, rgb, 0, footprint, 0, x, z, footprint, snowShift, coarse ? spacing : 0);
      } else {
        const t = mode === 'slope' ? Math.acos(Math.min(1, Math.max(-1, ny))) / (Math.PI / 2) : normalisedHeight(h, range.min, range.max);
        const lut = mode === 'slope' ? SLOPE_LINEAR : HYPSOMETRIC_LINEAR;
        const r = rampIndex(t) * 3;
        [rgb[0], rgb[1], rgb[2]] = [lut[r], lut[r + 1], lut[r + 2]];
      }
      for (let c = 0; c < 3; c++) colours[4 * k + c] = Math.round(Math.sqrt(Math.min(1, Math.max(0, rgb[c]))) * 255);
      colours[4 * k + 3] = Math.round(Math.max(0, nx * toSun.x + ny * toSun.y + nz * toSun.z) * 255);
    }
  }
}

export interface MirrorColourRun {
  /** The colours, or null when cancelled or failed. */
  result: Promise<Uint8Array | null>;
  cancel(): void;
}

/** How the whole mirror's colours are found: off the window's thread in the window (mirrorPaintChannel.ts). */
export type MirrorColourRunner = (ask: MirrorColourAsk) => MirrorColourRun;
