/**
 * Output writers for `faultline generate --out FILE`, chosen by the file's extension. Each format
 * registers once here; later formats (.png, .r16, .obj, .glb, .faultline) add an entry, nothing else.
 */
import type { Heightfield } from '../../shared/terrain/heightfield';

export interface OutputFormat {
  /** Lower-case, with the dot: '.r32'. */
  extension: string;
  /** One line for --help. */
  description: string;
  encode(field: Heightfield): Uint8Array;
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

const littleEndianHost = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Raw float32 little-endian heights in metres, row-major (index j·width + i), no header. */
export function encodeR32(field: Heightfield): Uint8Array {
  const { heights } = field;
  if (littleEndianHost) return new Uint8Array(heights.buffer, heights.byteOffset, heights.byteLength);
  const bytes = new Uint8Array(heights.length * 4);
  const view = new DataView(bytes.buffer);
  for (let k = 0; k < heights.length; k++) view.setFloat32(k * 4, heights[k], true);
  return bytes;
}

registerOutputFormat({
  extension: '.r32',
  description: 'raw float32 little-endian heights in metres, row-major (j·width + i), no header',
  encode: encodeR32,
});
