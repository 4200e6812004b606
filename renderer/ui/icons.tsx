import type { ReactElement } from 'react';

/**
 * Toolbar icons: 24-unit line drawings in the current text colour, one per command id. A command
 * without one shows its label only.
 */
const PATHS: Record<string, string> = {
  'edit.undo': 'M9 7 4 12l5 5M4 12h10a6 6 0 0 1 0 12',
  'edit.redo': 'M15 7l5 5-5 5M20 12H10a6 6 0 0 0 0 12',
  'view.resetCamera': 'M3 9V4h5M21 9V4h-5M3 15v5h5M21 15v5h-5M9 12h6M12 9v6',
  'view.toggleWireframe': 'M3 20 12 4l9 16H3zM7.5 12h9M12 4v16M7.5 12 12 20l4.5-8',
  'view.colorNatural': 'M3 19 9 9l4 6 3-4 5 8H3zM16 6a2 2 0 1 0 0.01 0',
  'view.colorHeight': 'M4 20h16M6 16h12M8 12h8M10 8h4M11 4h2',
  'view.colorSlope': 'M3 20h18L3 6v14zM7 20a5 5 0 0 0-1.5-3.5',
  'terrain.defaultTerrain': 'M3 18c3-6 5-9 8-9s5 5 10 9M3 18h18M12 3v4M10 5l2 2 2-2',
  'tool.navigate': 'M12 3v18M3 12h18M12 3l-3 3M12 3l3 3M12 21l-3-3M12 21l3-3M3 12l3-3M3 12l3 3M21 12l-3-3M21 12l-3 3',
  'tool.brush': 'M14 4l6 6-8 8H6v-6l8-8zM4 21h16',
  'tool.fault': 'M4 20 20 4M4 9l5-2 2 4 4-2M9 20l2-5 4 1 2-4',
  'tool.road': 'M8 21c0-6 8-8 8-18M4 21c0-7 8-9 8-18M12 21c0-5 8-7 8-18M6 17h2M9 11h2M12 6h2',
  'tool.river': 'M6 3c0 5 6 5 6 10s-6 5-6 8M14 3c0 5 6 5 6 10s-4 5-4 8',
  'drive.toggle': 'M4 15l2-6h12l2 6M3 15h18v3H3zM7 18v2M17 18v2M7 12h10',
  'drive.walk': 'M13 4a1.5 1.5 0 1 0 0.01 0M11 8l-3 4 3 1 1 7M12 13l4 3M11 8l4 2 2 3',
  'view.drivability': 'M3 20h18M5 17c3-1 4-5 7-9M12 8l3 3M17 6l2 2-2 2-2-2z',
};

export function hasIcon(commandId: string): boolean {
  return commandId in PATHS;
}

export function CommandIcon({ id }: { id: string }): ReactElement | null {
  const path = PATHS[id];
  if (!path) return null;
  return (
    <svg className="command-icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
