/**
 * The limits a routed road is built to: the tightest bend and the steepest grade its report accepts.
 * One small function so the design standard (AASHTO's f_max / e_max radius, a road class's grade) can
 * replace its body without touching the router.
 */
import type { RoadParams } from './params';
import { minimumRadius } from './report';

export interface RouteLimits {
  /** Tightest horizontal radius the report accepts at the design speed, metres. */
  minRadius: number;
  /** Steepest grade along the road, percent. */
  maxGradePct: number;
}

/** The flat-road minimum radius (no bank to count on: a routed bend may turn either way). */
export function routeLimits(p: Pick<RoadParams, 'designSpeedKmh' | 'maxGradePct'>): RouteLimits {
  return { minRadius: minimumRadius(p.designSpeedKmh, 0), maxGradePct: p.maxGradePct };
}
