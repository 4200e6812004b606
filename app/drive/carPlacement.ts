import type { Heightfield } from '../../shared/terrain/heightfield';
import { drivableBounds, type CarState, type Obstacle } from '../../shared/vehicle/drive';
import { findSpawn, type SpawnResult } from '../../shared/vehicle/spawn';
import { waterAtCar } from '../../shared/vehicle/water';
import { overlaySlopeDeg } from './drivability';
import { poseFunctionFor } from './kinematicDriver';
import { carSettingsFor, type DriveSettings } from './settings';

type Start = { x: number; z: number; heading: number };

/** The car at rest exactly at `start`, moved into the drivable area (non-finite values read as 0). */
export function restingAt(field: Heightfield, settings: DriveSettings, start: Start): CarState {
  const b = drivableBounds(field, settings);
  return {
    x: Math.min(b.maxX, Math.max(b.minX, Number.isFinite(start.x) ? start.x : 0)),
    z: Math.min(b.maxZ, Math.max(b.minZ, Number.isFinite(start.z) ? start.z : 0)),
    heading: Number.isFinite(start.heading) ? start.heading : 0,
    speed: 0,
  };
}

/**
 * The nearest drivable spot to `from` (shared/vehicle/spawn.ts), `from.heading` preferred where the ground does not
 * choose. The slope limit is the car model's own (the physics car's climb, tip and slide limits, as the
 * drivability overlay shows them), and water (the drive's depth field, when given) deeper than the car fords is no spot.
 */
export function spawnNear(field: Heightfield, settings: DriveSettings, obstacles: readonly Obstacle[], from: Start, water?: Heightfield | null): SpawnResult {
  const car = { ...carSettingsFor(settings), maxClimbSlopeDeg: overlaySlopeDeg(settings) };
  return findSpawn(field, from, {
    car,
    pose: poseFunctionFor(settings),
    obstacles,
    preferredHeading: from.heading,
    water: water ? (x, z) => waterAtCar(water, x, z) : undefined,
    fordingDepth: settings.carSpec.fordingDepth,
  });
}
