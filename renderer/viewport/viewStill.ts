/**
 * The 3D view's last frame as a still image, laid exactly over the view's canvas while its GPU
 * context is away (ViewAtRest.tsx): a 2D canvas of the same pixel size and the same CSS size, the
 * frame copied into it from the view's drawing buffer (kept between frames: preserveDrawingBuffer, as
 * without it the buffer is gone once the frame is on screen), so it shows the very same pixels. It takes no input (pointer-events: none),
 * so every event still reaches the view's canvas under it. Made for each rest and removed after it.
 */
export class ViewStill {
  private still: HTMLCanvasElement | null = null;

  constructor(private readonly view: HTMLCanvasElement) {}

  get shown(): boolean {
    return this.still !== null;
  }

  /**
   * Copies the view's drawing buffer (the frame on screen) into a new still over the canvas. False
   * when the copy cannot be made (no 2D context, an empty canvas).
   */
  capture(): boolean {
    this.remove();
    const { view } = this;
    const parent = view.parentElement;
    if (!parent || view.width === 0 || view.height === 0) return false;
    const still = document.createElement('canvas');
    still.width = view.width;
    still.height = view.height;
    const context = still.getContext('2d', { alpha: true });
    if (!context) return false;
    context.drawImage(view, 0, 0);
    still.className = 'viewport-still';
    still.dataset.testid = 'viewport-still';
    still.setAttribute('aria-hidden', 'true');
    const style = still.style;
    style.position = 'absolute';
    style.left = `${view.offsetLeft}px`;
    style.top = `${view.offsetTop}px`;
    // The canvas's own CSS size (set by the view from its element's size), so a device pixel maps to a pixel.
    style.width = view.style.width || `${view.clientWidth}px`;
    style.height = view.style.height || `${view.clientHeight}px`;
    style.display = 'block';
    style.pointerEvents = 'none';
    parent.appendChild(still);
    this.still = still;
    return true;
  }

  remove(): void {
    if (!this.still) return;
    this.still.remove();
    // Lets the 2D canvas's backing store go at once, not when it is collected.
    this.still.width = 0;
    this.still.height = 0;
    this.still = null;
  }
}
