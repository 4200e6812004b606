import { describe, expect, it } from 'vitest';
import { bakeDefaultTerrain, defaultDocumentFromBaked } from './bakedTerrain';
import { createDefaultDocument, defaultDocumentOf } from './document';

const bytesOf = (values: Float32Array): Uint8Array => new Uint8Array(values.buffer, values.byteOffset, values.byteLength);

/** The first index where the bytes differ, -1 when none do (a deep equal of 66 049 elements is slow). */
function firstDifference(a: Uint8Array | undefined, b: Uint8Array | undefined): number {
  if (!a || !b) return a === b ? -1 : 0;
  if (a.length !== b.length) return Math.min(a.length, b.length);
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return -1;
}

describe('the baked default terrain', () => {
  const evaluated = createDefaultDocument();
  const baked = bakeDefaultTerrain();

  it('gives the evaluated default document bit for bit: heights, erosion cover, stack', () => {
    const doc = defaultDocumentFromBaked(baked);
    expect(doc.field.width).toBe(evaluated.field.width);
    expect(doc.field.depth).toBe(evaluated.field.depth);
    expect(doc.field.cellSize).toBe(evaluated.field.cellSize);
    expect(firstDifference(bytesOf(doc.field.heights), bytesOf(evaluated.field.heights))).toBe(-1);
    expect(evaluated.erosionMasks).not.toBeNull();
    expect(firstDifference(doc.erosionMasks?.flow, evaluated.erosionMasks?.flow)).toBe(-1);
    expect(firstDifference(doc.erosionMasks?.deposition, evaluated.erosionMasks?.deposition)).toBe(-1);
    expect(doc.stack).toEqual(evaluated.stack);
    expect(doc.props).toEqual([]);
  });

  it('survives the bundle: JSON text in, the same document out', () => {
    const doc = defaultDocumentFromBaked(JSON.parse(JSON.stringify(baked)));
    expect(firstDifference(bytesOf(doc.field.heights), bytesOf(evaluated.field.heights))).toBe(-1);
  });

  it('evaluates the default terrain when the baked one is missing, broken or of another size', () => {
    const cases = [
      undefined,
      null,
      { ...baked, heights: baked.heights.slice(0, 400) },
      { ...baked, heights: '%%% not base64 %%%' },
      { ...baked, flow: null, deposition: null },
      { ...baked, deposition: baked.deposition?.slice(0, 100) ?? null },
      bakeDefaultTerrain(65),
    ];
    for (const broken of cases) {
      const doc = defaultDocumentFromBaked(broken);
      expect(doc.field.width).toBe(257);
      expect(firstDifference(bytesOf(doc.field.heights), bytesOf(evaluated.field.heights))).toBe(-1);
      expect(firstDifference(doc.erosionMasks?.flow, evaluated.erosionMasks?.flow)).toBe(-1);
    }
  });

  it('builds the default document only over heights and cover of its size', () => {
    const heights = evaluated.field.heights;
    expect(defaultDocumentOf(257, heights.subarray(1), evaluated.erosionMasks)).toBeNull();
    expect(defaultDocumentOf(257, heights, null)).toBeNull();
    expect(defaultDocumentOf(257, heights, evaluated.erosionMasks)?.field.heights).toBe(heights);
  });
});
