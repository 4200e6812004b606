import { describe, expect, it } from 'vitest';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { evaluateStack } from '../../shared/layers/evaluate';
import type { RiverLayer, RoadLayer } from '../../shared/layers/types';
import { riverParams } from '../../shared/rivers/params';
import { createDocument } from '../document/document';
import { Editor } from '../document/editor';
import { createInProcessTransport } from '../jobs/inProcessTransport';
import { createTerrainDesign } from '../terrainDesign';
import { CommandRegistry } from '../commands/commands';
import { createToolStore } from '../tools/toolStore';
import { createDeckedGround } from '../drive/driveDecks';
import { createWaterCache } from '../drive/driveWater';
import { DriveSession } from '../drive/driveSession';
import { createRoadsFeature } from './roadsFeature';
import { createRoadReportModel } from './roadReportModel';

/** A flat 129² map of 2 m cells with a drawn river 6 m wide and 1.5 m deep along x, and a road across it along z. */
async function setup() {
  const editor = new Editor(createDocument(createHeightfield(129, 129, 2)));
  const tools = createToolStore();
  const design = createTerrainDesign(editor, tools, createInProcessTransport());
  const river: RiverLayer = {
    id: 'river-1',
    name: 'River',
    enabled: true,
    opacity: 1,
    kind: 'river',
    params: riverParams(
      [
        { x: -110, z: 0 },
        { x: 110, z: 0 },
      ],
      { width: 6, depth: 1.5 },
    ),
  };
  expect(await design.jobs.applyStack([...editor.document.stack, river], 'River')).toBe('done');
  const roads = createRoadsFeature({ editor, tools, commands: new CommandRegistry(false) }, design, () => undefined);
  expect(
    await roads.model.createFromPoints('Road', [
      { x: 0, z: -100 },
      { x: 0, z: 100 },
    ]),
  ).toBe('done');
  const reports = createRoadReportModel(editor, design.layers);
  const road = () => editor.document.stack.find((l): l is RoadLayer => l.kind === 'road')!;
  reports.pick(road().id);
  return { editor, roads: roads.model, reports, road };
}

const bits = (a: Float32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
const FRAME = 1 / 60;

/** The kinematic car driven up the road from z = −60 for `seconds`: the furthest z, and whether it was ever flooded. */
function driveAcross(editor: Editor, seconds: number): { z: number; flooded: boolean; y: number[] } {
  const decked = createDeckedGround(
    () => editor.document.stack,
    () => editor.document.field,
  );
  const water = createWaterCache(
    () => editor.document.stack,
    () => editor.document.field,
  );
  const drive = new DriveSession({ field: decked.field, water: () => decked.water(water()) });
  drive.enterDrive({ x: 0, z: -60, heading: 0 });
  drive.keyDown('KeyW');
  let flooded = false;
  const y: number[] = [];
  for (let t = 0; t < seconds; t += FRAME) {
    drive.frame(FRAME);
    const hud = drive.store.getState().hud!;
    flooded = flooded || hud.flooded === true;
    const pose = drive.pose;
    if (pose && Math.abs(pose.position.z) < 2) y.push(pose.position.y);
  }
  return { z: drive.store.getState().hud!.z, flooded, y };
}

describe('ford or bridge in the editor', () => {
  it('the report lists the crossing; choosing a bridge is one undo entry, exact, and the kinematic car crosses on its deck, not flooded', async () => {
    const { editor, roads, reports, road } = await setup();
    reports.refresh();
    const [crossing] = reports.store.getState().report!.crossings;
    expect(crossing).toMatchObject({ kind: 'ford', chosen: false, suggested: 'bridge' });
    expect(crossing.maxDepth).toBeCloseTo(1.5, 3);
    // The ford: the car floods mid-river.
    expect(driveAcross(editor, 12).flooded).toBe(true);
    const before = { heights: editor.document.field.heights.slice(), stack: JSON.stringify(editor.document.stack) };
    const depth = editor.history.undoDepth;
    expect(await roads.setCrossing(road().id, crossing.from, crossing.to, 'bridge')).toBe('done');
    expect(editor.history.undoDepth).toBe(depth + 1);
    expect(road().params.crossings).toEqual([{ from: expect.closeTo(crossing.from, 3), to: expect.closeTo(crossing.to, 3), kind: 'bridge' }]);
    const { field, stack } = editor.document;
    expect(bits(field.heights).equals(bits(evaluateStack(stack, field)!))).toBe(true);
    reports.refresh();
    expect(reports.store.getState().report!.crossings).toMatchObject([{ kind: 'bridge', chosen: true }]);
    const across = driveAcross(editor, 12);
    expect(across.flooded).toBe(false);
    expect(across.z).toBeGreaterThan(20);
    // Over the river the car rides the deck (the banks are at 0 m), not the bed 1.5 m down.
    expect(across.y.length).toBeGreaterThan(0);
    for (const y of across.y) expect(y).toBeGreaterThan(-0.1);
    editor.undo();
    expect(bits(editor.document.field.heights).equals(bits(before.heights))).toBe(true);
    expect(JSON.stringify(editor.document.stack)).toBe(before.stack);
  });
});
