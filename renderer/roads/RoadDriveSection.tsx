import { useStore } from 'zustand';
import type { EditorSession } from '../../app/editorSession';
import { currentRoad } from '../../app/roads/currentRoad';
import { RoadReportSection } from './RoadReportSection';

/** Drive this road and its report, for the road the Roads tab has selected (else the topmost road). */
export function RoadDriveSection({ session }: { session: EditorSession }) {
  useStore(session.editor.store, (s) => s.version);
  const selectedId = useStore(session.design.layers.store, (s) => s.selectedId);
  // From the selection, not reports.road(): the section pins the road it shows (pick), so reading
  // that back would keep the first road after another is selected.
  const current = currentRoad(session.editor.document.stack, selectedId);
  if (!current) return null;
  return (
    <section aria-label="Road drive and report" data-testid="road-drive-section" data-road={current.id}>
      <h3>Drive and report: {current.name}</h3>
      <RoadReportSection roadId={current.id} />
    </section>
  );
}
