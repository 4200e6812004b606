/** Every codec, found by file extension. */
import type { Codec } from './codec';
import { exrCodec } from './exr';
import { glbCodec } from './glb';
import { objCodec } from './obj';
import { pngHeightmapCodec } from './png-heightmap';
import { projectCodec } from './project';
import { r16Codec, r32Codec } from './raw';

export const heightmapCodecs = [pngHeightmapCodec, r16Codec, r32Codec, exrCodec] as const;
export const meshCodecs = [objCodec, glbCodec] as const;
export const allCodecs = [...heightmapCodecs, ...meshCodecs, projectCodec] as const;

export type AnyCodec = (typeof allCodecs)[number];

/** Lower-case extension of a file name without the dot ('' if none). */
export function extensionOf(fileName: string): string {
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** The codec for a file name or bare extension ('png', '.png', 'map.PNG'), or undefined. */
export function findCodec(fileNameOrExtension: string): AnyCodec | undefined {
  const ext = fileNameOrExtension.includes('.') ? extensionOf(fileNameOrExtension) || fileNameOrExtension.replace(/^\./, '').toLowerCase() : fileNameOrExtension.toLowerCase();
  return allCodecs.find((codec: Codec<unknown, never, never, never>) => codec.extensions.includes(ext));
}
