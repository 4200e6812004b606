import './roads.css';
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { STATUS_COLOURS, STATUS_LABELS, segmentStatus, type SegmentStatus } from '../../app/roads/roadReportStatus';
import { driveSummary, isWarningFlag, type ReportSegment, type SegmentFlag } from '../../shared/roads/report';
import { useSession } from '../session';
import { RoadCrossings } from './RoadCrossings';

/** Flags and drive events as short codes in the table (spelled out in the row's tooltip and the legend below it). */
const FLAG_TEXT: Record<SegmentFlag, string> = {
  grade: 'grade above the maximum',
  radius: 'bend tighter than the design speed allows',
  crest: 'crest launches the car',
  blindCrest: 'blind crest: sharper than the K the stopping sight distance needs',
  sag: 'sag sharper than the K headlights need',
  airborne: 'the car left the ground',
  stopped: 'the car stopped',
  rolledOver: 'the drive ended here: the car rolled over',
  stuck: 'the drive ended here: the car got stuck',
  leftRoad: 'the drive ended here: the car left the road',
  flooded: 'the drive ended here: the water was deeper than the car can ford',
  water: 'the road fords water here (choose ford or bridge under Water crossings)',
};
const FLAG_CODE: Record<SegmentFlag, string> = {
  grade: 'G',
  radius: 'R',
  crest: 'C',
  blindCrest: 'B',
  sag: 'H',
  airborne: 'A',
  stopped: 'S',
  rolledOver: 'O',
  stuck: 'K',
  leftRoad: 'L',
  flooded: 'F',
  water: 'W',
};

const fixed = (v: number, d = 1) => (Object.is(Math.round(v * 10 ** d), -0) ? 0 : v).toFixed(d);

interface FlagChip {
  code: string;
  text: string;
  /** An amber warning (blind crest, sag) rather than a red flag. */
  warning: boolean;
}

function notes(s: ReportSegment): { chips: FlagChip[]; text: string } {
  const chips = s.flags.map((f) => ({ code: FLAG_CODE[f] ?? f, text: FLAG_TEXT[f] ?? f, warning: isWarningFlag(f) }));
  if (s.liftedWheel && !s.leftGround) chips.push({ code: 'w', text: 'a wheel lifted', warning: true });
  return { chips, text: chips.map((chip) => chip.text).join('; ') };
}

/**
 * A row's flags as small chips, each with its meaning as a tooltip. A break may fall between two chips
 * (never inside one): a driven road over water shows nine columns, and at 1280 px a long string of
 * flags in one line pushed the table sideways.
 */
function FlagChips({ chips }: { chips: FlagChip[] }) {
  return chips.map((chip, k) => (
    <span key={k}>
      {k > 0 && <wbr />}
      <abbr className={chip.warning ? 'road-flag road-flag-warning' : 'road-flag'} title={chip.text}>
        {chip.code}
      </abbr>
    </span>
  ));
}

/**
 * The road report of one road: what it is (geometry) and what the last "Drive this road" did, per
 * 10 m; flagged rows marked; a row clicked shows its segment in both views. With the drive, the
 * overlay toggle and its legend, Smooth road profile and the road exports.
 */
export function RoadReportSection({ roadId }: { roadId: string }) {
  const session = useSession();
  const feature = session.roadReport;
  const { reports } = feature;
  const report = useStore(reports.store, (s) => s.report);
  const source = useStore(reports.store, (s) => s.source);
  const problem = useStore(reports.store, (s) => s.problem);
  const overlay = useStore(reports.store, (s) => s.overlay);
  const focused = useStore(reports.store, (s) => s.focus?.index ?? -1);
  const message = useStore(feature.store, (s) => s.message);
  const autopilot = useStore(session.drive.store, (s) => s.autopilot);
  useStore(session.editor.store, (s) => s.version);
  useEffect(() => reports.pick(roadId), [reports, roadId]);
  const run = (id: Parameters<typeof session.commands.execute>[0]) => () => void session.commands.execute(id);
  // Columns that would read "—" on every row are left out (speeds before a drive, water on a dry road): the
  // side panel is about 280 px wide at 1024 and 1280 px, and nine columns pushed the flags onto two lines.
  const driven = report?.segments.some((s) => s.maxSpeed !== null) ?? false;
  const wet = (report?.crossings.length ?? 0) > 0 || (report?.segments.some((s) => s.water > 0) ?? false);
  const flagged = report?.segments.filter((s) => s.flags.some((f) => !isWarningFlag(f))).length ?? 0;
  const warned = report?.segments.filter((s) => s.flags.some(isWarningFlag)).length ?? 0;
  return (
    <div
      className="road-report"
      data-testid="road-report"
      data-source={source ?? ''}
      data-rows={report?.segments.length ?? 0}
      data-flagged={flagged}
      data-warned={warned}
    >
      <div className="button-row">
        <button
          type="button"
          data-testid="road-drive"
          onClick={run('road.drive')}
          title="The car starts on the road's first point and the autopilot drives it at the design speed to the last; any driving key takes over, Esc stops"
        >
          {autopilot === 'driving' ? 'Driving…' : 'Drive this road'}
        </button>
        <button
          type="button"
          data-testid="road-smooth"
          onClick={run('road.smoothProfile')}
          title="Lengthens the vertical curves until no crest launches the car at the design speed (one undo step)"
        >
          Smooth profile
        </button>
      </div>
      <label className="field">
        <span>Report overlay</span>
        <input type="checkbox" data-testid="road-overlay" checked={overlay} onChange={(e) => reports.setOverlay(e.target.checked)} />
      </label>
      <ul className="road-legend" aria-label="Overlay colours">
        {(Object.keys(STATUS_COLOURS) as SegmentStatus[]).map((status) => (
          <li key={status}>
            <span className="road-swatch" style={{ background: STATUS_COLOURS[status] }} />
            {STATUS_LABELS[status]}
          </li>
        ))}
      </ul>
      {problem && <p className="road-report-problem">{problem}</p>}
      {message && (
        <p className="road-report-message" data-testid="road-message" role="status">
          {message}
        </p>
      )}
      {report && (
        <>
          <p className="road-report-summary" data-testid="road-summary">
            {fixed(report.length, 0)} m at {report.designSpeedKmh} km/h · {report.segments.length} segments, {flagged} flagged, {warned} warned ·{' '}
            {source === 'drive' ? driveSummary(report) : 'geometry only (drive it for speeds)'}
          </p>
          <p
            className="road-report-summary"
            data-testid="road-standard"
            title={
              'AASHTO Green Book 2011 (metric): R_min = V²/(127(e_max + f_max)); stopping sight distance 0.278·V·2.5 + 0.039·V²/3.4 rounded up ' +
              'to 5 m; crest K = S²/658, sag K = S²/(120 + 3.5 S)'
            }
          >
            AASHTO 2011{report.roadClass ? ` · ${report.roadClass}` : ''} · e_max {report.limits.eMaxPct} % · f_max {report.limits.fMax.toFixed(2)} · R_min{' '}
            {fixed(report.limits.minRadius, 0)} m · sight {report.limits.sightDistance} m · crest K {fixed(report.limits.crestK)} · sag K{' '}
            {fixed(report.limits.sagK)}
          </p>
          {report.crossings.length > 0 && <RoadCrossings roadId={roadId} crossings={report.crossings} />}
          <div className="road-table-wrap">
            <table className="road-table" data-testid="road-table">
              <thead>
                <tr>
                  <th title="Distance along the road, metres">m</th>
                  <th title="Steepest grade in the segment, percent (+ uphill)">Grade %</th>
                  <th title="Bank of the design, degrees (+ = left side lower); the measured cross slope is in the row's tooltip">Bank°</th>
                  <th title="Tightest horizontal radius, metres">Radius</th>
                  <th title="Vertical curvature, 1/km (− crest, + sag)">V/km</th>
                  {driven && <th title="Highest speed the car held, km/h">km/h</th>}
                  <th title="Rate of vertical curvature K, metres per percent of grade change (the standard's crest and sag K are above the table)">K</th>
                  {wet && <th title="Deepest water the road crosses in the segment, metres: a bridge or a ford is needed">Water</th>}
                  <th
                    title={
                      'Flags: G grade, R radius, C crest, B blind crest, H sag too sharp for headlights (B and H amber), A left the ground, S ' +
                      'stopped, O rolled over, K stuck, L left the road, F flooded (where the drive ended); W crosses water; w a wheel lifted'
                    }
                  >
                    !
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.segments.map((s, k) => {
                  const status = segmentStatus(s, report);
                  const note = notes(s);
                  const tip =
                    `${fixed(s.from, 0)}–${fixed(s.to, 0)} m: grade ${fixed(s.gradePct)} % (steepest ${fixed(s.maxGradePct)} %), cross ` +
                    `slope ${fixed(s.crossSlopeDeg)}°${note.text ? `; ${note.text}` : ''}. Click to show it in both views.`;
                  return (
                    <tr
                      key={k}
                      className={`road-row-${status}${k === focused ? ' road-row-focus' : ''}`}
                      aria-selected={k === focused}
                      data-status={status}
                      data-flags={s.flags.join(' ')}
                      onClick={() => reports.focusSegment(k)}
                      title={tip}
                    >
                      <td>
                        <span className="road-swatch" style={{ background: STATUS_COLOURS[status] }} />
                        {fixed(s.from, 0)}
                      </td>
                      <td>{fixed(s.maxGradePct)}</td>
                      <td>{fixed(s.bankDeg)}</td>
                      <td>{s.radius === null ? '—' : s.radius > 9999 ? '>9999' : fixed(s.radius, 0)}</td>
                      <td>{fixed(s.verticalCurvature * 1000)}</td>
                      {driven && <td>{s.maxSpeed === null ? '—' : fixed(s.maxSpeed * 3.6, 0)}</td>}
                      <td>{s.kValue === null || s.kValue > 9999 ? '—' : fixed(s.kValue, 0)}</td>
                      {wet && <td data-testid="road-water">{s.water > 0 ? fixed(s.water, 2) : '—'}</td>}
                      <td className="road-flags">
                        <FlagChips chips={note.chips} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <p className="road-report-summary" data-testid="road-flag-legend">
            Flags: G grade · R radius · C crest · B blind crest · H sag (headlights) · A left the ground · S stopped · O rolled over · K stuck · L left the road
            · F flooded · W crosses water · w wheel lifted. Click a row to show it.
          </p>
        </>
      )}
      <div className="road-exports">
        <button type="button" data-testid="road-export-csv" onClick={run('road.exportReport')}>
          Report CSV…
        </button>
        <button type="button" data-testid="road-export-json" onClick={run('road.exportReportJson')}>
          Report JSON…
        </button>
        <button type="button" data-testid="road-export-centreline" onClick={run('road.exportCentreline')}>
          Centreline JSON…
        </button>
        <button type="button" data-testid="road-export-glb" onClick={run('road.exportSurface')}>
          Surface GLB…
        </button>
      </div>
    </div>
  );
}
