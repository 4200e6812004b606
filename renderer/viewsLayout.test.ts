import { describe, expect, it } from 'vitest';
import { mapOverPanelHeight, viewsArrangement } from './viewsLayout';

// Workspaces of the windows issue 34 names: the window less the toolbar (~40 px) and status bar (~24 px).
describe('where the 2D map sits', () => {
  it('beside the 3D view when that pane is at most twice as tall as wide', () => {
    // 1600×1000: views 1288 px wide, the map's pane 515 × 936 (1.8:1).
    expect(viewsArrangement(1600, 936, 300)).toBe('side-by-side');
    // 1280×720 and the e2e default 1280×800: 386 × 656 (1.7:1) and 386 × 736 (1.9:1).
    expect(viewsArrangement(1280, 656, 300)).toBe('side-by-side');
    expect(viewsArrangement(1280, 736, 300)).toBe('side-by-side');
  });

  it('over the side panel when beside the 3D view it would be over twice as tall as wide', () => {
    // 1024×768: 282 × 704 (2.5:1); 1280×1024: 386 × 960 (2.5:1).
    expect(viewsArrangement(1024, 704, 300)).toBe('map-over-panel');
    expect(viewsArrangement(1280, 960, 300)).toBe('map-over-panel');
    // A wider side column leaves the views narrower.
    expect(viewsArrangement(1280, 736, 560)).toBe('map-over-panel');
  });

  it('over the panel, a square as wide as the side column, at most 55 % of the height', () => {
    expect(mapOverPanelHeight(704, 300)).toBe(300);
    expect(mapOverPanelHeight(704, 560)).toBe(387);
    expect(mapOverPanelHeight(0, 300)).toBe(0);
  });
});
