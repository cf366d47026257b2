// Tile movers in wasm (Node), like bench/native/bench_tiles.c: 1,000 movers on the 256x256 map of
// bench/common/tiles_scene.{h,mjs} for 600 frames. Runs, all in this process:
//   - the public JS API (eo.tiles.createMap): batch calls (walkMany + moveMany, one each per frame)
//     and per-mover calls (walk + move), the controller in JavaScript (tiles_scene.mjs);
//   - the bench-only module build/wasm/bench_tiles.wasm (bench/wasm/bench_tiles.c): the core and
//     the pixel-by-pixel reference driven by the native bench's C driver, one call per frame.
// Every run must end every frame at the reference's positions, and the last frame at the native
// bench's checksum (bench/common/tiles_scene_checksums.txt). Usage: node bench_tiles.mjs [frames]
import { readFileSync } from 'node:fs';
import { loadEarlyout } from '../../build/wasm/pkg/earlyout.js';
import { TilesScene, MOVERS, MAX_STEP, W, H, mapChecksum, boxesChecksum, loadTilesChecksums } from '../common/tiles_scene.mjs';

const frames = Number(process.argv[2] ?? 600);
if (!Number.isInteger(frames) || frames < 1) { console.error('usage: node bench_tiles.mjs [frames >= 1]'); process.exit(2); }
const WARMUP = 60;

const eo = await loadEarlyout();
const bytes = readFileSync(new URL('../../build/wasm/bench_tiles.wasm', import.meta.url));
const { instance } = await WebAssembly.instantiate(bytes, {});
const bm = instance.exports;
bm._initialize?.();

const sums = loadTilesChecksums();
let drift = false;
const checkSum = (key, sum) => {
  const want = sums.get(key);
  const note = want === undefined ? '  (not in tiles_scene_checksums.txt)' : want !== sum ? '  DIFFERS from tiles_scene_checksums.txt' : '';
  if (want !== undefined && want !== sum) drift = true;
  console.log(`${key} ${sum}${note}`);
};

const twin = new TilesScene();
const moduleMap = bm.reset() >>> 0;
const hex = (h) => `0x${(h >>> 0).toString(16).padStart(8, '0')}`;
if (hex(moduleMap) !== mapChecksum(twin.cells) || hex(bm.boxes_checksum()) !== boxesChecksum(twin.boxes)) {
  console.error(`SCENE DRIFT: tiles_scene.mjs (map ${mapChecksum(twin.cells)}, movers ${boxesChecksum(twin.boxes)}) differs from ` +
                `tiles_scene.h in wasm (map ${hex(moduleMap)}, movers ${hex(bm.boxes_checksum())})`);
  process.exit(1);
}

console.log(`tile movers in wasm (Node ${process.version}): core vs pixel-by-pixel reference, ${frames} frames`);
console.log(`${MOVERS} movers 12x16 px on a ${W}x${H} map of 8 px tiles, ${(bm.solid_per_mille() / 10).toFixed(1)}% solid or slope\n`);
console.log('scene checksums (FNV-1a; the native bench prints the same):');
checkSum('map', mapChecksum(twin.cells));
checkSum('movers 0', boxesChecksum(twin.boxes));

// ---- the runs: each times a frame's two passes (the walk, the vertical move) and records the
// positions (x, y per mover per frame) ----

const ROUNDS = 3; // each run this many times, interleaved

/** The bench module: one exported call per pass. */
function moduleRun(walk, fall) {
  return (n, trace) => {
    bm.reset();
    const boxes = new Int32Array(bm.memory.buffer, bm.boxes(), 4 * MOVERS), t = timer(n); // eo_box: four eo_coord (int32)
    for (let f = 0; f < n; f++) {
      const t0 = process.hrtime.bigint();
      const e = walk();
      const t1 = process.hrtime.bigint();
      if (e !== 0 || fall() !== 0) throw new Error('the core returned an error');
      t.frame(f, t0, t1, process.hrtime.bigint());
      record(trace, f, boxes);
    }
    return t.done(boxesChecksum(boxes));
  };
}

/** The public API, batch: walkMany, then moveMany, one call each per frame. */
function batchRun(n, trace) {
  const s = new TilesScene(), map = eo.tiles.createMap({ width: W, height: H, cells: s.cells }), t = timer(n);
  const dx = new Int16Array(MOVERS), deltas = new Int16Array(2 * MOVERS), walkOnly = { positionOnly: true };
  let walked, moved; // each call's answer (hit, touching, below, onGround per mover), passed back: no garbage a frame
  for (let f = 0; f < n; f++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < MOVERS; i++) dx[i] = s.begin(i);
    walked = map.walkMany(s.boxes, dx, MAX_STEP, walkOnly, walked);
    for (let i = 0; i < MOVERS; i++) s.walked(i, walked.hit[i]);
    const t1 = process.hrtime.bigint();
    for (let i = 0; i < MOVERS; i++) deltas[2 * i + 1] = s.vy[i];
    moved = map.moveMany(s.boxes, deltas, undefined, moved);
    for (let i = 0; i < MOVERS; i++) s.moved(i, moved.hit[i], moved.onGround[i]);
    t.frame(f, t0, t1, process.hrtime.bigint());
    record(trace, f, s.boxes);
  }
  map.dispose();
  return t.done(boxesChecksum(s.boxes));
}

/** The public API, one walk and one move call per mover per frame (in two passes, like the others). */
function perMoverRun(n, trace) {
  const s = new TilesScene(), map = eo.tiles.createMap({ width: W, height: H, cells: s.cells }), t = timer(n);
  const b = s.boxes, boxOf = (o) => ({ x: b[o], y: b[o + 1], w: b[o + 2], h: b[o + 3] });
  for (let f = 0; f < n; f++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0, o = 0; i < MOVERS; i++, o += 4) {
      const r = map.walk(boxOf(o), s.begin(i), MAX_STEP, { positionOnly: true });
      s.walked(i, r.hit);
      b[o] = r.box.x;
      b[o + 1] = r.box.y;
    }
    const t1 = process.hrtime.bigint();
    for (let i = 0, o = 0; i < MOVERS; i++, o += 4) {
      const r = map.move(boxOf(o), 0, s.vy[i]);
      s.moved(i, r.hit, r.onGround);
      b[o] = r.box.x;
      b[o + 1] = r.box.y;
    }
    t.frame(f, t0, t1, process.hrtime.bigint());
    record(trace, f, b);
  }
  map.dispose();
  return t.done(boxesChecksum(b));
}

/** Each frame's walk and vertical-move times, per run (keyed by its index): the best over
    the rounds so far. The work of a frame is the same every round (the scene is deterministic), so
    the best round of each frame filters out the moments the machine was busy elsewhere. */
const bestTimes = new Map();
/** One run's walk and vertical-move time of every frame. */
function timer(n) {
  const walk = new Float64Array(n), fall = new Float64Array(n);
  return {
    frame(f, t0, t1, t2) { walk[f] = Number(t1 - t0); fall[f] = Number(t2 - t1); },
    done(final) { return { final, walk, fall }; },
  };
}
function keepBest(key, r) {
  const b = bestTimes.get(key);
  if (b === undefined) { bestTimes.set(key, { walk: r.walk.slice(), fall: r.fall.slice() }); return; }
  for (let f = 0; f < r.walk.length; f++) { b.walk[f] = Math.min(b.walk[f], r.walk[f]); b.fall[f] = Math.min(b.fall[f], r.fall[f]); }
}
/** ns per mover per frame over the frames' best rounds: mean, walk, fall (the vertical move), median. */
function summary(key) {
  const { walk, fall } = bestTimes.get(key), n = walk.length;
  const w = walk.reduce((a, v) => a + v, 0) / n / MOVERS, fl = fall.reduce((a, v) => a + v, 0) / n / MOVERS;
  const sorted = Array.from(walk, (v, f) => v + fall[f]).sort((a, c) => a - c);
  return { walk: w, fall: fl, mean: w + fl, median: sorted[n >> 1] / MOVERS };
}

function record(trace, f, boxes) {
  if (trace === null) return;
  const t = trace.subarray(f * 2 * MOVERS, (f + 1) * 2 * MOVERS);
  for (let i = 0; i < MOVERS; i++) { t[2 * i] = boxes[4 * i]; t[2 * i + 1] = boxes[4 * i + 1]; }
}

const runs = [
  ['pixel-by-pixel reference', 'bench module', moduleRun(bm.walk_reference, bm.fall_reference)],
  ['core (walk + move)', 'bench module', moduleRun(bm.walk_core, bm.fall_core)],
  ['core + coarse-fine cache', 'bench module', moduleRun(bm.walk_core, bm.fall_core_cache)],
  ['JS API, walkMany + moveMany', 'earlyout.js', batchRun],
  ['JS API, walk + move per mover', 'earlyout.js', perMoverRun],
];

const refTrace = new Int16Array(frames * 2 * MOVERS), trace = new Int16Array(frames * 2 * MOVERS);
let refFinal = '';
for (const [, , run] of runs) run(Math.min(WARMUP, frames), null); // warm up (the JIT, and the module's memory)
for (let round = 0; round < ROUNDS; round++) {
  runs.forEach(([name, , run], k) => {
    const firstRef = round === 0 && k === 0;
    const r = run(frames, firstRef ? refTrace : trace);
    if (firstRef) {
      refFinal = r.final;
      checkSum(`movers ${frames}`, r.final);
      const over = bm.overlapping();
      if (over !== 0) { console.error(`the reference left ${over} movers inside solid pixels`); process.exit(1); }
    } else {
      for (let j = 0; j < trace.length; j++) {
        if (trace[j] === refTrace[j]) continue;
        const f = Math.floor(j / (2 * MOVERS)), i = (j % (2 * MOVERS)) >> 1, o = f * 2 * MOVERS + 2 * i;
        console.error(`MISMATCH: ${name}, frame ${f}, mover ${i} at ${trace[o]},${trace[o + 1]}; the reference at ${refTrace[o]},${refTrace[o + 1]}`);
        process.exit(1);
      }
      if (r.final !== refFinal) { console.error(`MISMATCH: ${name} ends at checksum ${r.final}, the reference at ${refFinal}`); process.exit(1); }
    }
    keepBest(k, r);
  });
}
if (drift) { console.error('SCENE DRIFT: a checksum differs from tiles_scene_checksums.txt'); process.exit(1); }

console.log(`\nns per mover per frame (lower is better), each frame's best of ${ROUNDS} rounds: the mean over the
frames, split into the walk (1-2 px) and the vertical move (-8..8 px), and the median frame's;
speed-up of the mean against the reference in wasm. Every run ended every frame with the
reference's positions. The JS API rows include the controller in JavaScript; the bench module's
rows run the same controller in C, one exported call per pass.\n`);
console.log('| mover                         | via          | frames | ns/mover/frame |   walk | vertical | median | vs reference |');
console.log('|-------------------------------|--------------|-------:|---------------:|-------:|---------:|-------:|-------------:|');
const pad = (v, n) => v.toFixed(1).padStart(n), ref = summary(0);
runs.forEach(([name, via], k) => {
  const r = summary(k);
  console.log(`| ${name.padEnd(29)} | ${via.padEnd(12)} | ${String(frames).padStart(6)} | ${pad(r.mean, 14)} | ${pad(r.walk, 6)} | ${pad(r.fall, 8)} | ${pad(r.median, 6)} | ${pad(ref.mean / r.mean, 11)}x |`);
});
