import { useStore } from 'zustand';
import type { CrossingKind } from '../../shared/roads/crossings';
import type { ReportCrossing } from '../../shared/roads/report';
import { crossingVerdict } from '../../app/roads/crossingVerdict';
import { useSession } from '../session';

/**
 * The road's crossings of water in the Roads tab's report: each wet stretch with its depth, and a
 * select for ford or bridge (one undo entry each). A ford is checked against the drive's car.
 */
export function RoadCrossings({ roadId, crossings }: { roadId: string; crossings: readonly ReportCrossing[] }) {
  const session = useSession();
  const car = useStore(session.drive.store, (s) => s.settings.car);
  const fording = useStore(session.drive.store, (s) => s.settings.carSpec.fordingDepth);
  const choose = (c: ReportCrossing, kind: CrossingKind) => void session.roads.model.setCrossing(roadId, c.from, c.to, kind, c.surface);
  return (
    <div className="road-crossings" data-testid="road-crossings">
      <p className="road-report-summary">Water crossings</p>
      <ol>
        {crossings.map((c, n) => {
          const deep = c.maxDepth > fording;
          return (
            <li key={`${c.from}-${c.to}`} data-testid="road-crossing" data-kind={c.kind} data-fordable={c.kind === 'ford' ? String(!deep) : ''}>
              <span title={`Wet from ${Math.round(c.from)} to ${Math.round(c.to)} m along the road; deepest ${c.maxDepth.toFixed(2)} m`}>
                {Math.round(c.from)}–{Math.round(c.to)} m · {c.maxDepth.toFixed(2)} m deep ·{' '}
              </span>
              <select
                data-testid="road-crossing-kind"
                aria-label={`Crossing ${n + 1}: ford or bridge`}
                value={c.kind}
                onChange={(e) => choose(c, e.target.value as CrossingKind)}
                title="Ford: the road sits on the bed. Bridge: a deck straight between the banks, the land under it left as it is (one undo step)"
              >
                <option value="ford">Ford</option>
                <option value="bridge">Bridge</option>
              </select>{' '}
              <span className={c.kind === 'ford' && deep ? 'road-crossing-bad' : undefined}>{crossingVerdict(c, car, fording)}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
