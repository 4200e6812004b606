import { describe, expect, it } from 'vitest';
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
});
