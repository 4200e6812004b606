import type { FaultlineApi } from '../shared/ipc/api';
import { COMMANDS, isCommandId } from '../shared/commands';
import type { ViewSettings } from '../shared/ipc/contract';
import { CommandRegistry } from './commands';
import { createDefaultDocument, type TerrainDocument } from './document';
import { Editor } from './editor';
import { createToolStore, type ToolStore } from './tools/toolStore';
import { createHoverStore, createViewStore, type HoverStore, type ViewStore } from './viewStore';
import { bindCommands } from './bindCommands';

/** Everything the UI works with, created once at startup: the editor, its commands and stores. */
export interface EditorSession {
  readonly editor: Editor;
  readonly commands: CommandRegistry;
  readonly tools: ToolStore;
  readonly view: ViewStore;
  readonly hover: HoverStore;
  readonly api: FaultlineApi;
}

export interface SessionOptions {
  api: FaultlineApi;
  isMac?: boolean;
  /** Defaults to the embedded default terrain. */
  document?: TerrainDocument;
}

export function createEditorSession(options: SessionOptions): EditorSession {
  const session: EditorSession = {
    editor: new Editor(options.document ?? createDefaultDocument()),
    commands: new CommandRegistry(options.isMac ?? false),
    tools: createToolStore(),
    view: createViewStore(),
    hover: createHoverStore(),
    api: options.api,
  };
  bindCommands(session);
  return session;
}

/** Enabled state of every described command (unbound ones are disabled), for main's menu. */
export function commandStates(session: EditorSession): Array<{ id: string; enabled: boolean }> {
  return COMMANDS.map((c) => ({ id: c.id, enabled: session.commands.isEnabled(c.id) }));
}

/**
 * Connects the session to the platform: loads the saved view settings, then persists every change
 * of them, keeps main's menu enabled states in step, and runs menu commands. Returns a disconnect.
 */
export async function connectPlatform(session: EditorSession, onError: (message: string, error: unknown) => void): Promise<() => void> {
  const { api, view, editor, tools, commands } = session;
  try {
    const settings = await api.getSettings();
    view.setState({ settings: settings.view });
  } catch (error) {
    onError('Could not load settings', error);
  }

  let persisted: ViewSettings = view.getState().settings;
  const persist = () => {
    const { settings } = view.getState();
    if (settings === persisted) return;
    persisted = settings;
    api.setViewSettings(settings).catch((error: unknown) => onError('Could not save view settings', error));
  };

  let sentStates = '';
  const sendStates = () => {
    const states = commandStates(session);
    const key = JSON.stringify(states);
    if (key === sentStates) return;
    sentStates = key;
    api.setCommandStates(states).catch((error: unknown) => onError('Could not update menu states', error));
  };

  const unsubscribers = [
    view.subscribe(persist),
    view.subscribe(sendStates),
    editor.store.subscribe(sendStates),
    tools.subscribe(sendStates),
    api.onMenuCommand((id) => {
      if (!isCommandId(id)) return;
      commands.execute(id).catch((error: unknown) => onError(`Command ${id} failed`, error));
    }),
  ];
  sendStates();
  return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
}
