import { describe, expect, it, vi } from 'vitest';
import { COMMANDS, type CommandId } from '../../shared/commands';
import { CommandRegistry, shortcutMatches, type KeyChord } from './commands';

function chord(key: string, mods: Partial<Omit<KeyChord, 'key'>> = {}): KeyChord {
  return { key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods };
}

describe('CommandRegistry', () => {
  it('lists only bound commands, in declaration order, with their descriptors', () => {
    const registry = new CommandRegistry();
    registry.bind('edit.redo', { run: () => {} });
    registry.bind('file.new', { run: () => {} });
    const listed = registry.list();
    expect(listed.map((c) => c.id)).toEqual(['file.new', 'edit.redo']);
    expect(listed[1]).toMatchObject({ label: 'Redo', shortcut: 'Mod+Shift+Z', menu: 'edit' });
  });

  it('executes enabled commands only and reports whether they ran', async () => {
    const registry = new CommandRegistry();
    let runs = 0;
    let enabled = false;
    registry.bind('edit.undo', { run: () => void runs++, enabled: () => enabled });
    expect(registry.isEnabled('edit.undo')).toBe(false);
    expect(await registry.execute('edit.undo')).toBe(false);
    enabled = true;
    expect(registry.isEnabled('edit.undo')).toBe(true);
    expect(registry.list()[0].isEnabled()).toBe(true);
    expect(await registry.execute('edit.undo')).toBe(true);
    expect(runs).toBe(1);
    expect(await registry.execute('edit.redo')).toBe(false);
    expect(registry.isEnabled('edit.redo')).toBe(false);
  });

  it('waits for asynchronous commands', async () => {
    const registry = new CommandRegistry();
    let done = false;
    registry.bind('file.save', { run: () => new Promise<void>((resolve) => setTimeout(() => ((done = true), resolve()), 5)) });
    await registry.execute('file.save');
    expect(done).toBe(true);
  });

  it('binding again replaces the behaviour', async () => {
    const registry = new CommandRegistry();
    const calls: string[] = [];
    registry.bind('help.about', { run: () => void calls.push('first') });
    registry.bind('help.about', { run: () => void calls.push('second') });
    await registry.execute('help.about');
    expect(calls).toEqual(['second']);
    expect(registry.list()).toHaveLength(1);
  });

  it('finds commands by key chord with Mod as Ctrl elsewhere and Cmd on macOS', () => {
    const other = new CommandRegistry(false);
    const mac = new CommandRegistry(true);
    for (const registry of [other, mac]) for (const c of COMMANDS) registry.bind(c.id as CommandId, { run: () => {} });
    expect(other.findByChord(chord('z', { ctrlKey: true }))?.id).toBe('edit.undo');
    expect(other.findByChord(chord('Z', { ctrlKey: true, shiftKey: true }))?.id).toBe('edit.redo');
    expect(other.findByChord(chord('z', { metaKey: true }))).toBeUndefined();
    expect(mac.findByChord(chord('z', { metaKey: true }))?.id).toBe('edit.undo');
    expect(mac.findByChord(chord('z', { ctrlKey: true }))).toBeUndefined();
    expect(other.findByChord(chord('w'))?.id).toBe('view.toggleWireframe');
    expect(other.findByChord(chord('w', { ctrlKey: true }))).toBeUndefined();
    expect(other.findByChord(chord('Home'))?.id).toBe('view.resetCamera');
  });

  it('keeps a command state the same object until a watched change alters it, telling only its listeners', () => {
    const registry = new CommandRegistry();
    let wireframe = false;
    let undoable = false;
    const sourceListeners = new Set<() => void>();
    const source = { subscribe: (listener: () => void) => (sourceListeners.add(listener), () => void sourceListeners.delete(listener)) };
    const changed = () => sourceListeners.forEach((listener) => listener());
    registry.bind('view.toggleWireframe', { run: () => {}, pressed: () => wireframe });
    registry.bind('edit.undo', { run: () => {}, enabled: () => undoable });
    const stopWatching = registry.watch(source);
    const wire = registry.state('view.toggleWireframe');
    const undo = registry.state('edit.undo');
    expect(wire).toEqual({ enabled: true, pressed: false });
    expect(undo).toEqual({ enabled: false, pressed: undefined });
    const told: string[] = [];
    registry.subscribeState('view.toggleWireframe', () => told.push('wire'));
    registry.subscribeState('edit.undo', () => told.push('undo'));
    registry.subscribe(() => told.push('any'));
    changed();
    expect(registry.state('view.toggleWireframe')).toBe(wire);
    expect(told).toEqual([]);
    wireframe = true;
    changed();
    expect(registry.state('view.toggleWireframe')).toEqual({ enabled: true, pressed: true });
    expect(registry.isPressed('view.toggleWireframe')).toBe(true);
    expect(registry.state('edit.undo')).toBe(undo);
    expect(told).toEqual(['wire', 'any']);
    stopWatching();
    undoable = true;
    changed();
    expect(registry.state('edit.undo')).toBe(undo);
  });

  it('unbinds a command (only its own binding), which disables it and tells its listeners', () => {
    const registry = new CommandRegistry();
    const unbindFirst = registry.bind('file.new', { run: () => {} });
    const listener = vi.fn();
    registry.subscribeState('file.new', listener);
    expect(registry.state('file.new').enabled).toBe(true);
    const unbindSecond = registry.bind('file.new', { run: () => {}, enabled: () => true });
    unbindFirst();
    expect(registry.list().map((c) => c.id)).toEqual(['file.new']);
    unbindSecond();
    expect(registry.list()).toEqual([]);
    expect(registry.state('file.new')).toEqual({ enabled: false, pressed: undefined });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('formats shortcuts for display per platform', () => {
    expect(new CommandRegistry(false).formatShortcut('Mod+Shift+Z')).toBe('Ctrl+Shift+Z');
    expect(new CommandRegistry(true).formatShortcut('Mod+Shift+Z')).toBe('⌘⇧Z');
  });
});

describe('shortcutMatches', () => {
  it('requires exactly the modifiers the shortcut names', () => {
    expect(shortcutMatches('Mod+S', chord('s', { ctrlKey: true }), false)).toBe(true);
    expect(shortcutMatches('Mod+S', chord('s', { metaKey: true }), true)).toBe(true);
    expect(shortcutMatches('Mod+S', chord('s', { ctrlKey: true, shiftKey: true }), false)).toBe(false);
    expect(shortcutMatches('Mod+Shift+S', chord('s', { ctrlKey: true }), false)).toBe(false);
    expect(shortcutMatches('Mod+Shift+S', chord('S', { ctrlKey: true, shiftKey: true }), false)).toBe(true);
    expect(shortcutMatches('Mod+S', chord('s', { ctrlKey: true, altKey: true }), false)).toBe(false);
    expect(shortcutMatches('Mod+S', chord('s', { ctrlKey: true, metaKey: true }), false)).toBe(false);
    expect(shortcutMatches('Mod+S', chord('s', { metaKey: true, ctrlKey: true }), true)).toBe(false);
    expect(shortcutMatches('Mod+S', chord('d', { ctrlKey: true }), false)).toBe(false);
    expect(shortcutMatches('Alt+X', chord('x', { altKey: true }), false)).toBe(true);
  });
});
