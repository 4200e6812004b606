/**
 * The limits a routed road is built to: the tightest bend and the steepest grade its report accepts,
 * from the design standard (shared/roads/standard.ts: AASHTO's f_max radius; the road's grade, which a
 * road class sets from the standard's tables).
 */
import type { RoadParams } from './params';
import { minimumRadius } from './standard';

export interface RouteLimits {
  /** Tightest horizontal radius the report accepts at the design speed, metres. */
  minRadius: number;
  /** Steepest grade along the road, percent. */
  maxGradePct: number;
}

/**
 * AASHTO's minimum radius at e = 0 for the design speed (no bank to count on: a routed bend may turn
 * either way, and the report checks a segment at the superelevation it has).
 */
export function routeLimits(p: Pick<RoadParams, 'designSpeedKmh' | 'maxGradePct'>): RouteLimits {
  return { minRadius: minimumRadius(p.designSpeedKmh, 0), maxGradePct: p.maxGradePct };
}
