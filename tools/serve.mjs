#!/usr/bin/env node
// A small static file server for the built site, with no dependencies.
//   node tools/serve.mjs DIR [--port N] [--host H]     (default 127.0.0.1:8000)
// Serves DIR/index.html for directories, tries DIR/path.html for extension-less paths, sends
// .wasm as application/wasm (WebAssembly.instantiateStreaming needs it) and never caches, so a
// rebuilt site shows up on reload. Every response carries nosniff and a Content-Security-Policy
// (same-origin only, no inline script; 'wasm-unsafe-eval' lets pages compile the wasm); a request
// target that is not a path (or an absolute URL) gets a 400 and the server stays up; single byte
// ranges are answered (206), unsatisfiable ones refused (416), several ranges get the whole file.
// Text files go out gzipped to clients that accept it.
import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
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

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy':
    // Widgets position elements with style attributes; <style> elements and scripts stay same-origin files.
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; style-src-elem 'self'; " +
    "style-src-attr 'unsafe-inline'; img-src 'self' data: blob:; " +
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
};

// Text is sent gzipped to clients that accept it, as any real host does (a page's size on the wire
// is what bench/site/bench_site.mjs measures). Not .wasm on the fly: that is the build's job. A file
// the build compressed itself (FILE.gz beside FILE, no older than it: the lessons' and the
// playground's wasm and the playground's glue) goes out as that .gz with Content-Encoding: gzip,
// like a host's gzip_static (the playground counts its progress against the size the page states,
// not Content-Length). Range requests get the bytes as they are on disk.
const COMPRESS = new Set(['.html', '.css', '.js', '.mjs', '.map', '.json', '.svg', '.txt', '.c', '.h', '.md']);
/** Does an Accept-Encoding header take gzip (named, or `*`, with no q=0)? */
function acceptsGzip(header) {
  if (typeof header !== 'string') return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.split(';').map((x) => x.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    return (name === 'gzip' || name === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

function reply(res, status, text, extra = {}) {
  res.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...extra });
  res.end(text);
}

/** The request target's path, or null when it is neither an origin-form path nor an absolute URL. */
function targetPath(target) {
  if (typeof target !== 'string') return null;
  const origin = target.startsWith('/');
  if (!origin && !/^https?:\/\//i.test(target)) return null; // "*", "garbage", authority form: not for a file server
  try {
    // Origin form ("/a/b?c") resolves against a fixed base; absolute form ("http://h/a") must parse.
    return new URL(target, origin ? 'http://localhost' : undefined).pathname;
  } catch {
    return null;
  }
}

/** One byte range of a file of `size` bytes: {start, end} (inclusive), 'unsatisfiable', or null (serve it all). */
function parseRange(header, size) {
  if (typeof header !== 'string') return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null; // several ranges or another unit: the whole file (RFC 9110 14.2)
  let start, end;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
    if (m[2] !== '' && Number(m[2]) < start) return null; // invalid: ignore the header
  }
  if (start >= size || size === 0) return 'unsatisfiable';
  return { start, end };
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

/** FILE.gz when the build wrote one beside FILE (and not before FILE, so a stale one is never sent). */
async function precompressed(file) {
  try {
    const [plain, gz] = await Promise.all([stat(file), stat(`${file}.gz`)]);
    return gz.isFile() && gz.mtimeMs >= plain.mtimeMs ? { file: `${file}.gz`, size: gz.size } : null;
  } catch {
    return null;
  }
}

const server = createServer(async (req, res) => {
  const started = Date.now();
  const path = targetPath(req.url);
  if (path === null) {
    reply(res, 400, 'bad request target\n');
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    reply(res, 405, 'method not allowed\n', { Allow: 'GET, HEAD' });
    return;
  }
  const found = await findFile(path);
  if (!found) {
    reply(res, 404, `not found: ${path}\n`);
    if (!process.env.SERVE_QUIET) console.log(`404 ${path}`);
    return;
  }
  const range = parseRange(req.headers.range, found.size);
  if (range === 'unsatisfiable') {
    reply(res, 416, 'range not satisfiable\n', { 'Content-Range': `bytes */${found.size}` });
    return;
  }
  const headers = {
    ...SECURITY_HEADERS,
    'Content-Type': MIME[extname(found.file).toLowerCase()] ?? 'application/octet-stream',
    'Cache-Control': 'no-cache',
    'Accept-Ranges': 'bytes',
  };
  const gz = await precompressed(found.file);
  if (gz || COMPRESS.has(extname(found.file).toLowerCase())) headers.Vary = 'Accept-Encoding';
  if (gz && req.headers.range === undefined && acceptsGzip(req.headers['accept-encoding'])) {
    res.writeHead(200, { ...headers, 'Content-Encoding': 'gzip', 'Content-Length': gz.size });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const stream = createReadStream(gz.file);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
    if (process.env.SERVE_VERBOSE) res.on('finish', () => console.log(`${res.statusCode} ${path} (.gz) ${Date.now() - started}ms`));
    return;
  }
  if (req.headers.range === undefined && headers.Vary && acceptsGzip(req.headers['accept-encoding'])) {
    let body;
    try {
      body = gzipSync(await readFile(found.file));
    } catch {
      reply(res, 500, 'could not read the file\n');
      return;
    }
    res.writeHead(200, { ...headers, 'Content-Encoding': 'gzip', 'Content-Length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
    if (process.env.SERVE_VERBOSE) res.on('finish', () => console.log(`${res.statusCode} ${path} gzip ${Date.now() - started}ms`));
    return;
  }
  if (range) {
    headers['Content-Range'] = `bytes ${range.start}-${range.end}/${found.size}`;
    headers['Content-Length'] = range.end - range.start + 1;
    res.writeHead(206, headers);
  } else {
    headers['Content-Length'] = found.size;
    res.writeHead(200, headers);
  }
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = createReadStream(found.file, range ? { start: range.start, end: range.end } : {});
  stream.on('error', () => res.destroy());
  stream.pipe(res);
  if (process.env.SERVE_VERBOSE) res.on('finish', () => console.log(`${res.statusCode} ${path} ${Date.now() - started}ms`));
});

// A malformed request line never reaches the handler: answer 400 and keep serving.
server.on('clientError', (err, socket) => {
  if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  else socket.destroy();
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
