/**
 * Which drawn rivers are drawn as strips along their splines (shared/rivers/drawnStrip.ts), in the 3D
 * view and the water surface mesh alike.
 */
import { topWaterLayer } from './stackWater';
import type { LayerStack } from './types';
import { riverCentrelineOf } from '../rivers/fittedRiver';
import { drawnRiverBeds, drawnRiverStrip, type DrawnLine } from '../rivers/drawnStrip';
import { vertexNormals } from '../hydrology/waterMesh';
import { createHeightfield, type Heightfield } from '../terrain/heightfield';
import type { RiverStripMesh } from '../hydrology/riverStrip';
import type { StackWater } from './stackWater';

/** A mesh of the water surface GLB (shared/codecs/glb.ts SurfaceMesh's shape). */
interface SurfaceMesh {
  name: string;
  positions: Float32Array;
  normals: Float32Array;
  indices: Uint32Array;
}

/**
 * The enabled drawn rivers' centre lines (their splines' stations), to draw them as strips along them
 * (shared/rivers/drawnStrip.ts); null when there is none, or when the stack's automatic water is an older
 * layer's drawn on the grid's sheet (the sheet then draws every river, the drawn ones too).
 */
export function drawnRiverLines(stack: LayerStack, cellSize: number): DrawnLine[] | null {
  const top = topWaterLayer(stack);
  const automatic = top >= 0 ? stack[top] : null;
  if (automatic && (automatic.kind !== 'water' || !automatic.params.channelsAlongLines)) return null;
  const lines: DrawnLine[] = [];
  for (const layer of stack) {
    if (layer.kind !== 'river' || !layer.enabled) continue;
    try {
      lines.push(riverCentrelineOf(layer.params, cellSize).line);
    } catch {
      // A river whose points make no centreline draws nothing (its layer reports the problem).
    }
  }
  return lines.length > 0 ? lines : null;
}

/** The stack's enabled drawn rivers' centre lines (as shared/layers/drawnRiverLines.ts reads them from a stack); null when none. */
export function drawnLinesOf(found: StackWater, cellSize: number): DrawnLine[] | null {
  const lines = found.drawn.map((river) => riverCentrelineOf(river.layer.params, cellSize).line);
  return lines.length > 0 ? lines : null;
}

/** Adds each drawn river's strip (drawnStrip.ts) to the "rivers" mesh of `meshes` (made when there is none). */
export function withDrawnStrips(meshes: SurfaceMesh[], field: Heightfield, surface: Float32Array, lines: readonly DrawnLine[]): void {
  const positions: number[] = [];
  const indices: number[] = [];
  const rivers = meshes.find((mesh) => mesh.name === 'rivers');
  if (rivers) {
    for (const p of rivers.positions) positions.push(p);
    for (const k of rivers.indices) indices.push(k);
  }
  for (const line of lines) {
    const strip = drawnRiverStrip(field, surface, line);
    const first = positions.length / 3;
    for (const p of strip.positions) positions.push(p);
    for (const k of strip.indices) indices.push(first + k);
  }
  if (indices.length === 0) return;
  const merged = Float32Array.from(positions);
  const faces = Uint32Array.from(indices);
  const mesh: SurfaceMesh = { name: 'rivers', positions: merged, normals: vertexNormals(merged, faces), indices: faces };
  if (rivers) meshes[meshes.indexOf(rivers)] = mesh;
  else meshes.push(mesh);
}

/** The drawn rivers' own vertices and beds (drawnStrip.ts), which the network's strips leave to theirs. */
export const drawnRiversMask = drawnRiverBeds;

/*
 * How a view draws the rivers, the same in the 3D view and the 2D panel: whether the grid's sheet (the
 * cells) holds the lakes only, and which vertices the automatic network's strips (`automaticStrips`)
 * leave to the drawn rivers' strips (`drawn`).
 */

/** Whether the sheet holds the lakes only: the rivers are strips (the automatic network's, or drawn rivers'). */
export const sheetHoldsLakesOnly = (automaticStrips: boolean, drawn: readonly DrawnLine[] | null): boolean => automaticStrips || drawn !== null;

/** The drawn rivers' own vertices and beds, which the automatic strips leave to the drawn ones; null when there is nothing to leave. */
export function automaticStripsExcluded(
  grid: { width: number; depth: number; cellSize: number },
  automaticStrips: boolean,
  drawn: readonly DrawnLine[] | null,
): Uint8Array | null {
  return drawn && automaticStrips ? drawnRiverBeds(grid, drawn) : null;
}

/** Each drawn river's strip (drawnStrip.ts) over the heights as drawn, with the water `surface`. */
export function drawnStrips(
  grid: { width: number; depth: number; cellSize: number },
  heights: Float32Array,
  surface: Float32Array,
  drawn: readonly DrawnLine[],
): RiverStripMesh[] {
  const field = createHeightfield(grid.width, grid.depth, grid.cellSize, heights);
  return drawn.map((line) => drawnRiverStrip(field, surface, line));
}
