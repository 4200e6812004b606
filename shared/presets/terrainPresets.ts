/**
 * Terrain presets: each is a recipe (fault iterations, decay, profile) plus finishing steps
 * (smoothing, erosion), scaled to the map so a preset looks alike at 257² and at 4097². A preset only
 * fills the generate form (and the CLI's options): what is recorded is the recipe and steps it made,
 * so a project never depends on a preset's numbers staying the same.
 */
import type { FaultRecipe } from '../fault/recipe';
import { FACTORED } from '../erosion/fluvialFactored';
import type { FluvialParams } from '../erosion/fluvialParams';
import { fluvialStep as anyFluvialStep, hydraulicStep, thermalStep, type FinishingStep } from '../recipe/steps';
import type { Strata, StrataBed } from '../terrain/strata';

export type PresetId = 'rolling-hills' | 'mountains' | 'canyons' | 'mesas' | 'river-valleys' | 'islands' | 'classic';

export interface PresetTarget {
  width: number;
  depth: number;
  cellSize: number;
  seed: number;
}

export interface PresetResult {
  recipe: FaultRecipe;
  finishing: FinishingStep[];
}

export interface TerrainPreset {
  id: PresetId;
  label: string;
  /** One line for the form and `faultline --help`. */
  description: string;
  build(target: PresetTarget): PresetResult;
}

/** The shorter side of the map, metres: features are sized against it. */
const span = (t: PresetTarget) => (Math.min(t.width, t.depth) - 1) * t.cellSize;
/**
 * Droplets for a density per vertex, so erosion looks alike at every size; capped so that a 4097²
 * Run stays within seconds (beyond the cap large maps are eroded more lightly).
 */
export const MAX_PRESET_DROPLETS = 4_000_000;
const dropletsFor = (t: PresetTarget, perVertex: number) => Math.max(1, Math.min(MAX_PRESET_DROPLETS, Math.round(t.width * t.depth * perVertex)));
/*
 * Hydraulic steps use version 3 (shared/erosion/hydraulicScales.ts): droplets at two scales, so the
 * rills gather into gullies and valleys with sediment where they open out.
 */
/** Relief scale: a 512 m map gets 1, larger maps proportionally taller (up to 4×). */
export const reliefScale = (t: PresetTarget) => Math.min(4, Math.max(0.25, span(t) / 512));
/**
 * Thermal strength of the presets whose ground stands steeper than its talus after erosion. At 0.5 a
 * pass settles each pair it visits exactly to the talus, so on a slope steeper than the talus the
 * pairs of the last half pass stand at the talus and the pairs between them carry the rest: a
 * staircase two cells wide along the grid's rows and columns (on Canyons and Mesas nine in ten steep
 * steps stood alone between two near-flat ones, and Canyons' edge vertices stood up to 19 m off the
 * land inside). At strength s, where a slope of D per cell stays steeper than the talus T, the steps
 * alternate D ± e·(D − T) with e = r² / (1 + (1 − r)²), r = 2s (thermal.test.ts): 0.2 at 0.25, so
 * neighbouring steps differ by at most 1.5×; more passes move the same material.
 * Test: shared/presets/thermalStaircase.test.ts.
 */
const GENTLE_THERMAL = 0.25;
/**
 * The presets' fluvial layers take the factored scheme (shared/erosion/fluvialFactored.ts): the reference's step
 * with its sums arranged so the walks wait only on multiplies and adds, ~0.75× its time (200 steps at 1025² within
 * issue 35's 10 s). Its heights are the reference's up to rounding: other bytes, so it is a new recipe, and a
 * project saved from the presets before (its fluvial layers without `scheme`) keeps the reference's sums
 * (main/services/presetSchemeFixture.test.ts). On Canyons and River valleys the two round to the same float32
 * heights at 257²; on Mesas the fluvial layer's water crosses the terraces' dead-flat treads by drops at rounding
 * level, so its gullies there are another, equally likely draw (BENCHMARKS.md, "Session 27"). The figures in the
 * recipes' comments below were measured on the reference's sums.
 */
const fluvialStep = (params: Partial<FluvialParams>) => anyFluvialStep({ ...params, scheme: FACTORED });
/** A metre value rounded to centimetres, so recorded recipes read well. */
const cm = (metres: number) => Math.round(metres * 100) / 100;
/**
 * The narrowest top Canyons and Mesas keep (the thermal step's topWidth, shared/erosion/narrowTops.ts):
 * 6 m ×scale, at least six cells, so the disc is round (at three cells it is a square and the tops it
 * cuts face along the grid: 14 % of the steep ground at seed 3, 15 % at ten metres, 11.6 % at six cells).
 */
const narrowTop = (t: PresetTarget) => cm(Math.max(6 * t.cellSize, 6 * reliefScale(t)));
/**
 * Ridges along the cells' other diagonal are drawn by the fixed split as saw-teeth
 * (shared/erosion/creaseSoftening.ts); Mountains rounds them towards a break of a sixteenth of a cell
 * (shared/presets/diagonalTeeth.test.ts). Mesas does not: its teeth are caprock lips over one-cell
 * cliffs, and rounding them enough to matter took the flat tops' rims (presetLooks.test.ts: seed 3's
 * top level 3.1 % → 2.6 % of the map, under its 3 %) and moved the cliff's start past 4 m from the
 * rim (landformProfiles.test.ts).
 */
const creaseBreak = (t: PresetTarget) => cm(t.cellSize / 16);
/**
 * Canyons' rock: an uneven column like the canyon country of the Colorado Plateau (Canyonlands' Island
 * in the Sky), bottom first, thickness in metres (×scale), hardness and the rock's own colour. Massive
 * sandstones stand as cliffs (the thermal step's cliffDeg: the hardest at 82°, each no steeper than
 * its thickness over three and a half cells, faceCells); thin shales and a mudstone between them weather back into slopes at the angle
 * of repose (33–41°), so a wall is two or three cliffs with slopes between, not a stack of even
 * stripes. The colours are the formations' (pale White Rim, chocolate Moenkopi, purple-grey Chinle,
 * red-orange Wingate, red-brown Kayenta, buff Navajo): cliffs of the same hardness read as different
 * rock, as they do there. Fixed per preset, not drawn from the seed:
 * a region has one sequence of rock, the seed varies the drainage cut into it, and the sequence is
 * placed against the land the recipe makes (the rim in the caprock, the floors on the lowest
 * sandstone's bench; `base` below); a project records its beds, which the Layers tab edits.
 * The column (53 m ×scale) does not repeat within the canyons' depth (canyonSteps.test.ts).
 */
const CANYON_COLUMN: readonly StrataBed[] = [
  { thickness: 6, hardness: 6, colour: '#c4ae8c' }, // floor sandstone: the bench the river cuts through (White Rim), pale grey-buff
  { thickness: 4, hardness: 0.5, colour: '#8e4a36' }, // shale slope (Moenkopi), chocolate red-brown
  { thickness: 5, hardness: 1, colour: '#8c6a70' }, // mudstone slope (Chinle), purple-grey
  { thickness: 14, hardness: 7, colour: '#b8643c' }, // the main cliff, massive sandstone (Wingate), red-orange
  { thickness: 4, hardness: 0.5, colour: '#94583e' }, // bench between the cliffs (Kayenta), red-brown ledges
  { thickness: 12, hardness: 6, colour: '#d6b486' }, // the upper cliff (Navajo), pale buff
  { thickness: 3, hardness: 0.5, colour: '#9c5a40' }, // a soft parting under the cap (Carmel), red-brown
  { thickness: 5, hardness: 5, colour: '#c89868' }, // the caprock the plateau lies on, tan
];
/**
 * Canyons' scale, vertical and across: the relief scale, but never under the cell size over a metre (at most 4).
 * The beds' faces need cells: a cliff-former stands no steeper than its thickness over faceCells (3.3) cells, so
 * the Wingate's 14 m ×scale stands at 76–78° on 2 m cells at 513² (scale 2) and at 65° at 257² (scale 1), where
 * the caprock's 5 m was a cell and a half and the central buttes rounded into domes (1 in 1,000 of the faces
 * over 70° at seeds 1/3/11). Below 513² × 2 m a map is drawn at the scale of 513² on its cells, as a piece of
 * that country rather than all of it shrunk: beds as many cells thick, canyons as deep, side canyons heading at the
 * same area and swells as far apart, so the walls take as much of the map as at 513² and fewer canyons cross it
 * (canyonButtes.test.ts). From 513² up, at every cell size, it is the relief scale and the recipe is as before.
 */
export const canyonScale = (t: PresetTarget) => Math.max(reliefScale(t), Math.min(4, t.cellSize));
/** The column's bottom sits 56 m (×scale) up, so the plateau (about 105–112 m ×scale) lies in the caprock. */
const canyonBeds = (t: PresetTarget): Strata => ({
  beds: CANYON_COLUMN.map((bed) => ({ ...bed, thickness: cm(bed.thickness * canyonScale(t)) })),
  base: cm(56 * canyonScale(t)),
  dipDeg: 0,
  dipAzimuthDeg: 0,
});

/** Mesas' joints, cells apart (the wall retreat's jointSpacing): alcoves and spurs, not notches every few cells. */
const MESA_JOINT_SPACING = 16;
/**
 * Mesas' narrowest cap that holds up the shale under it, in cells ×scale (the thermal step's capWidth,
 * metres): the narrow tops cut flat after the retreat left 8 m caps 12–27 m wide on 35° shale cones
 * 40 m tall, a scrap of cap on a cone's tip; a cap narrower than 16 cells no longer holds its cone up,
 * which then weathers down with the capless hills, scrap and all (caps narrower than 16 cells away
 * from the map's edge: 1/2/1/0 → 0 at 257² × 2 m seeds 1/3/11/29, 1/0/1 → 0 at 513² seeds 3/11/29;
 * mesaForms.test.ts). In cells, not metres: at 1 m cells 32 m took every top of seed 3's highest
 * level, small buttes 20–30 cells wide (presetLooks.test.ts asks three levels).
 */
const MESA_CAP_CELLS = 16;
/** Mesas' rock: 32 m (×scale) of soft shale under 8 m of sandstone caprock 20× as hard, repeating, flat-lying. */
const mesaBeds = (t: PresetTarget): Strata => ({
  beds: [
    { thickness: cm(32 * reliefScale(t)), hardness: 1 },
    { thickness: cm(8 * reliefScale(t)), hardness: 20 },
  ],
  base: cm(0.5 * reliefScale(t)),
  dipDeg: 0,
  dipAzimuthDeg: 0,
});

export const TERRAIN_PRESETS: readonly TerrainPreset[] = [
  {
    id: 'rolling-hills',
    label: 'Rolling hills',
    description: 'Gentle hills and valleys, lightly carved by water and settled by talus; drivable almost everywhere.',
    build: (t) => ({
      recipe: {
        seed: t.seed,
        iterations: 300,
        lineMethod: 'normal',
        decay: { disp0: cm(2.5 * reliefScale(t)), dispN: cm(0.3 * reliefScale(t)), n: 300 },
        profile: { kind: 'smooth', width: cm(span(t) * 0.15) },
      },
      // The last smoothing takes the rills at the cell scale off the eroded hills (they threw the
      // physics car off its wheels at 45 km/h) and keeps the valleys the droplets carved.
      finishing: [
        hydraulicStep({ version: 3, seed: t.seed, droplets: dropletsFor(t, 0.3), erosionRate: 0.2 }),
        thermalStep({ iterations: 20, talusDeg: 30, strength: 0.5 }),
        { kind: 'smooth', k: 0.7 },
      ],
    }),
  },
  {
    id: 'mountains',
    label: 'Mountains',
    description:
      'High ridges and deep valleys; water carves rills that join into gullies and valleys, with sediment where they open out; slopes settle at a 40° talus.',
    build: (t) => ({
      recipe: {
        seed: t.seed,
        iterations: 600,
        lineMethod: 'normal',
        decay: { disp0: cm(6 * reliefScale(t)), dispN: cm(0.5 * reliefScale(t)), n: 400 },
        profile: { kind: 'smooth', width: cm(span(t) * 0.08) },
      },
      finishing: [
        hydraulicStep({ version: 3, seed: t.seed, droplets: dropletsFor(t, 0.8), erosionRate: 0.3 }),
        thermalStep({ iterations: 30, talusDeg: 40, strength: GENTLE_THERMAL, creaseBreak: creaseBreak(t) }),
      ],
    }),
  },
  {
    id: 'canyons',
    label: 'Canyons',
    description:
      'A plateau of layered rock cut by a branching canyon network that rivers incised as the land rose; ' +
      'walls stepped into sandstone cliffs with shale benches between, talus aprons at their feet and flat floors of alluvium, ' +
      'side canyons heading in round amphitheatres, washes cut into the swelling plateau between them.',
    build: (t) => ({
      recipe: {
        seed: t.seed,
        iterations: 200,
        lineMethod: 'normal',
        decay: { disp0: cm(4 * canyonScale(t)), dispN: cm(1 * canyonScale(t)), n: 200 },
        profile: { kind: 'smooth', width: cm(span(t) * 0.2) },
      },
      // (×scale: canyonScale, the relief scale from 513² up, 513²'s below it.)
      // A plateau with 20 m of gentle relief (×scale) rises 40 m over 100,000 years while the mouths
      // of its main rivers (where a tenth of the map drains off it) stay: the rivers cut back from
      // them along the plateau's drainage, and side canyons head into the plateau wherever 300 m²
      // (×scale²) gathers. K = 0.01 cuts the hard sandstones (5–7) about as fast as 0.004 cut the
      // old column's sandstone (3), so the canyons reach the same depth; the shales are cut at
      // once. The rivers cut faster than rock stands, so the walls retreat to the rock's standing
      // angle with the debris carried off (the thermal step's retreatDeg, 35°, and cliffDeg, 82°:
      // cliff-formers stand at the angle their strength allows, slope-formers at their debris's angle
      // of repose — shared/erosion/bedSlopes.ts: the shales at 35°, the mudstone at 41°, the
      // sandstones at 82° or as steep as 3.5 cells draw their thickness), unevenly along the joints
      // (alcoves and spurs), and heads retreat round into amphitheatres. Twenty thermal passes at 33°
      // then settle the slopes and leave the sandstones standing as cliffs (canyonWalls.test.ts,
      // canyonSteps.test.ts, canyonCliffs.test.ts). What fell rests at the walls' feet as
      // talus at 33° burying half of each wall (talusShare), and the rivers lay a floor of alluvium
      // up to 8 m (×scale) deep, at most half the canyon's depth, with the talus kept off it
      // (floorFill): flat floors between the walls (landformProfiles.test.ts).
      // The depth, 40 m (×scale) over the mouths, and the side canyons' 300 m² keep the walls'
      // retreat to under half the plateau (presetLooks.test.ts); 260 m made 260 m slots whose
      // retreat took the whole map, and with these benches 200 m² left 47–49 % of it.
      // The walls' lips running along the cells' other diagonal were drawn as teeth up to 2–4 m
      // (diagonalTeeth.test.ts): the thermal step rounds the creases the split cannot draw down
      // towards half a cell, not Mountains' sixteenth, which rounded the walls' profile out of
      // canyonCliffs.test.ts (slope-formers over 45°), nor 3/8, which left a step at the map's edge
      // (canyonMouths.test.ts: the rounding does not move the edge vertices).
      // Where two walls met, the spurs between side canyons ended in knife edges, pyramids and needles
      // of the pale sandstone: right after the retreat every crest narrower than narrowTop is cut to a
      // flat top that wide (topWidth), so a spur steps down as promontories and small buttes. The
      // rims slanting across the grid were drawn as one-cell staircases: one pass rounds the tops of
      // the walls over about a cell (lipPasses; narrowTops.test.ts). Steep ground facing the grid at
      // seeds 3/11/29: 12.8/12.9/12.2 % before, 13.1/13.2/12.3 % with both (gridArtefacts.test.ts).
      // The cliffs stood at ~70° (median 67° at seeds 3 and 11, 1 % of the faces over 75°): the
      // hardest bed's 72° and a face drawn over at least four cells held them. With the hardest at 82°
      // and a face over three and a half cells (faceCells) the thick sandstones stand at 74–76°
      // (Wingate 28 m ×scale over 7 m ×scale, Navajo 24 m): 9–19 % of the faces over 75°
      // (canyonCliffs.test.ts); steep ground facing the grid 13.3/13.4/13.1 %. Three cells (up to 78°)
      // left lone one-cell risers at seed 29 (thermalStaircase.test.ts: 5.8 %, over its 5 %) and teeth
      // on the lips at seed 1 (diagonalTeeth.test.ts); two cells put the grid measure at 14.9 % and
      // 14 % of the shale slopes over 45° at seed 11 (a face one or two cells wide is the grid's
      // staircase again). Steeper walls met the map's edge where its row lies back at the softest
      // talus, and the edge stood as a lip up to 1.9 m over the foot inside it (canyonMouths.test.ts):
      // the edge is continued from the land inside it, last (edgeContinues; shared/erosion/mapEdge.ts).
      // Between the canyons the plateau was a smooth sheet: below 300 m² only diffusion acted. A second
      // fluvial layer cuts only the plateau's top (incisionMask: ground from 98 m ×scale up, the caprock
      // and the parting under it; the canyons below are held as they are) and no deeper than 6 m ×scale
      // (incisionDepth), on swells of the bare rock (swells: ±2.5 m ×scale, 70 m apart ×scale), along
      // which the water gathers: washes and short side canyons heading into the plateau from the rims
      // (canyonPlateau.test.ts: 1.28–2.14× the valleys on the top). m = 1, so the water's lines cut and
      // the sheets between them hardly (K ×1/scale and κ ×scale² keep it alike at every size). At
      // m = 0.5 the sheets were lowered whole and their fronts, and the washes' walls, stood as lone
      // one-cell risers (thermalStaircase.test.ts: 13.8 % at seed 29); after the thermal step, more.
      // Close up the walls still read as rounded buttes: each bed stood no steeper than its own
      // thickness over faceCells cells, so the caprock (5 m ×scale) and the sandstone over it (6 m)
      // stood at 35–41° at 257² and 55–60° at 513², and from the plateau the ground fell over a
      // convex shoulder 11–16 m wide (median, slope under 15° to over 60°) before the first cliff.
      // The cliff-formers that touch now make one face (faceUnits: caprock and sandstone 11 m ×scale
      // as one cliff), over 3.3 cells; the lips are raised along their contours (lipDrop, a quarter
      // cell: the crisper caprock's one-cell risers at seed 29, 9.7 % → 4.3 %) and the creases rounded
      // once more after it (the last step: teeth over 3/4 of a cell at 257² seeds 1/3). Rims from
      // 16.1/13.7/11.3 m to 8.5/6.8/10 m at seeds 3/11/29, faces over 70° 46/45/25 % → 51/51/25 %
      // (canyonRims.test.ts).
      // The first layer held a channel level with an outlet that rose with the land (an edge following the
      // land inside it, a vertex only uplifted): a trench one vertex wide, deepening upstream, in the
      // plateau (seed 1: a 44-cell slot along a row). With cutOnlyFalling a channel the step would raise
      // is only uplifted, so only rivers cutting back from the lowered mouths incise: deeper, wider canyon
      // networks (at 513² seed 29 the steep ground 8,000 → 29,000 one-cell steps). The plateau's washes
      // (the second layer) were then cut one vertex wide, a V the thermal passes laid back at 33° with a
      // floor one line of vertices: 3–7 straight grooves at 513², and their one-cell risers put seed 29's
      // lone steps at 5.38 % (thermalStaircase.test.ts; 3.75 % without the second layer, the excess on the
      // ground it cuts, four times as many on the caprock). channelWidth widens each wash into a trough
      // with a flat floor 2 m ×scale wide and banks 1.8 m wide per metre of its depth, under 40°
      // (shared/erosion/channelTroughs.ts; banks a quarter of the floor wide stood at 45–70° in the caprock
      // and took canyonRims.test.ts's faces over 70° at seed 11 to 46 %, steeper ones left one-cell risers:
      // seed 29 5.15 %; floors 4 m ×scale wide merged the washes, canyonPlateau.test.ts seed 3 1.11×):
      // no straight trench at 257² and 513² seeds 1/3/11/29 (canyonTrenches.test.ts), lone steps at 513²
      // seeds 3/11/29 1.7/1.1/4.0 %, faces over 70° 51.8/51.8/41.9 %, the plateau's valleys 1.33/2.53/1.97×
      // those without the second layer. The deeper canyons meet the map's edge more often, and the last
      // crease rounding moved the vertices inside the edge after the edge was continued (up to 2.9 m
      // more than the step inside at 257² seed 1): the last step continues the edge again
      // (canyonMouths.test.ts).
      // The washes headed blunt: from 400 m² ×scale² at 8·10⁻⁵ ×1/scale the layer cut a wash to its floor (6 m
      // ×scale, incisionDepth) almost where it first gathered its channel area (K·A·S·time there is of the
      // floor's order), so each wash began at its full depth and its trough (banks 1.8 m a metre) ended in a
      // round head as wide as it ran, a sausage of even width. From 100 m² ×scale² at a quarter of the rate the cut at a head is a
      // quarter as deep and grows with the area gathered: the washes start as shallow grooves further into the
      // plateau and deepen and widen downstream, branching along the swells (at 513² seed 3 the median cut of
      // the top's vertices gathering 1–2× the old channel area 0 → 0.8 m, 2–4× 0.1 → 1.6 m, 4–8× 12 → 7.4 m).
      // The plateau's valleys stay at least 1.25× those without the layer (canyonPlateau.test.ts), no straight
      // trench (canyonTrenches.test.ts), steep ground facing the grid 13.4/12.3/13.5 % and lone steps
      // 1.7/1.1/4.1 % at 513² seeds 3/11/29 (13.5/12.3/14.2 % and 1.7/1.1/4.0 % before).
      finishing: [
        { kind: 'normalise', min: cm(60 * canyonScale(t)), max: cm(80 * canyonScale(t)) },
        fluvialStep({
          k: 1e-2,
          m: 0.5,
          n: 1,
          channelArea: cm(300 * canyonScale(t) ** 2),
          uplift: cm(40 * canyonScale(t)) / 100_000,
          diffusion: 0.0005,
          timeStep: 10_000,
          time: 100_000,
          strata: canyonBeds(t),
          outletArea: cm(0.1 * span(t) ** 2),
          cutOnlyFalling: true,
        }),
        fluvialStep({
          k: 2e-5 / canyonScale(t),
          m: 1,
          n: 1,
          channelArea: cm(100 * canyonScale(t) ** 2),
          uplift: 0,
          diffusion: 0.0005 * canyonScale(t) ** 2,
          timeStep: 500,
          time: 3000,
          strata: canyonBeds(t),
          outletArea: cm(0.1 * span(t) ** 2),
          incisionDepth: cm(6 * canyonScale(t)),
          incisionMask: { kind: 'height', min: cm(98 * canyonScale(t)), max: cm(200 * canyonScale(t)), softness: cm(4 * canyonScale(t)) },
          swells: { height: cm(5 * canyonScale(t)), spacing: cm(70 * canyonScale(t)), seed: t.seed },
          channelWidth: cm(2 * canyonScale(t)),
        }),
        thermalStep({
          iterations: 20,
          talusDeg: 33,
          strength: GENTLE_THERMAL,
          retreatDeg: 35,
          cliffDeg: 82,
          faceCells: 3.3,
          faceUnits: true,
          edgeContinues: true,
          strata: canyonBeds(t),
          talusShare: 0.5,
          floorFill: cm(8 * canyonScale(t)),
          creaseBreak: cm(t.cellSize / 2),
          topWidth: narrowTop(t),
          lipPasses: 1,
          lipDrop: cm(t.cellSize / 4),
        }),
        thermalStep({ iterations: 0, talusDeg: 33, strength: GENTLE_THERMAL, creaseBreak: cm(t.cellSize / 2), edgeContinues: true }),
      ],
    }),
  },
  {
    id: 'mesas',
    label: 'Mesas',
    description:
      'Flat-topped mesas and buttes at several levels: hard caprock over soft beds, cut back by rivers into gullied escarpments, ' +
      'crisp caprock lips over talus aprons and shale slopes washed into rills.',
    build: (t) => ({
      recipe: {
        seed: t.seed,
        iterations: 300,
        lineMethod: 'normal',
        decay: { disp0: cm(4 * reliefScale(t)), dispN: cm(0.5 * reliefScale(t)), n: 300 },
        profile: { kind: 'smooth', width: cm(span(t) * 0.12) },
      },
      // Flat-lying beds, 32 m (×scale) of soft shale capped by 8 m of sandstone 20× as hard, repeat
      // up the land. The terraces are the caprocks' stripped surfaces: whatever stood above a cap
      // was soft and has gone, leaving a flat tread on the cap's top (the strata's base sits half a
      // metre above the treads, so each tread lies in its cap). The fluvial layer then works for
      // 100,000 years (10 steps) with no uplift against the rivers' mouths: the soft faces between
      // the treads wear back and are gullied where water gathers, the caps hold their tops flat, and
      // what the escarpments leave behind stands as mesas and buttes. The faces then retreat to their
      // beds' standing angles (retreatDeg 65: the shale at 65°, the caprock at 84°, so the caps break
      // off at a lip instead of rounding into shoulders), ten passes at 35° lay the shale back, and
      // what fell rests as talus at 35° over the lower half of every face (talusShare), the caprock
      // standing bare above it (landformProfiles.test.ts). The shale left above a cap that has gone
      // stood as red cones with a pale tip; their crests narrower than narrowTop are cut flat
      // (topWidth), small buttes instead of pyramids. Its lips are not rounded (lipPasses): one pass
      // moved the cliffs' start past 4 m from the tops' rims at every seed (landformProfiles.test.ts)
      // and took seed 3's flat tops under presetLooks.test.ts's levels. Its caprock faces, a cell or two
      // wide, jogged a cell from vertex to vertex along every rim slanting across the grid: a comb of
      // tall slivers with notches in the rim. Every vertex dropping more than a cell's run to a neighbour
      // is raised towards the surface along its contour (lipDrop; never lowered, so the tops keep their
      // area): steep one-cell steps standing alone 3.9/3.7/4.8 % → 0.9/0.9/1.1 % at seeds 3/11/29
      // (mesaLips.test.ts, thermalStaircase.test.ts); that pass now runs last, after the wash below.
      // The aprons (the ground's closing by a 35° cone) and the shale laid back at 35° were cones and
      // planes at one angle: from the ground they read as red pyramids of flat facets meeting at sharp
      // ridges (a fifth to a third of the ground between 20° and 45° fitted a plane over 8 m). Rain then
      // washes the soft slopes for 40,000 years (a second fluvial layer, two steps, no diffusion): rills
      // and gullies cut down the shale and the aprons, deepening downslope as water gathers, where the
      // softSlopes weight lets it work — the softest beds, at least 4 m (×scale) from a cliff and
      // fading in over twice as far, so the caprock, its lips and the rockfall-fed scree right under a
      // cliff stay as they were (planar ground 32/22/17 % → 2.3/0.2/0.5 % at seeds 3/11/29,
      // mesaSlopes.test.ts; the scree under the cliffs still stands at 37–38°, landformProfiles.test.ts;
      // steep ground facing the grid 7.4/7.9/8.2 % → 10.9/11.7/11.4 %, gridArtefacts.test.ts).
      // The wall retreat's joints three cells apart (the default) notched every rim every few cells (the
      // walls ran further along each streak of weak rock): the rim's notches and teeth narrower than a
      // disc of four cells came to 6.3/5.9/4.9 % of a rim cell at seeds 3/11/29, 3.8/2.7/2.9 % with no
      // joints; joints sixteen cells apart bend the rims into alcoves and spurs instead (3.7/3.9/4.0 %,
      // mesaForms.test.ts). Where a mesa lost its cap, the shale under it stood as a tall pyramid at the
      // talus angle (16/5/10 summits in shale 24 m or more over the cap below with sides of 30° or more,
      // at 513² × 2 m); shale that no cap holds up (above the saddle joining it to capped ground, or above a
      // 35° cone from every cap) wears down to a rounded hill at most 8 m ×scale over that level
      // (caplessRelief: shared/erosion/caplessHills.ts), and the wash then gullies it: 6/1/1.
      // The caps' rims slanting along the cells' other diagonal were drawn by the fixed split as saw-teeth
      // against the sky: the cap's 84° face is narrower than a cell, so the split edge spans the crease
      // and dips under the rim once a cell by up to 2.9 m (shared/terrain/diagonalTeeth.ts). Shading is
      // not the cause (a silhouette is geometry). The last step rounds those creases until no cell
      // breaks across the split by more than 3/8 of a cell (creaseBreak, after lipDrop; a quarter cell moved
      // seed 3's cliffs 4.5 m from the rims, landformProfiles.test.ts asks 4): mesaForms.test.ts.
      // Diffusion in the wash (2e-4 m²/yr) rounded the cap's lips past 4 m and softened its faces, and
      // the wash over every vertex lowered the flat tops out of presetLooks.test.ts's levels.
      finishing: [
        { kind: 'normalise', min: 0, max: cm(150 * reliefScale(t)) },
        { kind: 'terrace', step: cm(40 * reliefScale(t)), riser: 0.3, base: 0 },
        fluvialStep({
          k: 3e-4,
          m: 0.5,
          n: 1,
          channelArea: 0,
          uplift: 0,
          diffusion: 0.0002,
          timeStep: 10_000,
          time: 100_000,
          strata: mesaBeds(t),
          outletArea: cm(0.1 * span(t) ** 2),
        }),
        thermalStep({
          iterations: 10,
          talusDeg: 35,
          strength: GENTLE_THERMAL,
          retreatDeg: 65,
          strata: mesaBeds(t),
          talusShare: 0.5,
          topWidth: narrowTop(t),
          jointSpacing: MESA_JOINT_SPACING,
          caplessRelief: cm(8 * reliefScale(t)),
          capWidth: cm(MESA_CAP_CELLS * t.cellSize * reliefScale(t)),
        }),
        fluvialStep({
          k: 2e-5,
          m: 0.5,
          n: 1,
          channelArea: 0,
          uplift: 0,
          diffusion: 0,
          timeStep: 20_000,
          time: 40_000,
          strata: mesaBeds(t),
          outletArea: cm(0.1 * span(t) ** 2),
          softSlopes: cm(4 * reliefScale(t)),
        }),
        thermalStep({ iterations: 0, talusDeg: 35, strength: GENTLE_THERMAL, lipDrop: cm(t.cellSize), creaseBreak: cm((3 * t.cellSize) / 8) }),
      ],
    }),
  },
  {
    id: 'river-valleys',
    label: 'River valleys',
    description: 'A range raised while its rivers cut it down: branching valleys from the map edge to every ridge, long even slopes, sharp divides.',
    build: (t) => ({
      recipe: {
        seed: t.seed,
        iterations: 200,
        lineMethod: 'normal',
        decay: { disp0: cm(3 * reliefScale(t)), dispN: cm(0.5 * reliefScale(t)), n: 200 },
        profile: { kind: 'smooth', width: cm(span(t) * 0.15) },
      },
      // The fluvial layer near its steady state (Braun & Willett's classic test): gentle hills rise
      // 0.9 m every 1,000 years for 400,000 years against rivers that cut K·A^0.5·S with the whole
      // edge as the base level; every slope drains to a river, so the valleys branch from the
      // edge inward, cutting back into the raised land, and hillslope diffusion rounds the divides.
      // The relief is what uplift and erosion balance at: S = (U/K)·A^−0.5. Soil creep (diffusion D)
      // against river incision sets the valleys' spacing, which grows as √(D/K) (Perron, Kirchner &
      // Dietrich 2009): at D = 0.0002 m²/yr it fell to a few cells and the land read as faceted tiers;
      // at 0.002 (×scale², so the spacing scales with the map) it is about a fifth of a 512 m map.
      // A light rain of droplets (one per ten vertices, eroding gently) then cuts rills into the
      // smooth valley sides, whose long straight slopes otherwise faced along the grid (15–16 % of
      // steep ground at seeds 11 and 29, over the 15 % of gridArtefacts.test.ts).
      finishing: [
        { kind: 'normalise', min: 0, max: cm(20 * reliefScale(t)) },
        fluvialStep({
          k: 4e-4,
          m: 0.5,
          n: 1,
          channelArea: 0,
          uplift: cm(0.9 * reliefScale(t)) / 1000,
          diffusion: cm(0.2 * reliefScale(t) ** 2) / 100,
          timeStep: 40_000,
          time: 400_000,
          strata: null,
          outletArea: 0,
        }),
        hydraulicStep({ version: 3, seed: t.seed, droplets: dropletsFor(t, 0.1), erosionRate: 0.05 }),
        thermalStep({ iterations: 10, talusDeg: 40, strength: GENTLE_THERMAL }),
      ],
    }),
  },
  {
    id: 'islands',
    label: 'Islands',
    description: 'Hilly islands in a sea at 0 m: rolling hills stretched from −30 m to 60 m, then eroded.',
    build: (t) => ({
      recipe: {
        seed: t.seed,
        iterations: 300,
        lineMethod: 'normal',
        decay: { disp0: 2.5, dispN: 0.3, n: 300 },
        profile: { kind: 'smooth', width: cm(span(t) * 0.12) },
      },
      finishing: [
        { kind: 'normalise', min: cm(-30 * reliefScale(t)), max: cm(60 * reliefScale(t)) },
        hydraulicStep({ version: 3, seed: t.seed, droplets: dropletsFor(t, 0.3), erosionRate: 0.2 }),
        thermalStep({ iterations: 20, talusDeg: 30, strength: GENTLE_THERMAL }),
      ],
    }),
  },
  {
    id: 'classic',
    label: 'Classic faults',
    description: 'The plain lighthouse3d fault formation: hard steps, no erosion.',
    build: (t) => ({
      recipe: { seed: t.seed, iterations: 400, lineMethod: 'normal', decay: { disp0: 4, dispN: 0.25, n: 400 }, profile: { kind: 'step' } },
      finishing: [],
    }),
  },
];

export const DEFAULT_PRESET_ID: PresetId = 'rolling-hills';
export const PRESET_IDS: readonly PresetId[] = TERRAIN_PRESETS.map((preset) => preset.id);

export function presetById(id: string): TerrainPreset | undefined {
  return TERRAIN_PRESETS.find((preset) => preset.id === id);
}

/** The recipe and finishing steps of a preset for this map (throws on an unknown id). */
export function buildPreset(id: PresetId, target: PresetTarget): PresetResult {
  const preset = presetById(id);
  if (!preset) throw new RangeError(`unknown preset "${id}" (known: ${PRESET_IDS.join(', ')})`);
  return preset.build(target);
}
