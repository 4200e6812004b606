import { describe, expect, it } from 'vitest';
import { DataUtils, Vector3, type Color, type Vector4 } from 'three';
import {
  MIRROR_MAX_SIDE,
  mirrorGround,
  mirrorGroundShape,
  mirrorMarchSteps,
  mirrorPaint,
  mirrorPaintTexture,
  mirrorTexture,
  mirrorTop,
  mirrorTransform,
  refreshMirrorGround,
  refreshMirrorPaint,
  shadeMirrorPaint,
  type MirrorGround,
} from './waterMirror';
import { LAKE_TEXEL_READS, MIRROR_HALVINGS, MIRROR_STEPS, STRIP_TEXEL_READS, WATER_MIRROR_GLSL, createWaterMaterial, lakeBodyLight } from './waterMaterial';
import { WaterView } from './waterView';
import { sunLight } from './skyLook';
import { glslBody, glslToJs } from './testing/glslAsJs';
import { DEFAULT_NATURAL_LINES, writeVertexColours } from '../../../app/view/terrainColours';
import { shadingNormalAt } from '../../../shared/terrain/shadingNormals';

/** A map of `width` × `depth` vertices `cellSize` apart with heights from `f(i, j)`. */
function map(width: number, depth: number, cellSize: number, f: (i: number, j: number) => number) {
  const heights = new Float32Array(width * depth);
  for (let j = 0; j < depth; j++) for (let i = 0; i < width; i++) heights[j * width + i] = f(i, j);
  return { grid: { width, depth, cellSize }, heights };
}

describe('the ground a lake mirrors', () => {
  it('keeps every map size within its largest side, the whole map covered', () => {
    for (const [w, d] of [
      [257, 257],
      [1025, 1025],
      [4097, 4097],
      [1025, 513],
      [300, 1000],
    ]) {
      const { step, width, depth } = mirrorGroundShape({ width: w, depth: d, cellSize: 1 });
      expect(Math.max(width, depth)).toBeLessThanOrEqual(MIRROR_MAX_SIDE);
      expect((width - 1) * step).toBeGreaterThanOrEqual(w - 1);
      expect((depth - 1) * step).toBeGreaterThanOrEqual(d - 1);
    }
    expect(mirrorGroundShape({ width: 257, depth: 257, cellSize: 2 }).step).toBe(1);
    expect(mirrorGroundShape({ width: 4097, depth: 4097, cellSize: 1 }).step).toBe(16);
  });

  it('is never below the map near a sample: each sample the highest vertex within half a step', () => {
    // A thin ridge one vertex wide along i = 37 on a tilted plane: the coarse ground still holds its top.
    const { grid, heights } = map(1025, 1025, 2, (i, j) => (i === 37 ? 80 : 0.01 * i + 0.02 * j));
    const ground = mirrorGround(grid, heights);
    expect(ground.step).toBe(4);
    expect(ground.spacing).toBe(8);
    // Vertex 37 lies within 2 vertices of sample 9 (vertex 36): it holds the ridge, its neighbours the plane.
    for (let j = 0; j < ground.depth; j++) {
      expect(ground.heights[j * ground.width + 9]).toBe(80);
      expect(ground.heights[j * ground.width + 11]).toBeCloseTo(0.01 * 46 + 0.02 * Math.min(1024, j * 4 + 2), 4);
    }
    let below = 0;
    for (let j = 0; j < grid.depth; j++)
      for (let i = 0; i < grid.width; i++) {
        const si = Math.round(i / ground.step);
        const sj = Math.round(j / ground.step);
        if (ground.heights[sj * ground.width + si] < heights[j * grid.width + i]) below++;
      }
    expect(below).toBe(0);
    expect(mirrorTop(ground)).toBe(80);
  });

  it('reads again after an edit exactly what a fresh reading gives', () => {
    const { grid, heights } = map(513, 385, 1, (i, j) => Math.sin(i * 0.05) * 10 + Math.cos(j * 0.07) * 8);
    const ground = mirrorGround(grid, heights);
    for (let j = 100; j < 140; j++) for (let i = 200; i < 231; i++) heights[j * grid.width + i] += 25 - 0.01 * (i + j);
    refreshMirrorGround(ground, grid, heights, { kind: 'rect', i0: 200, j0: 100, i1: 231, j1: 140 });
    expect(Array.from(ground.heights)).toEqual(Array.from(mirrorGround(grid, heights).heights));
  });

  it('maps a sample’s ground point to its texel’s centre, and sends half floats of its heights', () => {
    const { grid, heights } = map(1025, 513, 2, (i, j) => i + 10 * j);
    const ground = mirrorGround(grid, heights);
    const t = mirrorTransform(ground);
    for (const [i, j] of [
      [0, 0],
      [ground.width - 1, ground.depth - 1],
      [17, 40],
    ]) {
      const x = -((grid.width - 1) * grid.cellSize) / 2 + i * ground.spacing;
      const z = -((grid.depth - 1) * grid.cellSize) / 2 + j * ground.spacing;
      expect(x * t.x + t.y).toBeCloseTo((i + 0.5) / ground.width, 9);
      expect(z * t.z + t.w).toBeCloseTo((j + 0.5) / ground.depth, 9);
    }
    const texture = mirrorTexture(ground, null);
    const data = texture.image.data as Uint16Array;
    expect(data.length).toBe(ground.width * ground.depth);
    for (const k of [0, 5, ground.width * 3 + 7]) {
      // Half floats: 11 bits, within a thousandth of the height.
      expect(Math.abs(DataUtils.fromHalfFloat(data[k]) - ground.heights[k])).toBeLessThanOrEqual(1e-3 * Math.abs(ground.heights[k]));
    }
    // The same size again: the same texture, refilled.
    expect(mirrorTexture(ground, texture)).toBe(texture);
    texture.dispose();
  });
});

describe('the land’s colours in the mirror', () => {
  /** Hills with snow-capped tops, rock walls and grassy floors on a 2 m grid. */
  const hills = (width: number, depth: number) =>
    map(width, depth, 2, (i, j) => 40 + 900 * Math.max(0, Math.sin(i * 0.045) * Math.cos(j * 0.05)) + (i > 60 && i < 64 ? 60 : 0));

  it('paints each sample as the 3D view’s vertex colours paint its vertex (a map within the mirror’s side: one sample a vertex)', () => {
    const { grid, heights } = hills(129, 97);
    const field = { ...grid, heights };
    const ground = mirrorGround(grid, heights);
    expect(ground.step).toBe(1);
    const paint = mirrorPaint(ground, field, 'natural', DEFAULT_NATURAL_LINES);
    const count = grid.width * grid.depth;
    const normals = new Float32Array(3 * count);
    for (let j = 0; j < grid.depth; j++) for (let i = 0; i < grid.width; i++) shadingNormalAt(field, i, j, normals, 3 * (j * grid.width + i));
    const colours = new Float32Array(3 * count);
    writeVertexColours(field, normals, colours, 'natural', { min: 0, max: 1 });
    let off = 0;
    const seen = new Set<string>();
    for (let k = 0; k < count; k++) {
      for (let c = 0; c < 3; c++) if (Math.abs(paint.colours[4 * k + c] - Math.round(Math.sqrt(colours[3 * k + c]) * 255)) > 0) off++;
      seen.add(Array.from(paint.colours.subarray(4 * k, 4 * k + 3), (v) => v >> 4).join());
    }
    expect(off).toBe(0);
    // Not one earth colour: grass, rock and snow (many colours; the brightest near white, the darkest a deep green or grey).
    expect(seen.size).toBeGreaterThan(8);
    const brightness = (k: number) => paint.colours[4 * k] + paint.colours[4 * k + 1] + paint.colours[4 * k + 2];
    const all = Array.from({ length: count }, (_, k) => brightness(k));
    expect(Math.max(...all)).toBeGreaterThan(3 * 230);
    expect(Math.min(...all)).toBeLessThan(3 * 140);
    // Its alpha: the sun's cosine on the same normal (the sun straight up by default, then from the east, 30° up).
    for (const k of [0, 500, 7000]) expect(paint.colours[4 * k + 3]).toBe(Math.round(Math.max(0, normals[3 * k + 1]) * 255));
    const east = new Vector3(1, Math.tan(Math.PI / 6), 0).normalize();
    shadeMirrorPaint(paint, east);
    for (const k of [0, 500, 7000]) {
      const cos = normals[3 * k] * east.x + normals[3 * k + 1] * east.y + normals[3 * k + 2] * east.z;
      expect(paint.colours[4 * k + 3]).toBe(Math.round(Math.max(0, cos) * 255));
    }
    const texture = mirrorPaintTexture(ground, paint, null);
    expect(texture.image.data).toBe(paint.colours);
    expect(mirrorPaintTexture(ground, paint, texture)).toBe(texture);
    texture.dispose();
  });

  it('paints again after an edit exactly what a fresh painting gives, in every colour mode', () => {
    for (const [w, d] of [
      [129, 97],
      [700, 520],
    ]) {
      const { grid, heights } = hills(w, d);
      const field = { ...grid, heights };
      for (const mode of ['natural', 'slope', 'height'] as const) {
        const ground = mirrorGround(grid, heights);
        const paint = mirrorPaint(ground, field, mode, DEFAULT_NATURAL_LINES);
        const region = { kind: 'rect' as const, i0: 31, j0: 40, i1: 77, j1: 59 };
        const edited = heights.slice();
        for (let j = region.j0; j < region.j1; j++) for (let i = region.i0; i < region.i1; i++) edited[j * w + i] += 300 + 2 * i - j;
        const after = { ...grid, heights: edited };
        refreshMirrorGround(ground, grid, edited, region);
        expect(refreshMirrorPaint(ground, paint, after, region)).not.toBeNull();
        const fresh = mirrorPaint(mirrorGround(grid, edited), after, mode, DEFAULT_NATURAL_LINES);
        expect(Buffer.from(paint.colours).equals(Buffer.from(fresh.colours)), `${w} × ${d}, ${mode}`).toBe(true);
      }
    }
  });

  it('lights a lake’s body and its highlight as level ground is lit at the water point, in its shadow and sky visibility', () => {
    const material = createWaterMaterial();
    const lake = material.fragmentShader.slice(material.fragmentShader.indexOf('vec3 met = mirrorMarch('));
    // The lighting texture read at the water point (not only at the point the mirror met).
    expect(lake).toMatch(/vec2 here = waterLit > 0\.5 \? texture2D\(terrainLighting,\s+vec2\(vWorld\.x \* terrainLightingTransform\.x/);
    expect(lake).toContain('vec3 bodyLight = sunIrradiance * (max(sunDirection.y, 0.0) * here.r) + fillIrradiance * here.g;');
    expect(lake).toContain('(1.0 - fresnel) * body.rgb * bodyLight + shine * here.r');
    material.dispose();
    // In the open (sun and sky seen whole) that light is the level ground's, lakeBodyLight.
    const view = new WaterView();
    const sun = sunLight({ sunAzimuthDeg: 135, sunElevationDeg: 30 });
    view.setSun(sun);
    const u = view.material.uniforms;
    const open = (u.sunIrradiance.value as Color)
      .clone()
      .multiplyScalar(Math.max(0, sun.toSun.y))
      .add(u.fillIrradiance.value as Color);
    const expected = lakeBodyLight(sun);
    for (const c of ['r', 'g', 'b'] as const) expect(open[c]).toBeCloseTo(expected[c], 9);
    view.dispose();
  });

  it('lights the mirrored land with the paint’s colour and sun term where the march met it, as the terrain is lit', () => {
    const material = createWaterMaterial();
    const lake = material.fragmentShader.slice(material.fragmentShader.indexOf('vec3 met = mirrorMarch('));
    expect(lake).toMatch(/vec4 paint = texture2D\(mirrorPaint, vec2\(met\.y \* mirrorTransform\.x/);
    expect(lake).toContain('paint.rgb * paint.rgb * (sunIrradiance * (paint.a * shade.r) + fillIrradiance * shade.g)');
    material.dispose();
  });
});

/** The shader's mirrorMarch run as JavaScript, `ground` sampling the mirror's texture as the GPU's linear filter does. */
function shaderMarch(): (
  p: { x: number; y: number; z: number },
  r: { x: number; y: number; z: number },
  ground: (u: number, v: number) => number,
  transform: Vector4,
  extent: { x: number; y: number },
  top: number,
  first: number,
  growth: number,
) => [number, number, number] {
  const body = glslToJs(glslBody(WATER_MIRROR_GLSL, 'vec3 mirrorMarch('), ['float', 'int'])
    .replace(/texture2D\(ground, vec2\((.*)\)\)\.r/g, 'ground($1)')
    .replace(/return vec3\((.*)\);/g, 'return [$1];')
    .replace(/\b(sqrt|max|min|abs|sign)\(/g, 'Math.$1(')
    .replace(/\bclamp\(/g, 'clampOf(');
  const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
  const f = new Function('p', 'r', 'ground', 'transform', 'extent', 'top', 'first', 'growth', 'clampOf', body);
  return (p, r, ground, transform, extent, top, first, growth) => f(p, r, ground, transform, extent, top, first, growth, clamp) as [number, number, number];
}

/** Bilinear sampling of the mirror's half-float texture at (u, v), texel centres at (i + ½) / width, clamped to its edge. */
function sampler(ground: MirrorGround): (u: number, v: number) => number {
  const data = mirrorTexture(ground, null).image.data as Uint16Array;
  const at = (i: number, j: number) => DataUtils.fromHalfFloat(data[j * ground.width + i]);
  return (u, v) => {
    const x = Math.min(ground.width - 1, Math.max(0, u * ground.width - 0.5));
    const y = Math.min(ground.depth - 1, Math.max(0, v * ground.depth - 0.5));
    const i = Math.min(ground.width - 2, Math.floor(x));
    const j = Math.min(ground.depth - 2, Math.floor(y));
    const fx = x - i;
    const fy = y - j;
    return (at(i, j) * (1 - fx) + at(i + 1, j) * fx) * (1 - fy) + (at(i, j + 1) * (1 - fx) + at(i + 1, j + 1) * fx) * fy;
  };
}

describe('the mirror’s march against a wall of known height', () => {
  // A lake bed 2 m under a still lake at 0 m, and from vertex 80 on (x = 32 m) a plateau 20 m high: its
  // face one cell (2 m) wide, as the terrain's triangles draw it. 129² vertices, 2 m apart (x, z from −128 to 128 m).
  const H = 20;
  const X0 = 80 * 2 - 128;
  const { grid, heights } = map(129, 129, 2, (i) => (i >= 80 ? H : -2));
  const ground = mirrorGround(grid, heights);
  const transform = mirrorTransform(ground);
  const extent = { x: ground.halfX, y: ground.halfZ };
  const { first, growth } = mirrorMarchSteps(ground);
  const march = shaderMarch();
  const sample = sampler(ground);
  const eye = { x: -70, y: 9, z: 6 };

  it('shows the wall where the mirror image of its top says, and sky above it: never land where geometry has none', () => {
    // The ray from water point P towards the eye, reflected in the level surface, goes on from P as the
    // line from the eye's mirror image E' = (ex, −ey, ez) through P: at the wall's plane x = X0 it is
    // ey·(X0 − px)/(px − ex) high. The wall's top shows at px* = (ey·X0 + H·ex)/(ey + H), the point where
    // the line from the eye to the top's mirror image (X0, −H) meets the water.
    const shown = (eye.y * X0 + H * eye.x) / (eye.y + H);
    let sky = 0;
    let land = 0;
    let between = 0;
    for (let px = -60; px < X0 - 2; px += 0.37) {
      for (const pz of [-40, 0, 6, 25]) {
        const p = { x: px, y: 0, z: pz };
        const r = new Vector3(px - eye.x, eye.y, pz - eye.z).normalize();
        const run = Math.hypot(r.x, r.z);
        const [amount, hx, hz] = march(p, r, sample, transform, extent, mirrorTop(ground), first, growth);
        const atWall = (eye.y * (X0 - px)) / (px - eye.x);
        // Where the ray meets the ground (the face, from (X0 − 2, −2) to (X0, H)): closed form, metres along the ground.
        const slope = (H + 2) / 2;
        const xMet = (slope * (X0 - 2) + 2 - (eye.y * px) / (px - eye.x)) / (slope - eye.y / (px - eye.x));
        const tMet = ((xMet - px) * run) / r.x;
        if (atWall > H) {
          // Geometry: the ray passes over the wall. Nothing mirrored.
          expect(amount, `P (${px.toFixed(2)}, ${pz}): ray ${atWall.toFixed(2)} m at the wall`).toBe(0);
          expect(px).toBeLessThan(shown);
          sky++;
        } else if (atWall * growth < H && (X0 - px) * growth * (run / r.x) < 2 * 128) {
          // Under the wall's top by more than one step's growth (the march's resolution) and within its reach: land,
          // met on the face (never in front of it, on the lake bed), at most a quarter of the crossing step past it.
          expect(px).toBeGreaterThan(shown);
          expect(amount, `P (${px.toFixed(2)}, ${pz})`).toBeGreaterThan(0);
          const tHit = Math.hypot(hx - px, hz - pz);
          expect(tHit).toBeGreaterThanOrEqual(tMet - 1e-3);
          // The step that crossed, [t / growth, t] (or [0, first]), ends at t ≤ tHit / (1 − (1 − 2⁻ⁿ)(1 − 1/growth)) after n halvings.
          const quarter = 2 ** -MIRROR_HALVINGS;
          const stepEnd = tHit / (1 - (1 - quarter) * (1 - 1 / growth));
          expect(tHit - tMet).toBeLessThanOrEqual(Math.max(first, stepEnd * (1 - 1 / growth)) * quarter + 1e-3);
          expect(hx).toBeGreaterThanOrEqual(X0 - 2 - 1e-3);
          land++;
        } else between++;
      }
    }
    // Most water points fall clearly on one side; the band between is one step's rise of the wall's top.
    expect(sky).toBeGreaterThan(100);
    expect(land).toBeGreaterThan(100);
    expect(between).toBeLessThan(land);
    expect(MIRROR_STEPS).toBe(12);
  });

  it('mirrors the wall upside down below its foot: each water point shows the wall at the height its mirror image says', () => {
    // Along one line of water points towards the wall (z = 6, the eye's own), the reflected ray meets the face at the
    // height the eye's mirror image gives, ey·(X0 − px)/(px − ex) at the plane x = X0: 0 at the foot (the shore
    // line shows the wall's foot), higher for points farther out (nearer the eye, lower on the screen), the wall's
    // top H at px* — the image upside down. The march finds it within its step: the point met lies at most a
    // quarter of the crossing step past the face, and the ray rises dy a metre of run.
    const quarter = 2 ** -MIRROR_HALVINGS;
    let last = Infinity;
    let checked = 0;
    for (let px = X0 - 3; px > -60; px -= 0.5) {
      const p = { x: px, y: 0, z: eye.z };
      const r = new Vector3(px - eye.x, eye.y, 0).normalize();
      const dy = r.y / Math.hypot(r.x, r.z);
      const atWall = (eye.y * (X0 - px)) / (px - eye.x);
      if (atWall * growth > H) break;
      const [amount, hx] = march(p, r, sample, transform, extent, mirrorTop(ground), first, growth);
      expect(amount, `P ${px}`).toBeGreaterThan(0);
      // The height on the ray where it was met; the face runs from the lake bed (x = X0 − 2, −2 m) up to H at X0.
      const met = dy * (hx - px);
      const stepEnd = (hx - px) / (1 - (1 - quarter) * (1 - 1 / growth));
      const slack = dy * (Math.max(first, stepEnd * (1 - 1 / growth)) * quarter + 1e-3);
      expect(met, `P ${px}`).toBeGreaterThanOrEqual(atWall - dy * 2 - 1e-3);
      expect(met, `P ${px}`).toBeLessThanOrEqual(atWall + slack);
      // Farther from the wall, higher up it: the image is the wall turned over at its foot.
      expect(atWall).toBeGreaterThan(last === Infinity ? -1 : last);
      last = atWall;
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
    expect(last).toBeGreaterThan(H / 2);
  });

  it('mirrors nothing looking away from the wall or up past everything', () => {
    for (const px of [-50, -10, 20]) {
      // Looking east from west of the point: the reflection goes west, over the lake bed only.
      const away = new Vector3(-(px + 80), 9, 3).normalize();
      expect(march({ x: px, y: 0, z: 0 }, away, sample, transform, extent, mirrorTop(ground), first, growth)[0]).toBe(0);
      // Steep: the ray is above the top within the first steps.
      const up = new Vector3(1, 30, 0).normalize();
      expect(march({ x: px, y: 0, z: 0 }, up, sample, transform, extent, mirrorTop(ground), first, growth)[0]).toBe(0);
    }
  });
});

describe('what the mirror’s march costs a lake pixel', () => {
  // Issue 31 §3, the GPU's share of drawing water: a lake pixel reads the mirror's ground once a step and once a
  // halving (the paint and the lighting texture at the point met and at the water point: 3 more reads, LAKE_TEXEL_READS).
  // A lake bed 2 m under the water over 512 m, a wall 40 m high along its far side (x ≥ 224 m): long, low rays meet it
  // at the march's last steps.
  const { grid, heights } = map(257, 257, 2, (i, j) => (i >= 240 ? 40 : -2) + 0.01 * j);
  const ground = mirrorGround(grid, heights);
  const transform = mirrorTransform(ground);
  const extent = { x: ground.halfX, y: ground.halfZ };
  const { first, growth } = mirrorMarchSteps(ground);
  const march = shaderMarch();
  const sample = sampler(ground);

  it('reads the ground at most MIRROR_STEPS + MIRROR_HALVINGS times, none for a ray above the highest ground', () => {
    const reads: number[] = [];
    for (let px = -250; px <= 200; px += 10) {
      for (let a = -3; a <= 3; a++) {
        for (const rise of [0.005, 0.02, 0.06, 0.2, 1.5]) {
          let n = 0;
          const counted = (u: number, v: number) => {
            n++;
            return sample(u, v);
          };
          const r = new Vector3(Math.cos((a * Math.PI) / 12), rise, Math.sin((a * Math.PI) / 12)).normalize();
          march({ x: px, y: 0, z: 0 }, r, counted, transform, extent, mirrorTop(ground), first, growth);
          reads.push(n);
        }
      }
    }
    expect(Math.max(...reads)).toBe(MIRROR_STEPS + MIRROR_HALVINGS);
    expect(LAKE_TEXEL_READS).toBe(MIRROR_STEPS + MIRROR_HALVINGS + 3);
    // A water point above the map's highest ground (a ray that starts over everything) reads nothing.
    let n = 0;
    const counted = (u: number, v: number) => {
      n++;
      return sample(u, v);
    };
    march({ x: 0, y: 45, z: 0 }, new Vector3(1, 0.1, 0).normalize(), counted, transform, extent, mirrorTop(ground), first, growth);
    expect(n).toBe(0);
  });

  it('reads the textures the lake and strip shaders name: the march’s two reads, 3 more a lake pixel, 1 a strip pixel', () => {
    const count = (text: string) => (text.match(/texture2D\(/g) ?? []).length;
    expect(count(WATER_MIRROR_GLSL)).toBe(2);
    const lake = createWaterMaterial();
    const strip = createWaterMaterial(0.5, true);
    const main = (fragment: string, riverStrip: boolean) => activeLines(fragment.slice(fragment.indexOf('void main()')), riverStrip);
    expect(count(main(lake.fragmentShader, false))).toBe(LAKE_TEXEL_READS - MIRROR_STEPS - MIRROR_HALVINGS);
    expect(count(main(strip.fragmentShader, true))).toBe(STRIP_TEXEL_READS);
    lake.dispose();
    strip.dispose();
  });
});

/** The lines of `text` a GLSL compiler keeps with RIVER_STRIP defined or not (#ifdef/#ifndef/#else/#endif on RIVER_STRIP only). */
function activeLines(text: string, riverStrip: boolean): string {
  const kept: string[] = [];
  const stack: boolean[] = [];
  for (const line of text.split('\n')) {
    const directive = line.trim();
    if (directive === '#ifdef RIVER_STRIP') stack.push(riverStrip);
    else if (directive === '#ifndef RIVER_STRIP') stack.push(!riverStrip);
    else if (directive === '#else') stack.push(!stack.pop());
    else if (directive === '#endif') stack.pop();
    else if (stack.every(Boolean)) kept.push(line);
  }
  return kept.join('\n');
}

describe('the mirror’s march along a canyon to the map’s edge', () => {
  // A canyon down the map's z axis: floor 2 m under a still lake at 0 m for |x| < 10 m, walls 30 m high from
  // vertex x = ±10 m on. 257² vertices 2 m apart (x, z from −256 to 256 m): nothing is drawn past z = −256 m.
  const H = 30;
  const { grid, heights } = map(257, 257, 2, (i) => (Math.abs(i * 2 - 256) < 10 ? -2 : H));
  const ground = mirrorGround(grid, heights);
  const transform = mirrorTransform(ground);
  const extent = { x: ground.halfX, y: ground.halfZ };
  const { first, growth } = mirrorMarchSteps(ground);
  const march = shaderMarch();
  const sample = sampler(ground);
  // A camera low over the water up the canyon (z = 200 m), looking down it towards the edge at z = −256 m.
  const eye = { x: -5, y: 3, z: 200 };

  it('mirrors a wall where the reflected ray reaches the wall’s foot on the map, and the sky where it leaves the map first', () => {
    let walls = 0;
    let edge = 0;
    for (let pz = 150; pz > -250; pz -= 7.3) {
      for (const px of [-7, -3, 0, 2, 5, 8]) {
        const r = new Vector3(px - eye.x, eye.y, pz - eye.z).normalize();
        const [amount, , hz] = march({ x: px, y: 0, z: pz }, r, sample, transform, extent, mirrorTop(ground), first, growth);
        // The ray's line across the ground reaches the wall face's foot (|x| = 8 m, where the face begins to rise) at
        // this z; it climbs eye.y / |P − eye| a metre of run: those that are still under half the walls' height there.
        const run = Math.hypot(px - eye.x, pz - eye.z);
        const side = px > eye.x ? 8 : -8;
        const zFoot = pz + ((side - px) * (pz - eye.z)) / (px - eye.x);
        const rise = (eye.y * Math.hypot(side - px, zFoot - pz)) / run;
        if (rise > H / 2) continue;
        if (zFoot < -256 - 2 * growth * ground.spacing) {
          // It leaves the map before it reaches the walls: nothing drawn there, nothing mirrored.
          expect(amount, `P (${px}, ${pz.toFixed(1)}): the foot at z ${zFoot.toFixed(1)}`).toBe(0);
          edge++;
        } else if (zFoot > -256 + (1 - 1 / growth) * (pz - zFoot)) {
          // It meets a wall on the map (within the step that crossed), no further than the map's edge.
          expect(amount, `P (${px}, ${pz.toFixed(1)}): the foot at z ${zFoot.toFixed(1)}`).toBeGreaterThan(0);
          expect(hz).toBeGreaterThanOrEqual(-256);
          walls++;
        }
      }
    }
    expect(walls).toBeGreaterThan(30);
    expect(edge).toBeGreaterThan(10);
  });
});

describe('the mirror’s march beside a terraced canyon wall', () => {
  // A canyon down the z axis with a still lake at 0 m over a floor 2 m under it for x < 6 m, and from x = 6 m on
  // a terraced wall: risers of 6 m, each a cell wide, every 8 m (benches 6 m wide), to 60 m, as the Canyons
  // preset's strata stand. 257² vertices 2 m apart. A camera 12 m over the lake looks down the canyon at a
  // slant towards the wall: the reflected rays run along the wall at a few degrees to it.
  const { grid, heights } = map(257, 257, 2, (i) => {
    const x = i * 2 - 256;
    if (x < 6) return -2;
    return Math.min(60, 6 * (Math.floor((x - 6) / 8) + 1));
  });
  const ground = mirrorGround(grid, heights);
  const transform = mirrorTransform(ground);
  const extent = { x: ground.halfX, y: ground.halfZ };
  const { first, growth } = mirrorMarchSteps(ground);
  const march = shaderMarch();
  const sample = sampler(ground);
  const eye = { x: -10, y: 12, z: 200 };
  /** The wall's height at x (the riser a cell wide rising to its bench's height). */
  const wall = (x: number): number => (x < 4 ? -2 : x < 6 ? -2 + ((x - 4) / 2) * 8 : Math.min(60, 6 * (Math.floor((x - 6) / 8) + 1)));

  it('shows the wall wherever the reflected ray passes under one of its benches by a metre, the sky where it passes over all', () => {
    let land = 0;
    let shown = 0;
    let sky = 0;
    for (let pz = 180; pz > -100; pz -= 3.7) {
      for (const px of [-8, -4, 0, 2, 4]) {
        const r = new Vector3(px - eye.x, eye.y, pz - eye.z).normalize();
        const run = Math.hypot(r.x, r.z);
        // Closed form: the ray's lowest clearance over the wall, walking its line across the ground finely.
        let under = -Infinity;
        for (let t = 0.05; t < 400; t += 0.05) {
          const x = px + (r.x / run) * t;
          const z = pz + (r.z / run) * t;
          if (Math.abs(z) > 256 || x > 256) break;
          under = Math.max(under, wall(x) - (r.y / run) * t);
        }
        const [amount] = march({ x: px, y: 0, z: pz }, r, sample, transform, extent, mirrorTop(ground), first, growth);
        if (under > 1) {
          land++;
          if (amount > 0) shown++;
        } else if (under < -1) {
          expect(amount, `P (${px}, ${pz.toFixed(1)})`).toBe(0);
          sky++;
        }
      }
    }
    expect(land).toBeGreaterThan(50);
    expect(sky).toBeGreaterThan(10);
    expect(shown / land).toBeGreaterThan(0.9);
  });
});
