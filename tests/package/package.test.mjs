// The npm package as a game meets it (issue 14 item 3): the packed tarball (make wasm-pack)
// installed offline into a scratch project under build/package/, then used as a game would:
//   an ESM import and a CommonJS require in Node (plain and inline variants);
//   esbuild bundles (ESM and IIFE) loaded in Debian's Chromium, pages served from disk;
//   the plain variant built by Vite and by webpack 5 with no configuration about the .wasm (they
//   follow new URL('./earlyout.wasm', import.meta.url)), loaded in Chromium;
//   the README's small game, as written, bundled by esbuild: the page must print what Node prints;
//   tsc --strict against the types (import, require, the .wasm URL).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { build as viteBuild, createServer as viteServer } from 'vite';
import webpack from 'webpack';
import { chromium } from 'playwright-core';
import { extractBlocks } from '../docs/extract.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const version = JSON.parse(readFileSync(join(root, 'wasm/package.json'), 'utf8')).version;
const tarball = join(root, `build/wasm/earlyout-${version}.tgz`);
const app = join(root, 'build/package/app');
const pkg = join(app, 'node_modules/earlyout');
let browser;

// What every runtime check prints: the same answers from every variant.
const CHECK = `
  const a = eo.gridmask.build(LAYOUT_16, 'span', { x: 10, y: 40, w: 16, h: 16 });
  const pairs = eo.aabb.findPairs(new Float32Array([0, 0, 10.5, 10, 10.2, 0, 5, 5, 100, 100, 4, 4])).count;
  const cells = new Uint8Array(16 * 6); for (let c = 0; c < 16; c++) cells[5 * 16 + c] = TILE.SOLID;
  const map = eo.tiles.createMap({ width: 16, height: 6, cells });
  const hero = eo.tiles.createMover({ x: 16, y: 32, w: 8, h: 8 });
  map.walk(hero, 1.5, 1); map.walk(hero, 1.5, 1);
  let code = '';
  try { eo.sectors.create({ maxObject: 3 }); } catch (e) { code = e instanceof EarlyoutError ? e.code : 'not an EarlyoutError'; }
  const result = { mask: a, pairs, heroX: hero.x, code, traced: eo.traced };
`;
const EXPECT = { mask: 0x0201, pairs: 1, heroX: 19, code: 'EO_JS_BAD_ARGUMENT', traced: false };

function run(file) {
  const out = execFileSync(process.execPath, [file], { cwd: app, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop());
}
function write(name, text) {
  writeFileSync(join(app, name), text);
  return join(app, name);
}

before(async () => {
  statSync(tarball); // made by make wasm-pack
  rmSync(join(root, 'build/package'), { recursive: true, force: true });
  mkdirSync(app, { recursive: true });
  write('package.json', JSON.stringify({ name: 'earlyout-scratch-game', private: true, version: '1.0.0' }, null, 2));
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', tarball], { cwd: app, stdio: 'pipe' });
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--no-sandbox'],
  });
});
after(async () => { await browser?.close(); });

test('the tarball holds both builds, both variants, their types, the .wasm files, API.md and a LICENSE', (t) => {
  const manifest = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8'));
  assert.deepEqual(Object.keys(manifest.exports['.']), ['import', 'require']);
  for (const cond of ['import', 'require']) {
    assert.ok(manifest.exports['.'][cond].types && manifest.exports['.'][cond].default, cond);
    assert.ok(manifest.exports['./inline'][cond].types && manifest.exports['./inline'][cond].default, `inline ${cond}`);
  }
  assert.equal(manifest.exports['./earlyout.wasm'].types, './wasm.d.ts');
  assert.equal(manifest.exports['./earlyout-simd.wasm'].types, './wasm.d.ts');
  assert.match(readFileSync(join(pkg, 'LICENSE'), 'utf8'), /^MIT License/);
  // every rule a game relies on travels with the package (the C headers do not)
  assert.match(readFileSync(join(pkg, 'API.md'), 'utf8'), /^## Rules a game depends on$/m);
  assert.equal(manifest.license, 'MIT');
  // the plain ESM build finds the .wasm the way bundlers recognise
  assert.match(readFileSync(join(pkg, 'earlyout.js'), 'utf8'), /new URL\("\.\/earlyout\.wasm",\s*import\.meta\.url\)/);
  for (const f of ['earlyout.js', 'inline.js', 'cjs/earlyout.js', 'cjs/inline.js', 'earlyout.wasm', 'earlyout-simd.wasm']) {
    const bytes = readFileSync(join(pkg, f));
    t.diagnostic(`${f}: ${bytes.length} bytes, ${gzipSync(bytes, { level: 9 }).length} gzip`);
  }
});

test('one EarlyoutError class: an error from any build is instanceof the class of every build', () => {
  write('one-class.mjs', `import { createRequire } from 'node:module';
import * as esm from 'earlyout';
import * as inlineEsm from 'earlyout/inline';
const require = createRequire(import.meta.url);
const cjs = require('earlyout'), inlineCjs = require('earlyout/inline');
const builds = { esm, cjs, 'inline esm': inlineEsm, 'inline cjs': inlineCjs };
const errors = {};
for (const [name, m] of Object.entries(builds)) {
  const eo = name.startsWith('inline') ? m.loadEarlyoutSync() : await m.loadEarlyout();
  try { eo.sectors.create({ maxObject: 3 }); } catch (e) { errors[name] = e; }
}
const result = { instanceOf: [], same: new Set(Object.values(builds).map((m) => m.EarlyoutError)).size, names: [] };
for (const [thrower, e] of Object.entries(errors))
  for (const [name, m] of Object.entries(builds)) result.instanceOf.push(\`\${thrower} instanceof \${name}: \${e instanceof m.EarlyoutError}\`);
result.names = Object.values(errors).map((e) => e.name + ' ' + e.code);
console.log(JSON.stringify(result));`);
  const r = run('one-class.mjs');
  assert.equal(r.same, 1, 'the four builds export the very same class');
  assert.equal(r.instanceOf.length, 16);
  for (const line of r.instanceOf) assert.match(line, /: true$/);
  assert.deepEqual(r.names, new Array(4).fill('EarlyoutError EO_JS_BAD_ARGUMENT'));
});

test('Node: ESM import and CommonJS require, plain and inline', () => {
  write('esm.mjs', `import { loadEarlyout, LAYOUT_16, TILE, EarlyoutError } from 'earlyout';
const eo = await loadEarlyout();${CHECK}
const traced = await loadEarlyout({ traced: true });
result.tracedSteps = traced.trace(() => traced.gridmask.build(LAYOUT_16, 'span', { x: 1, y: 1, w: 1, h: 1 })).steps.length > 0;
console.log(JSON.stringify(result));`);
  write('esm-inline.mjs', `import { loadEarlyoutSync, LAYOUT_16, TILE, EarlyoutError } from 'earlyout/inline';
const eo = loadEarlyoutSync();${CHECK}
console.log(JSON.stringify(result));`);
  write('cjs.cjs', `const { loadEarlyout, LAYOUT_16, TILE, EarlyoutError } = require('earlyout');
loadEarlyout().then((eo) => {${CHECK}
  console.log(JSON.stringify(result));
});`);
  write('cjs-inline.cjs', `const { loadEarlyoutSync, LAYOUT_16, TILE, EarlyoutError } = require('earlyout/inline');
const eo = loadEarlyoutSync();${CHECK}
console.log(JSON.stringify(result));`);
  assert.deepEqual(run('esm.mjs'), { ...EXPECT, tracedSteps: true });
  assert.deepEqual(run('esm-inline.mjs'), EXPECT);
  assert.deepEqual(run('cjs.cjs'), EXPECT);
  assert.deepEqual(run('cjs-inline.cjs'), EXPECT);
});

/** Loads `html`, other paths served from `dir` by page.route; returns window.result, the errors and the console.log lines. */
async function inChromium(html, dir) {
  const page = await browser.newPage();
  const errors = [], logs = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); else if (m.type() === 'log') logs.push(m.text()); });
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };
  await page.route('http://game.test/**', async (route) => {
    const path = new URL(route.request().url()).pathname;
    try {
      const body = path === '/' ? html : readFileSync(join(dir, path));
      await route.fulfill({ status: 200, body, headers: { 'content-type': types[extname(path) || '.html'] ?? 'application/octet-stream' } });
    } catch {
      await route.fulfill({ status: 404, body: 'not found' });
    }
  });
  await page.goto('http://game.test/');
  await page.waitForFunction(() => 'result' in window, null, { timeout: 20000 }).catch(() => {});
  const result = await page.evaluate(() => window.result);
  await page.close();
  return { result, errors, logs };
}

const PAGE = (script, module) => `<!doctype html><meta charset="utf-8"><title>game</title><script ${module ? 'type="module" ' : ''}src="${script}"></script>`;

test('Chromium: an esbuild ESM bundle (the .wasm through the file loader)', async () => {
  write('web-esm.js', `import { loadEarlyout, LAYOUT_16, TILE, EarlyoutError } from 'earlyout';
import wasm from 'earlyout/earlyout.wasm';
const eo = await loadEarlyout({ wasm });${CHECK}
window.result = result;`);
  const out = join(app, 'dist-esm');
  await esbuild.build({ entryPoints: [join(app, 'web-esm.js')], bundle: true, format: 'esm', platform: 'browser', outdir: out,
                        loader: { '.wasm': 'file' }, logLevel: 'error', absWorkingDir: app });
  const { result, errors } = await inChromium(PAGE('/web-esm.js', true), out);
  assert.deepEqual(errors, []);
  assert.deepEqual(result, EXPECT);
});

test('Chromium: esbuild IIFE bundles: inline with synchronous load, and plain with the .wasm URL', async () => {
  write('web-iife-inline.js', `import { loadEarlyoutSync, LAYOUT_16, TILE, EarlyoutError } from 'earlyout/inline';
const eo = loadEarlyoutSync();${CHECK}
window.result = result;`);
  write('web-iife-plain.js', `import { loadEarlyout, LAYOUT_16, TILE, EarlyoutError } from 'earlyout';
import wasm from 'earlyout/earlyout.wasm';
(async () => {
  let missing = '';
  try { await loadEarlyout(); } catch (e) { missing = e.code + ': ' + e.message; }
  const eo = await loadEarlyout({ wasm });${CHECK}
  result.missing = missing;
  window.result = result;
})();`);
  const out = join(app, 'dist-iife');
  await esbuild.build({ entryPoints: [join(app, 'web-iife-inline.js'), join(app, 'web-iife-plain.js')], bundle: true, format: 'iife',
                        platform: 'browser', outdir: out, loader: { '.wasm': 'file' }, logLevel: 'error', absWorkingDir: app });
  const inline = await inChromium(PAGE('/web-iife-inline.js', false), out);
  assert.deepEqual(inline.errors, []);
  assert.deepEqual(inline.result, EXPECT);
  const plain = await inChromium(PAGE('/web-iife-plain.js', false), out);
  assert.deepEqual(plain.errors, []);
  const { missing, ...rest } = plain.result;
  assert.deepEqual(rest, EXPECT);
  // without a URL an IIFE bundle cannot know where the .wasm is: a clear error, not 'Invalid URL'
  assert.match(missing, /^EO_JS_LOAD: cannot locate earlyout\.wasm: .*earlyout\/inline/);
});

test('Chromium: a Vite build of the plain variant (the .wasm found by new URL(..., import.meta.url))', async () => {
  const dir = join(app, 'vite');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), PAGE('./main.js', true));
  writeFileSync(join(dir, 'main.js'), `import { loadEarlyout, LAYOUT_16, TILE, EarlyoutError } from 'earlyout';
const eo = await loadEarlyout();${CHECK}
window.result = result;`);
  const out = join(app, 'dist-vite');
  await viteBuild({ root: dir, configFile: false, logLevel: 'error', build: { outDir: out, emptyOutDir: true } });
  // both files are referenced by the loader, so both are copied; a page fetches only the one it loads
  const wasm = readdirSync(join(out, 'assets')).filter((f) => f.endsWith('.wasm'));
  assert.deepEqual(wasm.map((f) => f.replace(/-[\w-]{8}\.wasm$/, '')).sort(), ['earlyout', 'earlyout-simd', 'earlyout-trace'], `${readdirSync(join(out, 'assets'))}`);
  const { result, errors } = await inChromium(readFileSync(join(out, 'index.html')), out);
  assert.deepEqual(errors, []);
  assert.deepEqual(result, EXPECT);
});

test('Chromium: the Vite dev server serves the plain variant with no configuration (no optimizeDeps.exclude)', async () => {
  const dir = join(app, 'vite-dev');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), PAGE('./main.js', true));
  writeFileSync(join(dir, 'main.js'), `import { loadEarlyout, LAYOUT_16, TILE, EarlyoutError } from 'earlyout';
const eo = await loadEarlyout();${CHECK}
window.result = result;`);
  const server = await viteServer({ root: dir, configFile: false, logLevel: 'error', cacheDir: join(app, '.vite-dev-cache'),
                                    server: { port: 0, strictPort: false, host: '127.0.0.1', hmr: false } });
  await server.listen();
  try {
    const url = server.resolvedUrls.local[0];
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // a missing resource is named by its URL (the browser's own /favicon.ico request is not the game's)
    page.on('console', (m) => { if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(m.text()); });
    page.on('response', (r) => { if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) errors.push(`${r.status()} ${r.url()}`); });
    await page.goto(url);
    await page.waitForFunction(() => 'result' in window, null, { timeout: 30000 }).catch(() => {});
    const result = await page.evaluate(() => window.result);
    await page.close();
    assert.deepEqual(errors, []);
    assert.deepEqual(result, EXPECT, 'the dev server (which pre-bundles dependencies) still finds earlyout.wasm');
  } finally {
    await server.close();
  }
});

test('Chromium: a webpack 5 build of the plain variant (no configuration for the .wasm)', async () => {
  write('webpack-main.js', `import { loadEarlyout, LAYOUT_16, TILE, EarlyoutError } from 'earlyout';
const eo = await loadEarlyout();${CHECK}
window.result = result;`);
  const out = join(app, 'dist-webpack');
  rmSync(out, { recursive: true, force: true });
  const stats = await new Promise((resolve, reject) => webpack({
    mode: 'production', context: app, entry: './webpack-main.js', target: 'web', devtool: false,
    output: { path: out, filename: 'main.js' },
  }, (err, st) => (err ? reject(err) : resolve(st))));
  assert.ok(!stats.hasErrors(), stats.toString({ all: false, errors: true }));
  assert.equal(readdirSync(out).filter((f) => f.endsWith('.wasm')).length, 3, `webpack emitted the three .wasm files: ${readdirSync(out)}`);
  const { result, errors } = await inChromium(PAGE('/main.js', false), out);
  assert.deepEqual(errors, []);
  assert.deepEqual(result, EXPECT);
});

test("Chromium: the README's small game, as written, in an esbuild bundle prints what it prints in Node", async () => {
  const readme = join(root, 'README.md');
  const heading = readFileSync(readme, 'utf8').split('\n').indexOf('### A small game') + 1;
  assert.ok(heading > 0, 'README.md has a "### A small game" section');
  const block = extractBlocks(readme).find((b) => b.line > heading && b.lang === 'js');
  write('game.mjs', block.code);
  const node = execFileSync(process.execPath, ['game.mjs'], { cwd: app, encoding: 'utf8' }).trim().split('\n');
  assert.match(node.at(-1), /^[1-9]\d* hits; the hero is at /);
  assert.ok(node.some((l) => /bullet \d+ hits enemy \d+/.test(l)) && node.some((l) => /stopped by the wall/.test(l)), node.join('\n'));
  write('web-game.js', `import './game.mjs';\nwindow.result = 'done';`);
  const out = join(app, 'dist-game');
  await esbuild.build({ entryPoints: [join(app, 'web-game.js')], bundle: true, format: 'esm', platform: 'browser', outdir: out,
                        logLevel: 'error', absWorkingDir: app });
  for (const f of ['earlyout.wasm', 'earlyout-simd.wasm']) copyFileSync(join(pkg, f), join(out, f)); // next to the bundle, where new URL(...) looks
  const { result, errors, logs } = await inChromium(PAGE('/web-game.js', true), out);
  assert.deepEqual(errors, []);
  assert.equal(result, 'done');
  assert.deepEqual(logs, node);
});

test('tsc --strict against the types: import, require and the .wasm URL', () => {
  write('tsconfig.json', JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022',
                       lib: ['es2022', 'dom'], types: [], skipLibCheck: false, noUncheckedIndexedAccess: true },
    files: ['game.mts', 'game.cts', 'inline.mts'],
  }, null, 2));
  write('game.mts', `import { loadEarlyout, EarlyoutError, LAYOUT_16, TILE, HIT, type Earlyout, type MoveResult, type EarlyoutErrorCode } from 'earlyout';
let kind = TILE.EMPTY; // the constants are numbers: a variable holds any of them
kind = TILE.SOLID;
let side = HIT.LEFT;
side = HIT.RIGHT | HIT.TOP;
const err: EarlyoutError | null = null; // the class is a type too
import wasm from 'earlyout/earlyout.wasm';
const url: string = wasm;
const eo: Earlyout = await loadEarlyout({ wasm: url, maxMemory: 64 << 20 });
const map = eo.tiles.createMap({ width: 4, height: 4, cells: new Uint8Array(16).fill(TILE.EMPTY) });
const hero = eo.tiles.createMover({ x: 1.5, y: 2, w: 8, h: 8 });
const r: MoveResult = map.walk(hero, 1.5, 1);
const stopped: boolean = (r.hit & HIT.RIGHT) !== 0 && r.remainderX === 0;
const pairs: Uint32Array = eo.aabb.findPairs(new Float32Array(8)).pairs;
const mask: number = eo.gridmask.build(LAYOUT_16, 'span', { x: 0.5, y: 0, w: 8, h: 8 });
try { eo.sectors.create({ maxObjects: 8 }).findPairs([0, 0, 8, 8]); } catch (e) {
  if (e instanceof EarlyoutError) { const code: EarlyoutErrorCode = e.code; console.log(code); }
}
// @ts-expect-error: height is required
eo.tiles.createMap({ width: 4 });
// @ts-expect-error: not a method
eo.gridmask.build(LAYOUT_16, 'diagonal', { x: 0, y: 0, w: 1, h: 1 });
console.log(stopped, pairs, mask, eo.heapStats().limit, kind, side, err);
`);
  write('game.cts', `import earlyout = require('earlyout');
const { loadEarlyout, TOUCH } = earlyout;
void loadEarlyout().then((eo: earlyout.Earlyout) => {
  const grid: earlyout.SectorGrid = eo.sectors.create({ cols: 4, rows: 4, maxObjects: 10 });
  grid.build(new Int16Array(8));
  const n: number = grid.findPairs(new Int16Array(8)).count + TOUCH.WATER;
  console.log(n);
});
`);
  write('inline.mts', `import { loadEarlyoutSync, type Earlyout } from 'earlyout/inline';
const eo: Earlyout = loadEarlyoutSync();
const n: number = eo.heapUsed();
console.log(n);
`);
  const r = spawnSync(join(root, 'node_modules/.bin/tsc'), ['-p', join(app, 'tsconfig.json')], { cwd: app, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stdout + r.stderr);
});
