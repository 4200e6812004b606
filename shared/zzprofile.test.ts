import { it } from 'vitest';
import { replayTerrain } from './recipe/replay';
import { buildPreset } from './presets/terrainPresets';
import { writeShadingNormals } from './terrain/shadingNormals';
it('teeth', () => {
  const target = { width: 257, depth: 257, cellSize: 2, seed: 1 };
  const { recipe, finishing } = buildPreset('mesas', target);
  const f = replayTerrain({ ...target, recipe, steps: finishing });
  const { width, depth, heights, cellSize: c } = f;
  const n = new Float32Array(width * depth * 3);
  writeShadingNormals(f, n);
  const deg = (y: number) => (Math.acos(Math.min(1, Math.abs(y))) * 180) / Math.PI;
  const ss = (a: number, b: number, x: number) => { const t = Math.min(1, Math.max(0, (x - a) / (b - a))); return t * t * (3 - 2 * t); };
  let shown = 12; const hist = new Array(10).fill(0); const hist0 = new Array(10).fill(0); let tot = 0;
  for (let j = 2; j < depth - 3; j++) for (let i = 2; i < width - 3; i++) {
    const tris = [[[i, j], [i, j + 1], [i + 1, j]], [[i + 1, j], [i, j + 1], [i + 1, j + 1]]];
    for (const t of tris) {
      // on a cap top: some vertex with shading slope < 8° and height near a cap top (mod 40 in 36..40.6)
      const hs = t.map(([x, z]) => heights[z * width + x]);
      const capV = t.filter(([x, z]) => deg(n[(z * width + x) * 3 + 1]) < 8 && (((heights[z * width + x] - 0.5) % 40) + 40) % 40 > 34);
      if (!capV.length) continue;
      const p = t.map(([x, z]) => [x * c, heights[z * width + x], z * c]);
      const e1 = [p[1][0] - p[0][0], p[1][1] - p[0][1], p[1][2] - p[0][2]];
      const e2 = [p[2][0] - p[0][0], p[2][1] - p[0][1], p[2][2] - p[0][2]];
      const cr = [e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]];
      const sf = deg(cr[1] / Math.hypot(...cr));
      for (const [a, b] of [[1/3, 1/3], [0.8, 0.1], [0.1, 0.8], [0.1, 0.1], [0.45,0.45],[0.05,0.45],[0.45,0.05]]) {
        const w = [1 - a - b, a, b]; const v = [0, 0, 0];
        t.forEach(([x, z], k) => { for (let q = 0; q < 3; q++) v[q] += w[k] * n[(z * width + x) * 3 + q]; });
        const si = deg(v[1] / Math.hypot(...v));
        const rs = si + (sf - si) * ss(20, 30, Math.abs(si - sf));
        tot++; hist[Math.min(9, Math.floor(rs / 10))]++; hist0[Math.min(9, Math.floor(si / 10))]++;
        if (rs > 28 && rs < 42 && shown < 12) {
          shown++;
          const win = [];
          for (let z = j - 1; z <= j + 2; z++) { const r = []; for (let x = i - 1; x <= i + 2; x++) r.push(heights[z * width + x].toFixed(1) + '/' + deg(n[(z * width + x) * 3 + 1]).toFixed(0)); win.push(r.join(' ')); }
          console.log(`tri ${JSON.stringify(t)} face ${sf.toFixed(0)} shaded ${si.toFixed(0)} rule ${rs.toFixed(0)} hs ${hs.map(h=>h.toFixed(2))}\n  ${win.join('\n  ')}`);
          break;
        }
      }
    }
  }
  console.log('before', hist0.map((h) => (100 * h / tot).toFixed(1)).join(' '));
  console.log('rule slope hist (10° bins) on cap-touching triangles', hist.map((h) => (100 * h / tot).toFixed(1)).join(' '));
}, 300000);
