import type { Plugin } from 'vite';
import { groundTextureLayers } from '../shared/ground/groundTextures';

/**
 * `virtual:faultline-ground-textures`: the address of the ground materials' textures, generated here once
 * per build into an asset beside the bundle, so no start of the window spends a second of a core making
 * them again (renderer/viewport/look/groundTextures.ts); null when serving (development, unit tests),
 * where the window makes them in a worker.
 */
export function groundTexturesPlugin(): Plugin {
  const id = 'virtual:faultline-ground-textures';
  let building = false;
  return {
    name: 'faultline-ground-textures',
    configResolved: (config) => {
      building = config.command === 'build';
    },
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load(resolved) {
      if (resolved !== `\0${id}`) return null;
      if (!building) return 'export default null;';
      const reference = this.emitFile({ type: 'asset', name: 'ground-textures.bin', source: groundTextureLayers() });
      return `export default import.meta.ROLLUP_FILE_URL_${reference};`;
    },
  };
}
