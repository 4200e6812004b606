import { useLayoutEffect, useRef, useState } from 'react';

interface ClampedHintProps {
  text: string;
  testId: string;
}

/**
 * A hint of a few lines under a field (a preset's description): two lines, and "More" to read the rest
 * where it is longer, so the buttons under it (Generate's Run) stay in view in a small window. The
 * whole text is the paragraph's tooltip too; a new text starts folded again.
 */
export function ClampedHint({ text, testId }: ClampedHintProps) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [open, setOpen] = useState(false);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => setOpen(false), [text]);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || open) return;
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    measure();
    return () => observer.disconnect();
  }, [text, open]);
  return (
    <div className="clamped-hint">
      <p ref={ref} className={open ? 'hint' : 'hint clamped'} data-testid={testId} title={open ? undefined : text}>
        {text}
      </p>
      {(overflows || open) && (
        <button type="button" className="hint-more" data-testid={`${testId}-more`} aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Less' : 'More'}
        </button>
      )}
    </div>
  );
}
