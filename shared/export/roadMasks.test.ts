import { describe, expect, it } from 'vitest';
import { decodePng } from '../codecs/png/decode';
import { createHeightfield, heightRange } from '../terrain/heightfield';
import { roadParams } from '../roads/params';
import { roadFootprints } from '../layers/roadFootprints';
import type { Layer } from '../layers/types';
import { buildEngineExport, type ExportFile } from './engineExport';
import { ENGINE_IDS, engineFor, type EngineId } from './engines';
import { defaultMaskSet, fitMaskSet, type MaskSourceData } from './masks';

// A straight road of known width along z, its shoulders and end aprons written into every engine's splat
// masks: the gravel (shoulder) layer against the footprint worked out by hand — 1.2 m of gravel each side
// of the 8 m surface, and past each end a 4 m apron that fades by 1 − smoothstep(past / 4) — within one
// exported texel (and the vertex's own cell, over which the source is box-filtered) of each edge.

const SIDE = 257;
const X0 = 1.3;
const HALF = 4;
const SHOULDER = 1.2;
const END = 6;
const APRON = 4;

function field(cell: number) {
  const f = createHeightfield(SIDE, SIDE, cell);
  // A gentle tilt, so the engines have a height range; far below every slope rule's edge.
  for (let j = 0; j < SIDE; j++) for (let i = 0; i < SIDE; i++) f.heights[j * SIDE + i] = 10 + 0.02 * i * cell;
  return f;
}

const road: Layer = {
  id: 'road-1',
  name: 'Road',
  enabled: true,
  opacity: 1,
  kind: 'road',
  params: roadParams(
    [
      { x: X0, z: -END },
      { x: X0, z: 0 },
      { x: X0, z: END },
    ],
    { width: 2 * HALF },
  ),
};

const smoothstep = (t: number) => {
  const c = Math.min(1, Math.max(0, t));
  return c * c * (3 - 2 * c);
};

/** One layer's bytes per pixel (row-major) of an engine's files, whichever file and channel hold it. */
function layerBytes(
  engineId: EngineId,
  files: ExportFile[],
  planned: Array<{ name: string; layers?: string[] }>,
  layer: string,
): { width: number; bytes: Uint8Array } {
  const file = planned.find((f) => f.layers?.includes(layer));
  if (!file) throw new Error(`${engineId}: no file holds ${layer}`);
  const bytes = files.find((f) => f.name === file.name)!.bytes;
  const channel = (['r', 'g', 'b', 'a'] as const)[file.layers!.indexOf(layer)];
  const png = file.layers!.length === 1 ? decodePng(bytes, file.name) : decodePng(bytes, file.name, { channel });
  return { width: png.width, bytes: Uint8Array.from(png.samples) };
}

describe('the engine masks’ road gravel: shoulders and end aprons as the 3D view paints them', () => {
  for (const engineId of ENGINE_IDS) {
    it(`${engineId}: gravel is 1 on the shoulders, 0 beyond them and on the surface, fading off each end’s apron; every pixel’s layers sum to 255`, () => {
      // 10 cm cells (Terrain3D's finest spacing is 25 cm): the 1.2 m shoulder spans 12 vertices.
      const CELL = engineId === 'godot-terrain3d' ? 0.25 : 0.1;
      /** Metres from the map's centre to its edge. */
      const EDGE = ((SIDE - 1) * CELL) / 2;
      const f = field(CELL);
      const footprints = roadFootprints([road], f)!;
      const data: MaskSourceData = { road: footprints.road, shoulder: footprints.shoulder };
      const { min, max } = heightRange(f.heights);
      const masks = fitMaskSet(defaultMaskSet(min, max, false, undefined, { road: true }), engineFor(engineId).maxMaskLayers);
      const names = masks.layers.map((l) => l.name);
      expect(names).toContain('shoulder');
      expect(names).toContain('road');
      const { plan, files } = buildEngineExport(f, { engineId, name: 't', masks }, data);
      const gravel = layerBytes(engineId, files, plan.files, 'shoulder');
      const surface = layerBytes(engineId, files, plan.files, 'road');
      const n = gravel.width;
      const depth = gravel.bytes.length / n;
      // Where each pixel lies on the map: Unity's alphamaps sample texel centres of a power-of-two grid,
      // Terrain3D pads before the map's first column and row, the others span the map edge to edge.
      const source = plan.source;
      const sampled = engineId === 'unity';
      const at = (p: number, count: number, pad: number) =>
        sampled ? -EDGE + ((p + 0.5) * 2 * EDGE) / count : source.mode === 'native' ? -EDGE + (p - pad) * CELL : -EDGE + (p * 2 * EDGE) / (count - 1);
      const padLeft = source.mode === 'native' ? source.padLeft : 0;
      const padTop = source.mode === 'native' ? source.padTop : 0;
      const texel = sampled ? (2 * EDGE) / n : source.mode === 'native' ? CELL : (2 * EDGE) / (n - 1);
      // A texel either side of an edge where the exported pixels are the map's vertices (a vertex's value is
      // its cell's box filter, half a cell either side); where they are resampled, the vertices a pixel
      // interpolates lie a cell further: one and a half.
      const native = source.mode === 'native' && !sampled;
      const margin = (native ? 1 : 1.5) * Math.max(texel, CELL);
      const sums = new Set<number>();
      let shoulders = 0;
      let beyond = 0;
      let aprons = 0;
      for (let j = 0; j < depth; j++) {
        // Symmetric in z (the road and its ends), so an engine's row order does not matter.
        const z = Math.abs(at(j, depth, padTop));
        if (z > EDGE) continue;
        for (let i = 0; i < n; i++) {
          const x = at(i, n, padLeft);
          if (x < -EDGE || x > EDGE) continue;
          const k = j * n + i;
          const across = Math.abs(x - X0);
          const g = gravel.bytes[k];
          const s = surface.bytes[k];
          sums.add(layerSum(engineId, files, plan.files, names, k));
          if (z < END - margin && across > HALF + margin && across < HALF + SHOULDER - margin) {
            expect(g, `${engineId} shoulder at x ${x.toFixed(2)}, z ${z.toFixed(2)}`).toBeGreaterThanOrEqual(254);
            shoulders++;
          } else if (across > HALF + SHOULDER + margin || z > END + APRON + margin) {
            expect(g, `${engineId} beyond at x ${x.toFixed(2)}, z ${z.toFixed(2)}`).toBe(0);
            expect(s).toBe(0);
            beyond++;
          } else if (z < END - margin && across < HALF - margin) {
            expect([g, s], `${engineId} surface at x ${x.toFixed(2)}, z ${z.toFixed(2)}`).toEqual([0, 255]);
          } else if (across < HALF - margin && z > END + 0.8 + margin && z < END + APRON - margin) {
            // Past the surface's fray (0.8 m): the apron's gravel 1 − smoothstep(past / 4), taken as the shoulder
            // rule takes it (a smoothstep of it); the exported texel's slope as tolerance.
            const weight = (past: number) => smoothstep(1 - smoothstep(past / APRON));
            const past = z - END;
            const lo = weight(past + margin);
            const hi = weight(past - margin);
            expect(g / 255, `${engineId} apron at z ${z.toFixed(2)}`).toBeGreaterThanOrEqual(lo - 1 / 255);
            expect(g / 255, `${engineId} apron at z ${z.toFixed(2)}`).toBeLessThanOrEqual(hi + 1 / 255);
            expect(s).toBe(0);
            aprons++;
          }
        }
      }
      expect(shoulders).toBeGreaterThan(20);
      expect(beyond).toBeGreaterThan(1000);
      expect(aprons).toBeGreaterThan(10);
      expect([...sums]).toEqual([255]);
    });
  }
});

/** Every layer's byte at pixel k summed (each layer read from its own file and channel). */
function layerSum(engineId: EngineId, files: ExportFile[], planned: Array<{ name: string; layers?: string[] }>, names: string[], k: number): number {
  let sum = 0;
  for (const name of names) {
    const key = `${engineId}/${name}`;
    let decoded = decodedLayers.get(key);
    if (!decoded || decoded.files !== files) decodedLayers.set(key, (decoded = { files, layer: layerBytes(engineId, files, planned, name) }));
    sum += decoded.layer.bytes[k];
  }
  return sum;
}
const decodedLayers = new Map<string, { files: ExportFile[]; layer: { width: number; bytes: Uint8Array } }>();
