/**
 * `stamp`: a heightmap image placed at a centre, rotation and size, blended with the ground (add,
 * max, min, replace) and faded in from its edge over `falloff` of its half-side.
 */
import { copyRect, isFiniteNumber, isWhole, smoothstep01, worldRect, type LayerKindModule } from '../kind';
import { STAMP_BLENDS, type StampLayer } from '../types';

export const MAX_STAMP_SIDE = 4097;

/** Columns [first, last] (unclamped) where u = (dx·cos + dz·sin)/size + ½ and v = (−dx·sin + dz·cos)/size + ½ can both be in 0…1; null if none. */
function columnsInside(dz: number, cos: number, sin: number, side: number, x: number, ci: number, cellSize: number): [number, number] | null {
  let lo = -Infinity;
  let hi = Infinity;
  // a·dx + b in [−side/2, side/2] for (a, b) = (cos, dz·sin) and (−sin, dz·cos).
  for (const [a, b] of [
    [cos, dz * sin],
    [-sin, dz * cos],
  ]) {
    if (Math.abs(a) < 1e-12) {
      if (Math.abs(b) > side / 2 + 1e-9 * side) return null;
      continue;
    }
    const t1 = (-side / 2 - b) / a;
    const t2 = (side / 2 - b) / a;
    lo = Math.max(lo, Math.min(t1, t2));
    hi = Math.min(hi, Math.max(t1, t2));
  }
  if (lo > hi) return null;
  const first = Math.floor((lo + x) / cellSize + ci);
  const last = Math.ceil((hi + x) / cellSize + ci);
  return Number.isFinite(first) && Number.isFinite(last) ? [first, last] : null;
}

export const stampKind: LayerKindModule<StampLayer> = {
  kind: 'stamp',
  local: true,
  problem({ params: p, image }) {
    for (const key of ['x', 'z', 'rotationDeg', 'height'] as const) if (!isFiniteNumber(p[key])) return `${key} must be a number`;
    if (!isFiniteNumber(p.size) || p.size <= 0) return 'size must be a positive number of metres';
    if (!(STAMP_BLENDS as readonly unknown[]).includes(p.blend)) return `blend ${JSON.stringify(p.blend)} is unknown (known: ${STAMP_BLENDS.join(', ')})`;
    if (!isFiniteNumber(p.falloff) || p.falloff < 0 || p.falloff > 1) return 'falloff must be from 0 to 1';
    if (typeof image !== 'object' || image === null) return 'has no image';
    if (!isWhole(image.width, 2, MAX_STAMP_SIDE) || !isWhole(image.depth, 2, MAX_STAMP_SIDE))
      return `image is not a heightmap: its sides must be whole numbers from 2 to ${MAX_STAMP_SIDE}`;
    if (!(image.values instanceof Float32Array) || image.values.length !== image.width * image.depth)
      return `image is not a heightmap: a ${image.width} × ${image.depth} image needs ${image.width * image.depth} values`;
    for (let k = 0; k < image.values.length; k++) {
      const v = image.values[k];
      if (!(v >= 0 && v <= 1)) return `image is not a heightmap: value ${k} is ${v}, outside 0…1`;
    }
    return null;
  },
  apply(layer, input, out, size, rect) {
    copyRect(input, out, size.width, rect);
    const { params: p, image } = layer;
    const theta = (p.rotationDeg * Math.PI) / 180;
    const cos = Math.cos(theta);
    const sin = Math.sin(theta);
    const ci = (size.width - 1) / 2;
    const cj = (size.depth - 1) / 2;
    const iw = image.width - 1;
    const id = image.depth - 1;
    for (let j = rect.j0; j < rect.j1; j++) {
      const dz = (j - cj) * size.cellSize - p.z;
      // u and v are linear in x along the row: only the columns where both can be in 0…1 are
      // visited (widened by one; the test inside still decides each vertex).
      const span = columnsInside(dz, cos, sin, p.size, p.x, ci, size.cellSize);
      if (!span) continue;
      const from = Math.max(rect.i0, span[0] - 1);
      const to = Math.min(rect.i1, span[1] + 2);
      for (let i = from; i < to; i++) {
        const dx = (i - ci) * size.cellSize - p.x;
        const u = (dx * cos + dz * sin) / p.size + 0.5;
        const v = (-dx * sin + dz * cos) / p.size + 0.5;
        if (!(u >= 0 && u <= 1 && v >= 0 && v <= 1)) continue;
        const fx = u * iw;
        const fz = v * id;
        const x0 = Math.min(iw - 1, Math.floor(fx));
        const z0 = Math.min(id - 1, Math.floor(fz));
        const tx = fx - x0;
        const tz = fz - z0;
        const a = image.values[z0 * image.width + x0];
        const b = image.values[z0 * image.width + x0 + 1];
        const c = image.values[(z0 + 1) * image.width + x0];
        const d = image.values[(z0 + 1) * image.width + x0 + 1];
        const s = ((a * (1 - tx) + b * tx) * (1 - tz) + (c * (1 - tx) + d * tx) * tz) * p.height;
        const k = j * size.width + i;
        const h = input[k];
        const blended = p.blend === 'add' ? h + s : p.blend === 'max' ? Math.max(h, s) : p.blend === 'min' ? Math.min(h, s) : s;
        // 0 at the edge, 1 from `falloff` of the half-side inwards.
        const edge = Math.min(u, 1 - u, v, 1 - v) * 2;
        const w = p.falloff > 0 ? smoothstep01(edge / p.falloff) : 1;
        out[k] = w === 1 ? blended : h + w * (blended - h);
      }
    }
    return true;
  },
  bounds({ params: p }, size) {
    // The rotated square's bounding box (its half-extent is the same along x and z).
    const theta = (p.rotationDeg * Math.PI) / 180;
    const r = (p.size / 2) * (Math.abs(Math.cos(theta)) + Math.abs(Math.sin(theta)));
    return worldRect(size, p.x - r, p.z - r, p.x + r, p.z + r);
  },
};
