/**
 * "Drive this road" in the editor: the test drive's car starts at rest on the road's first control
 * point facing along it, and the autopilot (the CLI's pure pursuit, shared/vehicle/physics) follows
 * the centreline's stations every 2 m (shared/roads/drive.ts's waypoints) at the design speed. The
 * drive is recorded; when the autopilot stops (arrived, taken over, or left) the road report is
 * made from what was recorded.
 */
import { roadWaypoints } from '../../shared/roads/drive';
import type { DriveOutcome, DriveSample } from '../../shared/roads/report';
import type { DriveSession, Recording } from '../drive/driveSession';
import type { RoadReportModel } from './roadReportModel';

/** The recorded rows as the report reads them: the kinematic car's speed from its positions, its wheels always down. */
export function driveSamples(recording: Recording): DriveSample[] {
  if (recording.model === 'physics') return [...recording.physics];
  const rows = recording.kinematic;
  return rows.map((row, k) => {
    const prev = rows[Math.max(0, k - 1)];
    const next = rows[Math.min(rows.length - 1, k + 1)];
    const dt = next.t - prev.t;
    const speed = dt > 0 ? Math.hypot(next.x - prev.x, next.z - prev.z) / dt : 0;
    return { t: row.t, x: row.x, z: row.z, speed, airborne: 0, contact0: 1, contact1: 1, contact2: 1, contact3: 1 };
  });
}

export interface RoadDrive {
  /** Starts the drive of the report's road; a sentence when it cannot. */
  start(): string | null;
  /** The road being driven (null when none). */
  readonly drivingId: string | null;
  dispose(): void;
}

export function createRoadDrive(drive: DriveSession, reports: RoadReportModel): RoadDrive {
  let driving: string | null = null;
  const unsubscribe = drive.store.subscribe((s, prev) => {
    if (prev.autopilot !== 'driving' || s.autopilot === 'driving' || driving === null) return;
    const roadId = driving;
    driving = null;
    const outcome: DriveOutcome = { rows: driveSamples(drive.recording), reachedEnd: s.autopilot === 'arrived', ...(s.driveEnd ? { end: s.driveEnd } : {}) };
    if (outcome.rows.length > 0) reports.setDriveReport(roadId, outcome);
  });
  return {
    get drivingId() {
      return driving;
    },
    start() {
      const road = reports.road();
      if (!road) return 'There is no road layer to drive.';
      let model;
      try {
        model = reports.fitted();
      } catch (error) {
        return `${road.name}: ${error instanceof Error ? error.message : String(error)}`;
      }
      if (!model) return 'There is no road layer to drive.';
      drive.enterAutopilot(roadWaypoints(model), road.params.designSpeedKmh / 3.6, { roadWidth: road.params.width });
      driving = road.id;
      return null;
    },
    dispose() {
      unsubscribe();
    },
  };
}
