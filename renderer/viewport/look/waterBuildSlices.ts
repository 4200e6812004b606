import type { Object3D } from 'three';

/** What the slices drive: WaterView's measuring and building, a slice of main-thread time at a time. */
export interface SlicedWork {
  /** Works until `budgetMs` has passed (at least one step); returns how much is still to do. */
  buildPending(budgetMs: number): number;
  /** The meshes' parent: adding or removing a child is what changes the picture. */
  readonly group: Object3D;
}

/** Main-thread time given to measuring and building water blocks per slice. */
export const WATER_SLICE_MS = 12;
/** While slices are still to run, a frame is asked for at most this often (the last slice asks for one if need be). */
export const WATER_FRAME_INTERVAL_MS = 250;

/**
 * Runs the 3D water's pending work in slices between frames, not in them, and asks for a frame only
 * when a slice added or removed a block's mesh: measuring blocks (most of a whole map's work) changes
 * nothing on screen; and while blocks are being built, at most one frame per WATER_FRAME_INTERVAL_MS
 * shows them coming in. Asking for a frame per slice drew the whole view again every 12 ms of work;
 * under software GL at 4097², where a frame costs the GPU process far more than that, the view drew
 * without pause for minutes after a map opened, and the driver's data for the last frames was never
 * let go (BENCHMARKS.md, "Session 16: memory with water").
 */
export class WaterBuildSlices {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private meshesChanged = false;
  private lastFrameAt = -Infinity;
  private readonly changed = () => {
    this.meshesChanged = true;
  };

  /**
   * `showRunning` is told after each slice whether more are to come (the view shows it to tests as
   * `data-water-building`: a memory reading "at rest" waits for the water to be built).
   */
  constructor(
    private readonly work: SlicedWork,
    private readonly requestFrame: () => void,
    private readonly sliceMs = WATER_SLICE_MS,
    private readonly showRunning: (running: boolean) => void = () => undefined,
    private readonly frameIntervalMs = WATER_FRAME_INTERVAL_MS,
  ) {
    work.group.addEventListener('childadded', this.changed);
    work.group.addEventListener('childremoved', this.changed);
  }

  /** One slice now; the rest in later tasks. A frame is asked for if the meshes changed since the last one asked. */
  run(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.work.buildPending(this.sliceMs) > 0) this.timer = setTimeout(() => this.run(), 0);
    this.showRunning(this.running);
    if (!this.meshesChanged) return;
    const now = performance.now();
    if (this.running && now - this.lastFrameAt < this.frameIntervalMs) return;
    this.meshesChanged = false;
    this.lastFrameAt = now;
    this.requestFrame();
  }

  /** Whether slices are still to run. */
  get running(): boolean {
    return this.timer !== undefined;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.work.group.removeEventListener('childadded', this.changed);
    this.work.group.removeEventListener('childremoved', this.changed);
  }
}
