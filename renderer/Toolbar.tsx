import type { CommandId } from '../shared/commands';
import type { ViewSettings } from '../shared/ipc/contract';
import { BRUSH_TOOL_ID } from '../app/tools/brushTool';
import { FAULT_TOOL_ID } from '../app/tools/faultTool';
import { useSession, useCommandStateTick } from './session';
import { driveSessionFor } from './drive/driveSessionFor';
import type { DriveSession } from '../app/drive/driveSession';

/** Whether a toggle-like command reflects the current view settings (shown pressed). */
function isActive(id: CommandId, settings: ViewSettings, activeTool: string | undefined, drive: DriveSession): boolean | undefined {
  switch (id) {
    case 'drive.toggle':
      return drive.mode === 'drive';
    case 'drive.walk':
      return drive.mode === 'walk';
    case 'view.drivability':
      return drive.settings.drivabilityOverlay;
    case 'tool.navigate':
      return activeTool === undefined;
    case 'tool.brush':
      return activeTool === BRUSH_TOOL_ID;
    case 'tool.fault':
      return activeTool === FAULT_TOOL_ID;
    case 'view.toggleWireframe':
      return settings.wireframe;
    case 'view.colorNatural':
      return settings.colorMode === 'natural';
    case 'view.colorHeight':
      return settings.colorMode === 'height';
    case 'view.colorSlope':
      return settings.colorMode === 'slope';
    default:
      return undefined;
  }
}

/** Buttons for every registry command marked `toolbar`, with enabled state and shortcut tooltips. */
export function Toolbar() {
  const session = useSession();
  const { commands, view, tools } = session;
  const drive = driveSessionFor(session);
  useCommandStateTick();
  const settings = view.getState().settings;
  const activeTool = tools.getState().active?.id;
  const items = commands.list().filter((c) => c.toolbar);
  return (
    <header className="toolbar" role="toolbar" aria-label="Commands">
      <span className="brand">Faultline</span>
      {items.map((command, index) => {
        const pressed = isActive(command.id, settings, activeTool, drive);
        const separated = index > 0 && items[index - 1].group !== command.group;
        return (
          <button
            key={command.id}
            type="button"
            className={separated ? 'tool-button separated' : 'tool-button'}
            data-testid={`cmd-${command.id}`}
            disabled={!command.isEnabled()}
            aria-pressed={pressed}
            title={command.shortcut ? `${command.label} (${commands.formatShortcut(command.shortcut)})` : command.label}
            onClick={() => void commands.execute(command.id)}
          >
            {command.label}
          </button>
        );
      })}
      <span className="toolbar-spacer" />
      <button
        type="button"
        className="tool-button"
        data-testid="open-palette"
        title={`Command Palette (${commands.formatShortcut('Mod+Shift+P')})`}
        onClick={() => void commands.execute('view.commandPalette')}
      >
        Commands…
      </button>
    </header>
  );
}
