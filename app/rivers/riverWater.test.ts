import { describe, expect, it } from 'vitest';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { evaluateStack, stackMakesWater } from '../../shared/layers/evaluate';
import { createWaterSurface, type WaterSurface } from '../../shared/hydrology/waterSurface';
import { WATER_RIVER } from '../../shared/hydrology/water';
import { findWaterFeatures } from '../../shared/hydrology/waterFeatures';
import { DEFAULT_WATER_PARAMS } from '../../shared/hydrology/waterParams';
import type { Layer, RiverLayer, WaterLayer } from '../../shared/layers/types';
import { createDocument } from '../document/document';
import { Editor } from '../document/editor';
import { createInProcessTransport } from '../jobs/inProcessTransport';
import { createTerrainDesign } from '../terrainDesign';
import { CommandRegistry } from '../commands/commands';
import { createToolStore } from '../tools/toolStore';
import type { ToolPointerEvent } from '../tools/types';
import type { RoadTool } from '../roads/roadTool';
import { createRiversFeature } from './riversFeature';
import { packWaterNow, waterBytesHeld, waterFullBytes } from '../document/packedWater';

/**
 * A drawn river is water: the document's water (what both views draw) holds its surface, drawn,
 * dragged (through the local edit, the water made again in place), undone and cancelled, always
 * equal bit for bit to the stack's water evaluated from scratch.
 */

const SIZE = 65;
const CELL = 2;

/** A 65² map of 2 m cells falling towards +x and +z with ripples, the river tool in hand; `automatic`: an automatic water layer first. */
async function setup(automatic: boolean) {
  const field = createHeightfield(SIZE, SIZE, CELL);
  for (let j = 0; j < SIZE; j++)
    for (let i = 0; i < SIZE; i++) field.heights[j * SIZE + i] = 20 - 0.1 * (i + j) * CELL + 0.5 * Math.sin(i * 0.7) * Math.cos(j * 0.4);
  const editor = new Editor(createDocument(field));
  const tools = createToolStore();
  const commands = new CommandRegistry(false);
  const design = createTerrainDesign(editor, tools, createInProcessTransport());
  if (automatic) {
    const water: WaterLayer = {
      id: 'water-1',
      kind: 'water',
      name: 'Water 1',
      enabled: true,
      opacity: 1,
      params: { ...DEFAULT_WATER_PARAMS, riverArea: 1500 },
    };
    expect(await design.jobs.applyStack([...editor.document.stack, water], 'Add automatic water')).toBe('done');
  }
  const frames: Array<() => void> = [];
  const rivers = createRiversFeature({ editor, tools, commands }, design, (callback) => frames.push(callback));
  await commands.findByChord({ key: 'W', ctrlKey: false, metaKey: false, shiftKey: true, altKey: false })?.run();
  const runFrames = () => frames.splice(0).forEach((callback) => callback());
  return { editor, design, runFrames, tool: rivers.tool };
}

const at = (x: number, z: number, extra: Partial<ToolPointerEvent> = {}): ToolPointerEvent => ({
  x,
  z,
  y: 0,
  source: '2d',
  shiftKey: false,
  altKey: false,
  ctrlKey: false,
  pickRadius: 3,
  ...extra,
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
async function click(tool: RoadTool, x: number, z: number) {
  tool.onPointerDown?.(at(x, z));
  tool.onPointerUp?.(at(x, z));
  await settle();
}
const bits = (a: Float32Array | Uint8Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

/** The stack's heights and water from scratch. */
function fromScratch(stack: readonly Layer[]): { heights: Float32Array; water: WaterSurface | null } {
  const water = stackMakesWater(stack) ? createWaterSurface(SIZE * SIZE) : null;
  const heights = evaluateStack([...stack], { width: SIZE, depth: SIZE, cellSize: CELL }, { water: water ?? undefined })!;
  return { heights, water };
}

function expectWaterExact(editor: Editor, stack: readonly Layer[] = editor.document.stack): void {
  const scratch = fromScratch(stack);
  const { field, water } = editor.document;
  expect(bits(field.heights).equals(bits(scratch.heights))).toBe(true);
  if (!scratch.water) {
    expect(water).toBeNull();
    return;
  }
  expect(water).not.toBeNull();
  expect(bits(water!.surface).equals(bits(scratch.water.surface))).toBe(true);
  expect(bits(water!.kind).equals(bits(scratch.water.kind))).toBe(true);
}

const copyOf = (water: WaterSurface | null) => (water ? { surface: water.surface.slice(), kind: water.kind.slice() } : null);
function expectSameWater(editor: Editor, before: ReturnType<typeof copyOf>): void {
  const water = editor.document.water;
  if (!before) return void expect(water).toBeNull();
  expect(bits(water!.surface).equals(bits(before.surface))).toBe(true);
  expect(bits(water!.kind).equals(bits(before.kind))).toBe(true);
}

/** Wet vertices (the surface above the ground) within `rows` of row j. */
function wetAround(editor: Editor, j: number, rows = 2): number {
  const { water, field } = editor.document;
  let wet = 0;
  for (let r = j - rows; r <= j + rows; r++) for (let i = 0; i < SIZE; i++) if (water && water.surface[r * SIZE + i] > field.heights[r * SIZE + i]) wet++;
  return wet;
}
/** The river's own line on row j (WATER_RIVER, as the automatic network marks its rivers). */
const ownOnRow = (water: WaterSurface | null, j: number) => (water ? water.kind.subarray(j * SIZE, (j + 1) * SIZE).filter((k) => k === WATER_RIVER).length : 0);
const rowOf = (z: number) => Math.round(z / CELL + (SIZE - 1) / 2);

/**
 * With `packs`, the document's water is packed at each step as at rest (app/document/packedWater.ts),
 * also in the middle of a drag; it then holds less than its full arrays.
 */
function rest(editor: Editor, packs: boolean): void {
  const water = editor.document.water;
  if (!packs || !water) return;
  expect(packWaterNow(water)).toBe(true);
  expect(waterBytesHeld(water)).toBeLessThan(waterFullBytes(water));
}

describe('a drawn river is water in the document (both views draw it)', () => {
  for (const [automatic, packs] of [
    [false, false],
    [true, false],
    [false, true],
    [true, true],
  ]) {
    const where = `${automatic ? 'over automatic water' : 'on dry land'}${packs ? ', the water packed at each step' : ''}`;
    it(`${where}: drawn, dragged, released, undone, cancelled: water as from scratch`, async () => {
      const s = await setup(automatic);
      rest(s.editor, packs);
      const before = copyOf(s.editor.document.water);
      expect(before !== null).toBe(automatic);
      await click(s.tool, -40, -30);
      await click(s.tool, 40, -30);
      rest(s.editor, packs);
      expect(s.editor.document.stack.at(-1)?.kind).toBe('river');
      expectWaterExact(s.editor);
      // Along the river, water it did not have before: its bed is 6 m (3 rows) wide, its line one
      // vertex a column from x = −40 to 40 m (41 columns of 2 m).
      expect(wetAround(s.editor, rowOf(-30))).toBeGreaterThanOrEqual(3 * 41);
      if (!automatic) {
        expect(ownOnRow(s.editor.document.water, rowOf(-30))).toBe(41);
        // The Water section lists it as one river as long as its line: 41 vertices, a cell each.
        const { field, water } = s.editor.document;
        const { features } = findWaterFeatures(field, water!, field.heights);
        expect(features.map((f) => [f.kind, f.length])).toEqual([['river', 41 * CELL]]);
        expect(features[0].maxDepth).toBeGreaterThanOrEqual(1.5 - 1e-4);
      }
      const drawn = copyOf(s.editor.document.water);
      // A live drag of the mouth: the preview's water is the dragged stack's, in place.
      s.tool.onPointerDown?.(at(40, -30));
      rest(s.editor, packs);
      s.tool.onPointerMove?.(at(40, 0));
      s.runFrames();
      rest(s.editor, packs);
      const river = s.editor.document.stack.at(-1) as RiverLayer;
      const dragged: RiverLayer = { ...river, params: { ...river.params, points: [river.params.points[0], { x: 40, z: 0 }] } };
      expectWaterExact(s.editor, [...s.editor.document.stack.slice(0, -1), dragged]);
      s.tool.onPointerUp?.(at(40, 0));
      await settle();
      expectWaterExact(s.editor);
      expect((s.editor.document.stack.at(-1) as RiverLayer).params.points[1]).toEqual({ x: 40, z: 0 });
      // Undo: the drawn river's water to the same bytes; again: none of it.
      s.editor.undo();
      expectSameWater(s.editor, drawn);
      rest(s.editor, packs);
      s.editor.undo();
      expectSameWater(s.editor, before);
      rest(s.editor, packs);
      s.editor.redo();
      expectSameWater(s.editor, drawn);
      rest(s.editor, packs);
      // Esc during a drag: the water as it was.
      s.tool.onPointerDown?.(at(-40, -30));
      s.tool.onPointerMove?.(at(-40, 10));
      s.runFrames();
      rest(s.editor, packs);
      s.tool.cancel();
      expectSameWater(s.editor, drawn);
      expectWaterExact(s.editor);
    });
  }

  for (const automatic of [false, true]) {
    it(`${automatic ? 'over automatic water' : 'on dry land'}: a second river, one hidden, one deleted: water as from scratch`, async () => {
      const s = await setup(automatic);
      const before = copyOf(s.editor.document.water);
      await click(s.tool, -40, -30);
      await click(s.tool, 40, -30);
      expect(s.tool.onKeyDown?.('Enter')).toBe(true);
      await click(s.tool, 0, -50);
      await click(s.tool, 10, 20);
      expect(s.editor.document.stack.filter((l) => l.kind === 'river')).toHaveLength(2);
      expectWaterExact(s.editor);
      const hide = (id: string, enabled: boolean) =>
        s.design.jobs.applyStack(
          s.editor.document.stack.map((l) => (l.id === id ? { ...l, enabled } : l)),
          'Toggle',
        );
      expect(await hide('river-1', false)).toBe('done');
      expectWaterExact(s.editor);
      expect(await hide('river-1', true)).toBe('done');
      expectWaterExact(s.editor);
      expect(
        await s.design.jobs.applyStack(
          s.editor.document.stack.filter((l) => l.id !== 'river-2'),
          'Delete',
        ),
      ).toBe('done');
      expectWaterExact(s.editor);
      expect(
        await s.design.jobs.applyStack(
          s.editor.document.stack.filter((l) => l.id !== 'river-1'),
          'Delete',
        ),
      ).toBe('done');
      expectWaterExact(s.editor);
      expectSameWater(s.editor, before);
      for (let n = 0; n < 4; n++) s.editor.undo();
      expectWaterExact(s.editor);
    });
  }
});
