import { describe, expect, it } from 'vitest';
import { createHeightfield, vertexX, vertexZ } from '../../shared/terrain/heightfield';
import {
  canvasToWorld,
  centredMapView,
  fitMapView,
  frameMapView,
  MIN_FRAMED_VERTICES,
  panMapView,
  resizedMapView,
  worldToCanvas,
  zoomMapView,
} from './mapTransform';

const field = createHeightfield(65, 33, 2.5);

describe('2D map view transform', () => {
  it('maps the centre of image pixel (i, j) to vertex (i, j), x right and z down', () => {
    const view = { scale: 3, offsetX: 10, offsetY: -4 };
    for (const [i, j] of [
      [0, 0],
      [64, 32],
      [17, 5],
    ]) {
      const p = { px: 10 + (i + 0.5) * 3, py: -4 + (j + 0.5) * 3 };
      const w = canvasToWorld(view, field, p.px, p.py);
      expect(w.x).toBeCloseTo(vertexX(field, i), 9);
      expect(w.z).toBeCloseTo(vertexZ(field, j), 9);
    }
    const right = canvasToWorld(view, field, 100, 50);
    const down = canvasToWorld(view, field, 90, 60);
    expect(right.x).toBeGreaterThan(canvasToWorld(view, field, 90, 50).x);
    expect(down.z).toBeGreaterThan(canvasToWorld(view, field, 90, 50).z);
  });

  it('is continuous between vertices and inverts worldToCanvas', () => {
    const view = { scale: 1.7, offsetX: 3, offsetY: 9 };
    const w = canvasToWorld(view, field, 41.3, 27.9);
    const back = worldToCanvas(view, field, w.x, w.z);
    expect(back.px).toBeCloseTo(41.3, 9);
    expect(back.py).toBeCloseTo(27.9, 9);
    const next = canvasToWorld(view, field, 41.4, 27.9);
    expect(next.x - w.x).toBeCloseTo((0.1 / 1.7) * 2.5, 9);
  });

  it('fits the whole map centred, by its width when the canvas is narrower than the map’s shape', () => {
    // 65 columns in 384 px (5.9 px each), the 33 rows then take 195 of the 284 px.
    const view = fitMapView(field, 400, 300, 8);
    expect(view.scale).toBeCloseTo(384 / 65, 9);
    expect(view.offsetX).toBeCloseTo(8, 9);
    expect(view.offsetY).toBeCloseTo((300 - 33 * (384 / 65)) / 2, 9);
    const centre = canvasToWorld(view, field, 200, 150);
    expect(centre.x).toBeCloseTo(0, 9);
    expect(centre.z).toBeCloseTo(0, 9);
  });

  it('shows all of a square map in a tall pane and in a wide one: its four corners inside the canvas', () => {
    const square = { width: 257, depth: 257, cellSize: 2 };
    // A pane beside the 3D view at 1280 × 720 (390 × 660 CSS px): the 257 columns in 374 px.
    const tall = fitMapView(square, 390, 660, 8);
    expect(tall.scale).toBeCloseTo(374 / 257, 9);
    for (const [x, z] of [
      [-256, -256],
      [256, -256],
      [-256, 256],
      [256, 256],
    ]) {
      // The corner vertices' outer edges, half a cell beyond their centres.
      const p = worldToCanvas(tall, square, x + Math.sign(x), z + Math.sign(z));
      expect(p.px).toBeGreaterThanOrEqual(8 - 1e-9);
      expect(p.px).toBeLessThanOrEqual(382 + 1e-9);
      expect(p.py).toBeGreaterThanOrEqual(0);
      expect(p.py).toBeLessThanOrEqual(660);
    }
    expect(fitMapView(square, 700, 500, 8).scale).toBeCloseTo(484 / 257, 9);
    expect(fitMapView(square, 500, 500, 8).scale).toBeCloseTo(484 / 257, 9);
  });

  it('zooms around the cursor, keeping the world point under it', () => {
    const view = fitMapView(field, 400, 300);
    const before = canvasToWorld(view, field, 123, 77);
    const zoomed = zoomMapView(view, 123, 77, 2.5);
    expect(zoomed.scale).toBeCloseTo(view.scale * 2.5, 9);
    const after = canvasToWorld(zoomed, field, 123, 77);
    expect(after.x).toBeCloseTo(before.x, 9);
    expect(after.z).toBeCloseTo(before.z, 9);
  });

  it('pans by screen pixels', () => {
    const view = fitMapView(field, 400, 300);
    const moved = panMapView(view, 20, -10);
    const a = canvasToWorld(view, field, 100, 100);
    const b = canvasToWorld(moved, field, 120, 90);
    expect(b.x).toBeCloseTo(a.x, 9);
    expect(b.z).toBeCloseTo(a.z, 9);
  });

  it('frames a river or lake: its centre at the canvas centre, its circle filling the shorter side less the margins', () => {
    const big = createHeightfield(1025, 1025, 2);
    // A lake 300 m across at (-200, 350) in a 500 × 400 canvas: 300 m is 150 cells in 400 − 2·16 px.
    const view = frameMapView(big, 500, 400, -200, 350, 150, 16);
    expect(view.scale).toBeCloseTo(368 / 150, 9);
    const centre = worldToCanvas(view, big, -200, 350);
    expect(centre.px).toBeCloseTo(250, 9);
    expect(centre.py).toBeCloseTo(200, 9);
    const east = worldToCanvas(view, big, -200 + 150, 350);
    expect(east.px - centre.px).toBeCloseTo(184, 9);
    // A pond of two cells is framed with the ground round it, not at the largest zoom.
    expect(frameMapView(big, 500, 400, 0, 0, 2, 16).scale).toBeCloseTo(368 / MIN_FRAMED_VERTICES, 9);
  });

  it('frames a lake at the map’s edge without blank space beyond that edge; one smaller than the pane stays inside it', () => {
    const big = createHeightfield(1025, 1025, 2);
    // A lake 100 m across whose middle is 20 m in from the map's west edge (x = −1024 m).
    const view = frameMapView(big, 500, 400, -1004, 0, 50, 16);
    expect(view.scale).toBeCloseTo(368 / MIN_FRAMED_VERTICES, 9);
    // Unclamped its middle would be at the canvas's centre and the map's edge 10 cells (57 px) right of the pane's left.
    expect(view.offsetX).toBeCloseTo(0, 9);
    expect(worldToCanvas(view, big, -1004, 0).py).toBeCloseTo(200, 9);
    expect(worldToCanvas(view, big, -1004, 0).px).toBeLessThan(250 - 40);
    // A small map zoomed out to the least scale: wholly inside the pane, wherever the lake is.
    const small = createHeightfield(65, 65, 2);
    for (const [x, z] of [
      [-60, -60],
      [60, 10],
    ]) {
      const framed = frameMapView(small, 500, 400, x, z, 40, 16);
      expect(framed.offsetX, `${x}, ${z}`).toBeGreaterThanOrEqual(-1e-9);
      expect(framed.offsetY, `${x}, ${z}`).toBeGreaterThanOrEqual(-1e-9);
      expect(framed.offsetX + small.width * framed.scale).toBeLessThanOrEqual(500 + 1e-9);
      expect(framed.offsetY + small.depth * framed.scale).toBeLessThanOrEqual(400 + 1e-9);
    }
  });

  describe('a view carried across a resize of its pane', () => {
    const map = createHeightfield(257, 257, 2);

    it('a fitted map is fitted in the new pane: as large, and centred', () => {
      for (const [from, to] of [
        [
          { width: 304, height: 307 },
          { width: 471, height: 471 },
        ],
        [
          { width: 471, height: 471 },
          { width: 560, height: 300 },
        ],
      ]) {
        const resized = resizedMapView(fitMapView(map, from.width, from.height), map, from, to);
        const fitted = fitMapView(map, to.width, to.height);
        expect(resized.scale).toBeCloseTo(fitted.scale, 12);
        expect(resized.offsetX).toBeCloseTo(fitted.offsetX, 9);
        expect(resized.offsetY).toBeCloseTo(fitted.offsetY, 9);
      }
    });

    it('zoomed in: the ground at the centre stays there, twice the fit stays twice the fit, no blank beyond an edge', () => {
      const from = { width: 300, height: 300 };
      const to = { width: 600, height: 450 };
      const fit = fitMapView(map, from.width, from.height);
      const view = zoomMapView(fit, 150, 150, 2);
      const centre = canvasToWorld(view, map, 150, 150);
      const resized = resizedMapView(view, map, from, to);
      expect(resized.scale).toBeCloseTo(2 * fitMapView(map, to.width, to.height).scale, 12);
      const now = canvasToWorld(resized, map, 300, 225);
      expect(now.x).toBeCloseTo(centre.x, 9);
      expect(now.z).toBeCloseTo(centre.z, 9);
      // Panned past the map's west edge (blank beyond it), larger than the pane: carried over with no blank.
      const past = resizedMapView({ ...view, offsetX: 20 }, map, from, to);
      expect(past.offsetX).toBe(0);
      expect(past.offsetY + map.depth * past.scale).toBeGreaterThanOrEqual(to.height);
    });
  });

  // A road report row's segment is brought to the middle of the 2D pane; near the map's edge the map stays
  // in the pane (issue 34's tour: blank space beyond the map's left edge came in at 1600 × 1000).
  describe('centring a point as far as the map’s edges allow', () => {
    const map = createHeightfield(257, 257, 2);
    /** The image's edges on the canvas (its pixels span [0, width) × [0, depth) image units). */
    const edges = (view: { scale: number; offsetX: number; offsetY: number }) => ({
      left: view.offsetX,
      right: view.offsetX + map.width * view.scale,
      top: view.offsetY,
      bottom: view.offsetY + map.depth * view.scale,
    });

    it('zoomed in: a point in the middle is centred, one near an edge leaves no blank beyond that edge', () => {
      const view = { scale: 4, offsetX: -300, offsetY: -250 };
      const [w, h] = [400, 300];
      const middle = worldToCanvas(view, map, 10, -20);
      const centred = centredMapView(view, map, w, h, middle.px, middle.py);
      expect(centred.scale).toBe(4);
      const now = worldToCanvas(centred, map, 10, -20);
      expect(now.px).toBeCloseTo(w / 2, 9);
      expect(now.py).toBeCloseTo(h / 2, 9);
      // Near the west and north edges (2 m in from the map's corner vertex): the map's corner at the pane's corner.
      const corner = worldToCanvas(view, map, -254, -254);
      const clamped = edges(centredMapView(view, map, w, h, corner.px, corner.py));
      expect(clamped.left).toBeCloseTo(0, 9);
      expect(clamped.top).toBeCloseTo(0, 9);
      // Near the east and south edges likewise.
      const far = worldToCanvas(view, map, 254, 254);
      const other = edges(centredMapView(view, map, w, h, far.px, far.py));
      expect(other.right).toBeCloseTo(w, 9);
      expect(other.bottom).toBeCloseTo(h, 9);
      // Along the edge the other axis still centres.
      const west = worldToCanvas(view, map, -254, 30);
      const along = centredMapView(view, map, w, h, west.px, west.py);
      expect(edges(along).left).toBeCloseTo(0, 9);
      expect(worldToCanvas(along, map, -254, 30).py).toBeCloseTo(h / 2, 9);
    });

    it('a map smaller than the pane (the whole map in view) stays where it is, wholly inside it', () => {
      const [w, h] = [420, 400];
      const view = fitMapView(map, w, h);
      for (const [x, z] of [
        [-250, -250],
        [250, 100],
        [0, 250],
      ]) {
        const at = worldToCanvas(view, map, x, z);
        // Fitted and centred, it is not nudged within its margin.
        expect(centredMapView(view, map, w, h, at.px, at.py)).toEqual(view);
        // Panned partly out of the pane, it comes back in, no further.
        const out = { ...view, offsetX: view.offsetX - 30 };
        const e = edges(centredMapView(out, map, w, h, at.px, at.py));
        expect(e.left).toBeCloseTo(0, 9);
        expect(e.left, `${x}, ${z}`).toBeGreaterThanOrEqual(-1e-9);
        expect(e.top, `${x}, ${z}`).toBeGreaterThanOrEqual(-1e-9);
        expect(e.right, `${x}, ${z}`).toBeLessThanOrEqual(w + 1e-9);
        expect(e.bottom, `${x}, ${z}`).toBeLessThanOrEqual(h + 1e-9);
      }
    });
  });
});
