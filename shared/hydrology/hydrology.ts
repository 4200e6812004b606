/**
 * The whole hydrology of a heightmap in one call: the flood, the drainage order, MFD contributing
 * areas, flow directions, lakes and watersheds (each pass also stands alone in its module).
 */
import { accumulateFlow, DEFAULT_MFD_EXPONENT } from './accumulation';
import { flowDirections } from './direction';
import { steepestReceivers } from './drainage';
import type { HydrologyGrid } from './grid';
import { findLakes, type Lake } from './lakes';
import { priorityFlood } from './priorityFlood';
import { watershedLabels } from './watersheds';

export interface Hydrology {
  /** Water level per vertex (ground, or a lake's surface). */
  readonly level: Float32Array;
  /** The level with flats resolved (float64, strictly draining): what all routing follows. */
  readonly drainage: Float64Array;
  /** Vertices upstream first (walk backwards for outlets first). */
  readonly order: Int32Array;
  /** Steepest lower neighbour per vertex, −1 at an outlet. */
  readonly receivers: Int32Array;
  /** MFD contributing area per vertex, m², own area included. */
  readonly area: Float64Array;
  /** Area leaving through the map's edges, m². */
  readonly outflow: number;
  /** Unit flow direction per vertex, (x, z) pairs. */
  readonly direction: Float32Array;
  readonly lakes: Lake[];
  readonly lakeOf: Int32Array;
  readonly watershedOf: Int32Array;
  readonly watersheds: number;
}

export function analyseHydrology(grid: HydrologyGrid, heights: Float32Array, exponent = DEFAULT_MFD_EXPONENT): Hydrology {
  const filled = priorityFlood(grid, heights);
  const receivers = steepestReceivers(grid, filled.drainage);
  const { area, outflow, order } = accumulateFlow(grid, filled.drainage, exponent);
  const { lakes, lakeOf } = findLakes(grid, heights, filled);
  const { labelOf, count } = watershedLabels(order, receivers);
  return {
    level: filled.level,
    drainage: filled.drainage,
    order,
    receivers,
    area,
    outflow,
    direction: flowDirections(grid, filled.drainage),
    lakes,
    lakeOf,
    watershedOf: labelOf,
    watersheds: count,
  };
}
