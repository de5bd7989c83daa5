// A tiny static file server for the browser tests: serves one folder on 127.0.0.1 at a free
// port, with the MIME types the page needs (application/wasm lets the browser compile while
// downloading). No dependencies, read-only, refuses paths outside the folder.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const kTypes = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

// Resolves to {url, close()} once listening. `options.prefix` serves the folder under a sub-path
// ('/docs/tools/afterglow/'; url then ends with it, and anything outside it is 404), as a docs site
// would; `options.headers` are added to every answer (e.g. a Content-Security-Policy);
// `options.onRequest(path)` hears every request's path.
export function serveFolder(root, options = {}) {
  const base = normalize(root) + sep;
  const prefix = options.prefix || '/';
  const extraHeaders = options.headers || {};
  const server = createServer(async (request, response) => {
    const fullPath = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    if (options.onRequest) options.onRequest(fullPath);
    if (!fullPath.startsWith(prefix)) {
      response.writeHead(404, extraHeaders).end();
      return;
    }
    const path = '/' + fullPath.slice(prefix.length);
    const file = normalize(join(base, path.endsWith('/') ? path + 'index.html' : path));
    if (!file.startsWith(base) || request.method !== 'GET') {
      response.writeHead(403, extraHeaders).end();
      return;
    }
    try {
      const body = await readFile(file);
      response.writeHead(200, {
        'Content-Type': kTypes[extname(file)] || 'application/octet-stream',
        'Cache-Control': 'no-store',
        ...extraHeaders,
      });
      response.end(body);
    } catch {
      response.writeHead(404, extraHeaders).end();
    }
  });
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ url: `http://127.0.0.1:${port}${prefix}`, close: () => new Promise((done) => server.close(done)) });
    });
  });
}
