import type { ViewSettings } from '../../shared/ipc/contract';
import { createDefaultDocument } from '../document/document';
import type { SessionCore } from '../sessionTypes';
import type { ProjectController } from '../project/projectController';

/**
 * Binds the session's own commands (file, edit, view, terrain default, help); the features bind
 * theirs. Command states follow the editor, view and tool stores. Returns the unbind.
 */
export function bindCommands(session: Pick<SessionCore, 'commands' | 'editor' | 'view' | 'viewEvents' | 'tools'>, project: ProjectController): () => void {
  const { commands, editor, view, viewEvents, tools } = session;
  const setView = (patch: Partial<ViewSettings>) => view.setState((s) => ({ settings: { ...s.settings, ...patch } }));
  const settings = () => view.getState().settings;

  const unbinders = [
    // Always enabled: the controller runs one file operation at a time and ignores the rest.
    commands.bind('file.new', { run: () => project.newDocument() }),
    commands.bind('file.open', { run: () => project.open() }),
    commands.bind('file.openRecent', { run: () => project.showRecent() }),
    commands.bind('file.save', { run: () => void project.save() }),
    commands.bind('file.saveAs', { run: () => void project.saveAs() }),

    commands.bind('edit.undo', { run: () => void editor.undo(), enabled: () => editor.store.getState().canUndo }),
    commands.bind('edit.redo', { run: () => void editor.redo(), enabled: () => editor.store.getState().canRedo }),

    commands.bind('view.resetCamera', { run: () => viewEvents.resetCamera.emit() }),
    commands.bind('view.toggleWireframe', { run: () => setView({ wireframe: !settings().wireframe }), pressed: () => settings().wireframe }),
    commands.bind('view.colorNatural', { run: () => setView({ colorMode: 'natural' }), pressed: () => settings().colorMode === 'natural' }),
    commands.bind('view.colorHeight', { run: () => setView({ colorMode: 'height' }), pressed: () => settings().colorMode === 'height' }),
    commands.bind('view.colorSlope', { run: () => setView({ colorMode: 'slope' }), pressed: () => settings().colorMode === 'slope' }),
    commands.bind('view.map2dGrayscale', { run: () => setView({ map2dMode: 'grayscale' }) }),
    commands.bind('view.map2dHypsometric', { run: () => setView({ map2dMode: 'hypsometric' }) }),
    commands.bind('view.map2dNatural', { run: () => setView({ map2dMode: 'natural' }) }),
    commands.bind('view.commandPalette', { run: () => view.setState((s) => ({ paletteOpen: !s.paletteOpen })) }),

    commands.bind('terrain.defaultTerrain', {
      run: () => {
        // A gesture in progress refers to the old document.
        tools.getState().active?.cancel();
        editor.replaceDocument(createDefaultDocument());
      },
    }),

    commands.bind('help.about', { run: () => view.setState({ aboutOpen: true }) }),
    commands.bind('help.firstStart', { run: () => view.setState({ hintOpen: true }) }),

    // Every feature's states may read the document, the view settings or the active tool.
    // (A gesture's preview changes no command's state.)
    commands.watch({ subscribe: (listener) => editor.subscribeDocument(listener) }),
    commands.watch(view),
    commands.watch(tools),
  ];
  return () => unbinders.forEach((unbind) => unbind());
}
