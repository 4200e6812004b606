/**
 * TIFF block decompressors that never make more than the block can hold: LZW, DEFLATE and PackBits,
 * as geotiff decoders (its BaseDecoder: the predictor step kept) that the reader hands to geotiff's
 * getTileOrStrip, which keeps geotiff's IFD, byte-order and tile handling while bounding a hostile
 * block's output (geotiff's own inflate and LZW grow without limit) and making LZW fast (geotiff's
 * builds a JS array per byte).
 */
import { Unzlib, unzlibSync } from 'fflate';
import { BaseDecoder } from 'geotiff';

type BaseDecoderParameters = ConstructorParameters<typeof BaseDecoder>[0];

/** Thrown for a block that is corrupt or larger than its tile or strip. */
export class BlockError extends Error {}

/** The most bytes one block (a strip or a tile) can decompress to. */
export function blockCapacity(parameters: BaseDecoderParameters): number {
  const bits = typeof parameters.bitsPerSample === 'number' ? [parameters.bitsPerSample] : Array.from(parameters.bitsPerSample);
  const bitsPerPixel = parameters.planarConfiguration === 2 ? Math.max(...bits) : bits.reduce((sum, b) => sum + b, 0);
  return Math.ceil((parameters.tileWidth * bitsPerPixel) / 8) * parameters.tileHeight;
}

/** TIFF LZW (MSB-first codes of 9–12 bits, early change), into at most `capacity` bytes. */
export function lzwDecode(input: Uint8Array, capacity: number): Uint8Array {
  const out = new Uint8Array(capacity);
  // Each code's string is a run of the output already written: its start and length.
  const start = new Int32Array(4096);
  const length = new Int32Array(4096);
  let produced = 0;
  let width = 9;
  let next = 258;
  let previous = -1;
  let previousLength = 0;
  let bitBuffer = 0;
  let bitCount = 0;
  let at = 0;
  for (;;) {
    while (bitCount < width) {
      if (at >= input.length) return out.subarray(0, produced); // no EOI: what was there
      bitBuffer = ((bitBuffer << 8) | input[at++]) & 0xffffff;
      bitCount += 8;
    }
    const code = (bitBuffer >>> (bitCount - width)) & ((1 << width) - 1);
    bitCount -= width;
    if (code === 257) break;
    if (code === 256) {
      width = 9;
      next = 258;
      previous = -1;
      continue;
    }
    const from = produced;
    let size: number;
    if (code < 256) {
      if (produced >= capacity) throw new BlockError('more data than the block holds');
      out[produced++] = code;
      size = 1;
    } else if (code < next || (code === next && previous >= 0)) {
      size = code < next ? length[code] : previousLength + 1;
      if (produced + size > capacity) throw new BlockError('more data than the block holds');
      const source = code < next ? start[code] : from - previousLength;
      // Byte by byte: the string may run into itself (code === next: previous + its first byte).
      for (let k = 0; k < size; k++) out[produced + k] = out[source + k];
      if (code === next) out[produced + size - 1] = out[source];
      produced += size;
    } else {
      throw new BlockError(`LZW code ${code} before it was defined`);
    }
    if (previous >= 0 && next < 4096) {
      // previous's string followed by this one's first byte: the run just before and at `from`.
      start[next] = from - previousLength;
      length[next] = previousLength + 1;
      next++;
      if (next + 1 >= 1 << width && width < 12) width++;
    }
    previous = code;
    previousLength = size;
  }
  return out.subarray(0, produced);
}

/** Largest compressed block inflated in one call into a buffer of its own size (see inflateAtMost). */
const ONE_CALL_INPUT = 256 * 1024;

/**
 * zlib data into at most `capacity` bytes. A block of up to 256 KiB is inflated in one call straight
 * into a buffer one byte larger than the block may be (fflate writes nothing past a buffer it is
 * given, and a result that fills the spare byte is too long): deflate's 1032:1 limit bounds that call's
 * work to ~270 MB of writes, and the first bad block ends the file. Larger input is fed in 64 KiB
 * slices, stopping as soon as the output passes the capacity.
 */
export function inflateAtMost(input: Uint8Array, capacity: number): Uint8Array {
  if (input.length <= ONE_CALL_INPUT) {
    let out: Uint8Array;
    try {
      out = unzlibSync(input, { out: new Uint8Array(capacity + 1) });
    } catch (error) {
      throw new BlockError(`corrupt DEFLATE data (${error instanceof Error ? error.message : String(error)})`);
    }
    if (out.length > capacity) throw new BlockError('more data than the block holds');
    return out;
  }
  const out = new Uint8Array(capacity);
  let produced = 0;
  const stream = new Unzlib((chunk) => {
    if (produced + chunk.length > capacity) throw new BlockError('more data than the block holds');
    out.set(chunk, produced);
    produced += chunk.length;
  });
  const slice = 64 * 1024;
  try {
    for (let at = 0; at < input.length; at += slice) stream.push(input.subarray(at, at + slice), at + slice >= input.length);
  } catch (error) {
    if (error instanceof BlockError) throw error;
    throw new BlockError(`corrupt DEFLATE data (${error instanceof Error ? error.message : String(error)})`);
  }
  return out.subarray(0, produced);
}

/** PackBits runs into at most `capacity` bytes. */
export function packBitsDecode(input: Uint8Array, capacity: number): Uint8Array {
  const out = new Uint8Array(capacity);
  let produced = 0;
  for (let at = 0; at < input.length && produced < capacity;) {
    const header = (input[at++] << 24) >> 24;
    if (header >= 0) {
      const count = Math.min(header + 1, input.length - at);
      if (produced + count > capacity) throw new BlockError('more data than the block holds');
      out.set(input.subarray(at, at + count), produced);
      produced += count;
      at += count;
    } else if (header !== -128) {
      const count = 1 - header;
      if (produced + count > capacity) throw new BlockError('more data than the block holds');
      out.fill(input[at++] ?? 0, produced, produced + count);
      produced += count;
    }
  }
  return out.subarray(0, produced);
}

const DECOMPRESSORS: Record<number, (input: Uint8Array, capacity: number) => Uint8Array> = {
  1: (input, capacity) => input.subarray(0, capacity),
  5: lzwDecode,
  8: inflateAtMost,
  32946: inflateAtMost,
  32773: packBitsDecode,
};

/**
 * Undoes TIFF's horizontal predictor on big-endian 16- or 32-bit samples (geotiff adds them as
 * platform-order words, which is right for little-endian files only): each sample plus the one
 * `stride` samples before it, modulo its width.
 */
function undoBigEndianHorizontal(block: Uint8Array, parameters: BaseDecoderParameters, bits: number, stride: number): void {
  const view = new DataView(block.buffer, block.byteOffset, block.byteLength);
  const bytes = bits / 8;
  const rowSamples = parameters.tileWidth * stride;
  const rows = Math.floor(block.byteLength / (rowSamples * bytes));
  for (let r = 0; r < rows; r++) {
    const row = r * rowSamples * bytes;
    for (let k = stride; k < rowSamples; k++) {
      const at = row + k * bytes;
      const before = at - stride * bytes;
      if (bytes === 2) view.setUint16(at, view.getUint16(at) + view.getUint16(before));
      else view.setUint32(at, (view.getUint32(at) + view.getUint32(before)) >>> 0);
    }
  }
}

/**
 * Undoes TIFF's floating-point predictor row by row, as geotiff does (bytes summed along the row, then
 * the row's byte planes, most significant first, put back together as samples), without geotiff's
 * copy of every row and its per-byte index arithmetic: most of a predicted float file's time.
 */
function undoFloatingPredictor(block: Uint8Array, parameters: BaseDecoderParameters, bytes: number, stride: number): void {
  const rowBytes = parameters.tileWidth * stride * bytes;
  const samples = rowBytes / bytes;
  const planes = new Uint8Array(rowBytes);
  for (let base = 0; base + rowBytes <= block.length; base += rowBytes) {
    for (let k = base + stride; k < base + rowBytes; k++) block[k] += block[k - stride];
    planes.set(block.subarray(base, base + rowBytes));
    if (bytes === 4) {
      for (let i = 0, o = base; i < samples; i++, o += 4) {
        block[o] = planes[3 * samples + i];
        block[o + 1] = planes[2 * samples + i];
        block[o + 2] = planes[samples + i];
        block[o + 3] = planes[i];
      }
    } else {
      for (let i = 0; i < samples; i++) for (let b = 0; b < bytes; b++) block[base + bytes * i + b] = planes[(bytes - b - 1) * samples + i];
    }
  }
}

/** A geotiff decoder (its predictor step kept) over one of the bounded decompressors above. */
class BoundedDecoder extends BaseDecoder {
  constructor(
    parameters: BaseDecoderParameters,
    private readonly decompress: (input: Uint8Array, capacity: number) => Uint8Array,
    private readonly littleEndian: boolean,
  ) {
    super(parameters);
  }

  override decodeBlock(buffer: ArrayBufferLike): ArrayBufferLike {
    const bytes = this.decompress(new Uint8Array(buffer), blockCapacity(this.parameters));
    // geotiff reads the block's values from the whole buffer: hand over exactly the bytes made.
    return bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer : bytes.slice().buffer;
  }

  override async decode(buffer: ArrayBufferLike): Promise<ArrayBufferLike> {
    const { predictor, bitsPerSample, planarConfiguration } = this.parameters;
    const bits = typeof bitsPerSample === 'number' ? [bitsPerSample] : Array.from(bitsPerSample);
    const stride = planarConfiguration === 2 ? 1 : bits.length;
    if (predictor === 3 && bits.every((b) => b === bits[0])) {
      const block = this.decodeBlock(buffer);
      undoFloatingPredictor(new Uint8Array(block), this.parameters, bits[0] / 8, stride);
      return block;
    }
    if (predictor !== 2 || this.littleEndian || bits[0] === 8) return super.decode(buffer);
    const block = this.decodeBlock(buffer);
    undoBigEndianHorizontal(new Uint8Array(block), this.parameters, bits[0], stride);
    return block;
  }
}

/** The decoder of one image: its compression (none, LZW, DEFLATE or PackBits) and byte order. */
export function createBlockDecoder(compression: number, parameters: BaseDecoderParameters, littleEndian: boolean): BaseDecoder {
  const decompress = DECOMPRESSORS[compression];
  if (!decompress) throw new BlockError(`compression ${compression} has no decoder`);
  return new BoundedDecoder(parameters, decompress, littleEndian);
}
