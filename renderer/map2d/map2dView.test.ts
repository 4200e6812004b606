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

    view.pan(1, -4);
    expect(view.autoFit).toBe(false);
    const panned = view.transform;
    expect(panned.offsetX - fitMapView(field, 300, 300).offsetX).toBe(1);
    // A larger panel: the same ground at its centre, the map as large against it as before (not left at 300 px).
    const centre = canvasToWorld(panned, field, 150, 150);
    view.resize(500, 500, field);
    expect(view.autoFit).toBe(false);
    expect(view.transform.scale).toBeCloseTo(fitMapView(field, 500, 500).scale, 12);
    const after = canvasToWorld(view.transform, field, 250, 250);
    expect(after.x).toBeCloseTo(centre.x, 9);
    expect(after.z).toBeCloseTo(centre.z, 9);

    // Reset Camera fits again and follows the panel again.
    view.refit(field);
    expect(view.autoFit).toBe(true);
    expect(view.transform).toEqual(fitMapView(field, 500, 500));
  });

  it('a view made in a small panel keeps its zoom against the fitted map in a larger one, and waits while the panel is collapsed', () => {
    const view = new Map2DView();
    view.documentChanged(field);
    view.resize(300, 300, field);
    view.wheelZoom(150, 150, -400);
    const zoom = view.transform.scale / fitMapView(field, 300, 300).scale;
    expect(zoom).toBeGreaterThan(1.5);
    const centre = canvasToWorld(view.transform, field, 150, 150);
    view.resize(0, 0, field);
    view.resize(3, 700, field);
    view.resize(600, 450, field);
    expect(view.transform.scale / fitMapView(field, 600, 450).scale).toBeCloseTo(zoom, 9);
    const after = canvasToWorld(view.transform, field, 300, 225);
    expect(after.x).toBeCloseTo(centre.x, 9);
    expect(after.z).toBeCloseTo(centre.z, 9);
  });

  it('a report row on a fitted map (all of it in view) leaves it fitted: it follows the panel’s size', () => {
    const view = new Map2DView();
    view.documentChanged(field);
    view.resize(300, 320, field);
    const fitted = view.transform;
    view.centreOn(field, 40, 290);
    expect(view.transform).toEqual(fitted);
    expect(view.autoFit).toBe(true);
    view.resize(470, 470, field);
    expect(view.transform).toEqual(fitMapView(field, 470, 470));
    // Zoomed in, a row pans the map and the view is the user's from then on.
    view.wheelZoom(235, 235, -600);
    view.refit(field);
    view.wheelZoom(235, 235, -600);
    const zoomed = view.transform;
    view.centreOn(field, 100, 100);
    expect(view.transform.offsetX).toBeGreaterThan(zoomed.offsetX);
    expect(view.autoFit).toBe(false);
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
