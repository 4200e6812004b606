import { useState } from 'react';
import { useStore } from 'zustand';
import { useSession } from '../session';

const DISMISSED_KEY = 'faultline.firstStartHint.dismissed';

function wasDismissed(): boolean {
  try {
    return window.localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The three things to try first, at the top of the side panel (never over either view), shown until
 * dismissed once (remembered in the window's local storage, which Electron keeps in the user's
 * profile); Help › Three Things to Try shows it again. Not modal: it never stands in the way.
 */
export function FirstStartHint() {
  const { view } = useSession();
  const askedFor = useStore(view, (s) => s.hintOpen);
  const [dismissed, setDismissed] = useState(wasDismissed);
  if (dismissed && !askedFor) return null;
  const dismiss = () => {
    try {
      window.localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Storage refused (private window): the hint still goes for this session.
    }
    setDismissed(true);
    view.setState({ hintOpen: false });
  };
  return (
    <section className="first-start-hint" aria-label="Getting started" data-testid="first-start-hint">
      <div className="first-start-head">
        <strong>Three things to try</strong>
        <button type="button" aria-label="Dismiss the getting-started hint" data-testid="first-start-dismiss" onClick={dismiss}>
          ✕
        </button>
      </div>
      <ol>
        <li>
          Pick a <b>preset</b> in Generate and press <b>Run</b>.
        </li>
        <li>
          <b>Sculpt</b>: press <kbd>B</kbd> and drag on the terrain.
        </li>
        <li>
          <b>Test Drive</b>: press <kbd>G</kbd>, drive with{' '}
          <span className="first-start-keys">
            <kbd>W</kbd>
            <kbd>A</kbd>
            <kbd>S</kbd>
            <kbd>D</kbd>
          </span>
          , <kbd>Esc</kbd> leaves.
        </li>
      </ol>
    </section>
  );
}
