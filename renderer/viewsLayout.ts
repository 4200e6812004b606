/**
 * Where the 2D map sits. Beside the 3D view it gets a share of the views' width and their whole
 * height; in a window whose views are about as tall as wide (1024×768, 1280×1024) that pane is over
 * twice as tall as wide and a square map leaves a third of it empty. There the map moves over the
 * side panel instead, in a pane as tall as the side column is wide, and the 3D view takes the views' width.
 */
export type ViewsArrangement = 'side-by-side' | 'map-over-panel';

export const SPLITTER_PX = 6;
/** The 3D view's share of the views' width beside the 2D map, until the user drags the splitter. */
export const DEFAULT_VIEWS_SPLIT = 0.6;
/** Tallest 2D pane beside the 3D view, as height over width, before the map moves over the panel. */
export const MAX_BESIDE_MAP_ASPECT = 2;
/** Over the panel the map's pane takes at most this share of the workspace's height. */
export const MAX_MAP_OVER_PANEL_SHARE = 0.55;

/** The arrangement for a workspace of the given CSS size whose side column is `sideWidth` wide. */
export function viewsArrangement(workspaceWidth: number, workspaceHeight: number, sideWidth: number): ViewsArrangement {
  const viewsWidth = workspaceWidth - sideWidth - 2 * SPLITTER_PX;
  const besideMapWidth = viewsWidth * (1 - DEFAULT_VIEWS_SPLIT);
  return besideMapWidth > 0 && workspaceHeight / besideMapWidth > MAX_BESIDE_MAP_ASPECT ? 'map-over-panel' : 'side-by-side';
}

/** Height of the map's pane over the panel: square to the side column, leaving the panel most of the height. */
export function mapOverPanelHeight(workspaceHeight: number, sideWidth: number): number {
  return Math.max(0, Math.round(Math.min(sideWidth, workspaceHeight * MAX_MAP_OVER_PANEL_SHARE)));
}
