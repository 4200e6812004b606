/** The weight of one mask rule for one value (masks.ts's layers, the ground materials and the view's shader share it). */
import type { MaskRule } from './maskTypes';

function smoothstep(edge0: number, edge1: number, v: number): number {
  const t = Math.min(1, Math.max(0, (v - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}

/**
 * Weight 0…1 of an aspect rule for one bearing: 1 on the arc from min clockwise to max, fading over
 * `softness` degrees of the shorter way round to the arc; 0 where there is no bearing (NaN, flat).
 */
export function aspectWeight(rule: MaskRule, bearing: number): number {
  if (Number.isNaN(bearing)) return 0;
  const min = rule.min ?? 0;
  const max = rule.max ?? 360;
  if (max - min >= 360) return 1;
  const turn = (deg: number) => ((deg % 360) + 360) % 360;
  const arc = turn(max - min);
  const along = turn(bearing - min);
  if (along <= arc) return 1;
  const soft = rule.softness ?? 0;
  if (soft <= 0) return 0;
  return 1 - smoothstep(0, soft, Math.min(along - arc, 360 - along));
}

/** Weight 0…1 of one rule for one value. */
export function ruleWeight(rule: MaskRule, value: number): number {
  if (rule.source === 'aspect') return aspectWeight(rule, value);
  const soft = rule.softness ?? 0;
  let w = 1;
  if (rule.min !== undefined) w *= soft > 0 ? smoothstep(rule.min - soft, rule.min, value) : value >= rule.min ? 1 : 0;
  if (rule.max !== undefined) w *= soft > 0 ? 1 - smoothstep(rule.max, rule.max + soft, value) : value <= rule.max ? 1 : 0;
  return w;
}
