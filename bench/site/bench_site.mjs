#!/usr/bin/env node
// How fast the built site becomes usable, cold, page by page: a benchmark to read, not a test
// (nothing here passes or fails on a number).
//   node bench/site/bench_site.mjs [SITE_DIR] [--runs N] [--pages home,01-grid-masks,...] [--port N]
// SITE_DIR defaults to build/site; any folder tools/build-web.mjs wrote works (e.g. the site of an
// older commit, to compare). Each page is opened in a fresh browser context (empty cache) in Debian's
// Chromium, on a desktop (1280x800, no throttling) and on a throttled phone (390x844, CDP: CPU 4x
// slower, 1.6 Mbps down, 750 kbps up, 150 ms latency), N times (default 3); the table shows medians:
//   KB        bytes transferred: the sum of CDP Network.loadingFinished encodedDataLength
//   requests  requests the page made (CDP Network.requestWillBeSent)
//   first     ms from navigation to the first widget marked ready ([data-widget][data-ready], or the
//             playground's [data-testid=pg][data-state=ready]); "view" when it was in the window
//             as it became ready, "below" when the first one ready was out of view
//   all       ms until every widget of the page is mounted (<html data-widgets-ready>, or the
//             playground ready); pages without widgets show "-"
//   failed    runs that stalled past 2 minutes (a busy machine): left out of the medians
// and for the playground page a second table: the bytes its two Emscripten files took on the wire
// (playground.wasm and playground.js, as the server sent them) and the time to its first frame
// (navigation to C having stepped and drawn once: the page's data-first-frame-ms).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const USAGE = 'usage: node bench/site/bench_site.mjs [SITE_DIR] [--runs N] [--pages home,01-grid-masks,...] [--port N]';

function fail(message) {
  console.error(`bench-site: ${message}`);
  process.exit(2);
}

const opt = { site: join(ROOT, 'build/site'), runs: 3, pages: null, port: 0 };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  const value = () => (i + 1 < argv.length ? argv[++i] : fail(`${a} needs a value\n${USAGE}`));
  if (a === '--runs') {
    opt.runs = Number(value());
    if (!Number.isInteger(opt.runs) || opt.runs < 1) fail(`--runs must be a positive integer\n${USAGE}`);
  } else if (a === '--pages') opt.pages = value().split(',');
  else if (a === '--port') {
    opt.port = Number(value());
    if (!Number.isInteger(opt.port) || opt.port < 1 || opt.port > 65535) fail(`bad --port\n${USAGE}`);
  } else if (a === '-h' || a === '--help') fail(USAGE);
  else if (a.startsWith('-')) fail(`unknown option ${a}\n${USAGE}`);
  else opt.site = resolve(a);
}
if (!existsSync(join(opt.site, 'index.html'))) fail(`${opt.site} has no index.html: build the site first (make web)`);

// The pages: home, each lesson the site has, the playground.
const lessons = existsSync(join(opt.site, 'lessons'))
  ? readdirSync(join(opt.site, 'lessons')).filter((f) => f.endsWith('.html')).sort().map((f) => f.replace(/\.html$/, ''))
  : [];
let pages = [
  { name: 'home', url: '/index.html' },
  ...lessons.map((l) => ({ name: l, url: `/lessons/${l}.html` })),
  ...(existsSync(join(opt.site, 'playground/index.html')) ? [{ name: 'playground', url: '/playground/index.html' }] : []),
];
if (opt.pages) {
  const unknown = opt.pages.filter((p) => !pages.some((q) => q.name === p));
  if (unknown.length) fail(`no page ${unknown.join(', ')} (pages: ${pages.map((p) => p.name).join(', ')})`);
  pages = pages.filter((p) => opt.pages.includes(p.name));
}

const PROFILES = [
  { name: 'desktop', context: { viewport: { width: 1280, height: 800 } } },
  {
    name: 'phone',
    context: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
    cpu: 4,
    // CDP takes bytes per second and milliseconds
    network: { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 },
  },
];

/** Runs in the page before its own scripts: notes when the first widget and all of them are ready. */
function watchWidgets() {
  const marks = { first: null, where: null, all: null, widgets: 0 };
  window.__bench = marks;
  const inView = (el) => {
    const r = el.getBoundingClientRect();
    return r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
  };
  const ready = (el) =>
    (el.hasAttribute('data-widget') && el.hasAttribute('data-ready')) || (el.dataset.testid === 'pg' && el.dataset.state === 'ready');
  new MutationObserver((records) => {
    const now = performance.now();
    for (const m of records) {
      const el = m.target;
      if (!(el instanceof HTMLElement)) continue;
      if (marks.first === null && ready(el)) {
        marks.first = now;
        marks.where = inView(el) ? 'view' : 'below';
      }
      if (marks.all === null && ((el === document.documentElement && el.dataset.widgetsReady) || (el.dataset.testid === 'pg' && ready(el))))
        marks.all = now;
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-ready', 'data-widgets-ready', 'data-state'] });
}

async function freePort() {
  return new Promise((done, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => done(port));
    });
  });
}

async function startServer(dir, port) {
  const child = spawn(process.execPath, [join(ROOT, 'tools/serve.mjs'), dir, '--port', String(port)], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, SERVE_QUIET: '1' },
  });
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) fail(`tools/serve.mjs exited: ${err.trim()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/index.html`)).ok) return child;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  fail(`tools/serve.mjs did not answer on port ${port}`);
}

async function measure(browser, base, pg, profile) {
  const context = await browser.newContext(profile.context);
  try {
    return await measureIn(context, base, pg, profile);
  } finally {
    await context.close();
  }
}

async function measureIn(context, base, pg, profile) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (profile.cpu) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
  if (profile.network) await cdp.send('Network.emulateNetworkConditions', profile.network);
  let bytes = 0;
  let requests = 0;
  const urls = new Map();
  const emscripten = { wasm: 0, js: 0 };
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!e.request.url.startsWith('data:')) requests++;
    urls.set(e.requestId, new URL(e.request.url).pathname);
  });
  cdp.on('Network.loadingFinished', (e) => {
    bytes += e.encodedDataLength;
    const path = urls.get(e.requestId) ?? '';
    if (path.endsWith('/playground/playground.wasm')) emscripten.wasm += e.encodedDataLength;
    if (path.endsWith('/playground/playground.js')) emscripten.js += e.encodedDataLength;
  });
  await page.addInitScript(watchWidgets);
  await page.goto(base + pg.url, { waitUntil: 'domcontentloaded', timeout: 120_000 });
  const widgets = await page.locator('[data-widget], [data-testid="pg"]').count();
  if (widgets > 0)
    await page.waitForFunction(() => window.__bench.all !== null, null, { timeout: 120_000, polling: 100 });
  // every byte the page asks for by itself, including what idle time and late chunks fetch
  await page.waitForLoadState('networkidle', { timeout: 120_000 });
  const marks = await page.evaluate(() => window.__bench);
  const firstFrame = await page.evaluate(() => Number(document.querySelector('[data-testid="pg"]')?.getAttribute('data-first-frame-ms') ?? NaN));
  return { bytes, requests, widgets, ...marks, all: widgets > 0 ? marks.all : null, emscripten, firstFrame: Number.isFinite(firstFrame) ? firstFrame : null };
}

const median = (xs) => {
  const s = xs.filter((x) => x !== null).sort((a, b) => a - b);
  if (s.length === 0) return null;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const mostCommon = (xs) => {
  const n = {};
  for (const x of xs) if (x) n[x] = (n[x] ?? 0) + 1;
  return Object.entries(n).sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
};

const port = opt.port || (await freePort());
const server = await startServer(opt.site, port);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--no-sandbox'],
});
const base = `http://127.0.0.1:${port}`;
const rows = [];
try {
  for (const profile of PROFILES) {
    for (const pg of pages) {
      const runs = [];
      let failed = 0;
      for (let r = 0; r < opt.runs; r++) {
        try {
          runs.push(await measure(browser, base, pg, profile));
        } catch (e) {
          // a stalled run (a busy machine) is reported, and the medians come from the others
          failed++;
          process.stderr.write(`bench-site: ${profile.name} ${pg.name}: a run failed: ${e.message.split('\n')[0]}\n`);
        }
      }
      if (runs.length === 0) fail(`every run of ${pg.name} on the ${profile.name} failed`);
      const row = {
        failed,
        page: pg.name,
        profile: profile.name,
        kb: median(runs.map((x) => x.bytes)) / 1024,
        requests: median(runs.map((x) => x.requests)),
        first: median(runs.map((x) => x.first)),
        where: mostCommon(runs.map((x) => x.where)),
        all: median(runs.map((x) => x.all)),
        wasmKb: median(runs.map((x) => x.emscripten.wasm)) / 1024,
        jsKb: median(runs.map((x) => x.emscripten.js)) / 1024,
        firstFrame: median(runs.map((x) => x.firstFrame)),
      };
      rows.push(row);
      process.stderr.write(`bench-site: ${row.profile} ${row.page} done\n`);
    }
  }
} finally {
  await browser.close();
  server.kill();
}

const ms = (v) => (v === null ? '-' : String(Math.round(v)));
const table = [
  ['page', 'profile', 'KB', 'requests', 'first ms', 'where', 'all ms', 'failed runs'],
  ...rows.map((r) => [r.page, r.profile, r.kb.toFixed(1), String(r.requests), ms(r.first), r.where || '-', ms(r.all), String(r.failed)]),
];
const widths = table[0].map((_, c) => Math.max(...table.map((row) => row[c].length)));
console.log(`bench-site: ${opt.site}, ${opt.runs} cold run${opt.runs > 1 ? 's' : ''} per cell (medians)`);
for (const row of table) console.log(row.map((cell, c) => (c < 2 || c === 5 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '));

const pgRows = rows.filter((r) => r.page === 'playground');
if (pgRows.length) {
  console.log('\nbench-site: the playground (medians): its Emscripten files on the wire, and navigation to the first frame C drew');
  console.log('profile  wasm KB  js KB  first frame ms');
  for (const r of pgRows)
    console.log(`${r.profile.padEnd(7)}  ${r.wasmKb.toFixed(1).padStart(7)}  ${r.jsKb.toFixed(1).padStart(5)}  ${ms(r.firstFrame).padStart(14)}`);
}
