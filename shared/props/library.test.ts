import { describe, expect, it } from 'vitest';
import { findPropType, getPropType, maxTiltRadians, primitiveYRange, PROP_TYPES } from './library';

describe('prop library', () => {
  it('has at least six types with unique ids and sensible sizes', () => {
    expect(PROP_TYPES.length).toBeGreaterThanOrEqual(6);
    expect(new Set(PROP_TYPES.map((t) => t.id)).size).toBe(PROP_TYPES.length);
    for (const type of PROP_TYPES) {
      expect(type.label.length).toBeGreaterThan(0);
      expect(type.footprintRadius).toBeGreaterThan(0);
      expect(type.defaultSpacing).toBeGreaterThanOrEqual(type.footprintRadius);
      expect(type.maxTiltDeg).toBeGreaterThanOrEqual(0);
      expect(type.maxTiltDeg).toBeLessThanOrEqual(45);
      expect(type.shape.length).toBeGreaterThan(0);
    }
  });

  it('keeps trees and buildings upright and lets rocks tilt', () => {
    for (const id of ['conifer', 'broadleaf', 'house', 'fence-post']) expect(maxTiltRadians(getPropType(id))).toBe(0);
    expect(maxTiltRadians(getPropType('rock'))).toBeCloseTo((30 * Math.PI) / 180, 12);
  });

  it('puts every shape on its pivot: nothing floats above the ground, and it is mostly above it', () => {
    for (const type of PROP_TYPES) {
      const ranges = type.shape.map(primitiveYRange);
      const bottom = Math.min(...ranges.map((r) => r.minY));
      const top = Math.max(...ranges.map((r) => r.maxY));
      expect(bottom, type.id).toBeLessThanOrEqual(1e-12);
      expect(-bottom, type.id).toBeLessThan(0.5 * top);
      for (const p of type.shape) expect(p.colour, type.id).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it('names the known types when asked for an unknown one', () => {
    expect(findPropType('ufo')).toBeUndefined();
    expect(() => getPropType('ufo')).toThrow(/unknown prop type "ufo"; known types: conifer, /);
  });
});
