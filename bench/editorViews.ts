import { defaultCameraPose } from '../app/view/cameraPose';
import { MapTilePixels } from '../app/map2d/mapTilePixels';
import { createSnappedPropLayer, type SnappedPropLayer } from '../shared/props/prop';
import { scatterProps } from '../shared/props/scatter';
import type { LodCamera } from '../shared/lod/selectLod';
import type { Heightfield } from '../shared/terrain/heightfield';
import { LodTerrainMeshes } from '../renderer/viewport/lod/lodTerrainMeshes';

const FOV = 50;
const VIEWPORT = { width: 1600, height: 1000 };

/** What the app's views keep for a map, minus the canvas and the GPU: what a change must update. */
export interface EditorViews {
  /** The viewport's level of detail, exact errors computed and levels chosen from `camera`. */
  lod: LodTerrainMeshes;
  /** The default camera of a 1600 × 1000 viewport. */
  camera: LodCamera;
  /** The 2D panel's pixels, every tile drawn. */
  mapTiles: MapTilePixels;
  /** Props scattered over the map, snapped to it. */
  props: SnappedPropLayer;
}

/** The views of `field` at rest, as after the app finished drawing it, with `propCount` props. */
export function createEditorViews(field: Heightfield, propCount: number): EditorViews {
  const lod = new LodTerrainMeshes(field, 'height');
  lod.finishErrors();
  const pose = defaultCameraPose(field, FOV, VIEWPORT.width / VIEWPORT.height);
  const camera: LodCamera = { position: pose.position, fovYDegrees: FOV, viewportHeight: VIEWPORT.height };
  lod.update(camera);
  const mapTiles = new MapTilePixels();
  mapTiles.update(field, { kind: 'all' }, 'hypsometric');
  while (!mapTiles.upToDate) mapTiles.redrawSlice(field, Infinity);
  const props = createSnappedPropLayer(field, scatterProps(field, { seed: 1, count: propCount, types: ['conifer', 'broadleaf', 'rock'] }).props);
  return { lod, camera, mapTiles, props };
}
