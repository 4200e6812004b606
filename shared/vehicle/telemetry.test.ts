import { describe, expect, it } from 'vitest';
import { createRandom } from '../random';
import { heightAt } from '../terrain/surface';
import { poseFromTerrain, poseFromWheelPlane } from './pose';
import { driveRoute, DriveRouteError, formatTelemetryRow, TELEMETRY_COLUMNS, telemetryCsv, telemetryRow } from './telemetry';
import { fieldFrom } from './testFields';

const random = createRandom(66);
const rough = fieldFrom(129, 129, 1, (x, z) => 6 * Math.sin(x * 0.05) * Math.cos(z * 0.07) + random.next() * 0.4);
const route: [number, number][] = [
  [-40, -40],
  [30, -35],
  [35, 20],
  [-10, 40],
  [-12, 38],
  [0, 0],
];
const options = { speed: 12, length: 4, width: 2, step: 0.1 };

describe('telemetry CSV', () => {
  it('has the documented header and one parseable line per row', () => {
    const pose = poseFromTerrain(rough, { x: 3, z: -2, heading: 0.5 }, options);
    const row = telemetryRow(1.5, pose);
    const csv = telemetryCsv([row, row]);
    const lines = csv.split('\n');
    expect(lines[0]).toBe('t,x,y,z,heading,pitch,roll,upX,upY,upZ,fwdX,fwdY,fwdZ,clip,water');
    expect(lines).toHaveLength(4); // header, two rows, empty after the final newline
    expect(lines[3]).toBe('');
    const fields = lines[1].split(',').map(Number);
    expect(fields).toHaveLength(TELEMETRY_COLUMNS.length);
    expect(fields[0]).toBe(1.5);
    expect(fields[2]).toBeCloseTo(pose.position.y, 6);
    expect(fields[8]).toBeCloseTo(pose.up.y, 6);
    expect(fields[10]).toBeCloseTo(pose.forward.x, 6);
    expect(formatTelemetryRow({ ...row, roll: -1e-12 }).split(',')[6]).toBe('0.000000');
  });
});

describe('driveRoute', () => {
  it('drives every waypoint in turn with rows on the ground from the pose code, ending on the last waypoint', () => {
    const result = driveRoute(rough, route, options);
    expect(result.reachedEnd).toBe(true);
    const { rows } = result;
    expect(rows[0].x).toBe(-40);
    expect(rows[0].z).toBe(-40);
    const last = rows.at(-1)!;
    expect(Math.hypot(last.x - 0, last.z - 0)).toBeLessThan(1e-6);
    let nextWaypoint = 1;
    for (let k = 0; k < rows.length; k++) {
      const row = rows[k];
      expect(row.t).toBeCloseTo(k * options.step, 9);
      const pose = poseFromTerrain(rough, { x: row.x, z: row.z, heading: row.heading }, options);
      expect(row.y).toBe(pose.position.y);
      expect(row.upY).toBe(pose.up.y);
      expect(row.clip).toBe(pose.clipDepth);
      // On the ground: between the lowest and highest terrain under the footprint's ends.
      expect(Math.abs(row.y - heightAt(rough, row.x, row.z))).toBeLessThan(1);
      if (k > 0) expect(Math.hypot(row.x - rows[k - 1].x, row.z - rows[k - 1].z)).toBeLessThanOrEqual(options.speed * options.step + 1e-9);
      if (nextWaypoint < route.length && Math.hypot(row.x - route[nextWaypoint][0], row.z - route[nextWaypoint][1]) < 1e-6) nextWaypoint++;
    }
    expect(nextWaypoint).toBe(route.length); // passed over each waypoint, in order
    // Reasonably efficient: not much longer than driving the straight legs.
    let legs = 0;
    for (let k = 1; k < route.length; k++) legs += Math.hypot(route[k][0] - route[k - 1][0], route[k][1] - route[k - 1][1]);
    expect(last.t).toBeLessThan((2 * legs) / options.speed + 20);
  });

  it('uses the chosen pose method and is deterministic', () => {
    const a = driveRoute(rough, route, { ...options, poseMethod: 'wheelPlane' });
    const b = driveRoute(rough, route, { ...options, poseMethod: 'wheelPlane' });
    expect(b).toEqual(a);
    const row = a.rows[50];
    expect(row.y).toBe(poseFromWheelPlane(rough, { x: row.x, z: row.z, heading: row.heading }, options).position.y);
  });

  it('reports a route blocked by ground steeper than the limit, and rejects waypoints off the drivable map', () => {
    const wall = fieldFrom(65, 65, 1, (x) => (x === 10 ? 5 : 0));
    const blocked = driveRoute(
      wall,
      [
        [-20, 0],
        [20, 0],
      ],
      { ...options, maxClimbSlopeDeg: 35 },
    );
    expect(blocked.reachedEnd).toBe(false);
    expect(blocked.stoppedBy).toBe('slope');
    expect(blocked.rows.at(-1)!.x + 2).toBeLessThan(10);
    expect(
      driveRoute(
        wall,
        [
          [-20, 0],
          [20, 0],
        ],
        options,
      ).reachedEnd,
    ).toBe(true);
    expect(() =>
      driveRoute(
        wall,
        [
          [0, 0],
          [5, 5],
          [31, 0],
        ],
        options,
      ),
    ).toThrow(DriveRouteError);
    expect(() =>
      driveRoute(
        wall,
        [
          [0, 0],
          [5, 5],
          [31, 0],
        ],
        options,
      ),
    ).toThrow(/waypoint 2/);
    expect(() => driveRoute(wall, [], options)).toThrow(/no waypoints/);
    expect(() => driveRoute(wall, [[0, 0]], { ...options, speed: 0 })).toThrow(/speed/);
  });
});
