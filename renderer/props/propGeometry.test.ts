import { describe, expect, it } from 'vitest';
import { getPropType } from '../../shared/props/library';
import { BROADLEAF_CROWN, BUSH_CROWN, PROP_LOBE_TRIM, propMesh } from '../../shared/props/propMeshes';
import { buildPropGeometry, PROP_LEAF_ATTRIBUTE, PROP_LOBE_ATTRIBUTE } from './propGeometry';

describe('prop geometry', () => {
  it("marks the leaves' vertices for the props' shader, and nothing on a trunk, a stone or a house", () => {
    for (const id of ['broadleaf', 'conifer', 'bush', 'rock', 'house', 'fence-post']) {
      const type = getPropType(id);
      const geometry = buildPropGeometry(type);
      const leaf = geometry.getAttribute(PROP_LEAF_ATTRIBUTE);
      expect(leaf.count, id).toBe(geometry.getAttribute('position').count);
      const mesh = propMesh(type);
      const leaves = mesh ? mesh.partNames.indexOf('leaves') : -1;
      for (let v = 0; v < leaf.count; v++) {
        const isLeaf = mesh !== null && mesh.parts[Math.floor(v / 3)] === leaves;
        expect(leaf.getX(v), `${id} vertex ${v}`).toBe(isLeaf ? 1 : 0);
      }
      // The trees have trunks too: both kinds of vertex are there.
      if (id === 'broadleaf' || id === 'conifer') expect(new Set(Array.from({ length: leaf.count }, (_, v) => leaf.getX(v)))).toEqual(new Set([0, 1]));
      if (id === 'bush') expect(leaf.getX(0)).toBe(1);
    }
  });
});

describe("leaf lobes' round outline", () => {
  /** Convex hull (counter-clockwise) of 2D points, by the monotone chain. */
  function hull(points: [number, number][]): [number, number][] {
    const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const turn = (o: [number, number], a: [number, number], b: [number, number]) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
    const half = (list: [number, number][]) => {
      const chain: [number, number][] = [];
      for (const p of list) {
        while (chain.length >= 2 && turn(chain[chain.length - 2], chain[chain.length - 1], p) <= 0) chain.pop();
        chain.push(p);
      }
      chain.pop();
      return chain;
    };
    return [...half(sorted), ...half([...sorted].reverse())];
  }
  const inside = (polygon: [number, number][], p: [number, number]) =>
    polygon.every((a, k) => {
      const b = polygon[(k + 1) % polygon.length];
      return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]) >= 0;
    });

  it("marks each outer lobe's vertices with its centre and radius, and the trim keeps a whole disc of it from every side, cutting only its corners", () => {
    for (const id of ['broadleaf', 'bush']) {
      const geometry = buildPropGeometry(getPropType(id));
      const lobe = geometry.getAttribute(PROP_LOBE_ATTRIBUTE);
      const position = geometry.getAttribute('position');
      const leaf = geometry.getAttribute(PROP_LEAF_ATTRIBUTE);
      const lobes = new Map<string, { centre: number[]; radius: number; points: number[][] }>();
      for (let v = 0; v < lobe.count; v++) {
        const radius = lobe.getW(v);
        if (radius === 0) continue;
        // Only leaves are trimmed.
        expect(leaf.getX(v), `${id} vertex ${v}`).toBe(1);
        const centre = [lobe.getX(v), lobe.getY(v), lobe.getZ(v)];
        const key = centre.join(',');
        const entry = lobes.get(key) ?? { centre, radius, points: [] };
        entry.points.push([position.getX(v), position.getY(v), position.getZ(v)]);
        lobes.set(key, entry);
      }
      expect(lobes.size, id).toBe(id === 'broadleaf' ? BROADLEAF_CROWN.lobes : BUSH_CROWN.lobes);
      let worst = 1;
      let total = 0;
      let views = 0;
      let trimmed = 0;
      for (const { centre, radius, points } of lobes.values()) {
        for (let k = 0; k < 24; k++) {
          // 24 view directions spread over the sphere.
          const y = 1 - (2 * (k + 0.5)) / 24;
          const h = Math.sqrt(1 - y * y);
          const f = [h * Math.cos(2.4 * k), y, h * Math.sin(2.4 * k)];
          const a = Math.abs(f[1]) < 0.9 ? [0, 1, 0] : [1, 0, 0];
          const right = [a[1] * f[2] - a[2] * f[1], a[2] * f[0] - a[0] * f[2], a[0] * f[1] - a[1] * f[0]];
          const rl = Math.hypot(...right);
          const r = right.map((x) => x / rl);
          const up = [f[1] * r[2] - f[2] * r[1], f[2] * r[0] - f[0] * r[2], f[0] * r[1] - f[1] * r[0]];
          const projected = points.map((p): [number, number] => {
            const d = [p[0] - centre[0], p[1] - centre[1], p[2] - centre[2]];
            return [(d[0] * r[0] + d[1] * r[1] + d[2] * r[2]) / radius, (d[0] * up[0] + d[1] * up[1] + d[2] * up[2]) / radius];
          });
          const outline = hull(projected);
          // The share of the disc of radius PROP_LOBE_TRIM inside the lobe's silhouette (6 rings of 36 points).
          let covered = 0;
          let samples = 0;
          for (let ring = 1; ring <= 6; ring++) {
            for (let s = 0; s < 36; s++) {
              const rr = (PROP_LOBE_TRIM * ring) / 6;
              samples++;
              if (inside(outline, [rr * Math.cos((s * Math.PI) / 18), rr * Math.sin((s * Math.PI) / 18)])) covered++;
            }
          }
          worst = Math.min(worst, covered / samples);
          total += covered / samples;
          views++;
          if (Math.max(...outline.map(([x, z]) => Math.hypot(x, z))) > PROP_LOBE_TRIM) trimmed++;
        }
      }
      // The trimmed outline (the lobe's silhouette within PROP_LOBE_TRIM of its radius from its centre) is
      // nearly the whole disc: round, with short straight stretches where an icosahedron's edge dips inside it ...
      expect(total / views, id).toBeGreaterThan(0.93);
      expect(worst, id).toBeGreaterThan(0.8);
      // ... and the icosahedron's corners reach past it from nearly every side: the trim rounds them off.
      expect(trimmed / views, id).toBeGreaterThan(0.95);
    }
  });
});
