/**
 * What every file format is, as data (no encoder, no compressor): kind, label, extensions, dialog
 * filter, the options it reads and writes, its export entries and whether tiles may be cut in it.
 * Every list of formats (the export dialog's entries, the heightmaps main encodes, the tileable
 * ones, the readable extensions, --help) is derived from here; `createCodecRegistry` (registry.ts)
 * adds the encoders and decoders. Small and free of codec code, so the IPC contract can import it.
 */
import type { DecodeOptionName, EncodeOptionName, ExportVariant, FileCodec, FileFilter, HeightmapVariantId } from './codec';

export type CodecId = FileCodec['id'];

/** What a format is, without its encoder and decoder. */
export type FormatInfo = Omit<FileCodec, 'encode' | 'decode' | 'decodeAsync' | 'encodeSliced'>;

function format(
  id: CodecId,
  kind: FileCodec['kind'],
  label: string,
  extensions: string[],
  filterName: string,
  description: string,
  encodeOptions: EncodeOptionName[],
  decodeOptions: DecodeOptionName[],
  variants: ExportVariant[],
): FormatInfo {
  // Heightmap files can be cut into tiles; a mesh or a project is one file.
  return {
    id,
    kind,
    label,
    extensions,
    filter: { name: filterName, extensions },
    description,
    encodeOptions,
    decodeOptions,
    variants,
    tileable: kind === 'heightmap',
  };
}

/** The formats in the order menus and --help list them. Data only: no state, nothing to register. */
export const FILE_FORMATS: readonly FormatInfo[] = [
  format(
    'png',
    'heightmap',
    'PNG heightmap',
    ['png'],
    'PNG images',
    'grayscale PNG, 16-bit (or --bits 8), range and cell size in text chunks',
    ['bits', 'range'],
    ['channel', 'range'],
    [
      { id: 'png16', label: 'PNG 16-bit grayscale', options: { bits: 16 }, memory: { encode: 4, file: 2 } },
      { id: 'png8', label: 'PNG 8-bit grayscale', options: { bits: 8 }, memory: { encode: 3, file: 1 } },
    ],
  ),
  format(
    'r16',
    'heightmap',
    'RAW 16-bit heightmap',
    ['r16', 'raw'],
    'RAW 16-bit',
    'raw unsigned 16-bit samples of the height range, little-endian (or --byte-order be)',
    ['range', 'byteOrder', 'flip'],
    ['size', 'byteOrder', 'flip', 'range'],
    [{ id: 'r16', label: 'RAW 16-bit (.r16)', options: {}, memory: { encode: 3, file: 2 } }],
  ),
  format(
    'r32',
    'heightmap',
    'RAW 32-bit float heightmap',
    ['r32'],
    'RAW float32',
    'raw float32 little-endian heights in metres, row-major (j·width + i), no header',
    ['flip'],
    ['size', 'byteOrder', 'flip'],
    [{ id: 'r32', label: 'RAW float32 (.r32)', options: {}, memory: { encode: 5, file: 4 } }],
  ),
  format(
    'exr',
    'heightmap',
    'OpenEXR float32 heightmap',
    ['exr'],
    'OpenEXR',
    'OpenEXR, one float32 channel "Y" of heights in metres, ZIP (or --exr-compression none); reads half/float Y, R or Z, scanline or tiled, ' +
      'none/RLE/ZIPS/ZIP/PIZ',
    ['exrCompression'],
    ['resample'],
    [{ id: 'exr', label: 'OpenEXR float32 (.exr)', options: {}, memory: { encode: 5, file: 4 } }],
  ),
  format(
    'tiff',
    'heightmap',
    'GeoTIFF float32 heightmap',
    ['tif', 'tiff'],
    'GeoTIFF',
    'GeoTIFF, float32 heights in metres, DEFLATE, pixel size = cell size, the imported CRS or a local one; reads float/int TIFFs (nodata filled, --resample N)',
    ['geo'],
    ['range', 'resample'],
    [{ id: 'tiff', label: 'GeoTIFF float32 (.tif)', options: {}, memory: { encode: 5, file: 4 } }],
  ),
  format(
    'obj',
    'mesh',
    'Wavefront OBJ mesh',
    ['obj'],
    'Wavefront OBJ',
    'Wavefront OBJ mesh of the drawn triangles, metres, y up, with normals',
    [],
    [],
    [{ id: 'obj', label: 'Wavefront OBJ mesh', options: {}, memory: { encode: 350, file: 160 } }],
  ),
  format(
    'glb',
    'mesh',
    'Binary glTF mesh',
    ['glb'],
    'Binary glTF',
    'binary glTF 2.0 mesh of the drawn triangles, metres, y up, with normals',
    ['nodes'],
    [],
    [{ id: 'glb', label: 'Binary glTF mesh (.glb)', options: {}, memory: { encode: 96, file: 48 } }],
  ),
  format(
    'faultline',
    'project',
    'Faultline project',
    ['faultline'],
    'Faultline project',
    'Faultline project: heights bit for bit, size, cell size, the recipe and its steps, the layer stack',
    ['recipe', 'history', 'props', 'layers'],
    [],
    [],
  ),
];

/** Lower-case extension of a file name without the dot ('' if none). */
export function extensionOf(fileName: string): string {
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** A file name's or bare extension's ('png', '.png', 'map.PNG') lower-case extension. */
export function extensionIn(fileNameOrExtension: string): string {
  if (!fileNameOrExtension.includes('.')) return fileNameOrExtension.toLowerCase();
  return extensionOf(fileNameOrExtension) || fileNameOrExtension.replace(/^\./, '').toLowerCase();
}

/** The format of a file name or bare extension, or undefined. */
export function formatOf(fileNameOrExtension: string): FormatInfo | undefined {
  const ext = extensionIn(fileNameOrExtension);
  return FILE_FORMATS.find((f) => f.extensions.includes(ext));
}

/** Extensions of the heightmap formats Faultline reads. */
export const HEIGHTMAP_READ_EXTENSIONS: readonly string[] = FILE_FORMATS.filter((f) => f.decodeOptions.length > 0).flatMap((f) => f.extensions);

export function isReadableHeightmap(fileName: string): boolean {
  return HEIGHTMAP_READ_EXTENSIONS.includes(extensionOf(fileName));
}

/** An open dialog's filters for the heightmaps Faultline reads: all of them, then each format. */
export function heightmapOpenFilters(): FileFilter[] {
  const readers = FILE_FORMATS.filter((f) => f.decodeOptions.length > 0);
  return [
    { name: 'Heightmaps', extensions: [...HEIGHTMAP_READ_EXTENSIONS] },
    ...readers.map((f) => ({ name: f.filter.name, extensions: [...f.filter.extensions] })),
  ];
}

/** An export dialog entry by id ('png16', 'r32'…): its format and fixed options, or undefined. */
export function exportVariant(id: string): { format: FormatInfo; variant: ExportVariant } | undefined {
  for (const format of FILE_FORMATS) {
    const variant = format.variants.find((v) => v.id === id);
    if (variant) return { format, variant };
  }
  return undefined;
}

/** The export entries of the heightmap formats ('png16', 'png8', 'r16', 'r32', 'exr', 'tiff'), in the registry's order. */
export const HEIGHTMAP_EXPORT_VARIANTS: readonly HeightmapVariantId[] = FILE_FORMATS.filter((f) => f.kind === 'heightmap').flatMap((f) =>
  // The kind 'heightmap' is what HeightmapVariantId names; registry.test.ts checks the two agree.
  f.variants.map((v) => v.id as HeightmapVariantId),
);

export function isHeightmapVariant(id: string): id is HeightmapVariantId {
  return (HEIGHTMAP_EXPORT_VARIANTS as readonly string[]).includes(id);
}
