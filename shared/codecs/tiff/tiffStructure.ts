/**
 * Measures a TIFF's first image directory before geotiff parses it: the header, the directory's
 * entries and every tag's declared size must lie within the file, so that a small hostile file that
 * declares billions of values is refused before anything is allocated for them (geotiff makes a typed
 * array of the declared count). Classic TIFF and BigTIFF, both byte orders.
 */
const TYPE_SIZES: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4, 16: 8, 17: 8, 18: 8 };

export interface TiffLayout {
  bigTiff: boolean;
  littleEndian: boolean;
}

/** The file's layout, or the reason it is not a TIFF whose first directory fits in it. */
export function measureTiff(bytes: Uint8Array): TiffLayout | string {
  if (bytes.length < 8) return `is ${bytes.length} bytes long, too short for a TIFF header`;
  const order = String.fromCharCode(bytes[0], bytes[1]);
  if (order !== 'II' && order !== 'MM') return 'is not a TIFF (no II or MM byte-order mark)';
  const littleEndian = order === 'II';
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint16(2, littleEndian);
  if (version !== 42 && version !== 43) return `is not a TIFF (version ${version}, expected 42 or BigTIFF's 43)`;
  const bigTiff = version === 43;
  if (bigTiff && bytes.length < 16) return `is ${bytes.length} bytes long, too short for a BigTIFF header`;
  const size = bytes.length;
  const offset = bigTiff ? Number(view.getBigUint64(8, littleEndian)) : view.getUint32(4, littleEndian);
  const countSize = bigTiff ? 8 : 2;
  if (offset < 8 || offset + countSize > size) return `is truncated: its image directory at byte ${offset} lies beyond its ${size} bytes`;
  const entries = bigTiff ? Number(view.getBigUint64(offset, littleEndian)) : view.getUint16(offset, littleEndian);
  const entrySize = bigTiff ? 20 : 12;
  if (offset + countSize + entries * entrySize > size) return `is truncated: its image directory of ${entries} entries runs past its ${size} bytes`;
  for (let k = 0; k < entries; k++) {
    const at = offset + countSize + k * entrySize;
    const tag = view.getUint16(at, littleEndian);
    const type = view.getUint16(at + 2, littleEndian);
    const count = bigTiff ? Number(view.getBigUint64(at + 4, littleEndian)) : view.getUint32(at + 4, littleEndian);
    const typeSize = TYPE_SIZES[type];
    if (typeSize === undefined) return `has tag ${tag} of unknown type ${type}`;
    const inline = bigTiff ? 8 : 4;
    if (count * typeSize <= inline) continue;
    const valueAt = bigTiff ? Number(view.getBigUint64(at + 12, littleEndian)) : view.getUint32(at + 8, littleEndian);
    if (valueAt + count * typeSize > size) return `is truncated or corrupt: tag ${tag} declares ${count} values at byte ${valueAt}, past its ${size} bytes`;
  }
  return { bigTiff, littleEndian };
}
