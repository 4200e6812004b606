import { COMMANDS, MENU_LABELS, MENU_ORDER, type CommandDescriptor, type MenuName } from '../shared/commands';

/** The subset of Electron's MenuItemConstructorOptions this app uses, as plain data (testable without Electron). */
export interface MenuItemTemplate {
  label?: string;
  role?: 'appMenu' | 'about' | 'quit' | 'cut' | 'copy' | 'paste' | 'selectAll' | 'reload' | 'toggleDevTools' | 'togglefullscreen';
  type?: 'separator';
  accelerator?: string;
  /** false: the shortcut is shown but the renderer handles the key (see buildMenuTemplate). */
  registerAccelerator?: boolean;
  enabled?: boolean;
  submenu?: MenuItemTemplate[];
  click?: () => void;
}

export interface MenuTemplateOptions {
  /** Enabled state per command id as last reported by the renderer; absent ids are enabled. */
  enabled: ReadonlyMap<string, boolean>;
  /** process.platform: macOS gets the app menu with About and Quit. */
  platform: string;
  /** Packaged builds get no reload or developer-tools items. */
  isPackaged: boolean;
  /** Called with the command id when an item is chosen; main forwards it as `menu:command`. */
  onCommand: (id: string) => void;
  commands?: readonly CommandDescriptor[];
}

/** "Mod" in the registry means Cmd on macOS and Ctrl elsewhere, which Electron spells CmdOrCtrl. */
export function toAccelerator(shortcut: string): string {
  return shortcut
    .split('+')
    .map((part) => (part === 'Mod' ? 'CmdOrCtrl' : part))
    .join('+');
}

/** The application menu (File, Edit, View, …, Help) built from the same registry as toolbar and shortcuts. */
export function buildMenuTemplate(options: MenuTemplateOptions): MenuItemTemplate[] {
  const commands = options.commands ?? COMMANDS;
  const isMac = options.platform === 'darwin';
  const template: MenuItemTemplate[] = [];
  if (isMac) template.push({ role: 'appMenu' });

  for (const menu of MENU_ORDER) {
    const items = commandItems(
      commands.filter((c) => c.menu === menu),
      options,
    );
    items.push(...extraItems(menu, options, isMac));
    if (items.length > 0) template.push({ label: MENU_LABELS[menu], submenu: dropDanglingSeparators(items) });
  }
  return template;
}

function commandItems(commands: readonly CommandDescriptor[], options: MenuTemplateOptions): MenuItemTemplate[] {
  const items: MenuItemTemplate[] = [];
  let previousGroup: string | undefined;
  for (const command of commands) {
    if (items.length > 0 && command.group !== previousGroup) items.push({ type: 'separator' });
    previousGroup = command.group;
    const item: MenuItemTemplate = {
      label: command.label,
      enabled: options.enabled.get(command.id) ?? true,
      click: () => options.onCommand(command.id),
    };
    if (command.shortcut) {
      item.accelerator = toAccelerator(command.shortcut);
      // The renderer owns keyboard shortcuts (it knows when a text field has focus); registering them in
      // the menu too would run a command twice, or swallow plain keys like "W" while typing.
      item.registerAccelerator = false;
    }
    items.push(item);
  }
  return items;
}

/** Platform items that do not come from the command registry. */
function extraItems(menu: MenuName, options: MenuTemplateOptions, isMac: boolean): MenuItemTemplate[] {
  switch (menu) {
    case 'file':
      return isMac ? [] : [{ type: 'separator' }, { role: 'quit' }];
    case 'edit':
      // Clipboard roles keep text fields (numbers in panels, palette) working as users expect.
      return [{ type: 'separator' }, { role: 'cut' }, { role: 'copy' }, { role: 'paste' }, { role: 'selectAll' }];
    case 'view':
      return [
        { type: 'separator' },
        { role: 'togglefullscreen' },
        ...(options.isPackaged ? [] : [{ type: 'separator' as const }, { role: 'reload' as const }, { role: 'toggleDevTools' as const }]),
      ];
    default:
      return [];
  }
}

function dropDanglingSeparators(items: MenuItemTemplate[]): MenuItemTemplate[] {
  const result: MenuItemTemplate[] = [];
  for (const item of items) {
    const last = result[result.length - 1];
    if (item.type === 'separator' && (result.length === 0 || last.type === 'separator')) continue;
    result.push(item);
  }
  while (result.length > 0 && result[result.length - 1].type === 'separator') result.pop();
  return result;
}
