/** Heightmap PNG: grayscale 8/16-bit export with scale text chunks; import of any PNG. */
import type { Heightfield } from '../terrain/heightfield';
import { checkedExportRange, metadataFromText, METADATA_KEYS, quantiseHeights, quantiseScale, type DecodedHeightmap, type ExportRange } from './heightmap';
import { decodePng, type PngDecodeOptions } from './png/decode';
import { assembleGrayPng, encodeGrayPng, filterUp16FromHeights, type GrayPngImage } from './png/encode';
import type { FilterName } from './png/filters';
import type { Deflate } from './zlib';

export const SOFTWARE_NAME = 'Faultline';

export interface PngHeightmapExportOptions {
  bits?: 8 | 16;
  range?: ExportRange;
  filter?: FilterName;
  deflate?: Deflate;
}

export function parsePngHeightmap(bytes: Uint8Array, fileName: string, options: PngDecodeOptions = {}): DecodedHeightmap {
  const png = decodePng(bytes, fileName, options);
  return {
    format: 'png',
    width: png.width,
    depth: png.height,
    bitDepth: png.bitDepth,
    colourType: png.colourType,
    samples: png.samples,
    maxSample: png.maxSample,
    metadata: { ...metadataFromText(png.text), ...(png.textOmitted > 0 ? { textOmitted: png.textOmitted } : {}) },
  };
}

/** What a heightmap PNG holds besides its rows: size, depth and the scale text chunks. */
export function pngHeightmapImage(
  field: Heightfield,
  range: { min: number; max: number },
  bits: 8 | 16,
): Pick<GrayPngImage, 'width' | 'height' | 'bitDepth' | 'text'> {
  return {
    width: field.width,
    height: field.depth,
    bitDepth: bits,
    text: [
      [METADATA_KEYS.heightMin, String(range.min)],
      [METADATA_KEYS.heightMax, String(range.max)],
      [METADATA_KEYS.cellSize, String(field.cellSize)],
      ['Software', SOFTWARE_NAME],
    ],
  };
}

/** The export range of `field` (auto or given), refused (CodecError naming the file) when unusable. */
export function pngHeightmapRange(field: Heightfield, range: ExportRange | undefined, fileName: string): { min: number; max: number } {
  return checkedExportRange(field, range, fileName);
}

export function compilePngHeightmap(field: Heightfield, options: PngHeightmapExportOptions = {}, fileName = 'heightmap.png'): Uint8Array {
  const bits = options.bits ?? 16;
  const range = pngHeightmapRange(field, options.range, fileName);
  const maxSample = bits === 16 ? 65535 : 255;
  const image = pngHeightmapImage(field, range, bits);
  if (bits === 16 && (options.filter ?? 'up') === 'up') {
    // The default export: quantised and filtered in one pass (see filterUp16FromHeights).
    const filtered = filterUp16FromHeights(field.heights, field.width, field.depth, range.min, quantiseScale(range.min, range.max, maxSample));
    return assembleGrayPng(image, filtered, options.deflate);
  }
  const samples = bits === 16 ? new Uint16Array(field.heights.length) : new Uint8Array(field.heights.length);
  quantiseHeights(field.heights, range.min, range.max, maxSample, samples);
  return encodeGrayPng({ ...image, samples }, { filter: options.filter, deflate: options.deflate });
}
