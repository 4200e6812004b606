import { describe, expect, it, vi } from 'vitest';
import { v, ValidationError } from './validate';

describe('validators', () => {
  it('string: type, length and pattern', () => {
    const name = v.string({ maxLength: 5, pattern: /^[a-z]+$/ });
    expect(name('abc')).toBe('abc');
    expect(() => name(3, 'name')).toThrow(/name: expected a string, got number/);
    expect(() => name('abcdef')).toThrow(/longer than 5/);
    expect(() => name('ABC')).toThrow(/does not match/);
    expect(() => v.string()('x'.repeat(4097))).toThrow(ValidationError);
  });

  it('number: finite, integer, bounds', () => {
    const count = v.number({ min: 1, max: 10, integer: true });
    expect(count(3)).toBe(3);
    for (const bad of [NaN, Infinity, -Infinity, '3', null, undefined]) expect(() => count(bad)).toThrow(ValidationError);
    expect(() => count(2.5)).toThrow(/an integer/);
    expect(() => count(0)).toThrow(/below 1/);
    expect(() => count(11)).toThrow(/above 10/);
    expect(v.number()(-0.5)).toBe(-0.5);
  });

  it('boolean and literal accept only their values', () => {
    expect(v.boolean()(false)).toBe(false);
    expect(() => v.boolean()(0)).toThrow(/a boolean/);
    const mode = v.literal('height', 'slope');
    expect(mode('slope')).toBe('slope');
    expect(() => mode('Slope')).toThrow(/one of height, slope/);
    expect(() => mode(undefined)).toThrow(ValidationError);
  });

  it('object: checks every key, rejects extras, non-objects and arrays', () => {
    const point = v.object({ x: v.number(), label: v.optional(v.string()) });
    expect(point({ x: 1 })).toEqual({ x: 1 });
    expect(point({ x: 1, label: 'a' })).toEqual({ x: 1, label: 'a' });
    expect(() => point({ x: 1, extra: true })).toThrow(/extra: unexpected property/);
    expect(() => point({ x: NaN })).toThrow(/x: expected a finite number/);
    expect(() => point({})).toThrow(/x: expected a finite number, got undefined/);
    expect(() => point(null)).toThrow(/expected an object, got null/);
    expect(() => point([1])).toThrow(/expected an object, got array/);
    expect(() => point({ x: 1, label: 5 })).toThrow(/label: expected a string/);
  });

  it('object: names the path of nested problems', () => {
    const outer = v.object({ view: v.object({ mode: v.literal('a') }) });
    expect(() => outer({ view: { mode: 'b' } }, 'settings')).toThrow(/settings\.view\.mode: expected one of a/);
    expect(() => outer({ view: { mode: 'a', more: 1 } })).toThrow(/view\.more: unexpected property/);
  });

  it('array: items and length limit', () => {
    const list = v.array(v.number(), 3);
    expect(list([1, 2])).toEqual([1, 2]);
    expect(() => list([1, 'x'], 'list')).toThrow(/list\[1\]: expected a finite number/);
    expect(() => list([1, 2, 3, 4])).toThrow(/more than 3 items/);
    expect(() => list({ length: 1 })).toThrow(/expected an array/);
  });

  it('bytes and none', () => {
    expect(v.bytes(4)(new Uint8Array(4)).byteLength).toBe(4);
    expect(() => v.bytes(4)(new Uint8Array(5))).toThrow(/more than 4 bytes/);
    expect(() => v.bytes(4)([1, 2])).toThrow(/bytes/);
    expect(() => v.bytes(4)(new Uint16Array(1))).toThrow(/bytes/);
    expect(v.none()(undefined)).toBeUndefined();
    expect(v.none()(null)).toBeUndefined();
    expect(() => v.none()(0)).toThrow(/expected nothing/);
  });

  it('object: refuses byte arrays, arrays and class instances before listing a single key', () => {
    const view = v.object({ colorMode: v.string() });
    const huge = new Uint8Array(64 * 1024 * 1024);
    const keys = vi.spyOn(Object, 'keys');
    try {
      expect(() => view(huge, 'view')).toThrow(/^view: expected an object, got Uint8Array$/);
      expect(() => view(new Float64Array(4))).toThrow(/got Float64Array/);
      expect(() => view(new DataView(new ArrayBuffer(8)))).toThrow(/got DataView/);
      expect(() => view(new ArrayBuffer(8))).toThrow(/got ArrayBuffer/);
      expect(() => view(new Array(1_000_000))).toThrow(/got array/);
      expect(() => view(new Map([['colorMode', 'x']]))).toThrow(/got Map/);
      expect(() => view(new Date(0))).toThrow(/got Date/);
      expect(keys).not.toHaveBeenCalled();
    } finally {
      keys.mockRestore();
    }
    // A record without a prototype is still a plain record.
    expect(view(Object.assign(Object.create(null) as object, { colorMode: 'a' }))).toEqual({ colorMode: 'a' });
  });

  it('object: keys found only on Object.prototype are unexpected, not silently accepted', () => {
    const view = v.object({ mode: v.optional(v.string()) });
    for (const key of ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__']) {
      const hostile = JSON.parse(`{"${key}": 1}`) as unknown;
      expect(() => view(hostile, 'view'), key).toThrow(new RegExp(`^view\\.${key}: unexpected property$`));
    }
    expect(() => view({ ['a\u0000b']: 1 })).toThrow(/a\\x00b: unexpected property/);
  });

  it('object: a record with many more keys than the shape is refused at its first unexpected key', () => {
    const view = v.object({ a: v.number() });
    const many: Record<string, number> = { a: 1 };
    for (let k = 0; k < 20_000; k++) many[`k${k}`] = k;
    expect(() => view(many)).toThrow(/^k0: unexpected property$/);
  });

  it('array: a hole is checked like any item (map() would skip it)', () => {
    const list = v.array(v.object({ id: v.string() }), 8);
    expect(() => list(new Array(1), 'filters')).toThrow(/^filters\[0\]: expected an object, got undefined$/);
    const sparse: unknown[] = [{ id: 'a' }];
    sparse[3] = { id: 'b' };
    expect(() => list(sparse, 'l')).toThrow(/l\[1\]: expected an object, got undefined/);
    expect(v.array(v.optional(v.number()))(new Array(2))).toEqual([undefined, undefined]);
    const huge: unknown[] = [];
    huge.length = 2 ** 32 - 1;
    expect(() => list(huge)).toThrow(/more than 8 items/);
  });
});
