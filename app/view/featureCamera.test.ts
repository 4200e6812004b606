import { describe, expect, it } from 'vitest';
import { createHeightfield, vertexX, type Heightfield } from '../../shared/terrain/heightfield';
import { heightAt } from '../../shared/terrain/surface';
import { viewBasis, type Vec3Like } from './cameraPose';
import { FEATURE_MIN_ELEVATION, featureCameraPose, viewOf } from './featureCamera';

const CELL = 2;

/** A valley along z with a river at x = 0 and, with `ridge`, a ridge `ridge` m high along x = −40 m. */
function valley(ridge: number): Heightfield {
  const field = createHeightfield(129, 129, CELL);
  for (let j = 0; j < field.depth; j++) {
    for (let i = 0; i < field.width; i++) {
      const x = vertexX(field, i);
      field.heights[j * field.width + i] = 0.2 * Math.abs(x) + ridge * Math.exp(-(((x + 40) / 8) ** 2));
    }
  }
  return field;
}

/** The river: points on its water, 5 cm over its bed, every 10 m along it. */
const river: Vec3Like[] = Array.from({ length: 21 }, (_, k) => ({ x: 0, y: 0.05, z: -100 + 10 * k }));

/**
 * Whether the line from `eye` to `p` stays above the surface until one cell (across the ground) from p: marched
 * here at a fortieth of a cell over its whole length, apart from the module's own test.
 */
function seesFinely(field: Heightfield, eye: Vec3Like, p: Vec3Like): boolean {
  const flat = Math.hypot(p.x - eye.x, p.z - eye.z);
  const steps = Math.ceil((flat / CELL) * 40);
  for (let s = 0; s <= steps; s++) {
    const t = s / steps;
    if (flat * (1 - t) < CELL) break;
    const x = eye.x + (p.x - eye.x) * t;
    const z = eye.z + (p.z - eye.z) * t;
    const ground = heightAt(field, x, z);
    if (ground > eye.y + (p.y - eye.y) * t) return false;
  }
  return true;
}

/** The camera `distance` from the origin on a bearing and elevation (as viewBasis places it). */
function cameraAt(bearingDeg: number, elevationDeg: number, distance: number): Vec3Like {
  const { forward } = viewBasis(bearingDeg, elevationDeg);
  return { x: -forward.x * distance, y: -forward.y * distance, z: -forward.z * distance };
}

describe('the camera that frames a selected river or lake', () => {
  it('reads a camera’s bearing and elevation back', () => {
    const view = viewOf(cameraAt(250, 33, 120), { x: 0, y: 0, z: 0 });
    expect(((view.bearingDeg % 360) + 360) % 360).toBeCloseTo(250, 9);
    expect(view.elevationDeg).toBeCloseTo(33, 9);
  });

  it('raises a low camera behind a ridge until every point of the river is seen, keeping its bearing', () => {
    const field = valley(60);
    const target = { x: 0, y: 0, z: 0 };
    // From the west, 25° up, 150 m off: the ridge hides the river (the test's own march says so).
    const low = cameraAt(270, 25, 150);
    expect(river.filter((p) => seesFinely(field, low, p)).length).toBeLessThan(river.length / 2);
    const pose = featureCameraPose(field, target, river, viewOf(low, target), 150);
    expect(pose.seen).toBe(river.length);
    for (const p of river) expect(seesFinely(field, pose.position, p), `${p.z}`).toBe(true);
    const chosen = viewOf(pose.position, pose.target);
    expect(((chosen.bearingDeg % 360) + 360) % 360).toBeCloseTo(270, 6);
    // Raised no more than the ridge asks: over its crest (60 m, 40 m off the river) the line must climb
    // 60 m in 40 m across, about 56°; the steps are 5° and the ridge's shoulders ask a little more.
    expect(chosen.elevationDeg).toBeGreaterThan(55);
    expect(chosen.elevationDeg).toBeLessThanOrEqual(70 + 1e-9);
    expect(Math.hypot(pose.position.x, pose.position.y, pose.position.z)).toBeCloseTo(150, 6);
  });

  it('keeps a camera that already sees the river (raised to the least elevation if lower)', () => {
    const field = valley(0);
    const target = { x: 0, y: 0, z: 0 };
    const eye = cameraAt(120, 35, 150);
    const pose = featureCameraPose(field, target, river, viewOf(eye, target), 150);
    const chosen = viewOf(pose.position, pose.target);
    expect(chosen.elevationDeg).toBeCloseTo(35, 6);
    expect(((chosen.bearingDeg % 360) + 360) % 360).toBeCloseTo(120, 6);
    const flat = featureCameraPose(field, target, river, viewOf(cameraAt(120, 5, 150), target), 150);
    expect(viewOf(flat.position, flat.target).elevationDeg).toBeCloseTo(FEATURE_MIN_ELEVATION, 6);
  });

  it('turns to another bearing when no elevation on its own sees the water (a river under an overhanging wall)', () => {
    // A wall 400 m high along the river's west bank, 4 to 12 m off it: from the west no elevation up to
    // the highest tried (80°) looks over it.
    const field = createHeightfield(129, 129, CELL);
    for (let j = 0; j < field.depth; j++) {
      for (let i = 0; i < field.width; i++) {
        const x = vertexX(field, i);
        field.heights[j * field.width + i] = x < -4 && x > -12 ? 400 : 0.2 * Math.abs(x);
      }
    }
    const target = { x: 0, y: 0, z: 0 };
    const west = cameraAt(270, 30, 150);
    const pose = featureCameraPose(field, target, river, viewOf(west, target), 150);
    expect(pose.seen).toBe(river.length);
    for (const p of river) expect(seesFinely(field, pose.position, p)).toBe(true);
    // Not from behind the wall: along the valley or from its east side.
    expect(pose.position.x).toBeGreaterThan(-4);
  });
});
