import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import './modal.css';

/** How many modals are open: while any is, Escape is theirs (see `holdEscape`). */
let openCount = 0;

/**
 * The window's own Escape handling (tools, shortcuts) must not act behind a dialog. Stopped, not
 * prevented: the browser still turns the key into the topmost dialog's `cancel` event.
 */
function holdEscape(event: KeyboardEvent): void {
  if (event.key === 'Escape' && openCount > 0) event.stopPropagation();
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusablesIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

export interface ModalProps {
  /** The visible heading, which also names the dialog (aria-labelledby). */
  title?: ReactNode;
  /** The dialog's name when it shows no heading. */
  label?: string;
  testId: string;
  className: string;
  role?: 'dialog' | 'alertdialog';
  /** Escape; without it Escape leaves the dialog open (a question that must be answered). */
  onCancel?: () => void;
  /** A press on the dimmed page outside the dialog. */
  onBackdrop?: () => void;
  children: ReactNode;
}

/**
 * Every dialog's shell: a native `<dialog>` shown with `showModal()`, so it sits in the top layer,
 * the page behind is inert and Escape reaches only the topmost dialog. Tab wraps inside it, the
 * element marked `data-autofocus` (else the first control) gets focus, and focus returns to the
 * opener when it closes. Mounted only while open: the owner decides when it closes.
 */
export function Modal({ title, label, testId, className, role, onCancel, onBackdrop, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const latest = useRef({ onCancel, onBackdrop });
  latest.current = { onCancel, onBackdrop };

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (openCount++ === 0) window.addEventListener('keydown', holdEscape, true);
    dialog.showModal();
    // React's autoFocus ran while the dialog was still closed, so the wanted control is focused here.
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();

    const onCancelEvent = (event: Event) => {
      event.preventDefault();
      latest.current.onCancel?.();
    };
    // The browser may close a dialog whose cancel it keeps refusing; it stays open until its owner closes it.
    const onClose = () => {
      if (dialog.isConnected && !dialog.open) dialog.showModal();
    };
    dialog.addEventListener('cancel', onCancelEvent);
    dialog.addEventListener('close', onClose);
    return () => {
      dialog.removeEventListener('cancel', onCancelEvent);
      dialog.removeEventListener('close', onClose);
      if (dialog.open) dialog.close();
      if (--openCount === 0) window.removeEventListener('keydown', holdEscape, true);
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (event: React.KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !ref.current) return;
    const items = focusablesIn(ref.current);
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    const inside = active instanceof HTMLElement && ref.current.contains(active) && active !== ref.current;
    if (event.shiftKey ? !inside || active === first : !inside || active === last) {
      event.preventDefault();
      (event.shiftKey ? last : first).focus();
    }
  };

  const onMouseDown = (event: React.MouseEvent<HTMLDialogElement>) => {
    // Presses on the ::backdrop are dispatched to the dialog element itself, outside its box.
    const dialog = ref.current;
    if (!dialog || event.target !== dialog) return;
    const box = dialog.getBoundingClientRect();
    const outside = event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
    if (outside) latest.current.onBackdrop?.();
  };

  return (
    <dialog
      ref={ref}
      className={`modal ${className}`}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={title !== undefined ? titleId : undefined}
      aria-label={title === undefined ? label : undefined}
      data-testid={testId}
      onKeyDown={onKeyDown}
      onMouseDown={onMouseDown}
    >
      {title !== undefined && <h2 id={titleId}>{title}</h2>}
      {children}
    </dialog>
  );
}
