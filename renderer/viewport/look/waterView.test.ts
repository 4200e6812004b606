import { describe, expect, it } from 'vitest';
import { Color, type BufferAttribute, type DataTexture, type Mesh } from 'three';
import { WATER_LAKE, WATER_RIVER } from '../../../shared/hydrology/water';
import { createWaterSurface } from '../../../shared/hydrology/waterSurface';
import { ALL } from '../../../app/document/region';
import { packedSlopes, WaterView } from './waterView';
import { mirrorGround, mirrorPaint } from './waterMirror';
import { writeMirrorColours, type MirrorColourAsk, type MirrorColourRunner } from './mirrorColours';
import { DEFAULT_NATURAL_LINES } from '../../../shared/ground/naturalColours';

/** A 9 × 9 map at 2 m with a 3 × 3 pit lake 1.25 m deep in its middle, 2.25 m at its centre (16 cells drawn, 25 corners). */
function pitLake() {
  const grid = { width: 9, depth: 9, cellSize: 2 };
  const heights = new Float32Array(81).fill(5);
  const water = createWaterSurface(81);
  for (let j = 3; j <= 5; j++) {
    for (let i = 3; i <= 5; i++) {
      heights[j * 9 + i] = 3;
      water.surface[j * 9 + i] = 4.25;
      water.kind[j * 9 + i] = WATER_LAKE;
    }
  }
  heights[4 * 9 + 4] = 2;
  return { grid, heights, water };
}

/** Every attribute of the view's meshes, the index included. */
function attributesOf(view: WaterView): BufferAttribute[] {
  const all: BufferAttribute[] = [];
  for (const mesh of view.meshes()) {
    const { attributes, index } = mesh.geometry;
    for (const name of ['position', 'waterDepth', 'flow', 'feature']) all.push(attributes[name] as BufferAttribute);
    if (index) all.push(index);
  }
  return all;
}

/** Three blocks side by side under water everywhere on a curved surface (so a coarse level is not the fine one). */
function curvedRiver() {
  const grid = { width: 385, depth: 129, cellSize: 1 };
  const heights = new Float32Array(grid.width * grid.depth);
  const water = createWaterSurface(heights.length);
  for (let j = 0; j < grid.depth; j++) {
    for (let i = 0; i < grid.width; i++) {
      water.surface[j * grid.width + i] = 10 + 2 * Math.sin(j / 7) + Math.cos(i / 5);
      water.kind[j * grid.width + i] = WATER_RIVER;
    }
  }
  return { grid, heights, water };
}

/** The largest vertical gap along x = `x` between the sheets of two meshes (each one's vertices on the line against the other's edges there). */
function seamGap(a: Mesh, b: Mesh, x: number): { gap: number; checked: number } {
  let gap = 0;
  let checked = 0;
  for (const [first, second] of [
    [a, b],
    [b, a],
  ]) {
    const p = second.geometry.getAttribute('position').array;
    const index = second.geometry.index!.array;
    const q = first.geometry.getAttribute('position').array;
    for (let t = 0; t < index.length; t += 3) {
      for (let e = 0; e < 3; e++) {
        const [m, n] = [index[t + e], index[t + ((e + 1) % 3)]];
        if (p[3 * m] !== x || p[3 * n] !== x) continue;
        const [z0, y0, z1, y1] =
          p[3 * m + 2] < p[3 * n + 2] ? [p[3 * m + 2], p[3 * m + 1], p[3 * n + 2], p[3 * n + 1]] : [p[3 * n + 2], p[3 * n + 1], p[3 * m + 2], p[3 * m + 1]];
        for (let k = 0; k < q.length; k += 3) {
          if (q[k] !== x || q[k + 2] < z0 || q[k + 2] > z1) continue;
          gap = Math.max(gap, Math.abs(y0 + ((q[k + 2] - z0) / (z1 - z0)) * (y1 - y0) - q[k + 1]));
          checked++;
        }
      }
    }
  }
  return { gap, checked };
}

describe('the 3D view’s water meshes', () => {
  it('follow the camera: fine near it, coarse far from it, and no crack where levels meet', () => {
    const { grid, heights, water } = curvedRiver();
    const view = new WaterView();
    view.update(grid, water, heights, null, ALL);
    expect(view.buildPending()).toBe(0);
    // No camera yet: every block at its coarsest (4 × 4 cells of 32).
    expect([...view.chosenLevels]).toEqual([5, 5, 5]);
    expect(view.triangles).toBe(3 * 32);
    // Low over the west block, looking across the map: full detail there, coarser eastwards.
    expect(view.setCamera({ position: { x: -160, y: 14, z: 0 }, fovYDegrees: 50, viewportHeight: 1000 })).toBe(true);
    expect(view.setCamera({ position: { x: -160, y: 14, z: 0 }, fovYDegrees: 50, viewportHeight: 1000 })).toBe(false);
    expect(view.buildPending()).toBe(0);
    const [west, middle, east] = view.chosenLevels;
    expect(west).toBe(0);
    expect(middle).toBeGreaterThan(west);
    expect(east).toBeGreaterThanOrEqual(middle);
    const meshes = [...view.meshes()].sort((a, b) => a.geometry.boundingSphere!.center.x - b.geometry.boundingSphere!.center.x);
    expect(meshes).toHaveLength(3);
    // The block edges lie at x = −64 and 64 m (the map's centre is 0).
    for (const [k, x] of [
      [0, -64],
      [1, 64],
    ]) {
      const { gap, checked } = seamGap(meshes[k], meshes[k + 1], x);
      expect(checked).toBeGreaterThan(0);
      expect(gap).toBeLessThan(1e-4);
    }
    // Back to no camera: all coarse again, the finer meshes gone.
    view.setCamera(null);
    view.buildPending();
    expect(view.triangles).toBe(3 * 32);
    view.dispose();
  });

  it('let their arrays go once uploaded, keeping their counts and the triangles drawn', () => {
    const { grid, heights, water } = pitLake();
    const view = new WaterView();
    // Close above the lake: its depth varies (a coarser level would colour it wrongly), so full detail.
    view.setCamera({ position: { x: 0, y: 5, z: 0 }, fovYDegrees: 50, viewportHeight: 1000 });
    view.update(grid, water, heights, null, ALL);
    expect(view.buildPending()).toBe(0);
    expect(view.blockCount).toBe(1);
    const attributes = attributesOf(view);
    // The pit lake's closed form: 5 × 5 corners (3 floats of position, 1 of depth, 3 of flow, 1 of feature), 4 × 4 cells of 2 triangles.
    expect(attributes.map((a) => a.array.length)).toEqual([75, 25, 75, 25, 96]);
    const counts = attributes.map((a) => a.count);
    // What three's WebGLAttributes does right after gl.bufferData.
    for (const attribute of attributes) attribute.onUploadCallback();
    expect(attributes.map((a) => a.array.length)).toEqual([0, 0, 0, 0, 0]);
    expect(attributes.map((a) => a.count)).toEqual(counts);
    // The GL types three reads from the array's kind stay the same.
    expect(attributes.map((a) => a.array.constructor.name)).toEqual(['Float32Array', 'Float32Array', 'Float32Array', 'Float32Array', 'Uint16Array']);
    expect(view.triangles).toBe(32);
    view.dispose();
  });

  it('keep their arrays after upload when asked (a lost GL context is then restored from them), and count them', () => {
    const { grid, heights, water } = pitLake();
    const view = new WaterView({}, true);
    view.setCamera({ position: { x: 0, y: 5, z: 0 }, fovYDegrees: 50, viewportHeight: 1000 });
    view.update(grid, water, heights, null, ALL);
    expect(view.buildPending()).toBe(0);
    const attributes = attributesOf(view);
    const arrays = attributes.map((a) => a.array);
    for (const attribute of attributes) attribute.onUploadCallback();
    attributes.forEach((attribute, n) => expect(attribute.array).toBe(arrays[n]));
    expect(attributes.map((a) => a.array.length)).toEqual([75, 25, 75, 25, 96]);
    // Every attribute of the mesh (the packed shore slopes too) and its index.
    const mesh = view.group.children[0] as Mesh;
    const all = [...Object.values(mesh.geometry.attributes), mesh.geometry.index!];
    expect(view.arrayBytes()).toBe(all.reduce((sum, a) => sum + a.array.byteLength, 0));
    expect(view.arrayBytes()).toBeGreaterThan((75 + 25 + 75 + 25) * 4 + 96 * 2);
    view.dispose();
  });
});

describe('the 3D view’s rivers as strips', () => {
  it('draw a river as a strip on its own material and the lake beside it on the sheet, as without strips', () => {
    const { grid, heights, water } = pitLake();
    // A river on dry ground from the map's west edge into the lake: 1.5 m wide (0.75 m either side), falling 0.05 m a cell.
    for (let i = 0; i <= 2; i++) {
      water.surface[4 * 9 + i] = 4.4 - 0.05 * i;
      heights[4 * 9 + i] = 3.9 - 0.05 * i;
      water.kind[4 * 9 + i] = WATER_RIVER;
    }
    const trianglesOf = (view: WaterView, material: unknown) =>
      [...view.meshes()].filter((mesh) => mesh.material === material).reduce((sum, mesh) => sum + mesh.geometry.index!.count / 3, 0);
    const sheetOnly = new WaterView();
    sheetOnly.setCamera({ position: { x: 0, y: 5, z: 0 }, fovYDegrees: 50, viewportHeight: 1000 });
    sheetOnly.update(grid, water, heights, null, ALL);
    sheetOnly.buildPending();
    const strips = new WaterView();
    strips.setCamera({ position: { x: 0, y: 5, z: 0 }, fovYDegrees: 50, viewportHeight: 1000 });
    strips.update(grid, water, heights, null, ALL, () => 0.75);
    strips.buildPending();
    // Without strips the river's cells join the lake's 16 on the sheet: the cells either side of its row, west of the lake's (2 columns × 2 rows).
    expect(trianglesOf(sheetOnly, sheetOnly.material)).toBe(2 * (16 + 4));
    // With them the sheet holds the lake's 16 cells only, and the strip three cross-sections and a lake end: 3 joins of 4 triangles.
    expect(trianglesOf(strips, strips.material)).toBe(2 * 16);
    expect(strips.stripCount).toBe(1);
    expect(trianglesOf(strips, strips.stripMaterial)).toBe(3 * 4);
    const strip = [...strips.meshes()].find((mesh) => mesh.material === strips.stripMaterial)!;
    const z = strip.geometry.getAttribute('position').array.filter((_, k) => k % 3 === 2);
    // The row j = 4 lies at z = 0 (the map's centre): the edges 0.75 m either side.
    expect(Math.min(...z)).toBeCloseTo(-0.75, 6);
    expect(Math.max(...z)).toBeCloseTo(0.75, 6);
    // Each edge point carries its offset from the centre line (the shader widens a far strip to a few pixels along it).
    const across = strip.geometry.getAttribute('stripAcross').array;
    const offsets = Array.from({ length: across.length / 2 }, (_, n) => Math.hypot(across[2 * n], across[2 * n + 1]));
    expect(offsets.filter((o) => o > 0).every((o) => Math.abs(o - 0.75) < 1e-6)).toBe(true);
    expect(offsets.filter((o) => o === 0)).toHaveLength(offsets.length / 3);
    expect(strips.stripMaterial.defines).toHaveProperty('RIVER_STRIP');
    // The strip's material lets the ground stand higher over it than the sheet's.
    expect(strips.stripMaterial.uniforms.liftAtLeast.value).toBeGreaterThan(strips.material.uniforms.liftAtLeast.value);
    sheetOnly.dispose();
    strips.dispose();
  });
});

describe('the water edge slopes on the GPU', () => {
  it('are normalised 16-bit over ±8 m/m: 0.5 m/m is 32767 / 16, steeper ones held at the range', () => {
    expect(Array.from(packedSlopes(new Float32Array([-0.5, 0, 8, 12, -40])))).toEqual([-2048, 0, 32767, 32767, -32767]);
  });
});

describe('the lakes’ mirror in the 3D view', () => {
  it('paints the mirrored land as the terrain is coloured, again when the colouring or the sun changes, and after an edit', () => {
    const { grid, heights, water } = pitLake();
    const field = { ...grid, heights };
    const view = new WaterView();
    view.update(grid, water, heights, null, ALL);
    const paintOf = () => (view.material.uniforms.mirrorPaint.value as DataTexture).image.data as Uint8Array;
    const ground = mirrorGround(grid, heights);
    expect(Array.from(paintOf())).toEqual(Array.from(mirrorPaint(ground, field, 'natural', DEFAULT_NATURAL_LINES).colours));
    // The slope ramp (View › Colours): the colours only, the same texture's size.
    view.setGroundColours('slope', DEFAULT_NATURAL_LINES);
    expect(Array.from(paintOf())).toEqual(Array.from(mirrorPaint(ground, field, 'slope', DEFAULT_NATURAL_LINES).colours));
    // The sun low in the east: the alpha is the sun's cosine on each sample's normal, the irradiance its colour over π.
    const sun = { toSun: { x: 0.8, y: 0.6, z: 0 }, colour: new Color(1, 0.9, 0.8), intensity: 3 };
    view.setSun(sun);
    expect(Array.from(paintOf())).toEqual(Array.from(mirrorPaint(ground, field, 'slope', DEFAULT_NATURAL_LINES, sun.toSun).colours));
    const irradiance = view.material.uniforms.sunIrradiance.value as Color;
    expect(irradiance.r).toBeCloseTo(3 / Math.PI, 6);
    expect(irradiance.b).toBeCloseTo((0.8 * 3) / Math.PI, 6);
    // An edit in a corner: painted again there as a fresh painting would be.
    const edited = heights.slice();
    for (let j = 0; j < 3; j++) for (let i = 0; i < 3; i++) edited[j * 9 + i] = 12 + i + 2 * j;
    view.update(grid, water, edited, null, { kind: 'rect', i0: 0, j0: 0, i1: 3, j1: 3 });
    const fresh = mirrorPaint(mirrorGround(grid, edited), { ...grid, heights: edited }, 'slope', DEFAULT_NATURAL_LINES, sun.toSun);
    expect(Array.from(paintOf())).toEqual(Array.from(fresh.colours));
    view.dispose();
  });

  it('finds the whole mirror’s colours in the runner it is given, keeping an edit and a sun made meanwhile', async () => {
    const { grid, heights, water } = pitLake();
    const field = { ...grid, heights };
    // A runner that answers when told (as a worker would, later), the colours found from the ask alone.
    const asks: Array<{ ask: MirrorColourAsk; answer: () => void; cancelled: boolean }> = [];
    const runner: MirrorColourRunner = (ask) => {
      let answer = () => undefined as void;
      const result = new Promise<Uint8Array | null>((resolve) => {
        answer = () => {
          const colours = new Uint8Array(4 * ask.width * ask.depth);
          writeMirrorColours(ask, colours);
          resolve(colours);
        };
      });
      const entry = { ask, answer, cancelled: false };
      asks.push(entry);
      return { result, cancel: () => void (entry.cancelled = true) };
    };
    const told: boolean[] = [];
    const view = new WaterView({}, false, runner);
    view.onPaint = (pending) => told.push(pending);
    view.update(grid, water, heights, null, ALL);
    const paintOf = () => Array.from((view.material.uniforms.mirrorPaint.value as DataTexture).image.data as Uint8Array);
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    // Asked for the whole mirror, not painted here: a plain ground until the answer.
    expect(asks.length).toBe(1);
    expect([asks[0].ask.i0, asks[0].ask.j0, asks[0].ask.i1, asks[0].ask.j1]).toEqual([0, 0, 9, 9]);
    expect(view.paintPending).toBe(true);
    const natural = mirrorPaint(mirrorGround(grid, heights), field, 'natural', DEFAULT_NATURAL_LINES).colours;
    expect(paintOf()).not.toEqual(Array.from(natural));
    asks[0].answer();
    await settle();
    expect(view.paintPending).toBe(false);
    expect(paintOf()).toEqual(Array.from(natural));
    expect(told).toEqual([true, false]);
    // Another colouring asked twice before the first answer: the first is cancelled, and its late answer dropped.
    view.setGroundColours('slope', DEFAULT_NATURAL_LINES);
    view.setGroundColours('height', DEFAULT_NATURAL_LINES);
    expect(asks.length).toBe(3);
    expect(asks[1].cancelled).toBe(true);
    expect(paintOf()).toEqual(Array.from(natural));
    view.setGroundColours('slope', DEFAULT_NATURAL_LINES);
    expect(asks.length).toBe(4);
    // Meanwhile an edit in a corner (painted here at once) and a sun low in the east.
    const edited = heights.slice();
    for (let j = 0; j < 3; j++) for (let i = 0; i < 3; i++) edited[j * 9 + i] = 12 + i + 2 * j;
    view.update(grid, water, edited, null, { kind: 'rect', i0: 0, j0: 0, i1: 3, j1: 3 });
    expect(asks.length).toBe(4);
    const sun = { toSun: { x: 0.8, y: 0.6, z: 0 }, colour: new Color(1, 0.9, 0.8), intensity: 3 };
    view.setSun(sun);
    asks[1].answer();
    asks[3].answer();
    await settle();
    // The answer was found from the heights before the edit and for the sun overhead: the edit and the sun are kept.
    const fresh = mirrorPaint(mirrorGround(grid, edited), { ...grid, heights: edited }, 'slope', DEFAULT_NATURAL_LINES, sun.toSun);
    expect(paintOf()).toEqual(Array.from(fresh.colours));
    expect(view.paintPending).toBe(false);
    view.dispose();
  });
});
