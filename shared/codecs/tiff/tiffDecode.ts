/**
 * GeoTIFF/TIFF heightmaps through the geotiff package: float32/64, signed and unsigned 8/16/32-bit
 * samples, none/LZW/DEFLATE/PackBits, predictors, strips or tiles, both byte orders, BigTIFF. The
 * first sample of the first image is the height, in the file's units as stored (unsigned 16-bit:
 * linear over a range, 0..65535 m unless one is given). Nodata (GDAL_NODATA, and non-finite floats)
 * is filled from the heights around it; the cell size comes from the geotransform (geographic
 * degrees converted at the centre latitude and resampled to square cells). Everything done is said
 * in the metadata's text entries (`faultline info`, the import dialog).
 */
import { fromArrayBuffer, type GeoTIFFImage } from 'geotiff';
import { CodecError, failFor } from '../errors';
import type { DecodedHeightmap, GeoReference } from '../heightmap';
import { assertRasterSize, fillHoles, fitRaster } from '../rasterRepair';
import { BlockError, createBlockDecoder } from './blockDecoders';
import { measureTiff } from './tiffStructure';

export interface TiffReadOptions {
  /** Vertices along the longer side after resampling (bilinear, corners kept); needed above MAX_MAP_SIDE. */
  resample?: number;
}

const COMPRESSIONS: Record<number, string> = { 1: 'none', 5: 'LZW', 8: 'DEFLATE', 32946: 'DEFLATE', 32773: 'PackBits' };
const LINEAR_UNITS: Record<number, { name: string; metres: number }> = {
  9001: { name: 'metre', metres: 1 },
  9002: { name: 'foot', metres: 0.3048 },
  9003: { name: 'US survey foot', metres: 1200 / 3937 },
};
const USER_DEFINED = 32767;

/** WGS 84 metres per degree of longitude and latitude at latitude φ (degrees). */
export function metresPerDegree(latitude: number): { x: number; y: number } {
  const a = 6378137;
  const e2 = 0.00669437999014;
  const phi = (latitude * Math.PI) / 180;
  const s = Math.sin(phi);
  const w = Math.sqrt(1 - e2 * s * s);
  return { x: (Math.PI / 180) * ((a * Math.cos(phi)) / w), y: (Math.PI / 180) * ((a * (1 - e2)) / (w * w * w)) };
}

interface GeoFacts {
  /** Metres between vertices along x and y; undefined without a geotransform. */
  dx?: number;
  dy?: number;
  geo?: GeoReference;
  text: Record<string, string>;
}

function geoFacts(image: GeoTIFFImage, depth: number): GeoFacts {
  const text: Record<string, string> = {};
  let resolution: number[];
  let origin: number[];
  try {
    resolution = image.getResolution();
    origin = image.getOrigin();
  } catch {
    text.geotransform = 'none (cell size as given, else 1 m)';
    return { text };
  }
  const keys = (image.getGeoKeys() ?? {}) as Record<string, number | undefined>;
  const resX = Math.abs(resolution[0]);
  const resY = Math.abs(resolution[1]);
  if (!(resX > 0) || !(resY > 0) || !Number.isFinite(resX) || !Number.isFinite(resY)) {
    text.geotransform = `unusable pixel size ${resolution[0]} × ${resolution[1]} (cell size as given, else 1 m)`;
    return { text };
  }
  const geographic = keys.GTModelTypeGeoKey === 2;
  if (geographic) {
    const epsg = keys.GeographicTypeGeoKey;
    // The map's centre latitude: the origin is the top-left corner, rows go south.
    const centre = origin[1] - (resY * depth) / 2;
    const perDegree = metresPerDegree(centre);
    text.crs = epsg !== undefined && epsg !== USER_DEFINED ? `EPSG:${epsg} (geographic)` : 'geographic (user-defined)';
    text.geotransform =
      `${resX}° × ${resY}° per pixel, at ${centre.toFixed(4)}° latitude ${(resX * perDegree.x).toFixed(3)} ` + `× ${(resY * perDegree.y).toFixed(3)} m`;
    return { dx: resX * perDegree.x, dy: resY * perDegree.y, text };
  }
  const epsg = keys.ProjectedCSTypeGeoKey;
  const unitCode = keys.ProjLinearUnitsGeoKey ?? 9001;
  const unit = LINEAR_UNITS[unitCode];
  text.crs =
    epsg !== undefined && epsg !== USER_DEFINED
      ? `EPSG:${epsg}`
      : keys.GTModelTypeGeoKey === 1
        ? 'projected (user-defined)'
        : keys.ProjLinearUnitsGeoKey !== undefined
          ? 'local grid'
          : 'none given (taken as metres)';
  if (!unit) {
    text.geotransform = `${resX} × ${resY} per pixel in linear unit ${unitCode}, which Faultline does not know (cell size as given, else 1 m)`;
    return { text };
  }
  text.geotransform = `${resX} × ${resY} ${unit.name === 'metre' ? 'm' : unit.name} per pixel`;
  const geo: GeoReference | undefined =
    epsg !== undefined && epsg !== USER_DEFINED && unit.metres === 1 ? { epsg, originX: origin[0], originY: origin[1] } : undefined;
  return { dx: resX * unit.metres, dy: resY * unit.metres, geo, text };
}

/** Where a sample is no height (the nodata value as float32, or not finite); null when there is none. */
function holesOf(values: Float32Array, nodata: number | null): { holes: Uint8Array; count: number } | null {
  const marker = nodata === null ? NaN : Math.fround(nodata);
  const isHole = (v: number): boolean => v === marker || v - v !== 0; // v − v is NaN for NaN and ±Infinity
  let first = -1;
  for (let k = 0; k < values.length; k++) {
    if (isHole(values[k])) {
      first = k;
      break;
    }
  }
  if (first < 0) return null;
  const holes = new Uint8Array(values.length);
  let count = 0;
  for (let k = first; k < values.length; k++) {
    if (isHole(values[k])) {
      holes[k] = 1;
      count++;
    }
  }
  return { holes, count };
}

type SampleArray = Float32Array | Float64Array | Int8Array | Uint8Array | Int16Array | Uint16Array | Int32Array | Uint32Array;
const ARRAY_TYPES: Record<string, new (buffer: ArrayBufferLike, offset: number, length: number) => SampleArray> = {
  float32: Float32Array,
  float64: Float64Array,
  int8: Int8Array,
  uint8: Uint8Array,
  int16: Int16Array,
  uint16: Uint16Array,
  int32: Int32Array,
  uint32: Uint32Array,
};

/**
 * The first sample of every pixel as float32, block by block through geotiff's getTileOrStrip (its
 * fetch, decompressor and predictor): a little-endian single-sample block is copied row by row as a
 * typed array (geotiff's readRasters reads each value through a DataView call, most of an import's time).
 */
async function readFirstSample(image: GeoTIFFImage, compression: number, sampleFormat: number, bits: number, littleEndian: boolean): Promise<Float32Array> {
  const width = image.getWidth();
  const depth = image.getHeight();
  const tileWidth = image.getTileWidth();
  const tileHeight = image.getTileHeight();
  const directory = image.getFileDirectory();
  const samplesPerPixel = image.getSamplesPerPixel();
  const planar = Number(directory.getValue('PlanarConfiguration') ?? 1);
  const bitsPerSample = directory.getValue('BitsPerSample') as number | number[];
  const decoder = createBlockDecoder(
    compression,
    { tileWidth, tileHeight, planarConfiguration: planar, bitsPerSample, predictor: Number((await directory.loadValue('Predictor')) ?? 1) },
    littleEndian,
  );
  const bytesPerSample = bits / 8;
  const stride = planar === 2 ? 1 : samplesPerPixel;
  const type = `${sampleFormat === 3 ? 'float' : sampleFormat === 2 ? 'int' : 'uint'}${bits}`;
  const out = new Float32Array(width * depth);
  const across = Math.ceil(width / tileWidth);
  const down = Math.ceil(depth / tileHeight);
  for (let by = 0; by < down; by++) {
    for (let bx = 0; bx < across; bx++) {
      const { data } = await image.getTileOrStrip(bx, by, 0, decoder);
      const x0 = bx * tileWidth;
      const y0 = by * tileHeight;
      const columns = Math.min(tileWidth, width - x0);
      const rows = Math.min(tileHeight, depth - y0);
      const rowBytes = tileWidth * stride * bytesPerSample;
      if (data.byteLength < (rows - 1) * rowBytes + columns * stride * bytesPerSample)
        throw new BlockError(`holds ${data.byteLength} bytes, fewer than its ${columns} × ${rows} pixels`);
      if (littleEndian && stride === 1) {
        const typed = new ARRAY_TYPES[type](data, 0, Math.floor(data.byteLength / bytesPerSample));
        for (let r = 0; r < rows; r++) out.set(typed.subarray(r * tileWidth, r * tileWidth + columns), (y0 + r) * width + x0);
        continue;
      }
      const view = new DataView(data);
      const read = sampleReader(view, type, littleEndian);
      for (let r = 0; r < rows; r++) {
        const row = (y0 + r) * width + x0;
        for (let c = 0; c < columns; c++) out[row + c] = read(r * rowBytes + c * stride * bytesPerSample);
      }
    }
  }
  return out;
}

function sampleReader(view: DataView, type: string, littleEndian: boolean): (at: number) => number {
  switch (type) {
    case 'float32':
      return (at) => view.getFloat32(at, littleEndian);
    case 'float64':
      return (at) => view.getFloat64(at, littleEndian);
    case 'int8':
      return (at) => view.getInt8(at);
    case 'uint8':
      return (at) => view.getUint8(at);
    case 'int16':
      return (at) => view.getInt16(at, littleEndian);
    case 'uint16':
      return (at) => view.getUint16(at, littleEndian);
    case 'int32':
      return (at) => view.getInt32(at, littleEndian);
    default:
      return (at) => view.getUint32(at, littleEndian);
  }
}

function sampleDescription(format: number, bits: number): string | null {
  if (format === 3 && (bits === 32 || bits === 64)) return `float${bits}`;
  if (format === 2 && (bits === 8 || bits === 16 || bits === 32)) return `int${bits}`;
  if (format === 1 && (bits === 8 || bits === 16 || bits === 32)) return `uint${bits}`;
  return null;
}

export async function decodeTiffHeightmap(bytes: Uint8Array, fileName: string, options: TiffReadOptions = {}): Promise<DecodedHeightmap> {
  try {
    return await decodeTiff(bytes, fileName, options);
  } catch (error) {
    // geotiff's own throws (a mutated directory, geo keys, tag values) become the one-line refusal.
    if (error instanceof CodecError) throw error;
    return failFor(fileName)(`is not a TIFF Faultline can read (${reasonOf(error)})`);
  }
}

async function decodeTiff(bytes: Uint8Array, fileName: string, options: TiffReadOptions): Promise<DecodedHeightmap> {
  const fail = failFor(fileName);
  const layout = measureTiff(bytes);
  if (typeof layout === 'string') return fail(layout);
  const buffer = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer : bytes.slice().buffer;
  let image: GeoTIFFImage;
  try {
    image = await (await fromArrayBuffer(buffer as ArrayBuffer)).getImage(0);
  } catch (error) {
    return fail(`is not a TIFF Faultline can read (${reasonOf(error)})`);
  }
  const width = image.getWidth();
  const depth = image.getHeight();
  const directory = image.getFileDirectory();
  const compression = Number(directory.getValue('Compression') ?? 1);
  if (COMPRESSIONS[compression] === undefined) fail(`uses TIFF compression ${compression}; Faultline reads none, LZW, DEFLATE and PackBits`);
  const bits = image.getBitsPerSample(0);
  const sampleFormat = Number(image.getSampleFormat(0) ?? 1);
  const sample =
    sampleDescription(sampleFormat, bits) ??
    fail(`has ${bits}-bit samples of format ${sampleFormat}; Faultline reads float32/64 and 8-, 16- and 32-bit integers`);
  const resample = options.resample;
  assertRasterSize(width, depth, resample, fail);
  await assertBlocksInFile(image, bytes.length, fail);
  const facts = geoFacts(image, depth);

  let values: Float32Array;
  try {
    values = await readFirstSample(image, compression, sampleFormat, bits, layout.littleEndian);
  } catch (error) {
    return fail(
      error instanceof BlockError ? `has a corrupt ${COMPRESSIONS[compression]} block (${error.message})` : `could not be decoded (${reasonOf(error)})`,
    );
  }

  const text: Record<string, string> = { sample, compression: COMPRESSIONS[compression], ...facts.text };
  if (image.getSamplesPerPixel() > 1) text.bands = `${image.getSamplesPerPixel()} samples per pixel: the first is the height`;
  const nodata = image.getGDALNoData();
  const holes = holesOf(values, nodata);
  if (holes) {
    if (!fillHoles(values, width, depth, holes.holes)) fail(`has no heights: every sample is nodata${nodata === null ? '' : ` (${nodata})`}`);
    text.nodata = `${nodata ?? 'not a number'}: ${holes.count} sample${holes.count === 1 ? '' : 's'} filled from the heights around them`;
  } else if (nodata !== null) {
    text.nodata = `${nodata}: none in the file`;
  }

  const fitted = fitRaster(values, width, depth, facts, resample, fail);
  if (fitted.resampled !== undefined) text.resampled = fitted.resampled;
  const cellSize = fitted.cellSize;
  if (cellSize !== undefined) text.cellSize = String(cellSize);
  // A resampled projected map keeps its CRS and top-left corner.
  const geo = facts.geo;

  const unsigned16 = sample === 'uint16';
  if (unsigned16) text.scale = 'unsigned 16-bit: height = min + sample / 65535 · (max − min), 0..65535 m unless a range is given';
  return {
    format: 'tiff',
    width: fitted.width,
    depth: fitted.depth,
    bitDepth: bits,
    samples: fitted.values,
    ...(unsigned16 ? { maxSample: 65535 } : {}),
    metadata: { ...(unsigned16 ? { heightMin: 0, heightMax: 65535 } : {}), ...(cellSize !== undefined ? { cellSize } : {}), text },
    ...(geo ? { geo } : {}),
  };
}

/** Every strip or tile the image needs is listed and lies within the file (geotiff would read past it as zeros). */
async function assertBlocksInFile(image: GeoTIFFImage, fileSize: number, fail: (problem: string) => never): Promise<void> {
  const directory = image.getFileDirectory();
  const tiled = image.isTiled;
  const across = Math.ceil(image.getWidth() / image.getTileWidth());
  const down = Math.ceil(image.getHeight() / image.getTileHeight());
  const planes = Number(directory.getValue('PlanarConfiguration') ?? 1) === 2 ? image.getSamplesPerPixel() : 1;
  const needed = across * down * planes;
  // A block is made whole before it is cut to the image: a tile far larger than the image is refused.
  const tileArea = image.getTileWidth() * image.getTileHeight();
  if (tiled && tileArea > 4 * Math.max(image.getWidth() * image.getHeight(), 256 * 256))
    fail(`declares tiles of ${image.getTileWidth()} × ${image.getTileHeight()}, far larger than its ${image.getWidth()} × ${image.getHeight()} image`);
  const offsets = (await directory.loadValue(tiled ? 'TileOffsets' : 'StripOffsets')) as ArrayLike<number | bigint> | number | undefined;
  const counts = (await directory.loadValue(tiled ? 'TileByteCounts' : 'StripByteCounts')) as ArrayLike<number | bigint> | number | undefined;
  const list = (value: ArrayLike<number | bigint> | number | undefined): ArrayLike<number | bigint> =>
    value === undefined ? [] : typeof value === 'number' ? [value] : value;
  const offsetList = list(offsets);
  const countList = list(counts);
  if (offsetList.length < needed || countList.length < needed)
    fail(`is corrupt: it lists ${Math.min(offsetList.length, countList.length)} ${tiled ? 'tiles' : 'strips'} of the ${needed} its size needs`);
  // Only the blocks the first sample reads (planar images list the other planes after them).
  for (let k = 0; k < across * down; k++) {
    const end = Number(offsetList[k]) + Number(countList[k]);
    if (end > fileSize) fail(`is truncated: ${tiled ? 'tile' : 'strip'} ${k} ends at byte ${end}, past its ${fileSize} bytes`);
  }
}

function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0].slice(0, 200);
}
