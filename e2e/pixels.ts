import { expect, type Locator, type Page } from '@playwright/test';

export interface PixelStats {
  width: number;
  height: number;
  distinctColours: number;
  /** Share of pixels that differ from the given background colour by more than a few levels. */
  foregroundShare: number;
  lumaStdDev: number;
  /** The box round the foreground pixels, element CSS pixels (device scale 1), max inclusive; all −1 without any. */
  foregroundBox: { minX: number; minY: number; maxX: number; maxY: number };
  /** RGBA of the requested sample points (element CSS pixels, device scale 1). */
  samples: number[][];
}

/** Screenshots an element and measures its pixels in the page (the PNG decoded there: e2e/pngDecoder.ts). */
export async function pixelStats(
  page: Page,
  element: Locator,
  background: [number, number, number],
  samplePoints: Array<[number, number]> = [],
): Promise<PixelStats> {
  const png = (await element.screenshot()).toString('base64');
  return page.evaluate(
    async ({ data, bg, points }) => {
      const bitmap = await window.__faultlineDecodePng(data);
      const pixels = bitmap.data;
      const colours = new Set<number>();
      let foreground = 0;
      const box = { minX: -1, minY: -1, maxX: -1, maxY: -1 };
      let sum = 0;
      let sumSq = 0;
      const n = bitmap.width * bitmap.height;
      for (let p = 0; p < pixels.length; p += 4) {
        const [r, g, b] = [pixels[p], pixels[p + 1], pixels[p + 2]];
        colours.add((r << 16) | (g << 8) | b);
        if (Math.abs(r - bg[0]) + Math.abs(g - bg[1]) + Math.abs(b - bg[2]) > 12) {
          foreground++;
          const x = (p / 4) % bitmap.width;
          const y = Math.floor(p / 4 / bitmap.width);
          box.minX = box.minX < 0 ? x : Math.min(box.minX, x);
          box.minY = box.minY < 0 ? y : box.minY;
          box.maxX = Math.max(box.maxX, x);
          box.maxY = y;
        }
        const luma = 0.299 * r + 0.587 * g + 0.114 * b;
        sum += luma;
        sumSq += luma * luma;
      }
      const mean = sum / n;
      const samples = points.map(([x, y]) => {
        const p = (Math.floor(y) * bitmap.width + Math.floor(x)) * 4;
        return [pixels[p], pixels[p + 1], pixels[p + 2], pixels[p + 3]];
      });
      return {
        width: bitmap.width,
        height: bitmap.height,
        distinctColours: colours.size,
        foregroundShare: foreground / n,
        foregroundBox: box,
        lumaStdDev: Math.sqrt(Math.max(0, sumSq / n - mean * mean)),
        samples,
      };
    },
    { data: png, bg: background, points: samplePoints },
  );
}

export interface PixelDifference {
  /** Share of pixels whose RGB differ by more than `tolerance` (sum of absolute channel differences). */
  differingShare: number;
  /** Bounding box (image pixels) of the differing pixels, or null when none differ. */
  box: { x0: number; y0: number; x1: number; y1: number } | null;
}

/** Compares two same-sized PNG screenshots pixel by pixel (decoded in the page). */
export async function pixelDifference(page: Page, a: Buffer, b: Buffer, tolerance = 12): Promise<PixelDifference> {
  return page.evaluate(
    async ({ first, second, limit }) => {
      const decode = async (data: string) => {
        const { width, height, data: pixels } = await window.__faultlineDecodePng(data);
        return { width, height, pixels };
      };
      const [p, q] = await Promise.all([decode(first), decode(second)]);
      if (p.width !== q.width || p.height !== q.height) throw new Error(`screenshots differ in size: ${p.width}×${p.height} vs ${q.width}×${q.height}`);
      let differing = 0;
      let box: { x0: number; y0: number; x1: number; y1: number } | null = null;
      for (let y = 0; y < p.height; y++) {
        for (let x = 0; x < p.width; x++) {
          const o = (y * p.width + x) * 4;
          const d = Math.abs(p.pixels[o] - q.pixels[o]) + Math.abs(p.pixels[o + 1] - q.pixels[o + 1]) + Math.abs(p.pixels[o + 2] - q.pixels[o + 2]);
          if (d <= limit) continue;
          differing++;
          box = box ? { x0: Math.min(box.x0, x), y0: Math.min(box.y0, y), x1: Math.max(box.x1, x), y1: Math.max(box.y1, y) } : { x0: x, y0: y, x1: x, y1: y };
        }
      }
      return { differingShare: differing / (p.width * p.height), box };
    },
    { first: a.toString('base64'), second: b.toString('base64'), limit: tolerance },
  );
}

/**
 * Share of an element's pixels that are not sky (light, bluish-grey, low saturation: the 3D view's
 * sky and haze), i.e. terrain, water or props: how much of the 3D view the land covers.
 */
export async function groundShare(page: Page, element: Locator): Promise<number> {
  const png = (await element.screenshot()).toString('base64');
  return page.evaluate(async (data) => {
    const bitmap = await window.__faultlineDecodePng(data);
    const px = bitmap.data;
    let ground = 0;
    for (let p = 0; p < px.length; p += 4) {
      const [r, g, b] = [px[p], px[p + 1], px[p + 2]];
      const sky = 0.299 * r + 0.587 * g + 0.114 * b > 140 && b >= r && b - r < 60 && Math.max(r, g, b) - Math.min(r, g, b) < 70;
      if (!sky) ground++;
    }
    return ground / (bitmap.width * bitmap.height);
  }, png);
}

/** Screenshot of the 3D viewport once it has drawn the current version, with its lighting, and the pointer is away. */
export async function viewportShot(page: Page): Promise<Buffer> {
  await page.mouse.move(0, 0);
  const viewport = page.getByTestId('viewport-3d');
  await expect(viewport).toHaveAttribute('data-drawn-version', /\d/);
  // The terrain's shadows and occlusion are computed after it is drawn: wait until they are in.
  await expect(viewport).toHaveAttribute('data-lighting', 'ready');
  // Two animation frames: the last frame the viewport asked for is on screen.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return viewport.screenshot();
}

/** Per sampled row of an element's screenshot: the largest luma change between neighbouring pixels and over `span` pixels. */
export interface RowSteps {
  y: number;
  onePixel: number;
  overSpan: number;
}

/**
 * The luma steps of `rows` rows spread over the middle of an element (its middle 60 %, away from
 * controls in its corners), each over the middle 80 % of its width: how a magnified image changes
 * between neighbouring screen pixels compared with over one cell (`span` pixels).
 */
export async function rowSteps(page: Page, element: Locator, span: number, rows = 24): Promise<RowSteps[]> {
  const png = (await element.screenshot()).toString('base64');
  return page.evaluate(
    async ({ data, step, count }) => {
      const bitmap = await window.__faultlineDecodePng(data);
      const px = bitmap.data;
      const luma = (x: number, y: number) => {
        const p = (y * bitmap.width + x) * 4;
        return 0.299 * px[p] + 0.587 * px[p + 1] + 0.114 * px[p + 2];
      };
      const out: { y: number; onePixel: number; overSpan: number }[] = [];
      const x0 = Math.floor(bitmap.width * 0.1);
      const x1 = Math.floor(bitmap.width * 0.9);
      for (let r = 0; r < count; r++) {
        const y = Math.floor(bitmap.height * (0.2 + (0.6 * r) / Math.max(1, count - 1)));
        let onePixel = 0;
        let overSpan = 0;
        for (let x = x0; x + 1 < x1; x++) {
          onePixel = Math.max(onePixel, Math.abs(luma(x + 1, y) - luma(x, y)));
          if (x + step < x1) overSpan = Math.max(overSpan, Math.abs(luma(x + step, y) - luma(x, y)));
        }
        out.push({ y, onePixel, overSpan });
      }
      return out;
    },
    { data: png, step: span, count: rows },
  );
}
