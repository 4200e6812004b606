/**
 * The fault engine as the jobs and tools see it: one import to switch (it briefly pointed at a
 * plain-loop stand-in while the fast engine was being written).
 */
export { applyFaults, generateFaults, lineThroughPoints, type ApplyOptions, type Fault } from '../../shared/fault/engine';
