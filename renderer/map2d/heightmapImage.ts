import type { Heightfield, HeightRange } from '../../shared/terrain/heightfield';
import { heightRange } from '../../shared/terrain/heightfield';
import type { DirtyRegion } from '../../app/region';
import { writeMapImageRows, type MapMode } from '../../app/mapImage';

/**
 * The heightmap as an offscreen canvas with one pixel per vertex. Image row 0 is j = 0 (the smallest
 * z) and is drawn at the top; column i is x, left to right. An edit redraws only its rows (plus one
 * each side for the hillshade) unless the height range, and so every colour, changed.
 */
export class HeightmapImage {
  readonly canvas = document.createElement('canvas');
  private image: ImageData | null = null;
  private range: HeightRange = { min: 0, max: 0 };
  private mode: MapMode = 'hypsometric';

  update(field: Heightfield, region: DirtyRegion, mode: MapMode): void {
    const context = this.canvas.getContext('2d');
    if (!context) return;
    const range = heightRange(field.heights);
    let j0 = 0;
    let j1 = field.depth;
    const sizeChanged = !this.image || this.image.width !== field.width || this.image.height !== field.depth;
    if (sizeChanged) {
      this.canvas.width = field.width;
      this.canvas.height = field.depth;
      this.image = context.createImageData(field.width, field.depth);
    } else if (region.kind === 'rect' && mode === this.mode && range.min === this.range.min && range.max === this.range.max) {
      j0 = Math.max(0, region.j0 - 1);
      j1 = Math.min(field.depth, region.j1 + 1);
    }
    this.range = range;
    this.mode = mode;
    const image = this.image as ImageData;
    writeMapImageRows(field, image.data, mode, range, j0, j1);
    context.putImageData(image, 0, 0, 0, j0, field.width, j1 - j0);
  }
}
