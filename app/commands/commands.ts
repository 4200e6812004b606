import { COMMANDS, type CommandDescriptor, type CommandId } from '../../shared/commands';

export interface CommandBinding {
  run(): void | Promise<void>;
  /** Defaults to always enabled. */
  enabled?(): boolean;
  /** Toggle-like commands: whether the command's mode is on (the toolbar shows it pressed). */
  pressed?(): boolean;
}

export interface RegisteredCommand extends CommandDescriptor {
  readonly id: CommandId;
  run(): void | Promise<void>;
  isEnabled(): boolean;
  isPressed(): boolean | undefined;
}

/** What a view shows of a command; the same object until one of its values changes. */
export interface CommandState {
  readonly enabled: boolean;
  /** Undefined for commands that are not toggles. */
  readonly pressed: boolean | undefined;
}

/** A store or event source the command states depend on. */
export interface StateSource {
  subscribe(listener: () => void): () => void;
}

const UNBOUND: CommandState = { enabled: false, pressed: undefined };

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
  private readonly states = new Map<CommandId, CommandState>();
  private readonly stateListeners = new Map<CommandId, Set<() => void>>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly isMac = false) {}

  /** Binds behaviour to a described command; returns an unbind (a no-op once another binding replaced it). */
  bind(id: CommandId, binding: CommandBinding): () => void {
    this.bindings.set(id, binding);
    this.refresh();
    return () => {
      if (this.bindings.get(id) !== binding) return;
      this.bindings.delete(id);
      this.refresh();
    };
  }

  /** The command's current state: referentially stable while its enabled and pressed values stay the same. */
  state(id: CommandId): CommandState {
    let state = this.states.get(id);
    if (!state) {
      state = this.compute(id);
      this.states.set(id, state);
    }
    return state;
  }

  isPressed(id: CommandId): boolean | undefined {
    return this.bindings.get(id)?.pressed?.();
  }

  /** Calls `listener` whenever this command's state changes. */
  subscribeState(id: CommandId, listener: () => void): () => void {
    let set = this.stateListeners.get(id);
    if (!set) {
      set = new Set();
      this.stateListeners.set(id, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.stateListeners.get(id) === set) this.stateListeners.delete(id);
    };
  }

  /** Calls `listener` whenever any command's state changes (main's menu follows this). */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Re-reads command states whenever `source` changes; returns the unsubscribe. */
  watch(source: StateSource): () => void {
    return source.subscribe(() => this.refresh());
  }

  /** Recomputes every known command state and tells the listeners of those that changed. */
  refresh(): void {
    const changed: CommandId[] = [];
    for (const descriptor of COMMANDS as readonly CommandDescriptor[]) {
      const id = descriptor.id as CommandId;
      const previous = this.states.get(id);
      if (!previous && !this.bindings.has(id)) continue;
      const next = this.compute(id);
      if (previous && previous.enabled === next.enabled && previous.pressed === next.pressed) continue;
      this.states.set(id, next);
      changed.push(id);
    }
    if (changed.length === 0) return;
    for (const id of changed) this.stateListeners.get(id)?.forEach((listener) => listener());
    this.listeners.forEach((listener) => listener());
  }

  /** Unbinds every command and drops every listener. */
  dispose(): void {
    this.bindings.clear();
    this.states.clear();
    this.stateListeners.clear();
    this.listeners.clear();
  }

  private compute(id: CommandId): CommandState {
    const binding = this.bindings.get(id);
    if (!binding) return UNBOUND;
    return { enabled: binding.enabled?.() ?? true, pressed: binding.pressed?.() };
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
        isPressed: () => binding.pressed?.(),
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
