/**
 * The ground materials' textures, generated (no image files): one RGBA8 tile per material, seamless
 * (every noise is periodic over the tile), channels R = albedo around its mean (128 ≈ ×1: each tile's
 * mean is exactly its material's colour, so a far view, whose mipmaps average the tile, shows the
 * colour the 2D panel and the colour map paint), G = height (for blending), B, A = the normal's x and
 * y in the tile's plane (0.5 = flat). The view makes them once in a worker and keeps them.
 */
import { GROUND_MATERIALS, type GroundMaterial } from './climate';

/** Texels along a tile's side. */
export const GROUND_TEXTURE_SIZE = 256;

/**
 * Metres a tile spans, per material. None is near one or two cells of a usual map (1–4 m cells), so
 * a tile's repeat never lines up with the cells (no lattice), and close views do not see it repeat.
 */
export const GROUND_TILE_METRES: Readonly<Record<GroundMaterial, number>> = { grass: 2.9, dirt: 3.3, gravel: 2.35, rock: 6.7, sand: 3.1, snow: 5.3, road: 2.7 };

/**
 * Metres a pixel over which rock's texture fades out in the view (the other materials' fade from 0.45 to
 * 1.2 m). Whatever the 6.7 m tile's mip keeps from there repeats every tile: read out to 2 m a pixel, its
 * beds and blocks showed as a honeycomb of scales on a face at mid distance.
 */
export const ROCK_FADE_START = 0.4;
export const ROCK_FADE_END = 1.1;

/** How strongly each material's albedo varies (× its R around the mean) and its normals tilt. */
export const GROUND_ALBEDO_AMOUNT: Readonly<Record<GroundMaterial, number>> = {
  grass: 0.5,
  dirt: 0.45,
  gravel: 0.55,
  rock: 0.6,
  sand: 0.5,
  snow: 0.12,
  road: 0.3,
};
const BUMP: Readonly<Record<GroundMaterial, number>> = { grass: 3, dirt: 4, gravel: 2.5, rock: 6, sand: 2.5, snow: 1.2, road: 1.5 };

/** A hash of integer lattice coordinates to 0…1 (deterministic on every machine: integer arithmetic). */
function hash(x: number, y: number, seed: number): number {
  let h = Math.imul(x, 0x27d4eb2d) ^ Math.imul(y, 0x165667b1) ^ Math.imul(seed, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

const wrap = (v: number, period: number) => ((v % period) + period) % period;
const smoothstep = (edge0: number, edge1: number, x: number) => {
  const t = Math.min(1, Math.max(0, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
};

/** Value noise with `period` lattice cells over the tile (u, v in 0…1), smoothly interpolated: seamless. */
function periodicNoise(u: number, v: number, period: number, seed: number): number {
  const x = u * period;
  const y = v * period;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const sx = fx * fx * (3 - 2 * fx);
  const sy = fy * fy * (3 - 2 * fy);
  const a = hash(wrap(x0, period), wrap(y0, period), seed);
  const b = hash(wrap(x0 + 1, period), wrap(y0, period), seed);
  const c = hash(wrap(x0, period), wrap(y0 + 1, period), seed);
  const d = hash(wrap(x0 + 1, period), wrap(y0 + 1, period), seed);
  return a + (b - a) * sx + (c - a) * sy + (a - b - c + d) * sx * sy;
}

/** Fractal sum of periodic noise, `octaves` from `period` cells up (each twice as fine, half as strong), 0…1. */
function fbm(u: number, v: number, period: number, octaves: number, seed: number): number {
  let sum = 0;
  let amplitude = 0.5;
  let norm = 0;
  for (let o = 0; o < octaves; o++) {
    sum += amplitude * periodicNoise(u, v, period << o, seed + o * 101);
    norm += amplitude;
    amplitude *= 0.5;
  }
  return sum / norm;
}

/** Distances to the nearest and second-nearest jittered cell point (periodic cells) and the nearest cell's hash. */
function cells(u: number, v: number, period: number, seed: number): { f1: number; f2: number; id: number } {
  const x = u * period;
  const y = v * period;
  const xi = Math.floor(x);
  const yi = Math.floor(y);
  let f1 = 9;
  let f2 = 9;
  let id = 0;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const cx = wrap(xi + dx, period);
      const cy = wrap(yi + dy, period);
      const px = xi + dx + 0.15 + 0.7 * hash(cx, cy, seed);
      const py = yi + dy + 0.15 + 0.7 * hash(cx, cy, seed + 7);
      const d = Math.hypot(px - x, py - y);
      if (d < f1) {
        f2 = f1;
        f1 = d;
        id = hash(cx, cy, seed + 13);
      } else if (d < f2) f2 = d;
    }
  }
  return { f1, f2, id };
}

/**
 * Blades of grass (0…1): in each of period² cells three strokes, each from a jittered point at its own
 * angle (uniform over the half turn, so the strokes have no preferred direction), a cell long
 * and a sixth of one wide, the brightest stroke over a point winning. Periodic over the tile.
 */
function grassBlades(u: number, v: number, period: number, seed: number): number {
  const x = u * period;
  const y = v * period;
  const xi = Math.floor(x);
  const yi = Math.floor(y);
  let best = 0;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const cx = wrap(xi + dx, period);
      const cy = wrap(yi + dy, period);
      for (let s = 0; s < 3; s++) {
        const salt = seed + 17 * s;
        const angle = Math.PI * hash(cx, cy, salt + 1);
        const ax = Math.cos(angle);
        const ay = Math.sin(angle);
        const ox = x - (xi + dx + hash(cx, cy, salt + 2));
        const oy = y - (yi + dy + hash(cx, cy, salt + 3));
        const along = (ox * ax + oy * ay) / 0.5;
        const across = (oy * ax - ox * ay) / 0.08;
        const r2 = along * along + across * across;
        if (r2 < 1) best = Math.max(best, (1 - r2) * (0.6 + 0.4 * hash(cx, cy, salt + 4)));
      }
    }
  }
  return best;
}

/**
 * Loose pebbles (periodic over the tile): in each of period² cells a pebble with probability `share`,
 * at a jittered point, an ellipse of its own size (0.3–0.6 of a cell across its longer axis), shape and
 * turn, domed. Returns the highest pebble's dome over (u, v) (0 where none), and that pebble's hash.
 */
function pebbles(u: number, v: number, period: number, seed: number, share: number): { dome: number; id: number } {
  const x = u * period;
  const y = v * period;
  const xi = Math.floor(x);
  const yi = Math.floor(y);
  let dome = 0;
  let id = 0;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const cx = wrap(xi + dx, period);
      const cy = wrap(yi + dy, period);
      if (hash(cx, cy, seed + 5) >= share) continue;
      const ox = x - (xi + dx + 0.2 + 0.6 * hash(cx, cy, seed));
      const oy = y - (yi + dy + 0.2 + 0.6 * hash(cx, cy, seed + 1));
      const angle = Math.PI * hash(cx, cy, seed + 2);
      const c = Math.cos(angle);
      const sn = Math.sin(angle);
      const radius = 0.3 + 0.3 * hash(cx, cy, seed + 3);
      const aspect = 0.55 + 0.45 * hash(cx, cy, seed + 4);
      const along = (ox * c + oy * sn) / radius;
      const across = (oy * c - ox * sn) / (radius * aspect);
      const r2 = along * along + across * across;
      if (r2 >= 1) continue;
      const top = Math.sqrt(1 - r2) * (0.6 + 0.4 * hash(cx, cy, seed + 6));
      if (top > dome) {
        dome = top;
        id = hash(cx, cy, seed + 7);
      }
    }
  }
  return { dome, id };
}

/** Beds (ledges) across the rock tile: 6, of 0.45 to 1.8 m on the 6.7 m tile (each its own thickness). */
export const ROCK_BEDS = 6;
/** The most joints in one bed across the tile (each bed has 3 to this many, at irregular spacing). */
export const ROCK_JOINTS_MAX = 8;

/** Where each bed's base lies on the tile (0…1, rising): thicknesses of 0.4 to 1.6 times the mean, by hash. */
const ROCK_BED_BASES: readonly number[] = (() => {
  const thickness = Array.from({ length: ROCK_BEDS }, (_, b) => 0.4 + 1.2 * hash(b, 0, 400));
  const total = thickness.reduce((a, t) => a + t, 0);
  let base = 0;
  return thickness.map((t) => {
    const at = base;
    base += t / total;
    return at;
  });
})();

/**
 * Where (u, v) lies among the beds: its bed (0…ROCK_BEDS−1), how far up it (0…1) and its thickness (in
 * tiles). The bedding planes wander by noise (a gentle waviness, whole across the tile's edge).
 */
function rockBed(u: number, v: number): { bed: number; up: number; thickness: number } {
  const t = wrap(v + 0.04 * (fbm(u, v, 2, 3, 401) - 0.5) + 0.012 * (fbm(u, v, 12, 2, 405) - 0.5), 1);
  let bed = ROCK_BEDS - 1;
  while (bed > 0 && t < ROCK_BED_BASES[bed]) bed--;
  const top = bed + 1 < ROCK_BEDS ? ROCK_BED_BASES[bed + 1] : 1;
  const thickness = top - ROCK_BED_BASES[bed];
  return { bed, up: (t - ROCK_BED_BASES[bed]) / thickness, thickness };
}

/** How far a bed juts out at u (0…1): its own prominence, varying along it, so ledges fade in and out and none runs the whole tile. */
function bedProminence(bed: number, u: number): number {
  return 0.8 * hash(bed, 0, 403) ** 2 + 0.4 * periodicNoise(u, (bed + 0.5) / ROCK_BEDS, 5, 404) ** 2;
}

/** One joint of a bed: where it crosses the bed's middle (u), its lean (u per v), the span of the bed it runs (up), its width and darkness. */
interface Joint {
  at: number;
  lean: number;
  from: number;
  to: number;
  width: number;
  depth: number;
}

/**
 * Each bed's joints (fractures ending at its bedding planes, as in layered rock): 3 to ROCK_JOINTS_MAX of
 * them, at spacings drawn at random (stratified, jittered over 0.9 of a slot: neighbours from a tenth to
 * twice the mean apart), each leaning its own way (up to ±13° off the bed's normal, one in seven of them
 * a second set at 29–55°), most through the whole bed, the others ending part way up or down it, of their
 * own width and openness. Neighbouring beds share their joints by a coin (fractures through two beds).
 */
const ROCK_BED_JOINTS: readonly (readonly Joint[])[] = Array.from({ length: ROCK_BEDS }, (_, bed) => {
  const set = hash(bed >> 1, 0, 415) < 0.5 ? bed >> 1 : bed + 100;
  const count = 3 + Math.floor(hash(set, 1, 410) * (ROCK_JOINTS_MAX - 2));
  return Array.from({ length: count }, (_, j) => {
    const r = (salt: number) => hash(j, set, salt);
    const oblique = r(417) < 0.15;
    const angle = (oblique ? 0.5 + 0.45 * r(418) : 0.22 * r(418)) * (r(419) < 0.5 ? -1 : 1);
    const whole = r(420) < 0.6;
    const reach = 0.3 + 0.5 * r(421);
    const fromTop = r(422) < 0.5;
    return {
      at: (j + 0.05 + 0.9 * r(412)) / count,
      lean: Math.tan(angle),
      from: whole || fromTop ? (whole ? -1 : 1 - reach) : -1,
      to: whole || !fromTop ? (whole ? 2 : reach) : 2,
      width: (0.8 + 2.4 * r(423) * r(423)) / GROUND_TEXTURE_SIZE,
      depth: 0.4 + 0.6 * r(424),
    };
  });
});

/**
 * The joints within a bed at (u, up): how deep the nearest open groove is here (0…1), and which block
 * (between which joints) the point is in, for its own facet.
 */
function bedJoints(u: number, up: number, bed: number, thickness: number): { groove: number; block: number; side: number } {
  const joints = ROCK_BED_JOINTS[bed];
  // The joints wander a little along their length (a fracture is not a ruled line).
  const x = u + 0.014 * (fbm(u, (bed + up) / ROCK_BEDS, 16, 3, 411) - 0.5);
  let groove = 0;
  let left = -9;
  let right = 9;
  let block = 0;
  for (let j = 0; j < joints.length; j++) {
    const joint = joints[j];
    const at = joint.at + joint.lean * (up - 0.5) * thickness;
    const offset = wrap(x - at + 0.5, 1) - 0.5;
    // Its ends taper over a tenth of the bed.
    const along = smoothstep(joint.from - 0.1, joint.from + 0.02, up) * (1 - smoothstep(joint.to - 0.02, joint.to + 0.1, up));
    const across = Math.abs(offset) * Math.cos(Math.atan(joint.lean));
    groove = Math.max(groove, along * joint.depth * (1 - smoothstep(0.3 * joint.width, joint.width, across)));
    if (along > 0.5) {
      if (offset >= 0 && offset < x - left) {
        left = x - offset;
        block = j;
      } else if (offset < 0 && -offset < right - x) right = x - offset;
    }
  }
  const side = right - left < 2 ? (x - left) / (right - left) : 0.5;
  return { groove, block, side };
}

/**
 * A rock face (the tile's v is up on a cliff, triplanar): beds of 0.45–1.8 m that jut out by turns as small
 * ledges, lit on top and shadowed under; joints through each bed at irregular spacings, leaning their own
 * ways, some ending part way, dark and a few centimetres wide, splitting it into blocks, each a facet of its
 * own tilt; and a grain of centimetres. Crevices are darker, ledge lips
 * lighter (weathering), each bed its own shade. Nothing in it is larger than a bed: the relief and colour at
 * 1–5 m are the shader's, in world space (groundShader.ts terrainRockRelief), so they never repeat.
 */
function rockFace(u: number, v: number): [number, number] {
  const { bed, up, thickness } = rockBed(u, v);
  const below = wrap(bed - 1, ROCK_BEDS);
  // The bed's face leans back towards its base (an undercut) and meets the bed below over a few texels,
  // its lip chipped by noise; where the two jut out alike there is no ledge.
  const own = bedProminence(bed, u);
  const joints = bedJoints(u, up, bed, thickness);
  const tilt = (salt: number) => hash(joints.block, bed, salt) - 0.5;
  const facet = 0.08 * tilt(421) + 0.1 * tilt(422) * (joints.side - 0.5) + 0.06 * tilt(423) * (up - 0.5);
  const face = 0.2 * own + 0.05 * up + facet;
  const lowerFace = 0.2 * bedProminence(below, u) + 0.05;
  const seam = smoothstep(0, 0.05 / (thickness * ROCK_BEDS), up);
  const stepped = lowerFace + (face - lowerFace) * seam;
  // Grooves: the joints. (Long fractures wandering across beds, a few a tile, were what the eye caught
  // repeating every tile on a wall seen close: the shader's world-space joints carry the larger pattern.)
  const groove = joints.groove;
  // Weathered relief at 0.5 m down to 0.1 m (ridged), pitting and a grain of centimetres.
  const rough = 1 - Math.abs(2 * fbm(u, v, 12, 3, 441) - 1);
  // Pitting in patches (solution pits, weathered-out grains): small round hollows where a noise says.
  const pits = fbm(u, v, 6, 2, 446) > 0.55 ? Math.max(0, 1 - 3 * cells(u, v, 48, 444).f1) : 0;
  const grain = periodicNoise(u, v, 64, 442) * 0.6 + periodicNoise(u, v, 128, 443) * 0.4;
  const h = Math.max(0, 0.3 + stepped + 0.07 * rough + 0.06 * grain - 0.12 * groove - 0.06 * pits);
  // Albedo: shade per bed, light lips (the top of a jutting bed), dark crevices and undersides, stains, speckle.
  const lip = smoothstep(0.85, 1, up) * Math.max(0, own - 0.3);
  const under = (1 - seam) * Math.max(0, lowerFace - face) + smoothstep(0.15, 0, up) * 0.1;
  const stains = fbm(u, v, 8, 3, 451);
  const albedo =
    0.5 +
    0.1 * (hash(bed, 1, 452) - 0.5) +
    0.14 * tilt(453) +
    0.15 * lip -
    0.3 * groove -
    0.2 * under +
    0.05 * (stains - 0.5) +
    0.1 * (rough - 0.5) +
    0.35 * (grain - 0.5) +
    0.08 * facet -
    0.1 * pits;
  return [h, albedo];
}

/** Height (0…1) and albedo (around 0.5) of one material at tile coordinates (u, v). */
function sampleMaterial(material: GroundMaterial, u: number, v: number): [number, number] {
  switch (material) {
    case 'grass': {
      // Clumps, and blades leaning every way (no axis: blades along one axis drew streaks on slopes, where
      // the ground's projection stretches the tile); soil shows darker between clumps.
      // Clumps no larger than a twelfth of the tile: a larger one repeated with the tile as a lattice of
      // dark dashes on a slope seen close; the shader adds larger patches by arithmetic noise in world space.
      const clumps = fbm(u, v, 12, 3, 11);
      const blades = fbm(u, v, 48, 2, 12) * 0.45 + grassBlades(u, v, 24, 13) * 0.55;
      const h = 0.55 * clumps + 0.45 * blades;
      return [h, 0.5 + 0.55 * (clumps - 0.5) + 0.35 * (blades - 0.5)];
    }
    case 'dirt': {
      const base = fbm(u, v, 8, 5, 21);
      const pebbles = cells(u, v, 20, 22);
      const pebble = pebbles.id > 0.8 ? Math.max(0, 1 - pebbles.f1 * 3) : 0;
      const h = 0.75 * base + 0.35 * pebble;
      return [h, 0.5 + 0.6 * (base - 0.5) + 0.25 * pebble - 0.1 * fbm(u, v, 32, 2, 23)];
    }
    case 'gravel': {
      // Loose gravel as a car sees it on a shoulder: rounded pebbles of 2–6 cm (cells of 5.3 cm on the 2.35 m
      // tile, a third of them missing, and of 2.6 cm), each its own shade, lying in grit, the grit shaded
      // darker where it lies between them. (Stones of 11 cm packed edge to edge read as cobbles or paving.)
      const large = pebbles(u, v, 44, 31, 0.7);
      const small = pebbles(u, v, 90, 35, 0.8);
      const grit = periodicNoise(u, v, 128, 32);
      const patch = fbm(u, v, 8, 2, 33);
      const largeTop = large.dome > 0 ? 0.35 + 0.65 * large.dome : 0;
      const smallTop = small.dome > 0 ? 0.2 + 0.45 * small.dome : 0;
      const h = Math.max(largeTop, smallTop, 0.15 * grit);
      const onLarge = largeTop >= smallTop && large.dome > 0;
      const stone = onLarge ? large : small.dome > 0 ? small : null;
      const shade = stone ? 0.56 + 0.34 * (stone.id - 0.5) + 0.12 * (stone.dome - 0.5) : 0.36 + 0.16 * (grit - 0.5);
      return [h, shade + 0.12 * (patch - 0.5)];
    }
    case 'rock':
      return rockFace(u, v);
    case 'sand': {
      // Alluvium, what water leaves: silt in damp and drier patches, small pebbles scattered through it and a
      // fine grain. (Ripples read as a beach in a valley floor, and a plain fill as flat beige discs.)
      const damp = fbm(u, v, 6, 3, 51);
      const stones = cells(u, v, 40, 52);
      // Gravelly and silty patches: the pebbles' share follows noise.
      const pebble = stones.id > 0.25 + 0.6 * fbm(u, v, 3, 2, 55) ? Math.max(0, 1 - stones.f1 * 3.2) * (0.6 + 0.4 * stones.id) : 0;
      const grain = periodicNoise(u, v, 128, 53);
      const h = 0.4 * damp + 0.45 * pebble + 0.15 * grain;
      return [h, 0.5 + 0.5 * (damp - 0.5) + 0.45 * pebble - 0.08 + 0.2 * (grain - 0.5)];
    }
    case 'snow': {
      const drift = fbm(u, v, 4, 4, 61);
      return [drift, 0.5 + 0.3 * (drift - 0.5) + 0.1 * (periodicNoise(u, v, 64, 62) - 0.5)];
    }
    case 'road': {
      const grain = periodicNoise(u, v, 128, 71);
      const patches = fbm(u, v, 4, 3, 72);
      return [0.5 * grain + 0.5 * patches, 0.5 + 0.4 * (grain - 0.5) + 0.3 * (patches - 0.5)];
    }
  }
}

/** One material's tile, RGBA8, GROUND_TEXTURE_SIZE² (see the module comment for the channels). */
export function groundTexture(material: GroundMaterial, size = GROUND_TEXTURE_SIZE): Uint8Array<ArrayBuffer> {
  const n = size * size;
  const height = new Float32Array(n);
  const albedo = new Float32Array(n);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const [h, a] = sampleMaterial(material, (x + 0.5) / size, (y + 0.5) / size);
      height[y * size + x] = h;
      albedo[y * size + x] = a;
    }
  }
  // Albedo mean exactly 0.5 (the material's colour): shift, then clamp to what a byte holds.
  let mean = 0;
  for (let k = 0; k < n; k++) mean += albedo[k];
  mean /= n;
  const out = new Uint8Array(n * 4);
  const bump = BUMP[material];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const k = y * size + x;
      // Central differences, wrapped: the tile's normal is seamless too.
      const dx = (height[y * size + ((x + 1) % size)] - height[y * size + ((x + size - 1) % size)]) * 0.5 * bump;
      const dy = (height[((y + 1) % size) * size + x] - height[((y + size - 1) % size) * size + x]) * 0.5 * bump;
      const inv = 1 / Math.sqrt(dx * dx + dy * dy + 1);
      out[4 * k] = Math.round(Math.min(1, Math.max(0, albedo[k] - mean + 0.5)) * 255);
      out[4 * k + 1] = Math.round(Math.min(1, Math.max(0, height[k])) * 255);
      out[4 * k + 2] = Math.round((0.5 - 0.5 * dx * inv) * 255);
      out[4 * k + 3] = Math.round((0.5 - 0.5 * dy * inv) * 255);
    }
  }
  return out;
}

/** Every material's tile, one after another in GROUND_MATERIALS order (a texture array's layers). */
export function groundTextureLayers(size = GROUND_TEXTURE_SIZE): Uint8Array<ArrayBuffer> {
  const layer = size * size * 4;
  const out = new Uint8Array(layer * GROUND_MATERIALS.length);
  GROUND_MATERIALS.forEach((material, m) => out.set(groundTexture(material, size), m * layer));
  return out;
}
