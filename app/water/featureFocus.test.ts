import { describe, expect, it } from 'vitest';
import { featureFocus } from './featureFocus';

// A U-shaped river on a 9 × 7 map of 2 m cells: down column 1, along row 5, up column 7 (feature 2; a lake,
// feature 1, at the map's corner). The middle of its bounds (vertex 4, 3) is dry ground inside the U.
const width = 9;
const depth = 7;
const cellSize = 2;
function uRiver(): { surface: Float32Array; featureOf: Uint8Array } {
  const surface = new Float32Array(width * depth).fill(NaN);
  const featureOf = new Uint8Array(width * depth);
  const wet = (i: number, j: number, id: number) => {
    featureOf[j * width + i] = id;
    surface[j * width + i] = 100 - j - 0.1 * i;
  };
  for (let j = 1; j <= 5; j++) {
    wet(1, j, 2);
    wet(7, j, 2);
  }
  for (let i = 2; i <= 6; i++) wet(i, 5, 2);
  wet(0, 0, 1);
  return { surface, featureOf };
}
const feature = { id: 2, top: 99, bottom: 94, bounds: { i0: 1, j0: 1, i1: 8, j1: 6 } };

describe('featureFocus', () => {
  it('anchors the camera on the wet vertex nearest the middle of the bounds, not on the dry middle', () => {
    const { surface, featureOf } = uRiver();
    const focus = featureFocus({ width, depth, cellSize }, { surface }, featureOf, feature, 8);
    // The middle of the bounds: vertex (4, 3), i.e. x = 0, z = 0, at the mean of top and bottom.
    expect(focus).toMatchObject({ x: 0, z: 0, y: 96.5 });
    // Its nearest wet vertex is (4, 5), 2 vertices away (the arms' (1, 3) and (7, 3) are 3 away): x = 0, z = 4 m.
    expect(focus.anchor).toEqual({ x: 0, y: surface[5 * width + 4], z: 4 });
    expect(featureOf[5 * width + 4]).toBe(2);
  });

  it('anchors a feature without wet vertices at the middle of its bounds', () => {
    const { surface, featureOf } = uRiver();
    const focus = featureFocus({ width, depth, cellSize }, { surface }, featureOf, { ...feature, id: 3 }, 8);
    expect(focus.samples).toHaveLength(0);
    expect(focus.anchor).toEqual({ x: focus.x, y: focus.y, z: focus.z });
  });
});
