import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { expect } from 'vitest';
import { compileProject, parseProject, type ProjectDocument } from '../../../shared/codecs/project';
import { evaluateStack } from '../../../shared/layers/evaluate';
import type { Layer, LayerSize } from '../../../shared/layers/types';
import { createHeightfield } from '../../../shared/terrain/heightfield';

/** A float array's bytes, so two arrays compare bit for bit (−0, NaN payloads and all). */
export const floatBytes = (a: Float32Array | null): Uint8Array | null => (a ? new Uint8Array(a.buffer, a.byteOffset, a.byteLength) : null);

/**
 * Writes a layer fixture (the stack and its evaluation as a project) only when FAULTLINE_WRITE_FIXTURES=1:
 * fixtures are kept as the code of their day wrote them, so a later reader is proved to replay them.
 */
export function writeFixtureWhenAsked(path: string, size: LayerSize, stack: Layer[], viewName: string): void {
  if (process.env.FAULTLINE_WRITE_FIXTURES !== '1') return;
  const heights = evaluateStack(stack, size)!;
  const field = createHeightfield(size.width, size.depth, size.cellSize, heights);
  writeFileSync(path, compileProject({ field, recipe: null, history: [], props: [], view: { name: viewName }, layers: stack }));
}

/** Opens a layer fixture: format version 2, its layers read without a problem. */
export function openFixture(path: string): ProjectDocument {
  const file = new Uint8Array(readFileSync(path));
  expect(file[10] | (file[11] << 8)).toBe(2);
  const doc = parseProject(file, basename(path));
  expect(doc.layerStatus?.problem ?? null).toBeNull();
  return doc;
}

/** The fixture holds the stack as written, and its saved heights are that stack's evaluation bit for bit. */
export function expectReplaysAsWritten(doc: ProjectDocument, stack: Layer[]): void {
  expect(doc.layers).toEqual(stack);
  expect(floatBytes(evaluateStack(doc.layers!, doc.field))).toEqual(floatBytes(doc.field.heights));
}
