/**
 * Process memory of a document at rest as the editor holds it: heights, the undo history after
 * brush strokes (and optionally some undone), the viewport's LOD buffers from the default view and
 * the 2D panel's tile pixels. Run in a fresh process
 * (`node --expose-gc --import tsx bench/lodMemory.ts [side] [strokes] [undos]`) so RSS counts only
 * this; prints one JSON line. With 8193 10 1 it shows an 8193² document opens and is editable. Excludes the GPU's copies and the browser's own overhead
 * (renderer process, compositor, Electron): those are not visible to Node.
 */
import { defaultCameraPose } from '../app/view/cameraPose';
import { createDocument } from '../app/document/document';
import { Editor } from '../app/document/editor';
import { BrushStroke } from '../app/tools/brushStroke';
import { DEFAULT_BRUSH } from '../app/tools/brush';
import { planMapTiles, tileHeightRange, tilePixels } from '../app/map2d/mapTiles';
import { createRandom } from '../shared/random';
import { syntheticTerrain } from '../shared/lod/testing/syntheticTerrain';
import { LodTerrainMeshes } from '../renderer/viewport/lod/lodTerrainMeshes';

const side = Number(process.argv[2] ?? 4097);
const STROKES = Number(process.argv[3] ?? 20);
const UNDOS = Number(process.argv[4] ?? 0);
const STROKE_LENGTH = 200;
const MB = 1024 * 1024;

const baseline = process.memoryUsage().rss;
const openStart = performance.now();
const editor = new Editor(createDocument(syntheticTerrain(side, 1)));
const openMs = performance.now() - openStart;
const random = createRandom(7);
const strokesStart = performance.now();
const brush = { ...DEFAULT_BRUSH, mode: 'raise' as const, radius: 32 };
for (let s = 0; s < STROKES; s++) {
  const half = (side - 1) / 2 - STROKE_LENGTH;
  const x = (random.next() * 2 - 1) * half;
  const z = (random.next() * 2 - 1) * half;
  const angle = random.next() * 2 * Math.PI;
  const stroke = new BrushStroke(editor.document.field, brush, x, z, 0);
  stroke.begin();
  for (let step = 1; step <= 10; step++) stroke.moveTo(x + Math.cos(angle) * step * 20, z + Math.sin(angle) * step * 20);
  const edit = stroke.finish('Brush');
  if (edit) editor.apply(edit);
}
const strokeMs = (performance.now() - strokesStart) / STROKES;
const undoStart = performance.now();
let undone = 0;
for (let u = 0; u < UNDOS; u++) if (editor.undo()) undone++;
const undoMs = undone ? (performance.now() - undoStart) / undone : 0;

const field = editor.document.field;
const lodStart = performance.now();
const lod = new LodTerrainMeshes(field, 'height');
lod.finishErrors();
const pose = defaultCameraPose(field, 50, 1.6);
lod.update({ position: pose.position, fovYDegrees: 50, viewportHeight: 1000 });
const lodMs = performance.now() - lodStart;

// The panel keeps one canvas per tile; its pixels are the RGBA tile buffer.
let range = { min: Infinity, max: -Infinity };
const tiles = planMapTiles(field.width, field.depth);
for (const tile of tiles) {
  const r = tileHeightRange(field, tile);
  range = { min: Math.min(range.min, r.min), max: Math.max(range.max, r.max) };
}
const tileBuffers = tiles.map((tile) => tilePixels(field, tile, tile.j0, tile.j1, 'hypsometric', range));

(globalThis as { gc?: () => void }).gc?.();
const usage = process.memoryUsage();
const figures = {
  side,
  strokes: STROKES,
  undone,
  undo_depth: editor.history.undoDepth,
  open_ms: openMs,
  stroke_ms: strokeMs,
  undo_ms: undoMs,
  lod_build_and_select_ms: lodMs,
  rss_mb: usage.rss / MB,
  node_baseline_rss_mb: baseline / MB,
  heap_used_mb: usage.heapUsed / MB,
  array_buffers_mb: usage.arrayBuffers / MB,
  heights_mb: field.heights.byteLength / MB,
  history_mb: editor.history.byteSize / MB,
  lod_buffers_mb: lod.memoryBytes() / MB,
  gpu_height_texture_mb: lod.gpuTextureBytes() / MB,
  map_tiles_mb: tileBuffers.reduce((sum, b) => sum + b.byteLength, 0) / MB,
  lod_triangles: lod.triangles,
  note: 'Node process only: excludes GPU copies and the browser/Electron overhead',
};
console.log(JSON.stringify(figures));
