import { describe, expect, it } from 'vitest';
import { DRIVE_SHADOW_HALF_SPAN, propShadowFrame, propShadowHalfSpan, snapToShadowTexels } from './propShadowFrame';

/** Is `p` inside the square (x, z within `half` of its centre) with at least `margin` to spare? */
const inside = (frame: ReturnType<typeof propShadowFrame>, p: { x: number; z: number }, margin: number) =>
  Math.abs(p.x - frame.centre.x) <= frame.half - margin && Math.abs(p.z - frame.centre.z) <= frame.half - margin;

describe('the props’ shadow square', () => {
  it('orbiting: round the orbit target, 0.8 of the camera’s distance to it', () => {
    const frame = propShadowFrame({ x: 0, y: 60, z: 80 }, { x: 0, y: -0.6, z: -0.8 }, { x: 0, y: 0, z: 0 }, false);
    expect(frame.centre).toEqual({ x: 0, y: 0, z: 0 });
    expect(frame.half).toBe(80);
    expect(propShadowHalfSpan(5)).toBe(24);
    expect(propShadowHalfSpan(5000)).toBe(600);
  });

  it('driving: round the car, far from the orbit target, with the ground ahead of it in the square', () => {
    // The car at (1000, 20, −500) heading +x, the chase camera 7 m behind and 3 m up; the orbit target is elsewhere.
    const car = { x: 1000, y: 20, z: -500 };
    const eye = { x: 993, y: 23, z: -500 };
    const forward = { x: 0.92, y: -0.39, z: 0 };
    const frame = propShadowFrame(eye, forward, car, true);
    expect(frame.half).toBe(DRIVE_SHADOW_HALF_SPAN);
    expect(inside(frame, car, 10)).toBe(true);
    // 50 m ahead of the car is covered, and 10 m either side of its path.
    expect(inside(frame, { x: car.x + 50, z: car.z + 10 }, 0)).toBe(true);
    expect(inside(frame, { x: car.x + 50, z: car.z - 10 }, 0)).toBe(true);
    // The same square for the hood camera (eye on the car): the lead follows the view, not the eye's offset.
    const hood = propShadowFrame({ x: 1001, y: 21.2, z: -500 }, { x: 1, y: 0, z: 0 }, car, true);
    expect(hood.centre.x).toBeCloseTo(frame.centre.x, 6);
  });

  it('snaps the centre to whole texels across the sun’s view, moving it less than a texel', () => {
    const toSun = { x: 0.5, y: 0.7, z: -0.3 };
    const texel = 0.04;
    const a = snapToShadowTexels({ x: 10.013, y: 3.2, z: -7.77 }, toSun, texel);
    // Moved by at most half a texel along each of the two axes across the view.
    expect(Math.hypot(a.x - 10.013, a.y - 3.2, a.z + 7.77)).toBeLessThanOrEqual(texel * Math.SQRT1_2 + 1e-9);
    // Two centres 1.3 texels apart across the view snap to points a whole number of texels apart.
    const x = { x: -toSun.z / Math.hypot(toSun.x, toSun.z), z: toSun.x / Math.hypot(toSun.x, toSun.z) };
    // (x here is the light camera's right axis up × toSun, normalised: (z, 0, −x) up to sign.)
    const b = snapToShadowTexels({ x: 10.013 + 1.3 * texel * -x.x, y: 3.2, z: -7.77 + 1.3 * texel * -x.z }, toSun, texel);
    const apart = Math.hypot(b.x - a.x, b.y - a.y, b.z - a.z) / texel;
    expect(Math.abs(apart - Math.round(apart))).toBeLessThan(1e-6);
    // A sun straight overhead has no right axis from +y: the centre is left as it is.
    expect(snapToShadowTexels({ x: 1.234, y: 0, z: 5.678 }, { x: 0, y: 1, z: 0 }, texel)).toEqual({ x: 1.234, y: 0, z: 5.678 });
  });
});
