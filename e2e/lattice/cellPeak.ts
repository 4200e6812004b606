// The measure of the no-lattice test (issue 34): how much an image's power at the frequencies of the
// map's cells, as they lie on screen, stands above the frequencies around them. Pure: images in,
// numbers out (the spec decodes and projects, this measures; `cellPeak.test.ts` checks it on
// synthetic images).

export type Vec2 = { x: number; y: number };
export type Vec3 = { x: number; y: number; z: number };

/** A grey image, row by row (y down the screen). */
export type Gray = { width: number; height: number; data: Float64Array };

/** The cells on screen near the middle of the view: the pixel step of one cell along the map's x and z. */
export type CellBasis = { ex: Vec2; ez: Vec2 };

/** The cells at the middle of the view, and how squarely the surface there faces the camera (cos of the angle, 1 head-on, 0 edge-on). */
export type CentreCells = CellBasis & { facing: number };

const sub = (a: Vec3, b: Vec3): Vec3 => ({ x: a.x - b.x, y: a.y - b.y, z: a.z - b.z });
const dot = (a: Vec3, b: Vec3) => a.x * b.x + a.y * b.y + a.z * b.z;
const cross = (a: Vec3, b: Vec3): Vec3 => ({ x: a.y * b.z - a.z * b.y, y: a.z * b.x - a.x * b.z, z: a.x * b.y - a.y * b.x });
const unit = (a: Vec3): Vec3 => {
  const l = Math.hypot(a.x, a.y, a.z);
  return { x: a.x / l, y: a.y / l, z: a.z / l };
};

/**
 * Where the middle of the view meets the surface h = height(x, z), and the cell steps on screen there:
 * a perspective camera at `eye` looking at `target` (y up, vertical field of view `fovDeg` over
 * `viewHeightPx` pixels). The steps are the projection's derivative at that point times one cell
 * along x (with the surface's rise) and along z; screen y points down.
 */
export function cellBasisAtCentre(
  eye: Vec3,
  target: Vec3,
  fovDeg: number,
  viewHeightPx: number,
  height: (x: number, z: number) => number,
  cell: number,
): CentreCells {
  const forward = unit(sub(target, eye));
  const right = unit(cross(forward, { x: 0, y: 1, z: 0 }));
  const up = cross(right, forward);
  // March down the central ray to the surface, then bisect.
  const at = (t: number): Vec3 => ({ x: eye.x + forward.x * t, y: eye.y + forward.y * t, z: eye.z + forward.z * t });
  const above = (t: number) => {
    const p = at(t);
    return p.y - height(p.x, p.z);
  };
  const reach = Math.hypot(target.x - eye.x, target.y - eye.y, target.z - eye.z) * 4;
  const step = reach / 4000;
  let t = 0;
  while (t < reach && above(t + step) > 0) t += step;
  if (t >= reach) throw new Error('the middle of the view does not meet the surface');
  let lo = t;
  let hi = t + step;
  for (let n = 0; n < 40; n++) {
    const mid = (lo + hi) / 2;
    if (above(mid) > 0) lo = mid;
    else hi = mid;
  }
  const hit = at(lo);
  const focal = viewHeightPx / 2 / Math.tan((fovDeg * Math.PI) / 360);
  const project = (p: Vec3): Vec2 => {
    const d = sub(p, eye);
    const depth = dot(d, forward);
    return { x: (focal * dot(d, right)) / depth, y: (-focal * dot(d, up)) / depth };
  };
  // A small central difference of the projection (the cells are a few pixels; the view bends over hundreds).
  const e = cell / 8;
  const pointAt = (x: number, z: number): Vec3 => ({ x, y: height(x, z), z });
  const stepAlong = (dx: number, dz: number): Vec2 => {
    const a = project(pointAt(hit.x - dx * e, hit.z - dz * e));
    const b = project(pointAt(hit.x + dx * e, hit.z + dz * e));
    return { x: ((b.x - a.x) * cell) / (2 * e), y: ((b.y - a.y) * cell) / (2 * e) };
  };
  const gx = (height(hit.x + e, hit.z) - height(hit.x - e, hit.z)) / (2 * e);
  const gz = (height(hit.x, hit.z + e) - height(hit.x, hit.z - e)) / (2 * e);
  const facing = -dot(unit({ x: -gx, y: 1, z: -gz }), forward);
  return { ex: stepAlong(1, 0), ez: stepAlong(0, 1), facing };
}

/** The frequencies (cycles a pixel) g with g·ex = a, g·ez = b. */
function frequencyOf(basis: CellBasis, a: number, b: number): Vec2 {
  const { ex, ez } = basis;
  const det = ex.x * ez.y - ex.y * ez.x;
  // Rows of the inverse of [ex ez]ᵀ: g = M⁻¹ (a, b).
  return { x: (a * ez.y - b * ex.y) / det, y: (b * ex.x - a * ez.x) / det };
}

/**
 * The patterns a lattice can make, as multiples of the cell steps: one cell (1, 0), (0, 1), (1, ±1),
 * and the alternating ones (a checker and stripes that flip from cell to cell: ½ of those).
 */
const LATTICE: readonly (readonly [number, number])[] = [
  [0.5, 0],
  [0, 0.5],
  [0.5, 0.5],
  [0.5, -0.5],
  [1, 0],
  [0, 1],
  [1, 1],
  [1, -1],
];

/**
 * A score above this is a lattice. Loud white noise (above the one-level floor) scores 2–3 (the
 * largest of eight frequencies' ratios, each a mean over a few nearly dependent bins); the spec's
 * own images scored up to 4.3 (the close cylinder's detail strength) and the same images with its
 * ±6-level checker 15 and more (the spec records them in its annotations).
 */
export const LATTICE_LIMIT = 6;

/** Above this (cycles a pixel along either axis) a frequency is too near the pixels' own to be measured. */
const RESOLVED = 0.42;

/** Power of the Hann-windowed, mean-free image at frequency g (any real frequency, by a direct sum). */
function powerAt(windowed: Gray, g: Vec2): number {
  const { width, height, data } = windowed;
  let re = 0;
  let im = 0;
  for (let y = 0; y < height; y++) {
    let rowRe = 0;
    let rowIm = 0;
    const base = y * width;
    for (let x = 0; x < width; x++) {
      const phase = 2 * Math.PI * g.x * x;
      rowRe += data[base + x] * Math.cos(phase);
      rowIm -= data[base + x] * Math.sin(phase);
    }
    const phase = 2 * Math.PI * g.y * y;
    const c = Math.cos(phase);
    const s = Math.sin(phase);
    re += rowRe * c + rowIm * s;
    im += rowIm * c - rowRe * s;
  }
  return re * re + im * im;
}

function windowed(image: Gray): Gray {
  const { width, height, data } = image;
  let mean = 0;
  for (let p = 0; p < data.length; p++) mean += data[p];
  mean /= data.length;
  const out = new Float64Array(data.length);
  const hann = (i: number, n: number) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (n - 1));
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) out[y * width + x] = (data[y * width + x] - mean) * hann(x, width) * hann(y, height);
  return { width, height, data: out };
}

const rotate = (g: Vec2, angle: number, scale: number): Vec2 => ({
  x: scale * (g.x * Math.cos(angle) - g.y * Math.sin(angle)),
  y: scale * (g.x * Math.sin(angle) + g.y * Math.cos(angle)),
});

export type CellPeak = {
  /** The largest ratio over the lattice's frequencies that are resolved. */
  score: number;
  /** Which multiple of the cell steps gave it. */
  at: readonly [number, number];
  /** How many of the lattice's frequencies were resolved (the rest lie beyond the pixels' reach). */
  measured: number;
};

/**
 * How much the image's power at the cells' frequencies on screen stands above the frequencies around
 * each, in two dimensions (along and down the screen alike): for each of the lattice's frequencies
 * g, the mean power over the bins within half a bin of g along and down the screen, against the mean
 * over the ring at 0.6–0.75 and 1.3–1.5 times g (±17°), or a
 * one-level sine across the image if that is more (8-bit rounding of an almost even picture is not
 * a pattern). About 1 or less when nothing repeats at the cells' period, several times more for a
 * lattice.
 */
export function cellPeak(image: Gray, basis: CellBasis): CellPeak {
  const w = windowed(image);
  // A sine of amplitude one under the two Hann windows: amplitude × (width/2 · height/2) / 2.
  const floor = ((image.width * image.height) / 8) ** 2;
  const mean = (gs: Vec2[]) => gs.reduce((sum, g) => sum + powerAt(w, g), 0) / gs.length;
  let best: CellPeak = { score: 0, at: [0, 0], measured: 0 };
  let measured = 0;
  for (const [a, b] of LATTICE) {
    const g = frequencyOf(basis, a, b);
    if (Math.max(Math.abs(g.x), Math.abs(g.y)) > RESOLVED) continue;
    // Half a frequency bin either way along and down the screen (the window's main lobe is two bins).
    const near: Vec2[] = [];
    for (const dy of [-0.5, 0, 0.5]) for (const dx of [-0.5, 0, 0.5]) near.push({ x: g.x + dx / image.width, y: g.y + dy / image.height });
    const peak = mean(near);
    const ring: Vec2[] = [];
    for (const scale of [0.6, 0.75, 1.3, 1.5]) {
      // The outer ring past the pixels' reach: the inner ring alone.
      if (scale > 1 && Math.max(Math.abs(g.x), Math.abs(g.y)) * scale > 0.5) continue;
      for (const angle of [-0.3, -0.15, 0, 0.15, 0.3]) ring.push(rotate(g, angle, scale));
    }
    measured++;
    const score = peak / Math.max(mean(ring), floor);
    if (score > best.score) best = { score, at: [a, b], measured: 0 };
  }
  return { ...best, measured };
}

/**
 * `image` with a checker of ±`levels` added: the sign flips from cell to cell along x and z, the cells
 * laid on screen by `basis` about the image's middle. The lattice the test must catch.
 */
export function withChecker(image: Gray, basis: CellBasis, levels: number): Gray {
  const { width, height, data } = image;
  const { ex, ez } = basis;
  const det = ex.x * ez.y - ex.y * ez.x;
  const out = new Float64Array(data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const px = x - width / 2;
      const py = y - height / 2;
      const u = (px * ez.y - py * ez.x) / det;
      const v = (py * ex.x - px * ex.y) / det;
      const sign = (Math.floor(u) + Math.floor(v)) % 2 === 0 ? 1 : -1;
      out[y * width + x] = data[y * width + x] + sign * levels;
    }
  }
  return { width, height, data: out };
}
