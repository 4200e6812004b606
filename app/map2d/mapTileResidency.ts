/**
 * Which full-resolution tiles of the 2D heightmap keep a canvas. A canvas costs its pixels in the
 * GPU process (1 MB per 512² tile), so only tiles drawn at full resolution get one, and at most
 * `capacity` of them stay after each frame: beyond that the least recently drawn are freed. Tiles drawn in the
 * current frame are never freed, so a view showing more tiles than `capacity` keeps them all until
 * they leave the view (the set is then bounded by what one view can show at full resolution).
 */
export const MAP_TILE_CANVAS_CAPACITY = 24;

export class MapTileResidency {
  /** Resident tiles, least recently drawn first (a Map keeps insertion order), with the frame they were last drawn in. */
  private readonly lastDrawn = new Map<number, number>();
  private frame = 0;

  constructor(readonly capacity = MAP_TILE_CANVAS_CAPACITY) {
    if (!(capacity >= 1)) throw new Error(`tile canvas capacity must be at least 1, got ${capacity}`);
  }

  get size(): number {
    return this.lastDrawn.size;
  }

  /** Resident tiles, least recently drawn first. */
  get tiles(): number[] {
    return [...this.lastDrawn.keys()];
  }

  has(tile: number): boolean {
    return this.lastDrawn.has(tile);
  }

  /** A new frame starts: tiles drawn before it may be freed from now on. */
  beginFrame(): void {
    this.frame++;
  }

  /** A resident tile was drawn in this frame. */
  drawn(tile: number): void {
    if (!this.lastDrawn.delete(tile)) throw new Error(`tile ${tile} has no canvas`);
    this.lastDrawn.set(tile, this.frame);
  }

  /** `tile` gets a canvas and counts as drawn in this frame. */
  admit(tile: number): void {
    this.lastDrawn.delete(tile);
    this.lastDrawn.set(tile, this.frame);
  }

  /**
   * The frame's draws are done: returns the tiles whose canvases to free now, least recently drawn
   * first, until at most `capacity` remain or only tiles drawn in this frame are left.
   */
  endFrame(): number[] {
    const evicted: number[] = [];
    for (const [candidate, frame] of this.lastDrawn) {
      if (this.lastDrawn.size - evicted.length <= this.capacity || frame === this.frame) break;
      evicted.push(candidate);
    }
    for (const gone of evicted) this.lastDrawn.delete(gone);
    return evicted;
  }

  /** Every canvas goes (the map changed size): returns the tiles whose canvases to free. */
  clear(): number[] {
    const all = this.tiles;
    this.lastDrawn.clear();
    return all;
  }
}
