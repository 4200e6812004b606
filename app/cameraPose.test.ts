import { describe, expect, it } from 'vitest';
import { createHeightfield } from '../shared/terrain/heightfield';
import { heightAt } from '../shared/terrain/surface';
import { clampAboveSurface, defaultCameraPose } from './cameraPose';

function bumpyField() {
  const field = createHeightfield(33, 17, 3);
  for (let k = 0; k < field.heights.length; k++) field.heights[k] = 10 * Math.sin(k * 0.37) + 20;
  return field;
}

describe('camera pose', () => {
  it('looks from +z toward −z, above every height, at the terrain centre', () => {
    const field = bumpyField();
    const pose = defaultCameraPose(field, 50, 1.5);
    expect(pose.position.x).toBe(0);
    expect(pose.position.z).toBeGreaterThan(0);
    expect(pose.target.z).toBe(0);
    expect(pose.position.y).toBeGreaterThan(30);
  });

  it('backs off further for a narrow viewport', () => {
    const field = bumpyField();
    const wide = defaultCameraPose(field, 50, 2);
    const narrow = defaultCameraPose(field, 50, 0.5);
    expect(narrow.position.z).toBeGreaterThan(wide.position.z);
  });

  it('lifts a camera below the surface to the clearance and leaves others alone', () => {
    const field = bumpyField();
    const below = { x: 7.3, y: -100, z: -4.1 };
    expect(clampAboveSurface(field, below, 2)).toBe(true);
    expect(below.y).toBeCloseTo(heightAt(field, 7.3, -4.1) + 2, 9);
    const above = { x: 7.3, y: 500, z: -4.1 };
    expect(clampAboveSurface(field, above, 2)).toBe(false);
    expect(above.y).toBe(500);
    const offMap = { x: 1e4, y: -100, z: 0 };
    expect(clampAboveSurface(field, offMap, 2)).toBe(false);
    expect(offMap.y).toBe(-100);
  });
});
