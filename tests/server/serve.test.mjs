// tools/serve.mjs, the dev server `make run` starts: malformed request targets get a 400 and the
// server stays up; every response has nosniff and the Content-Security-Policy; byte ranges are
// answered per RFC 9110; nothing outside the served folder is reachable.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync, mkdirSync, utimesSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';

const dir = mkdtempSync(join(tmpdir(), 'eo-serve-'));
mkdirSync(join(dir, 'sub'));
writeFileSync(join(dir, 'index.html'), '<!doctype html><p>home</p>');
writeFileSync(join(dir, 'sub', 'data.txt'), '0123456789');
writeFileSync(join(dir, 'm.wasm'), Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]));
// a wasm the build compressed (its .gz beside it), and one whose .gz is older than the file (stale)
const WASM = Buffer.concat([Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]), Buffer.alloc(4000, 7)]);
writeFileSync(join(dir, 'z.wasm'), WASM);
writeFileSync(join(dir, 'z.wasm.gz'), gzipSync(WASM));
writeFileSync(join(dir, 'old.wasm'), WASM);
writeFileSync(join(dir, 'old.wasm.gz'), gzipSync(Buffer.from('stale')));
utimesSync(join(dir, 'old.wasm.gz'), new Date(2000, 0, 1), new Date(2000, 0, 1));
let server, port;

before(async () => {
  server = spawn(process.execPath, ['tools/serve.mjs', dir, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  port = await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (d) => {
      out += d;
      const m = /127\.0\.0\.1:(\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    server.on('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
});
after(() => server.kill());

/** Sends raw bytes, returns the whole raw response (the server closes or we stop after 2 s). */
function raw(text) {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.setTimeout(2000, () => socket.end());
    socket.on('data', (d) => {
      data += d;
      if (/\r\n\r\n/.test(data) && /Content-Length: 0|\r\n\r\n[\s\S]*\n$/.test(data)) socket.end();
    });
    socket.on('end', () => resolve(data));
    socket.on('close', () => resolve(data));
    socket.on('error', reject);
    socket.write(text);
  });
}
const get = (path, headers = {}) => fetch(`http://127.0.0.1:${port}${path}`, { headers });

test('malformed request targets get a 400 and the server stays up', async () => {
  for (const target of ['http://[::1/', 'http://a:b:c/', 'http://%/', 'http://x:99999/', '*', 'garbage', '%%', 'http://']) {
    const response = await raw(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    assert.match(response, /^HTTP\/1\.1 400 /, `${target}: ${response.split('\r\n')[0]}`);
  }
  const broken = await raw('THIS IS NOT HTTP\r\n\r\n');
  assert.match(broken, /^HTTP\/1\.1 400 /);
  const r = await get('/index.html');
  assert.equal(r.status, 200, 'still serving');
});

test('every response carries nosniff and the Content-Security-Policy', async () => {
  for (const [path, status] of [['/index.html', 200], ['/nope', 404], ['/sub/data.txt', 200]]) {
    const r = await get(path);
    assert.equal(r.status, status, path);
    assert.equal(r.headers.get('x-content-type-options'), 'nosniff', path);
    const csp = r.headers.get('content-security-policy') ?? '';
    assert.match(csp, /default-src 'self'/, path);
    assert.match(csp, /script-src 'self' 'wasm-unsafe-eval'/, path);
    const directive = (name) => new RegExp(`(?:^|; )${name} ([^;]*)`).exec(csp)?.[1] ?? '';
    assert.doesNotMatch(directive('script-src'), /unsafe-inline/, `${path}: no inline script`);
    assert.doesNotMatch(directive('style-src-elem'), /unsafe-inline/, `${path}: no inline <style>`);
  }
  const post = await fetch(`http://127.0.0.1:${port}/index.html`, { method: 'POST' });
  assert.equal(post.status, 405);
  assert.equal(post.headers.get('x-content-type-options'), 'nosniff');
});

test('wasm is served as application/wasm', async () => {
  const r = await get('/m.wasm');
  assert.equal(r.headers.get('content-type'), 'application/wasm');
});

test('byte ranges: single ranges answered, unsatisfiable refused, several ranges get the whole file', async () => {
  let r = await get('/sub/data.txt', { Range: 'bytes=2-5' });
  assert.equal(r.status, 206);
  assert.equal(r.headers.get('content-range'), 'bytes 2-5/10');
  assert.equal(await r.text(), '2345');
  r = await get('/sub/data.txt', { Range: 'bytes=7-' });
  assert.equal(await r.text(), '789');
  r = await get('/sub/data.txt', { Range: 'bytes=-3' });
  assert.equal(r.status, 206);
  assert.equal(await r.text(), '789');
  r = await get('/sub/data.txt', { Range: 'bytes=8-100' });
  assert.equal(r.headers.get('content-range'), 'bytes 8-9/10');
  r = await get('/sub/data.txt', { Range: 'bytes=10-' });
  assert.equal(r.status, 416);
  assert.equal(r.headers.get('content-range'), 'bytes */10');
  r = await get('/sub/data.txt', { Range: 'bytes=0-1,4-5' });
  assert.equal(r.status, 200);
  assert.equal(await r.text(), '0123456789');
  r = await get('/sub/data.txt', { Range: 'bytes=5-2' });
  assert.equal(r.status, 200, 'an invalid range is ignored');
});

test('nothing outside the folder is reachable', async () => {
  for (const path of ['/../package.json', '/%2e%2e/package.json', '/sub/..%2f..%2fpackage.json', '/%00', '/sub/%E0%A4%A']) {
    const response = await raw(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    assert.match(response, /^HTTP\/1\.1 (400|404) /, path);
  }
});

test('text goes out gzipped to clients that accept it; wasm, ranges and other clients get the bytes as they are', async () => {
  const page = '<!doctype html><p>home</p>';
  let r = await get('/index.html', { 'Accept-Encoding': 'gzip, deflate' });
  assert.equal(r.headers.get('content-encoding'), 'gzip');
  assert.equal(r.headers.get('vary'), 'Accept-Encoding');
  assert.equal(await r.text(), page, 'the body unzips to the file');
  for (const ae of ['identity', 'gzip;q=0', 'br']) {
    const raw200 = await raw(`GET /index.html HTTP/1.1\r\nHost: x\r\nAccept-Encoding: ${ae}\r\nConnection: close\r\n\r\n`);
    assert.doesNotMatch(raw200, /Content-Encoding/i, ae);
    assert.ok(raw200.endsWith(page), ae);
  }
  const zipped = await raw('GET /sub/data.txt HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n');
  assert.match(zipped, /Content-Encoding: gzip/i);
  assert.doesNotMatch(zipped, /0123456789/, 'the bytes on the wire are compressed');
  r = await get('/sub/data.txt', { 'Accept-Encoding': 'gzip', Range: 'bytes=2-5' });
  assert.equal(r.status, 206);
  assert.equal(r.headers.get('content-encoding'), null);
  r = await get('/m.wasm', { 'Accept-Encoding': 'gzip' });
  assert.equal(r.headers.get('content-encoding'), null);
  assert.equal(r.headers.get('content-length'), '8');
});

test('a file the build gzipped goes out as its .gz to clients that accept gzip; not when stale, ranged or refused', async () => {
  let r = await get('/z.wasm', { 'Accept-Encoding': 'gzip, deflate' });
  assert.equal(r.status, 200);
  assert.equal(r.headers.get('content-encoding'), 'gzip');
  assert.equal(r.headers.get('content-type'), 'application/wasm', 'the type of the file, not of the .gz');
  assert.equal(r.headers.get('vary'), 'Accept-Encoding');
  assert.equal(Number(r.headers.get('content-length')), gzipSync(WASM).length, 'the .gz bytes go on the wire');
  assert.deepEqual(Buffer.from(await r.arrayBuffer()), WASM, 'and unzip to the file');
  const head = await raw('HEAD /z.wasm HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n');
  assert.match(head, /Content-Encoding: gzip/i);
  assert.match(head, /\r\n\r\n$/, 'HEAD sends no body');
  const plain = await raw('GET /z.wasm HTTP/1.1\r\nHost: x\r\nAccept-Encoding: identity\r\nConnection: close\r\n\r\n');
  assert.doesNotMatch(plain, /Content-Encoding/i);
  assert.match(plain, new RegExp(`Content-Length: ${WASM.length}\r\n`, 'i'));
  r = await get('/z.wasm', { 'Accept-Encoding': 'gzip', Range: 'bytes=0-3' });
  assert.equal(r.status, 206);
  assert.equal(r.headers.get('content-encoding'), null);
  assert.deepEqual(Buffer.from(await r.arrayBuffer()), WASM.subarray(0, 4));
  r = await get('/old.wasm', { 'Accept-Encoding': 'gzip' });
  assert.equal(r.headers.get('content-encoding'), null, 'a .gz older than its file is not sent');
  assert.deepEqual(Buffer.from(await r.arrayBuffer()), WASM);
});
