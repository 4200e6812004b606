import { describe, expect, it } from 'vitest';
import { decodePng } from '../../shared/codecs/png/decode';
import { compileProject } from '../../shared/codecs/project';
import { DEFAULT_FLUVIAL } from '../../shared/erosion/fluvialParams';
import { ENGINE_IDS } from '../../shared/export/engines/registry';
import type { Layer } from '../../shared/layers/types';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { runCli } from './cli';
import { fakeCliIo } from './testing/fakeCliIo';

/**
 * Issue 35 §4: the strata's hardness is a mask source in every engine export. A 65² project rising
 * 1.5 m a cell along x over beds of 10 m shale (hardness 1) and 10 m sandstone (4) from 0 m: vertex i
 * lies at 100 + 1.5·i m, in sandstone where that height modulo 20 m is 10 m or more.
 */
const SIZE = 65;
const strata = {
  beds: [
    { thickness: 10, hardness: 1 },
    { thickness: 10, hardness: 4 },
  ],
  base: 0,
  dipDeg: 0,
  dipAzimuthDeg: 0,
};
const hardAt = (i: number) => (100 + 1.5 * i) % 20 >= 10;

function project(): Uint8Array {
  const field = createHeightfield(SIZE, SIZE, 2);
  for (let j = 0; j < SIZE; j++) for (let i = 0; i < SIZE; i++) field.heights[j * SIZE + i] = 100 + 1.5 * i;
  // No time: the layer passes its input through, so the saved heights are its stack's.
  const layers: Layer[] = [
    { id: 'heights-1', name: 'Face', kind: 'heights', enabled: true, opacity: 1, params: {}, heights: field.heights.slice() },
    { id: 'fluvial-1', name: 'Fluvial', kind: 'fluvial', enabled: true, opacity: 1, params: { ...DEFAULT_FLUVIAL, time: 0, strata } },
  ];
  return compileProject({ field, recipe: null, history: [], props: [], view: {}, layers });
}

describe('the hardness mask source in the engine exports', () => {
  it('every engine preset exports a mask by the beds’ hardness; Terrain3D and HTerrain, at the map’s vertices, bed by bed', async () => {
    const rules = { layers: [{ name: 'soft' }, { name: 'hard', rules: [{ source: 'hardness', min: 2 }] }] };
    expect(ENGINE_IDS.length).toBe(4);
    for (const preset of ENGINE_IDS) {
      const io = fakeCliIo({ inputs: { 'm.faultline': project(), 'rules.json': JSON.stringify(rules) } });
      expect(await runCli(['export', 'm.faultline', '--preset', preset, '--masks', 'rules.json', '--out', 'out', '--name', 'map'], io)).toBe(0);
      expect(io.err).toBe('');
      // Unity's and HTerrain's layers are channels of a splat map (the second layer: green), the others' a file each.
      const splat = preset === 'unity' ? 'out/map_splat0.png' : preset === 'godot-hterrain' ? 'out/map_splat.png' : 'out/map_hard.png';
      const mask = decodePng(io.files.get(splat)!, splat, splat.endsWith('hard.png') ? {} : { channel: 'g' });
      // Terrain3D pads the map in front to its regions (the padding is no map); the others cover the map.
      const padded = preset === 'godot-terrain3d';
      const { left, top } = padded
        ? (JSON.parse(new TextDecoder().decode(io.files.get('out/map.terrain3d.json')!)) as { padding: { left: number; top: number } }).padding
        : { left: 0, top: 0 };
      const [width, depth] = padded ? [SIZE, SIZE] : [mask.width, mask.height];
      let hard = 0;
      for (let j = 0; j < depth; j++) for (let i = 0; i < width; i++) if (mask.samples[(j + top) * mask.width + i + left] > 127) hard++;
      // Half the beds by thickness are sandstone; resampled maps (Unreal 127², Unity 64²) within a few columns.
      expect(hard / (width * depth), preset).toBeGreaterThan(0.4);
      expect(hard / (width * depth), preset).toBeLessThan(0.6);
      // At the map's own vertices (Terrain3D, HTerrain's 65²), bed by bed.
      if (padded || preset === 'godot-hterrain')
        for (const j of [0, 32, 64])
          for (let i = 0; i < SIZE; i++) expect(mask.samples[(j + top) * mask.width + i + left], `${preset} vertex ${i}, ${j}`).toBe(hardAt(i) ? 255 : 0);
    }
  });
});
