import { useLayoutEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { SidePanel } from './panels/SidePanel';
import { Toolbar } from './Toolbar';
import { StatusBar } from './StatusBar';
import { CommandPalette } from './CommandPalette';
import { AboutDialog } from './AboutDialog';
import { ExchangeDialogs } from './exchange/ExchangeDialogs';
import { ProjectLayer } from './project/ProjectLayer';
import { Splitter } from './Splitter';
import { Viewport3D } from './viewport/Viewport3D';
import { Map2D } from './map2d/Map2D';
import { useShortcuts } from './useShortcuts';
import { DEFAULT_SIDE_PX, DEFAULT_VIEWS_SPLIT, MAX_SIDE_PX, SPLITTER_PX, autoSideWidth, mapOverPanelHeight, viewsArrangement } from './viewsLayout';

const MIN_FRACTION = 0.15;
const MIN_SIDE = 200;

/** The workspace's CSS size, followed as the window changes. */
function useSize(element: RefObject<HTMLElement | null>): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const target = element.current;
    if (!target) return;
    const measure = () => {
      const rect = target.getBoundingClientRect();
      setSize((s) => (s.width === rect.width && s.height === rect.height ? s : { width: rect.width, height: rect.height }));
    };
    // The grid (the side column's width is computed from this size) is laid out again at once, before
    // anything else measures: the panes then take a new window size in one step, not the window's first
    // and the side column's a render later. The window's resize event comes first (before the observers,
    // and this listener, added in a layout effect, before the 3D canvas's own, added in a passive one):
    // measured from there, the canvas took an in-between width (870 px, then 974 px, 1600×1000 → 1280×720;
    // issue 34). The observer follows every other change of the workspace's size.
    const settle = () => flushSync(measure);
    const observer = new ResizeObserver(settle);
    observer.observe(target);
    window.addEventListener('resize', settle);
    measure();
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', settle);
    };
  }, [element]);
  return size;
}

/**
 * Toolbar on top; the 3D viewport beside a column of the 2D heightmap (square, the whole map) over the
 * side panel, each resizable; status bar below. Only where a pane beside the 3D view would be about as
 * wide as tall does the map sit between the two (renderer/viewsLayout.ts).
 * The panes stay the same elements in either arrangement (one grid, its areas change), so the 3D
 * view is never made anew.
 */
export function App() {
  useShortcuts();
  const [split, setSplit] = useState(DEFAULT_VIEWS_SPLIT);
  // The side column's width once the user drags it; until then it follows the window (autoSideWidth).
  const [draggedSide, setSideWidth] = useState<number | null>(null);
  const workspace = useRef<HTMLElement>(null);
  const size = useSize(workspace);
  const dragStart = useRef({ split: DEFAULT_VIEWS_SPLIT, side: DEFAULT_SIDE_PX, width: 1 });
  const arrangement = viewsArrangement(size.width, size.height, draggedSide ?? DEFAULT_SIDE_PX);
  const sideWidth = draggedSide ?? autoSideWidth(arrangement, size.width, size.height);
  const beside = arrangement === 'side-by-side';

  const beginDrag = () => {
    dragStart.current = { split, side: sideWidth, width: Math.max(1, size.width - sideWidth - 2 * SPLITTER_PX) };
  };

  const grid: CSSProperties = beside
    ? {
        gridTemplateColumns: `${split}fr ${SPLITTER_PX}px ${1 - split}fr ${SPLITTER_PX}px ${sideWidth}px`,
        gridTemplateRows: '100%',
        gridTemplateAreas: '"three split-views map split-side side"',
      }
    : {
        gridTemplateColumns: `1fr ${SPLITTER_PX}px ${sideWidth}px`,
        gridTemplateRows: `${mapOverPanelHeight(size.height, sideWidth)}px minmax(0, 1fr)`,
        gridTemplateAreas: '"three split-side map" "three split-side side"',
      };

  return (
    <div className="app">
      <Toolbar />
      <main className="workspace" ref={workspace} style={grid} data-arrangement={arrangement}>
        <section className="pane pane-3d" aria-label="3D viewport">
          <Viewport3D />
        </section>
        {beside && (
          <Splitter
            testId="splitter-views"
            area="split-views"
            onDragStart={beginDrag}
            onDrag={(dx) => setSplit(Math.min(1 - MIN_FRACTION, Math.max(MIN_FRACTION, dragStart.current.split + dx / dragStart.current.width)))}
          />
        )}
        <section className="pane pane-2d" aria-label="2D heightmap">
          <Map2D />
        </section>
        <Splitter
          testId="splitter-side"
          area="split-side"
          onDragStart={beginDrag}
          onDrag={(dx) => setSideWidth(Math.min(MAX_SIDE_PX, Math.max(MIN_SIDE, dragStart.current.side - dx)))}
        />
        <div className="side-column">
          <SidePanel />
        </div>
      </main>
      <StatusBar />
      <CommandPalette />
      <AboutDialog />
      <ExchangeDialogs />
      <ProjectLayer />
    </div>
  );
}
