import { DataArrayTexture, LinearFilter, LinearMipmapLinearFilter, NoColorSpace, RepeatWrapping, RGBAFormat, UnsignedByteType } from 'three';
import { GROUND_MATERIALS } from '../../../shared/ground/climate';
import { GROUND_TEXTURE_SIZE, groundTextureLayers } from '../../../shared/ground/groundTextures';
import bakedAddress from 'virtual:faultline-ground-textures';

/**
 * The ground materials' textures, read once per page from the file the build generated (a second of a
 * core's noise each start otherwise) and kept: every later request, and every view started again, gets
 * the same bytes. Without that file (development, or a file of the wrong length) they are made in a
 * worker, or here where no worker can start (tests without one).
 */
let bytes: Promise<Uint8Array<ArrayBuffer>> | null = null;

const LAYERS_BYTES = GROUND_TEXTURE_SIZE * GROUND_TEXTURE_SIZE * 4 * GROUND_MATERIALS.length;

/** The build's bytes at `address`, or null when they cannot be read whole. */
async function readBaked(address: string | null): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!address || typeof fetch !== 'function') return null;
  try {
    const response = await fetch(address);
    if (!response.ok) return null;
    const data = new Uint8Array(await response.arrayBuffer());
    return data.length === LAYERS_BYTES ? data : null;
  } catch {
    return null;
  }
}

async function load(): Promise<Uint8Array<ArrayBuffer>> {
  return (await readBaked(bakedAddress)) ?? generate();
}

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
  bytes ??= load();
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
