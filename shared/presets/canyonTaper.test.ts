import { describe, expect, it } from 'vitest';
import { replayTerrainOnce } from './testing/replayOnce';
import { sideCanyons, type SideCanyon } from './testing/sideCanyons';
import { buildPreset, canyonScale } from './terrainPresets';

/**
 * Canyons' side canyons taper and head into the plateau (issue 35 §3).
 *
 * The network (testing/sideCanyons.ts): ground cut at least 12 m ×scale below the land the erosion started
 * from (the faults normalised, raised by the first fluvial layer's uplift over its time) — twice the deepest
 * the plateau's washes may cut (their incisionDepth, 6 m ×scale), so no wash and no swell counts — crossed
 * by the drainage of the first fluvial layer's result (the layer that incises the canyons; its channels,
 * where at least its channelArea gathers, are one vertex wide and follow the floors' fall, where the finished
 * floors are flat alluvium). A side canyon is every branch of that tree but the one gathering most, from the
 * confluence (its mouth) upstream to its head, where the canyon ends; it is measured beyond the larger
 * canyon (nearer the confluence than half the larger canyon's width plus half its own lies in the larger
 * one) and counts when that stretch is at least 20 m ×scale long and as long as the side canyon is wide at
 * its mouth (shorter is an alcove in the wall). Its width at each vertex is the canyon's cross-section across
 * the path, rim to rim at the 12 m level.
 *
 * A side canyon tapers when the median width over the third nearest its head is at most `TAPER` of the
 * median over the third nearest its mouth. A canyon of even width with a round head (an amphitheatre, radius
 * half its width) gives 1 once it is 1.5 widths long and 0.75 at one width (its last third all in the round
 * end); a canyon narrowing evenly to a point gives 0.2, one narrowing to half its mouth's width 0.64.
 * Its head is at the map's edge when the path comes within two cells of it: a canyon the map cuts off.
 */
const SEEDS = [3, 11, 29];
const SIZE = 513;
/** The widest a side canyon's head third may be, over its mouth third's width. */
const TAPER = 0.7;

const median = (values: number[]): number => {
  const kept = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  return kept.length > 0 ? kept[Math.floor(kept.length / 2)] : NaN;
};
const third = (values: number[], n: 0 | 2): number[] =>
  values.slice(Math.floor((n * values.length) / 3), Math.max(1, Math.floor(((n + 1) * values.length) / 3)));

interface Measured {
  canyon: SideCanyon;
  mouthWidth: number;
  headWidth: number;
}

function measure(seed: number): Measured[] {
  const target = { width: SIZE, depth: SIZE, cellSize: 2, seed };
  const scale = canyonScale(target);
  const { recipe, finishing } = buildPreset('canyons', target);
  const incising = finishing.findIndex((step) => step.kind === 'fluvial');
  const layer = finishing[incising];
  if (layer?.kind !== 'fluvial' || incising < 1) throw new Error('Canyons has no fluvial layer after its normalising');
  const start = replayTerrainOnce({ ...target, recipe, steps: finishing.slice(0, incising) });
  const uncut = start.heights.map((h) => h + layer.uplift * layer.time);
  const drained = replayTerrainOnce({ ...target, recipe, steps: finishing.slice(0, incising + 1) });
  const field = replayTerrainOnce({ ...target, recipe, steps: finishing });
  const found = sideCanyons(field, uncut, drained.heights, { canyonDepth: 12 * scale, channelArea: layer.channelArea, edgeCells: 2 });
  return found
    .map((canyon) => ({ canyon, mouthWidth: median(third(canyon.widths, 0)), headWidth: median(third(canyon.widths, 2)) }))
    .filter(({ canyon, mouthWidth }) => canyon.length >= 20 * scale && canyon.length >= mouthWidth);
}

/** Each seed's side canyons, measured by its own test and read by the taper test after them (a file's tests run in order). */
const measuredBySeed = new Map<number, Measured[]>();

describe('Canyons: side canyons taper from mouth to head and head inside the plateau', () => {
  for (const seed of SEEDS) {
    it(`seed ${seed} (${SIZE}²): two or more side canyons, none headed at the map's edge`, () => {
      const measured = measure(seed);
      measuredBySeed.set(seed, measured);
      expect(measured.length).toBeGreaterThanOrEqual(2);
      expect(measured.filter(({ canyon }) => canyon.headAtEdge)).toEqual([]);
    }, 240_000);
  }
  // Not yet met. The first fluvial layer cuts its channels to the floor bench right up to where its channelArea
  // (300 m² ×scale²) gathers: there K / hardness moves a knickpoint at least 2.5 km in the layer's 100,000 years
  // even in the hardest sandstone, and the floor's steady slope U·hardness / (K·√A) is at most 1.6 % (0.2 % in
  // the shales). So a side canyon is as deep at its head as at its mouth, its walls retreat as far all along it,
  // and it ends in an amphitheatre as wide as it runs. Measured (session 30): 6 of 13 taper over the three seeds
  // (seed 3: 1 of 5, head-to-mouth widths 0.73, 0.46, 0.91, 0.83, 0.92; seed 11: 2 of 2, 0.67, 0.69; seed 29:
  // 3 of 6, 0.91, 0.15, 0.97, 0.46, 0.69, 0.91). When a recipe makes most of them taper this fails: make it a
  // plain test.
  it.fails(
    `most side canyons of seeds ${SEEDS.join(', ')} narrow to their heads (not yet met)`,
    () => {
      const all = SEEDS.flatMap((seed) => measuredBySeed.get(seed) ?? measure(seed));
      const tapering = all.filter(({ mouthWidth, headWidth }) => headWidth <= TAPER * mouthWidth);
      expect(tapering.length / all.length).toBeGreaterThan(0.5);
    },
    600_000,
  );
});
