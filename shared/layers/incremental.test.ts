import { describe, expect, it } from 'vitest';
import { evaluateStack, evaluateStackWithBase, topWholeMapLayer } from './evaluate';
import { StackEvaluator } from './incremental';
import { addSculptDeltas, unionRect } from './kinds/sculpt';
import { kindOf } from './registry';
import { everyKindStack, sculptLayer, SIZE, stampImage } from './testing/stacks';
import type { FlattenLayer, HeightsLayer, Layer, Rect, SculptLayer, StampLayer } from './types';

const bytes = (a: Float32Array | null) => (a ? new Uint8Array(a.buffer, a.byteOffset, a.byteLength) : null);
const scratch = (stack: Layer[]) => bytes(evaluateStack(stack, SIZE));
const indexOf = (stack: Layer[], id: string) => stack.findIndex((layer) => layer.id === id);

/** A stack whose layers above the sculpt layer are all local, one of them with a slope mask. */
function localTopStack(): Layer[] {
  const stack = everyKindStack();
  stack.push({ id: 'ridge', name: 'Ridge', enabled: true, opacity: 0.8, kind: 'stamp', params: { x: 0, z: 0, rotationDeg: 45, size: 60, height: 4, blend: 'add', falloff: 0.5 }, image: stampImage(5), mask: { kind: 'slope', minDeg: 5, maxDeg: 30, softness: 4 } });
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
    for (const [n, rect] of [{ i0: 10, j0: 20, i1: 30, j1: 34 }, { i0: 60, j0: 50, i1: 97, j1: 71 }, { i0: 0, j0: 0, i1: 3, j1: 2 }].entries()) {
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
    for (const params of [{ x: 30, z: 4 }, { rotationDeg: 80, size: 25 }, { blend: 'min' as const, height: -3 }]) {
      const { layer, rect } = moved(stack[s] as StampLayer, params);
      stack[s] = layer;
      expect(bytes(evaluator.evaluateRect(stack, s, rect))).toEqual(scratch(stack));
      expect(evaluator.stats.wholeLayers).toBe(0);
    }
    const p = indexOf(stack, 'pad');
    const { layer, rect } = moved(stack[p] as FlattenLayer, { points: [[-20, -20], [0, -25], [5, 10]], height: -2 });
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
  stack.push({ id: 'pad-2', name: 'Pad 2', enabled: true, opacity: 0.6, kind: 'flatten', params: { points: [[0, 0], [30, 5], [10, 25]], height: 2, falloff: 6 }, mask: { kind: 'slope', minDeg: 0, maxDeg: 25, softness: 2 } });
  return stack;
}

describe('StackEvaluator with many local layers at the top', () => {
  it('keeps two maps for them (the anchor\'s result and the composite), and every stroke at any depth gives the bytes from scratch', () => {
    const stack = manyLocalStack();
    const map = SIZE.width * SIZE.depth * 4;
    const anchor = topWholeMapLayer(stack);
    const locals = stack.length - 1 - anchor;
    expect(locals).toBeGreaterThanOrEqual(10);
    const evaluator = new StackEvaluator(SIZE, 0);
    expect(bytes(evaluator.evaluate(stack))).toEqual(scratch(stack));
    // With no budget, only the anchor's result and the composite of the layers above it stay.
    expect(evaluator.stats.cachedBytes).toBe(2 * map);
    const rects = [{ i0: 10, j0: 20, i1: 30, j1: 34 }, { i0: 60, j0: 50, i1: 97, j1: 71 }, { i0: 0, j0: 0, i1: 3, j1: 2 }, { i0: 40, j0: 30, i1: 41, j1: 31 }];
    for (const [n, id] of ['sculpt', 'sculpt-0', 'sculpt-3', 'sculpt-4', 'sculpt-1'].entries()) {
      const index = indexOf(stack, id);
      const rect = rects[n % rects.length];
      addSculptDeltas(stack[index] as SculptLayer, SIZE, rect, (i, j) => Math.cos(i + j * n) * 0.9);
      expect(evaluator.canUpdateLocally(stack, index)).toBe(true);
      expect(bytes(evaluator.evaluateRect(stack, index, rect))).toEqual(scratch(stack));
      expect(evaluator.stats).toMatchObject({ wholeLayers: 0, rectLayers: stack.length - index, replayedLayers: index - anchor - 1, cachedBytes: 2 * map });
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

  it('primed with the stack\'s heights too, the first stroke re-composites its rectangle only, exactly', () => {
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

  it('primed without them, holds the anchor\'s result alone until the stack\'s heights are adopted; then the first stroke is rectangle-only and exact', () => {
    const stack = manyLocalStack();
    const { base, heights } = evaluateStackWithBase(stack, SIZE)!;
    const evaluator = new StackEvaluator(SIZE);
    evaluator.prime(stack, base!.index, base!.output);
    expect(evaluator.stats.cachedBytes).toBe(base!.output.byteLength);
    let made = 0;
    expect(evaluator.adoptTop(() => (made++, heights.slice()))).toBe(true);
    expect(made).toBe(1);
    expect(evaluator.stats.cachedBytes).toBe(2 * base!.output.byteLength);
    // Kept already: not taken again, and no copy made.
    expect(evaluator.adoptTop(() => (made++, heights.slice()))).toBe(false);
    expect(made).toBe(1);
    const index = indexOf(stack, 'sculpt-2');
    const rect = { i0: 20, j0: 15, i1: 44, j1: 33 };
    addSculptDeltas(stack[index] as SculptLayer, SIZE, rect, (i, j) => (i + j) * 0.03);
    expect(bytes(evaluator.evaluateRect(stack, index, rect))).toEqual(scratch(stack));
    expect(evaluator.stats).toMatchObject({ wholeLayers: 0, rectLayers: stack.length - index });
    // Nothing to adopt for: no anchor yet, or no local layer above it.
    expect(new StackEvaluator(SIZE).adoptTop(() => heights.slice())).toBe(false);
    const anchored = new StackEvaluator(SIZE);
    const below = stack.slice(0, base!.index + 1);
    anchored.prime(below, base!.index, base!.output);
    expect(anchored.adoptTop(() => heights.slice())).toBe(false);
  });

  it('lets the composite go at rest and takes the stack\'s heights back: strokes, a toggle and a stamp moved stay exact and rectangle-only', () => {
    const stack = manyLocalStack();
    const map = SIZE.width * SIZE.depth * 4;
    const evaluator = new StackEvaluator(SIZE, 0);
    let heights = evaluator.evaluate(stack)!.slice();
    expect(evaluator.holds(stack)).toBe(true);
    expect(evaluator.holds(stack.slice(1))).toBe(false);
    const strokes: [string, Rect][] = [['sculpt-1', { i0: 20, j0: 15, i1: 44, j1: 33 }], ['sculpt-4', { i0: 70, j0: 60, i1: 90, j1: 80 }], ['sculpt', { i0: 0, j0: 0, i1: 12, j1: 9 }]];
    for (const [n, [id, rect]] of strokes.entries()) {
      // At rest: the anchor's result alone.
      expect(evaluator.releaseTop()).toBe(true);
      expect(evaluator.stats.cachedBytes).toBe(map);
      expect(evaluator.releaseTop()).toBe(false);
      // Nothing kept to update from: a stroke now would composite every layer above the anchor.
      const index = indexOf(stack, id);
      expect(evaluator.adoptTop(() => heights.slice())).toBe(true);
      expect(evaluator.stats.cachedBytes).toBe(2 * map);
      addSculptDeltas(stack[index] as SculptLayer, SIZE, rect, (i, j) => Math.cos(i - j + n) * 0.4);
      heights = evaluator.evaluateRect(stack, index, rect)!.slice();
      expect(bytes(heights)).toEqual(scratch(stack));
      expect(evaluator.stats).toMatchObject({ wholeLayers: 0 });
    }
    // Not taken back: a stroke composites every layer above the anchor whole, still exactly.
    evaluator.releaseTop();
    const last = indexOf(stack, 'sculpt-3');
    const rect = { i0: 40, j0: 40, i1: 52, j1: 47 };
    addSculptDeltas(stack[last] as SculptLayer, SIZE, rect, (i) => i * 0.01);
    heights = evaluator.evaluateRect(stack, last, rect)!.slice();
    expect(bytes(heights)).toEqual(scratch(stack));
    expect(evaluator.stats.wholeLayers).toBe(stack.length - 1 - topWholeMapLayer(stack));
    // A layer hidden after a release (the chain re-composites whole from the anchor's result).
    evaluator.releaseTop();
    expect(evaluator.adoptTop(() => heights.slice())).toBe(true);
    const hidden = stack.map((layer) => (layer.id === 'sculpt-2' ? { ...layer, enabled: false } : layer));
    heights = evaluator.evaluate(hidden)!.slice();
    expect(bytes(heights)).toEqual(scratch(hidden));
    // A stamp moved after a release.
    evaluator.releaseTop();
    expect(evaluator.holds(hidden)).toBe(true);
    expect(evaluator.adoptTop(() => heights.slice())).toBe(true);
    const s = indexOf(hidden, 'ridge');
    const stamp = moved(hidden[s] as StampLayer, { x: 12, z: -9 });
    hidden[s] = stamp.layer;
    expect(bytes(evaluator.evaluateRect(hidden, s, stamp.rect))).toEqual(scratch(hidden));
    expect(evaluator.stats.wholeLayers).toBe(0);
  });

  it('a stack of local layers only (no anchor: flat ground below) takes its heights back too', () => {
    const stack: Layer[] = [sculptLayer('a'), { id: 'pad', name: 'Pad', enabled: true, opacity: 1, kind: 'flatten', params: { points: [[-20, -20], [10, -25], [5, 15]], height: 3, falloff: 5 } }, sculptLayer('b')];
    const evaluator = new StackEvaluator(SIZE);
    const heights = evaluator.evaluate(stack)!.slice();
    expect(evaluator.releaseTop()).toBe(true);
    expect(evaluator.stats.cachedBytes).toBe(0);
    expect(evaluator.adoptTop(() => heights.slice())).toBe(true);
    const rect = { i0: 30, j0: 40, i1: 50, j1: 61 };
    addSculptDeltas(stack[0] as SculptLayer, SIZE, rect, (i, j) => (i * j) % 7 * 0.1);
    expect(bytes(evaluator.evaluateRect(stack, 0, rect))).toEqual(scratch(stack));
    expect(evaluator.stats).toMatchObject({ wholeLayers: 0, rectLayers: 3 });
  });
});

describe('StackEvaluator from a worker\'s result', () => {
  it('evaluateStackWithBase gives evaluateStack\'s bytes and the topmost whole-map layer\'s result', () => {
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
});
