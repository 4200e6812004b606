/**
 * A 65 × 65 terrain design in process for the tests of edits through the layer stack
 * (app/layers/layers.test.ts, app/jobs/localEvaluatorInUse.test.ts): the session's editor, tools and
 * design, a lowering brush stroke, and the check that the document is its stack from scratch.
 */
import { expect } from 'vitest';
import { DEFAULT_RECIPE, type FaultRecipe } from '../../shared/fault/recipe';
import { evaluateStack } from '../../shared/layers/evaluate';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { createDocument } from '../document/document';
import { Editor } from '../document/editor';
import { createInProcessTransport } from '../jobs/inProcessTransport';
import { createTerrainDesign } from '../terrainDesign';
import { createToolStore } from '../tools/toolStore';
import type { ToolPointerEvent } from '../tools/types';

export const SIZE = 65;
export const RECIPE: FaultRecipe = { ...DEFAULT_RECIPE, seed: 4, iterations: 60 };

export function setup() {
  const editor = new Editor(createDocument(createHeightfield(SIZE, SIZE, 2)));
  const tools = createToolStore();
  const design = createTerrainDesign(editor, tools, createInProcessTransport());
  return { editor, tools, design };
}

export const bits = (a: Float32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
export const kinds = (editor: Editor) => editor.document.stack.map((layer) => layer.kind);

/** The document's heights are its stack evaluated from scratch, bit for bit. */
export function expectExact(editor: Editor): void {
  const { field, stack } = editor.document;
  const scratch = evaluateStack(stack, { width: field.width, depth: field.depth, cellSize: field.cellSize })!;
  expect(bits(field.heights).equals(bits(scratch))).toBe(true);
}

export function at(x: number, z: number): ToolPointerEvent {
  return { x, z, y: 0, source: '3d', shiftKey: false, altKey: false, ctrlKey: false };
}

export async function settled(design: ReturnType<typeof setup>['design']): Promise<void> {
  for (let n = 0; n < 2000 && design.jobs.isRunning; n++) await new Promise((resolve) => setTimeout(resolve, 1));
}

/** A lowering stroke from (−30, 0) to (30, 0): a valley across the map. */
export async function carveValley(tools: ReturnType<typeof setup>['tools'], design: ReturnType<typeof setup>['design']): Promise<void> {
  design.toolSettings.setState({ brush: { mode: 'lower', radius: 10, strength: 1, falloff: 0.5 } });
  design.selectTool('brush');
  const brush = tools.getState().active;
  brush?.onPointerDown?.(at(-30, 0));
  for (let x = -25; x <= 30; x += 5) brush?.onPointerMove?.(at(x, 0));
  brush?.onPointerUp?.(at(30, 0));
  await settled(design);
  design.selectTool('navigate');
}
