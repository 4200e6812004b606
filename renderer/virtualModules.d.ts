/** The default terrain the build bakes into the bundle (renderer/vite.config.ts, app/document/bakedTerrain.ts). */
declare module 'virtual:faultline-default-terrain' {
  const baked: import('../app/document/bakedTerrain').BakedTerrain;
  export default baked;
}

/** The address of the ground textures the build generates (renderer/vite.config.ts); null in development. */
declare module 'virtual:faultline-ground-textures' {
  const address: string | null;
  export default address;
}
