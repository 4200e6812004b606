/**
 * The renderer's Content-Security-Policy: no inline script, no eval, nothing from the network.
 * 'wasm-unsafe-eval' allows compiling WebAssembly only (the physics test drive's Rapier);
 * eval and new Function stay blocked.
 * main sends it as a response header; renderer/index.html carries the same policy in a meta tag,
 * because Electron does not run response-header hooks for file:// pages.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');
