import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { bakeDefaultTerrain } from '../app/document/bakedTerrain';
import { groundTexturesPlugin } from './groundTexturesPlugin';

const root = fileURLToPath(new URL('.', import.meta.url));

// The renderer's assets are addressed relative to its page (base './'): faultline://app/ in Electron.
// COOP + COEP make the page cross-origin isolated (SharedArrayBuffer for erosion threads), as main does.
/**
 * `virtual:faultline-default-terrain`: the default terrain evaluated here, once per build, so the window
 * starts on it without evaluating it (app/document/bakedTerrain.ts).
 */
function defaultTerrain(): Plugin {
  const id = 'virtual:faultline-default-terrain';
  return {
    name: 'faultline-default-terrain',
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load: (resolved) => (resolved === `\0${id}` ? `export default ${JSON.stringify(bakeDefaultTerrain())};` : null),
  };
}

const isolation = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };
export default defineConfig({
  root,
  base: './',
  plugins: [react(), defaultTerrain(), groundTexturesPlugin()],
  build: {
    outDir: fileURLToPath(new URL('../dist/renderer', import.meta.url)),
    emptyOutDir: true,
    // Large three.js bundle is expected for a desktop app loading from disk.
    chunkSizeWarningLimit: 2000,
  },
  worker: { format: 'es' },
  server: { host: '127.0.0.1', headers: isolation },
  preview: { host: '127.0.0.1', headers: isolation },
});
