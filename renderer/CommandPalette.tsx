import { useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { fuzzyFilter } from '../app/commands/fuzzy';
import { MENU_LABELS } from '../shared/commands';
import { useSession } from './session';
import { Modal } from './ui/Modal';

/** Mod+Shift+P: every registry command, fuzzy-filtered by label and menu. */
export function CommandPalette() {
  const { view } = useSession();
  const open = useStore(view, (s) => s.paletteOpen);
  return open ? <PaletteDialog onClose={() => view.setState({ paletteOpen: false })} /> : null;
}

function PaletteDialog({ onClose }: { onClose: () => void }) {
  const { commands } = useSession();
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState(0);
  const all = useMemo(() => commands.list().filter((c) => c.id !== 'view.commandPalette'), [commands]);
  const textOf = (c: (typeof all)[number]) => `${c.menu ? MENU_LABELS[c.menu] + ': ' : ''}${c.label}`;
  const matches = fuzzyFilter(all, query, textOf);
  const index = Math.min(selected, Math.max(0, matches.length - 1));

  const run = (position: number) => {
    const command = matches[position];
    if (!command || !command.isEnabled()) return;
    onClose();
    void commands.execute(command.id);
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setSelected(Math.min(matches.length - 1, index + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setSelected(Math.max(0, index - 1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      run(index);
    }
  };

  return (
    <Modal label="Command palette" testId="command-palette" className="palette" onCancel={onClose} onBackdrop={onClose}>
      <input
        data-autofocus
        className="palette-input"
        data-testid="command-palette-input"
        placeholder="Type a command…"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setSelected(0);
        }}
        onKeyDown={onKeyDown}
      />
      <ul className="palette-list" role="listbox">
        {matches.map((command, position) => (
          <li
            key={command.id}
            role="option"
            aria-selected={position === index}
            aria-disabled={!command.isEnabled()}
            className={position === index ? 'palette-item selected' : 'palette-item'}
            data-testid={`palette-item-${command.id}`}
            onMouseEnter={() => setSelected(position)}
            onClick={() => run(position)}
          >
            <span>{textOf(command)}</span>
            {command.shortcut && <kbd>{commands.formatShortcut(command.shortcut)}</kbd>}
          </li>
        ))}
        {matches.length === 0 && <li className="palette-empty">No matching command</li>}
      </ul>
    </Modal>
  );
}
