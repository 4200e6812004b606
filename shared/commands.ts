/**
 * The static description of every user command: one list feeds the application menu (built in main),
 * the toolbar, keyboard shortcuts and the command palette (renderer). Behaviour is bound in app/.
 */
export type MenuName = 'file' | 'edit' | 'view' | 'terrain' | 'help';

export interface CommandDescriptor {
  /** Stable id, e.g. "edit.undo". */
  readonly id: string;
  readonly label: string;
  /** Shortcut in Electron accelerator syntax; "Mod" means Cmd on macOS and Ctrl elsewhere. */
  readonly shortcut?: string;
  readonly menu?: MenuName;
  /** Items with the same group in a menu are kept together, separated from other groups. */
  readonly group?: string;
  readonly toolbar?: boolean;
}

export const COMMANDS = [
  { id: 'file.new', label: 'New', shortcut: 'Mod+N', menu: 'file', group: 'doc' },
  { id: 'file.open', label: 'Open…', shortcut: 'Mod+O', menu: 'file', group: 'doc' },
  { id: 'file.openRecent', label: 'Open Recent…', shortcut: 'Mod+Shift+O', menu: 'file', group: 'doc' },
  { id: 'file.save', label: 'Save', shortcut: 'Mod+S', menu: 'file', group: 'save' },
  { id: 'file.saveAs', label: 'Save As…', shortcut: 'Mod+Shift+S', menu: 'file', group: 'save' },
  { id: 'edit.undo', label: 'Undo', shortcut: 'Mod+Z', menu: 'edit', group: 'history', toolbar: true },
  { id: 'edit.redo', label: 'Redo', shortcut: 'Mod+Shift+Z', menu: 'edit', group: 'history', toolbar: true },
  { id: 'view.resetCamera', label: 'Reset Camera', shortcut: 'Home', menu: 'view', group: 'camera', toolbar: true },
  { id: 'view.toggleWireframe', label: 'Toggle Wireframe', shortcut: 'W', menu: 'view', group: 'display', toolbar: true },
  { id: 'view.colorNatural', label: 'Natural Colours', menu: 'view', group: 'colour', toolbar: true },
  { id: 'view.colorHeight', label: 'Colour by Height', menu: 'view', group: 'colour', toolbar: true },
  { id: 'view.colorSlope', label: 'Colour by Slope', menu: 'view', group: 'colour', toolbar: true },
  { id: 'view.map2dGrayscale', label: 'Heightmap: Grayscale', menu: 'view', group: 'map2d' },
  { id: 'view.map2dHypsometric', label: 'Heightmap: Hypsometric', menu: 'view', group: 'map2d' },
  { id: 'view.map2dNatural', label: 'Heightmap: Natural (the 3D view’s ground)', menu: 'view', group: 'map2d' },
  { id: 'view.commandPalette', label: 'Command Palette…', shortcut: 'Mod+Shift+P', menu: 'view', group: 'palette' },
  { id: 'terrain.defaultTerrain', label: 'Load Default Terrain', menu: 'terrain', group: 'generate', toolbar: true },
  { id: 'help.about', label: 'About Faultline', menu: 'help', group: 'about' },
  { id: 'help.firstStart', label: 'Three Things to Try', menu: 'help', group: 'about' },
  { id: 'terrain.generate', label: 'Generate Terrain', shortcut: 'Mod+G', menu: 'terrain', group: 'faults' },
  { id: 'terrain.runMore', label: 'Run More Iterations', shortcut: 'Mod+Shift+G', menu: 'terrain', group: 'faults' },
  { id: 'terrain.cancelJob', label: 'Cancel Terrain Job', menu: 'terrain', group: 'faults' },
  { id: 'tool.navigate', label: 'Navigate', shortcut: 'V', menu: 'terrain', group: 'tools', toolbar: true },
  { id: 'tool.brush', label: 'Sculpt Brush', shortcut: 'B', menu: 'terrain', group: 'tools', toolbar: true },
  { id: 'tool.fault', label: 'Manual Fault', shortcut: 'F', menu: 'terrain', group: 'tools', toolbar: true },
  { id: 'tool.road', label: 'Road Tool', shortcut: 'Shift+R', menu: 'terrain', group: 'tools', toolbar: true },
  { id: 'tool.river', label: 'River Tool', shortcut: 'Shift+W', menu: 'terrain', group: 'tools', toolbar: true },
  { id: 'file.import', label: 'Import Heightmap…', shortcut: 'Mod+I', menu: 'file', group: 'exchange' },
  { id: 'file.exportHeightmap', label: 'Export Heightmap…', shortcut: 'Mod+E', menu: 'file', group: 'exchange' },
  { id: 'file.exportMesh', label: 'Export Mesh…', menu: 'file', group: 'exchange' },
  { id: 'props.placeTool', label: 'Place Props', shortcut: 'P', menu: 'terrain', group: 'props' },
  { id: 'props.selectTool', label: 'Select Props', shortcut: 'S', menu: 'terrain', group: 'props' },
  { id: 'props.scatterTool', label: 'Scatter Props', shortcut: 'Shift+P', menu: 'terrain', group: 'props' },
  { id: 'props.deleteSelection', label: 'Delete Selected Props', shortcut: 'Delete', menu: 'edit', group: 'props' },
  { id: 'props.duplicate', label: 'Duplicate Selected Props', shortcut: 'Mod+D', menu: 'edit', group: 'props' },
  { id: 'props.exportJson', label: 'Export Props JSON…', menu: 'file', group: 'exchange' },
  { id: 'drive.toggle', label: 'Test Drive', shortcut: 'G', menu: 'view', group: 'drive', toolbar: true },
  { id: 'drive.resetDrivable', label: 'Reset Car onto Drivable Ground', shortcut: 'R', menu: 'view', group: 'drive' },
  { id: 'drive.walk', label: 'Walk', shortcut: 'Shift+G', menu: 'view', group: 'drive', toolbar: true },
  { id: 'view.drivability', label: 'Drivability Overlay', menu: 'view', group: 'drive', toolbar: true },
  { id: 'road.drive', label: 'Drive This Road', menu: 'view', group: 'roadDrive' },
  { id: 'road.reportOverlay', label: 'Road Report Overlay', menu: 'view', group: 'roadDrive' },
  { id: 'road.smoothProfile', label: 'Smooth Road Profile', menu: 'terrain', group: 'roadReport' },
  { id: 'road.exportReport', label: 'Export Road Report (CSV)…', menu: 'file', group: 'roadExport' },
  { id: 'road.exportReportJson', label: 'Export Road Report (JSON)…', menu: 'file', group: 'roadExport' },
  { id: 'road.exportCentreline', label: 'Export Road Centreline…', menu: 'file', group: 'roadExport' },
  { id: 'road.exportSurface', label: 'Export Road Surface (GLB)…', menu: 'file', group: 'roadExport' },
  { id: 'view.toggleWater', label: 'Show Water', menu: 'view', group: 'display' },
  { id: 'water.add', label: 'Add Automatic Water', menu: 'terrain', group: 'water' },
] as const satisfies readonly CommandDescriptor[];

export type CommandId = (typeof COMMANDS)[number]['id'];

export const COMMAND_IDS: readonly string[] = COMMANDS.map((c) => c.id);

export function isCommandId(value: unknown): value is CommandId {
  return typeof value === 'string' && COMMAND_IDS.includes(value);
}

export const MENU_ORDER: readonly MenuName[] = ['file', 'edit', 'view', 'terrain', 'help'];
export const MENU_LABELS: Record<MenuName, string> = {
  file: 'File',
  edit: 'Edit',
  view: 'View',
  terrain: 'Terrain',
  help: 'Help',
};
