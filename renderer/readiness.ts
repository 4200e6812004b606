/**
 * Each view reports the editor version it has drawn; the element gets data-drawn-version (tests wait
 * on it) and, once both views have drawn, the page is marked ready (data-faultline-ready="true").
 */
export type ViewName = '3d' | '2d';

const drawn = new Map<ViewName, number>();

export function reportDrawn(view: ViewName, version: number, element: HTMLElement | null): void {
  drawn.set(view, version);
  if (element) element.dataset.drawnVersion = String(version);
  if (drawn.has('3d') && drawn.has('2d')) document.documentElement.dataset.faultlineReady = 'true';
}
