/**
 * Where the 2D map sits. A designer sees the whole map at once on open, with no empty band: the map
 * is fitted whole (app/map2d/mapTransform.ts), so its pane must have about the map's shape. Beside the
 * 3D view the pane gets a share of the views' width and their whole height, about twice as tall as wide
 * in the usual windows (1024×768 to 1600×1000): a whole square map there leaves a third to a half of it
 * empty. So the map sits over the side panel, in a square pane as wide as the side column, and the
 * 3D view takes the views' width; only a window whose beside pane is nearly square keeps the map beside.
 */
export type ViewsArrangement = 'side-by-side' | 'map-over-panel';

export const SPLITTER_PX = 6;
/** The 3D view's share of the views' width beside the 2D map, until the user drags the splitter. */
export const DEFAULT_VIEWS_SPLIT = 0.6;
/** The side column's width beside the 2D map, and the least it is over the panel, CSS px. */
export const DEFAULT_SIDE_PX = 300;
/** The widest the side column gets, by default or by dragging, CSS px. */
export const MAX_SIDE_PX = 560;
/** The least share of its pane a whole square map fills beside the 3D view (else it moves over the panel). */
export const MIN_BESIDE_MAP_FILL = 0.85;
/** Over the panel the map's pane takes at most this share of the workspace's height. */
export const MAX_MAP_OVER_PANEL_SHARE = 0.55;
/** By default over the panel, the side column (and the square map) is this share of the workspace's height … */
export const AUTO_MAP_HEIGHT_SHARE = 0.5;
/** … and at most this share of its width, so the 3D view keeps the larger part. */
export const AUTO_SIDE_WIDTH_SHARE = 0.3;
/**
 * The least height the panel keeps under the map, CSS px: Generate's Run in view under the getting-started
 * hint (at 1280×720 a map half the height pushed it below the status bar).
 */
export const MIN_PANEL_UNDER_MAP_PX = 376;

/** The arrangement for a workspace of the given CSS size whose side column is `sideWidth` wide. */
export function viewsArrangement(workspaceWidth: number, workspaceHeight: number, sideWidth: number): ViewsArrangement {
  const viewsWidth = workspaceWidth - sideWidth - 2 * SPLITTER_PX;
  const besideMapWidth = viewsWidth * (1 - DEFAULT_VIEWS_SPLIT);
  if (besideMapWidth <= 0 || workspaceHeight <= 0) return 'map-over-panel';
  // A whole square map fitted in a w × h pane fills min(w, h)² / (w·h) of it.
  const fill = Math.min(besideMapWidth, workspaceHeight) / Math.max(besideMapWidth, workspaceHeight);
  return fill >= MIN_BESIDE_MAP_FILL ? 'side-by-side' : 'map-over-panel';
}

/**
 * The side column's width until the user drags it. Over the panel it sizes the map: half the
 * workspace's height, at most 30 % of its width, leaving the panel MIN_PANEL_UNDER_MAP_PX; never
 * narrower than beside the 3D view.
 */
export function autoSideWidth(arrangement: ViewsArrangement, workspaceWidth: number, workspaceHeight: number): number {
  if (arrangement === 'side-by-side') return DEFAULT_SIDE_PX;
  const wanted = Math.min(AUTO_MAP_HEIGHT_SHARE * workspaceHeight, AUTO_SIDE_WIDTH_SHARE * workspaceWidth, workspaceHeight - MIN_PANEL_UNDER_MAP_PX);
  return Math.round(Math.min(MAX_SIDE_PX, Math.max(DEFAULT_SIDE_PX, wanted)));
}

/**
 * Height of the map's pane over the panel: square to the side column, leaving the panel most of the height
 * and at least MIN_PANEL_UNDER_MAP_PX (a little less than square then: the whole map, a band beside it).
 */
export function mapOverPanelHeight(workspaceHeight: number, sideWidth: number): number {
  const height = Math.min(sideWidth, workspaceHeight * MAX_MAP_OVER_PANEL_SHARE, workspaceHeight - MIN_PANEL_UNDER_MAP_PX);
  return Math.max(0, Math.round(height));
}
