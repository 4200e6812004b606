import { COMMANDS, type CommandDescriptor, type CommandId } from '../shared/commands';

export interface CommandBinding {
  run(): void | Promise<void>;
  /** Defaults to always enabled. */
  enabled?(): boolean;
}

export interface RegisteredCommand extends CommandDescriptor {
  readonly id: CommandId;
  run(): void | Promise<void>;
  isEnabled(): boolean;
}

export interface KeyChord {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/**
 * Binds behaviour to the shared command descriptors. The same registry answers the toolbar, the
 * keyboard, the command palette and (through main) the application menu.
 */
export class CommandRegistry {
  private readonly bindings = new Map<CommandId, CommandBinding>();

  constructor(private readonly isMac = false) {}

  bind(id: CommandId, binding: CommandBinding): void {
    this.bindings.set(id, binding);
  }

  /** Every described command that has behaviour bound, in declaration order. */
  list(): RegisteredCommand[] {
    const result: RegisteredCommand[] = [];
    for (const descriptor of COMMANDS as readonly CommandDescriptor[]) {
      const binding = this.bindings.get(descriptor.id as CommandId);
      if (!binding) continue;
      result.push({
        ...descriptor,
        id: descriptor.id as CommandId,
        run: () => binding.run(),
        isEnabled: () => binding.enabled?.() ?? true,
      });
    }
    return result;
  }

  isEnabled(id: CommandId): boolean {
    const binding = this.bindings.get(id);
    return binding ? (binding.enabled?.() ?? true) : false;
  }

  /** Runs the command if bound and enabled; returns whether it ran. */
  async execute(id: CommandId): Promise<boolean> {
    const binding = this.bindings.get(id);
    if (!binding || !(binding.enabled?.() ?? true)) return false;
    await binding.run();
    return true;
  }

  /** The bound command whose shortcut matches this key chord, if any. */
  findByChord(chord: KeyChord): RegisteredCommand | undefined {
    return this.list().find((command) => command.shortcut !== undefined && shortcutMatches(command.shortcut, chord, this.isMac));
  }

  /** Human-readable shortcut for display ("Ctrl+Shift+Z" or "⌘⇧Z"). */
  formatShortcut(shortcut: string): string {
    if (!this.isMac) return shortcut.replace('Mod', 'Ctrl');
    return shortcut.replace('Mod+', '⌘').replace('Shift+', '⇧').replace('Alt+', '⌥');
  }
}

/** Whether an accelerator like "Mod+Shift+Z" matches a keyboard event's chord. */
export function shortcutMatches(shortcut: string, chord: KeyChord, isMac: boolean): boolean {
  const parts = shortcut.split('+');
  const key = parts.pop()?.toLowerCase();
  const wantMod = parts.includes('Mod');
  const wantShift = parts.includes('Shift');
  const wantAlt = parts.includes('Alt');
  const mod = isMac ? chord.metaKey : chord.ctrlKey;
  const otherMod = isMac ? chord.ctrlKey : chord.metaKey;
  return chord.key.toLowerCase() === key && mod === wantMod && chord.shiftKey === wantShift && chord.altKey === wantAlt && !otherMod;
}
