// bench/playground/bench_playground.mjs: the playground's war zone and stress scenes, natively
// (build/playground/earlyout-playground --frames, headless) and in headless Chromium (the
// Emscripten build, pg_web_bench), per broadphase method at several N. One table per scene with
// collision ms and whole-step ms per frame, and each method's ratio against brute force measured
// in the same run. Every method of a row must report the same state hash (same pairs, same game):
// the bench fails otherwise. Also prints the playground's download size (wasm + JS, raw and gzip).
//
//   node bench/playground/bench_playground.mjs [--quick]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const BIN = 'build/playground/earlyout-playground';
const WEB = 'build/playground/web';
const quick = process.argv.includes('--quick');
const METHODS = ['brute', 'gridmask', 'sectors', 'sweep'];
const SCENES = [
  { id: 'warzone', counts: quick ? [1000] : [1000, 10000, 20000] },   // the war zone holds up to 20,000
  { id: 'stress', counts: quick ? [1000] : [1000, 10000, 50000] },
];
// Cells: the scene defaults, except where 65,535 sector memberships need bigger ones.
const cellFor = (scene, n) => (n >= 50000 ? 256 : scene === 'stress' ? 64 : 64);
// Frames per run: enough to time, fewer where a frame tests n^2/2 pairs.
function framesFor(method, n) {
  const quadratic = method === 'brute' || method === 'gridmask';
  if (quick) return 20;
  if (quadratic && n >= 20000) return 3;
  if (quadratic && n >= 10000) return 10;
  return n >= 20000 ? 60 : 120;
}

function runNative(scene, method, n, cell, frames) {
  const out = execFileSync(
    BIN,
    ['--scene', scene, '--method', method, '--n', String(n), '--cell', String(cell), '--seed', '1', '--frames', String(frames)],
    { env: { ...process.env, SDL_VIDEODRIVER: 'dummy', SDL_AUDIODRIVER: 'dummy' }, encoding: 'utf8' },
  );
  const hash = /^hash (\w+)$/m.exec(out)[1];
  const [, frameMs, collisionMs] = /^ms_per_frame ([\d.]+) collision_ms_per_frame ([\d.]+)$/m.exec(out);
  const status = /status (.*)$/m.exec(out)?.[1] ?? '';
  return { hash, frameMs: Number(frameMs), collisionMs: Number(collisionMs), status };
}

async function openBrowser() {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--disable-background-networking', '--disable-component-update', '--no-first-run', '--no-sandbox'],
  });
  const page = await browser.newPage();
  // Serve the two files from disk: no server, no network.
  await page.route('http://bench.local/**', (route) => {
    const name = new URL(route.request().url()).pathname.slice(1);
    if (name === 'index.html')
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><canvas id="canvas"></canvas><script src="playground.js"></script>' });
    const type = name.endsWith('.wasm') ? 'application/wasm' : 'text/javascript';
    return route.fulfill({ contentType: type, body: readFileSync(join(WEB, name)) });
  });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('http://bench.local/index.html');
  // noInitialRun: the bench calls pg_web_bench only; no main loop competes with it.
  await page.evaluate(async () => {
    window.pg = await window.createPlayground({ noInitialRun: true, canvas: document.getElementById('canvas') });
  });
  if (errors.length) throw new Error(`the page failed: ${errors.join('; ')}`);
  return { browser, page };
}

async function runBrowser(page, scene, method, n, cell, frames) {
  const json = await page.evaluate(
    (a) => window.pg.ccall('pg_web_bench', 'string', ['string', 'string', 'number', 'number', 'number', 'number'], a),
    [scene, method, n, cell, 1, frames],
  );
  const r = JSON.parse(json);
  if (r.error) throw new Error(`${scene} ${method} n=${n}: ${r.error}`);
  return r;
}

const fmt = (ms) => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(3));
const ratio = (base, x) => (base && x ? `${(base / x).toFixed(1)}x` : '-');

const { browser, page } = await openBrowser();
let failures = 0;
try {
  for (const scene of SCENES) {
    console.log(`\nplayground: ${scene.id} (collision ms per frame; step = whole frame without drawing; vs brute = brute force's collision time / this method's, same run)`);
    console.log('| N | method | native collision | native step | native vs brute | browser collision | browser step | browser vs brute |');
    console.log('|---:|---|---:|---:|---:|---:|---:|---:|');
    for (const n of scene.counts) {
      const cell = cellFor(scene.id, n);
      const rows = [];
      for (const method of METHODS) {
        const frames = framesFor(method, n);
        const native = runNative(scene.id, method, n, cell, frames);
        const web = await runBrowser(page, scene.id, method, n, cell, frames);
        rows.push({ method, frames, native, web });
      }
      const brute = rows[0];
      for (const r of rows) {
        // Same frames, same seed: every method must leave the same game state, natively and in wasm.
        const ref = rows.find((x) => x.frames === r.frames);
        const agree = r.native.hash === r.web.hash && r.native.hash === ref.native.hash && !r.native.status && !r.web.status;
        if (!agree) failures++;
        console.log(
          `| ${n.toLocaleString('en-US')} | ${r.method}${agree ? '' : ' (HASH/STATUS MISMATCH ' + (r.native.status || r.web.status || '') + ')'} | ` +
            `${fmt(r.native.collisionMs)} | ${fmt(r.native.frameMs)} | ${ratio(brute.native.collisionMs, r.native.collisionMs)} | ` +
            `${fmt(r.web.collisionMs)} | ${fmt(r.web.frameMs)} | ${ratio(brute.web.collisionMs, r.web.collisionMs)} |`,
        );
      }
    }
  }
} finally {
  await browser.close();
}

const size = (f) => readFileSync(join(WEB, f));
const js = size('playground.js'), wasm = size('playground.wasm');
console.log('\nplayground download (what /playground/ fetches besides the page):');
console.log('| file | raw | gzip |');
console.log('|---|---:|---:|');
for (const [name, buf] of [['playground.wasm', wasm], ['playground.js', js]])
  console.log(`| ${name} | ${(buf.length / 1024).toFixed(1)} KB | ${(gzipSync(buf, { level: 9 }).length / 1024).toFixed(1)} KB |`);
console.log(`| total | ${((js.length + wasm.length) / 1024).toFixed(1)} KB | ${((gzipSync(js, { level: 9 }).length + gzipSync(wasm, { level: 9 }).length) / 1024).toFixed(1)} KB |`);
if (failures) {
  console.error(`bench-playground: ${failures} rows where methods or targets disagree`);
  process.exit(1);
}
