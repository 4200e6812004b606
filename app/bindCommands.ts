import type { ViewSettings } from '../shared/ipc/contract';
import { createDefaultDocument } from './document';
import type { EditorSession } from './editorSession';
import { projectControllerFor } from './project/projectController';
import { bindExchangeCommands } from './exchange/bindExchange';

/** Binds behaviour to every shared command descriptor. */
export function bindCommands(session: EditorSession): void {
  const { commands, editor, view, tools } = session;
  const setView = (patch: Partial<ViewSettings>) => view.setState((s) => ({ settings: { ...s.settings, ...patch } }));

  const project = projectControllerFor(session);
  // Always enabled: the controller runs one file operation at a time and ignores the rest.
  commands.bind('file.new', { run: () => project.newDocument() });
  commands.bind('file.open', { run: () => project.open() });
  commands.bind('file.openRecent', { run: () => project.showRecent() });
  commands.bind('file.save', { run: () => void project.save() });
  commands.bind('file.saveAs', { run: () => void project.saveAs() });

  commands.bind('edit.undo', { run: () => void editor.undo(), enabled: () => editor.store.getState().canUndo });
  commands.bind('edit.redo', { run: () => void editor.redo(), enabled: () => editor.store.getState().canRedo });

  commands.bind('view.resetCamera', { run: () => view.setState((s) => ({ cameraResetToken: s.cameraResetToken + 1 })) });
  commands.bind('view.toggleWireframe', { run: () => setView({ wireframe: !view.getState().settings.wireframe }) });
  commands.bind('view.colorNatural', { run: () => setView({ colorMode: 'natural' }) });
  commands.bind('view.colorHeight', { run: () => setView({ colorMode: 'height' }) });
  commands.bind('view.colorSlope', { run: () => setView({ colorMode: 'slope' }) });
  commands.bind('view.map2dGrayscale', { run: () => setView({ map2dMode: 'grayscale' }) });
  commands.bind('view.map2dHypsometric', { run: () => setView({ map2dMode: 'hypsometric' }) });
  commands.bind('view.commandPalette', { run: () => view.setState((s) => ({ paletteOpen: !s.paletteOpen })) });

  commands.bind('terrain.defaultTerrain', {
    run: () => {
      // A gesture in progress refers to the old document.
      tools.getState().active?.cancel();
      editor.replaceDocument(createDefaultDocument());
    },
  });

  commands.bind('help.about', { run: () => view.setState({ aboutOpen: true }) });

  bindExchangeCommands(session);
}
