// The JS overhead of eo.pixelmask.overlapMany per pair: the same batch through the loader and
// through the module's raw export (a second instance of the same .wasm, set up by hand), on the
// same masks, positions and pairs; overhead = loader - raw. A per-pair eo.pixelmask.overlap loop
// is timed for comparison. Pairs are a broadphase's Uint16Array output (half hit, half miss by
// bounding box), 16x16 sprites. Median of ROUNDS rounds of at least MIN_MS each. The last column
// is the JS overhead per pair the issue asks to keep under 20 ns (issue 14 item 5).
// Usage: node bench_pixelmask_batch.mjs [pairs...]
import { readFileSync } from 'node:fs';
import { loadEarlyout } from '../../build/wasm/pkg/earlyout.js';

const MIN_MS = 30, ROUNDS = 7, SIDE = 16, MASKS = 256;
const sizes = process.argv.slice(2).map(Number);
if (sizes.length === 0) sizes.push(8, 64, 1024, 4096);

let seed = 12345;
const rnd = (n) => { seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0; return Math.floor((seed / 2 ** 32) * n); };
const idx = new Uint8Array(SIDE * SIDE);
for (let i = 0; i < idx.length; i++) idx[i] = rnd(4) === 0 ? 0 : 1; // 3/4 solid
const positions = new Float32Array(2 * MASKS);
for (let i = 0; i < 2 * MASKS; i++) positions[i] = rnd(400) + 0.5;

const eo = await loadEarlyout();
const masks = Array.from({ length: MASKS }, () => eo.pixelmask.fromIndices(idx, SIDE, SIDE));

// the raw module: masks at the top of memory, the batch's arrays below them
const bytes = readFileSync(new URL('../../build/wasm/pkg/earlyout.wasm', import.meta.url));
const { instance } = await WebAssembly.instantiate(bytes, {});
const x = instance.exports, mem = x.memory;
mem.grow(256); // 16 MiB more
let top = (x.__heap_base.value + 4095) & ~4095;
const alloc = (n) => { const p = top; top = (top + n + 15) & ~15; return p; };
const need = x.eo_pixelmask_storage_size(SIDE, SIDE);
const rawMasks = new Uint32Array(MASKS);
const pIdx = alloc(idx.length);
new Uint8Array(mem.buffer).set(idx, pIdx);
for (let i = 0; i < MASKS; i++) {
  const m = alloc(64), st = alloc(need);
  if (x.eo_pixelmask_init(m, SIDE, SIDE, st, need) !== 0 || x.eo_pixelmask_from_indexed(m, pIdx, SIDE) !== 0) throw new Error('raw mask setup');
  rawMasks[i] = m;
}
const pMasks = alloc(4 * MASKS), pPos = alloc(8 * MASKS), pFailed = alloc(4); // positions: eo_coord (int32) x, y
new Uint32Array(mem.buffer, pMasks, MASKS).set(rawMasks);
new Int32Array(mem.buffer, pPos, 2 * MASKS).set(Array.from(positions, Math.floor));

const median = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];
function time(fn, pairs) {
  let n = 0;
  const t0 = process.hrtime.bigint();
  let dt;
  do { fn(); n += pairs; dt = Number(process.hrtime.bigint() - t0); } while (dt < MIN_MS * 1e6);
  return dt / n;
}

console.log(`pixelmask.overlapMany (Node ${process.version}): ${SIDE}x${SIDE} sprites, ${MASKS} masks, pairs as a Uint16Array`);
console.log('ns per pair, median of rounds; JS overhead = loader batch - raw export batch\n');
console.log('| pairs | hits | raw export ns | overlapMany ns | JS overhead ns | overlap() per pair ns |');
console.log('|------:|-----:|--------------:|---------------:|---------------:|----------------------:|');
let sink = 0;
const fit = []; // [pairs, overhead ns per call]
for (const count of sizes) {
  const pairs = new Uint16Array(2 * count);
  for (let k = 0; k < count; k++) {
    const a = rnd(MASKS);
    // half the pairs close (bounding boxes overlap), half anywhere
    let b = rnd(MASKS);
    if (k & 1) for (let t = 0; t < 50 && (Math.abs(positions[2 * a] - positions[2 * b]) >= SIDE || Math.abs(positions[2 * a + 1] - positions[2 * b + 1]) >= SIDE); t++) b = rnd(MASKS);
    pairs[2 * k] = a; pairs[2 * k + 1] = b;
  }
  const out = new Uint8Array(count);
  const pPairs = alloc(4 * count), pOut = alloc(count);
  new Uint16Array(mem.buffer, pPairs, 2 * count).set(pairs);
  const raw = () => { if (x.eo_wasm_pixelmask_overlap_many(pMasks, pPos, MASKS, pPairs, 16, count, pOut, 0, pFailed, 0) !== 0) throw new Error('raw'); };
  const batch = () => eo.pixelmask.overlapMany(masks, positions, pairs, { out });
  const single = () => {
    for (let k = 0; k < count; k++) {
      const a = pairs[2 * k], b = pairs[2 * k + 1];
      sink += eo.pixelmask.overlap(masks[a], positions[2 * a], positions[2 * a + 1], masks[b], positions[2 * b], positions[2 * b + 1]) ? 1 : 0;
    }
  };
  raw(); batch();
  const rawOut = new Uint8Array(mem.buffer, pOut, count);
  for (let k = 0; k < count; k++) if (rawOut[k] !== out[k]) throw new Error(`raw and loader differ at pair ${k}`);
  const hits = out.reduce((s, v) => s + v, 0);
  const tr = [], tb = [], ts = [];
  time(raw, count); time(batch, count); time(single, count);
  for (let r = 0; r < ROUNDS; r++) { tr.push(time(raw, count)); tb.push(time(batch, count)); ts.push(time(single, count)); }
  const R = median(tr), B = median(tb), S = median(ts);
  fit.push([count, (B - R) * count]);
  console.log(`| ${String(count).padStart(5)} | ${String(hits).padStart(4)} | ${R.toFixed(1).padStart(13)} | ${B.toFixed(1).padStart(14)} | ` +
              `${(B - R).toFixed(1).padStart(14)} | ${S.toFixed(1).padStart(21)} |`);
}
// overhead per call = fixed + perPair * pairs, least squares over the sizes: what a call costs
// whatever its size (the masks' pointers and positions: MASKS of them) and what each pair adds
if (fit.length >= 2) {
  const n = fit.length, sx = fit.reduce((a, [x]) => a + x, 0), sy = fit.reduce((a, [, y]) => a + y, 0);
  const sxx = fit.reduce((a, [x]) => a + x * x, 0), sxy = fit.reduce((a, [x, y]) => a + x * y, 0);
  const perPair = (n * sxy - sx * sy) / (n * sxx - sx * sx), fixed = (sy - perPair * sx) / n;
  console.log(`\nJS overhead per call = ${(fixed / 1000).toFixed(1)} µs (${MASKS} masks: ${(fixed / MASKS).toFixed(0)} ns per mask) + ` +
              `${perPair.toFixed(1)} ns per pair (least squares over the sizes above)`);
}
if (sink === 0.5) console.log(sink);
for (const m of masks) m.dispose();
