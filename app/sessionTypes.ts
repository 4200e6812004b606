import type { FaultlineApi } from '../shared/ipc/api';
import type { CommandRegistry } from './commands/commands';
import type { Editor } from './document/editor';
import type { ToolStore } from './tools/toolStore';
import type { InputRouter } from './tools/inputRouter';
import type { ViewEvents } from './view/viewEvents';
import type { HoverStore, ViewStore } from './view/viewStore';

/**
 * The core of the editor session that every feature is built over (app/editorSession.ts makes it
 * first, then the features). Features import it from here, not from editorSession.ts, which imports
 * every feature: the import graph stays free of cycles, type imports included.
 */
export interface SessionCore {
  readonly editor: Editor;
  readonly commands: CommandRegistry;
  readonly tools: ToolStore;
  readonly view: ViewStore;
  /** One-off view happenings (Reset Camera) for the 3D and 2D views. */
  readonly viewEvents: ViewEvents;
  readonly hover: HoverStore;
  /** Both views' pointer input, routed to the active tool (app/tools/inputRouter.ts). */
  readonly input: InputRouter;
  readonly api: FaultlineApi;
}
