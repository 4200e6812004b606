import type { ViewSettings } from '../shared/ipc/contract';
import type { ToolStore } from './tools/toolStore';
import type { ViewStore } from './view/viewStore';
import { BRUSH_TOOL_ID } from './tools/brushTool';
import { FAULT_TOOL_ID } from './tools/faultTool';
import { ROAD_TOOL_ID } from './roads/roadTool';
import { RIVER_TOOL_ID } from './rivers/riverTool';
import { PLACE_TOOL_ID } from './props/placeTool';
import { SCATTER_TOOL_ID } from './props/scatterTool';
import { SELECT_TOOL_ID } from './props/selectTool';
import type { DriveSession } from './drive/driveSession';

export type PanelTab = ViewSettings['panelTab'];

/** The side panel's tasks, in the order a designer meets them. */
export const PANEL_TABS: ReadonlyArray<{ id: PanelTab; label: string }> = [
  { id: 'generate', label: 'Generate' },
  { id: 'layers', label: 'Layers' },
  { id: 'sculpt', label: 'Sculpt' },
  { id: 'roads', label: 'Roads' },
  { id: 'props', label: 'Props' },
  { id: 'drive', label: 'Drive' },
  { id: 'view', label: 'View' },
];

const TAB_OF_TOOL: Record<string, PanelTab> = {
  [BRUSH_TOOL_ID]: 'sculpt',
  [FAULT_TOOL_ID]: 'sculpt',
  [ROAD_TOOL_ID]: 'roads',
  [RIVER_TOOL_ID]: 'layers',
  [PLACE_TOOL_ID]: 'props',
  [SELECT_TOOL_ID]: 'props',
  [SCATTER_TOOL_ID]: 'props',
};

/** The tab that shows a tool's settings; null for navigation (the panel stays where it is). */
export function tabForTool(toolId: string | null): PanelTab | null {
  return toolId === null ? null : (TAB_OF_TOOL[toolId] ?? null);
}

export function setPanelTab(view: ViewStore, panelTab: PanelTab): void {
  if (view.getState().settings.panelTab === panelTab) return;
  view.setState((s) => ({ settings: { ...s.settings, panelTab } }));
}

/**
 * The panel follows the tool in hand: picking a sculpt or props tool shows its tab, starting a drive
 * or walk shows the Drive tab (Drive This Road shows the Roads tab, where its report is). The user can still pick any tab. Returns the unsubscribe.
 */
export function followActiveTask(view: ViewStore, tools: ToolStore, drive: DriveSession): () => void {
  const offTools = tools.subscribe((state, previous) => {
    const id = state.active?.id ?? null;
    if (id === (previous.active?.id ?? null)) return;
    const tab = tabForTool(id);
    if (tab) setPanelTab(view, tab);
  });
  const offDrive = drive.store.subscribe((state, previous) => {
    // A road's drive keeps its report in view (Roads tab); any other drive shows the Drive tab.
    if (state.mode !== 'off' && previous.mode === 'off') setPanelTab(view, state.autopilot === 'off' ? 'drive' : 'roads');
  });
  return () => {
    offTools();
    offDrive();
  };
}
