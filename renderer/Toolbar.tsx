import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { CommandRegistry, RegisteredCommand } from '../app/commands/commands';
import { useCommandState, useSession } from './session';
import { CommandIcon, hasIcon } from './ui/icons';
import { fitToolbar, type ToolbarFit } from './ui/toolbarFit';

const OVERFLOW_BUTTON_PX = 40;
/** Groups whose labels stay longest: the tools a designer switches between all the time. */
const PRIMARY_GROUPS = new Set(['tools', 'drive']);
/** The toolbar's forms, widest first: every label, the primary commands' labels, icons only. */
const FORMS = ['labels', 'primary', 'icons'] as const;
type Form = (typeof FORMS)[number];

function showsLabel(form: Form, command: RegisteredCommand): boolean {
  if (!hasIcon(command.id)) return true;
  return form === 'labels' || (form === 'primary' && PRIMARY_GROUPS.has(command.group ?? ''));
}

/**
 * Buttons for every registry command marked `toolbar`, with enabled and pressed states and shortcut
 * tooltips. It fits any width: labels go first (icons stay, the label moves to the tooltip; the
 * tools' labels last), then the commands that still do not fit move into the "More" menu, so every command stays one or two
 * clicks away. Each button follows only its own command's state.
 */
export function Toolbar() {
  const { commands } = useSession();
  const items = commands.list().filter((c) => c.toolbar);
  const bar = useRef<HTMLDivElement>(null);
  const measure = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState<ToolbarFit>({ form: 0, shown: items.length });

  const refit = useCallback(() => {
    const row = bar.current;
    const probe = measure.current;
    if (!row || !probe) return;
    const widthsOf = (form: Form) => [...probe.querySelectorAll<HTMLElement>(`[data-form="${form}"]`)].map((el) => el.offsetWidth + marginOf(el) + 4);
    const next = fitToolbar(FORMS.map(widthsOf), row.clientWidth, OVERFLOW_BUTTON_PX);
    setFit((current) => (current.form === next.form && current.shown === next.shown ? current : next));
  }, []);

  useLayoutEffect(() => {
    refit();
    const observer = new ResizeObserver(refit);
    if (bar.current) observer.observe(bar.current);
    return () => observer.disconnect();
  }, [refit, items.length]);

  const hidden = items.slice(fit.shown);
  const form = FORMS[fit.form];
  return (
    <header className="toolbar" role="toolbar" aria-label="Commands" data-form={form} data-testid="toolbar">
      <span className="brand">Faultline</span>
      <div className="toolbar-commands" ref={bar}>
        {items.slice(0, fit.shown).map((command, index) => (
          <ToolbarButton
            key={command.id}
            commands={commands}
            command={command}
            separated={index > 0 && items[index - 1].group !== command.group}
            label={showsLabel(form, command)}
          />
        ))}
        {hidden.length > 0 && <OverflowMenu commands={commands} hidden={hidden} />}
      </div>
      <button
        type="button"
        className="tool-button"
        data-testid="open-palette"
        title={`Command Palette (${commands.formatShortcut('Mod+Shift+P')})`}
        onClick={() => void commands.execute('view.commandPalette')}
      >
        Commands…
      </button>
      {/* Invisible copies in both forms, measured to decide the layout. */}
      <div className="toolbar-measure" ref={measure} aria-hidden="true">
        {items.map((command, index) => {
          const separated = index > 0 && items[index - 1].group !== command.group;
          return FORMS.map((probeForm) => (
            <span key={`${command.id}-${probeForm}`} data-form={probeForm} className={buttonClass(separated, showsLabel(probeForm, command))}>
              <CommandIcon id={command.id} />
              {showsLabel(probeForm, command) && <span className="tool-label">{command.label}</span>}
            </span>
          ));
        })}
      </div>
    </header>
  );
}

function marginOf(element: HTMLElement): number {
  const style = getComputedStyle(element);
  return parseFloat(style.marginLeft) + parseFloat(style.marginRight);
}

function buttonClass(separated: boolean, label: boolean): string {
  return ['tool-button', separated ? 'separated' : '', label ? '' : 'icon-only'].filter(Boolean).join(' ');
}

function tooltip(commands: CommandRegistry, command: RegisteredCommand): string {
  return command.shortcut ? `${command.label} (${commands.formatShortcut(command.shortcut)})` : command.label;
}

function ToolbarButton({ commands, command, separated, label }: { commands: CommandRegistry; command: RegisteredCommand; separated: boolean; label: boolean }) {
  const { id } = command;
  const state = useCommandState(id);
  return (
    <button
      type="button"
      className={buttonClass(separated, label)}
      data-testid={`cmd-${id}`}
      disabled={!state.enabled}
      aria-pressed={state.pressed}
      aria-label={command.label}
      title={tooltip(commands, command)}
      onClick={() => void commands.execute(id)}
    >
      <CommandIcon id={id} />
      {label && <span className="tool-label">{command.label}</span>}
    </button>
  );
}

/** The commands that do not fit, as a menu: Escape or a click elsewhere closes it. */
function OverflowMenu({ commands, hidden }: { commands: CommandRegistry; hidden: RegisteredCommand[] }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('pointerdown', onPointer, true);
    root.current?.querySelector<HTMLButtonElement>('[role="menuitem"]:not(:disabled)')?.focus();
    return () => {
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('pointerdown', onPointer, true);
    };
  }, [open]);

  return (
    <div className="toolbar-overflow" ref={root}>
      <button
        ref={button}
        type="button"
        className="tool-button"
        data-testid="toolbar-more"
        aria-haspopup="menu"
        aria-expanded={open}
        title={`More commands (${hidden.length})`}
        aria-label="More commands"
        onClick={() => setOpen((o) => !o)}
      >
        ⋯
      </button>
      {open && (
        <div className="toolbar-menu" role="menu" aria-label="More commands" data-testid="toolbar-menu">
          {hidden.map((command) => (
            <OverflowItem key={command.id} commands={commands} command={command} onDone={() => setOpen(false)} />
          ))}
        </div>
      )}
    </div>
  );
}

function OverflowItem({ commands, command, onDone }: { commands: CommandRegistry; command: RegisteredCommand; onDone(): void }) {
  const state = useCommandState(command.id);
  return (
    <button
      type="button"
      role={state.pressed === undefined ? 'menuitem' : 'menuitemcheckbox'}
      aria-checked={state.pressed}
      data-testid={`more-${command.id}`}
      disabled={!state.enabled}
      onClick={() => {
        onDone();
        void commands.execute(command.id);
      }}
    >
      <CommandIcon id={command.id} />
      <span className="tool-label">{command.label}</span>
      {command.shortcut && <kbd>{commands.formatShortcut(command.shortcut)}</kbd>}
    </button>
  );
}
