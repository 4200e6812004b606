import { useRef, useState } from 'react';
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

const MIN_FRACTION = 0.15;
const MIN_SIDE = 200;
const MAX_SIDE = 560;

/** Toolbar on top; 3D viewport | 2D heightmap | side panel, each resizable; status bar below. */
export function App() {
  useShortcuts();
  const [split, setSplit] = useState(0.6);
  const [sideWidth, setSideWidth] = useState(300);
  const views = useRef<HTMLDivElement>(null);
  const dragStart = useRef({ split: 0.6, side: 300, width: 1 });

  const beginDrag = () => {
    dragStart.current = { split, side: sideWidth, width: views.current?.getBoundingClientRect().width ?? 1 };
  };

  return (
    <div className="app">
      <Toolbar />
      <main className="workspace">
        <div className="views" ref={views} style={{ gridTemplateColumns: `${split}fr 6px ${1 - split}fr` }}>
          <section className="pane" aria-label="3D viewport">
            <Viewport3D />
          </section>
          <Splitter
            testId="splitter-views"
            onDragStart={beginDrag}
            onDrag={(dx) => setSplit(Math.min(1 - MIN_FRACTION, Math.max(MIN_FRACTION, dragStart.current.split + dx / dragStart.current.width)))}
          />
          <section className="pane" aria-label="2D heightmap">
            <Map2D />
          </section>
        </div>
        <Splitter
          testId="splitter-side"
          onDragStart={beginDrag}
          onDrag={(dx) => setSideWidth(Math.min(MAX_SIDE, Math.max(MIN_SIDE, dragStart.current.side - dx)))}
        />
        <div className="side-column" style={{ width: `${sideWidth}px` }}>
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
