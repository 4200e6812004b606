import { describe, expect, it } from 'vitest';
import { COMMANDS, MENU_LABELS, type CommandDescriptor } from '../shared/commands';
import { buildMenuTemplate, toAccelerator, type MenuItemTemplate } from './menu';

const commands: readonly CommandDescriptor[] = COMMANDS;
const build = (overrides: Partial<Parameters<typeof buildMenuTemplate>[0]> = {}) =>
  buildMenuTemplate({ enabled: new Map(), platform: 'linux', isPackaged: true, onCommand: () => undefined, ...overrides });

const flatten = (items: MenuItemTemplate[]): MenuItemTemplate[] => items.flatMap((item) => [item, ...flatten(item.submenu ?? [])]);
const submenu = (template: MenuItemTemplate[], label: string) => template.find((m) => m.label === label)?.submenu ?? [];

describe('application menu', () => {
  it('has File, Edit, View and Help, with every menu command exactly once', () => {
    const template = build();
    const labels = template.map((m) => m.label);
    for (const name of ['File', 'Edit', 'View', 'Help']) expect(labels).toContain(name);
    const items = flatten(template);
    for (const command of commands.filter((c) => c.menu)) {
      const matches = items.filter((i) => i.label === command.label);
      expect(matches, command.id).toHaveLength(1);
      expect(submenu(template, MENU_LABELS[command.menu!]).includes(matches[0]), command.id).toBe(true);
    }
  });

  it('maps shortcuts to Electron accelerators shown in the menu', () => {
    expect(toAccelerator('Mod+Shift+S')).toBe('CmdOrCtrl+Shift+S');
    expect(toAccelerator('Home')).toBe('Home');
    const items = flatten(build());
    for (const command of commands.filter((c) => c.menu && c.shortcut)) {
      const item = items.find((i) => i.label === command.label)!;
      expect(item.accelerator).toBe(command.shortcut!.replace('Mod', 'CmdOrCtrl'));
      expect(item.accelerator).not.toMatch(/\bMod\b/);
    }
  });

  it('separates groups and never starts, ends or doubles a separator', () => {
    for (const menu of build()) {
      const items = menu.submenu ?? [];
      expect(items[0]?.type, menu.label).not.toBe('separator');
      expect(items[items.length - 1]?.type, menu.label).not.toBe('separator');
      items.forEach((item, index) => {
        if (item.type === 'separator') expect(items[index + 1].type).not.toBe('separator');
      });
    }
    const file = submenu(build(), 'File');
    const newIndex = file.findIndex((i) => i.label === 'New');
    const saveIndex = file.findIndex((i) => i.label === 'Save');
    expect(file.slice(newIndex, saveIndex).some((i) => i.type === 'separator')).toBe(true);
  });

  it('uses the enabled states the renderer reported', () => {
    const items = flatten(
      build({
        enabled: new Map([
          ['edit.undo', false],
          ['edit.redo', true],
        ]),
      }),
    );
    expect(items.find((i) => i.label === 'Undo')?.enabled).toBe(false);
    expect(items.find((i) => i.label === 'Redo')?.enabled).toBe(true);
    expect(items.find((i) => i.label === 'Save')?.enabled).toBe(true);
  });

  it('sends the command id when an item is clicked', () => {
    const sent: string[] = [];
    const items = flatten(build({ onCommand: (id) => sent.push(id) }));
    items.find((i) => i.label === 'Reset Camera')!.click!();
    items.find((i) => i.label === 'Save As…')!.click!();
    expect(sent).toEqual(['view.resetCamera', 'file.saveAs']);
  });

  it('offers reload and developer tools only in unpackaged builds', () => {
    const roles = (isPackaged: boolean) => flatten(build({ isPackaged })).map((i) => i.role);
    expect(roles(true)).not.toContain('reload');
    expect(roles(true)).not.toContain('toggleDevTools');
    expect(roles(false)).toContain('reload');
    expect(roles(false)).toContain('toggleDevTools');
  });

  it('puts Quit in File elsewhere and the app menu first on macOS', () => {
    expect(submenu(build(), 'File').some((i) => i.role === 'quit')).toBe(true);
    const mac = build({ platform: 'darwin' });
    expect(mac[0].role).toBe('appMenu');
    expect(submenu(mac, 'File').some((i) => i.role === 'quit')).toBe(false);
  });
});
