import { describe, expect, it } from 'vitest';
import { straightenLeg, type PieceCheck, type SearchedLeg } from './routeStraighten';

/** A polygon's leg with the search's costs as plain lengths and the road on flat ground (height 0). */
function legOf(points: { x: number; z: number }[]): SearchedLeg {
  const costs = [0];
  for (let k = 1; k < points.length; k++) costs.push(costs[k - 1] + Math.hypot(points[k].x - points[k - 1].x, points[k].z - points[k - 1].z));
  return { points, costs, heights: points.map(() => 0) };
}

const flat: PieceCheck = (ax, az, bx, bz) => ({ cost: Math.hypot(bx - ax, bz - az), y: 0 });
const options = { step: 10, maxTurn: Math.PI / 8, startHeading: null, heightTolerance: 1, piece: flat };

/** Largest distance of the points from the line through the first and last. */
function offLine(points: { x: number; z: number }[]): number {
  const a = points[0];
  const b = points[points.length - 1];
  const length = Math.hypot(b.x - a.x, b.z - a.z);
  return Math.max(...points.map((p) => Math.abs((p.x - a.x) * (b.z - a.z) - (p.z - a.z) * (b.x - a.x)) / length));
}

describe('straightening a searched leg', () => {
  // Steps of 10 m alternating ±5° about the x axis: a lattice's way of holding a heading between two of its own.
  const zigzag = [{ x: 0, z: 0 }];
  for (let k = 1; k <= 20; k++) {
    const angle = ((k % 2 === 0 ? 5 : -5) * Math.PI) / 180;
    zigzag.push({ x: zigzag[k - 1].x + 10 * Math.cos(angle), z: zigzag[k - 1].z + 10 * Math.sin(angle) });
  }

  it('a zigzag that every chord may replace becomes the straight line between its ends, in pieces about a step long', () => {
    expect(offLine(zigzag)).toBeGreaterThan(0.4);
    const straight = straightenLeg(legOf(zigzag), options);
    expect(straight[0]).toEqual(zigzag[0]);
    expect(straight.at(-1)).toEqual(zigzag.at(-1));
    expect(offLine(straight)).toBeLessThan(1e-9);
    // 20 steps of 10 cos 5° m: 199.2 m of chord in 20 pieces of 9.96 m.
    expect(straight).toHaveLength(21);
    for (let k = 1; k < straight.length; k++)
      expect(Math.hypot(straight[k].x - straight[k - 1].x, straight[k].z - straight[k - 1].z)).toBeCloseTo((200 * Math.cos(Math.PI / 36)) / 20, 9);
  });

  it('keeps a detour whose chord costs more (earthworks through a hill) or is not allowed', () => {
    // Round a square "hill" of side 20 at (50, 0): the chord straight through costs 10 per metre inside it.
    const around = [
      { x: 0, z: 0 },
      { x: 30, z: 0 },
      { x: 40, z: 15 },
      { x: 60, z: 15 },
      { x: 70, z: 0 },
      { x: 100, z: 0 },
    ];
    const inside = (x: number) => Math.max(0, Math.min(x, 60) - 40);
    const hill: PieceCheck = (ax, az, bx, bz) => {
      const length = Math.hypot(bx - ax, bz - az);
      const through = Math.abs(az) < 1e-9 && Math.abs(bz) < 1e-9 ? Math.abs(inside(bx) - inside(ax)) : 0;
      return { cost: length + 9 * through, y: 0 };
    };
    // A piece of the result along z = 0 that reaches into the hill (40 < x < 60) goes through it.
    const throughHill = (points: { x: number; z: number }[]) =>
      points.some(
        (p, k) =>
          k > 0 && Math.abs(p.z) < 1e-9 && Math.abs(points[k - 1].z) < 1e-9 && Math.min(p.x, points[k - 1].x) < 60 && Math.max(p.x, points[k - 1].x) > 40,
      );
    const viaHill = straightenLeg(legOf(around), { ...options, maxTurn: Math.PI, piece: hill });
    expect(throughHill(viaHill)).toBe(false);
    expect(Math.max(...viaHill.map((p) => p.z))).toBeGreaterThan(10);
    // Where nothing is dearer, the same polygon is cut straight through: the test above is the cost's doing.
    expect(throughHill(straightenLeg(legOf(around), { ...options, maxTurn: Math.PI }))).toBe(true);
    // A chord across a blocked cell is not allowed at all.
    const blocked: PieceCheck = (ax, az, bx, bz) => (Math.abs(az) < 1e-9 && Math.abs(bz) < 1e-9 && ax < 50 && bx > 50 ? null : flat(ax, az, bx, bz, 0));
    expect(throughHill(straightenLeg(legOf(around), { ...options, maxTurn: Math.PI, piece: blocked }))).toBe(false);
  });

  it('turns no more at a chord’s ends than one searched step may, from the way the road arrives', () => {
    // Arriving heading north (+z), every chord from the first point would turn about 90°: the searched first step stays,
    // and from its end on the road is straight.
    const fromSouth = straightenLeg(legOf(zigzag), { ...options, startHeading: Math.PI / 2 });
    expect(fromSouth.slice(0, 2)).toEqual(zigzag.slice(0, 2));
    expect(offLine(fromSouth.slice(1))).toBeLessThan(1e-9);
    const turnOf = (a: { x: number; z: number }, b: { x: number; z: number }, c: { x: number; z: number }) => {
      const d = Math.atan2(c.z - b.z, c.x - b.x) - Math.atan2(b.z - a.z, b.x - a.x);
      return Math.abs(d - 2 * Math.PI * Math.round(d / (2 * Math.PI)));
    };
    // From the east the first chord may leave within 22.5°: every turn of the result stays within the limit.
    const fromEast = straightenLeg(legOf(zigzag), { ...options, startHeading: 0 });
    for (let k = 1; k + 1 < fromEast.length; k++) expect(turnOf(fromEast[k - 1], fromEast[k], fromEast[k + 1])).toBeLessThanOrEqual(Math.PI / 8 + 1e-9);
    expect(offLine(fromEast)).toBeLessThan(1e-9);
  });

  it('keeps the searched points where a chord would end further than the tolerance from the searched height', () => {
    // Four points; the chord to the last costs more than the searched run (its cost set 1 lower), so only 0→2 is in question.
    const four = legOf(zigzag.slice(0, 4));
    const dear = { ...four, costs: [...four.costs.slice(0, 3), four.costs[3] - 1] };
    // On level heights the chord 0→2 is taken: its middle point moves onto the line from 0 to 2.
    const level = straightenLeg(dear, options);
    expect(level).toHaveLength(4);
    expect(level[1].z).toBeCloseTo((zigzag[0].z + zigzag[2].z) / 2, 9);
    // The search's road climbed 5 m by point 2: a chord staying at 0 would end 5 m out, so the searched points stay.
    expect(straightenLeg({ ...dear, heights: [0, 0, 5, 5] }, options)).toEqual(zigzag.slice(0, 4));
    // At the leg's last point nothing goes on: a chord to it is taken whatever the searched height there.
    expect(offLine(straightenLeg({ ...legOf(zigzag.slice(0, 3)), heights: [0, 0, 5] }, options))).toBeLessThan(1e-9);
  });
});
