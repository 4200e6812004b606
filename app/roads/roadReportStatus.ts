/**
 * The road report's colours: each 10 m segment is ok (green), near one of the road's own limits
 * (amber: within 80 % of the grade or crest limit, within 125 % of the minimum radius, or a wheel
 * lifted on the drive, or a warning flag: a blind crest, a sag too sharp for headlights) or flagged
 * (red: it breaks a limit, or the car left the ground or stopped).
 */
import { gradeFlagAbove, isWarningFlag, segmentMinRadius, type ReportSegment, type RoadReport } from '../../shared/roads/report';
import { REPORT_STATUS_COLOURS } from '../palette/overlayPalette';

export type SegmentStatus = 'ok' | 'near' | 'flagged';

export const STATUS_COLOURS: Record<SegmentStatus, string> = REPORT_STATUS_COLOURS;
export const STATUS_LABELS: Record<SegmentStatus, string> = { ok: 'Within the road’s limits', near: 'Near a limit', flagged: 'Flagged' };

/** How close to a limit counts as near it. */
export const NEAR_FRACTION = 0.8;
const G = 9.81;

export function segmentStatus(segment: ReportSegment, report: Pick<RoadReport, 'designSpeedKmh' | 'maxGradePct' | 'limits'>): SegmentStatus {
  if (segment.flags.some((flag) => !isWarningFlag(flag))) return 'flagged';
  if (segment.flags.length > 0) return 'near';
  const v = report.designSpeedKmh / 3.6;
  const nearGrade = Math.abs(segment.maxGradePct) > NEAR_FRACTION * gradeFlagAbove(report.maxGradePct);
  const nearRadius =
    segment.radius !== null && segment.radius * NEAR_FRACTION < segmentMinRadius(report.designSpeedKmh, report.limits.eMaxPct, segment.bankDeg);
  const nearCrest = segment.verticalCurvature < 0 && v * v * -segment.verticalCurvature > NEAR_FRACTION * G;
  return nearGrade || nearRadius || nearCrest || segment.liftedWheel ? 'near' : 'ok';
}
