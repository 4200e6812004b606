import { describe, expect, it } from 'vitest';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { heightAt } from '../../shared/terrain/surface';
import { FRAME_MARGIN, clampAboveSurface, defaultElevation, defaultCameraPose, terrainSamples, viewBasis, type CameraPose } from './cameraPose';

function bumpyField() {
  const field = createHeightfield(33, 17, 3);
  for (let k = 0; k < field.heights.length; k++) field.heights[k] = 10 * Math.sin(k * 0.37) + 20;
  return field;
}

describe('camera pose', () => {
  /** Where the camera draws a point: view coordinates in [−1, 1] across the width and height, and its depth. */
  function project(pose: CameraPose, p: { x: number; y: number; z: number }, fovY: number, aspect: number) {
    const f = { x: pose.target.x - pose.position.x, y: pose.target.y - pose.position.y, z: pose.target.z - pose.position.z };
    const length = Math.hypot(f.x, f.y, f.z);
    const forward = { x: f.x / length, y: f.y / length, z: f.z / length };
    // right = forward × (0, 1, 0); up = right × forward (as a three.js camera looking at the target).
    const rl = Math.hypot(forward.z, forward.x);
    const right = { x: -forward.z / rl, y: 0, z: forward.x / rl };
    const up = { x: right.y * forward.z - right.z * forward.y, y: right.z * forward.x - right.x * forward.z, z: right.x * forward.y - right.y * forward.x };
    const r = { x: p.x - pose.position.x, y: p.y - pose.position.y, z: p.z - pose.position.z };
    const dot = (a: typeof r, b: typeof r) => a.x * b.x + a.y * b.y + a.z * b.z;
    const depth = dot(r, forward);
    const t = Math.tan((fovY * Math.PI) / 360);
    return { x: dot(r, right) / (depth * t * aspect), y: dot(r, up) / (depth * t), depth };
  }

  it('frames the whole terrain so that it fills the view, whatever the viewport shape', () => {
    const field = bumpyField();
    for (const aspect of [0.5, 1, 1.6, 2.5]) {
      const pose = defaultCameraPose(field, 50, aspect);
      const points = terrainSamples(field).map((p) => project(pose, p, 50, aspect));
      expect(Math.min(...points.map((p) => p.depth))).toBeGreaterThan(0);
      const reach = Math.max(...points.map((p) => Math.max(Math.abs(p.x), Math.abs(p.y))));
      // Inside the margin everywhere, touching it somewhere: as large as the view allows.
      expect(reach).toBeLessThanOrEqual(FRAME_MARGIN + 1e-9);
      expect(reach).toBeGreaterThan(FRAME_MARGIN - 1e-6);
      // Centred on the terrain: the target is the samples' centroid.
      const samples = terrainSamples(field);
      expect(pose.target.x).toBeCloseTo(samples.reduce((sum, p) => sum + p.x, 0) / samples.length, 9);
      expect(pose.target.z).toBeCloseTo(samples.reduce((sum, p) => sum + p.z, 0) / samples.length, 9);
    }
  });

  it('looks from the south-south-east, 30° up, at every height of a large terrain too', () => {
    const field = createHeightfield(257, 129, 2);
    for (let k = 0; k < field.heights.length; k++) field.heights[k] = 40 * Math.sin(k * 0.013) * Math.cos(k * 0.0007);
    const pose = defaultCameraPose(field, 50, 1.6);
    const dx = pose.position.x - pose.target.x;
    const dz = pose.position.z - pose.target.z;
    const dy = pose.position.y - pose.target.y;
    expect(dz).toBeGreaterThan(0);
    expect(dx).toBeGreaterThan(0);
    expect((Math.atan2(dx, dz) * 180) / Math.PI).toBeCloseTo(30, 6);
    expect((Math.atan2(dy, Math.hypot(dx, dz)) * 180) / Math.PI).toBeCloseTo(30, 6);
    const { forward, right, up } = viewBasis(150, 30);
    expect(Math.hypot(forward.x, forward.y, forward.z)).toBeCloseTo(1, 12);
    expect(right.x * up.x + right.y * up.y + right.z * up.z).toBeCloseTo(0, 12);
    expect(up.y).toBeGreaterThan(0);
    // A tall view looks down more steeply, so that the terrain fills more of it.
    const tall = defaultCameraPose(field, 50, 0.7);
    const tallElevation = Math.atan2(tall.position.y - tall.target.y, Math.hypot(tall.position.x - tall.target.x, tall.position.z - tall.target.z));
    expect((tallElevation * 180) / Math.PI).toBeCloseTo(defaultElevation(0.7), 6);
    expect(defaultElevation(0.7)).toBeGreaterThan(40);
  });

  it('backs off further for a narrow viewport', () => {
    const field = bumpyField();
    const wide = defaultCameraPose(field, 50, 2);
    const narrow = defaultCameraPose(field, 50, 0.5);
    const distance = (p: CameraPose) => Math.hypot(p.position.x - p.target.x, p.position.y - p.target.y, p.position.z - p.target.z);
    expect(distance(narrow)).toBeGreaterThan(distance(wide));
  });

  it('lifts a camera below the surface to the clearance and leaves others alone', () => {
    const field = bumpyField();
    const below = { x: 7.3, y: -100, z: -4.1 };
    expect(clampAboveSurface(field, below, 2)).toBe(true);
    expect(below.y).toBeCloseTo(heightAt(field, 7.3, -4.1) + 2, 9);
    const above = { x: 7.3, y: 500, z: -4.1 };
    expect(clampAboveSurface(field, above, 2)).toBe(false);
    expect(above.y).toBe(500);
  });

  it('off the map keeps the camera above the nearest point of the map edge', () => {
    // A plane tilted along x: h = 40 + 0.5·x, so the edge x = 48 stands at 64 m and x = −48 at 16 m,
    // with z having no effect (every triangle of the surface lies in this plane).
    const field = createHeightfield(33, 17, 3);
    const half = 16 * 3;
    for (let j = 0; j < field.depth; j++) {
      for (let i = 0; i < field.width; i++) field.heights[j * field.width + i] = 40 + 0.5 * (i - 16) * 3;
    }
    const clearance = 2;
    // Beyond the high edge, below it: lifted to the edge's height plus the clearance.
    const beyondHigh = { x: half + 30, y: 50, z: 5.5 };
    expect(clampAboveSurface(field, beyondHigh, clearance)).toBe(true);
    expect(beyondHigh).toEqual({ x: half + 30, y: 64 + clearance, z: 5.5 });
    // Beyond a corner: the nearest boundary point is the corner (x = 48, z = −24), still 64 m.
    const beyondCorner = { x: half + 5, y: 0, z: -1000 };
    expect(clampAboveSurface(field, beyondCorner, clearance)).toBe(true);
    expect(beyondCorner.y).toBe(64 + clearance);
    // Beyond the high edge, above it: untouched.
    const aboveHigh = { x: half + 30, y: 70, z: 5.5 };
    expect(clampAboveSurface(field, aboveHigh, clearance)).toBe(false);
    expect(aboveHigh.y).toBe(70);
    // Beyond the low edge the floor is the low edge's 16 m, not the map's top.
    const beyondLow = { x: -half - 30, y: 17, z: 0 };
    expect(clampAboveSurface(field, beyondLow, clearance)).toBe(true);
    expect(beyondLow.y).toBe(16 + clearance);
    const aboveLow = { x: -half - 30, y: 30, z: 0 };
    expect(clampAboveSurface(field, aboveLow, clearance)).toBe(false);
    expect(aboveLow.y).toBe(30);
    // Over the map: as before, the surface right below (h(10) = 45).
    const overMap = { x: 10, y: 20, z: 3 };
    expect(clampAboveSurface(field, overMap, clearance)).toBe(true);
    expect(overMap.y).toBeCloseTo(45 + clearance, 9);
    // A position that is not a number is left alone.
    const lost = { x: Number.NaN, y: -5, z: 0 };
    expect(clampAboveSurface(field, lost, clearance)).toBe(false);
    expect(lost.y).toBe(-5);
  });
});
