import { useRef } from 'react';

/** A vertical bar that reports horizontal drags in CSS pixels since the drag started. */
export function Splitter({ onDrag, onDragStart, testId, area }: { onDrag: (dx: number) => void; onDragStart: () => void; testId: string; area: string }) {
  const start = useRef<number | null>(null);
  return (
    <div
      className="splitter"
      role="separator"
      aria-orientation="vertical"
      data-testid={testId}
      style={{ gridArea: area }}
      onPointerDown={(e) => {
        start.current = e.clientX;
        e.currentTarget.setPointerCapture(e.pointerId);
        onDragStart();
      }}
      onPointerMove={(e) => {
        if (start.current !== null) onDrag(e.clientX - start.current);
      }}
      onPointerUp={(e) => {
        start.current = null;
        e.currentTarget.releasePointerCapture(e.pointerId);
      }}
    />
  );
}
