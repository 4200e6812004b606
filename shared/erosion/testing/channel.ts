/**
 * A river along +x for the fluvial tests: a channel one vertex wide (row 1 of 3) between walls 10 km
 * high on the map's edge rows and at its upstream end, so its only lower neighbour is the next vertex
 * downstream: the 1D profile the closed forms are about. The outlet is vertex (0, 1) on the map's edge
 * (the base level, held where it is); `profile` gives the bed's height at x metres.
 */
export function wallChannel(width: number, cellSize: number, profile: (x: number) => number) {
  const grid = { width, depth: 3, cellSize };
  const heights = new Float32Array(width * 3);
  for (let i = 0; i < width; i++) {
    heights[i] = 10_000;
    heights[2 * width + i] = 10_000;
    heights[width + i] = profile(i * cellSize);
  }
  // The upstream end is a wall too: water leaves only through the outlet.
  heights[2 * width - 1] = 10_000;
  return { grid, heights };
}
