export { erosionFilter } from './erosion';
export { normalizeToRange } from './normalize';
