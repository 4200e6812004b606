import { describe, expect, it } from 'vitest';
import { createRandom } from '../random';
import { heightAt } from '../terrain/surface';
import { chaseCamera, clampCameraAboveGround, firstTerrainHit, hoodCamera, resolveCameraOcclusion, walkEyePosition, WALK_EYE_HEIGHT } from './camera';
import { poseFromTerrain } from './pose';
import { fieldFrom } from './testFields';
import { vec3 } from './vec';

const random = createRandom(606);
const rough = fieldFrom(33, 33, 1.5, (x, z) => 4 * Math.sin(x * 0.25) * Math.cos(z * 0.2) + random.next() * 1.5);
const randomPoint = (spread: number, yLo: number, yHi: number) =>
  vec3((random.next() - 0.5) * spread, yLo + random.next() * (yHi - yLo), (random.next() - 0.5) * spread);
const clearanceOf = (p: { x: number; y: number; z: number }): number => p.y - heightAt(rough, p.x, p.z);

describe('clampCameraAboveGround and walk mode', () => {
  it('raises only cameras closer than the margin to the ground, and leaves cameras off the map alone', () => {
    for (let k = 0; k < 300; k++) {
      const p = randomPoint(46, -8, 10);
      const out = clampCameraAboveGround(rough, p, 0.4);
      expect(out.x).toBe(p.x);
      expect(out.z).toBe(p.z);
      if (clearanceOf(p) >= 0.4) expect(out.y).toBe(p.y);
      else expect(clearanceOf(out)).toBeCloseTo(0.4, 9);
    }
    const off = vec3(500, -100, 0);
    expect(clampCameraAboveGround(rough, off, 0.4)).toEqual(off);
  });

  it('keeps the walking eye 1.67 m above the exact surface, on the map', () => {
    expect(WALK_EYE_HEIGHT).toBe(1.67);
    for (let k = 0; k < 100; k++) {
      const p = randomPoint(46, 0, 0);
      expect(clearanceOf(walkEyePosition(rough, p.x, p.z))).toBeCloseTo(1.67, 9);
    }
    const edge = walkEyePosition(rough, 1000, 0);
    expect(edge.x).toBe(24);
    expect(clearanceOf(edge)).toBeCloseTo(1.67, 9);
  });
});

describe('firstTerrainHit', () => {
  it('agrees with dense marching on random segments', () => {
    const samples = 4000;
    let hits = 0;
    for (let k = 0; k < 150; k++) {
      const a = randomPoint(46, 4, 9);
      const b = randomPoint(46, -6, 9);
      const exact = firstTerrainHit(rough, a, b);
      let marched: number | undefined;
      let wasAbove = false;
      for (let s = 0; s <= samples; s++) {
        const t = s / samples;
        const c = clearanceOf(vec3(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, a.z + (b.z - a.z) * t));
        if (c < 0 && wasAbove) {
          marched = t;
          break;
        }
        if (c >= 0) wasAbove = true;
      }
      if (marched !== undefined) {
        hits++;
        expect(exact).toBeDefined();
        expect(exact!).toBeLessThanOrEqual(marched);
        expect(exact!).toBeGreaterThan(marched - 1.5 / samples);
      }
      if (exact !== undefined) {
        const at = vec3(a.x + (b.x - a.x) * exact, a.y + (b.y - a.y) * exact, a.z + (b.z - a.z) * exact);
        expect(Math.abs(clearanceOf(at))).toBeLessThan(1e-9);
      }
    }
    expect(hits).toBeGreaterThan(20);
  });

  it('finds a thin peak that half-cell marching would step over', () => {
    const spike = fieldFrom(17, 17, 1, (x) => (x === 0 ? 5 : 0));
    const from = vec3(-3.25, 4.9, 0.2);
    const to = vec3(3.25, 4.9, 0.2);
    for (let t = 0; t <= 1; t += 0.5 / 6.5) {
      expect(heightAt(spike, -3.25 + 6.5 * t, 0.2)).toBeLessThan(4.9); // every half-cell sample is clear
    }
    const hit = firstTerrainHit(spike, from, to);
    expect(hit).toBeDefined();
    expect(-3.25 + 6.5 * hit!).toBeCloseTo(-0.02, 9); // where 5 − 5|x| = 4.9
  });
});

describe('camera occlusion', () => {
  it('pulls an orbit camera in front of a hill between it and the target', () => {
    const hill = fieldFrom(65, 65, 1, (x) => Math.max(0, 10 - 2 * Math.abs(x - 5)));
    const target = vec3(-10, 2, 0);
    const camera = vec3(20, 3, 0);
    const out = resolveCameraOcclusion(hill, target, camera, 0.3);
    // The sight line y = 2 + (x + 10)/30 meets the near face y = 2x at x = 70/59; the camera ends 0.3 m
    // back along the sight line from there.
    expect(out.x).toBeCloseTo(70 / 59 - (0.3 * 30) / Math.hypot(30, 1), 9);
    expect(out.y).toBeCloseTo(2 + (out.x + 10) / 30, 9);
    expect(firstTerrainHit(hill, target, out)).toBeUndefined();
    expect(out.y - heightAt(hill, out.x, out.z)).toBeGreaterThanOrEqual(0.3 - 1e-9);
    const unobstructed = vec3(-20, 3, 0);
    expect(resolveCameraOcclusion(hill, target, unobstructed, 0.3)).toEqual(unobstructed);
  });

  it('keeps chase and hood cameras above the ground with a clear view of the car', () => {
    for (let k = 0; k < 200; k++) {
      const placement = { x: (random.next() - 0.5) * 36, z: (random.next() - 0.5) * 36, heading: random.next() * 7 };
      const pose = poseFromTerrain(rough, placement, { length: 4, width: 2 });
      const chase = chaseCamera(rough, pose, { distance: 8, height: 1, targetHeight: 1.2, margin: 0.3 });
      if (!Number.isNaN(heightAt(rough, chase.eye.x, chase.eye.z))) expect(clearanceOf(chase.eye)).toBeGreaterThanOrEqual(0.3 - 1e-9);
      if (clearanceOf(chase.target) > 0) expect(firstTerrainHit(rough, chase.target, chase.eye)).toBeUndefined();
      const hood = hoodCamera(rough, pose, 4);
      expect(clearanceOf(hood.eye)).toBeGreaterThanOrEqual(0.3 - 1e-9);
    }
  });

  it('rises over a bank behind the car instead of closing in on it, and closes in only when rising fails', () => {
    // Flat where the car is; a bank 4 m high starting 3 m behind it (the car faces +z).
    const bank = fieldFrom(65, 65, 1, (_x, z) => (z < -3 ? Math.min(4, (-3 - z) * 2) : 0));
    const pose = poseFromTerrain(bank, { x: 0, z: 0, heading: 0 }, { length: 4, width: 2 });
    const options = { distance: 8, height: 3, targetHeight: 1.2, margin: 0.3 };
    const view = chaseCamera(bank, pose, options);
    expect(view.eye.z).toBeCloseTo(-8, 9);
    expect(view.eye.y).toBeGreaterThan(pose.position.y + options.height);
    expect(firstTerrainHit(bank, view.target, view.eye)).toBeUndefined();
    // A wall far too high to look over: pulled in, still with a clear line and above the ground.
    const wall = fieldFrom(65, 65, 1, (_x, z) => (z < -3 ? Math.min(60, (-3 - z) * 30) : 0));
    const close = chaseCamera(wall, poseFromTerrain(wall, { x: 0, z: 0, heading: 0 }, { length: 4, width: 2 }), options);
    expect(close.eye.z).toBeGreaterThan(-8);
    expect(firstTerrainHit(wall, close.target, close.eye)).toBeUndefined();
    expect(close.eye.y - heightAt(wall, close.eye.x, close.eye.z)).toBeGreaterThanOrEqual(0.3 - 1e-9);
  });
});
