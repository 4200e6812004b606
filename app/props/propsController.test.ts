import { describe, expect, it } from 'vitest';
import { createRandom } from '../../shared/random';
import { bumpyField } from '../../shared/props/testing/fixtures';
import { referenceHeight } from '../../shared/props/testing/referenceSurface';
import { parsePropsJson } from '../../shared/props/exportJson';
import { clampToTerrain, createHeightfield } from '../../shared/terrain/heightfield';
import { createDocument, type Prop } from '../document/document';
import { Editor } from '../document/editor';
import { createBrushTool } from '../tools/brushTool';
import { createToolSettingsStore } from '../tools/toolSettings';
import { createToolStore } from '../tools/toolStore';
import type { ToolPointerEvent } from '../tools/types';
import { applyManualFault, smoothTerrain } from '../generate/terrainStepEdits';
import { createInProcessTransport } from '../jobs/inProcessTransport';
import { TerrainJobs } from '../jobs/terrainJobs';
import { createLayersModel } from '../layers/layersModel';
import { createFieldReplaceEdit } from '../document/generationEdits';
import { PropsController } from './propsController';
import { createSelectTool } from './selectTool';

const TOLERANCE = 1e-4;

function setup(size = 65, cellSize = 2) {
  const editor = new Editor(createDocument(bumpyField(size, size, cellSize, 7, 10)));
  const props = new PropsController(editor);
  return { editor, props };
}

/** Every prop's derived base against an independent triangle computation. */
function expectAllSnapped(props: PropsController): void {
  const field = props.editor.document.field;
  const { placements } = props.layer.layer;
  expect(props.layer.count).toBe(props.editor.document.props.length);
  props.editor.document.props.forEach((prop, k) => {
    expect(props.layer.list[k]).toBe(prop);
    // Props beyond a smaller map stand on its nearest edge point.
    const at = clampToTerrain(field, prop.x, prop.z);
    const expected = referenceHeight(field, at.x, at.z) + (prop.offsetY ?? 0);
    expect(Math.abs(placements.y[k] - expected), `prop ${prop.id} at (${prop.x}, ${prop.z})`).toBeLessThanOrEqual(TOLERANCE);
  });
}

function scatterSome(props: PropsController, count = 300): void {
  props.settings.setState((s) => ({ scatter: { ...s.scatter, count, seed: 11, spacing: 1 } }));
  props.scatter();
}

const event = (x: number, z: number, source: '2d' | '3d' = '3d', shiftKey = false): ToolPointerEvent => ({
  x,
  z,
  y: 0,
  source,
  shiftKey,
  altKey: false,
  ctrlKey: false,
});

describe('PropsController edits', () => {
  it('places a prop on the exact surface as one undoable entry, and selects it', () => {
    const { editor, props } = setup();
    const placed = props.place('rock', 3.3, -7.1);
    expect(editor.document.props).toEqual([placed]);
    expect(props.selection.getState().ids).toEqual(new Set([placed.id]));
    expect(editor.history.undoLabel).toBe('Place rock');
    expectAllSnapped(props);
    editor.undo();
    expect(editor.document.props).toEqual([]);
    expect(props.layer.count).toBe(0);
    expect(props.selection.getState().ids.size).toBe(0);
    editor.redo();
    expect(editor.document.props).toEqual([placed]);
  });

  it('scatters as one entry with fresh ids; undo removes exactly the scattered props', () => {
    const { editor, props } = setup();
    const first = props.place('house', 0, 0);
    const depth = editor.history.undoDepth;
    scatterSome(props);
    expect(editor.history.undoDepth).toBe(depth + 1);
    const ids = editor.document.props.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(editor.document.props.length).toBeGreaterThan(100);
    expectAllSnapped(props);
    editor.undo();
    expect(editor.document.props).toEqual([first]);
    expectAllSnapped(props);
  });

  it('deletes and duplicates the selection, each undoable', () => {
    const { editor, props } = setup();
    const a = props.place('rock', 1, 1);
    const b = props.place('bush', 10, 10);
    props.select([a.id, b.id]);
    expect(props.duplicateSelection()).toBe(2);
    expect(editor.document.props).toHaveLength(4);
    const copies = editor.document.props.slice(2);
    expect(copies.map((p) => p.type)).toEqual(['rock', 'bush']);
    expect(props.selection.getState().ids).toEqual(new Set(copies.map((p) => p.id)));
    expectAllSnapped(props);
    props.select([a.id]);
    expect(props.deleteSelection()).toBe(1);
    expect(editor.document.props.map((p) => p.id)).not.toContain(a.id);
    editor.undo();
    editor.undo();
    expect(editor.document.props).toEqual([a, b]);
  });

  it('edits the transform of the selection and re-derives height from the new position', () => {
    const { editor, props } = setup();
    const prop = props.place('conifer', 5, 5);
    props.updateSelection({ x: -20.25, yaw: 1.2, scale: 2, offsetY: 0.5 });
    const [edited] = editor.document.props;
    expect(edited).toMatchObject({ id: prop.id, x: -20.25, z: 5, yaw: 1.2, scale: 2, offsetY: 0.5 });
    expectAllSnapped(props);
    props.updateSelection({ scale: 0 });
    expect(editor.document.props[0].scale).toBe(2);
    editor.undo();
    expect(editor.document.props).toEqual([prop]);
    expectAllSnapped(props);
  });

  it('exports the documented JSON with y = surface height + offset', () => {
    const { props } = setup();
    props.place('rock', 2.5, 3.5);
    props.updateSelection({ offsetY: -0.25 });
    const [record] = parsePropsJson(props.exportJson());
    const field = props.editor.document.field;
    expect(record.type).toBe('rock');
    expect(Math.abs(record.y - (referenceHeight(field, 2.5, 3.5) - 0.25))).toBeLessThanOrEqual(TOLERANCE);
  });
});

describe('re-snapping after terrain changes', () => {
  it('follows a brush stroke, touching only props in the changed area, and its undo', () => {
    const { editor, props } = setup(129);
    scatterSome(props, 800);
    const tools = createToolStore();
    const settings = createToolSettingsStore();
    settings.setState({ brush: { mode: 'raise', radius: 10, strength: 1, falloff: 0.5 } });
    const jobs = new TerrainJobs(editor, createInProcessTransport());
    const brush = createBrushTool(editor, tools, settings, jobs, createLayersModel(editor, jobs));
    const before = props.layer.layer.placements.y.slice();
    const updated: number[] = [];
    props.onPlacementChange((change) => {
      expect(change.kind).not.toBe('rebuild');
      if (change.kind === 'update') updated.push(...change.indices);
    });
    brush.onPointerDown?.(event(20, 20));
    brush.onPointerMove?.(event(30, 24));
    brush.onPointerUp?.(event(30, 24));
    expectAllSnapped(props);
    expect(updated.length).toBeGreaterThan(0);
    const list = editor.document.props;
    for (const k of updated) expect(Math.hypot(list[k].x - 25, list[k].z - 22)).toBeLessThan(10 + 5 + 2 * 2 * Math.SQRT2);
    const untouched = list.filter((_, k) => !updated.includes(k)).length;
    expect(untouched).toBeGreaterThan(list.length / 2);
    editor.undo();
    expectAllSnapped(props);
    expect(props.layer.layer.placements.y).toEqual(before);
  });

  it('follows a manual fault, smoothing, a new map (import or generation) and their undo', () => {
    const { editor, props } = setup();
    scatterSome(props);
    expect(applyManualFault(editor, -50, -40, 60, 30, 3)).toBe(true);
    expectAllSnapped(props);
    smoothTerrain(editor, 0.5);
    expectAllSnapped(props);
    const imported = bumpyField(33, 49, 3, 99, 20);
    editor.apply(createFieldReplaceEdit('Import', editor.document.field, imported));
    expect(props.layer.layer.index.width).toBe(33);
    expectAllSnapped(props);
    while (editor.undo()) expectAllSnapped(props);
  });

  it('rebuilds for a replaced document and keeps props snapped on a flat map', () => {
    const { editor, props } = setup();
    scatterSome(props, 50);
    const flat = createDocument(createHeightfield(17, 17, 1));
    const kept: Prop[] = [{ id: 'a', type: 'boulder', x: 1, z: 2, yaw: 0, scale: 1 }];
    flat.props = kept;
    editor.replaceDocument(flat);
    expect(props.layer.list).toBe(kept);
    expectAllSnapped(props);
  });
});

describe('select tool', () => {
  it('drags a prop along the terrain as one history entry; Esc during a drag restores it', () => {
    const { editor, props } = setup();
    const prop = props.place('rock', 0, 0);
    props.select([]);
    const tool = createSelectTool(props);
    const depth = editor.history.undoDepth;
    tool.onPointerDown?.(event(0.3, 0.2));
    expect(props.selection.getState().ids).toEqual(new Set([prop.id]));
    tool.onPointerMove?.(event(5.3, 3.2));
    tool.onPointerMove?.(event(10.3, 8.2));
    expect(editor.history.undoDepth).toBe(depth);
    expectAllSnapped(props);
    tool.onPointerUp?.(event(10.3, 8.2));
    expect(editor.history.undoDepth).toBe(depth + 1);
    expect(editor.document.props[0].x).toBeCloseTo(10, 9);
    expect(editor.document.props[0].z).toBeCloseTo(8, 9);
    expectAllSnapped(props);

    tool.onPointerDown?.(event(10, 8));
    tool.onPointerMove?.(event(-20, -20));
    tool.cancel();
    expect(editor.document.props[0].x).toBeCloseTo(10, 9);
    expectAllSnapped(props);
    editor.undo();
    expect(editor.document.props).toEqual([prop]);
  });

  it('box-selects on the 2D panel and clears on an empty 3D click', () => {
    const { props } = setup();
    const random = createRandom(3);
    for (let k = 0; k < 30; k++) props.place('fence-post', (random.next() - 0.5) * 100, (random.next() - 0.5) * 100);
    const tool = createSelectTool(props);
    tool.onPointerDown?.(event(-40, -40, '2d'));
    tool.onPointerMove?.(event(0, 10, '2d'));
    expect(props.box.getState().box).toEqual({ x0: -40, z0: -40, x1: 0, z1: 10 });
    tool.onPointerUp?.(event(5, 10, '2d'));
    const expected = props.editor.document.props.filter((p) => p.x >= -40 && p.x <= 5 && p.z >= -40 && p.z <= 10).map((p) => p.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(props.selection.getState().ids).toEqual(new Set(expected));
    expect(props.box.getState().box).toBeNull();
    tool.onPointerDown?.(event(200, 200, '3d'));
    expect(props.selection.getState().ids.size).toBe(0);
  });
});
