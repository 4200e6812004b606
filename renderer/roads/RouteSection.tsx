import { useStore } from 'zustand';
import type { EditorSession } from '../../app/editorSession';

const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * The Road tool's Route mode in the Roads tab: on, the clicks are the route's start, via points
 * (Shift+click) and end, and the road finds its own way within its grade and radius (Esc cancels).
 */
export function RouteSection({ session }: { session: EditorSession }) {
  const route = session.roads.route;
  const { on, points, progress, designSpeedKmh, maxGradePct, avoidWater, avoidProps, message } = useStore(route.store);
  const hint =
    progress !== null
      ? `Finding the route… ${Math.round(progress * 100)} % (Esc cancels)`
      : points.length === 0
        ? 'Click the start of the route.'
        : `Start set${points.length > 1 ? ` and ${points.length - 1} via point${points.length > 2 ? 's' : ''}` : ''}: click the end (Shift+click ` +
          `adds a via point; Esc forgets them).`;
  return (
    <div className="road-route" data-testid="road-route">
      <label
        className="field"
        title={
          'The road finds its own way from a start to an end: every 10 m within the maximum grade, every bend at or above the minimum radius ' +
          'for the design speed'
        }
      >
        <span>Route mode</span>
        <input
          type="checkbox"
          data-testid="road-route-mode"
          checked={on}
          onChange={(event) => {
            route.setOn(event.target.checked);
            if (event.target.checked) session.roads.selectTool();
          }}
        />
      </label>
      {on && (
        <>
          <label className="field" title="The route's bends are no tighter than the minimum radius at this speed">
            <span>Route design speed (km/h)</span>
            <input
              type="number"
              min={5}
              max={200}
              data-testid="road-route-speed"
              value={designSpeedKmh}
              onChange={(event) => number(event.target.value) > 0 && route.setDesign({ designSpeedKmh: number(event.target.value) })}
            />
          </label>
          <label className="field" title="Steepest grade along the route">
            <span>Route max grade (%)</span>
            <input
              type="number"
              min={1}
              max={100}
              data-testid="road-route-grade"
              value={maxGradePct}
              onChange={(event) => number(event.target.value) > 0 && route.setDesign({ maxGradePct: number(event.target.value) })}
            />
          </label>
          <label className="field" title="The route keeps the road's whole width off the water (off: it may ford)">
            <span>Avoid water</span>
            <input
              type="checkbox"
              data-testid="road-route-avoid-water"
              checked={avoidWater}
              onChange={(event) => route.setDesign({ avoidWater: event.target.checked })}
            />
          </label>
          <label className="field" title="The route goes round the props, so it clears none (off: it clears those it crosses)">
            <span>Avoid props</span>
            <input
              type="checkbox"
              data-testid="road-route-avoid-props"
              checked={avoidProps}
              onChange={(event) => route.setDesign({ avoidProps: event.target.checked })}
            />
          </label>
          <p className="hint" role="status" data-testid="road-route-status">
            {hint}
          </p>
        </>
      )}
      {message && (
        <p className="panel-message" role="status" data-testid="road-route-message">
          {message}
        </p>
      )}
    </div>
  );
}
