#!/usr/bin/env node
// A small static file server for the built site, with no dependencies.
//   node tools/serve.mjs DIR [--port N] [--host H]     (default 127.0.0.1:8000)
// Serves DIR/index.html for directories, tries DIR/path.html for extension-less paths, sends
// .wasm as application/wasm (WebAssembly.instantiateStreaming needs it) and never caches, so a
// rebuilt site shows up on reload.
import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.c': 'text/plain; charset=utf-8',
  '.h': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
};

function usage(message) {
  if (message) console.error(`serve: ${message}`);
  console.error('usage: node tools/serve.mjs DIR [--port N] [--host H]');
  process.exit(2);
}

function parseArgs(argv) {
  const opts = { dir: null, port: 8000, host: '127.0.0.1' };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--port' || arg === '--host') {
      const value = argv[++i];
      if (value === undefined) usage(`${arg} needs a value`);
      if (arg === '--port') {
        opts.port = Number(value);
        if (!Number.isInteger(opts.port) || opts.port < 0 || opts.port > 65535) usage(`bad port "${value}"`);
      } else {
        opts.host = value;
      }
    } else if (arg === '-h' || arg === '--help') {
      usage();
    } else if (arg.startsWith('-')) {
      usage(`unknown option ${arg}`);
    } else if (opts.dir === null) {
      opts.dir = arg;
    } else {
      usage(`unexpected argument ${arg}`);
    }
  }
  if (opts.dir === null) usage('which directory?');
  return opts;
}

const opts = parseArgs(process.argv.slice(2));
const root = resolve(opts.dir);
try {
  if (!(await stat(root)).isDirectory()) usage(`${opts.dir} is not a directory`);
} catch {
  usage(`${opts.dir} does not exist (build the site first: make web)`);
}

async function findFile(urlPath) {
  let rel;
  try {
    rel = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (rel.includes('\0')) return null;
  const full = resolve(join(root, rel));
  if (full !== root && !full.startsWith(root + sep)) return null; // no escaping the root
  const candidates = rel.endsWith('/') ? [join(full, 'index.html')] : [full, full + '.html', join(full, 'index.html')];
  for (const file of candidates) {
    try {
      const s = await stat(file);
      if (s.isFile()) return { file, size: s.size };
    } catch {
      // try the next candidate
    }
  }
  return null;
}

const server = createServer(async (req, res) => {
  const started = Date.now();
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('method not allowed\n');
    return;
  }
  const found = await findFile(url.pathname);
  if (!found) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(`not found: ${url.pathname}\n`);
    if (!process.env.SERVE_QUIET) console.log(`404 ${url.pathname}`);
    return;
  }
  res.writeHead(200, {
    'Content-Type': MIME[extname(found.file).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': found.size,
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = createReadStream(found.file);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
  if (process.env.SERVE_VERBOSE) res.on('finish', () => console.log(`200 ${url.pathname} ${Date.now() - started}ms`));
});

server.on('error', (err) => {
  if (err.code === 'EADDRINUSE') console.error(`serve: port ${opts.port} on ${opts.host} is already in use (try --port N)`);
  else console.error(`serve: ${err.message}`);
  process.exit(1);
});

server.listen(opts.port, opts.host, () => {
  const { port } = server.address();
  console.log(`earlyout: serving ${opts.dir} on http://${opts.host}:${port} (Ctrl-C stops)`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.close();
    process.exit(0);
  });
}
