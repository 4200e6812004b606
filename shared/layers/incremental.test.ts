import { describe, expect, it } from 'vitest';
import { evaluateStack, evaluateStackWithBase, topWholeMapLayer } from './evaluate';
import { StackEvaluator, TARGET_BLOCK } from './incremental';
import { addSculptDeltas, unionRect } from './kinds/sculpt';
import { kindOf } from './registry';
import { everyKindStack, sculptLayer, SIZE, stampImage } from './testing/stacks';
import type { FlattenLayer, HeightsLayer, Layer, LayerSize, Rect, SculptLayer, StampLayer } from './types';

const bytes = (a: Float32Array | null) => (a ? new Uint8Array(a.buffer, a.byteOffset, a.byteLength) : null);
const scratch = (stack: Layer[]) => bytes(evaluateStack(stack, SIZE));
const indexOf = (stack: Layer[], id: string) => stack.findIndex((layer) => layer.id === id);

/** A stack whose layers above the sculpt layer are all local, one of them with a slope mask. */
function localTopStack(): Layer[] {
  const stack = everyKindStack();
  stack.push({
    id: 'ridge',
    name: 'Ridge',
    enabled: true,
    opacity: 0.8,
    kind: 'stamp',
    params: { x: 0, z: 0, rotationDeg: 45, size: 60, height: 4, blend: 'add', falloff: 0.5 },
    image: stampImage(5),
    mask: { kind: 'slope', minDeg: 5, maxDeg: 30, softness: 4 },
  });
  return stack;
}

function moved<T extends StampLayer | FlattenLayer>(layer: T, params: Partial<T['params']>): { layer: T; rect: Rect } {
  const next = { ...layer, params: { ...layer.params, ...params } } as T;
  const module = kindOf(next);
  const rect = unionRect(module.bounds!(layer, SIZE), module.bounds!(next, SIZE))!;
  return { layer: next, rect };
}

describe('StackEvaluator', () => {
  it('a stroke into a sculpt layer re-composites only its rectangle through the local layers above, same bytes as from scratch', () => {
    const stack = localTopStack();
    const evaluator = new StackEvaluator(SIZE);
    expect(bytes(evaluator.evaluate(stack))).toEqual(scratch(stack));
    const index = indexOf(stack, 'sculpt');
    for (const [n, rect] of [
      { i0: 10, j0: 20, i1: 30, j1: 34 },
      { i0: 60, j0: 50, i1: 97, j1: 71 },
      { i0: 0, j0: 0, i1: 3, j1: 2 },
    ].entries()) {
      addSculptDeltas(stack[index] as SculptLayer, SIZE, rect, (i, j) => Math.sin(i * j + n) * 0.7);
      const out = evaluator.evaluateRect(stack, index, rect);
      expect(bytes(out)).toEqual(scratch(stack));
      expect(evaluator.stats).toMatchObject({ wholeLayers: 0, rectLayers: stack.length - index });
    }
  });

  it('moving a stamp and editing a polygon give the same bytes as from scratch', () => {
    const stack = localTopStack();
    const evaluator = new StackEvaluator(SIZE);
    evaluator.evaluate(stack);
    const s = indexOf(stack, 'stamp');
    for (const params of [
      { x: 30, z: 4 },
      { rotationDeg: 80, size: 25 },
      { blend: 'min' as const, height: -3 },
    ]) {
      const { layer, rect } = moved(stack[s] as StampLayer, params);
      stack[s] = layer;
      expect(bytes(evaluator.evaluateRect(stack, s, rect))).toEqual(scratch(stack));
      expect(evaluator.stats.wholeLayers).toBe(0);
    }
    const p = indexOf(stack, 'pad');
    const { layer, rect } = moved(stack[p] as FlattenLayer, {
      points: [
        [-20, -20],
        [0, -25],
        [5, 10],
      ],
      height: -2,
    });
    stack[p] = layer;
    expect(bytes(evaluator.evaluateRect(stack, p, rect))).toEqual(scratch(stack));
    expect(evaluator.stats.rectLayers).toBe(stack.length - p);
  });

  it('a local change below whole-map layers re-runs them whole, with the same bytes', () => {
    const stack = localTopStack();
    const evaluator = new StackEvaluator(SIZE);
    evaluator.evaluate(stack);
    const h = indexOf(stack, 'import');
    const heights = (stack[h] as HeightsLayer).heights.slice();
    const rect = { i0: 5, j0: 5, i1: 15, j1: 12 };
    for (let j = rect.j0; j < rect.j1; j++) for (let i = rect.i0; i < rect.i1; i++) heights[j * SIZE.width + i] += 6;
    stack[h] = { ...(stack[h] as HeightsLayer), heights };
    expect(bytes(evaluator.evaluateRect(stack, h, rect))).toEqual(scratch(stack));
    expect(evaluator.stats.wholeLayers).toBeGreaterThan(0);
  });

  it('re-runs from the first changed layer: a parameter, a toggle, a reorder, a removal', () => {
    const stack = localTopStack();
    const evaluator = new StackEvaluator(SIZE);
    evaluator.evaluate(stack);
    const e = indexOf(stack, 'erosion');
    const erosion = stack[e] as Extract<Layer, { kind: 'hydraulic' }>;
    stack[e] = { ...erosion, params: { ...erosion.params, seed: 11 } };
    expect(bytes(evaluator.evaluate(stack))).toEqual(scratch(stack));
    expect(evaluator.stats.wholeLayers).toBe(stack.length - e);
    stack[e] = { ...stack[e], enabled: false };
    expect(bytes(evaluator.evaluate(stack))).toEqual(scratch(stack));
    stack[e] = { ...stack[e], enabled: true };
    expect(bytes(evaluator.evaluate(stack))).toEqual(scratch(stack));
    const [smooth] = stack.splice(indexOf(stack, 'smooth'), 1);
    stack.push(smooth);
    expect(bytes(evaluator.evaluate(stack))).toEqual(scratch(stack));
    stack.splice(2, 1);
    expect(bytes(evaluator.evaluate(stack))).toEqual(scratch(stack));
    // Nothing changed: nothing re-runs.
    evaluator.evaluate(stack);
    expect(evaluator.stats.wholeLayers).toBe(0);
  });

  it('keeps results within its budget (besides the local layers at the top), recomputing evicted ones with the same bytes', () => {
    const stack = localTopStack();
    const map = SIZE.width * SIZE.depth * 4;
    // The top chain: the five local layers at the top and the normalise layer below them.
    const chain = stack.length - indexOf(stack, 'norm');
    const evaluator = new StackEvaluator(SIZE, 3 * map);
    expect(bytes(evaluator.evaluate(stack))).toEqual(scratch(stack));
    expect(evaluator.stats.cachedBytes).toBeLessThanOrEqual((3 + chain) * map);
    expect(evaluator.stats.cachedBytes).toBeLessThan(stack.length * map);
    // A stroke at the top still re-composites only its rectangle: nothing it needs was evicted.
    const index = indexOf(stack, 'sculpt');
    const rect = { i0: 40, j0: 30, i1: 50, j1: 40 };
    addSculptDeltas(stack[index] as SculptLayer, SIZE, rect, () => -1.5);
    expect(bytes(evaluator.evaluateRect(stack, index, rect))).toEqual(scratch(stack));
    expect(evaluator.stats.wholeLayers).toBe(0);
    const e = indexOf(stack, 'talus');
    stack[e] = { ...stack[e], opacity: 0.25 };
    expect(bytes(evaluator.evaluate(stack))).toEqual(scratch(stack));
    expect(evaluator.stats.cachedBytes).toBeLessThanOrEqual((3 + chain) * map);
    // With no room at all, evicted results below are recomputed when a layer needs its input.
    const tight = new StackEvaluator(SIZE, 0);
    tight.evaluate(stack);
    stack[e] = { ...stack[e], opacity: 0.75 };
    expect(bytes(tight.evaluate(stack))).toEqual(scratch(stack));
  });

  it('a cancelled run leaves nothing stale: the next run gives the right bytes', () => {
    const stack = localTopStack();
    const evaluator = new StackEvaluator(SIZE);
    evaluator.evaluate(stack);
    const e = indexOf(stack, 'erosion');
    stack[e] = { ...stack[e], opacity: 0.5 };
    let polls = 0;
    expect(evaluator.evaluate(stack, { shouldCancel: () => ++polls > 1 })).toBeNull();
    expect(bytes(evaluator.evaluate(stack))).toEqual(scratch(stack));
  });

  it('an empty stack or one with every layer disabled is flat ground', () => {
    const evaluator = new StackEvaluator(SIZE);
    expect(evaluator.evaluate([])!.every((h) => h === 0)).toBe(true);
    const disabled = everyKindStack().map((layer) => ({ ...layer, enabled: false }));
    expect(evaluator.evaluate(disabled)!.every((h) => h === 0)).toBe(true);
  });
});

/** Ten local layers above the whole-map ones: sculpt layers, stamps and pads, with slope and height masks. */
function manyLocalStack(): Layer[] {
  const stack = localTopStack();
  for (let n = 0; n < 5; n++) {
    const sculpt = sculptLayer(`sculpt-${n}`);
    if (n % 2 === 1) sculpt.mask = { kind: 'slope', minDeg: 2 + n, maxDeg: 40, softness: 3 };
    stack.push(sculpt);
  }
  stack.push({
    id: 'pad-2',
    name: 'Pad 2',
    enabled: true,
    opacity: 0.6,
    kind: 'flatten',
    params: {
      points: [
        [0, 0],
        [30, 5],
        [10, 25],
      ],
      height: 2,
      falloff: 6,
    },
    mask: { kind: 'slope', minDeg: 0, maxDeg: 25, softness: 2 },
  });
  return stack;
}

describe('StackEvaluator with many local layers at the top', () => {
  it("keeps two maps for them (the anchor's result and the composite), and every stroke at any depth gives the bytes from scratch", () => {
    const stack = manyLocalStack();
    const map = SIZE.width * SIZE.depth * 4;
    const anchor = topWholeMapLayer(stack);
    const locals = stack.length - 1 - anchor;
    expect(locals).toBeGreaterThanOrEqual(10);
    const evaluator = new StackEvaluator(SIZE, 0);
    expect(bytes(evaluator.evaluate(stack))).toEqual(scratch(stack));
    // With no budget, only the anchor's result and the composite of the layers above it stay.
    expect(evaluator.stats.cachedBytes).toBe(2 * map);
    const rects = [
      { i0: 10, j0: 20, i1: 30, j1: 34 },
      { i0: 60, j0: 50, i1: 97, j1: 71 },
      { i0: 0, j0: 0, i1: 3, j1: 2 },
      { i0: 40, j0: 30, i1: 41, j1: 31 },
    ];
    for (const [n, id] of ['sculpt', 'sculpt-0', 'sculpt-3', 'sculpt-4', 'sculpt-1'].entries()) {
      const index = indexOf(stack, id);
      const rect = rects[n % rects.length];
      addSculptDeltas(stack[index] as SculptLayer, SIZE, rect, (i, j) => Math.cos(i + j * n) * 0.9);
      expect(evaluator.canUpdateLocally(stack, index)).toBe(true);
      expect(bytes(evaluator.evaluateRect(stack, index, rect))).toEqual(scratch(stack));
      expect(evaluator.stats).toMatchObject({ wholeLayers: 0, rectLayers: stack.length - index, replayedLayers: index - anchor - 1, cachedBytes: 2 * map });
      // A stroke below the top composites through the scratch maps; the gesture's end lets them go,
      // and the next stroke makes them again (the bytes from scratch above, every time).
      expect(evaluator.scratchBytes).toBe(index < stack.length - 1 ? 2 * map : 0);
      evaluator.releaseScratch();
      expect(evaluator.scratchBytes).toBe(0);
    }
    // A stamp moved in the middle of them, then the input of a layer among them (composited again).
    const s = indexOf(stack, 'stamp');
    const { layer, rect } = moved(stack[s] as StampLayer, { x: -12, z: 14 });
    stack[s] = layer;
    expect(bytes(evaluator.evaluateRect(stack, s, rect))).toEqual(scratch(stack));
    const middle = indexOf(stack, 'sculpt-2');
    expect(bytes(evaluator.keptInput(stack, middle))).toEqual(scratch(stack.slice(0, middle)));
    // Hiding one of them and a change below the anchor: whole re-runs, same bytes, same memory.
    stack[middle] = { ...stack[middle], enabled: false };
    expect(bytes(evaluator.evaluate(stack))).toEqual(scratch(stack));
    stack[anchor] = { ...stack[anchor], opacity: 0.5 };
    expect(bytes(evaluator.evaluate(stack))).toEqual(scratch(stack));
    expect(evaluator.stats.cachedBytes).toBe(2 * map);
  });

  it('primed at a local layer (what a worker left), strokes above it are local and exact; below it they are not', () => {
    const stack = manyLocalStack();
    const primedAt = indexOf(stack, 'sculpt-1');
    const evaluator = new StackEvaluator(SIZE);
    evaluator.prime(stack, primedAt, evaluateStack(stack.slice(0, primedAt + 1), SIZE)!);
    const above = indexOf(stack, 'sculpt-3');
    expect(evaluator.canUpdateLocally(stack, above)).toBe(true);
    expect(evaluator.canUpdateLocally(stack, indexOf(stack, 'sculpt-0'))).toBe(false);
    const rect = { i0: 30, j0: 10, i1: 60, j1: 40 };
    addSculptDeltas(stack[above] as SculptLayer, SIZE, rect, (i) => i * 0.02);
    expect(bytes(evaluator.evaluateRect(stack, above, rect))).toEqual(scratch(stack));
    addSculptDeltas(stack[above] as SculptLayer, SIZE, rect, (i, j) => j * 0.01);
    expect(bytes(evaluator.evaluateRect(stack, above, rect))).toEqual(scratch(stack));
    expect(evaluator.stats.wholeLayers).toBe(0);
    expect(() => evaluator.prime(stack, indexOf(stack, 'erosion'), new Float32Array(SIZE.width * SIZE.depth))).toThrow(/whole-map layers above it/);
  });

  it("primed with the stack's heights too, the first stroke re-composites its rectangle only, exactly", () => {
    const stack = manyLocalStack();
    const { base, heights } = evaluateStackWithBase(stack, SIZE)!;
    const evaluator = new StackEvaluator(SIZE);
    evaluator.prime(stack, base!.index, base!.output, heights);
    expect(evaluator.evaluate(stack)).toBe(heights);
    const index = indexOf(stack, 'sculpt-2');
    const rect = { i0: 20, j0: 15, i1: 44, j1: 33 };
    addSculptDeltas(stack[index] as SculptLayer, SIZE, rect, (i, j) => (i + j) * 0.03);
    expect(bytes(evaluator.evaluateRect(stack, index, rect))).toEqual(scratch(stack));
    expect(evaluator.stats).toMatchObject({ wholeLayers: 0, rectLayers: stack.length - index });
    expect(() => evaluator.prime(stack, base!.index, base!.output, base!.output)).toThrow(/another array/);
  });

  it("primed without them, takes the stack's heights as its composite (adopted, not counted, nothing computed); a stroke writes into them exactly", () => {
    const stack = manyLocalStack();
    const { base, heights } = evaluateStackWithBase(stack, SIZE)!;
    const evaluator = new StackEvaluator(SIZE);
    evaluator.prime(stack, base!.index, base!.output);
    expect(evaluator.stats.cachedBytes).toBe(base!.output.byteLength);
    expect(() => evaluator.adopt(stack, base!.output)).toThrow(/anchor/);
    evaluator.adopt(stack, heights);
    // The document's array: held once, not counted as the evaluator's.
    expect(evaluator.stats.cachedBytes).toBe(base!.output.byteLength);
    expect(evaluator.writesTarget).toBe(true);
    expect(evaluator.evaluate(stack)).toBe(heights);
    expect(evaluator.stats.wholeLayers).toBe(0);
    const index = indexOf(stack, 'sculpt-2');
    const rect = { i0: 20, j0: 15, i1: 44, j1: 33 };
    addSculptDeltas(stack[index] as SculptLayer, SIZE, rect, (i, j) => (i + j) * 0.03);
    const record = recorder(heights);
    expect(evaluator.evaluateRect(stack, index, rect, { beforeWrite: record.touch })).toBe(heights);
    expect(bytes(heights)).toEqual(scratch(stack));
    expect(evaluator.stats).toMatchObject({ wholeLayers: 0, rectLayers: stack.length - index });
    // Told before each write: what it kept is what was there, and nothing changed outside it.
    record.expectCovers();
    expect(() => evaluator.adopt(stack, new Float32Array(3))).toThrow(/3 values/);
  });

  it('adopted heights over strokes, undo, redo, a toggle, a moved stamp, a change below the anchor: bytes as from scratch, rectangle-only if local', () => {
    const doc = { stack: manyLocalStack(), heights: evaluateStack(manyLocalStack(), SIZE)! };
    const evaluator = new StackEvaluator(SIZE, 0);
    evaluator.evaluate(doc.stack);
    const undo: { stack: Layer[]; record: ReturnType<typeof recorder> }[] = [];
    /** An edit as the editor makes one: adopted, then written straight into the heights, recorded. */
    const edit = (next: Layer[], index: number, rect: Rect | null) => {
      evaluator.adopt(doc.stack, doc.heights);
      const record = recorder(doc.heights);
      const out = rect ? evaluator.evaluateRect(next, index, rect, { beforeWrite: record.touch }) : evaluator.evaluate(next, { beforeWrite: record.touch });
      expect(out).toBe(doc.heights);
      record.expectCovers();
      undo.push({ stack: doc.stack, record });
      doc.stack = next;
      expect(bytes(doc.heights)).toEqual(scratch(doc.stack));
    };
    const stroke = (id: string, rect: Rect, n: number) => {
      const next = doc.stack.slice();
      const index = indexOf(next, id);
      const layer = next[index] as SculptLayer;
      next[index] = { ...layer, tiles: layer.tiles.map((tile) => ({ ...tile, deltas: tile.deltas.slice() })) };
      addSculptDeltas(next[index] as SculptLayer, SIZE, rect, (i, j) => Math.cos(i - j + n) * 0.4);
      edit(next, index, rect);
    };
    const back = () => {
      const last = undo.pop()!;
      last.record.restore();
      const redone = doc.stack;
      doc.stack = last.stack;
      expect(bytes(doc.heights)).toEqual(scratch(doc.stack));
      return { redone, record: last.record };
    };
    stroke('sculpt-1', { i0: 20, j0: 15, i1: 44, j1: 33 }, 0);
    expect(evaluator.stats.wholeLayers).toBe(0);
    stroke('sculpt-4', { i0: 70, j0: 60, i1: 90, j1: 80 }, 1);
    // Undo: the heights are the older stack's again; adopting them, the next stroke is rectangle-only.
    back();
    stroke('sculpt', { i0: 0, j0: 0, i1: 12, j1: 9 }, 2);
    expect(evaluator.stats.wholeLayers).toBe(0);
    // Undo and redo (the recorded heights swapped back in), then a stroke.
    const { redone, record } = back();
    record.reapply();
    doc.stack = redone;
    expect(bytes(doc.heights)).toEqual(scratch(doc.stack));
    stroke('sculpt-3', { i0: 40, j0: 40, i1: 52, j1: 47 }, 3);
    expect(evaluator.stats.wholeLayers).toBe(0);
    // A layer hidden: a whole re-composite, written only where it changes.
    const hidden = doc.stack.map((layer) => (layer.id === 'sculpt-2' ? { ...layer, enabled: false } : layer));
    edit(hidden, indexOf(hidden, 'sculpt-2'), null);
    // A stamp moved.
    const s = indexOf(doc.stack, 'ridge');
    const stamp = moved(doc.stack[s] as StampLayer, { x: 12, z: -9 });
    const withStamp = doc.stack.slice();
    withStamp[s] = stamp.layer;
    edit(withStamp, s, stamp.rect);
    expect(evaluator.stats.wholeLayers).toBe(0);
    // A change below the anchor (a Run): the whole-map layers run again, the heights written exactly.
    const run = doc.stack.slice();
    const faults = run[0] as Extract<Layer, { kind: 'faults' }>;
    run[0] = { ...faults, params: { ...faults.params, seed: 9 } };
    edit(run, 0, null);
    stroke('sculpt-0', { i0: 10, j0: 30, i1: 30, j1: 50 }, 4);
    expect(evaluator.stats.wholeLayers).toBe(0);
    // Undo everything, the Run included: adopting the older stack's heights, strokes are exact again.
    while (undo.length > 1) back();
    stroke('sculpt-1', { i0: 50, j0: 5, i1: 70, j1: 25 }, 5);
    expect(bytes(doc.heights)).toEqual(scratch(doc.stack));
  });

  it('a whole re-composite into the adopted heights writes (and tells) only the blocks that change', () => {
    const stack = manyLocalStack();
    const heights = evaluateStack(stack, SIZE)!;
    const evaluator = new StackEvaluator(SIZE);
    evaluator.evaluate(stack);
    evaluator.adopt(stack, heights);
    // A small pad hidden: its blocks change, the rest of the map not.
    const hidden = stack.map((layer) => (layer.id === 'pad-2' ? { ...layer, enabled: false } : layer));
    const record = recorder(heights);
    expect(evaluator.evaluate(hidden, { beforeWrite: record.touch })).toBe(heights);
    expect(bytes(heights)).toEqual(scratch(hidden));
    record.expectCovers();
    expect(record.rects.length).toBeGreaterThan(0);
    const blocks = Math.ceil(SIZE.width / TARGET_BLOCK) * Math.ceil(SIZE.depth / TARGET_BLOCK);
    expect(record.rects.length).toBeLessThan(blocks);
    expect(evaluator.stats.changedRect).not.toBeNull();
    // Shown again with nothing else changed: the same bytes back.
    evaluator.evaluate(stack, { beforeWrite: record.touch });
    expect(bytes(heights)).toEqual(scratch(stack));
  });

  it('detached, it composites into an array of its own and never writes the heights it adopted', () => {
    const stack = manyLocalStack();
    const heights = evaluateStack(stack, SIZE)!;
    const before = heights.slice();
    const evaluator = new StackEvaluator(SIZE);
    evaluator.evaluate(stack);
    evaluator.adopt(stack, heights);
    evaluator.detach();
    expect(evaluator.writesTarget).toBe(false);
    const index = indexOf(stack, 'sculpt-3');
    const rect = { i0: 30, j0: 20, i1: 45, j1: 35 };
    addSculptDeltas(stack[index] as SculptLayer, SIZE, rect, (i) => i * 0.05);
    let told = 0;
    const out = evaluator.evaluateRect(stack, index, rect, { beforeWrite: () => told++ })!;
    expect(out).not.toBe(heights);
    expect(bytes(out)).toEqual(scratch(stack));
    expect(bytes(heights)).toEqual(bytes(before));
    expect(told).toBe(0);
  });

  it('a stack of local layers only (no anchor: flat ground below), adopted by a new evaluator: the first stroke is rectangle-only and exact', () => {
    const stack: Layer[] = [
      sculptLayer('a'),
      {
        id: 'pad',
        name: 'Pad',
        enabled: true,
        opacity: 1,
        kind: 'flatten',
        params: {
          points: [
            [-20, -20],
            [10, -25],
            [5, 15],
          ],
          height: 3,
          falloff: 5,
        },
      },
      sculptLayer('b'),
    ];
    const heights = evaluateStack(stack, SIZE)!;
    const evaluator = new StackEvaluator(SIZE);
    evaluator.adopt(stack, heights);
    expect(evaluator.stats.cachedBytes).toBe(0);
    expect(evaluator.canUpdateLocally(stack, 0)).toBe(true);
    const rect = { i0: 30, j0: 40, i1: 50, j1: 61 };
    addSculptDeltas(stack[0] as SculptLayer, SIZE, rect, (i, j) => ((i * j) % 7) * 0.1);
    expect(evaluator.evaluateRect(stack, 0, rect)).toBe(heights);
    expect(bytes(heights)).toEqual(scratch(stack));
    expect(evaluator.stats).toMatchObject({ wholeLayers: 0, rectLayers: 3 });
  });

  it('adopting the heights of a stack with whole-map layers it never evaluated: nothing is taken as its composite; evaluating writes them exactly', () => {
    const stack = manyLocalStack();
    const heights = evaluateStack(stack, SIZE)!;
    const evaluator = new StackEvaluator(SIZE);
    evaluator.adopt(stack, heights);
    expect(evaluator.writesTarget).toBe(false);
    expect(evaluator.canUpdateLocally(stack, indexOf(stack, 'sculpt-1'))).toBe(false);
    const changed = stack.slice();
    changed[indexOf(changed, 'smooth')] = { ...changed[indexOf(changed, 'smooth')], opacity: 0.3 };
    expect(evaluator.evaluate(changed)).toBe(heights);
    expect(bytes(heights)).toEqual(scratch(changed));
  });
});

/**
 * What an undo record does with `beforeWrite`: keeps each rectangle's values before it is written;
 * checks that nothing changed outside them; puts them back (undo) and the later values again (redo).
 */
function recorder(heights: Float32Array) {
  const { width } = SIZE;
  const original = heights.slice();
  const rects: Rect[] = [];
  const kept: Float32Array[] = [];
  let after: Float32Array | null = null;
  const inside = (i: number, j: number) => rects.some((r) => i >= r.i0 && i < r.i1 && j >= r.j0 && j < r.j1);
  return {
    rects,
    touch: (rect: Rect) => {
      rects.push({ ...rect });
      const values = new Float32Array((rect.i1 - rect.i0) * (rect.j1 - rect.j0));
      for (let j = rect.j0; j < rect.j1; j++) values.set(heights.subarray(j * width + rect.i0, j * width + rect.i1), (j - rect.j0) * (rect.i1 - rect.i0));
      kept.push(values);
    },
    expectCovers: () => {
      let outside = 0;
      for (let j = 0; j < SIZE.depth; j++)
        for (let i = 0; i < width; i++) if (!Object.is(heights[j * width + i], original[j * width + i]) && !inside(i, j)) outside++;
      expect(outside).toBe(0);
    },
    restore: () => {
      after = heights.slice();
      for (let n = rects.length - 1; n >= 0; n--) {
        const r = rects[n];
        for (let j = r.j0; j < r.j1; j++) heights.set(kept[n].subarray((j - r.j0) * (r.i1 - r.i0), (j - r.j0 + 1) * (r.i1 - r.i0)), j * width + r.i0);
      }
      expect(bytes(heights)).toEqual(bytes(original));
    },
    reapply: () => {
      if (after) heights.set(after);
    },
  };
}

describe("StackEvaluator from a worker's result", () => {
  it("evaluateStackWithBase gives evaluateStack's bytes and the topmost whole-map layer's result", () => {
    const stack = localTopStack();
    const evaluated = evaluateStackWithBase(stack, SIZE)!;
    expect(bytes(evaluated.heights)).toEqual(scratch(stack));
    const baseIndex = topWholeMapLayer(stack);
    expect(baseIndex).toBeGreaterThanOrEqual(0);
    expect(evaluated.base?.index).toBe(baseIndex);
    expect(bytes(evaluated.base!.output)).toEqual(scratch(stack.slice(0, baseIndex + 1)));
  });

  it('primed with that result, a stroke above it is local and exact; one below it is not local', () => {
    const stack = localTopStack();
    const { base } = evaluateStackWithBase(stack, SIZE)!;
    const evaluator = new StackEvaluator(SIZE);
    evaluator.prime(stack, base!.index, base!.output);
    const sculpt = indexOf(stack, 'sculpt');
    expect(sculpt).toBeGreaterThan(base!.index);
    expect(evaluator.canUpdateLocally(stack, sculpt)).toBe(true);
    expect(evaluator.canUpdateLocally(stack, base!.index)).toBe(false);
    const rect = { i0: 5, j0: 6, i1: 40, j1: 30 };
    addSculptDeltas(stack[sculpt] as SculptLayer, SIZE, rect, (i, j) => (i - j) * 0.01);
    expect(bytes(evaluator.evaluateRect(stack, sculpt, rect))).toEqual(scratch(stack));
    expect(evaluator.stats.wholeLayers).toBe(stack.length - 1 - base!.index);
    // A layer below the base that changed is not a local update.
    const changed = stack.slice();
    changed[0] = { ...changed[0], opacity: 0.5 };
    expect(evaluator.canUpdateLocally(changed, sculpt)).toBe(false);
  });

  describe("the anchor's result backed by the adopted heights", () => {
    // 257 × 193 vertices: 5 × 4 blocks of 64² (the last column and row of blocks partial).
    const size: LayerSize = { width: 257, depth: 193, cellSize: 2 };
    const scratchOf = (stack: Layer[]) => bytes(evaluateStack(stack, size));
    function backedStack(): Layer[] {
      const heights = new Float32Array(size.width * size.depth);
      for (let v = 0; v < heights.length; v++) heights[v] = Math.sin(v * 0.011) * 5;
      const sculpt: SculptLayer = { id: 'sculpt', name: 'Sculpt', enabled: true, opacity: 1, kind: 'sculpt', params: {}, tiles: [] };
      // Non-zero at every vertex of the rectangle, which lies inside block (1, 0) alone.
      addSculptDeltas(sculpt, size, { i0: 70, j0: 10, i1: 100, j1: 40 }, (i) => 1 + 0.01 * i);
      return [
        { id: 'import', name: 'Imported', enabled: true, opacity: 1, kind: 'heights', params: {}, heights } as HeightsLayer,
        { id: 'smooth', name: 'Smooth', enabled: true, opacity: 1, kind: 'smooth', params: { k: 0.3 } },
        sculpt,
      ];
    }
    function adopted(stack: Layer[]): { evaluator: StackEvaluator; heights: Float32Array } {
      const { base, heights } = evaluateStackWithBase(stack, size)!;
      const evaluator = new StackEvaluator(size);
      evaluator.prime(stack, base!.index, base!.output);
      evaluator.adopt(stack, heights);
      return { evaluator, heights };
    }

    it('holds only the blocks where the local layers above make it differ; strokes elsewhere take theirs back, same bytes as from scratch', () => {
      const stack = backedStack();
      const { evaluator, heights } = adopted(stack);
      expect(evaluator.anchorBlocksHeld).toBe(1);
      const sculpt = stack[2] as SculptLayer;
      // A stroke in block (3, 2), then one across blocks (0, 1) and (1, 1).
      for (const [rect, held] of [
        [{ i0: 200, j0: 150, i1: 230, j1: 180 }, 2],
        [{ i0: 40, j0: 70, i1: 90, j1: 100 }, 4],
      ] as const) {
        addSculptDeltas(sculpt, size, rect, (i, j) => Math.cos(i * 0.3 + j) * 2);
        expect(evaluator.evaluateRect(stack, 2, rect)).toBe(heights);
        expect(bytes(heights)).toEqual(scratchOf(stack));
        expect(evaluator.stats).toMatchObject({ wholeLayers: 0, rectLayers: 1 });
        expect(evaluator.anchorBlocksHeld).toBe(held);
      }
      // A toggle re-composites the whole map from the anchor's result: still exact, then backed again.
      stack[2] = { ...sculpt, enabled: false };
      expect(bytes(evaluator.evaluate(stack))).toEqual(scratchOf(stack));
      stack[2] = { ...sculpt, enabled: true };
      expect(bytes(evaluator.evaluate(stack))).toEqual(scratchOf(stack));
      expect(evaluator.anchorBlocksHeld).toBe(4);
    });

    it("gives its layer's result to a reader whole (the layers below's bytes) and stays backed", () => {
      const stack = backedStack();
      const { evaluator } = adopted(stack);
      expect(bytes(evaluator.keptInput(stack, 2))).toEqual(bytes(evaluateStack(stack.slice(0, 2), size)));
      expect(evaluator.anchorBlocksHeld).toBe(1);
    });

    it('heights written without telling it: the next local update is refused rather than made from them', () => {
      const stack = backedStack();
      const { evaluator, heights } = adopted(stack);
      heights[5 * size.width + 5] += 1;
      const written = heights.slice();
      const rect = { i0: 2, j0: 2, i1: 12, j1: 12 };
      addSculptDeltas(stack[2] as SculptLayer, size, rect, () => 3);
      expect(evaluator.evaluateRect(stack, 2, rect)).toBeNull();
      expect(heights).toEqual(written);
      expect(evaluator.canUpdateLocally(stack, 2)).toBe(false);
      // From the layers below, which it still keeps, the stack's bytes again.
      expect(bytes(evaluator.evaluate(stack))).toEqual(scratchOf(stack));
    });

    it('a stack changed above it and written by another (a command on this thread): the next adoption finds it, updates go to a worker', () => {
      const stack = backedStack();
      const { evaluator, heights } = adopted(stack);
      const sculpt = stack[2] as SculptLayer;
      const next = [...stack];
      next[2] = { ...sculpt, tiles: sculpt.tiles.slice() };
      addSculptDeltas(next[2] as SculptLayer, size, { i0: 150, j0: 100, i1: 170, j1: 120 }, () => 2);
      heights.set(evaluateStack(next, size)!);
      evaluator.adopt(next, heights);
      expect(evaluator.canUpdateLocally(next, 2)).toBe(false);
      // Undone the same way (the heights written back, the stack the one before): still not from the lost blocks.
      heights.set(evaluateStack(stack, size)!);
      evaluator.adopt(stack, heights);
      expect(evaluator.canUpdateLocally(stack, 2)).toBe(false);
    });
  });
});
