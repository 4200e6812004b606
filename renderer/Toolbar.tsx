import type { CommandRegistry, RegisteredCommand } from '../app/commands/commands';
import { useCommandState, useSession } from './session';

/**
 * Buttons for every registry command marked `toolbar`, with enabled and pressed states and shortcut
 * tooltips. The bar itself renders once; each button follows only its own command's state.
 */
export function Toolbar() {
  const { commands } = useSession();
  const items = commands.list().filter((c) => c.toolbar);
  return (
    <header className="toolbar" role="toolbar" aria-label="Commands">
      <span className="brand">Faultline</span>
      {items.map((command, index) => (
        <ToolbarButton key={command.id} commands={commands} command={command} separated={index > 0 && items[index - 1].group !== command.group} />
      ))}
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

function ToolbarButton({ commands, command, separated }: { commands: CommandRegistry; command: RegisteredCommand; separated: boolean }) {
  const { id } = command;
  const state = useCommandState(id);
  return (
    <button
      type="button"
      className={separated ? 'tool-button separated' : 'tool-button'}
      data-testid={`cmd-${id}`}
      disabled={!state.enabled}
      aria-pressed={state.pressed}
      title={command.shortcut ? `${command.label} (${commands.formatShortcut(command.shortcut)})` : command.label}
      onClick={() => void commands.execute(id)}
    >
      {command.label}
    </button>
  );
}
