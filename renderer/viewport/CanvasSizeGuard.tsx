import { useEffect } from 'react';
import { useStore } from '@react-three/fiber';

/** How long after the last size change (of the window or of the view's box) the canvas's size is checked. */
export const CANVAS_SIZE_CHECK_MS = 200;

/**
 * Makes the 3D canvas end at its box's final size after any resize. The canvas's own measure (R3F's,
 * debounced) can keep an in-between width: a new window size reaches the view in steps (the window, then
 * the side column's width for it), and a measure taken between them was once the last one, leaving the
 * canvas narrower than its box beside a dark strip. So, a while after the last change, the size the view
 * draws at is compared with its box's client size and set again when they differ.
 */
export function CanvasSizeGuard() {
  const store = useStore();
  useEffect(() => {
    const canvas = store.getState().gl.domElement;
    const box = canvas.parentElement;
    if (!box) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      timer = undefined;
      const rect = box.getBoundingClientRect();
      if (rect.width <= 0 || rect.height <= 0) return;
      const { size, setSize, invalidate } = store.getState();
      if (size.width === rect.width && size.height === rect.height) return;
      setSize(rect.width, rect.height, rect.top, rect.left);
      invalidate();
    };
    const schedule = () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(check, CANVAS_SIZE_CHECK_MS);
    };
    const observer = new ResizeObserver(schedule);
    observer.observe(box);
    window.addEventListener('resize', schedule);
    // The view's own size changes too (a measure of its own after ours): checked again after each.
    const unsubscribe = store.subscribe((state, previous) => {
      if (state.size !== previous.size) schedule();
    });
    return () => {
      if (timer !== undefined) clearTimeout(timer);
      observer.disconnect();
      window.removeEventListener('resize', schedule);
      unsubscribe();
    };
  }, [store]);
  return null;
}
