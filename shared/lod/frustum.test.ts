import { describe, expect, it } from 'vitest';
import { boxIntersectsFrustum, perspectiveFrustum, type FrustumPlane } from './frustum';

const inside = (planes: readonly FrustumPlane[], p: { x: number; y: number; z: number }) =>
  planes.every((q) => q.nx * p.x + q.ny * p.y + q.nz * p.z + q.d >= 0);

describe('perspectiveFrustum', () => {
  // At the origin looking down −z, 90° vertical fov, square aspect: the side planes are at 45°.
  const planes = perspectiveFrustum({ x: 0, y: 0, z: 0 }, { x: 0, y: 0, z: -1 }, { x: 0, y: 1, z: 0 }, 90, 1, 1, 100);

  it('contains points in view and excludes those behind, beyond far or outside the field of view', () => {
    expect(inside(planes, { x: 0, y: 0, z: -10 })).toBe(true);
    expect(inside(planes, { x: 9, y: -9, z: -10 })).toBe(true);
    expect(inside(planes, { x: 11, y: 0, z: -10 })).toBe(false);
    expect(inside(planes, { x: 0, y: -11, z: -10 })).toBe(false);
    expect(inside(planes, { x: 0, y: 0, z: 5 })).toBe(false);
    expect(inside(planes, { x: 0, y: 0, z: -0.5 })).toBe(false);
    expect(inside(planes, { x: 0, y: 0, z: -101 })).toBe(false);
  });

  it('keeps a box that reaches into view and rejects one wholly outside', () => {
    expect(boxIntersectsFrustum(planes, 5, -1, -20, 40, 1, -10)).toBe(true);
    expect(boxIntersectsFrustum(planes, 25, -1, -20, 40, 1, -10)).toBe(false);
    expect(boxIntersectsFrustum(planes, -5, -5, 1, 5, 5, 10)).toBe(false);
  });
});
