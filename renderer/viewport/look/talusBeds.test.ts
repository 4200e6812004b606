import { describe, expect, it } from 'vitest';
import { Vector4 } from 'three';
import { groundLayers, groundPalette, groundWeights, writeGroundColour, type GroundInputs } from '../../../shared/ground/groundMaterials';
import { defaultMaskSet, layerWeights, MaskSources } from '../../../shared/export/masks';
import { gridFromField } from '../../../shared/export/grid';
import { linearToSrgbByte } from '../../../shared/export/colourMap';
import { CLIMATE_LOOKS } from '../../../shared/ground/climate';
import { naturalPalette, writeNaturalGround } from '../../../shared/ground/naturalColours';
import { srgbByteToLinear } from '../../../shared/terrain/colourRamp';
import type { Strata } from '../../../shared/terrain/strata';
import { createGroundUniforms, GROUND_FRAGMENT, GROUND_FRAGMENT_HEADER, packRule, setGroundUniforms, viewGroundLayers } from './groundShader';
import { glslBody, glslMix, glslSmoothstep, glslToJs } from './testing/glslAsJs';

/**
 * Talus on a mesa's beds (issue 35): the scree layer's rubble lies on the soft shale under a caprock's
 * cliff, never within the caprock itself, where a slope at talus angles is the cap's rounded lip or the
 * face's upper edge. Painted by slope alone, the triangles along a rim that cuts the cells' diagonal read
 * rubble and rock in turn (cell-sized saw-teeth along every caprock lip up close: the triangles of one
 * row of cells, drawn at 45–51°, are shaded at 41–44° at the rock's edge). The column here is Mesas': 32 m
 * of shale (hardness 1) under 8 m of caprock (hardness 20), repeating, from 0.5 m.
 */
const MESAS: Strata = {
  beds: [
    { thickness: 32, hardness: 1 },
    { thickness: 8, hardness: 20 },
  ],
  base: 0.5,
  dipDeg: 0,
  dipAzimuthDeg: 0,
};
const LINES = { treeLine: 2500, snowLine: 5000 };
/** Closed form: the caprock lies from base + 32 m to base + 40 m in every 40 m. */
const inCaprock = (h: number) => {
  const y = (((h - MESAS.base) % 40) + 40) % 40;
  return y >= 32 && y < 40;
};
/** Closed form: the hardness the talus rule reads, each bed's coming in over its lowest 3 m by a smoothstep. */
const hardnessAt = (h: number) => {
  const y = (((h - MESAS.base) % 40) + 40) % 40;
  const t = Math.min(1, (y >= 32 ? y - 32 : y) / 3);
  const s = t * t * (3 - 2 * t);
  return y >= 32 ? 1 + 19 * s : 20 - 19 * s;
};
/** Closed form: the talus rule's weight, full to √20 (the beds' geometric mean), none at 20, a smoothstep between. */
const talusShare = (hardness: number) => {
  const t = Math.min(1, Math.max(0, (hardness - Math.sqrt(20)) / (20 - Math.sqrt(20))));
  return 1 - t * t * (3 - 2 * t);
};
/** The cap's upper part, over the fade: its lip and its face's upper edge. */
const inCapTop = (h: number) => inCaprock(h) && hardnessAt(h) === 20;

/**
 * The shader's terrainBand then terrainBandHardness, their GLSL text run as JavaScript with the uniforms'
 * values (the globals terrainBand sets kept in locals): the hardness a talus rule reads at a height.
 */
function shaderHardness(setting: ReturnType<typeof createGroundUniforms>): (height: number) => number {
  const js = (signature: string) => glslToJs(glslBody(GROUND_FRAGMENT_HEADER, signature), ['float', 'int', 'vec3']);
  const run = new Function(
    'floor',
    'min',
    'mix',
    'smoothstep',
    'terrainBedTops',
    'terrainBedCount',
    'terrainBedBlend',
    'terrainBedColours',
    'terrainBedHardness',
    'height',
    `let terrainBandBed = -1, terrainBandThickness = -1, terrainBandDepth = -1;
     (() => {${js('vec3 terrainBand(')}})();
     return (() => {${js('float terrainBandHardness(')}})();`,
  );
  const colours = setting.terrainBedColours.value.map((v) => [v.x, v.y, v.z]);
  const mix = (a: number | number[], b: number | number[], f: number) =>
    typeof a === 'number' && typeof b === 'number' ? a + (b - a) * f : glslMix(a as number[], b as number[], f);
  return (height) =>
    run(
      Math.floor,
      Math.min,
      mix,
      glslSmoothstep,
      setting.terrainBedTops.value,
      setting.terrainBedCount.value,
      setting.terrainBedBlend.value,
      colours,
      setting.terrainBedHardness.value,
      height - MESAS.base,
    ) as number;
}

/** The shader's terrainGroundInput run as JavaScript. */
function shaderInput(): (rule: Vector4, height: number, slope: number, hardness: number) => number {
  const js = glslToJs(glslBody(GROUND_FRAGMENT_HEADER, 'float terrainGroundInput('));
  const input = new Function('rule', 'height', 'slopeDeg', 'cover', 'road', 'hardness', js);
  return (rule, height, slope, hardness) => input(rule, height, slope, { x: 0, y: 0 }, { x: 0, y: 0 }, hardness) as number;
}

describe('talus only on the soft beds of a project’s strata', () => {
  const layers = viewGroundLayers('desert', LINES, MESAS);
  const scree = layers.findIndex((layer) => layer.name === 'scree');
  const bySlope = groundLayers('desert', LINES, { erosion: true, road: true });
  const weights = new Float32Array(layers.length);
  const screeAt = (of: typeof layers, height: number, slopeDeg: number, hardness: number) => {
    groundWeights(of, { height, slopeDeg, flow: 0, deposition: 0, road: 0, hardness, x: 0, z: 0 }, weights);
    return weights[scree];
  };

  it('the view reads the hardness of the bed at each height (coming in over a bed’s lowest 3 m) and its scree rule keeps talus off the caprock', () => {
    const uniforms = createGroundUniforms();
    setGroundUniforms(uniforms, 'desert', LINES, MESAS);
    expect(GROUND_FRAGMENT).toContain('float gHardness = terrainBandHardness();');
    expect(GROUND_FRAGMENT).toContain('terrainGroundInput(a, h, gSlope, vTerrainCover, gCover, gHardness)');
    const shaderHardnessAt = shaderHardness(uniforms);
    const input = shaderInput();
    const rules = layers[scree].rules.map((rule) => packRule(rule, new Vector4()));
    // Heights across three repeats, the cap tops (just under each caprock's top) and the lips over them.
    for (let h = -20; h <= 125; h += 0.13) {
      const hardness = shaderHardnessAt(h);
      expect(hardness, `h ${h.toFixed(2)}`).toBeCloseTo(hardnessAt(h), 9);
      // At every talus angle up to the rock's: none on the caprock (its lip, its face's upper edge), all of
      // it on the shale at the angle of repose and over.
      for (const slope of [30, 33, 36, 40, 44]) {
        const read = rules.map((rule) => input(rule, h, slope, hardness));
        expect(read[1]).toBe(hardness);
        const talus = screeAt(layers, h, slope, hardness);
        // Talus as by slope alone times the hardness rule's share.
        expect(talus, `h ${h.toFixed(2)}, ${slope}°`).toBeCloseTo(screeAt(bySlope, h, slope, 0) * talusShare(hardnessAt(h)), 6);
        if (inCapTop(h)) expect(talus).toBe(0);
        if (!inCaprock(h) && hardnessAt(h) < 4 && slope <= 33) expect(talus).toBe(1);
      }
    }
  });

  it('the 2D map and the colour map paint no rubble on the caprock, the talus on the shale, as the view', () => {
    const palette = naturalPalette({ ...LINES, climate: 'desert', strata: MESAS }, { erosion: false, road: false });
    const noTalus = groundPalette(
      'desert',
      groundLayers('desert', LINES, { erosion: false, road: false }).filter((layer) => layer.name !== 'scree'),
      MESAS,
    );
    const talusOnly = groundPalette('desert', groundLayers('desert', LINES, { erosion: false, road: false }), MESAS);
    const colour = [0, 0, 0];
    const without = [0, 0, 0];
    const withTalus = [0, 0, 0];
    const scratch = new Float32Array(16);
    for (let h = 30; h <= 45; h += 0.25)
      for (const slope of [31, 35, 38]) {
        writeNaturalGround(palette, h, slope, 0, 0, colour, 0);
        const inputs: GroundInputs = { height: h, slopeDeg: slope, flow: 0, deposition: 0, road: 0, x: 0, z: 0 };
        // Closed form: the layers' colour without talus and with talus by slope alone, mixed by the rule's share
        // (the stack's weights are linear in one layer's coverage).
        writeGroundColour(noTalus, inputs, without, 0, scratch);
        writeGroundColour(talusOnly, inputs, withTalus, 0, scratch);
        const share = talusShare(hardnessAt(h));
        for (let c = 0; c < 3; c++) expect(colour[c], `h ${h}, ${slope}°`).toBeCloseTo(without[c] + (withTalus[c] - without[c]) * share, 6);
        if (inCapTop(h)) expect(colour).toEqual(without);
      }
  });

  it('the engine’s starting masks carry the same rule, and nothing changes without strata of two hardnesses', () => {
    const masks = defaultMaskSet(0, 120, false, 5000, { climate: 'desert', treeLine: 2500, strata: MESAS });
    expect(masks.layers.find((layer) => layer.name === 'scree')?.rules).toEqual(layers[scree].rules);
    expect(layers[scree].rules[1]).toEqual({ source: 'hardness', max: Math.sqrt(20), softness: 20 - Math.sqrt(20) });
    const plain = bySlope;
    expect(viewGroundLayers('desert', LINES)).toEqual(plain);
    const oneHardness: Strata = { ...MESAS, beds: MESAS.beds.map((bed) => ({ ...bed, hardness: 3 })) };
    expect(viewGroundLayers('desert', LINES, oneHardness)).toEqual(plain);
    expect(defaultMaskSet(0, 120, false, 5000, { climate: 'desert', treeLine: 2500 }).layers.find((layer) => layer.name === 'scree')?.rules).toHaveLength(1);
  });
});

describe('no scree on a face steeper than it rests at (issue 35 G2)', () => {
  // Mesas' shards: its talus scree (rubble, paler than the shale) was drawn on spur crests at 40–42° between
  // rock flanks at 45–47°, the turf's noise (±8.9° on a 3° edge) taking the rock away as much as the slope.
  // Scree rests at 33–37° (Statham 1977): on a steeper face the ground is the bed's own rock, whatever the noise.
  const { soft, hard } = CLIMATE_LOOKS.desert.bedColours;
  const { gravel } = CLIMATE_LOOKS.desert.srgb;
  const rubble = CLIMATE_LOOKS.desert.talusRubble ?? 0;
  const linear = (srgb: readonly number[]) => srgb.map(srgbByteToLinear);
  // Closed form: the scree's colour, the gravel mixed by talusRubble with the beds' mean by thickness (32 m of shale, 8 m of caprock).
  const mean = linear(soft).map((s, c) => (32 * s + 8 * linear(hard)[c]) / 40);
  const screeColour = linear(gravel).map((g, c) => g + (mean[c] - g) * rubble);
  /** A plane across the shale (4–27 m, clear of the hardness fade over its lowest 3 m and of the caprock) at `deg`, 24 m by 64 m. */
  const plane = (deg: number) => {
    const width = 97;
    const depth = 257;
    const cell = 0.25;
    const heights = new Float32Array(width * depth);
    const rise = Math.tan((deg * Math.PI) / 180) * cell;
    for (let j = 0; j < depth; j++) for (let i = 0; i < width; i++) heights[j * width + i] = 4 + i * rise;
    return { width, depth, cellSize: cell, heights };
  };

  it('the colour map paints a 44° face on the shale in the shale’s own rock and a 33° apron in scree, at every point of the noise', () => {
    const palette = naturalPalette({ ...LINES, climate: 'desert', strata: MESAS }, { erosion: false, road: false });
    const out = [0, 0, 0];
    const wrong: string[] = [];
    for (let x = -300; x <= 300; x += 1.37)
      for (let z = -60; z <= 60; z += 2.9)
        for (const h of [6, 12.5, 19, 24]) {
          writeNaturalGround(palette, h, 44, 0, 0, out, 0, 0, 0, x, z);
          if (out.map(linearToSrgbByte).some((v, c) => v !== soft[c])) wrong.push(`44° at (${x}, ${z}), ${h} m: ${out.map(linearToSrgbByte).join(',')}`);
          writeNaturalGround(palette, h, 33, 0, 0, out, 0, 0, 0, x, z);
          if (out.some((v, c) => Math.abs(v - screeColour[c]) > 1e-6)) wrong.push(`33° at (${x}, ${z}), ${h} m: ${out.map(linearToSrgbByte).join(',')}`);
        }
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it('the engine’s splat masks: rock on every vertex of a 44° face on the shale, scree on every vertex of a 33° apron', () => {
    const masks = defaultMaskSet(0, 120, false, 5000, { climate: 'desert', treeLine: 2500, strata: MESAS });
    const scree = masks.layers.findIndex((layer) => layer.name === 'scree');
    const rock = masks.layers.findIndex((layer) => layer.name === 'rock');
    // The view's rock layer is the masks' (rule and ragged band): what the view paints is what the masks get.
    const view = viewGroundLayers('desert', LINES, MESAS).find((layer) => layer.name === 'rock');
    expect(masks.layers[rock].rules).toEqual(view?.rules);
    expect(masks.layers[rock].slopeBand).toBe(view?.slopeBand);
    for (const [deg, layer] of [
      [44, rock],
      [33, scree],
    ]) {
      const field = plane(deg);
      const n = field.width * field.depth;
      // The shale's hardness at every vertex (hardness 1: the talus rule's full share).
      const sources = new MaskSources(gridFromField(field), { hardness: new Float32Array(n).fill(1) });
      const slopes = sources.values('slope');
      const weights = layerWeights(masks, sources, n)[layer];
      let count = 0;
      let full = 0;
      for (let j = 1; j < field.depth - 1; j++)
        for (let i = 1; i < field.width - 1; i++) {
          const k = j * field.width + i;
          expect(slopes[k]).toBeCloseTo(deg, 3);
          count++;
          if (weights[k] === 1) full++;
        }
      expect(full, `${deg}°`).toBe(count);
    }
  });
});
