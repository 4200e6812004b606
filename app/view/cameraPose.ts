import type { Heightfield } from '../../shared/terrain/heightfield';
import { clampToTerrain, heightRange, terrainExtent } from '../../shared/terrain/heightfield';
import { heightAt } from '../../shared/terrain/surface';

export interface Vec3Like {
  x: number;
  y: number;
  z: number;
}

export interface CameraPose {
  position: Vec3Like;
  target: Vec3Like;
}

/** Where the default view looks from: compass bearing of the camera from the terrain, and its elevation. */
export const DEFAULT_VIEW_BEARING_DEG = 150;
export const DEFAULT_VIEW_ELEVATION_DEG = 30;
/** Share of the half-view the framed terrain may reach (a thin border stays free). */
export const FRAME_MARGIN = 0.94;
/** Terrain points sampled per side to find its silhouette. */
const FRAME_SAMPLES = 33;

export interface FrameOptions {
  bearingDeg?: number;
  elevationDeg?: number;
  margin?: number;
}

/**
 * The default view: a three-quarter view from the south-south-east (the 2D panel's bottom right),
 * 30° up (more in a tall view: defaultElevation), framed so that the terrain fills the view. Seen this way north (−z, the 2D panel's top) is
 * away from the viewer, so the two views still read the same way.
 *
 * Framing is exact for the sampled terrain points: for the view direction, each point's offset
 * across the view and its depth give the least camera distance that keeps it inside the view
 * (see frameTerrain).
 */
export function defaultCameraPose(field: Heightfield, fovYDegrees = 50, aspect = 1, options: FrameOptions = {}): CameraPose {
  return frameTerrain(terrainSamples(field), fovYDegrees, aspect, { elevationDeg: defaultElevation(aspect), ...options });
}

/** 30° up in a wide view; up to 45° in a tall one, where a low view would leave most of it empty. */
export function defaultElevation(aspect: number): number {
  return Math.min(45, Math.max(DEFAULT_VIEW_ELEVATION_DEG, DEFAULT_VIEW_ELEVATION_DEG + (1.4 - aspect) * 25));
}

/** Vertices of the terrain on a coarse grid (always including its corners and edges). */
export function terrainSamples(field: Heightfield): Vec3Like[] {
  const points: Vec3Like[] = [];
  const { sizeX, sizeZ } = terrainExtent(field);
  const steps = (n: number) => Array.from(new Set(Array.from({ length: FRAME_SAMPLES }, (_, k) => Math.round((k * (n - 1)) / (FRAME_SAMPLES - 1)))));
  for (const j of steps(field.depth)) {
    for (const i of steps(field.width)) {
      points.push({
        x: (field.width > 1 ? i / (field.width - 1) - 0.5 : 0) * sizeX,
        y: field.heights[j * field.width + i],
        z: (field.depth > 1 ? j / (field.depth - 1) - 0.5 : 0) * sizeZ,
      });
    }
  }
  // The highest and lowest points anywhere (a peak between samples must not poke out of the view).
  const { min, max } = heightRange(field.heights);
  const top = field.heights.indexOf(max);
  const bottom = field.heights.indexOf(min);
  for (const k of [top, bottom]) {
    const i = k % field.width;
    const j = Math.floor(k / field.width);
    points.push({
      x: (field.width > 1 ? i / (field.width - 1) - 0.5 : 0) * sizeX,
      y: field.heights[k],
      z: (field.depth > 1 ? j / (field.depth - 1) - 0.5 : 0) * sizeZ,
    });
  }
  return points;
}

/** Unit vectors of a view from `bearingDeg` (clockwise from north, −z) and `elevationDeg` above the horizon. */
export function viewBasis(bearingDeg: number, elevationDeg: number): { forward: Vec3Like; right: Vec3Like; up: Vec3Like } {
  const b = (bearingDeg * Math.PI) / 180;
  const e = (elevationDeg * Math.PI) / 180;
  // From the target towards the camera: x east, z south.
  const back = { x: Math.cos(e) * Math.sin(b), y: Math.sin(e), z: -Math.cos(e) * Math.cos(b) };
  const forward = { x: -back.x, y: -back.y, z: -back.z };
  // right = forward × world up, normalised; up = right × forward.
  const rx = -forward.z;
  const rz = forward.x;
  const rl = Math.hypot(rx, rz);
  const right = { x: rx / rl, y: 0, z: rz / rl };
  const up = {
    x: right.y * forward.z - right.z * forward.y,
    y: right.z * forward.x - right.x * forward.z,
    z: right.x * forward.y - right.y * forward.x,
  };
  return { forward, right, up };
}

/**
 * Frames `points` from the given direction: the camera looks at their centroid (the orbit pivots
 * about the terrain's middle, and the middle of the view is the middle of the terrain) from the
 * least distance that keeps every point within `margin` of the view's half-extent on both axes.
 */
export function frameTerrain(points: readonly Vec3Like[], fovYDegrees: number, aspect: number, options: FrameOptions = {}): CameraPose {
  const { forward, right, up } = viewBasis(options.bearingDeg ?? DEFAULT_VIEW_BEARING_DEG, options.elevationDeg ?? DEFAULT_VIEW_ELEVATION_DEG);
  const margin = options.margin ?? FRAME_MARGIN;
  const tanY = Math.tan((fovYDegrees * Math.PI) / 360) * margin;
  const tanX = Math.tan((fovYDegrees * Math.PI) / 360) * aspect * margin;
  let cx = 0;
  let cy = 0;
  let cz = 0;
  for (const p of points) {
    cx += p.x / points.length;
    cy += p.y / points.length;
    cz += p.z / points.length;
  }
  const dot = (p: Vec3Like, v: Vec3Like) => (p.x - cx) * v.x + (p.y - cy) * v.y + (p.z - cz) * v.z;
  // With the camera d behind the centroid, a point at offset o across the view and depth z along
  // it is inside when |o| / tan ≤ z + d.
  let distance = 1e-3;
  for (const p of points) {
    const z = dot(p, forward);
    distance = Math.max(distance, Math.abs(dot(p, right)) / tanX - z, Math.abs(dot(p, up)) / tanY - z);
  }
  const target = { x: cx, y: cy, z: cz };
  return { target, position: { x: cx - forward.x * distance, y: cy - forward.y * distance, z: cz - forward.z * distance } };
}

/** Smallest distance kept between the camera and the ground below it, metres. */
export function groundClearance(field: Pick<Heightfield, 'cellSize'>): number {
  return Math.max(0.5, field.cellSize);
}

/**
 * Lifts `position` so that it is at least `margin` above the exact surface; returns whether it moved.
 * Off the map the floor is the surface at the nearest point of the map's boundary, so a camera tilted
 * low beside a high map edge (a plateau reaching the edge) cannot drop below that edge and see the
 * terrain from underneath. Over the map the nearest point is the point itself.
 */
export function clampAboveSurface(field: Heightfield, position: Vec3Like, margin: number): boolean {
  const nearest = clampToTerrain(field, position.x, position.z);
  const ground = heightAt(field, nearest.x, nearest.z);
  if (Number.isNaN(ground)) return false;
  const floor = ground + margin;
  if (position.y >= floor) return false;
  position.y = floor;
  return true;
}
