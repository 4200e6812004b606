import type { Page } from '@playwright/test';

// One PNG decoder for the image measures: screenshots cross into the page as base64 and are decoded
// there by the browser's own decoder (createImageBitmap), so no PNG package is needed in Node.

/** A decoded PNG: RGBA bytes, row-major, top row first. */
export interface DecodedPng {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

declare global {
  interface Window {
    /** Decodes a base64 PNG in the page (installed by the e2e fixtures before the app's scripts). */
    __faultlineDecodePng(base64: string, centre?: { width: number; height: number }): Promise<DecodedPng>;
  }
}

/** Installs `window.__faultlineDecodePng` in `page` for every document it loads. */
export async function installPngDecoder(page: Page): Promise<void> {
  await page.addInitScript(() => {
    // `centre`: only the image's central width × height pixels (from ⌊(image − part) / 2⌋ on each axis).
    window.__faultlineDecodePng = async (base64: string, centre?: { width: number; height: number }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2D context to decode a PNG');
      context.drawImage(bitmap, 0, 0);
      const { width, height } = centre ?? bitmap;
      const x0 = centre ? Math.floor(bitmap.width / 2 - width / 2) : 0;
      const y0 = centre ? Math.floor(bitmap.height / 2 - height / 2) : 0;
      bitmap.close();
      return { width, height, data: context.getImageData(x0, y0, width, height).data };
    };
  });
}
