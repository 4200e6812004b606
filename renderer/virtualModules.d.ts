/** The default terrain the build bakes into the bundle (renderer/vite.config.ts, app/document/bakedTerrain.ts). */
declare module 'virtual:faultline-default-terrain' {
  const baked: import('../app/document/bakedTerrain').BakedTerrain;
  export default baked;
}
