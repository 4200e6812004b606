/**
 * Which of a road's control-point handles the views draw: a routed road has a point every 10–20 m, so
 * seen whole its handles would touch and hide the road as a string of beads. Along the road, a handle
 * is drawn when it lies at least `minPx` on screen from the last one drawn; the first, the last and
 * the selected point always are. Zoomed in, every handle is drawn (and every point can be picked, drawn
 * or not).
 */
export function spacedHandles(screen: ArrayLike<number>, minPx: number, selected: number | null): number[] {
  const count = Math.floor(screen.length / 2);
  const shown: number[] = [];
  let lastX = Number.NaN;
  let lastY = Number.NaN;
  for (let n = 0; n < count; n++) {
    const x = screen[2 * n];
    const y = screen[2 * n + 1];
    // A point behind the camera (NaN) is not drawn, and the next one starts afresh.
    if (Number.isNaN(x) || Number.isNaN(y)) {
      lastX = lastY = Number.NaN;
      continue;
    }
    const always = n === 0 || n === count - 1 || n === selected;
    if (always || !(Math.hypot(x - lastX, y - lastY) < minPx)) {
      shown.push(n);
      lastX = x;
      lastY = y;
    }
  }
  return shown;
}
