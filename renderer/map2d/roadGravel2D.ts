import type { MapViewTransform } from '../../app/map2d/mapTransform';
import { worldToCanvas } from '../../app/map2d/mapTransform';
import { ROAD_GRAVEL_FLAT_FROM_MPP, ROAD_GRAVEL_TILE_METRES, roadGravelColour, roadGravelTile } from '../../app/palette/roadGravel';
import { GROUND_TEXTURE_SIZE } from '../../shared/ground/groundTextures';
import type { Climate } from '../../shared/ground/climate';
import type { Heightfield } from '../../shared/terrain/heightfield';
import type { RoadGravelFill } from './roadOverlay2D';

/** The gravel tile's canvas per climate, made the first time it is drawn up close. */
const tiles = new Map<Climate, HTMLCanvasElement>();

function tileCanvas(climate: Climate): HTMLCanvasElement {
  let canvas = tiles.get(climate);
  if (!canvas) {
    canvas = document.createElement('canvas');
    canvas.width = GROUND_TEXTURE_SIZE;
    canvas.height = GROUND_TEXTURE_SIZE;
    canvas.getContext('2d')!.putImageData(new ImageData(roadGravelTile(climate), GROUND_TEXTURE_SIZE, GROUND_TEXTURE_SIZE), 0, 0);
    tiles.set(climate, canvas);
  }
  return canvas;
}

/**
 * How the 2D panel fills the roads' gravel in this view: the climate's gravel colour in the natural
 * colours (the dress's shoulder colour otherwise), textured with the 3D view's gravel tile, laid on the
 * ground (it moves with the map), while a pixel spans under ROAD_GRAVEL_FLAT_FROM_MPP metres.
 */
export function roadGravelFill(
  ctx: CanvasRenderingContext2D,
  climate: Climate,
  natural: boolean,
  transform: MapViewTransform,
  field: Heightfield,
): RoadGravelFill {
  const colour = roadGravelColour(climate, natural);
  const pxPerMetre = transform.scale / field.cellSize;
  if (!natural || 1 / pxPerMetre >= ROAD_GRAVEL_FLAT_FROM_MPP) return { colour, pattern: null };
  const pattern = ctx.createPattern(tileCanvas(climate), 'repeat');
  if (!pattern) return { colour, pattern: null };
  const origin = worldToCanvas(transform, field, 0, 0);
  const scale = (ROAD_GRAVEL_TILE_METRES * pxPerMetre) / GROUND_TEXTURE_SIZE;
  pattern.setTransform(new DOMMatrix().translateSelf(origin.px, origin.py).scaleSelf(scale, scale));
  return { colour, pattern };
}
