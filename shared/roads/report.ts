/**
 * The road report: per 10 m of the road, what the shaped surface is (grade, cross slope and bank,
 * horizontal radius, vertical curvature) and what a car did there on a test drive (highest speed,
 * stopped, lifted a wheel, left the ground); segments breaking the road's own limits are flagged:
 * - `grade`: steeper than the maximum grade, measured on the drawn triangles (which add up to 5 % of
 *   the grade on bends: vertices on the inside of a bend are nearer along the road), so 5 % + 0.1 is allowed;
 * - `radius`: tighter than the design standard's minimum radius for the design speed,
 *   V² / (127 (e + f_max)), e the segment's bank as superelevation, at most the road's e_max
 *   (shared/roads/standard.ts: AASHTO 2011);
 * - `crest`: a crest at which a car at the design speed leaves the ground (v² · curvature > g);
 * - `blindCrest` (amber): a crest sharper than the K the stopping sight distance needs (S²/658);
 * - `sag` (amber): a sag sharper than the K headlights need for it (S²/(120 + 3.5 S));
 * - `airborne`, `stopped`: what the test drive saw;
 * - `rolledOver`, `stuck`, `leftRoad`, `flooded`: where the test drive ended that way (shared/vehicle/physics/driveEnd.ts);
 * - `water`: the road fords water there (its depth in `water`; not where a bridge carries it).
 * Each crossing of water (a wet stretch of the centreline, shared/roads/crossings.ts) is listed in
 * `crossings`: ford (its depth against the car's fording depth) or bridge (its deck's span).
 * On a bridge the surface measured is the deck's, not the land under it.
 * A drive that ended early covers the segments it reached (`driven`); the report says how it ended.
 */
import type { JsonObject } from '../json';
import { heightAt } from '../terrain/surface';
import { DRIVE_END_WORDS, type DriveEnd } from '../vehicle/physics/driveEnd';
import { findCrossings, SHALLOWEST_FORDING_DEPTH, spanAt, stationDepths, type Crossing } from './crossings';
import { fitRoad, surfaceAt, type FittedRoad } from './fittedRoad';
import { eMaxOf, type RoadParams } from './params';
import { smoothProfile, type GroundSize } from './profile';
import { designLimits, kOfCurvature, minimumRadius, roadClassName, type DesignLimits } from './standard';

export const REPORT_SEGMENT = 10;
const G = 9.81;

/** What the report reads from a drive's telemetry rows. */
export interface DriveSample {
  t: number;
  x: number;
  z: number;
  speed: number;
  airborne: number;
  contact0: number;
  contact1: number;
  contact2: number;
  contact3: number;
}

export interface DriveOutcome {
  rows: readonly DriveSample[];
  reachedEnd: boolean;
  /** How and where the drive ended (absent: not known, e.g. the driver took over). */
  end?: DriveEnd;
}

export type SegmentFlag =
  'grade' | 'radius' | 'crest' | 'blindCrest' | 'sag' | 'airborne' | 'stopped' | 'rolledOver' | 'stuck' | 'leftRoad' | 'flooded' | 'water';

/** Flags that warn (amber) rather than break a limit (red): the sight distance over a crest or along a sag. */
export const WARNING_FLAGS: readonly SegmentFlag[] = ['blindCrest', 'sag'];
export const isWarningFlag = (flag: SegmentFlag): boolean => WARNING_FLAGS.includes(flag);

export interface ReportSegment {
  from: number;
  to: number;
  /** Mean grade over the segment (+ uphill in the direction of travel), and the steepest, percent. */
  gradePct: number;
  maxGradePct: number;
  /** Bank of the design (degrees, + = left side lower) with the largest magnitude in the segment. */
  bankDeg: number;
  /** Measured across the surface at the segment's middle, degrees (+ = left side lower). */
  crossSlopeDeg: number;
  /** Tightest horizontal radius, metres (null: straight). */
  radius: number | null;
  /** Vertical curvature with the largest magnitude, 1/m (− crest, + sag). */
  verticalCurvature: number;
  /** Its rate of vertical curvature K, metres per percent of grade change (null: straight). */
  kValue: number | null;
  /** From the drive (null without one or where it did not reach). */
  maxSpeed: number | null;
  stopped: boolean;
  liftedWheel: boolean;
  leftGround: boolean;
  /** The drive reached this segment (false without a drive). */
  driven: boolean;
  /** Deepest water on the centreline in the segment, metres (0 where dry or without water): a bridge or ford is needed. */
  water: number;
  flags: SegmentFlag[];
}

/** A crossing of water as the report gives it. */
export interface ReportCrossing extends Crossing {
  /** A ford: whether the car (the report's fording depth) can wade it; null for a bridge. */
  fordable: boolean | null;
  /** A bridge: its deck's length, abutment to abutment, metres; null for a ford. */
  span: number | null;
}

export interface RoadReport {
  length: number;
  designSpeedKmh: number;
  maxGradePct: number;
  /** The standard's minimum radius at the road's e_max, metres. */
  minRadius: number;
  /** The design standard's values for this road (speed, e_max, f_max, R_min, sight distance, K). */
  limits: DesignLimits;
  /** The road's class ("collector-rolling"), null when none was chosen. */
  roadClass: string | null;
  segments: ReportSegment[];
  /** Whether the drive reached the end (null without a drive). */
  reachedEnd: boolean | null;
  /** How the drive ended, where (metres along the road) and when (null without a drive, or when not known). */
  driveEnd: DriveEnd | null;
  /** Metres of the road the drive covered (null without a drive). */
  drivenTo: number | null;
  /** The road's crossings of water, in order along it (none without a water field). */
  crossings: ReportCrossing[];
  /** The fording depth fords are checked against (the car's), metres. */
  fordingDepth: number;
}

/** Steepest measured grade (percent) not flagged for a maximum grade. */
export const gradeFlagAbove = (maxGradePct: number): number => maxGradePct * 1.05 + 0.1;

/** The minimum radius a segment with this bank needs: its superelevation counts up to the road's e_max. */
export function segmentMinRadius(designSpeedKmh: number, eMaxPct: number, bankDeg: number): number {
  return minimumRadius(designSpeedKmh, Math.min(eMaxPct, 100 * Math.tan((Math.abs(bankDeg) * Math.PI) / 180)));
}

/** Vertical curvature (1/m) sharper than the K the standard needs: − crest, + sag. */
export function sharperThan(curvature: number, neededK: number): boolean {
  return curvature !== 0 && kOfCurvature(curvature) < neededK;
}

/** Station of each drive row: the nearest station, searched near the previous one (the car moves on). */
function rowStations(fitted: FittedRoad, rows: readonly DriveSample[]): number[] {
  const { line } = fitted;
  const out: number[] = [];
  let at = 0;
  for (const [n, row] of rows.entries()) {
    const from = n === 0 ? 0 : Math.max(0, at - Math.ceil(20 / line.ds));
    const to = n === 0 ? line.n : Math.min(line.n, at + Math.ceil(60 / line.ds));
    let best = Infinity;
    for (let k = from; k < to; k++) {
      const d = (line.x[k] - row.x) ** 2 + (line.z[k] - row.z) ** 2;
      if (d < best) {
        best = d;
        at = k;
      }
    }
    out.push(at);
  }
  return out;
}

/**
 * `water`: metres of water per vertex the road crosses — the stack's water without the road
 * (shared/layers/stackWater.ts stackWaterWithout), so a road on a bank across a river still reports it.
 * `fordingDepth`: the car's a ford is checked against (default the shallowest preset's).
 */
export function roadReport(
  fitted: FittedRoad,
  shaped: Float32Array,
  size: GroundSize,
  drive: DriveOutcome | null = null,
  water: Float32Array | null = null,
  fordingDepth = SHALLOWEST_FORDING_DEPTH,
): RoadReport {
  const { line, params: p } = fitted;
  const field = { ...size, heights: shaped };
  const onBridge = (k: number) => spanAt(fitted.bridges, k) !== undefined;
  const surface = (k: number) => (onBridge(k) ? fitted.y[k] : heightAt(field, line.x[k], line.z[k]));
  const depth = water ? stationDepths(line, water, size) : new Float64Array(0);
  const y = Float64Array.from({ length: line.n }, (_, k) => surface(k));
  const h = Math.max(1, Math.round(Math.max(2, size.cellSize) / line.ds));
  const hv = Math.max(1, Math.round(5 / line.ds));
  const v = p.designSpeedKmh / 3.6;
  const eMax = eMaxOf(p);
  const limits = designLimits(p.designSpeedKmh, eMax);
  const per = Math.max(1, Math.round(REPORT_SEGMENT / line.ds));
  const stations = drive ? rowStations(fitted, drive.rows) : [];
  const segments: ReportSegment[] = [];
  const endStation = drive?.end ? Math.max(0, Math.min(line.n - 1, Math.round(drive.end.at / line.ds))) : -1;
  for (let a = 0; a < line.n - 1; a += per) {
    const b = Math.min(line.n - 1, a + per);
    let maxGrade = 0;
    let deepest = 0;
    let forded = false;
    let bank = 0;
    let kappa = 0;
    let vertical = 0;
    for (let k = a; k <= b; k++) {
      const k0 = Math.max(0, k - h);
      const k1 = Math.min(line.n - 1, k + h);
      const grade = ((y[k1] - y[k0]) / ((k1 - k0) * line.ds)) * 100;
      if (Math.abs(grade) > Math.abs(maxGrade)) maxGrade = grade;
      if (Math.abs(fitted.bankDeg[k]) > Math.abs(bank)) bank = fitted.bankDeg[k];
      if (depth.length > 0) {
        deepest = Math.max(deepest, depth[k]);
        if (depth[k] > 0 && !onBridge(k)) forded = true;
      }
      kappa = Math.max(kappa, Math.abs(line.curvature[k]));
      if (k - hv >= 0 && k + hv < line.n) {
        const c = (y[k + hv] - 2 * y[k] + y[k - hv]) / (hv * line.ds) ** 2;
        if (Math.abs(c) > Math.abs(vertical)) vertical = c;
      }
    }
    const mid = Math.round((a + b) / 2);
    const half = line.width[mid] / 2;
    const lx = line.tz[mid];
    const lz = -line.tx[mid];
    const left = onBridge(mid) ? surfaceAt(fitted, mid, half) : heightAt(field, line.x[mid] + lx * half, line.z[mid] + lz * half);
    const right = onBridge(mid) ? surfaceAt(fitted, mid, -half) : heightAt(field, line.x[mid] - lx * half, line.z[mid] - lz * half);
    const crossSlopeDeg = Number.isFinite(left) && Number.isFinite(right) ? (Math.atan((right - left) / (2 * half)) * 180) / Math.PI : 0;
    const radius = kappa > 1e-4 ? 1 / kappa : null;
    const flags: SegmentFlag[] = [];
    if (Math.abs(maxGrade) > gradeFlagAbove(p.maxGradePct)) flags.push('grade');
    if (radius !== null && radius < segmentMinRadius(p.designSpeedKmh, eMax, bank)) flags.push('radius');
    if (vertical < 0 && v * v * -vertical > G) flags.push('crest');
    if (vertical < 0 && sharperThan(vertical, limits.crestK)) flags.push('blindCrest');
    if (vertical > 0 && sharperThan(vertical, limits.sagK)) flags.push('sag');
    let maxSpeed: number | null = null;
    let stopped = false;
    let liftedWheel = false;
    let leftGround = false;
    let driven = false;
    for (const [n, row] of (drive?.rows ?? []).entries()) {
      const k = stations[n];
      if (k < a || k > b) continue;
      driven = true;
      maxSpeed = Math.max(maxSpeed ?? 0, Math.abs(row.speed));
      if (row.airborne) leftGround = true;
      else if (!(row.contact0 && row.contact1 && row.contact2 && row.contact3)) liftedWheel = true;
      if (row.t > 2 && Math.abs(row.speed) < 0.3 && k < line.n - 1 - Math.round(3 / line.ds)) stopped = true;
    }
    if (forded) flags.push('water');
    if (leftGround) flags.push('airborne');
    if (stopped) flags.push('stopped');
    const end = drive?.end;
    if (end && end.reason !== 'arrived' && end.reason !== 'timeUp' && endStation >= a && endStation <= b && (endStation < b || b === line.n - 1))
      flags.push(end.reason);
    segments.push({
      from: a * line.ds,
      to: b * line.ds,
      gradePct: ((y[b] - y[a]) / ((b - a) * line.ds)) * 100,
      maxGradePct: maxGrade,
      bankDeg: bank,
      crossSlopeDeg,
      radius,
      verticalCurvature: vertical,
      kValue: vertical === 0 ? null : kOfCurvature(vertical),
      maxSpeed,
      stopped,
      liftedWheel,
      leftGround,
      driven,
      water: deepest,
      flags,
    });
  }
  const drivenTo = drive && stations.length > 0 ? Math.max(...stations.slice(-1), drive.end ? endStation : 0) * line.ds : drive ? 0 : null;
  return {
    length: line.length,
    designSpeedKmh: p.designSpeedKmh,
    maxGradePct: p.maxGradePct,
    minRadius: limits.minRadius,
    limits,
    roadClass: p.roadClass ? roadClassName(p.roadClass) : null,
    segments,
    reachedEnd: drive ? drive.reachedEnd : null,
    driveEnd: drive?.end ?? null,
    drivenTo,
    crossings: findCrossings(depth, line.ds, p.crossings, fitted.ground).map((c) => {
      const deck = c.kind === 'bridge' ? fitted.bridges.find((s) => s.a * line.ds <= c.to && c.from <= s.b * line.ds) : undefined;
      return { ...c, fordable: c.kind === 'ford' ? c.maxDepth <= fordingDepth : null, span: deck ? (deck.b - deck.a) * line.ds : null };
    }),
    fordingDepth,
  };
}

/** One line per crossing: "1: 92–108 m, 16 m wet, 1.5 m deep — ford, too deep for a car that fords 0.3 m (bridge suggested)". */
export function crossingSummary(c: ReportCrossing, n: number, fordingDepth: number): string {
  const where = `${n + 1}: ${Math.round(c.from)}–${Math.round(c.to)} m, ${Math.round(c.length)} m wet, ${c.maxDepth.toFixed(2)} m deep`;
  if (c.kind === 'bridge') return `${where} — bridge, ${Math.round(c.span ?? 0)} m deck${c.chosen ? '' : ' (default)'}`;
  const ford = c.fordable ? `fordable by a car that fords ${fordingDepth} m` : `too deep for a car that fords ${fordingDepth} m`;
  return `${where} — ford, ${ford}${c.chosen ? '' : ' (default)'}${c.suggested === 'bridge' ? ', bridge suggested' : ''}`;
}

/** One line on how the drive went: "driven to the end", "rolled over (…) at 123 m, 14.2 s". */
export function driveSummary(report: Pick<RoadReport, 'reachedEnd' | 'driveEnd' | 'drivenTo'>): string {
  if (report.reachedEnd === null) return 'not driven';
  const end = report.driveEnd;
  if (!end) return report.reachedEnd ? 'driven to the end' : `stopped early at ${Math.round(report.drivenTo ?? 0)} m`;
  if (end.reason === 'arrived') return 'driven to the end';
  return (
    `${DRIVE_END_WORDS[end.reason]} at ${Math.round(end.at)} m (x ${end.x.toFixed(1)}, z ${end.z.toFixed(1)}) after ${end.t.toFixed(1)} s: the ` +
    `report covers the first ${Math.round(report.drivenTo ?? end.at)} m`
  );
}

const r = (v: number, d = 3) => Math.round(v * 10 ** d) / 10 ** d;

export function reportJson(report: RoadReport, name: string): JsonObject {
  return {
    name,
    length: r(report.length),
    designSpeedKmh: report.designSpeedKmh,
    maxGradePct: report.maxGradePct,
    minRadiusFlat: r(report.limits.minRadiusFlat),
    standard: {
      name: 'AASHTO Green Book 2011 (metric)',
      roadClass: report.roadClass,
      eMaxPct: report.limits.eMaxPct,
      sideFriction: report.limits.fMax,
      minRadius: r(report.limits.minRadius),
      stoppingSightDistance: report.limits.sightDistance,
      crestK: r(report.limits.crestK),
      sagK: r(report.limits.sagK),
    },
    reachedEnd: report.reachedEnd,
    drive:
      report.reachedEnd === null
        ? null
        : {
            ended: report.driveEnd?.reason ?? (report.reachedEnd ? 'arrived' : 'stopped'),
            at: report.driveEnd ? r(report.driveEnd.at) : null,
            t: report.driveEnd ? r(report.driveEnd.t) : null,
            x: report.driveEnd ? r(report.driveEnd.x) : null,
            z: report.driveEnd ? r(report.driveEnd.z) : null,
            drivenTo: report.drivenTo === null ? null : r(report.drivenTo),
            cut: !report.reachedEnd,
            summary: driveSummary(report),
          },
    fordingDepth: report.fordingDepth,
    crossings: report.crossings.map((c) => ({
      from: r(c.from),
      to: r(c.to),
      length: r(c.length),
      maxDepth: r(c.maxDepth),
      kind: c.kind,
      chosen: c.chosen,
      suggested: c.suggested,
      fordable: c.fordable,
      span: c.span === null ? null : r(c.span),
    })),
    flagged: report.segments.filter((s) => s.flags.some((f) => !isWarningFlag(f))).length,
    warned: report.segments.filter((s) => s.flags.some(isWarningFlag)).length,
    segments: report.segments.map((s) => ({
      from: r(s.from),
      to: r(s.to),
      gradePct: r(s.gradePct),
      maxGradePct: r(s.maxGradePct),
      bankDeg: r(s.bankDeg),
      crossSlopeDeg: r(s.crossSlopeDeg),
      radius: s.radius === null ? null : r(s.radius),
      verticalCurvature: r(s.verticalCurvature, 5),
      kValue: s.kValue === null ? null : r(s.kValue, 1),
      minRadius: r(segmentMinRadius(report.limits.designSpeedKmh, report.limits.eMaxPct, s.bankDeg), 1),
      maxSpeed: s.maxSpeed === null ? null : r(s.maxSpeed),
      stopped: s.stopped,
      liftedWheel: s.liftedWheel,
      leftGround: s.leftGround,
      driven: s.driven,
      water: r(s.water),
      flags: s.flags,
    })),
  };
}

export const REPORT_CSV_COLUMNS = [
  'from_m',
  'to_m',
  'grade_pct',
  'max_grade_pct',
  'bank_deg',
  'cross_slope_deg',
  'radius_m',
  'vertical_curvature',
  'max_speed_ms',
  'stopped',
  'lifted_wheel',
  'left_ground',
  'driven',
  'flags',
  'k_value',
  'crest_k_needed',
  'sag_k_needed',
  'min_radius_m',
  'water_m',
];

export function reportCsv(report: RoadReport): string {
  const lines = [REPORT_CSV_COLUMNS.join(',')];
  const { limits } = report;
  for (const s of report.segments) {
    const minRadius = segmentMinRadius(limits.designSpeedKmh, limits.eMaxPct, s.bankDeg);
    lines.push(
      [
        r(s.from),
        r(s.to),
        r(s.gradePct),
        r(s.maxGradePct),
        r(s.bankDeg),
        r(s.crossSlopeDeg),
        s.radius === null ? '' : r(s.radius),
        r(s.verticalCurvature, 5),
        s.maxSpeed === null ? '' : r(s.maxSpeed),
        s.stopped ? 1 : 0,
        s.liftedWheel ? 1 : 0,
        s.leftGround ? 1 : 0,
        s.driven ? 1 : 0,
        s.flags.join(' '),
        s.kValue === null ? '' : r(s.kValue, 1),
        r(limits.crestK, 1),
        r(limits.sagK, 1),
        r(minRadius, 1),
        r(s.water),
      ].join(','),
    );
  }
  return lines.map((line) => `${line}\n`).join('');
}

/**
 * The one-step fix for crests that launch the car: the profile's vertical curves lengthened
 * (smoothProfile) until no segment is flagged `crest`, at most `tries` times. Pure: new params
 * (the same object when nothing needed fixing). `shapedOf` evaluates the road on the heights below.
 */
export function fixCrests(p: RoadParams, below: Float32Array, size: GroundSize, shapedOf: (p: RoadParams) => Float32Array, tries = 6): RoadParams {
  let current = p;
  for (let n = 0; n <= tries; n++) {
    const fitted = fitRoad(current, below, size);
    if (!roadReport(fitted, shapedOf(current), size).segments.some((s) => s.flags.includes('crest'))) return current;
    if (n < tries) current = smoothProfile(current);
  }
  return current;
}
