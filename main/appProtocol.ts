/**
 * The app's own scheme for its renderer files (`faultline://app/index.html`), served by main with
 * response headers — which file:// pages never get: the Content-Security-Policy, and COOP
 * `same-origin` + COEP `require-corp`, which make the window cross-origin isolated so erosion can run
 * on several workers over SharedArrayBuffer. Plain Node (fetch's Response): main.ts wires it to
 * Electron's protocol.handle, tests call it directly.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { CONTENT_SECURITY_POLICY } from './contentSecurityPolicy';

export const APP_SCHEME = 'faultline';
export const APP_HOST = 'app';
export const APP_INDEX_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** Headers that make a page cross-origin isolated (its own files are same-origin, so nothing else is needed). */
export const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
} as const;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
  '.bin': 'application/octet-stream',
};

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...ISOLATION_HEADERS } });
}

/**
 * The response to one request for `url` from the renderer files under `root`: the file with its
 * type and the security headers; 404 for anything outside `root`, another host, or not a file.
 */
export async function appProtocolResponse(root: string, url: string): Promise<Response> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return plain(400, 'bad request');
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return plain(404, 'not found');
  let pathname: string;
  try {
    pathname = decodeURIComponent(parsed.pathname);
  } catch {
    return plain(400, 'bad request');
  }
  if (pathname.endsWith('/')) pathname += 'index.html';
  const base = path.resolve(root);
  const file = path.resolve(base, `.${pathname}`);
  if (!file.startsWith(base + path.sep) || pathname.includes('\0')) return plain(404, 'not found');
  try {
    if (!(await stat(file)).isFile()) return plain(404, 'not found');
    const body = await readFile(file);
    return new Response(body, {
      status: 200,
      headers: {
        'Content-Type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
        'Content-Security-Policy': CONTENT_SECURITY_POLICY,
        'X-Content-Type-Options': 'nosniff',
        'Cross-Origin-Resource-Policy': 'same-origin',
        ...ISOLATION_HEADERS,
      },
    });
  } catch {
    return plain(404, 'not found');
  }
}
