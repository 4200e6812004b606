/** What the two Godot engines share: EXR heights in metres (default) or 16-bit RAW with a height range. */
import type { EngineExportOptions, EngineHeightmap } from './engine';

export function godotHeightmap(options: EngineExportOptions, rawExtension: string): EngineHeightmap {
  return (options.heightFormat ?? 'exr') === 'exr'
    ? { codec: 'exr', extension: 'exr', options: () => ({ exrCompression: options.exrCompression ?? 'zip' }) }
    : { codec: 'r16', extension: rawExtension, options: (range) => ({ range, byteOrder: 'le' }) };
}
