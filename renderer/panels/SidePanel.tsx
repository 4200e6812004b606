import './panels.css';
import { useSession } from '../session';
import { GeneratePanel } from './GeneratePanel';
import { ToolPanel } from './ToolPanel';
import { PropsSection } from '../props/PropsSection';
import { DrivePanel } from '../drive/DrivePanel';
import { ViewPanel } from './ViewPanel';

/** Right-hand column: the design tools and the fault-formation generator. (Esc is handled by the app's shortcuts.) */
export function SidePanel() {
  const session = useSession();
  const { design } = session;
  return (
    <aside className="side-panel" data-testid="side-panel">
      <ToolPanel session={session} design={design} />
      <ViewPanel session={session} />
      <PropsSection session={session} />
      <GeneratePanel session={session} design={design} />
      <DrivePanel session={session} />
    </aside>
  );
}
