import './panels.css';
import type { ReactNode } from 'react';
import { useStore } from 'zustand';
import { PANEL_TABS, setPanelTab, type PanelTab } from '../../app/panelTabs';
import type { EditorSession } from '../../app/editorSession';
import { useSession } from '../session';
import { GeneratePanel } from './GeneratePanel';
import { LayersPanel } from './LayersPanel';
import { TerrainFiltersPanel } from './TerrainFiltersPanel';
import { ToolPanel } from './ToolPanel';
import { PropsSection } from '../props/PropsSection';
import { DrivePanel } from '../drive/DrivePanel';
import { ViewPanel } from './ViewPanel';
import { RoadsPanel } from './RoadsPanel';
import { WaterPanel } from './WaterPanel';
import { FirstStartHint } from '../ui/FirstStartHint';

/**
 * Right-hand column, one tab per task: Generate, Layers, Sculpt, Roads, Props, Drive, View. The tab follows the
 * tool in hand (app/view/panelTabs.ts) and is saved with the view settings. (Esc is handled by the
 * app's shortcuts.)
 */
export function SidePanel() {
  const session = useSession();
  const tab = useStore(session.view, (s) => s.settings.panelTab);
  return (
    <aside className="side-panel" data-testid="side-panel" data-tab={tab}>
      <FirstStartHint />
      <div className="panel-tabs" role="tablist" aria-label="Tasks">
        {PANEL_TABS.map(({ id, label }) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`panel-tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`panel-${id}`}
            data-testid={`panel-tab-${id}`}
            onClick={() => setPanelTab(session.view, id)}
          >
            {label}
          </button>
        ))}
      </div>
      <div className="panel-body" role="tabpanel" id={`panel-${tab}`} aria-labelledby={`panel-tab-${tab}`}>
        {contentOf(tab, session)}
      </div>
    </aside>
  );
}

function contentOf(tab: PanelTab, session: EditorSession): ReactNode {
  const { design } = session;
  switch (tab) {
    case 'generate':
      return <GeneratePanel session={session} design={design} />;
    case 'layers':
      return (
        <>
          <LayersPanel session={session} design={design} />
          <WaterPanel session={session} />
        </>
      );
    case 'sculpt':
      return (
        <>
          <ToolPanel session={session} design={design} />
          <TerrainFiltersPanel design={design} />
        </>
      );
    case 'roads':
      return <RoadsPanel session={session} />;
    case 'props':
      return <PropsSection session={session} />;
    case 'drive':
      return <DrivePanel session={session} />;
    case 'view':
      return <ViewPanel session={session} />;
  }
}
