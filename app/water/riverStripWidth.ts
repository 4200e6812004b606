/**
 * Whether the 3D view draws a stack's rivers as strips (shared/hydrology/riverStrip.ts), and how wide:
 * when its topmost enabled automatic water layer carves its channels along the rivers' lines
 * (`channelsAlongLines`, which new layers get), with that layer's hydraulic geometry; otherwise (layers
 * saved before, drawn rivers alone) null, and the automatic rivers stay on the grid's sheet as before.
 * Drawn rivers have strips of their own along their splines (shared/layers/drawnRiverLines.ts).
 */
import { hydraulicHalfWidth, type RiverHalfWidth } from '../../shared/hydrology/riverStrip';
import type { HydraulicGeometry } from '../../shared/hydrology/waterParams';
import { topWaterLayer } from '../../shared/layers/stackWater';
import type { LayerStack } from '../../shared/layers/types';

/** Remembers the last answer, so a view given the same scales gets the same function (and keeps its strips). */
export class RiverStripWidth {
  private last: { widthScale: number; depthScale: number; geometry: HydraulicGeometry | undefined; width: RiverHalfWidth } | null = null;

  of(stack: LayerStack): RiverHalfWidth | null {
    const top = topWaterLayer(stack);
    const layer = top >= 0 ? stack[top] : null;
    if (!layer || layer.kind !== 'water' || !layer.params.channelsAlongLines) return null;
    const { widthScale, depthScale, hydraulicGeometry: geometry } = layer.params;
    if (this.last?.widthScale !== widthScale || this.last.depthScale !== depthScale || this.last.geometry !== geometry)
      this.last = { widthScale, depthScale, geometry, width: hydraulicHalfWidth({ widthScale, depthScale, hydraulicGeometry: geometry }) };
    return this.last.width;
  }
}
