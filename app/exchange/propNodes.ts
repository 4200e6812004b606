/** Props in a GLB export: their kinds' meshes and one node per prop, snapped onto the exported surface (shared/props/propGlb.ts). */
export { propGlb, yawPitchRollQuaternion } from '../../shared/props/propGlb';
