import './drive.css';
import { useState } from 'react';
import { useStore } from 'zustand';
import { useSession } from '../session';
import { useDriveKeys } from './useDriveKeys';
import { exportTelemetry } from './exportTelemetry';
import type { AutopilotMode, SpawnInfo } from '../../app/drive/driveSession';
import { DRIVE_END_WORDS, type DriveEnd } from '../../shared/vehicle/physics/driveEnd';
import { SURFACES } from '../../shared/vehicle/physics/surfaces';
import { physicsUnavailableText } from '../../app/drive/physicsDriver';

const AUTOPILOT_TEXT = {
  driving: 'Autopilot: driving the road · a driving key takes over · Esc stops',
  arrived: 'Autopilot: arrived at the end of the road',
  taken: 'Autopilot off: you have the wheel',
} as const;

/** What the HUD says of the autopilot: its state, or how and where the drive ended. */
function autopilotText(mode: AutopilotMode, end: DriveEnd | null): string {
  if (mode === 'driving' || mode === 'arrived' || mode === 'taken' || mode === 'off') return mode === 'off' ? '' : AUTOPILOT_TEXT[mode];
  const where = end ? ` at ${Math.round(end.at)} m along the road (x ${end.x.toFixed(1)}, z ${end.z.toFixed(1)}) after ${end.t.toFixed(1)} s` : '';
  return `Drive ended: the car ${DRIVE_END_WORDS[mode]}${where}`;
}

/** What the HUD says about where the car was put, if anything worth saying (shared/vehicle/spawn.ts). */
function spawnNote(spawn: SpawnInfo): string | null {
  switch (spawn.quality) {
    case 'none':
      return (
        `No level ground near here: the car is at x ${Math.round(spawn.x)} m, z ${Math.round(spawn.z)} m, the flattest spot seen, ` +
        'and may not move. Try another view or gentler terrain.'
      );
    case 'blocked':
      return `Nearest drivable ground: steep ground, a prop or the edge stops the car about ${Math.round(spawn.freeRun)} m ahead.`;
    case 'rough':
      return 'Rough ground ahead: the car may tip steeply on the way.';
    default:
      return null;
  }
}

const WHEEL_NAMES = ['Front left', 'Front right', 'Rear left', 'Rear right'];
const WHEEL_SHORT = ['FL', 'FR', 'RL', 'RR'];

const fixed = (v: number, digits: number): string => (Object.is(Number(v.toFixed(digits)), -0) ? (0).toFixed(digits) : v.toFixed(digits));

/**
 * Overlay on the 3D view while driving or walking. It re-renders only when the drive publishes new HUD
 * values (a few times a second), never per frame. Exact values are in data-* attributes for tests.
 */
export function DriveHud() {
  const session = useSession();
  const drive = session.drive;
  useDriveKeys(drive);
  const mode = useStore(drive.store, (s) => s.mode);
  const hud = useStore(drive.store, (s) => s.hud);
  const recording = useStore(drive.store, (s) => s.recording);
  const rows = useStore(drive.store, (s) => s.recordedRows);
  const camera = useStore(drive.store, (s) => s.settings.camera);
  const spawn = useStore(drive.store, (s) => s.spawn);
  const autopilot = useStore(drive.store, (s) => s.autopilot);
  const driveEnd = useStore(drive.store, (s) => s.driveEnd);
  const physicsUnavailable = useStore(drive.store, (s) => s.physicsUnavailable);
  const [status, setStatus] = useState('');
  // Layout only: the HUD folds to its first line so a small view keeps the road in sight.
  const [collapsed, setCollapsed] = useState(false);
  if (mode === 'off') return null;

  if (mode === 'walk') {
    return (
      <div className="drive-hud" data-testid="drive-hud" data-mode="walk">
        <div className="drive-hud-hint">Walk: W/S/A/D or arrows · Shift runs · drag to look · Esc leaves</div>
      </div>
    );
  }

  const exportCsv = () => {
    exportTelemetry(session.api, drive).then(setStatus, (error: unknown) =>
      setStatus(`Export failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  };

  return (
    <div
      className={collapsed ? 'drive-hud collapsed' : 'drive-hud'}
      data-testid="drive-hud"
      data-mode="drive"
      data-x={hud?.x}
      data-z={hud?.z}
      data-height={hud?.height}
      data-ground={hud?.ground}
      data-speed={hud?.speed}
      data-heading={hud?.headingDeg}
      data-pitch={hud?.pitchDeg}
      data-roll={hud?.rollDeg}
      data-slope={hud?.slopeDeg}
      data-clip={hud?.clipDepth}
      data-stops={hud?.stops}
      data-wheels-grounded={hud?.wheelsGrounded}
      data-wheel-gap={hud?.wheelGap}
      data-spawn-quality={spawn?.quality}
      data-spawn-distance={spawn?.distance}
      data-model={hud?.model}
      data-airborne={hud ? String(hud.airborne) : undefined}
      data-contacts={hud?.wheelContacts.map((c) => (c ? 1 : 0)).join(',')}
      data-compressions={hud?.compressions.join(',')}
      data-autopilot={autopilot}
    >
      <button
        type="button"
        className="drive-hud-fold"
        data-testid="hud-fold"
        aria-expanded={!collapsed}
        title={collapsed ? 'Show the HUD' : 'Fold the HUD to one line'}
        onClick={() => setCollapsed(!collapsed)}
      >
        {collapsed ? '▸' : '▾'}
      </button>
      {hud && (
        <div className="drive-hud-model" data-testid="hud-model">
          {hud.model === 'physics' ? 'Physics' : 'Kinematic'}
          {hud.loading && <span className="drive-hud-hint"> · loading physics…</span>}
          {hud.airborne && (
            <span className="drive-hud-warn" data-testid="hud-airborne">
              {' '}
              · Airborne
            </span>
          )}
        </div>
      )}
      {physicsUnavailable !== null && (
        <div className="drive-hud-warn" data-testid="hud-physics-unavailable" title={physicsUnavailableText(physicsUnavailable)}>
          Physics car unavailable: driving the kinematic car ({physicsUnavailable})
        </div>
      )}
      {autopilot !== 'off' && (
        <div
          className={`drive-hud-autopilot${driveEnd && driveEnd.reason !== 'arrived' ? ' drive-hud-warn' : ''}`}
          data-testid="hud-autopilot"
          data-end-at={driveEnd?.at}
        >
          {autopilotText(autopilot, driveEnd)}
        </div>
      )}
      {hud && (
        <div className="drive-hud-wheels" data-testid="hud-wheels" title="Suspension compression per wheel; red: off the ground">
          {hud.compressions.map((c, n) => (
            <div
              key={n}
              className="drive-hud-wheel"
              data-contact={hud.wheelContacts[n]}
              data-surface={hud.surfaces[n]}
              title={
                `${WHEEL_NAMES[n]}: ${hud.wheelContacts[n] ? 'on the ground' : 'in the air'}, ${Math.round(c * 100)}% compressed` +
                (hud.surfaces[n]
                  ? `, on ${SURFACES[hud.surfaces[n]].label.toLowerCase()} (grip × ${SURFACES[hud.surfaces[n]].grip}, ` +
                    `rolling resistance ${SURFACES[hud.surfaces[n]].rollingResistance})`
                  : '')
              }
            >
              <span className="drive-hud-wheel-name">{WHEEL_SHORT[n]}</span>
              {hud.surfaces[n] && <span className="drive-hud-wheel-surface">{SURFACES[hud.surfaces[n]].label}</span>}
              <span className="drive-hud-wheel-bar">
                <span style={{ width: `${Math.round(Math.max(0, Math.min(1, c)) * 100)}%` }} />
              </span>
            </div>
          ))}
        </div>
      )}
      {hud && (
        <dl className="drive-hud-values">
          <dt title="The car's speed, km/h">Speed</dt>
          <dd data-testid="hud-speed">{fixed(hud.speed * 3.6, 0)} km/h</dd>
          <dt title="The way the car faces, degrees: 0 down the 2D map (+z), 90 to its right (+x)">Heading</dt>
          <dd data-testid="hud-heading">{fixed(hud.headingDeg, 0)}°</dd>
          <dt title="The car's nose above (+) or below (−) level, degrees">Pitch</dt>
          <dd data-testid="hud-pitch">{fixed(hud.pitchDeg, 1)}°</dd>
          <dt title="The car's lean to one side, degrees">Roll</dt>
          <dd data-testid="hud-roll">{fixed(hud.rollDeg, 1)}°</dd>
          <dt title="Steepness of the ground under the car's middle, degrees">Slope</dt>
          <dd data-testid="hud-slope">{fixed(hud.slopeDeg, 1)}°</dd>
          <dt title="Height of the car (the bottom of its wheels) above the map's zero, metres">Height</dt>
          <dd data-testid="hud-height">{fixed(hud.height, 2)} m</dd>
          <dt title="Water depth at the car, metres">Water</dt>
          <dd data-testid="hud-water">{fixed(hud.water ?? 0, 2)} m</dd>
          <dt title="How far the car's body sinks into the ground, metres (0 when it rests on its wheels)">Clipping</dt>
          <dd data-testid="hud-clip" className={hud.clipDepth > 0 ? 'drive-hud-warn' : undefined}>
            {fixed(hud.clipDepth, 2)} m
          </dd>
        </dl>
      )}
      {hud?.flooded && (
        <div className="drive-hud-warn" data-testid="drive-flooded" title="The water here is deeper than the car's fording depth (Drive settings)">
          Flooded: {fixed(hud.water ?? 0, 2)} m of water
        </div>
      )}
      {hud?.stoppedBy && (
        <div className="drive-hud-warn" data-testid="drive-stopped">
          Stopped: {hud.stoppedBy === 'slope' ? 'too steep' : hud.stoppedBy}
        </div>
      )}
      {spawn && spawnNote(spawn) && (
        <div className={spawn.quality === 'none' ? 'drive-hud-warn' : 'drive-hud-hint'} data-testid="drive-spawn-note">
          {spawnNote(spawn)}
        </div>
      )}
      <div className="drive-hud-buttons">
        <button
          type="button"
          data-testid="drive-record"
          title={
            recording
              ? `Stop recording the telemetry (${rows} rows so far); Export CSV then saves them`
              : 'Record the telemetry (time, position, heading, pitch, roll…) for Export CSV'
          }
          onClick={() => (recording ? drive.stopRecording() : drive.startRecording())}
        >
          {recording ? `Stop · ${rows} rows` : 'Record'}
        </button>
        <button type="button" data-testid="drive-export" disabled={recording || rows === 0} onClick={exportCsv}>
          Export CSV
        </button>
        <button
          type="button"
          data-testid="drive-reset"
          title="Reset onto drivable ground (R)"
          onClick={() => void session.commands.execute('drive.resetDrivable')}
        >
          Reset
        </button>
        <button type="button" data-testid="drive-camera" onClick={() => drive.setSettings({ camera: camera === 'chase' ? 'hood' : 'chase' })}>
          {camera === 'chase' ? 'Hood camera' : 'Chase camera'}
        </button>
        <button type="button" data-testid="drive-leave" onClick={() => drive.leave()}>
          Leave
        </button>
      </div>
      {status && (
        <div className="drive-hud-hint" data-testid="drive-export-status">
          {status}
        </div>
      )}
      <div className="drive-hud-hint">
        W/S or ↑/↓ drive (S brakes, then reverses) · A/D steer · Space handbrake · R reset onto drivable ground · C camera · Esc leaves
      </div>
    </div>
  );
}
