/// <reference lib="webworker" />
/** Generates the ground materials' textures (shared/ground/groundTextures.ts) off the main thread. */
import { groundTextureLayers } from '../../shared/ground/groundTextures';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = () => {
  const layers = groundTextureLayers();
  scope.postMessage(layers, [layers.buffer]);
};
