import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRandom, type Random } from '../../shared/random';
import { heightRange, type Heightfield, type HeightRange } from '../../shared/terrain/heightfield';
import { randomField } from '../../shared/terrain/testing/surfaceReference';
import { HILLSHADE_REACH, shadeOf, writeMapImageRows, type MapMode } from './mapImage';
import type { ErosionCover } from '../view/terrainColours';
import { SEDIMENT_RULE, SEDIMENT_SRGB, WET_DARKENING, WET_RULE } from '../../shared/erosion/cover';
import { ruleWeight } from '../../shared/export/masks';
import type { DirtyRegion } from '../document/region';
import { MapTilePixels, RECOLOUR_SETTLE_MS, type MapTileRect } from './mapTilePixels';
import { coverBytesHeld, COVER_RELEASE_MS, packedCover } from '../document/packedCover';

type Rect = Extract<DirtyRegion, { kind: 'rect' }>;

/** The tiles' pixels put together as one whole-map image, as the canvases show them, and the reduced levels likewise. */
class Assembled {
  readonly pixels: Uint8ClampedArray;
  readonly levels = new Map<number, Uint8ClampedArray>();
  constructor(
    private readonly field: Heightfield,
    private readonly image: MapTilePixels,
  ) {
    this.pixels = new Uint8ClampedArray(field.width * field.depth * 4);
  }
  /** `withoutLevels`: rectangles of `wholeTile` for a tile whose levels already hold its pixels may carry none. */
  put(rects: readonly MapTileRect[], withoutLevels = false): void {
    for (const r of rects) {
      const tile = this.image.tiles[r.tile];
      expect(r.x + r.width).toBeLessThanOrEqual(tile.i1 - tile.i0);
      expect(r.y + r.height).toBeLessThanOrEqual(tile.j1 - tile.j0);
      for (let y = 0; y < r.height; y++) {
        const to = ((tile.j0 + r.y + y) * this.field.width + tile.i0 + r.x) * 4;
        this.pixels.set(r.pixels.subarray(y * r.width * 4, (y + 1) * r.width * 4), to);
      }
      expect(r.levels.map((l) => l.factor)).toEqual(withoutLevels && r.levels.length === 0 ? [] : this.image.levelFactors);
      for (const level of r.levels) {
        const levelWidth = Math.ceil(this.field.width / level.factor);
        const levelDepth = Math.ceil(this.field.depth / level.factor);
        let image = this.levels.get(level.factor);
        if (!image) this.levels.set(level.factor, (image = new Uint8ClampedArray(levelWidth * levelDepth * 4)));
        expect(level.i0 + level.width).toBeLessThanOrEqual(levelWidth);
        expect(level.j0 + level.height).toBeLessThanOrEqual(levelDepth);
        for (let y = 0; y < level.height; y++) {
          image.set(level.pixels.subarray(y * level.width * 4, (y + 1) * level.width * 4), ((level.j0 + y) * levelWidth + level.i0) * 4);
        }
      }
    }
  }
  /** Each level equals the box average of the assembled full image, computed plainly. */
  levelsMatchImage(): boolean {
    const { width, depth } = this.field;
    for (const factor of this.image.levelFactors) {
      const levelWidth = Math.ceil(width / factor);
      const levelDepth = Math.ceil(depth / factor);
      const image = this.levels.get(factor);
      if (!image) return false;
      for (let J = 0; J < levelDepth; J++)
        for (let I = 0; I < levelWidth; I++)
          for (let c = 0; c < 4; c++) {
            let sum = 0;
            let count = 0;
            for (let j = J * factor; j < Math.min(depth, (J + 1) * factor); j++)
              for (let i = I * factor; i < Math.min(width, (I + 1) * factor); i++, count++) sum += this.pixels[(j * width + i) * 4 + c];
            if (image[(J * levelWidth + I) * 4 + c] !== Math.round(sum / count)) return false;
          }
    }
    return true;
  }
}

/** Runs slices until every tile is current: what the panel does frame after frame. */
function finish(image: MapTilePixels, field: Heightfield, assembled: Assembled): void {
  for (let slice = 0; slice < 10_000 && !image.upToDate; slice++) assembled.put(image.redrawSlice(field, Infinity));
  expect(image.upToDate).toBe(true);
}

function wholeImage(field: Heightfield, mode: MapMode, range: HeightRange = heightRange(field.heights)): Uint8ClampedArray {
  const pixels = new Uint8ClampedArray(field.width * field.depth * 4);
  writeMapImageRows(field, pixels, mode, range);
  return pixels;
}

function sameBytes(a: Uint8ClampedArray, b: Uint8ClampedArray): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}

/** A random rectangle; every third one lies on a tile border or the map border. */
function randomRect(random: Random, field: Heightfield, tileSide: number, n: number): Rect {
  const pick = (limit: number) => Math.floor(random.next() * limit);
  const span = (limit: number) => 1 + pick(Math.min(limit, 12));
  let i0 = pick(field.width);
  let j0 = pick(field.depth);
  if (n % 3 === 1) {
    // Straddling or ending on a tile border.
    i0 = Math.max(0, Math.min(field.width - 1, tileSide * (1 + pick(Math.max(1, Math.floor(field.width / tileSide)))) - 1 - pick(3)));
    j0 = Math.max(0, Math.min(field.depth - 1, tileSide * (1 + pick(Math.max(1, Math.floor(field.depth / tileSide)))) - 1 - pick(3)));
  } else if (n % 3 === 2) {
    // Touching the map border on one or two sides.
    i0 = random.next() < 0.5 ? 0 : field.width - span(field.width);
    if (random.next() < 0.5) j0 = random.next() < 0.5 ? 0 : field.depth - 1;
  }
  const i1 = Math.min(field.width, i0 + span(field.width));
  const j1 = Math.min(field.depth, j0 + span(field.depth));
  return { kind: 'rect', i0, j0, i1, j1 };
}

/** Sets the rectangle's heights to random values within `within` (the map's range stays put) or beyond it. */
function editRect(random: Random, field: Heightfield, rect: Rect, within: HeightRange | null): void {
  for (let j = rect.j0; j < rect.j1; j++)
    for (let i = rect.i0; i < rect.i1; i++) {
      const k = j * field.width + i;
      field.heights[k] = within ? within.min + 0.1 + random.next() * (within.max - within.min - 0.2) : field.heights[k] + (random.next() - 0.5) * 80;
    }
}

/** A map whose extremes sit at two interior vertices that `keepExtremes` restores after each edit. */
function pinnedField(width: number, depth: number, seed: number) {
  const field = randomField(width, depth, 1.5, seed, 20);
  const low = Math.floor(depth / 2) * width + Math.floor(width / 3);
  const high = low + 1;
  field.heights[low] = -50;
  field.heights[high] = 60;
  const keepExtremes = () => {
    field.heights[low] = -50;
    field.heights[high] = 60;
  };
  return { field, keepExtremes, range: { min: -50, max: 60 } };
}

describe('map tile pixels', () => {
  it.each([
    ['one tile', 41, 33, undefined, 41, undefined],
    ['many small tiles', 53, 45, 8, 8, [2, 8]],
    ['512² tiles of a large map', 1100, 600, undefined, 512, undefined],
  ] as const)('with %s, an edit that keeps the range redraws only its rectangle and matches the whole image', (_, width, depth, tileSide, side, mipFactors) => {
    const random = createRandom(7);
    const { field, keepExtremes, range } = pinnedField(width, depth, 3);
    const image = new MapTilePixels({ tileSide, mipFactors });
    const assembled = new Assembled(field, image);
    const block = Math.max(...image.levelFactors);
    for (const mode of ['hypsometric', 'grayscale'] as const) {
      expect(image.update(field, { kind: 'all' }, mode)).toEqual([]);
      finish(image, field, assembled);
      expect(sameBytes(assembled.pixels, wholeImage(field, mode))).toBe(true);
      expect(assembled.levelsMatchImage()).toBe(true);
      for (let n = 0; n < (width > 500 ? 6 : 30); n++) {
        const rect = randomRect(random, field, side, n);
        editRect(random, field, rect, range);
        keepExtremes();
        const rects = image.update(field, rect, mode);
        // Only the changed vertices and the hillshade's reach around them, grown to whole blocks of
        // the coarsest level.
        const m = HILLSHADE_REACH;
        for (const r of rects) {
          const tile = image.tiles[r.tile];
          expect(tile.i0 + r.x).toBeGreaterThanOrEqual(Math.floor((rect.i0 - m) / block) * block);
          expect(tile.j0 + r.y).toBeGreaterThanOrEqual(Math.floor((rect.j0 - m) / block) * block);
          expect(tile.i0 + r.x + r.width).toBeLessThanOrEqual(Math.ceil((rect.i1 + m) / block) * block);
          expect(tile.j0 + r.y + r.height).toBeLessThanOrEqual(Math.ceil((rect.j1 + m) / block) * block);
        }
        assembled.put(rects);
        expect(image.upToDate).toBe(true);
        expect(image.redrawDelay()).toBeNull();
        expect(sameBytes(assembled.pixels, wholeImage(field, mode)), `edit ${n}`).toBe(true);
        expect(assembled.levelsMatchImage(), `levels after edit ${n}`).toBe(true);
      }
    }
  });

  it.each([
    ['one tile', 41, 33, undefined, 41, undefined],
    ['many small tiles', 53, 45, 8, 8, [4]],
  ] as const)(
    'with %s, range changes draw edits in the old colours at once and the recolour makes the image exact',
    (_, width, depth, tileSide, side, mipFactors) => {
      const random = createRandom(11);
      const field = randomField(width, depth, 1, 5, 20);
      let time = 0;
      // Each look at the clock takes a millisecond, so slices end part-way through the work.
      const image = new MapTilePixels({ tileSide, mipFactors, now: () => time++, bandPixels: 64 });
      const assembled = new Assembled(field, image);
      assembled.put(image.update(field, { kind: 'all' }, 'hypsometric'));
      finish(image, field, assembled);
      for (let n = 0; n < 25; n++) {
        const before = Uint8ClampedArray.from(assembled.pixels);
        const oldRange = heightRange(field.heights);
        const allCurrent = image.upToDate;
        const rect = randomRect(random, field, side, n);
        editRect(random, field, rect, null);
        assembled.put(image.update(field, rect, 'hypsometric'));
        if (allCurrent) {
          // Inside the margin-grown rectangle: the new heights in the old colours; elsewhere untouched.
          const inOldColours = wholeImage(field, 'hypsometric', oldRange);
          for (let j = 0; j < depth; j++)
            for (let i = 0; i < width; i++) {
              const m = HILLSHADE_REACH;
              const inside = i >= rect.i0 - m && i < rect.i1 + m && j >= rect.j0 - m && j < rect.j1 + m;
              const p = (j * width + i) * 4;
              const expected = inside ? inOldColours : before;
              expect(Array.from(assembled.pixels.subarray(p, p + 4)), `(${i}, ${j}) after edit ${n}`).toEqual(Array.from(expected.subarray(p, p + 4)));
            }
        }
        // Sometimes let a short recolour slice run part-way before the next edit comes.
        if (n % 4 === 3) {
          time += RECOLOUR_SETTLE_MS;
          assembled.put(image.redrawSlice(field, 3));
        }
      }
      expect(image.upToDate).toBe(false);
      time += RECOLOUR_SETTLE_MS;
      for (let slice = 0; slice < 1000 && !image.upToDate; slice++) assembled.put(image.redrawSlice(field, 8));
      expect(image.upToDate).toBe(true);
      expect(sameBytes(assembled.pixels, wholeImage(field, 'hypsometric'))).toBe(true);
    },
  );

  describe('recolour slicing (injected clock)', () => {
    const setup = () => {
      const clock = { time: 0, tick: 0 };
      // 64 × 48 in 16² tiles: 4 × 3 tiles of 4 bands of 4 rows each.
      const field = randomField(64, 48, 1, 9, 10);
      const image = new MapTilePixels({ tileSide: 16, bandPixels: 64, now: () => (clock.time += clock.tick) });
      image.update(field, { kind: 'all' }, 'hypsometric');
      while (!image.upToDate) image.redrawSlice(field, Infinity);
      const raise = (i: number, j: number, by: number) => {
        field.heights[j * field.width + i] += by;
        return image.update(field, { kind: 'rect', i0: i, j0: j, i1: i + 1, j1: j + 1 }, 'hypsometric');
      };
      return { clock, field, image, raise };
    };

    it('waits until changes pause; a new change postpones it', () => {
      const { clock, field, image, raise } = setup();
      expect(image.redrawDelay()).toBeNull();
      raise(5, 5, 100);
      expect(image.redrawDelay()).toBe(RECOLOUR_SETTLE_MS);
      clock.time = 100;
      expect(image.redrawDelay()).toBe(RECOLOUR_SETTLE_MS - 100);
      expect(image.redrawSlice(field, 8)).toEqual([]);
      raise(6, 5, 100);
      clock.time = 200;
      expect(image.redrawDelay()).toBe(RECOLOUR_SETTLE_MS - 100);
      clock.time = 100 + RECOLOUR_SETTLE_MS;
      expect(image.redrawDelay()).toBe(0);
      expect(image.upToDate).toBe(false);
    });

    it('keeps each slice within its budget and eventually finishes', () => {
      const { clock, field, image, raise } = setup();
      raise(5, 5, 100);
      clock.time = RECOLOUR_SETTLE_MS;
      clock.tick = 1;
      let slices = 0;
      while (!image.upToDate && slices < 100) {
        // An 8 ms budget at a millisecond per band: at most 8 bands, i.e. at most 3 tiles of 4 bands.
        const finished = image.redrawSlice(field, 8);
        expect(finished.length).toBeLessThanOrEqual(3);
        slices++;
      }
      expect(image.upToDate).toBe(true);
      // 48 bands of work at up to 8 per slice.
      expect(slices).toBeGreaterThanOrEqual(6);
    });

    it('recolours the tiles in view first, each put whole', () => {
      const { clock, field, image, raise } = setup();
      raise(5, 5, 100);
      clock.time = RECOLOUR_SETTLE_MS;
      const inView = (tile: { i0: number; j0: number }) => tile.i0 >= 32 && tile.j0 >= 16;
      const finished = image.redrawSlice(field, Infinity, inView);
      expect(finished).toHaveLength(image.tiles.length);
      const visibleCount = image.tiles.filter(inView).length;
      expect(visibleCount).toBe(4);
      expect(finished.slice(0, visibleCount).every((r) => inView(image.tiles[r.tile]))).toBe(true);
      for (const r of finished) expect([r.x, r.y, r.width, r.height]).toEqual([0, 0, 16, 16]);
    });

    it('recolours for a mode change without waiting, and only then is up to date', () => {
      const { clock, field, image } = setup();
      clock.time = 1000;
      image.setMode('grayscale');
      expect(image.upToDate).toBe(false);
      expect(image.redrawDelay()).toBe(0);
      const assembled = new Assembled(field, image);
      assembled.put(image.redrawSlice(field, Infinity));
      expect(image.upToDate).toBe(true);
      expect(sameBytes(assembled.pixels, wholeImage(field, 'grayscale'))).toBe(true);
    });

    it('an edit in a half-recoloured tile does not leave its finished rows stale', () => {
      const { clock, field, image, raise } = setup();
      const assembled = new Assembled(field, image);
      assembled.put(image.update(field, { kind: 'all' }, 'hypsometric'));
      finish(image, field, assembled);
      assembled.put(raise(40, 40, 100));
      clock.time = RECOLOUR_SETTLE_MS;
      clock.tick = 1;
      // Two bands (rows 0–7) of the first tile.
      expect(image.redrawSlice(field, 2)).toEqual([]);
      clock.tick = 0;
      // Within the range: drawn in the old colours now, and part of the recolour later.
      assembled.put(raise(2, 1, 0.5));
      clock.time += RECOLOUR_SETTLE_MS;
      assembled.put(image.redrawSlice(field, Infinity));
      expect(image.upToDate).toBe(true);
      expect(sameBytes(assembled.pixels, wholeImage(field, 'hypsometric'))).toBe(true);
    });

    it('needs no recolour when the range comes back to the colours shown', () => {
      const { image, raise } = setup();
      raise(5, 5, 100);
      expect(image.upToDate).toBe(false);
      raise(5, 5, -100);
      expect(image.upToDate).toBe(true);
    });
  });

  describe('whole-map changes in slices (injected clock)', () => {
    const setup = () => {
      const clock = { time: 0, tick: 0 };
      // 64 × 48 in 16² tiles: 4 × 3 tiles of 4 bands of 4 rows each.
      const field = randomField(64, 48, 1, 12, 10);
      const image = new MapTilePixels({ tileSide: 16, bandPixels: 64, now: () => (clock.time += clock.tick) });
      const assembled = new Assembled(field, image);
      assembled.put(image.update(field, { kind: 'all' }, 'hypsometric'));
      finish(image, field, assembled);
      // A new map of the same size, as generate or open gives.
      const replace = (seed: number) => {
        field.heights.set(randomField(64, 48, 1, seed, 30).heights);
        return image.update(field, { kind: 'all' }, 'hypsometric');
      };
      return { clock, field, image, assembled, replace };
    };

    it('puts nothing at once, then whole tiles within each slice budget, the tiles in view first, without waiting for a pause', () => {
      const { clock, field, image, assembled, replace } = setup();
      clock.time = 1000;
      expect(replace(13)).toEqual([]);
      expect(image.upToDate).toBe(false);
      expect(image.redrawDelay()).toBe(0);
      clock.tick = 1;
      const inView = (tile: { i0: number; j0: number }) => tile.i0 >= 32 && tile.j0 >= 16;
      const order: number[] = [];
      let slices = 0;
      while (!image.upToDate && slices < 100) {
        // An 8 ms budget at a millisecond per band of 4 rows: 8 bands, i.e. two whole 16² tiles.
        const finished = image.redrawSlice(field, 8, inView);
        expect(finished.length).toBeLessThanOrEqual(2);
        for (const r of finished) expect([r.x, r.y, r.width, r.height]).toEqual([0, 0, 16, 16]);
        order.push(...finished.map((r) => r.tile));
        assembled.put(finished);
        slices++;
      }
      expect(image.upToDate).toBe(true);
      expect(slices).toBe(6);
      expect(order.slice(0, 4).every((index) => inView(image.tiles[index]))).toBe(true);
      expect(new Set(order).size).toBe(image.tiles.length);
      expect(sameBytes(assembled.pixels, wholeImage(field, 'hypsometric'))).toBe(true);
      expect(assembled.levelsMatchImage()).toBe(true);
    });

    it('keeps edits made during the redraw, in a half-drawn tile, a tile not yet redrawn and a finished one', () => {
      const { clock, field, image, assembled, replace } = setup();
      const edit = (i: number, j: number, by: number) => {
        field.heights[j * field.width + i] += by;
        return image.update(field, { kind: 'rect', i0: i, j0: j, i1: i + 1, j1: j + 1 }, 'hypsometric');
      };
      replace(14);
      clock.tick = 1;
      // Tile 0 whole, then two bands (rows 0–7) of tile 1.
      assembled.put(image.redrawSlice(field, 6));
      expect(image.upToDate).toBe(false);
      clock.tick = 0;
      // In the finished tile: put at once.
      expect(edit(3, 3, 0.25).map((r) => r.tile)).toEqual([0]);
      // In the rows of the half-drawn tile already computed, and in a tile not yet redrawn: nothing
      // to put now (they are put whole when redrawn), but the result must show them.
      expect(edit(20, 2, 0.25)).toEqual([]);
      expect(edit(50, 40, 0.25)).toEqual([]);
      // One beyond the map's range: the finished tile is drawn in its colours, the rest in the new.
      assembled.put(edit(5, 5, 200));
      clock.time += RECOLOUR_SETTLE_MS;
      finish(image, field, assembled);
      expect(sameBytes(assembled.pixels, wholeImage(field, 'hypsometric'))).toBe(true);
      expect(assembled.levelsMatchImage()).toBe(true);
    });

    it('starts again when the map changes size in the middle of a redraw', () => {
      const { clock, field, image, assembled } = setup();
      clock.tick = 1;
      image.update(field, { kind: 'all' }, 'grayscale');
      image.redrawSlice(field, 3);
      const bigger = randomField(80, 50, 1, 15, 10);
      const resized = new MapTilePixels({ tileSide: 16, bandPixels: 64 });
      expect(image.update(bigger, { kind: 'rect', i0: 0, j0: 0, i1: 1, j1: 1 }, 'grayscale')).toEqual([]);
      expect(image.tiles).toHaveLength(resized.update(bigger, { kind: 'all' }, 'grayscale').length + 5 * 4);
      const fresh = new Assembled(bigger, image);
      finish(image, bigger, fresh);
      expect(sameBytes(fresh.pixels, wholeImage(bigger, 'grayscale'))).toBe(true);
      expect(assembled.pixels.length).toBe(64 * 48 * 4);
    });
  });

  describe('whole tiles for canvases created on demand', () => {
    /** Each tile's own pixels, cut from the assembled whole-map image. */
    const tileOf = (field: Heightfield, pixels: Uint8ClampedArray, tile: { i0: number; j0: number; i1: number; j1: number }) => {
      const out = new Uint8ClampedArray((tile.i1 - tile.i0) * (tile.j1 - tile.j0) * 4);
      for (let j = tile.j0; j < tile.j1; j++)
        out.set(pixels.subarray((j * field.width + tile.i0) * 4, (j * field.width + tile.i1) * 4), (j - tile.j0) * (tile.i1 - tile.i0) * 4);
      return out;
    };

    it('keeps canvases created at any moment and the levels exact through edits, recolours and whole-map changes', () => {
      const random = createRandom(21);
      const field = randomField(53, 45, 1, 4, 20);
      let time = 0;
      const image = new MapTilePixels({ tileSide: 8, mipFactors: [2, 8], bandPixels: 16, now: () => time });
      // What the levels show (every rectangle is put there) and the canvases of the resident tiles.
      const levels = new Assembled(field, image);
      const canvases = new Map<number, Uint8ClampedArray>();
      const putAll = (rects: readonly MapTileRect[]) => {
        levels.put(rects);
        for (const r of rects) {
          const canvas = canvases.get(r.tile);
          if (!canvas) continue;
          const tileWidth = image.tiles[r.tile].i1 - image.tiles[r.tile].i0;
          for (let y = 0; y < r.height; y++) canvas.set(r.pixels.subarray(y * r.width * 4, (y + 1) * r.width * 4), ((r.y + y) * tileWidth + r.x) * 4);
        }
      };
      const createCanvas = (index: number) => {
        const wasStale = !image.upToDate;
        const rect = image.wholeTile(field, index);
        const tile = image.tiles[index];
        expect([rect.x, rect.y, rect.width, rect.height]).toEqual([0, 0, tile.i1 - tile.i0, tile.j1 - tile.j0]);
        // Without levels it must be exactly what the levels were built from.
        if (rect.levels.length === 0) expect(sameBytes(rect.pixels, tileOf(field, levels.pixels, tile))).toBe(true);
        else expect(wasStale).toBe(true);
        levels.put([rect], true);
        canvases.set(index, Uint8ClampedArray.from(rect.pixels));
      };
      putAll(image.update(field, { kind: 'all' }, 'hypsometric'));
      while (!image.upToDate) putAll(image.redrawSlice(field, Infinity));
      let createdWhileRedrawing = 0;
      let createdBeforeRecolour = 0;
      for (let n = 0; n < 120; n++) {
        const step = random.next();
        if (step < 0.04) {
          field.heights.set(randomField(53, 45, 1, 100 + n, 25).heights);
          putAll(image.update(field, { kind: 'all' }, 'hypsometric'));
        } else if (step < 0.5) {
          const rect = randomRect(random, field, 8, n);
          editRect(random, field, rect, n % 2 === 0 ? heightRange(field.heights) : null);
          putAll(image.update(field, rect, 'hypsometric'));
        } else if (step < 0.7) {
          time += random.next() < 0.5 ? RECOLOUR_SETTLE_MS : 1;
          // Mostly a band at a time, sometimes all the work at once.
          putAll(image.redrawSlice(field, random.next() < 0.2 ? Infinity : 0));
        } else if (step < 0.9) {
          const index = Math.floor(random.next() * image.tiles.length);
          if (!canvases.has(index)) {
            if (!image.upToDate && image.redrawDelay() === 0) createdWhileRedrawing++;
            else if (!image.upToDate) createdBeforeRecolour++;
            createCanvas(index);
          }
        } else {
          canvases.delete(Math.floor(random.next() * image.tiles.length));
        }
        expect(levels.levelsMatchImage(), `levels after step ${n}`).toBe(true);
        for (const [index, canvas] of canvases) {
          expect(sameBytes(canvas, tileOf(field, levels.pixels, image.tiles[index])), `tile ${index} after step ${n}`).toBe(true);
        }
      }
      // The random walk did create canvases while whole-map redraws and recolours were pending.
      expect(createdWhileRedrawing).toBeGreaterThan(0);
      expect(createdBeforeRecolour).toBeGreaterThan(0);
      time += RECOLOUR_SETTLE_MS;
      for (let slice = 0; slice < 10_000 && !image.upToDate; slice++) putAll(image.redrawSlice(field, Infinity));
      expect(image.upToDate).toBe(true);
      const whole = wholeImage(field, 'hypsometric');
      expect(sameBytes(levels.pixels, whole)).toBe(true);
      expect(levels.levelsMatchImage()).toBe(true);
      for (const [index, canvas] of canvases) expect(sameBytes(canvas, tileOf(field, whole, image.tiles[index]))).toBe(true);
    });

    it('draws a stale tile in the current colours at once, so that the redraw skips it', () => {
      const field = randomField(32, 16, 1, 30, 10);
      const image = new MapTilePixels({ tileSide: 16, mipFactors: [4] });
      image.update(field, { kind: 'all' }, 'grayscale');
      const rect = image.wholeTile(field, 1);
      expect(rect.levels.map((l) => l.factor)).toEqual([4]);
      const expected = tileOf(field, wholeImage(field, 'grayscale'), image.tiles[1]);
      expect(sameBytes(rect.pixels, expected)).toBe(true);
      const rest = image.redrawSlice(field, Infinity);
      expect(rest.map((r) => r.tile)).toEqual([0]);
      expect(image.upToDate).toBe(true);
      expect(() => image.wholeTile(field, 2)).toThrow();
    });
  });
});

describe('the erosion cover over the hypsometric tint', () => {
  /** A cover with deposits and channels in a few places (bytes as erosionCoverOf makes them). */
  function someCover(field: Heightfield, seed: number): ErosionCover {
    const random = createRandom(seed);
    const texels = field.width * field.depth;
    const flow = new Uint8Array(texels);
    const deposition = new Uint8Array(texels);
    for (let k = 0; k < texels; k++) {
      if (random.next() < 0.2) deposition[k] = Math.floor(random.next() * 256);
      if (random.next() < 0.2) flow[k] = Math.floor(random.next() * 256);
    }
    return { flow, deposition };
  }

  it('changes hypsometric pixels only where the rules give cover, never the grayscale heights', () => {
    const field = randomField(40, 30, 1, 9, 3);
    const range = heightRange(field.heights);
    const cover = someCover(field, 4);
    for (const mode of ['hypsometric', 'grayscale'] as const) {
      const plain = wholeImage(field, mode, range);
      const covered = new Uint8ClampedArray(plain.length);
      writeMapImageRows(field, covered, mode, range, 0, field.depth, cover);
      let changed = 0;
      for (let k = 0; k < field.width * field.depth; k++) {
        const differs = [0, 1, 2].some((c) => covered[k * 4 + c] !== plain[k * 4 + c]);
        if (differs) changed++;
        const ruled = ruleWeight(SEDIMENT_RULE, cover.deposition[k] / 255) > 0 || ruleWeight(WET_RULE, cover.flow[k] / 255) > 0;
        if (mode === 'grayscale' || !ruled) expect(differs, `${mode} pixel ${k}`).toBe(false);
      }
      if (mode === 'hypsometric') expect(changed).toBeGreaterThan(field.width * field.depth * 0.1);
    }
    // Full deposit on flat ground is the sediment colour under the hillshade; full flow darkens by WET_DARKENING.
    const flat = randomField(9, 9, 1, 2, 0);
    const flatRange = { min: -1, max: 1 };
    const one = { flow: new Uint8Array(81), deposition: new Uint8Array(81) };
    one.deposition[40] = 255;
    one.flow[41] = 255;
    const plain = wholeImage(flat, 'hypsometric', flatRange);
    const covered = new Uint8ClampedArray(plain.length);
    writeMapImageRows(flat, covered, 'hypsometric', flatRange, 0, 9, one);
    [0, 1, 2].forEach((c) => expect(covered[40 * 4 + c]).toBe(Math.round(SEDIMENT_SRGB[c] * shadeOf(0, 0))));
    [0, 1, 2].forEach((c) => expect(covered[41 * 4 + c]).toBe(Math.round(plain[41 * 4 + c] * (1 - WET_DARKENING))));
  });

  it('tiles recolour when the cover comes or goes, and edits keep it, matching the whole image', () => {
    const random = createRandom(5);
    const { field, keepExtremes, range } = pinnedField(53, 45, 6);
    let time = 0;
    const image = new MapTilePixels({ tileSide: 8, mipFactors: [2, 8], now: () => time++ });
    const assembled = new Assembled(field, image);
    const cover = someCover(field, 8);
    const whole = (withCover: ErosionCover | null) => {
      const pixels = new Uint8ClampedArray(field.width * field.depth * 4);
      writeMapImageRows(field, pixels, 'hypsometric', range, 0, field.depth, withCover);
      return pixels;
    };
    // A Run brings the cover with its whole-map change.
    image.setCover(cover);
    image.update(field, { kind: 'all' }, 'hypsometric');
    finish(image, field, assembled);
    expect(sameBytes(assembled.pixels, whole(cover))).toBe(true);
    expect(sameBytes(assembled.pixels, whole(null))).toBe(false);
    // Edits are drawn with the cover.
    for (let n = 0; n < 10; n++) {
      const rect = randomRect(random, field, 8, n);
      editRect(random, field, rect, range);
      keepExtremes();
      assembled.put(image.update(field, rect, 'hypsometric'));
      expect(sameBytes(assembled.pixels, whole(cover)), `edit ${n}`).toBe(true);
    }
    // Results dropped (or set later, without an edit): every tile recolours.
    image.setCover(null);
    expect(image.upToDate).toBe(false);
    time += RECOLOUR_SETTLE_MS + 1;
    finish(image, field, assembled);
    expect(sameBytes(assembled.pixels, whole(null))).toBe(true);
    expect(assembled.levelsMatchImage()).toBe(true);
  });
});

describe('the erosion cover held packed at rest (app/document/packedCover.ts)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("paints tile by tile from the packed vertices, never making the whole map's arrays, with the dense bytes' pixels", () => {
    const { field, range } = pinnedField(53, 45, 6);
    const texels = field.width * field.depth;
    // A light erosion's cover: 4 % of the vertices with flow, 1 % with deposits (packed: at most a tenth non-zero).
    const random = createRandom(17);
    const dense = { flow: new Uint8Array(texels), deposition: new Uint8Array(texels) };
    for (let k = 0; k < texels; k++) {
      const u = random.next();
      if (u < 0.04) dense.flow[k] = 1 + Math.floor(random.next() * 255);
      else if (u < 0.05) dense.deposition[k] = 1 + Math.floor(random.next() * 255);
    }
    const packed = packedCover({ flow: dense.flow.slice(), deposition: dense.deposition.slice() });
    vi.advanceTimersByTime(COVER_RELEASE_MS + 1);
    const heldAtRest = coverBytesHeld(packed);
    expect(heldAtRest).toBeLessThan(texels);
    for (const mode of ['hypsometric', 'natural'] as const) {
      let time = 0;
      const image = new MapTilePixels({ tileSide: 8, mipFactors: [2, 8], now: () => time++ });
      const assembled = new Assembled(field, image);
      image.setCover(packed);
      image.update(field, { kind: 'all' }, mode);
      finish(image, field, assembled);
      expect(coverBytesHeld(packed), mode).toBe(heldAtRest);
      const whole = new Uint8ClampedArray(texels * 4);
      writeMapImageRows(field, whole, mode, range, 0, field.depth, dense);
      expect(sameBytes(assembled.pixels, whole), mode).toBe(true);
      const plain = new Uint8ClampedArray(texels * 4);
      writeMapImageRows(field, plain, mode, range, 0, field.depth, null);
      expect(sameBytes(whole, plain), `${mode}: the cover shows`).toBe(false);
    }
  });
});
