// Broadphase shoot-out in Node: the core's brute force, sectors (persistent grid) and
// sort-and-sweep (frame-coherent) through the wasm module's API, against the npm libraries a web
// game would otherwise reach for, rbush and detect-collisions, all in this one process, on the
// scenes of bench/native/bench_broadphase.c (bench/common/scene.mjs: same generator, same boxes).
//
// Every method must report the same pair count every frame, and the same pair set (compared
// pair by pair) on the first and last frame as a brute-force reference; any difference stops
// the run. Set-up is not timed (a level load): the grid chosen by eo.sectors.tune on frame 0 and
// built once, the sweep's axis (fewer candidate pairs on frame 0) and first sort, brute force's
// axis order (eo.aabb.chooseOrder), the peers' objects. Scene stepping is not timed.
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
const SIZES = [100, 1000, 10000];
// Fewer frames where a method would take many seconds at N = 10,000 (said in the table).
const BIG_N = 10000;
const BIG_FRAMES = { 'brute force (wasm)': 10, 'detect-collisions': 60 };
const MAX_PAIRS = 1 << 18;
const PAD_DC = 0; // detect-collisions body padding: the library default (it trades BVH re-inserts for wider searches)

const eo = await loadEarlyout();
const version = (name) => JSON.parse(readFileSync(new URL(`../../node_modules/${name}/package.json`, import.meta.url), 'utf8')).version;
const versions = { rbush: version('rbush'), 'detect-collisions': version('detect-collisions'), check2d: version('check2d') };

const now = () => process.hrtime.bigint();
const keysOf = (pairs, count) => { // sorted a << 16 | b keys
  const k = new Uint32Array(count);
  for (let i = 0; i < count; i++) k[i] = (pairs[2 * i] << 16 | pairs[2 * i + 1]) >>> 0;
  return k.sort();
};
const sameKeys = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);

// ---- the methods: setup(scene) once, frame(boxes) -> pair count, keys(boxes) -> sorted pair set --
function bruteMethod(order) {
  const out = new Uint16Array(2 * MAX_PAIRS);
  return {
    name: 'brute force (wasm)',
    setup() {},
    frame: (b) => eo.aabb.findPairs(b, order, out).count,
    keys(b) { const r = eo.aabb.findPairs(b, order); return keysOf(r.pairs, r.count); },
  };
}

function sectorsMethod(config, info) {
  const out = new Uint16Array(2 * MAX_PAIRS);
  let grid;
  return {
    name: 'sectors (wasm)',
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

function sweepMethod(axis) {
  const out = new Uint16Array(2 * MAX_PAIRS);
  let sweeper;
  return {
    name: 'sort-and-sweep (wasm)',
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
    if (f === 0) sets.first = method.keys(s.boxes);
    if (f === nframes - 1) sets.last = method.keys(s.boxes);
    s.step();
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
console.log(`broadphase: the core through wasm (Node ${process.version}) vs rbush ${versions.rbush} and detect-collisions ${versions['detect-collisions']} (check2d ${versions.check2d}), ${frames} frames\n`);
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

// ---- warm-up: every method's code paths compiled by the JIT before anything is timed ------------
for (const kind of [UNIFORM, WARZONE]) {
  const s0 = new Scene(kind, 1000), W = s0.world;
  const config = { worldX: 0, worldY: 0, worldW: W, worldH: W, cols: Math.ceil(W / 32), rows: Math.ceil(W / 32), maxObjects: 1000, maxEntries: 65535 };
  for (const m of [bruteMethod('x-first'), sectorsMethod(config, {}), sweepMethod('x'), rbushMethod(), detectCollisionsMethod()])
    run(m, kind, 1000, 30, new Uint32Array(30), {});
}

// ---- the runs ----------------------------------------------------------------------------------
const CELL_SIZES = [16, 24, 32, 48, 64];
const rows = [], notes = [];
let overflowFrames = 0, allFrames = 0;
for (const kind of [UNIFORM, WARZONE]) for (const n of SIZES) {
  const s0 = new Scene(kind, n), W = s0.world;
  const configs = [];
  for (const cw of CELL_SIZES) for (const ch of CELL_SIZES) {
    const cols = Math.ceil(W / cw), rowsN = Math.ceil(W / ch);
    if (cols <= 255 && rowsN <= 255)
      configs.push({ worldX: 0, worldY: 0, worldW: W, worldH: W, cols, rows: rowsN, maxObjects: n, maxEntries: 65535 });
  }
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
  const methods = [bruteMethod(order), sectorsMethod(config, info), sweepMethod(axis), rbushMethod(), detectCollisionsMethod()];

  const results = [], counts = [], sets = [];
  for (const m of methods) {
    const nf = n >= BIG_N && BIG_FRAMES[m.name] !== undefined ? Math.min(frames, BIG_FRAMES[m.name]) : frames;
    const c = new Uint32Array(nf), set = {};
    results.push(run(m, kind, n, nf, c, set));
    counts.push(c);
    sets.push(set);
  }
  // same pair count every frame, against the sectors run (which covers every frame)
  for (let mi = 0; mi < methods.length; mi++)
    for (let f = 0; f < counts[mi].length; f++)
      if (counts[mi][f] !== counts[1][f]) {
        console.error(`MISMATCH: ${SCENE_NAMES[kind]} N=${n} frame ${f}: ${methods[mi].name} reports ${counts[mi][f]} pairs, ${methods[1].name} ${counts[1][f]}`);
        process.exit(1);
      }
  // same pair set on each method's first and last frame, against brute force on that frame
  const refs = new Map();
  for (let mi = 0; mi < methods.length; mi++)
    for (const [which, f] of [['first', 0], ['last', results[mi].frames - 1]]) {
      if (!refs.has(f)) refs.set(f, referenceKeys(kind, n, f));
      if (!sameKeys(sets[mi][which], refs.get(f))) {
        console.error(`MISMATCH: ${SCENE_NAMES[kind]} N=${n} frame ${f}: ${methods[mi].name} found a different pair set (${sets[mi][which].length} pairs, brute force ${refs.get(f).length})`);
        process.exit(1);
      }
    }
  for (let f = 0; f < counts[1].length; f++) { allFrames++; if (counts[1][f] > 256) overflowFrames++; }

  const brutePer = results[0].ns / results[0].frames / n;
  methods.forEach((m, mi) => {
    const r = results[mi], per = r.ns / r.frames / n;
    rows.push(`| ${SCENE_NAMES[kind].padEnd(8)} | ${String(n).padStart(6)} | ${m.name.padEnd(21)} | ${String(r.frames).padStart(6)} | ${per.toFixed(1).padStart(15)} | ${(r.median / n).toFixed(1).padStart(6)} | ${(brutePer / per).toFixed(1).padStart(13)}x | ${(r.pairs / r.frames).toFixed(1).padStart(11)} |`);
  });
  const cell = (k) => Math.ceil(W / config[k]);
  notes.push(`- ${SCENE_NAMES[kind]} N=${n}: sectors ${config.cols}x${config.rows} of ${cell('cols')}x${cell('rows')} px ` +
             `(tune cost ${tuned.rows[tuned.best].cost}; ${info.moved} objects moved sector, ${info.rebuilds} rebuilds in ${frames} frames); ` +
             `sweep on ${axis} (frame-0 candidates x ${cand.x}, y ${cand.y}); brute force ${order === 'y-first' ? 'Y' : 'X'} first`);
}

console.log(`\nns per object per frame (lower is better): the mean over the frames timed, and the median
frame's (less sensitive to a busy machine, blind to GC pauses and rebuilds); speed-up of the mean
against the wasm brute force on the same scene. Every method reported the same pair count on every
frame, and the same pair set on its first and last frame as a brute-force reference.
pairs/frame: mean over the frames timed.\n`);
console.log('| scene    |      N | method                | frames | ns/object/frame | median | vs brute force | pairs/frame |');
console.log('|----------|-------:|-----------------------|-------:|----------------:|-------:|---------------:|------------:|');
for (const r of rows) console.log(r);
console.log('\nchoices made on frame 0 (not timed, like the initial build and sort), same core as native:');
for (const n of notes) console.log(n);
for (const [name, nf] of Object.entries(BIG_FRAMES))
  if (frames > nf) console.log(`- ${name} at N=${BIG_N} is timed on the first ${nf} frames only`);
console.log(`- wasm API: ${overflowFrames} of ${allFrames} scene frames had more than 256 pairs; the JS wrapper sizes its pair` +
            ' buffer from the previous frame\'s count, so a frame runs the core call again only when its pairs grew by more than a quarter');
console.log(`- half-open boxes: rbush gets inclusive bounds x .. x+w-1; detect-collisions gets w-1 x h-1 boxes (its SAT counts touching as a hit); padding ${PAD_DC}`);
