import { useEffect, useRef } from 'react';
import { displacementAt, type DecaySchedule } from '../../shared/fault/recipe';

const WIDTH = 240;
const HEIGHT = 80;

/** Displacement against iteration for the schedule, over the iterations the recipe runs. */
export function DecayPlot({ decay, iterations }: { decay: DecaySchedule; iterations: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    const count = Math.max(1, iterations);
    const values: number[] = [];
    for (let x = 0; x < WIDTH; x++) values.push(displacementAt(decay, Math.floor((x / (WIDTH - 1)) * (count - 1))));
    const top = Math.max(0, ...values);
    const bottom = Math.min(0, ...values);
    const span = top - bottom || 1;
    const y = (v: number) => HEIGHT - 4 - ((v - bottom) / span) * (HEIGHT - 8);
    context.clearRect(0, 0, WIDTH, HEIGHT);
    context.strokeStyle = 'rgba(128, 128, 128, 0.6)';
    context.beginPath();
    context.moveTo(0, y(0));
    context.lineTo(WIDTH, y(0));
    if (decay.n > 0 && decay.n < count) {
      const nx = (decay.n / (count - 1)) * (WIDTH - 1);
      context.moveTo(nx, 0);
      context.lineTo(nx, HEIGHT);
    }
    context.stroke();
    context.strokeStyle = '#e0a040';
    context.lineWidth = 2;
    context.beginPath();
    values.forEach((v, x) => (x === 0 ? context.moveTo(x, y(v)) : context.lineTo(x, y(v))));
    context.stroke();
  }, [decay, iterations]);
  return (
    <canvas
      ref={canvas}
      width={WIDTH}
      height={HEIGHT}
      className="decay-plot"
      data-testid="gen-decay-plot"
      role="img"
      aria-label={`Displacement from ${decay.disp0} m to ${decay.dispN} m over ${decay.n} iterations`}
    />
  );
}
