// Serves the built renderer (dist/renderer) on 127.0.0.1 for the browser end-to-end project.
// It sends no CSP header on purpose: the packaged app loads file:// pages, where only the page's own
// <meta> CSP applies, so the security test must prove that the meta policy alone blocks inline script.
// It does send COOP and COEP, as main's faultline:// protocol does (main/appProtocol.ts): the page is
// cross-origin isolated, so erosion jobs run on several workers over SharedArrayBuffer.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(process.env.FAULTLINE_E2E_ROOT ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'renderer'));
const port = Number(process.env.FAULTLINE_E2E_PORT ?? 4173);

if (!existsSync(path.join(root, 'index.html'))) {
  console.error(`e2e static server: ${path.join(root, 'index.html')} is missing — run \`npm run build\` first.`);
  process.exit(1);
}

const TYPES = {
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

const server = createServer((request, response) => {
  let pathname;
  try {
    pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
  } catch {
    response.writeHead(400).end('bad request');
    return;
  }
  if (pathname.endsWith('/')) pathname += 'index.html';
  const file = path.resolve(root, `.${pathname}`);
  if (!file.startsWith(root + path.sep) || !existsSync(file) || !statSync(file).isFile()) {
    response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    return;
  }
  response.writeHead(200, {
    'Content-Type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Embedder-Policy': 'require-corp',
    'Cross-Origin-Resource-Policy': 'same-origin',
  });
  createReadStream(file).pipe(response);
});

server.listen(port, '127.0.0.1', () => console.log(`e2e static server: ${root} on http://127.0.0.1:${port}/`));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
