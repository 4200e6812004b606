import { useStore } from 'zustand';
import type { EditorSession } from '../../app/editorSession';
import { RoadReportSection } from './RoadReportSection';

/** Drive this road and its report, for the road the Roads tab has selected (else the topmost road). */
export function RoadDriveSection({ session }: { session: EditorSession }) {
  useStore(session.editor.store, (s) => s.version);
  useStore(session.design.layers.store, (s) => s.selectedId);
  const current = session.roadReport.reports.road();
  if (!current) return null;
  return (
    <section aria-label="Road drive and report" data-testid="road-drive-section" data-road={current.id}>
      <h3>Drive and report: {current.name}</h3>
      <RoadReportSection roadId={current.id} />
    </section>
  );
}
