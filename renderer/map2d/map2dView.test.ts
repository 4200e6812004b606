import { describe, expect, it } from 'vitest';
import { canvasToWorld, fitMapView } from '../../app/map2d/mapTransform';
import { Map2DView } from './map2dView';

const field = { width: 257, depth: 129, cellSize: 2 };

describe('Map2DView', () => {
  it('fits the map to the panel on every resize until the user zooms or pans', () => {
    const view = new Map2DView();
    view.documentChanged(field);
    view.resize(600.7, 400.2, field);
    expect([view.width, view.height]).toEqual([600, 400]);
    expect(view.transform).toEqual(fitMapView(field, 600, 400));
    view.resize(300, 300, field);
    expect(view.transform).toEqual(fitMapView(field, 300, 300));

    view.pan(10, -4);
    expect(view.autoFit).toBe(false);
    const panned = view.transform;
    expect(panned.offsetX - fitMapView(field, 300, 300).offsetX).toBe(10);
    view.resize(500, 500, field);
    expect(view.transform).toEqual(panned);

    // Reset Camera fits again and follows the panel again.
    view.refit(field);
    expect(view.autoFit).toBe(true);
    expect(view.transform).toEqual(fitMapView(field, 500, 500));
  });

  it('never sizes the panel below one pixel', () => {
    const view = new Map2DView();
    view.resize(0, -3, field);
    expect([view.width, view.height]).toEqual([1, 1]);
  });

  it('zooms with the wheel around the cursor: the world point under it stays put', () => {
    const view = new Map2DView();
    view.resize(640, 480, field);
    const before = canvasToWorld(view.transform, field, 200, 150);
    view.wheelZoom(200, 150, -240);
    expect(view.transform.scale).toBeGreaterThan(fitMapView(field, 640, 480).scale);
    expect(view.autoFit).toBe(false);
    const after = canvasToWorld(view.transform, field, 200, 150);
    expect(after.x).toBeCloseTo(before.x, 9);
    expect(after.z).toBeCloseTo(before.z, 9);
    const zoomedIn = view.transform.scale;
    view.wheelZoom(200, 150, 240);
    expect(view.transform.scale).toBeCloseTo(zoomedIn * Math.exp(-240 * 0.0015), 9);
  });

  it('fits again after a document change only when its size or cell size changed', () => {
    const view = new Map2DView();
    view.resize(640, 480, field);
    view.documentChanged(field);
    view.pan(25, 25);
    const panned = view.transform;
    view.documentChanged({ ...field });
    expect(view.transform).toEqual(panned);
    view.documentChanged({ ...field, cellSize: 1 });
    expect(view.autoFit).toBe(true);
    expect(view.transform).toEqual(fitMapView({ ...field, cellSize: 1 }, 640, 480));
    view.pan(5, 5);
    view.documentChanged({ width: 129, depth: 129, cellSize: 1 });
    expect(view.transform).toEqual(fitMapView({ width: 129, depth: 129, cellSize: 1 }, 640, 480));
  });
});
