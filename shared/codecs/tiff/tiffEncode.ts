/**
 * GeoTIFF export: one float32 band of heights in metres, little-endian, DEFLATE strips, and a
 * geotransform whose pixel size is the cell size (ModelPixelScale + ModelTiepoint, PixelIsArea):
 * the imported projected CRS and origin where the map came from one, else a local metre grid (an
 * engineering CRS, as GDAL writes a LOCAL_CS) whose top-left corner is 0, 0. Pixel (i, j) is vertex (i, j), as in every heightmap Faultline writes.
 */
import type { Heightfield } from '../../terrain/heightfield';
import { float32LittleEndianBytes } from '../bytes';
import { failFor } from '../errors';
import { assertFiniteHeights, type GeoReference } from '../heightmap';
import { portableDeflate, type Deflate } from '../zlib';

export interface GeoTiffExportOptions {
  geo?: GeoReference;
  deflate?: Deflate;
}

const SHORT = 3;
const LONG = 4;
const DOUBLE = 12;
const TYPE_SIZE: Record<number, number> = { [SHORT]: 2, [LONG]: 4, [DOUBLE]: 8 };
const METRE = 9001;

interface Entry {
  tag: number;
  type: number;
  values: readonly number[];
}

/**
 * GeoKeyDirectory: version 1.1.0, then (key, location 0, count 1, value) per key. A local grid is
 * written as GDAL writes a LOCAL_CS (an engineering CRS): no model type, metres as the linear unit.
 */
function geoKeys(geo: GeoReference | undefined): number[] {
  const keys: Array<[number, number]> = geo
    ? [
        [1024, 1], // GTModelTypeGeoKey: projected
        [1025, 1], // GTRasterTypeGeoKey: PixelIsArea
        [3072, geo.epsg], // ProjectedCSTypeGeoKey
      ]
    : [
        [1025, 1],
        [3076, METRE], // ProjLinearUnitsGeoKey
      ];
  return [1, 1, 0, keys.length, ...keys.flatMap(([key, value]) => [key, 0, 1, value])];
}

export function compileGeoTiff(field: Heightfield, options: GeoTiffExportOptions = {}, fileName = 'heightmap.tif'): Uint8Array {
  assertFiniteHeights(field, fileName);
  const deflate = options.deflate ?? portableDeflate;
  const { width, depth, cellSize, heights } = field;
  const rowsPerStrip = Math.max(1, Math.floor(65536 / (width * 4)));
  const strips: Uint8Array[] = [];
  for (let row = 0; row < depth; row += rowsPerStrip) {
    strips.push(deflate(float32LittleEndianBytes(heights.subarray(row * width, Math.min(depth, row + rowsPerStrip) * width))));
  }
  const originX = options.geo?.originX ?? 0;
  const originY = options.geo?.originY ?? 0;
  const entries: Entry[] = [
    { tag: 256, type: LONG, values: [width] },
    { tag: 257, type: LONG, values: [depth] },
    { tag: 258, type: SHORT, values: [32] },
    { tag: 259, type: SHORT, values: [8] }, // DEFLATE (zlib)
    { tag: 262, type: SHORT, values: [1] }, // BlackIsZero
    { tag: 273, type: LONG, values: strips.map(() => 0) }, // StripOffsets, filled below
    { tag: 277, type: SHORT, values: [1] },
    { tag: 278, type: LONG, values: [rowsPerStrip] },
    { tag: 279, type: LONG, values: strips.map((s) => s.length) },
    { tag: 284, type: SHORT, values: [1] },
    { tag: 339, type: SHORT, values: [3] }, // IEEE float
    { tag: 33550, type: DOUBLE, values: [cellSize, cellSize, 0] }, // ModelPixelScale
    { tag: 33922, type: DOUBLE, values: [0, 0, 0, originX, originY, 0] }, // ModelTiepoint
    { tag: 34735, type: SHORT, values: geoKeys(options.geo) },
  ];
  const ifdSize = 2 + entries.length * 12 + 4;
  let extra = 0;
  for (const e of entries) {
    const size = e.values.length * TYPE_SIZE[e.type];
    if (size > 4) extra += size + (size & 1);
  }
  const dataStart = 8 + ifdSize + extra;
  const total = dataStart + strips.reduce((sum, s) => sum + s.length, 0);
  if (total > 0xffffffff) failFor(fileName)(`a GeoTIFF of ${total} bytes needs BigTIFF, which Faultline does not write`);
  let at = dataStart;
  entries[5] = { ...entries[5], values: strips.map((s) => ((at += s.length), at - s.length)) };

  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  out.set([0x49, 0x49], 0); // II: little-endian
  view.setUint16(2, 42, true);
  view.setUint32(4, 8, true);
  view.setUint16(8, entries.length, true);
  let valueAt = 8 + ifdSize;
  entries.forEach((e, k) => {
    const entryAt = 10 + k * 12;
    view.setUint16(entryAt, e.tag, true);
    view.setUint16(entryAt + 2, e.type, true);
    view.setUint32(entryAt + 4, e.values.length, true);
    const size = e.values.length * TYPE_SIZE[e.type];
    let target = entryAt + 8;
    if (size > 4) {
      view.setUint32(entryAt + 8, valueAt, true);
      target = valueAt;
      valueAt += size + (size & 1);
    }
    e.values.forEach((v, i) => {
      const o = target + i * TYPE_SIZE[e.type];
      if (e.type === SHORT) view.setUint16(o, v, true);
      else if (e.type === LONG) view.setUint32(o, v, true);
      else view.setFloat64(o, v, true);
    });
  });
  view.setUint32(10 + entries.length * 12, 0, true); // no next directory
  let stripAt = dataStart;
  for (const strip of strips) {
    out.set(strip, stripAt);
    stripAt += strip.length;
  }
  return out;
}
