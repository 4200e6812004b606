import { describe, expect, it } from 'vitest';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { roadParams, ROAD_SHOULDER_M } from '../../shared/roads/params';
import type { LayerStack } from '../../shared/layers/types';
import type { RoadToolOverlay } from '../../app/tools/types';
import { ROAD_DRESS_COLOURS, ROAD_LINE_METRES } from '../../app/palette/overlayPalette';
import { worldToCanvas } from '../../app/map2d/mapTransform';
import { drawRoadDress2D, SHOULDER_MIN_PX, shoulderDrawnPx } from './roadOverlay2D';

// Issue 34: at the 2D panel's fit zoom the shoulders' gravel read as a pale washed line: the white edge
// line was drawn at least a pixel wide at the asphalt's outer edge, right against the gravel, where the
// 3D view (which box-filters its 15 cm lines) shows the gravel and barely a trace of white.

interface Stroke {
  style: string;
  width: number;
  alpha: number;
  points: Array<[number, number]>;
}

/** A 2D context that records each stroke: its style, width, opacity and path. */
function recorder(): { ctx: CanvasRenderingContext2D; strokes: Stroke[] } {
  const strokes: Stroke[] = [];
  let points: Array<[number, number]> = [];
  const state = { strokeStyle: '', lineWidth: 1, globalAlpha: 1, fillStyle: '' as unknown, lineCap: '', lineJoin: '' };
  const stack: Array<typeof state> = [];
  const ctx = {
    ...state,
    save() {
      stack.push({ ...state, strokeStyle: this.strokeStyle, lineWidth: this.lineWidth, globalAlpha: this.globalAlpha });
    },
    restore() {
      Object.assign(this, stack.pop());
    },
    beginPath() {
      points = [];
    },
    moveTo(x: number, y: number) {
      points.push([x, y]);
    },
    lineTo(x: number, y: number) {
      points.push([x, y]);
    },
    closePath() {},
    fill() {},
    arc() {},
    setLineDash() {},
    createLinearGradient: () => ({ addColorStop() {} }),
    stroke() {
      strokes.push({ style: String(this.strokeStyle), width: this.lineWidth, alpha: this.globalAlpha, points: points.slice() });
    },
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, strokes };
}

describe('a road on the 2D panel', () => {
  // A straight asphalt road 7 m wide along x through the middle of a 257² map of 2 m cells.
  const field = createHeightfield(257, 257, 2);
  const params = roadParams(
    [
      { x: -100, z: 0 },
      { x: 0, z: 0 },
      { x: 100, z: 0 },
    ],
    { width: 7 },
  );
  const line = new Float64Array(Array.from({ length: 21 }, (_, k) => [-100 + 10 * k, 0]).flat());
  const overlay: RoadToolOverlay = {
    kind: 'road',
    roads: [
      {
        id: 'road-1',
        selected: false,
        line,
        points: new Float64Array([-100, 0, 0, 0, 100, 0]),
        selectedPoint: null,
        widths: new Float64Array(21).fill(7),
        params,
      },
    ],
    draft: null,
  } as unknown as RoadToolOverlay;
  const stack = [{ id: 'road-1', kind: 'road', enabled: true, params }] as unknown as LayerStack;
  const gravel = '#706a60';

  for (const pxPerMetre of [0.9, 2.5, 12]) {
    it(`at ${pxPerMetre} px a metre draws the shoulders in the gravel and the white lines inside the asphalt at their width, box-filtered`, () => {
      const { ctx, strokes } = recorder();
      const transform = { scale: pxPerMetre * field.cellSize, offsetX: 0, offsetY: 0 };
      drawRoadDress2D(ctx, transform, field, overlay, stack, () => ({ colour: gravel, pattern: null }));
      // The gravel band: the road and a shoulder each side, in the gravel's colour, under everything else.
      const shoulders = strokes.filter((s) => s.style === gravel);
      expect(shoulders).toHaveLength(1);
      expect(shoulders[0].width).toBeCloseTo(7 * pxPerMetre + 2 * Math.max(SHOULDER_MIN_PX, ROAD_SHOULDER_M * pxPerMetre), 9);
      const asphalt = strokes.filter((s) => s.style === ROAD_DRESS_COLOURS.asphalt);
      expect(asphalt).toHaveLength(1);
      expect(asphalt[0].width).toBeCloseTo(7 * pxPerMetre, 9);
      // So the gravel shows undimmed over the whole shoulder: no white is drawn outside the edge lines' own band.
      const edges = strokes.filter((s) => s.style === ROAD_DRESS_COLOURS.edge);
      expect(edges).toHaveLength(2);
      const centreY = worldToCanvas(transform, field, 0, 0).py;
      for (const edge of edges) {
        // Its ink across the road (width × opacity) is the line's 15 cm in pixels.
        expect(edge.width * edge.alpha).toBeCloseTo(ROAD_LINE_METRES.edgeWidth * pxPerMetre, 9);
        // Its middle 3.5 − 0.35 m from the centreline, so its outer side stays inside the asphalt.
        for (const [, y] of edge.points) expect(Math.abs(y - centreY)).toBeCloseTo((3.5 - ROAD_LINE_METRES.edgeInset) * pxPerMetre, 6);
        expect((3.5 - ROAD_LINE_METRES.edgeInset) * pxPerMetre + edge.width / 2).toBeLessThanOrEqual(3.5 * pxPerMetre + 0.5);
      }
      const centres = strokes.filter((s) => s.style === ROAD_DRESS_COLOURS.centre);
      expect(centres).toHaveLength(1);
      expect(centres[0].width * centres[0].alpha).toBeCloseTo(ROAD_LINE_METRES.centreWidth * pxPerMetre, 9);
    });
  }
});

/** `#rrggbb` as bytes. */
const bytes = (hex: string) => [1, 3, 5].map((o) => parseInt(hex.slice(o, o + 2), 16));

describe('the 2D panel’s road gravel at the fit zoom (issue 34: true but faint)', () => {
  // A straight road along x (as above) on ground of one colour; its cross-section down the canvas's rows,
  // rasterised as a canvas does a horizontal stroke: each pixel row takes each stroke by the share of the row
  // it covers (source-over, in sRGB bytes), in the order drawn.
  const field = createHeightfield(257, 257, 2);
  const params = roadParams(
    [
      { x: -100, z: 0 },
      { x: 100, z: 0 },
    ],
    { width: 6 },
  );
  const line = new Float64Array(Array.from({ length: 21 }, (_, k) => [-100 + 10 * k, 0]).flat());
  const overlay = {
    kind: 'road',
    roads: [
      { id: 'road-1', selected: false, line, points: new Float64Array([-100, 0, 100, 0]), selectedPoint: null, widths: new Float64Array(21).fill(6), params },
    ],
    draft: null,
  } as unknown as RoadToolOverlay;
  const stack = [{ id: 'road-1', kind: 'road', enabled: true, params }] as unknown as LayerStack;
  const gravel = '#706a60';
  const ground = '#4f6a2e';

  function rows(pxPerMetre: number, offsetY: number): { colours: number[][]; centre: number } {
    const { ctx, strokes } = recorder();
    const transform = { scale: pxPerMetre * field.cellSize, offsetX: 0, offsetY };
    drawRoadDress2D(ctx, transform, field, overlay, stack, () => ({ colour: gravel, pattern: null }));
    const centre = worldToCanvas(transform, field, 0, 0).py;
    const reach = Math.ceil(3 * pxPerMetre + shoulderDrawnPx(pxPerMetre) + 10);
    const from = Math.floor(centre - reach);
    const colours: number[][] = [];
    for (let y = from; y < from + 2 * reach; y++) {
      let c = bytes(ground);
      for (const s of strokes) {
        if (!s.style.startsWith('#')) continue;
        const mid = s.points[0][1];
        const cover = Math.max(0, Math.min(y + 1, mid + s.width / 2) - Math.max(y, mid - s.width / 2)) * s.alpha;
        const own = bytes(s.style);
        c = c.map((v, n) => v + (own[n] - v) * cover);
      }
      colours.push(c);
    }
    return { colours: colours.map((c, n) => [from + n, ...c]), centre };
  }

  /** Row `c` ([y, r, g, b]) within `tolerance` bytes of `hex` in each channel. */
  const near = (c: number[], hex: string, tolerance = 2) => Math.max(...bytes(hex).map((v, n) => Math.abs(c[n + 1] - v))) <= tolerance;

  for (const pxPerMetre of [0.4, 0.78, 1.2]) {
    it(`at ${pxPerMetre} px a metre each side shows a whole pixel of the gravel's own colour, wherever the road falls on the grid`, () => {
      for (const offsetY of [0, 0.25, 0.5, 0.75]) {
        const { colours, centre } = rows(pxPerMetre, offsetY);
        const edge = Math.max(2, 6 * pxPerMetre) / 2;
        for (const side of [1, -1]) {
          const beside = colours.filter(([y]) => side * (y + 0.5 - centre) > edge && side * (y + 0.5 - centre) < edge + shoulderDrawnPx(pxPerMetre) + 1);
          // (Within 10 bytes: the edge line's faint pixel-wide stroke, box-filtered, may tint it by a few.)
          expect(
            beside.some((c) => near(c, gravel, 10)),
            `offset ${offsetY}, side ${side}`,
          ).toBe(true);
          // No gravel past its drawn band: the ground's own colour a pixel beyond it.
          const past = colours.filter(([y]) => side * (y + 0.5 - centre) > edge + shoulderDrawnPx(pxPerMetre) + 1);
          for (const c of past) expect(near(c, ground)).toBe(true);
        }
      }
    });
  }

  it('drawn at its own width where that is wider than the floor (zoomed in)', () => {
    for (const pxPerMetre of [2, 5, 12]) {
      expect(shoulderDrawnPx(pxPerMetre)).toBeCloseTo(Math.max(SHOULDER_MIN_PX, ROAD_SHOULDER_M * pxPerMetre), 12);
      if (ROAD_SHOULDER_M * pxPerMetre >= SHOULDER_MIN_PX) expect(shoulderDrawnPx(pxPerMetre)).toBe(ROAD_SHOULDER_M * pxPerMetre);
    }
    // At 12 px a metre the gravel rows each side are the shoulder's 1.2 m (14.4 px), within its two part-covered pixels.
    const { colours, centre } = rows(12, 0.3);
    for (const side of [1, -1]) {
      const gravelRows = colours.filter(([y, ...c]) => side * (y + 0.5 - centre) > 0 && near([y, ...c], gravel)).length;
      expect(Math.abs(gravelRows - ROAD_SHOULDER_M * 12)).toBeLessThanOrEqual(2);
    }
  });
});
