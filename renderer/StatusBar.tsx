import { useStore } from 'zustand';
import { formatHover } from '../app/view/viewStore';
import { useSession } from './session';

/** Map size, cell size, the number of props, the terrain job running, what undo would do, and the exact height under the pointer. */
export function StatusBar() {
  const { editor, hover, props } = useSession();
  const propCount = useStore(props.controller.status, (s) => s.count);
  const width = useStore(editor.store, (s) => s.width);
  const depth = useStore(editor.store, (s) => s.depth);
  const cellSize = useStore(editor.store, (s) => s.cellSize);
  const undoLabel = useStore(editor.store, (s) => s.undoLabel);
  const point = useStore(hover, (s) => s.hover);
  const { design } = useSession();
  const job = useStore(design.jobs.store, (s) => (s.running ? s.label : null));
  return (
    <footer className="status-bar" data-testid="status-bar">
      <span data-testid="status-size">
        {width} × {depth} vertices
      </span>
      <span data-testid="status-cell">cell {cellSize} m</span>
      <span data-testid="status-extent">
        {((width - 1) * cellSize).toFixed(0)} × {((depth - 1) * cellSize).toFixed(0)} m
      </span>
      <span data-testid="status-props" data-count={propCount}>
        {propCount.toLocaleString('en-US')} {propCount === 1 ? 'prop' : 'props'}
      </span>
      <span data-testid="status-job" data-running={job !== null}>
        {job ?? ''}
      </span>
      <span data-testid="status-undo">{undoLabel ? `Undo: ${undoLabel}` : 'Nothing to undo'}</span>
      <span
        className="hover-readout"
        data-testid="hover-readout"
        data-x={point ? String(point.x) : undefined}
        data-z={point ? String(point.z) : undefined}
        data-h={point ? String(point.h) : undefined}
        data-source={point?.source}
        title="The point under the pointer: x east and z south of the map's middle, h its height, metres"
      >
        {point ? formatHover(point) : 'x —  z —  h —'}
      </span>
    </footer>
  );
}
