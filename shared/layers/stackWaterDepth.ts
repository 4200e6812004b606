/**
 * The car's, the road report's and scatter's names for the stack's water depth: stackWater.ts, the
 * one function that finds a stack's water, gives them.
 */
export { stackHasWater, stackWaterDepth, stackWaterWithout } from './stackWater';
