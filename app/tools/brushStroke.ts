import type { Heightfield } from '../../shared/terrain/heightfield';
import { unionRegions, type DirtyRegion } from '../document/region';
import { TileRecorder, type TileEdit } from '../document/tileEdit';
import { applyDab, dabRect, type BrushSettings } from './brush';

/** Dabs are spaced a quarter radius apart along the pointer path, so fast drags leave no gaps. */
export const DAB_SPACING_PER_RADIUS = 0.25;

/**
 * One brush stroke (pointer down … up): changes heights in place as it goes, remembering the
 * touched tiles, and becomes a single tile edit at the end — or puts everything back on cancel.
 */
export class BrushStroke {
  private readonly recorder: TileRecorder;
  private lastX: number;
  private lastZ: number;
  private readonly flattenTo: number;

  constructor(
    private readonly field: Heightfield,
    private readonly settings: BrushSettings,
    x: number,
    z: number,
    startHeight: number,
  ) {
    this.recorder = new TileRecorder(field.heights, field.width, field.depth);
    this.flattenTo = startHeight;
    this.lastX = x;
    this.lastZ = z;
  }

  /** The first dab, at the pointer-down position. */
  begin(): DirtyRegion | null {
    return this.dab(this.lastX, this.lastZ);
  }

  /** Dabs from the last dab towards (x, z) every spacing; returns the rect changed, if any. */
  moveTo(x: number, z: number): DirtyRegion | null {
    const spacing = Math.max(this.settings.radius * DAB_SPACING_PER_RADIUS, 1e-6);
    const distance = Math.hypot(x - this.lastX, z - this.lastZ);
    const steps = Math.floor(distance / spacing);
    let region: DirtyRegion | null = null;
    const fromX = this.lastX;
    const fromZ = this.lastZ;
    for (let s = 1; s <= steps; s++) {
      const t = (s * spacing) / distance;
      const changed = this.dab(fromX + (x - fromX) * t, fromZ + (z - fromZ) * t);
      if (changed) region = unionRegions(region, changed);
    }
    if (steps > 0) {
      const t = (steps * spacing) / distance;
      this.lastX = fromX + (x - fromX) * t;
      this.lastZ = fromZ + (z - fromZ) * t;
    }
    return region;
  }

  /** Ends the stroke: the edit to record (heights already hold its result), or null if nothing changed. */
  finish(label: string): TileEdit | null {
    return this.recorder.finish(label);
  }

  /** Restores the heights from before the stroke; returns what to redraw. */
  cancel(): DirtyRegion | null {
    return this.recorder.restore();
  }

  private dab(x: number, z: number): DirtyRegion | null {
    const rect = dabRect(this.field, x, z, this.settings.radius);
    if (!rect) return null;
    this.recorder.touch(rect.i0, rect.j0, rect.i1, rect.j1);
    applyDab(this.field, this.settings, x, z, rect, this.flattenTo);
    return { kind: 'rect', ...rect };
  }
}
