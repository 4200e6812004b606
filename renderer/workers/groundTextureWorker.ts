/// <reference lib="webworker" />
/** Generates the ground materials' textures (shared/terrain/groundTextures.ts) off the main thread. */
import { groundTextureLayers } from '../../shared/terrain/groundTextures';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = () => {
  const layers = groundTextureLayers();
  scope.postMessage(layers, [layers.buffer]);
};
