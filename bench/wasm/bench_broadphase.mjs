// Broadphase shoot-out in Node: the core's sectors (persistent grid), sort-and-sweep
// (frame-coherent) and brute force through the wasm module's public JS API; the plain
// counting-sort grid of bench/common/plain_grid.h, the floor (one pass computing a cell per box)
// and the core's sectors, all in C in a bench-only wasm module (build/wasm/bench_broadphase.wasm,
// no JS between them); and the npm libraries a web game would otherwise reach for, rbush and
// detect-collisions. All in this one process, on the scenes of bench/native/bench_broadphase.c
// (bench/common/scene.mjs in JS and scene.h in the module: same generator, same boxes; both
// checksums are checked against bench/common/scene_checksums.txt).
//
// Every method must report the same pair count every frame, and the same pair set (compared
// pair by pair) on the first and last frame as a brute-force reference; any difference stops
// the run. Set-up is not timed (a level load): the grid chosen by eo.sectors.tune on frame 0 and
// built once (the same grid for the C run), the sweep's axis (fewer candidate pairs on frame 0)
// and first sort, brute force's axis order (eo.aabb.chooseOrder), the peers' objects. Scene
// stepping is not timed.
//
// Matching the peers to half-open boxes (a box at x, width w covers x .. x+w-1; touching is not
// overlapping):
//   rbush: bounds are inclusive (a.minX <= b.maxX ...), so each box is stored as
//     minX = x, maxX = x + w - 1 (likewise y): inclusive integer intervals that meet exactly
//     when the half-open boxes share a pixel. Its hits are then exact: no further test.
//   detect-collisions (since 10.x a re-export of check2d): a Box(pos, w, h) spans x .. x+w as a
//     polygon and its SAT test counts touching edges as a collision, so each box is created
//     w-1 by h-1: the same inclusive intervals as rbush. Integer coordinates: the float SAT on
//     axis-aligned normals is exact. checkAll() reports each pair from both sides; counted once.
// Usage: node bench/wasm/bench_broadphase.mjs [frames]
import { loadEarlyout } from '../../build/wasm/pkg/earlyout.js';
import RBush from 'rbush';
import { System } from 'detect-collisions';
import { readFileSync } from 'node:fs';
import { Scene, SCENE_NAMES, UNIFORM, WARZONE, loadChecksums } from '../common/scene.mjs';

const frames = Number(process.argv[2] ?? 600);
if (!Number.isInteger(frames) || frames < 1) { console.error('usage: node bench/wasm/bench_broadphase.mjs [frames]'); process.exit(2); }
const SIZES = (process.env.BENCH_SIZES ?? "1000,10000,50000").split(",").map(Number);
// Fewer frames where a method would take many seconds (said in the notes).
const FEW_FRAMES = { 10000: { 'brute force (JS API)': 10, 'detect-collisions': 60 },
                     50000: { 'brute force (JS API)': 2, 'detect-collisions': 10, rbush: 30, 'sort-and-sweep (JS API)': 60 } };
const MAX_PAIRS = 1 << 18;
const PAD_DC = 0; // detect-collisions body padding: the library default (it trades BVH re-inserts for wider searches)

const eo = await loadEarlyout();
const mod = (await WebAssembly.instantiate(readFileSync(new URL('../../build/wasm/bench_broadphase.wasm', import.meta.url)), {})).instance.exports;
const version = (name) => JSON.parse(readFileSync(new URL(`../../node_modules/${name}/package.json`, import.meta.url), 'utf8')).version;
const versions = { rbush: version('rbush'), 'detect-collisions': version('detect-collisions'), check2d: version('check2d') };

const now = () => process.hrtime.bigint();
const keysOf = (pairs, count) => { // sorted a << 16 | b keys (N <= 65,536 here)
  const k = new Uint32Array(count);
  for (let i = 0; i < count; i++) k[i] = (pairs[2 * i] << 16 | pairs[2 * i + 1]) >>> 0;
  return k.sort();
};
const sameKeys = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);
const modPairs = (count) => new Uint32Array(mod.memory.buffer, mod.pairs(), 2 * count);

// ---- the methods: setup(scene) once, frame(boxes) -> pair count, keys(boxes) -> sorted pair set;
// the C ones run the module's own copy of the scene, stepped with it (step) ----------------------
function cMethod(name, frameFn, setupFn) {
  let count = 0;
  return {
    name, c: true,
    setup(s) {
      if ((mod.reset(s.kind, s.n) >>> 0) !== s.checksum()) throw new Error(`${name}: the module's scene differs from scene.mjs`);
      setupFn?.();
    },
    frame() { count = frameFn(); return count; },
    keys() { return keysOf(modPairs(count), count); },
    step() { mod.step(); },
  };
}
const floorMethod = () => ({ ...cMethod('floor (C in wasm)', () => mod.floor_frame()), floor: true });
const plainGridMethod = () => cMethod('plain grid (C in wasm)', () => mod.plain_grid_frame());
function sectorsCMethod(config) {
  return cMethod('sectors (C in wasm)', () => mod.sectors_frame(), () => {
    const r = mod.sectors_setup(config.cols, config.rows);
    if (r !== 0) throw new Error(`sectors_setup: result ${r}`);
  });
}

function bruteMethod(order) {
  const out = new Uint32Array(2 * MAX_PAIRS);
  return {
    name: 'brute force (JS API)',
    setup() {},
    frame: (b) => eo.aabb.findPairs(b, order, out).count,
    keys(b) { const r = eo.aabb.findPairs(b, order); return keysOf(r.pairs, r.count); },
  };
}

function sectorsMethod(config, info) {
  const out = new Uint32Array(2 * MAX_PAIRS);
  let grid;
  return {
    name: 'sectors (JS API, 2 calls)',
    setup(s) { grid = eo.sectors.create(config); grid.build(s.boxes); info.rebuilds = 0; info.moved = 0; },
    frame(b) {
      const st = grid.update(b);
      info.rebuilds += st.rebuilds; info.moved += st.objectsMoved;
      return grid.findPairs(b, undefined, out).count;
    },
    keys(b) { const r = grid.findPairs(b); return keysOf(r.pairs, r.count); },
    done() { grid.dispose(); },
  };
}

// One call a frame (updateAndFindPairs), on the scene's Int16Array or on the same boxes as floats
// (a Float64Array, each box moved by a fraction of a pixel: what a web game holds).
function sectorsOneCallMethod(config, floats) {
  const out = new Uint32Array(2 * MAX_PAIRS);
  let grid, f64;
  const input = (b) => {
    if (!floats) return b;
    for (let i = 0; i < b.length; i++) f64[i] = (i & 3) < 2 ? b[i] + 0.25 : b[i] - 0.5; // same pixel bounds
    return f64;
  };
  return {
    name: floats ? 'sectors (JS API, 1 call, floats)' : 'sectors (JS API, 1 call)',
    setup(s) { grid = eo.sectors.create(config); f64 = new Float64Array(s.boxes.length); grid.build(input(s.boxes)); },
    frame: (b) => grid.updateAndFindPairs(input(b), undefined, out).count,
    keys(b) { const r = grid.findPairs(input(b)); return keysOf(r.pairs, r.count); },
    done() { grid.dispose(); },
  };
}

function sweepMethod(axis) {
  const out = new Uint32Array(2 * MAX_PAIRS);
  let sweeper;
  return {
    name: 'sort-and-sweep (JS API)',
    setup(s) { sweeper = eo.sweep.create(s.n); sweeper.findPairs(s.boxes, axis); },
    frame: (b) => sweeper.findPairs(b, axis, undefined, out).count,
    keys(b) { const r = sweeper.findPairs(b, axis); return keysOf(r.pairs, r.count); },
    done() { sweeper.dispose(); },
  };
}

// rbush: bulk-load every object each frame (its README: bulk loading is 2-3x faster than
// inserting one by one, and the loaded tree searches faster), then one search per object.
function rbushMethod() {
  let tree, items;
  const fill = (b) => {
    for (let i = 0; i < items.length; i++) {
      const it = items[i], o = i * 4;
      it.minX = b[o]; it.minY = b[o + 1]; it.maxX = b[o] + b[o + 2] - 1; it.maxY = b[o + 1] + b[o + 3] - 1;
    }
    tree.clear();
    tree.load(items);
  };
  const each = (fn) => {
    for (let i = 0; i < items.length; i++) {
      const hits = tree.search(items[i]);
      for (let k = 0; k < hits.length; k++) if (hits[k].i > i) fn(i, hits[k].i);
    }
  };
  return {
    name: 'rbush',
    setup(s) {
      tree = new RBush();
      items = Array.from({ length: s.n }, (_, i) => ({ minX: 0, minY: 0, maxX: 0, maxY: 0, i }));
    },
    frame(b) { fill(b); let c = 0; each(() => { c++; }); return c; },
    keys() { const k = []; each((i, j) => k.push((i << 16 | j) >>> 0)); return Uint32Array.from(k).sort(); },
  };
}

// detect-collisions: one Box body per object, moved with setPosition (which re-inserts it in the
// BVH when it left its padded bounds), then checkAll: BVH search per body, SAT per candidate.
function detectCollisionsMethod() {
  let system, bodies;
  const each = (fn) => system.checkAll((r) => { if (r.a.eoIndex < r.b.eoIndex) fn(r.a.eoIndex, r.b.eoIndex); });
  return {
    name: 'detect-collisions',
    setup(s) {
      system = new System();
      bodies = [];
      const b = s.boxes;
      for (let i = 0; i < s.n; i++) {
        const body = system.createBox({ x: b[i * 4], y: b[i * 4 + 1] }, b[i * 4 + 2] - 1, b[i * 4 + 3] - 1, { padding: PAD_DC });
        body.eoIndex = i;
        bodies.push(body);
      }
    },
    frame(b) {
      for (let i = 0; i < bodies.length; i++) bodies[i].setPosition(b[i * 4], b[i * 4 + 1]);
      let c = 0;
      each(() => { c++; });
      return c;
    },
    keys() { const k = []; each((i, j) => k.push((i << 16 | j) >>> 0)); return Uint32Array.from(k).sort(); },
  };
}

// ---- one method over one scene ----------------------------------------------------------------
function run(method, kind, n, nframes, counts, sets) {
  const s = new Scene(kind, n);
  method.setup(s);
  let ns = 0, pairs = 0;
  const times = new Float64Array(nframes);
  for (let f = 0; f < nframes; f++) {
    const t0 = now();
    const c = method.frame(s.boxes);
    times[f] = Number(now() - t0);
    ns += times[f];
    counts[f] = c;
    pairs += c;
    if (!method.floor && f === 0) sets.first = method.keys(s.boxes);
    if (!method.floor && f === nframes - 1) sets.last = method.keys(s.boxes);
    s.step();
    method.step?.();
  }
  method.done?.();
  times.sort();
  const median = nframes % 2 ? times[nframes >> 1] : (times[nframes / 2 - 1] + times[nframes / 2]) / 2;
  return { ns, median, frames: nframes, pairs };
}

function referenceKeys(kind, n, f) {
  const s = new Scene(kind, n);
  for (let k = 0; k < f; k++) s.step();
  const r = eo.aabb.findPairs(s.boxes);
  return keysOf(r.pairs, r.count);
}

// ---- scene checksums, against bench/common/scene_checksums.txt ---------------------------------
console.log(`broadphase: the core through wasm (Node ${process.version}) vs a plain grid and the floor in wasm, rbush ${versions.rbush} and detect-collisions ${versions['detect-collisions']} (check2d ${versions.check2d}), ${frames} frames\n`);
console.log('scene checksums (FNV-1a of x, y, w, h; the native bench prints the same):');
const reference = loadChecksums();
for (const kind of [UNIFORM, WARZONE]) for (const n of SIZES) {
  const s = new Scene(kind, n);
  const show = (f) => {
    const key = `${kind === UNIFORM ? 'uniform' : 'warzone'} ${n} ${f}`, sum = '0x' + s.checksum().toString(16).padStart(8, '0');
    const want = reference.get(key);
    if (want !== undefined && want !== sum) { console.error(`SCENE DRIFT: ${key} checksum ${sum}, scene_checksums.txt says ${want}`); process.exit(1); }
    console.log(`${key} ${sum}${want === undefined ? '   (no reference in bench/common/scene_checksums.txt)' : ''}`);
  };
  show(0);
  for (let f = 1; f < 600; f++) s.step();
  show(599);
}

// ---- the runs ----------------------------------------------------------------------------------
const CELL_SIZES = [16, 24, 32, 48, 64];
const warmed = new Set();
const rows = [], notes = [];
let overflowFrames = 0, allFrames = 0;
for (const kind of [UNIFORM, WARZONE]) for (const n of SIZES) {
  const s0 = new Scene(kind, n), W = s0.world;
  const configs = [];
  for (const cw of CELL_SIZES) for (const ch of CELL_SIZES)
    configs.push({ worldX: 0, worldY: 0, worldW: W, worldH: W, cols: Math.ceil(W / cw), rows: Math.ceil(W / ch), maxObjects: n });
  const tuned = eo.sectors.tune(s0.boxes, configs);
  const config = configs[tuned.best];
  const order = eo.aabb.chooseOrder(s0.boxes, 255).order;
  const cand = {};
  for (const axis of ['x', 'y']) {
    const sw = eo.sweep.create(n);
    cand[axis] = sw.findPairs(s0.boxes, axis).stats.candidatePairs;
    sw.dispose();
  }
  const axis = cand.y < cand.x ? 'y' : 'x';
  const info = {};
  const make = (cfg) => [floorMethod(), plainGridMethod(), sectorsCMethod(cfg), sectorsMethod(cfg, info),
                         sectorsOneCallMethod(cfg, false), sectorsOneCallMethod(cfg, true), sweepMethod(axis),
                         bruteMethod(order), rbushMethod(), detectCollisionsMethod()];
  // warm-up: every method's code paths compiled by the JIT before anything of this kind is timed
  if (!warmed.has(kind)) {
    const w = new Scene(kind, 1000).world, cells = Math.ceil(w / 32);
    const warm = { worldX: 0, worldY: 0, worldW: w, worldH: w, cols: cells, rows: cells, maxObjects: 1000 };
    for (const m of make(warm)) if (m.name !== 'brute force (JS API)') run(m, kind, 1000, 30, new Uint32Array(30), {});
    warmed.add(kind);
  }
  const methods = make(config);
  const results = [], counts = [], sets = [];
  for (const m of methods) {
    const nf = Math.min(frames, FEW_FRAMES[n]?.[m.name] ?? frames);
    const c = new Uint32Array(nf), set = {};
    results.push(run(m, kind, n, nf, c, set));
    counts.push(c);
    sets.push(set);
  }
  const S = methods.findIndex((m) => m.name === 'sectors (JS API, 2 calls)');
  // same pair count every frame, against the sectors run (which covers every frame)
  for (let mi = 0; mi < methods.length; mi++)
    for (let f = 0; !methods[mi].floor && f < counts[mi].length; f++)
      if (counts[mi][f] !== counts[S][f]) {
        console.error(`MISMATCH: ${SCENE_NAMES[kind]} N=${n} frame ${f}: ${methods[mi].name} reports ${counts[mi][f]} pairs, ${methods[S].name} ${counts[S][f]}`);
        process.exit(1);
      }
  // same pair set on each method's first and last frame, against brute force on that frame
  const refs = new Map();
  for (let mi = 0; mi < methods.length; mi++)
    for (const [which, f] of [['first', 0], ['last', results[mi].frames - 1]]) {
      if (methods[mi].floor) continue;
      if (!refs.has(f)) refs.set(f, referenceKeys(kind, n, f));
      if (!sameKeys(sets[mi][which], refs.get(f))) {
        console.error(`MISMATCH: ${SCENE_NAMES[kind]} N=${n} frame ${f}: ${methods[mi].name} found a different pair set (${sets[mi][which].length} pairs, brute force ${refs.get(f).length})`);
        process.exit(1);
      }
    }
  for (let f = 0; f < counts[S].length; f++) { allFrames++; if (counts[S][f] > 256) overflowFrames++; }

  const grid = results[1].median, floor = results[0].median;
  methods.forEach((m, mi) => {
    const r = results[mi];
    rows.push(`| ${SCENE_NAMES[kind].padEnd(8)} | ${String(n).padStart(6)} | ${m.name.padEnd(32)} | ${String(r.frames).padStart(6)} | ` +
              `${(r.ns / r.frames / 1e6).toFixed(3).padStart(8)} | ${(r.median / 1e6).toFixed(3).padStart(6)} | ${(r.median / n).toFixed(1).padStart(9)} | ` +
              `${(grid / r.median).toFixed(2).padStart(12)}x | ${(r.median / floor).toFixed(1).padStart(7)}x | ${m.floor ? '-'.padStart(11) : (r.pairs / r.frames).toFixed(1).padStart(11)} |`);
  });
  const cell = (k) => Math.ceil(W / config[k]);
  notes.push(`- ${SCENE_NAMES[kind]} N=${n}: sectors ${config.cols}x${config.rows} of ${cell('cols')}x${cell('rows')} px ` +
             `(tune cost ${tuned.rows[tuned.best].cost}; JS API run: ${info.moved} objects moved sector, ${info.rebuilds} rebuilds in ${frames} frames); ` +
             `sweep on ${axis} (frame-0 candidates x ${cand.x}, y ${cand.y}); brute force ${order === 'y-first' ? 'Y' : 'X'} first`);
}

console.log(`\nper frame, lower is better: ms (the mean over the frames timed, and the median frame's),
ns per object (median frame); the ratios compare median frames (a busy machine slows some frames
of each run; the median is blind to GC pauses): "vs plain grid" is the plain grid's time divided
by this method's (above 1: faster), "x floor" this method's time over the floor's. Every method
reported the same pair count on every frame, and the same pair set on its first and last frame
as a brute-force reference.\n`);
console.log('| scene    |      N | method                           | frames | ms/frame | median | ns/object | vs plain grid | x floor | pairs/frame |');
console.log('|----------|-------:|----------------------------------|-------:|---------:|-------:|----------:|--------------:|--------:|------------:|');
for (const r of rows) console.log(r);
console.log('\nchoices made on frame 0 (not timed, like the initial build and sort), same core as native:');
for (const n of notes) console.log(n);
for (const [n, few] of Object.entries(FEW_FRAMES))
  for (const [name, nf] of Object.entries(few))
    if (frames > nf) console.log(`- ${name} at N=${n} is timed on the first ${nf} frames only`);
console.log(`- JS API: ${overflowFrames} of ${allFrames} scene frames had more than 256 pairs; the JS wrapper sizes its pair` +
            ' buffer from the previous frame\'s count, so a frame runs the core call again only when its pairs grew by more than a quarter');
console.log('- the JS API rows include what a game pays each frame: its boxes checked and copied into wasm (by update, or by updateAndFindPairs: one call, one copy), and, with two calls, checked again by findPairs against those of update');
console.log('- floats: the scene\'s boxes as a Float64Array, each moved by a fraction of a pixel inside the same pixel bounds (the same pairs)');
console.log(`- half-open boxes: rbush gets inclusive bounds x .. x+w-1; detect-collisions gets w-1 x h-1 boxes (its SAT counts touching as a hit); padding ${PAD_DC}`);
