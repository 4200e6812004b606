/**
 * Watershed labels: each vertex gets the label of the outlet its steepest-descent path ends at
 * (labels 1, 2, … in the order the outlets come when the drainage order is walked backwards).
 * Single-receiver routing is right for a partition of the map; nothing drawn is shaped by it.
 */
export interface Watersheds {
  readonly labelOf: Int32Array;
  readonly count: number;
}

export function watershedLabels(order: Int32Array, receivers: Int32Array): Watersheds {
  const labelOf = new Int32Array(receivers.length);
  let count = 0;
  for (let at = order.length - 1; at >= 0; at--) {
    const v = order[at];
    const receiver = receivers[v];
    labelOf[v] = receiver < 0 ? ++count : labelOf[receiver];
  }
  return { labelOf, count };
}
