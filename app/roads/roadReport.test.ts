import { beforeAll, describe, expect, it } from 'vitest';
import { evaluateStack } from '../../shared/layers/evaluate';
import type { Layer, LayerSize } from '../../shared/layers/types';
import { saveBytesRequestValidator, type SaveBytesRequest } from '../../shared/ipc/contract';
import { REPORT_CSV_COLUMNS, type ReportSegment } from '../../shared/roads/report';
import { designLimits } from '../../shared/roads/standard';
import { hills, roadLayer, roadStack } from '../../shared/roads/testing/terrain';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { loadRapier } from '../../shared/vehicle/physics/rapier';
import { createDocument } from '../document/document';
import { createEditorSession, type EditorSession } from '../editorSession';
import { createMemoryFaultlineApi } from '../platform/memoryApi';
import { currentRoad, roadLayers } from './currentRoad';
import { driveSamples } from './roadDrive';
import { safeFileStem } from './roadReportFeature';
import { segmentStatus } from './roadReportStatus';

const SIZE: LayerSize = { width: 129, depth: 113, cellSize: 2 };

function sessionWith(stack: Layer[], saveBytesAs?: (request: SaveBytesRequest) => Promise<{ saved: boolean; fileName?: string }>): EditorSession {
  const heights = evaluateStack(stack, SIZE)!;
  const document = createDocument(createHeightfield(SIZE.width, SIZE.depth, SIZE.cellSize, heights), stack);
  const api = createMemoryFaultlineApi();
  return createEditorSession({ api: saveBytesAs ? { ...api, saveBytesAs } : api, document });
}

/** Distance from (x, z) to the nearest centreline station. */
function offCentre(line: { n: number; x: Float64Array; z: Float64Array }, x: number, z: number): number {
  let best = Infinity;
  for (let k = 0; k < line.n; k++) best = Math.min(best, Math.hypot(line.x[k] - x, line.z[k] - z));
  return best;
}

const segment = (overrides: Partial<ReportSegment>): ReportSegment => ({
  from: 0,
  to: 10,
  gradePct: 0,
  maxGradePct: 0,
  bankDeg: 0,
  crossSlopeDeg: 0,
  radius: null,
  verticalCurvature: 0,
  kValue: null,
  maxSpeed: null,
  stopped: false,
  liftedWheel: false,
  leftGround: false,
  driven: false,
  water: 0,
  flags: [],
  ...overrides,
});

describe('the current road', () => {
  it('is the selected layer when it is a road, else the topmost road, else none', () => {
    const a = roadLayer(undefined, {}, 'road-1');
    const b = roadLayer(
      [
        { x: -50, z: 30 },
        { x: 40, z: 40 },
      ],
      {},
      'road-2',
    );
    const ground = hills(SIZE);
    expect(currentRoad([ground], null)).toBeNull();
    expect(currentRoad([ground, a, b], null)).toBe(b);
    expect(currentRoad([ground, a, b], 'road-1')).toBe(a);
    // A selected layer that is not a road: the topmost road.
    expect(currentRoad([ground, a, b], 'ground')).toBe(b);
    expect(currentRoad([ground, a, b], 'gone')).toBe(b);
    expect(roadLayers([ground, a, b]).map((r) => r.id)).toEqual(['road-1', 'road-2']);
  });
});

describe('the overlay colours', () => {
  const limits = { designSpeedKmh: 60, maxGradePct: 10, limits: designLimits(60) };
  it('flagged segments are red, near a limit amber, the rest green', () => {
    expect(segmentStatus(segment({}), limits)).toBe('ok');
    expect(segmentStatus(segment({ maxGradePct: 5 }), limits)).toBe('ok');
    expect(segmentStatus(segment({ maxGradePct: -9.5 }), limits)).toBe('near');
    expect(segmentStatus(segment({ maxGradePct: 12, flags: ['grade'] }), limits)).toBe('flagged');
    expect(segmentStatus(segment({ flags: ['airborne'], leftGround: true }), limits)).toBe('flagged');
    expect(segmentStatus(segment({ liftedWheel: true }), limits)).toBe('near');
    // 60 km/h on the flat needs 167 m of radius (AASHTO: f_max 0.17): 200 m is near it, 400 m is not.
    expect(segmentStatus(segment({ radius: 200 }), limits)).toBe('near');
    expect(segmentStatus(segment({ radius: 400 }), limits)).toBe('ok');
    // A crest: v² κ against g (16.7² · 0.03 = 8.3 m/s², 85 % of g).
    expect(segmentStatus(segment({ verticalCurvature: -0.03 }), limits)).toBe('near');
    expect(segmentStatus(segment({ verticalCurvature: 0.03 }), limits)).toBe('ok');
    // The sight-distance flags warn (amber), alone; with a broken limit the segment is red.
    expect(segmentStatus(segment({ flags: ['blindCrest'] }), limits)).toBe('near');
    expect(segmentStatus(segment({ flags: ['sag'] }), limits)).toBe('near');
    expect(segmentStatus(segment({ flags: ['blindCrest', 'grade'] }), limits)).toBe('flagged');
  });
});

describe('the road report in the editor', () => {
  // Rapier loads lazily in the session; loading it once here keeps the drive test within its time.
  beforeAll(async () => void (await loadRapier()), 30_000);

  it('is computed from the geometry for the current road, and its overlay colours every station', () => {
    const session = sessionWith(roadStack(roadLayer(), SIZE));
    const { reports } = session.roadReport;
    reports.refresh();
    const { report, roadId, source } = reports.store.getState();
    expect(roadId).toBe('road-1');
    expect(source).toBe('geometry');
    expect(report!.segments.length).toBe(Math.ceil(report!.length / 10 - 1e-9));
    expect(report!.segments.every((s) => s.maxSpeed === null)).toBe(true);
    const path = reports.overlayPath()!;
    expect(path.status.length).toBe(path.x.length);
    const flagged = report!.segments.filter((s) => s.flags.length > 0).length;
    expect(path.status.includes('flagged')).toBe(flagged > 0);
    // A row clicked: the views are asked to show the middle of its segment, looking along the road.
    const { line } = reports.fitted()!;
    reports.focusSegment(2);
    const { focus, focusVersion } = reports.store.getState();
    const mid = Math.round(25 / line.ds);
    expect(focus).toMatchObject({ index: 2 });
    expect(Math.hypot(focus!.x - line.x[mid], focus!.z - line.z[mid])).toBeLessThan(1e-9);
    expect(focus!.heading).toBeCloseTo(Math.atan2(line.tx[mid], line.tz[mid]), 9);
    expect(focusVersion).toBe(1);
    session.dispose();
  });

  it.each(['physics', 'kinematic'] as const)(
    'Drive this road (%s): the car starts on the road, stays within its width to the last point, and the report has the speeds',
    async (carModel) => {
      const session = sessionWith(roadStack(roadLayer(undefined, { designSpeedKmh: 30 }), SIZE));
      const { drive } = session;
      drive.setSettings({ model: carModel });
      const fitted = session.roadReport.reports.fitted()!;
      const { line } = fitted;
      await session.commands.execute('road.drive');
      expect(drive.mode).toBe('drive');
      expect(drive.store.getState().autopilot).toBe('driving');
      // The panel shows the Roads tab, where the road's report is, not the Drive tab.
      expect(session.view.getState().settings.panelTab).toBe('roads');
      if (carModel === 'physics') await expect.poll(() => drive.physicsState !== null, { timeout: 30_000 }).toBe(true);
      const start = drive.carState;
      expect(Math.hypot(start.x - line.x[0], start.z - line.z[0])).toBeLessThan(0.01);
      // Facing along the road.
      expect(Math.cos(start.heading - Math.atan2(line.tx[0], line.tz[0]))).toBeGreaterThan(0.99);
      let worst = 0;
      for (let t = 0; t < 90 && drive.store.getState().autopilot === 'driving'; t += 1 / 60) {
        drive.frame(1 / 60);
        worst = Math.max(worst, offCentre(line, drive.carState.x, drive.carState.z));
      }
      expect(drive.store.getState().autopilot).toBe('arrived');
      expect(worst).toBeLessThan(fitted.params.width / 2);
      const end = drive.carState;
      expect(Math.hypot(end.x - line.x[line.n - 1], end.z - line.z[line.n - 1])).toBeLessThan(2);
      const { report, source } = session.roadReport.reports.store.getState();
      expect(source).toBe('drive');
      expect(report!.reachedEnd).toBe(true);
      const speeds = report!.segments.map((s) => s.maxSpeed ?? 0);
      expect(Math.max(...speeds)).toBeGreaterThan(5);
      expect(Math.max(...speeds)).toBeLessThan(30 / 3.6 + 1);
      session.dispose();
    },
    60_000,
  );

  it('a driving key takes over from the autopilot; Esc leaves', async () => {
    const session = sessionWith(roadStack(roadLayer(), SIZE));
    const { drive } = session;
    drive.setSettings({ model: 'kinematic' });
    await session.commands.execute('road.drive');
    for (let k = 0; k < 60; k++) drive.frame(1 / 60);
    expect(drive.carState.speed).toBeGreaterThan(1);
    drive.keyDown('KeyA');
    expect(drive.store.getState().autopilot).toBe('taken');
    // The kinematic drive so far made a report with speeds; the drive did not reach the end.
    const { report } = session.roadReport.reports.store.getState();
    expect(report!.reachedEnd).toBe(false);
    expect(report!.segments[0].maxSpeed).toBeGreaterThan(0);
    drive.keyUp('KeyA');
    drive.keyDown('Escape');
    expect(drive.mode).toBe('off');
    session.dispose();
  });

  it('exports: the save requests pass the IPC contract, and the CSV has a row per segment', async () => {
    const saved: SaveBytesRequest[] = [];
    const session = sessionWith(roadStack(roadLayer(), SIZE), async (request) => {
      saved.push(request);
      return { saved: true, fileName: request.defaultName };
    });
    for (const id of ['road.exportReport', 'road.exportReportJson', 'road.exportCentreline', 'road.exportSurface'] as const) await session.commands.execute(id);
    expect(saved.map((r) => r.defaultName)).toEqual(['Test-road-report.csv', 'Test-road-report.json', 'Test-road-centreline.json', 'Test-road.glb']);
    for (const request of saved) expect(() => saveBytesRequestValidator(request, 'request')).not.toThrow();
    expect(() => saveBytesRequestValidator({ ...saved[0], defaultName: '../x.csv' }, 'request')).toThrow();
    const report = session.roadReport.reports.store.getState().report!;
    const lines = new TextDecoder().decode(saved[0].bytes).trim().split('\n');
    expect(lines[0]).toBe(REPORT_CSV_COLUMNS.join(','));
    expect(lines.length - 1).toBe(report.segments.length);
    const json = JSON.parse(new TextDecoder().decode(saved[1].bytes)) as { segments: unknown[] };
    expect(json.segments.length).toBe(report.segments.length);
    const centreline = JSON.parse(new TextDecoder().decode(saved[2].bytes)) as { points: { x: number; z: number }[]; engines: Record<string, unknown> };
    expect(centreline.points[0].x).toBeCloseTo(-100, 6);
    expect(Object.keys(centreline.engines)).toContain('unreal');
    // glTF binary magic.
    expect(new TextDecoder().decode(saved[3].bytes.subarray(0, 4))).toBe('glTF');
    expect(session.roadReport.store.getState().message).toBe('Saved Test-road.glb');
    // A hostile name would not reach main as a path.
    expect(safeFileStem('../../etc/passwd')).toBe('etc-passwd');
    session.dispose();
  });

  it('the engine export offers the road footprint as a mask source when the stack has a road', () => {
    const stack = roadStack(roadLayer(), SIZE);
    const session = sessionWith(stack);
    expect(session.exchange.exports.maskSources()).toContain('road');
    const plain = sessionWith([hills(SIZE)]);
    expect(plain.exchange.exports.maskSources()).not.toContain('road');
    session.dispose();
    plain.dispose();
  });

  it('without a road, the road commands are disabled and say so', async () => {
    const session = sessionWith([hills(SIZE)]);
    expect(session.commands.isEnabled('road.drive')).toBe(false);
    expect(session.commands.isEnabled('road.exportReport')).toBe(false);
    expect(session.roadReport.exportRequest('reportCsv')).toBeNull();
    expect(await session.roadReport.smoothProfile()).toBe('none');
    session.dispose();
  });

  it('Smooth road profile: one undo entry that lengthens the vertical curves; undo restores the heights', async () => {
    const stack = roadStack(roadLayer(undefined, { verticalCurve: 10 }), SIZE);
    const session = sessionWith(stack);
    const before = session.editor.document.field.heights.slice();
    expect(await session.roadReport.smoothProfile()).toBe('done');
    const road = session.editor.document.stack[1];
    expect(road.kind === 'road' && road.params.verticalCurve).toBeGreaterThan(10);
    const after = session.editor.document.field.heights;
    expect(after.some((h, k) => h !== before[k])).toBe(true);
    // The heights are the new stack's, from scratch.
    expect(after).toEqual(evaluateStack(session.editor.document.stack, SIZE));
    expect(session.roadReport.store.getState().message).toMatch(/vertical curves 10 m → \d+ m/);
    await session.commands.execute('edit.undo');
    expect(session.editor.document.field.heights).toEqual(before);
    // The message was about the smoothed terrain: the undo clears it.
    expect(session.roadReport.store.getState().message).toBeNull();
    expect(session.editor.document.stack).toEqual(stack);
    session.dispose();
  });

  it('the kinematic drive samples have speeds from positions', () => {
    const rows = [0, 1, 2].map((t) => ({
      t,
      x: 2 * t,
      y: 0,
      z: 0,
      heading: 0,
      pitch: 0,
      roll: 0,
      upX: 0,
      upY: 1,
      upZ: 0,
      fwdX: 1,
      fwdY: 0,
      fwdZ: 0,
      clip: 0,
      water: 0,
    }));
    const samples = driveSamples({ model: 'kinematic', kinematic: rows, physics: [] });
    expect(samples.map((s) => s.speed)).toEqual([2, 2, 2]);
    expect(samples.every((s) => s.airborne === 0 && s.contact0 === 1)).toBe(true);
  });
});
