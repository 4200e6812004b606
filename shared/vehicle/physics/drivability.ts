/**
 * Where a physics car can go, from its physics (no Rapier): the steepest slope it can climb (the
 * driven wheels' grip with the load moved off or onto them by the slope, and the engine's force),
 * the side slope that tips it (atan(SSF)) and the one on which its tyres slide sideways (atan(μ)).
 * A map of it is one byte per vertex: 0 where the ground under the vertex is steeper than any of the
 * car's limits, 255 on flat ground, and in between 255 × (1 − tan θ / tan limit), θ the steepest drawn
 * triangle touching the vertex.
 */
import type { Heightfield } from '../../terrain/heightfield';
import type { PhysicsCarSpec } from './cars';
import { GRAVITY, staticStabilityFactor } from './stability';
import { SURFACES } from './surfaces';

export interface CarSlopeLimits {
  /** Steepest slope it can drive straight up, degrees: the lower of the traction and engine limits. */
  readonly climbDeg: number;
  readonly tractionDeg: number;
  readonly engineDeg: number;
  /** Side slope at which it tips over, degrees (atan(SSF)). */
  readonly tipDeg: number;
  /** Side slope on which its tyres slide, degrees (atan(μ)). */
  readonly slideDeg: number;
  /** The lowest of them: steeper ground is impassable (byte 0). */
  readonly limitDeg: number;
}

const deg = (radians: number): number => (radians * 180) / Math.PI;

/**
 * The car's slope limits on a road surface. Traction, with the centre of mass midway between the axles
 * at height h over wheelbase L, uphill slope θ: the front axle carries mg(cos θ / 2 − sin θ · h / L),
 * the rear mg(cos θ / 2 + sin θ · h / L), so front drive climbs while tan θ ≤ (μ/2) / (1 + μh/L), rear
 * drive while tan θ ≤ (μ/2) / (1 − μh/L), four-wheel drive while tan θ ≤ μ. The engine: sin θ + C_rr cos θ ≤ F / mg.
 */
export function carSlopeLimits(spec: PhysicsCarSpec): CarSlopeLimits {
  const mu = spec.tyreFriction;
  const ratio = spec.centreOfMassHeight / spec.wheelbase;
  let tractionTan = mu;
  if (spec.driven === 'front') tractionTan = mu / 2 / (1 + mu * ratio);
  else if (spec.driven === 'rear') tractionTan = 1 - mu * ratio > 0 ? Math.min(mu, mu / 2 / (1 - mu * ratio)) : mu;
  const tractionDeg = deg(Math.atan(tractionTan));
  // sin θ + c cos θ = f  ⇒  θ = asin(f / √(1 + c²)) − atan(c).
  const f = spec.engineForce / (spec.mass * GRAVITY);
  const c = SURFACES.road.rollingResistance;
  const s = f / Math.hypot(1, c);
  const engineDeg = s >= 1 ? 90 : Math.max(0, deg(Math.asin(s) - Math.atan(c)));
  const tipDeg = deg(Math.atan(staticStabilityFactor(spec)));
  const slideDeg = deg(Math.atan(mu));
  const climbDeg = Math.min(tractionDeg, engineDeg);
  return { climbDeg, tractionDeg, engineDeg, tipDeg, slideDeg, limitDeg: Math.min(climbDeg, tipDeg, slideDeg) };
}

/** Per vertex: 255 flat … 1 nearly at the limit, 0 steeper than the car's limit (see the module comment). */
export function drivabilityBytes(field: Heightfield, spec: PhysicsCarSpec): Uint8Array {
  const { width, depth, cellSize, heights } = field;
  const steepest = new Float32Array(width * depth);
  const inv = 1 / (cellSize * cellSize);
  for (let j = 0; j < depth - 1; j++) {
    for (let i = 0; i < width - 1; i++) {
      const k00 = j * width + i;
      const k10 = k00 + 1;
      const k01 = k00 + width;
      const k11 = k01 + 1;
      // tan² of each drawn triangle (split along (x0, z1)–(x1, z0)).
      const a = ((heights[k10] - heights[k00]) ** 2 + (heights[k01] - heights[k00]) ** 2) * inv;
      const b = ((heights[k11] - heights[k01]) ** 2 + (heights[k11] - heights[k10]) ** 2) * inv;
      if (a > steepest[k00]) steepest[k00] = a;
      if (a > steepest[k10]) steepest[k10] = a;
      if (a > steepest[k01]) steepest[k01] = a;
      if (b > steepest[k10]) steepest[k10] = b;
      if (b > steepest[k01]) steepest[k01] = b;
      if (b > steepest[k11]) steepest[k11] = b;
    }
  }
  const limitTan = Math.tan((carSlopeLimits(spec).limitDeg * Math.PI) / 180);
  const out = new Uint8Array(width * depth);
  for (let k = 0; k < out.length; k++) {
    const t = Math.sqrt(steepest[k]) / limitTan;
    out[k] = t > 1 || !Number.isFinite(t) ? 0 : Math.max(1, Math.round(255 * (1 - t)));
  }
  return out;
}

/** Shares of the map: impassable (0), hard (1–127), easy (128–255). */
export function drivabilitySummary(bytes: Uint8Array): { impassable: number; hard: number; easy: number } {
  let impassable = 0;
  let hard = 0;
  for (const b of bytes) {
    if (b === 0) impassable++;
    else if (b < 128) hard++;
  }
  const n = Math.max(1, bytes.length);
  return { impassable: impassable / n, hard: hard / n, easy: (bytes.length - impassable - hard) / n };
}
