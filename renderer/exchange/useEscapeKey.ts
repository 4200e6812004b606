import { useEffect, useRef } from 'react';

/** Open dialogs' handlers, most recently opened last: Escape closes only the topmost. */
const stack: Array<{ current: () => void }> = [];

function onKeyDown(event: KeyboardEvent): void {
  if (event.key !== 'Escape' || event.isComposing || stack.length === 0) return;
  // Stopped here so that the window's own Escape handling (tools, driving) does not act behind the dialog.
  event.preventDefault();
  event.stopPropagation();
  stack[stack.length - 1].current();
}

/** Closes a modal dialog on Escape while it is open, wherever the focus is. */
export function useEscapeKey(active: boolean, onEscape: () => void): void {
  const latest = useRef(onEscape);
  latest.current = onEscape;
  useEffect(() => {
    if (!active) return;
    const entry = latest;
    stack.push(entry);
    if (stack.length === 1) window.addEventListener('keydown', onKeyDown, true);
    return () => {
      stack.splice(stack.indexOf(entry), 1);
      if (stack.length === 0) window.removeEventListener('keydown', onKeyDown, true);
    };
  }, [active]);
}
