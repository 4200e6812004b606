/**
 * The design standard against the Green Book's own tables (AASHTO 2011, metric): the published,
 * rounded design values, so each check allows the table's rounding.
 */
import { describe, expect, it } from 'vitest';
import {
  crestK,
  designStoppingSightDistance,
  MAX_GRADE_TABLES,
  maxGradeFor,
  minimumRadius,
  parseRoadClass,
  ROAD_CLASSES,
  type RoadClassKind,
  type RoadTerrain,
  sagK,
  sideFriction,
  stoppingSightDistance,
} from './standard';

const SPEEDS = [15, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130];

describe('AASHTO Green Book 2011 (metric)', () => {
  it('side friction f_max by design speed is table 3-7’s', () => {
    const table = [0.4, 0.35, 0.28, 0.23, 0.19, 0.17, 0.15, 0.14, 0.13, 0.12, 0.11, 0.09, 0.08];
    SPEEDS.forEach((v, n) => expect(sideFriction(v)).toBeCloseTo(table[n], 10));
    // Between two columns the value lies between them.
    expect(sideFriction(65)).toBeLessThan(0.17);
    expect(sideFriction(65)).toBeGreaterThan(0.15);
  });

  it('minimum radius matches table 3-7’s rounded radii (to the metre) for e_max 4, 6, 8 and 10 %', () => {
    const table: Record<number, number[]> = {
      4: [4, 8, 22, 47, 86, 135, 203, 280, 375, 492, 635, 872, 1109],
      6: [4, 8, 21, 43, 79, 123, 184, 252, 336, 437, 560, 756, 951],
      8: [4, 7, 20, 41, 73, 113, 168, 229, 304, 394, 501, 667, 832],
      10: [4, 7, 19, 38, 68, 105, 154, 210, 277, 358, 454, 597, 739],
    };
    for (const [e, radii] of Object.entries(table))
      SPEEDS.forEach((v, n) => expect(Math.abs(minimumRadius(v, Number(e)) - radii[n]), `${v} km/h, e ${e} %`).toBeLessThanOrEqual(0.5 + 1e-9));
  });

  it('stopping sight distance is table 3-1’s: computed within the table’s rounding up to 5 m', () => {
    const design = [20, 35, 50, 65, 85, 105, 130, 160, 185, 220, 250, 285];
    SPEEDS.slice(1).forEach((v, n) => {
      expect(designStoppingSightDistance(v), `${v} km/h`).toBe(design[n]);
      expect(stoppingSightDistance(v)).toBeLessThanOrEqual(design[n]);
      expect(design[n] - stoppingSightDistance(v)).toBeLessThan(5);
    });
  });

  it('crest and sag K for stopping sight distance are tables 3-34 and 3-36’s (the K computed to 0.1, rounded up)', () => {
    const crest = [1, 2, 4, 7, 11, 17, 26, 39, 52, 74, 95, 124];
    const sag = [3, 6, 9, 13, 18, 23, 30, 38, 45, 55, 63, 73];
    SPEEDS.slice(1).forEach((v, n) => {
      const s = designStoppingSightDistance(v);
      for (const [k, table] of [
        [crestK(s), crest[n]],
        [sagK(s), sag[n]],
      ]) {
        expect(table - k, `${v} km/h`).toBeGreaterThan(-0.05);
        expect(table - k, `${v} km/h`).toBeLessThan(1);
      }
    });
  });

  it('maximum grade by class and terrain is tables 5-2, 6-2 and 7-2’s', () => {
    expect(maxGradeFor('local', 'mountainous', 30)).toBe(16);
    expect(maxGradeFor('local', 'level', 100)).toBe(5);
    expect(maxGradeFor('collector', 'rolling', 60)).toBe(8);
    expect(maxGradeFor('collector', 'mountainous', 30)).toBe(12);
    expect(maxGradeFor('collector', 'mountainous', 100)).toBe(8);
    expect(maxGradeFor('arterial', 'level', 100)).toBe(3);
    expect(maxGradeFor('arterial', 'mountainous', 80)).toBe(7);
    // Between columns: the faster (stricter) column; before the table its first, past it its last value.
    expect(maxGradeFor('collector', 'rolling', 65)).toBe(8);
    expect(maxGradeFor('collector', 'mountainous', 20)).toBe(12);
    expect(maxGradeFor('arterial', 'rolling', 40)).toBe(6);
    expect(maxGradeFor('local', 'mountainous', 100)).toBe(10);
  });

  it('the local and collector tables are the metric tables as printed, mountainous rows included', () => {
    // King Fahd University of Petroleum & Minerals, CE 341 Transportation Engineering, chapter 4, tables 4.4
    // "Maximum Grades (%) for Rural Collectors" and 4.6 "... for Local Rural Roads", in SI units, source "AASHTO,
    // A Policy on Geometric Design of Highways and Streets, 6th Edition":
    // https://github.com/Dr-Fahad-space/kfupm-ce341/blob/7415b6e7c93c0569ce0924b5a69fc306c6a88f6c/chapters/chapter4.html
    const published = {
      local: {
        speeds: [20, 30, 40, 50, 60, 70, 80, 90, 100],
        level: [9, 8, 7, 7, 7, 7, 6, 6, 5],
        rolling: [12, 11, 11, 10, 10, 9, 8, 7, 6],
        mountainous: [17, 16, 15, 14, 13, 12, 10, 10, null],
      },
      collector: {
        speeds: [30, 40, 50, 60, 70, 80, 90, 100],
        level: [7, 7, 7, 7, 7, 6, 6, 5],
        rolling: [10, 10, 9, 8, 8, 7, 7, 6],
        mountainous: [12, 11, 10, 10, 10, 9, 9, 8],
      },
    };
    for (const kind of ['local', 'collector'] as const) {
      expect(MAX_GRADE_TABLES[kind]).toEqual(published[kind]);
      const { speeds, ...rows } = published[kind];
      for (const [terrain, grades] of Object.entries(rows) as [RoadTerrain, (number | null)[]][])
        speeds.forEach((kmh, n) => {
          const grade = grades[n];
          if (grade !== null) expect(maxGradeFor(kind, terrain, kmh), `${kind} ${terrain} ${kmh} km/h`).toBe(grade);
        });
    }
  });

  it('the level and rolling rows are the US customary tables’ at the metric tables’ speed pairing', () => {
    // TxDOT Roadway Design Manual, 4.8.1 "Grades", Table 4-11 "Maximum Grades", rural rows (source: AASHTO,
    // A Policy on Geometric Design): https://www.txdot.gov/manuals/des/rdw/chapter-4--basic-design-criteria/4-8-vertical-alignment/4-8-1-grades.html
    // It prints level and rolling terrain only. The metric columns pair with customary ones (the published
    // metric tables above are the customary rows at these speeds; 35 and 65 mph have no metric column):
    // 20 km/h ↔ 15 mph, 30 ↔ 20, 40 ↔ 25, 50 ↔ 30, 60 ↔ 40, 70 ↔ 45, 80 ↔ 50, 90 ↔ 55, 100 ↔ 60, 110 ↔ 70, 120 ↔ 75, 130 ↔ 80.
    const mphOf: Record<number, number> = { 20: 15, 30: 20, 40: 25, 50: 30, 60: 40, 70: 45, 80: 50, 90: 55, 100: 60, 110: 70, 120: 75, 130: 80 };
    const customary: Record<RoadClassKind, { mph: number[]; level: number[]; rolling: number[] }> = {
      local: { mph: [15, 20, 25, 30, 35, 40, 45, 50, 55, 60], level: [9, 8, 7, 7, 7, 7, 7, 6, 6, 5], rolling: [12, 11, 11, 10, 10, 10, 9, 8, 7, 6] },
      collector: { mph: [20, 25, 30, 35, 40, 45, 50, 55, 60], level: [7, 7, 7, 7, 7, 7, 6, 6, 5], rolling: [10, 10, 9, 9, 8, 8, 7, 7, 6] },
      arterial: { mph: [40, 45, 50, 55, 60, 65, 70, 75, 80], level: [5, 5, 4, 4, 3, 3, 3, 3, 3], rolling: [6, 6, 5, 5, 4, 4, 4, 4, 4] },
    };
    let compared = 0;
    for (const kind of ROAD_CLASSES) {
      const table = customary[kind];
      for (const terrain of ['level', 'rolling'] as const)
        for (const kmh of MAX_GRADE_TABLES[kind].speeds) {
          const column = table.mph.indexOf(mphOf[kmh]);
          expect(column, `${kmh} km/h`).toBeGreaterThanOrEqual(0);
          expect(maxGradeFor(kind, terrain, kmh), `${kind} ${terrain} ${kmh} km/h`).toBe(table[terrain][column]);
          compared++;
        }
    }
    expect(compared).toBe(50);
  });

  it('maximum grades agree with the Green Book’s metric text on grades (mountainous rows included): about 5 % at 110 km/h, 7–12 % at 50 km/h', () => {
    // AASHTO, A Policy on Geometric Design of Highways and Streets, 1994 (metric), pp. 233–237, "Maximum
    // Grades", as reprinted by the University of Idaho's NIATT lab manual:
    // https://www.webpages.uidaho.edu/niatt_labmanual/chapters/geometricdesign/professionalpractice/AscendingGrades.htm
    // "Maximum grades of about 5 percent are considered appropriate for a design speed of 110 km/h. For a design
    // speed of 50 km/h, maximum grades generally are in the range of 7 to 12 percent, depending on topography."
    // The rural arterials' mountainous row (table 7-2) has no printed copy found; it is checked by these bounds alone.
    for (const terrain of ['level', 'rolling', 'mountainous'] as const) {
      expect(maxGradeFor('arterial', terrain, 110), terrain).toBeLessThanOrEqual(5);
      for (const kind of ['local', 'collector'] as const) {
        expect(maxGradeFor(kind, terrain, 50), `${kind} ${terrain}`).toBeGreaterThanOrEqual(7);
        // "For low-volume rural highways, grades may be 2 percent steeper": the local roads' 14 % in mountains.
        expect(maxGradeFor(kind, terrain, 50), `${kind} ${terrain}`).toBeLessThanOrEqual(kind === 'local' ? 14 : 12);
      }
    }
    expect(maxGradeFor('arterial', 'mountainous', 110)).toBe(5);
  });

  it('reads a class from the CLI’s words and refuses others', () => {
    expect(parseRoadClass('collector-rolling')).toEqual({ kind: 'collector', terrain: 'rolling' });
    expect(parseRoadClass('Local-Mountainous')).toEqual({ kind: 'local', terrain: 'mountainous' });
    expect(parseRoadClass('highway-level')).toBeNull();
    expect(parseRoadClass('local')).toBeNull();
  });
});

describe('the standard in the road', () => {
  it('caps the auto bank at e_max (tan bank ≤ 8 % by default, 4 % when chosen); roads saved without e_max keep the degree cap', async () => {
    const { buildCentreline } = await import('./centreline');
    const { bankAlong } = await import('./profile');
    const { roadParams } = await import('./params');
    // A tight bend at 80 km/h: v²κ/g far above any e_max.
    const points = [
      { x: -60, z: 0 },
      { x: 0, z: 0 },
      { x: 0, z: 60 },
    ];
    const steepest = (p: ReturnType<typeof roadParams>) => Math.max(...bankAlong(buildCentreline(p, 0.5), p).map(Math.abs));
    const tan = (deg: number) => Math.tan((deg * Math.PI) / 180);
    expect(tan(steepest(roadParams(points, { bank: 'auto', designSpeedKmh: 80 })))).toBeCloseTo(0.08, 6);
    expect(tan(steepest(roadParams(points, { bank: 'auto', designSpeedKmh: 80, eMaxPct: 4 })))).toBeCloseTo(0.04, 6);
    const old = roadParams(points, { bank: 'auto', designSpeedKmh: 80 });
    delete old.eMaxPct;
    expect(steepest(old)).toBeCloseTo(old.maxBankDeg, 6);
  });
});
