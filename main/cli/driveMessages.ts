/** Lines the drive commands print about how a drive ended. */
import { DRIVE_END_WORDS, type DriveEnd } from '../../shared/vehicle/physics/driveEnd';

/** What stopped an autopilot drive, where and when: one line. */
export function driveEndLine(end: DriveEnd | undefined, last: { t: number; x: number; z: number }): string {
  const reason = end ? DRIVE_END_WORDS[end.reason] : 'stopped';
  const at = end ? `, ${Math.round(end.at)} m along the route` : '';
  return `the car ${reason} at t = ${last.t.toFixed(2)} s, x ${last.x.toFixed(2)} m, z ${last.z.toFixed(2)} m${at}; the rows up to there are written`;
}

/** Drives whose bound is shorter than this (seconds of drive time) print no progress: they end quickly. */
export const LONG_DRIVE_SECONDS = 300;

/** A progress callback that speaks only for long drives (`report` is createCliProgress's stage). */
export const longDriveProgress =
  (report: (done: number, total: number) => void) =>
  (driven: number, total: number): void => {
    if (total >= LONG_DRIVE_SECONDS) report(driven, total);
  };
