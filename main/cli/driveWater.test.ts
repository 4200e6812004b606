import { describe, expect, it } from 'vitest';
import { compileProject } from '../../shared/codecs/project';
import { evaluateStack } from '../../shared/layers/evaluate';
import type { Layer } from '../../shared/layers/types';
import { riverParams } from '../../shared/rivers/params';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { TELEMETRY_COLUMNS } from '../../shared/vehicle/telemetry';
import { runCli } from './cli';
import { EXIT_BLOCKED } from './drive';
import { fakeCliIo } from './testing/fakeCliIo';

// A flat 65 m map with a drawn river across it along x = 0, its bed 1.5 m below the water: deeper than any car fords.
const river: Layer = {
  id: 'river-1',
  name: 'River',
  enabled: true,
  opacity: 1,
  kind: 'river',
  params: riverParams(
    [
      { x: 0, z: -32 },
      { x: 0, z: 32 },
    ],
    { width: 6, depth: 1.5 },
  ),
};
const size = { width: 65, depth: 65, cellSize: 1 };
const project = compileProject({
  field: createHeightfield(65, 65, 1, evaluateStack([river], size)!),
  recipe: null,
  history: [],
  props: [],
  view: {},
  layers: [river],
});
const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

describe('faultline drive across water', () => {
  it.each(['kinematic', 'physics'])('the %s car stops flooded at the river: exit 3, the water column, the reason', async (model) => {
    const io = fakeCliIo({ inputs: { 'map.faultline': project, 'line.json': '[[-25, 0], [25, 0]]' } });
    const code = await runCli(['drive', 'map.faultline', '--route', 'line.json', '--model', model, '--out', 't.csv'], io);
    expect(code).toBe(EXIT_BLOCKED);
    expect(io.err).toMatch(/flooded/);
    const lines = text(io.files.get('t.csv')).trimEnd().split('\n');
    const water = lines[0].split(',').indexOf('water');
    expect(water).toBe(TELEMETRY_COLUMNS.indexOf('water'));
    const last = lines.at(-1)!.split(',').map(Number);
    // The hatchback's 0.3 m is passed on the river's bank, before its 3 m half width of bed.
    expect(last[water]).toBeGreaterThan(0.3);
    expect(Math.abs(last[1])).toBeLessThan(3 + 4 + 1);
    expect(Number(lines[1].split(',')[water])).toBe(0);
  });
});
