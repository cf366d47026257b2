// bench/playground/bench_playground.mjs: the playground's war zone and stress scenes, natively
// (build/playground/earlyout-playground --frames, headless) and in headless Chromium (the
// Emscripten build, pg_web_bench), per broadphase method at several N: each method where the scene
// offers it (the C's tables, --tables: methods stop at the count where a frame would leave the
// budget). One table per scene with collision ms and whole-step ms per frame, and each method's
// ratio against the slowest method of the row measured in the same run; then each method at its
// largest count with its slowest step. Every method of a row must report the same state hash (same
// pairs, same game): the bench fails otherwise. Also prints the playground's download (wasm + JS,
// raw and the gzip the site serves).
//
//   node bench/playground/bench_playground.mjs [--quick]
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const BIN = 'build/playground/earlyout-playground';
const WEB = 'build/playground/web';
const quick = process.argv.includes('--quick');
const TABLES = JSON.parse(execFileSync(BIN, ['--tables'], { encoding: 'utf8' }));
const SCENES = [
  { id: 'warzone', counts: quick ? [1000] : [1000, 4000, 20000] },
  { id: 'stress', counts: quick ? [1000] : [1000, 10000, 50000] },
].map((s) => ({ ...s, info: TABLES.scenes.find((t) => t.id === s.id) }));
const offered = (scene, method, n) => n <= scene.info.methodMaxCount[method];
const CELL = 64; // the scenes' default; where a method has no cells or the count rules it out, C picks
const framesFor = (n) => (quick ? 20 : n >= 20000 ? 60 : 120);

function runNative(scene, method, n, cell, frames) {
  const out = execFileSync(
    BIN,
    ['--scene', scene, '--method', method, '--n', String(n), '--cell', String(cell), '--seed', '1', '--frames', String(frames)],
    { env: { ...process.env, SDL_VIDEODRIVER: 'dummy', SDL_AUDIODRIVER: 'dummy' }, encoding: 'utf8' },
  );
  const hash = /^hash (\w+)$/m.exec(out)[1];
  const [, frameMs, collisionMs] = /^ms_per_frame ([\d.]+) collision_ms_per_frame ([\d.]+)$/m.exec(out);
  const status = /status (.*)$/m.exec(out)?.[1] ?? '';
  const worstMs = Number(/^worst_frame_ms ([\d.]+)$/m.exec(out)[1]);
  const count = Number(/^scene \S+ method \S+ n (\d+)/m.exec(out)[1]);
  if (count !== n) throw new Error(`${scene} ${method} n=${n}: the program ran ${count}`);
  return { hash, frameMs: Number(frameMs), collisionMs: Number(collisionMs), worstMs, status };
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
  if (r.count !== n) throw new Error(`${scene} ${method} n=${n}: C ran ${r.count} (not offered at ${n})`);
  return r;
}

const fmt = (ms) => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(3));
const ratio = (base, x) => (base && x ? `${(base / x).toFixed(1)}x` : '-');

const { browser, page } = await openBrowser();
let failures = 0;
const largest = [];
try {
  for (const scene of SCENES) {
    console.log(`\nplayground: ${scene.id} (collision ms per frame; step = whole frame without drawing; vs slowest = the slowest method's collision time / this method's, same run; a method runs where the scene offers it)`);
    console.log('| N | method | native collision | native step | native vs slowest | browser collision | browser step | browser vs slowest |');
    console.log('|---:|---|---:|---:|---:|---:|---:|---:|');
    for (const n of scene.counts) {
      const rows = [];
      for (const method of scene.info.methods.filter((m) => offered(scene, m, n))) {
        const frames = framesFor(n);
        const native = runNative(scene.id, method, n, CELL, frames);
        const web = await runBrowser(page, scene.id, method, n, CELL, frames);
        rows.push({ method, frames, native, web });
      }
      const slowest = (key) => Math.max(...rows.map((r) => r[key].collisionMs));
      for (const r of rows) {
        // Same frames, same seed: every method must leave the same game state, natively and in wasm.
        const agree = r.native.hash === r.web.hash && r.native.hash === rows[0].native.hash && !r.native.status && !r.web.status;
        if (!agree) failures++;
        console.log(
          `| ${n.toLocaleString('en-US')} | ${r.method}${agree ? '' : ' (HASH/STATUS MISMATCH ' + (r.native.status || r.web.status || '') + ')'} | ` +
            `${fmt(r.native.collisionMs)} | ${fmt(r.native.frameMs)} | ${ratio(slowest('native'), r.native.collisionMs)} | ` +
            `${fmt(r.web.collisionMs)} | ${fmt(r.web.frameMs)} | ${ratio(slowest('web'), r.web.collisionMs)} |`,
        );
      }
    }
    for (const method of scene.info.methods) {
      const n = scene.info.methodMaxCount[method];
      const frames = quick ? 10 : 60;
      largest.push({ scene: scene.id, method, n, native: runNative(scene.id, method, n, CELL, frames), web: await runBrowser(page, scene.id, method, n, CELL, frames) });
    }
  }
} finally {
  await browser.close();
}

console.log(`\nplayground: each method at the largest count it is offered with (${quick ? 10 : 60} frames; slowest = the slowest step; the page's budget is ${TABLES.frameBudgetMs} ms a frame, drawing included)`);
console.log('| scene | method | N | native step | native slowest | browser step | browser slowest |');
console.log('|---|---|---:|---:|---:|---:|---:|');
for (const r of largest)
  console.log(`| ${r.scene} | ${r.method} | ${r.n.toLocaleString('en-US')} | ${fmt(r.native.frameMs)} | ${fmt(r.native.worstMs)} | ${fmt(r.web.frameMs)} | ${fmt(r.web.worstMs)} |`);

// The download as the site serves it: build-web's .gz where it wrote one, else gzip -9 here.
const SITE_PG = 'build/site/playground';
const wire = (name, buf) => (existsSync(join(SITE_PG, `${name}.gz`)) ? readFileSync(join(SITE_PG, `${name}.gz`)).length : gzipSync(buf, { level: 9 }).length);
const files = ['playground.wasm', 'playground.js'].map((name) => ({ name, raw: readFileSync(join(WEB, name)) }));
console.log('\nplayground download (what /playground/ fetches besides the page; gzip: as tools/serve.mjs sends it):');
console.log('| file | raw | gzip |');
console.log('|---|---:|---:|');
for (const f of files) console.log(`| ${f.name} | ${f.raw.length.toLocaleString('en-US')} B | ${wire(f.name, f.raw).toLocaleString('en-US')} B |`);
console.log(`| total | ${files.reduce((a, f) => a + f.raw.length, 0).toLocaleString('en-US')} B | ${files.reduce((a, f) => a + wire(f.name, f.raw), 0).toLocaleString('en-US')} B |`);
if (failures) {
  console.error(`bench-playground: ${failures} rows where methods or targets disagree`);
  process.exit(1);
}
