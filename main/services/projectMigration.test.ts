import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseProject, compileProject } from '../../shared/codecs/project';
import { evaluateStack } from '../../shared/layers/evaluate';
import { settleStack, migrateLegacy } from '../../shared/layers/migrate';

// The v1 fixtures are files on disk, read here in main's tests (shared/ stays free of Node).
const fixture = (name: string) => parseProject(new Uint8Array(readFileSync(join(__dirname, '../../shared/layers/testing/fixtures', name))), name);
const bytes = (a: Float32Array | null) => (a ? new Uint8Array(a.buffer, a.byteOffset, a.byteLength) : null);

describe('projects written before layers (format v1 fixtures)', () => {
  it('a replayable recipe + steps opens as faults + step layers that give the saved heights bit for bit', () => {
    const doc = fixture('v1-replayable.faultline');
    expect(doc.layerStatus).toEqual({ origin: 'replay', problem: null, version: 1 });
    const stack = doc.layers!;
    expect(stack.map((layer) => layer.kind)).toEqual(['faults', 'manualFaults', 'hydraulic', 'thermal', 'smooth', 'normalise']);
    expect(stack[0]).toMatchObject({ id: 'faults', params: { seed: 7, iterations: 600, runs: [500] } });
    expect(bytes(evaluateStack(stack, doc.field))).toEqual(bytes(doc.field.heights));
    const settled = settleStack(stack, doc.field.heights, doc.field, true)!;
    expect(settled).toMatchObject({ reproduces: true, note: null });
    expect(settled.stack).toBe(stack);
    // Props, view, recipe and history are kept as they were.
    expect(doc.props).toHaveLength(1);
    expect(doc.view).toEqual({ name: 'v1 fixture' });
  });

  it('steps that no longer give the heights (a baked brush stroke) fall back to one heights layer: nothing is lost', () => {
    const doc = fixture('v1-brushed.faultline');
    expect(doc.layerStatus?.origin).toBe('replay');
    const settled = settleStack(doc.layers!, doc.field.heights, doc.field, true)!;
    expect(settled.note).toMatch(/do not give its saved heights/);
    expect(settled.stack.map((layer) => layer.kind)).toEqual(['heights']);
    expect(bytes(evaluateStack(settled.stack, doc.field))).toEqual(bytes(doc.field.heights));
  });

  it('heights without a recipe open as a heights layer', () => {
    const doc = fixture('v1-imported.faultline');
    expect(doc.layerStatus).toMatchObject({ origin: 'heights', version: 1 });
    expect(doc.layerStatus?.problem).toMatch(/no recipe/);
    expect(bytes(evaluateStack(doc.layers!, doc.field))).toEqual(bytes(doc.field.heights));
  });

  it('saved as v2 the migrated stack reads back the same and still reproduces', () => {
    const doc = fixture('v1-replayable.faultline');
    const again = parseProject(compileProject(doc), 'again.faultline');
    expect(again.layerStatus).toEqual({ origin: 'saved', problem: null, version: 2 });
    expect(again.layers).toEqual(doc.layers);
    expect(bytes(evaluateStack(again.layers!, again.field))).toEqual(bytes(doc.field.heights));
  });

  it('histories that cannot be layers become heights, saying why', () => {
    const heights = new Float32Array(4);
    const recipe = { seed: 1, iterations: 10, lineMethod: 'normal' as const, decay: { disp0: 1, dispN: 1, n: 1 } };
    expect(migrateLegacy(recipe, [{ kind: 'continue', iterations: 3 }], heights)).toMatchObject({
      from: 'heights',
      reason: expect.stringMatching(/step 1 cannot be replayed/) as unknown,
    });
    expect(
      migrateLegacy(
        recipe,
        [
          { kind: 'smooth', k: 0.2 },
          { kind: 'run', start: 10, end: 20 },
        ],
        heights,
      ),
    ).toMatchObject({ from: 'heights', reason: expect.stringMatching(/run follows/) as unknown });
    expect(
      migrateLegacy(
        recipe,
        [
          { kind: 'run', start: 4, end: 20 },
          { kind: 'run', start: 19, end: 30 },
        ],
        heights,
      ),
    ).toMatchObject({ from: 'heights', reason: expect.stringMatching(/from iteration 19, not 20/) as unknown });
    const ok = migrateLegacy(
      recipe,
      [
        { kind: 'run', start: 4, end: 20 },
        { kind: 'run', start: 20, end: 30 },
      ],
      heights,
    );
    expect(ok.stack[0].params).toMatchObject({ iterations: 30, runs: [4, 20] });
  });
});
