import { unionRegions, type DirtyRegion } from '../../../app/document/region';

/**
 * Which water blocks to rebuild after a change of the document's heights: a gesture's preview steps
 * (a stroke, a drag) under the same water are gathered and rebuilt once, when the gesture commits.
 * Rebuilding a block gives the GL driver new buffers for it; per preview step that churned the GPU
 * process's memory by hundreds of MB at 4097² (BENCHMARKS.md, "Session 14: memory"). Meanwhile
 * the blocks show the water as the last commit left it: ground raised through it hides it as
 * before, ground lowered shows the bed until the gesture ends. Another water (a water-making layer
 * changed) is rebuilt at once.
 */
export class WaterRebuilds {
  private deferred: DirtyRegion | null = null;

  /**
   * A change of the heights in `region`: what to rebuild now, or null to wait for the gesture's
   * end. `preview` says it is a gesture's step; `sameWater` that the document's water is the one shown.
   */
  changed(region: DirtyRegion, preview: boolean, sameWater: boolean): DirtyRegion | null {
    const union = unionRegions(this.deferred, region);
    if (preview && sameWater) {
      this.deferred = union;
      return null;
    }
    this.deferred = null;
    return union;
  }
}
