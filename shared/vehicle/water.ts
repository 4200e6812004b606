/**
 * Water and the car. Each car has a fording depth (PhysicsCarSpec.fordingDepth: the deepest water it
 * can wade). The model, said plainly: in water of depth d the car's speed is held to
 * (1 − WADING_DRAG · d / fording) of what it would be — a drag in proportion to the depth, half its
 * speed at the limit — and past the limit it is flooded and stops.
 */
import { createHeightfield, type Heightfield } from '../terrain/heightfield';
import { groundHeight } from './ground';

/** Metres of water per vertex of a map, as a field the car samples like the ground. */
export const waterField = (ground: Pick<Heightfield, 'width' | 'depth' | 'cellSize'>, depth: Float32Array): Heightfield =>
  createHeightfield(ground.width, ground.depth, ground.cellSize, depth);

/** The water depth under the car's centre (x, z world metres), 0 with no water field; never negative. */
export function waterAtCar(water: Heightfield | null | undefined, x: number, z: number): number {
  if (!water) return 0;
  const d = groundHeight(water, x, z);
  return d > 0 ? d : 0;
}

/** Deeper than the car can ford: it is flooded. */
export function isFlooded(depth: number, fordingDepth: number): boolean {
  return depth > Math.max(0, fordingDepth);
}

/** The share of its speed a car loses at its fording depth. */
export const WADING_DRAG = 0.5;

/** The share of its speed a car keeps in water `depth` deep: 1 dry, 1 − WADING_DRAG at its fording depth, 0 past it. */
export function wadingSpeedFactor(depth: number, fordingDepth: number): number {
  if (!(depth > 0)) return 1;
  if (isFlooded(depth, fordingDepth)) return 0;
  return 1 - (WADING_DRAG * depth) / fordingDepth;
}
