import { describe, expect, it } from 'vitest';
import { autoSideWidth, mapOverPanelHeight, viewsArrangement } from './viewsLayout';

// Workspaces of the windows issue 34 names: the window less the toolbar (~40 px) and status bar (~24 px).
describe('where the 2D map sits', () => {
  it('over the side panel wherever a pane beside the 3D view would leave a square map a sixth empty or more', () => {
    // 1600×1000: views 1288 px wide, the beside pane 515 × 936: a whole square map fills 515/936 = 55 % of it.
    expect(viewsArrangement(1600, 936, 300)).toBe('map-over-panel');
    // 1280×720 and the e2e default 1280×800: 386 × 656 (59 %) and 386 × 736 (52 %); 1024×768: 282 × 704 (40 %).
    expect(viewsArrangement(1280, 656, 300)).toBe('map-over-panel');
    expect(viewsArrangement(1280, 736, 300)).toBe('map-over-panel');
    expect(viewsArrangement(1024, 704, 300)).toBe('map-over-panel');
    // A panorama whose beside pane is wider than tall: 3840×1000 gives 1411 × 936 (66 %).
    expect(viewsArrangement(3840, 936, 300)).toBe('map-over-panel');
  });

  it('beside the 3D view where that pane is nearly square', () => {
    // 2560 × 1000: views 2248 px, the pane 899 × 936 (96 %).
    expect(viewsArrangement(2560, 936, 300)).toBe('side-by-side');
    // Before the first measure (no size yet) the usual arrangement.
    expect(viewsArrangement(0, 0, 300)).toBe('map-over-panel');
  });

  it('sizes the side column, so the square map, to half the height, at most 30 % of the width', () => {
    // 1600×1000: 468 px (half of 936; 30 % would be 480), the 3D view 1126 px wide (70 %).
    expect(autoSideWidth('map-over-panel', 1600, 936)).toBe(468);
    // 1280×720: half of 656 would leave the panel 328 px, under the 376 it keeps; 280 is under the least width.
    expect(autoSideWidth('map-over-panel', 1280, 656)).toBe(300);
    // 1280×800: 736 − 376.
    expect(autoSideWidth('map-over-panel', 1280, 736)).toBe(360);
    // 1024×768: 30 % of 1024 is 307, under half of 704.
    expect(autoSideWidth('map-over-panel', 1024, 704)).toBe(307);
    // Never narrower than beside the 3D view, never wider than a dragged column may be.
    expect(autoSideWidth('map-over-panel', 800, 500)).toBe(300);
    expect(autoSideWidth('map-over-panel', 4000, 2000)).toBe(560);
    expect(autoSideWidth('side-by-side', 2560, 936)).toBe(300);
  });

  it('over the panel, a square as wide as the side column, at most 55 % of the height and leaving the panel 376 px', () => {
    expect(mapOverPanelHeight(704, 300)).toBe(300);
    expect(mapOverPanelHeight(1000, 560)).toBe(550);
    expect(mapOverPanelHeight(704, 560)).toBe(328);
    expect(mapOverPanelHeight(656, 300)).toBe(280);
    expect(mapOverPanelHeight(0, 300)).toBe(0);
  });
});
