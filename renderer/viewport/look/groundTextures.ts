import { DataArrayTexture, LinearFilter, LinearMipmapLinearFilter, NoColorSpace, RepeatWrapping, RGBAFormat, UnsignedByteType } from 'three';
import { GROUND_MATERIALS } from '../../../shared/ground/climate';
import { GROUND_TEXTURE_SIZE, groundTextureLayers } from '../../../shared/ground/groundTextures';

/**
 * The ground materials' generated textures, made once per page in a worker (a few hundred ms of
 * noise) and kept: every later request, and every view started again, gets the same bytes. Where no
 * worker can start (tests without one), they are made here.
 */
let bytes: Promise<Uint8Array<ArrayBuffer>> | null = null;

function generate(): Promise<Uint8Array<ArrayBuffer>> {
  if (typeof Worker === 'undefined') return Promise.resolve(groundTextureLayers());
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('../../workers/groundTextureWorker.ts', import.meta.url), { type: 'module', name: 'faultline-ground-textures' });
    } catch {
      resolve(groundTextureLayers());
      return;
    }
    worker.onmessage = (event: MessageEvent<Uint8Array<ArrayBuffer>>) => {
      worker.terminate();
      resolve(event.data);
    };
    // A worker that cannot run: the same bytes from this thread.
    worker.onerror = () => {
      worker.terminate();
      resolve(groundTextureLayers());
    };
    worker.postMessage(null);
  });
}

/** The textures' bytes (GROUND_MATERIALS layers of GROUND_TEXTURE_SIZE² RGBA8), generated on the first call. */
export function groundTextureBytes(): Promise<Uint8Array<ArrayBuffer>> {
  bytes ??= generate();
  return bytes;
}

/** A texture array of the bytes: repeating, mipmapped (the far view reads each tile's mean), linear data. */
export function groundTextureArray(data: Uint8Array<ArrayBuffer>): DataArrayTexture {
  const texture = new DataArrayTexture(data, GROUND_TEXTURE_SIZE, GROUND_TEXTURE_SIZE, GROUND_MATERIALS.length);
  texture.format = RGBAFormat;
  texture.type = UnsignedByteType;
  texture.colorSpace = NoColorSpace;
  texture.wrapS = RepeatWrapping;
  texture.wrapT = RepeatWrapping;
  texture.minFilter = LinearMipmapLinearFilter;
  texture.magFilter = LinearFilter;
  texture.generateMipmaps = true;
  texture.needsUpdate = true;
  return texture;
}
