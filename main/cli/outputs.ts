/**
 * Output writers for `faultline generate --out FILE`, chosen by the file's extension. Each format
 * registers once here; later formats (.png, .r16, .obj, .glb, .faultline) add an entry, nothing else.
 */
import { exrCodec, type ExrCompression } from '../../shared/codecs/exr';
import { compileGlb } from '../../shared/codecs/glb';
import { compileObj } from '../../shared/codecs/obj';
import { compilePngHeightmap } from '../../shared/codecs/png-heightmap';
import { compileProject } from '../../shared/codecs/project';
import { compileR16, compileR32 } from '../../shared/codecs/raw';
import { assertFiniteHeights, type ExportRange } from '../../shared/codecs/heightmap';
import { float32LittleEndianBytes } from '../../shared/codecs/bytes';
import type { ByteOrder } from '../../shared/codecs/raw';
import type { FaultRecipe } from '../../shared/fault/recipe';
import type { JsonObject } from '../../shared/codecs/json';
import type { Heightfield } from '../../shared/terrain/heightfield';

/** How to write: options of `faultline export` and what a project file should carry. Absent = defaults. */
export interface OutputOptions {
  /** PNG sample depth (default 16). */
  bits?: 8 | 16;
  /** PNG and R16: 'auto' (the map's min..max, default) or a fixed range. */
  range?: ExportRange;
  /** R16 (default little-endian). */
  byteOrder?: ByteOrder;
  /** RAW: store the rows last to first. */
  flip?: boolean;
  /** .faultline: the recipe that made the heights, or null; props to keep. */
  recipe?: FaultRecipe | null;
  /** .faultline: the steps after the recipe (continued runs, filters, erosion). */
  history?: JsonObject[];
  props?: JsonObject[];
  /** .exr: 'zip' (default) or 'none'. */
  exrCompression?: ExrCompression;
  /** Names the file in codec errors. */
  fileName?: string;
}

export interface OutputFormat {
  /** Lower-case, with the dot: '.r32'. */
  extension: string;
  /** One line for --help. */
  description: string;
  encode(field: Heightfield, options?: OutputOptions): Uint8Array;
}

const formats = new Map<string, OutputFormat>();

export function registerOutputFormat(format: OutputFormat): void {
  if (formats.has(format.extension)) throw new Error(`output format ${format.extension} is registered twice`);
  formats.set(format.extension, format);
}

/** The extension of a path, lower-case with the dot ('' when there is none). */
export function extensionOf(path: string): string {
  const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

export function outputFormatFor(path: string): OutputFormat | undefined {
  return formats.get(extensionOf(path));
}

export function outputFormats(): OutputFormat[] {
  return [...formats.values()];
}

/** Raw float32 little-endian heights in metres, row-major (index j·width + i), no header. */
export function encodeR32(field: Heightfield, fileName = 'heightmap.r32'): Uint8Array {
  assertFiniteHeights(field, fileName);
  return float32LittleEndianBytes(field.heights);
}

registerOutputFormat({
  extension: '.r32',
  description: 'raw float32 little-endian heights in metres, row-major (j·width + i), no header',
  encode: (field, options = {}) => (options.flip ? compileR32(field, { flip: true }, options.fileName) : encodeR32(field, options.fileName)),
});

registerOutputFormat({
  extension: '.png',
  description: 'grayscale PNG, 16-bit (or --bits 8), range and cell size in text chunks',
  encode: (field, options = {}) => compilePngHeightmap(field, { bits: options.bits ?? 16, range: options.range }, options.fileName),
});

registerOutputFormat({
  extension: '.r16',
  description: 'raw unsigned 16-bit samples of the height range, little-endian (or --byte-order be)',
  encode: (field, options = {}) => compileR16(field, { range: options.range, byteOrder: options.byteOrder, flip: options.flip }, options.fileName),
});

registerOutputFormat({
  extension: `.${exrCodec.extensions[0]}`,
  description: 'OpenEXR, one float32 channel "Y" of heights in metres, ZIP (or --exr-compression none)',
  encode: (field, options = {}) => exrCodec.compile(field, { compression: options.exrCompression }, options.fileName),
});

registerOutputFormat({
  extension: '.obj',
  description: 'Wavefront OBJ mesh of the drawn triangles, metres, y up, with normals',
  encode: (field, options = {}) => compileObj(field, undefined, options.fileName),
});

registerOutputFormat({
  extension: '.glb',
  description: 'binary glTF 2.0 mesh of the drawn triangles, metres, y up, with normals',
  encode: (field, options = {}) => compileGlb(field, {}, options.fileName),
});

registerOutputFormat({
  extension: '.faultline',
  description: 'Faultline project: heights bit for bit, size, cell size, the recipe and its steps',
  encode: (field, options = {}) =>
    compileProject({ field, recipe: options.recipe ?? null, history: options.history ?? [], props: options.props ?? [], view: {} }, {}, options.fileName),
});
