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

// ---- the runs: each returns per-frame ns and records positions (x, y per mover per frame) ----

/** The bench module: one exported call per frame. */
function moduleRun(frameFn) {
  return (n, trace) => {
    bm.reset();
    const boxes = new Int16Array(bm.memory.buffer, bm.boxes(), 4 * MOVERS), ns = new Float64Array(n);
    for (let f = 0; f < n; f++) {
      const t0 = process.hrtime.bigint();
      if (frameFn() !== 0) throw new Error('the core returned an error');
      ns[f] = Number(process.hrtime.bigint() - t0);
      record(trace, f, boxes);
    }
    return { ns, final: boxesChecksum(new Int16Array(bm.memory.buffer, bm.boxes(), 4 * MOVERS)) };
  };
}

/** The public API, batch: walkMany then moveMany, one call each per frame. */
function batchRun(n, trace) {
  const s = new TilesScene(), map = eo.tiles.createMap({ width: W, height: H, cells: s.cells });
  const dx = new Int16Array(MOVERS), deltas = new Int16Array(2 * MOVERS), out = new Uint8Array(4 * MOVERS), ns = new Float64Array(n);
  for (let f = 0; f < n; f++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < MOVERS; i++) dx[i] = s.begin(i);
    map.walkMany(s.boxes, dx, MAX_STEP, undefined, out);
    for (let i = 0; i < MOVERS; i++) { s.walked(i, out[4 * i]); deltas[2 * i + 1] = s.vy[i]; }
    map.moveMany(s.boxes, deltas, undefined, out);
    for (let i = 0; i < MOVERS; i++) s.moved(i, out[4 * i], out[4 * i + 3]);
    ns[f] = Number(process.hrtime.bigint() - t0);
    record(trace, f, s.boxes);
  }
  map.dispose();
  return { ns, final: boxesChecksum(s.boxes) };
}

/** The public API, one walk and one move call per mover per frame. */
function perMoverRun(n, trace) {
  const s = new TilesScene(), map = eo.tiles.createMap({ width: W, height: H, cells: s.cells }), ns = new Float64Array(n);
  const b = s.boxes;
  for (let f = 0; f < n; f++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0, o = 0; i < MOVERS; i++, o += 4) {
      const box = { x: b[o], y: b[o + 1], w: b[o + 2], h: b[o + 3] };
      const walked = map.walk(box, s.begin(i), MAX_STEP);
      s.walked(i, walked.hit);
      const moved = map.move(walked.box, 0, s.vy[i]);
      s.moved(i, moved.hit, moved.onGround);
      b[o] = moved.box.x;
      b[o + 1] = moved.box.y;
    }
    ns[f] = Number(process.hrtime.bigint() - t0);
    record(trace, f, b);
  }
  map.dispose();
  return { ns, final: boxesChecksum(b) };
}

function record(trace, f, boxes) {
  if (trace === null) return;
  const t = trace.subarray(f * 2 * MOVERS, (f + 1) * 2 * MOVERS);
  for (let i = 0; i < MOVERS; i++) { t[2 * i] = boxes[4 * i]; t[2 * i + 1] = boxes[4 * i + 1]; }
}

const runs = [
  ['pixel-by-pixel reference', 'bench module', moduleRun(bm.frame_reference)],
  ['core (walk + move)', 'bench module', moduleRun(bm.frame_core)],
  ['core + coarse-fine cache', 'bench module', moduleRun(bm.frame_core_cache)],
  ['JS API, walkMany + moveMany', 'earlyout.js', batchRun],
  ['JS API, walk + move per mover', 'earlyout.js', perMoverRun],
];

const refTrace = new Int16Array(frames * 2 * MOVERS), trace = new Int16Array(frames * 2 * MOVERS), rows = [];
for (const [name, via, run] of runs) {
  run(Math.min(WARMUP, frames), null); // warm up (the JIT, and the module's memory)
  const isRef = rows.length === 0;
  const { ns, final } = run(frames, isRef ? refTrace : trace);
  if (isRef) {
    checkSum(`movers ${frames}`, final);
    const over = bm.overlapping();
    if (over !== 0) { console.error(`the reference left ${over} movers inside solid pixels`); process.exit(1); }
  } else {
    for (let k = 0; k < trace.length; k++) {
      if (trace[k] !== refTrace[k]) {
        const f = Math.floor(k / (2 * MOVERS)), i = (k % (2 * MOVERS)) >> 1, o = f * 2 * MOVERS + 2 * i;
        console.error(`MISMATCH: ${name}, frame ${f}, mover ${i} at ${trace[o]},${trace[o + 1]}; the reference at ${refTrace[o]},${refTrace[o + 1]}`);
        process.exit(1);
      }
    }
    if (final !== rows[0].final) { console.error(`MISMATCH: ${name} ends at checksum ${final}, the reference at ${rows[0].final}`); process.exit(1); }
  }
  const total = ns.reduce((a, v) => a + v, 0), sorted = Array.from(ns).sort((a, c) => a - c);
  rows.push({ name, via, final, mean: total / frames / MOVERS, median: sorted[frames >> 1] / MOVERS });
}
if (drift) { console.error('SCENE DRIFT: a checksum differs from tiles_scene_checksums.txt'); process.exit(1); }

console.log(`\nns per mover per frame (lower is better): the mean over the frames, and the median frame's
(less sensitive to a busy machine); speed-up of the mean against the reference in wasm. Every run
ended every frame with the reference's positions. The JS API rows include the controller in JS;
the bench module's rows run the same controller in C.\n`);
console.log('| mover                         | via          | frames | ns/mover/frame | median | vs reference |');
console.log('|-------------------------------|--------------|-------:|---------------:|-------:|-------------:|');
for (const r of rows)
  console.log(`| ${r.name.padEnd(29)} | ${r.via.padEnd(12)} | ${String(frames).padStart(6)} | ${r.mean.toFixed(1).padStart(14)} | ${r.median.toFixed(1).padStart(6)} | ${(rows[0].mean / r.mean).toFixed(1).padStart(11)}x |`);
