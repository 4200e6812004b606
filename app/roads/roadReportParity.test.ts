/**
 * The flags a designer sees in the Roads tab are the command line's (issue 36, "the design standard"):
 * one road made by `faultline road --report`, then opened in the editor, gives the same segments and
 * the same geometry flags (grade, radius, crest, blind crest, sag, water). The drive's flags (airborne,
 * stopped, …) come from a drive, which the window runs only on "Drive this road".
 */
import { describe, expect, it } from 'vitest';
import { compileProject, parseProject } from '../../shared/codecs/project';
import { evaluateStack } from '../../shared/layers/evaluate';
import type { Layer } from '../../shared/layers/types';
import type { SegmentFlag } from '../../shared/roads/report';
import { riverParams } from '../../shared/rivers/params';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { runCli } from '../../main/cli/cli';
import { fakeCliIo } from '../../main/cli/testing/fakeCliIo';
import { createDocument } from '../document/document';
import { createEditorSession } from '../editorSession';
import { createMemoryFaultlineApi } from '../platform/memoryApi';

const GEOMETRY_FLAGS: readonly SegmentFlag[] = ['grade', 'radius', 'crest', 'blindCrest', 'sag', 'water'];
const geometry = (flags: readonly SegmentFlag[]) => flags.filter((f) => GEOMETRY_FLAGS.includes(f)).sort();

type Segment = { from: number; to: number; flags: SegmentFlag[] };

describe('the road report in the window and on the command line', () => {
  it('flags the same segments the same way: hills, a tight bend at 60 km/h, vertical curves and a river forded', async () => {
    // Rolling hills with a river across them (the stack's water, forded), and a road with bends far
    // tighter than 60 km/h allows.
    const generated = fakeCliIo();
    expect(await runCli(['generate', '--size', '129', '--cell-size', '2', '--seed', '11', '--quiet', '--out', 'h.faultline'], generated)).toBe(0);
    const hills = parseProject(generated.files.get('h.faultline')!, 'h.faultline');
    const river: Layer = {
      ...{ id: 'river-1', name: 'River', enabled: true, opacity: 1 },
      kind: 'river',
      params: riverParams(
        [
          { x: 20, z: -120 },
          { x: 20, z: 120 },
        ],
        { width: 8, depth: 1 },
      ),
    };
    const layers = [...hills.layers!, river];
    const field = createHeightfield(129, 129, 2, evaluateStack(layers, hills.field)!);
    const input = compileProject({ field, recipe: null, history: [], props: [], view: {}, layers });
    const spline = JSON.stringify({
      points: [
        [-100, -80],
        [-30, -60],
        [-20, 10],
        [60, 30],
        [90, 90],
      ],
    });
    const io = fakeCliIo({ inputs: { 'in.faultline': input, 'road.json': spline } });
    // 16 %: the road's ends, on the ground, are 14 % apart over its length (at 6 % every segment is the flagged ramp between them).
    const args = ['road', 'in.faultline', '--spline', 'road.json', '--design-speed', '60', '--max-grade', '16', '--out', 'r.faultline', '--report', 'r.json'];
    expect(await runCli(args, io)).toBe(0);
    const cli = JSON.parse(new TextDecoder().decode(io.files.get('r.json')!)) as { segments: Segment[] };

    // The CLI's output opened in the editor: the Roads tab's report of that road, from its geometry.
    const saved = parseProject(io.files.get('r.faultline')!, 'r.faultline');
    const session = createEditorSession({ api: createMemoryFaultlineApi(), document: createDocument(saved.field, saved.layers!) });
    const { reports } = session.roadReport;
    reports.refresh();
    const window = reports.store.getState().report!;
    expect(reports.store.getState().roadId).toBe('road-1');

    // The JSON gives metres to the millimetre.
    const mm = (m: number) => Math.round(m * 1000) / 1000;
    expect(window.segments.map((s) => [mm(s.from), mm(s.to)])).toEqual(cli.segments.map((s) => [s.from, s.to]));
    expect(window.segments.map((s) => geometry(s.flags))).toEqual(cli.segments.map((s) => geometry(s.flags)));
    // Not a vacuous match: the road has segments flagged for radius, water and a vertical curve, and clean
    // ones (no grade flag: the fitted profile keeps the grade where the ground allows).
    const all = cli.segments.flatMap((s) => geometry(s.flags));
    for (const flag of ['radius', 'water'] as const) expect(all, flag).toContain(flag);
    expect(all.some((f) => f === 'sag' || f === 'blindCrest')).toBe(true);
    expect(cli.segments.some((s) => geometry(s.flags).length === 0)).toBe(true);
    session.dispose();
  });
});
