import { describe, expect, it } from 'vitest';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { evaluateWater } from '../../shared/hydrology/water';
import { DEFAULT_WATER_PARAMS, riverWidth, type WaterParams } from '../../shared/hydrology/waterParams';
import { waterDepths } from '../../shared/hydrology/waterSurface';
import { SEDIMENT_RULE, WET_RULE } from '../../shared/erosion/cover';
import { CHANNEL_RULE } from '../../shared/ground/groundMaterials';
import { ruleWeight } from '../../shared/masks/ruleWeight';
import { RIVER_BED_FLOW, RIVER_COVER_BACK, RIVER_COVER_CLEAR, riverCoverKept } from '../../shared/erosion/riverCover';
import { coverInChannels } from '../../shared/erosion/channelCover';
import { createDocument } from './document';
import { Editor } from './editor';
import { surfaceCoverOf } from './surfaceCover';
import { documentSurfaces } from '../drive/driveSurfaces';

// Issue 31: a creek a few tenths of a metre wide lay on a band of the droplets' gravel and silt many
// times its width. Against a closed form: a straight V valley on a tilted plane, its floor the line
// z = FLOOR (every vertex's water drains to it, then down it to the map's edge at x = 0), the contributing
// area of a floor vertex x metres up the valley (L − x + cell / 2) · the map's width, so its creek is
// 0.003 · √A wide: under a cell from the river's head to the map's edge. The droplets' cover as they lay it
// on such a valley: channel gravel and wet ground over 24 m either side of the floor, silt everywhere.

const SIDE = 129;
const CELL = 2;
const FLOOR = 64;
const FALL = 0.05;
const WALL = 0.2;
const BAND = 24;
const size = { width: SIDE, depth: SIDE, cellSize: CELL };
const L = (SIDE - 1) * CELL;
const params: WaterParams = { ...DEFAULT_WATER_PARAMS, riverArea: 5000, lakes: false };

function valley() {
  const input = new Float32Array(SIDE * SIDE);
  for (let j = 0; j < SIDE; j++) for (let i = 0; i < SIDE; i++) input[j * SIDE + i] = 10 + FALL * i * CELL + WALL * Math.abs(j - FLOOR) * CELL;
  const heights = new Float32Array(input.length);
  const water = evaluateWater(size, input, heights, params)!;
  const doc = createDocument(createHeightfield(SIDE, SIDE, CELL, heights), []);
  const flow = new Uint8Array(SIDE * SIDE);
  for (let j = 0; j < SIDE; j++) for (let i = 0; i < SIDE; i++) flow[j * SIDE + i] = Math.abs(j - FLOOR) * CELL <= BAND ? 255 : 0;
  doc.erosionMasks = { flow, deposition: new Uint8Array(SIDE * SIDE).fill(255) };
  doc.water = { surface: water.surface, kind: water.kind };
  return { doc, heights, depth: waterDepths(doc.water, heights) };
}

describe('the ground beside a creek: its own bed, not the droplets’ band', () => {
  const { doc, heights, depth } = valley();
  const cover = surfaceCoverOf(new Editor(doc))!;
  const channelled = coverInChannels(doc.erosionMasks!, heights, size);
  /** The river's reach: floor vertices with water, from its head to the map's edge. */
  const reach: number[] = [];
  for (let i = 1; i < SIDE - 1; i++) if (depth[FLOOR * SIDE + i] > 0) reach.push(i);
  const gravel = (k: number) => ruleWeight(CHANNEL_RULE, cover.flow[k] / 255);
  const silt = (k: number) => ruleWeight(SEDIMENT_RULE, cover.deposition[k] / 255);

  it('the creek is narrower than a cell and lies on the floor line alone (the closed form)', () => {
    expect(reach.length).toBeGreaterThan(60);
    for (const i of reach) {
      const area = (L - i * CELL + CELL / 2) * L;
      expect(riverWidth(params, area)).toBeLessThan(CELL);
      for (const dj of [-1, 1]) expect(depth[(FLOOR + dj) * SIDE + i], `beside ${i}`).toBe(0);
    }
    expect(heights[FLOOR * SIDE + reach[0]]).toBeGreaterThan(0);
  });

  it('its bed is wet ground with a tint of gravel on its own vertices, with no silt', () => {
    for (const i of reach) {
      const k = FLOOR * SIDE + i;
      expect(cover.flow[k]).toBe(RIVER_BED_FLOW);
      // Stones under grass: the gravel stays lighter than the grass, whose texture the view keeps.
      expect(gravel(k)).toBeGreaterThan(0.2);
      expect(gravel(k)).toBeLessThan(0.5);
      expect(ruleWeight(WET_RULE, cover.flow[k] / 255)).toBe(1);
      expect(silt(k)).toBe(0);
    }
  });

  it('within RIVER_COVER_CLEAR metres of the water none of the droplets’ cover is left: the bed is painted within a cell of the line', () => {
    for (const i of reach.slice(5, -5)) {
      for (let dj = 1; dj * CELL <= RIVER_COVER_CLEAR; dj++) {
        for (const k of [(FLOOR + dj) * SIDE + i, (FLOOR - dj) * SIDE + i]) {
          expect(cover.flow[k], `${i}, ${dj}`).toBe(0);
          expect(cover.deposition[k], `${i}, ${dj}`).toBe(0);
        }
      }
      // Across the floor on the triangles, the gravel's weight is linear between vertices: gone one cell out.
      // The droplets' band was BAND metres either side.
      const wet = (k: number) => ruleWeight(WET_RULE, cover.flow[k] / 255);
      const across = [-2, -1, 0, 1, 2].map((dj) => wet((FLOOR + dj) * SIDE + i));
      expect(across).toEqual([0, 0, 1, 0, 0]);
      // Between the line's vertex and the next (flow linear on the triangles): the wet ground full at the vertex,
      // gone 2/3 of a cell out (flow 0.1), softly between; the gravel gone by a third of a cell. The droplets' band
      // was full gravel and wet ground BAND metres either side.
      const flowAt = (t: number) => (1 - t) * (RIVER_BED_FLOW / 255);
      expect(ruleWeight(WET_RULE, flowAt(0))).toBe(1);
      expect(ruleWeight(WET_RULE, flowAt(0.67))).toBeLessThan(0.001);
      expect(ruleWeight(WET_RULE, flowAt(1 / 3))).toBeGreaterThan(0.2);
      expect(ruleWeight(WET_RULE, flowAt(1 / 3))).toBeLessThan(0.8);
      expect(ruleWeight(CHANNEL_RULE, flowAt(1 / 3))).toBeLessThan(0.001);
    }
  });

  it('from RIVER_COVER_BACK metres out the droplets’ gravel is all back, smoothly between; their silt is gone', () => {
    const i = reach[Math.floor(reach.length / 2)];
    let last = -1;
    for (let dj = Math.ceil(RIVER_COVER_CLEAR / CELL); dj * CELL <= 40; dj++) {
      const k = (FLOOR + dj) * SIDE + i;
      const kept = riverCoverKept(dj * CELL);
      // The droplets' flow as the drawn cover keeps it off a river (on concave ground only: channelCover.ts).
      expect(cover.flow[k]).toBe(Math.round(channelled.flow[k] * kept));
      expect(kept).toBeGreaterThanOrEqual(last);
      last = kept;
      // The droplets' silt is gone everywhere on a map with a river (no loose patches left beyond the band).
      expect(silt(k)).toBe(0);
    }
    // Above the creek's head the dry gully keeps the droplets' gravel.
    const head = reach[reach.length - 1];
    const above = head + Math.ceil(RIVER_COVER_BACK / CELL);
    if (above < SIDE) expect(gravel(FLOOR * SIDE + above)).toBe(1);
  });

  it('the document’s own bytes are untouched, and the same cover object comes back until the document changes', () => {
    expect(doc.erosionMasks!.flow[(FLOOR + 2) * SIDE + reach[10]]).toBe(255);
    const editor = new Editor(doc);
    const first = surfaceCoverOf(editor);
    expect(first).not.toBe(doc.erosionMasks);
    expect(surfaceCoverOf(editor)).toBe(first);
  });
});

describe('the car beside a creek', () => {
  it('drives on the grass the views draw, not on the droplets’ silt, near the creek and 20 m out', () => {
    const { doc, depth } = valley();
    const editor = new Editor(doc);
    let i = 1;
    while (!(depth[FLOOR * SIDE + i] > 0)) i++;
    i += 10;
    const x = (i - (SIDE - 1) / 2) * CELL;
    const zAt = (j: number) => (j - (SIDE - 1) / 2) * CELL;
    const drawn = documentSurfaces(doc, undefined, surfaceCoverOf(editor));
    const raw = documentSurfaces(doc, undefined);
    expect(raw(x, zAt(FLOOR + 2))).toBe('sediment');
    expect(drawn(x, zAt(FLOOR + 2))).toBe('grass');
    expect(raw(x, zAt(FLOOR + RIVER_COVER_BACK / CELL + 1))).toBe('sediment');
    expect(drawn(x, zAt(FLOOR + RIVER_COVER_BACK / CELL + 1))).toBe('grass');
  });
});
