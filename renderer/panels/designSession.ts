import type { EditorSession } from '../../app/editorSession';
import { bindDesignCommands, createTerrainDesign, type TerrainDesign } from '../../app/tools/terrainDesign';
import { createWorkerTransport } from '../workers/workerTransport';

const designs = new WeakMap<EditorSession, TerrainDesign>();

/** The session's terrain-design loop, created (with its worker transport and commands) on first use. */
export function terrainDesignFor(session: EditorSession): TerrainDesign {
  let design = designs.get(session);
  if (!design) {
    design = createTerrainDesign(session.editor, session.tools, createWorkerTransport());
    bindDesignCommands(session.commands, session.editor, design);
    designs.set(session, design);
    // Toolbar and menu enabled states refresh on tool-store changes: nudge them when commands are
    // bound and whenever a job starts or ends (terrain.generate / runMore / cancelJob depend on it).
    const refreshCommandStates = () => session.tools.setState({});
    let running = design.jobs.store.getState().running;
    design.jobs.store.subscribe((state) => {
      if (state.running === running) return;
      running = state.running;
      refreshCommandStates();
    });
    refreshCommandStates();
  }
  return design;
}
