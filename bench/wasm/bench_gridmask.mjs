// Grid masks in the wasm module (Node) against an all-pairs box test in plain JS, on the scene
// of bench/native/bench_gridmask.c (same generator, same seed). Both must find the same pairs.
// Usage: node bench/wasm/bench_gridmask.mjs [frames]
import { loadEarlyout, LAYOUT_16, LAYOUT_32 } from '../../build/wasm/pkg/earlyout.js';

const frames = Number(process.argv[2] ?? 600);
const eo = await loadEarlyout();

function makeRng(seed) {
  let s = seed >>> 0;
  return () => { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s; };
}

function scene(n, L) {
  const rng = makeRng(2026);
  const boxes = new Int16Array(n * 4), vel = new Int16Array(n * 2);
  for (let i = 0; i < n; i++) {
    const w = 8 + (rng() % 17), h = 8 + (rng() % 17);
    boxes.set([rng() % (L.screenW - w), rng() % (L.screenH - h), w, h], i * 4);
    vel[i * 2] = (rng() % 5) - 2;
    vel[i * 2 + 1] = (rng() % 5) - 2;
  }
  return { boxes, vel };
}

function step({ boxes, vel }, n, L) {
  for (let i = 0; i < n; i++) {
    const o = i * 4;
    boxes[o] += vel[i * 2];
    boxes[o + 1] += vel[i * 2 + 1];
    if (boxes[o] < 0 || boxes[o] + boxes[o + 2] > L.screenW) vel[i * 2] = -vel[i * 2];
    if (boxes[o + 1] < 0 || boxes[o + 1] + boxes[o + 3] > L.screenH) vel[i * 2 + 1] = -vel[i * 2 + 1];
  }
}

const overlap = (b, i, j) => {
  const p = i * 4, q = j * 4;
  return b[p] < b[q] + b[q + 2] && b[q] < b[p] + b[p + 2] && b[p + 1] < b[q + 1] + b[q + 3] && b[q + 1] < b[p + 1] + b[p + 3];
};

function brute(b, n) {
  let hits = 0;
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (overlap(b, i, j)) hits++;
  return hits;
}

const masks = new Uint32Array(1024);
function masked(b, n, L) {
  const m = eo.gridmask.buildMany(L, 'span', b, masks.subarray(0, n));
  const { count, pairs } = eo.gridmask.findCandidates(L, m);
  let hits = 0;
  for (let k = 0; k < count; k++) if (overlap(b, pairs[2 * k], pairs[2 * k + 1])) hits++;
  return [hits, count];
}

console.log(`grid masks (wasm, Node ${process.version}) vs all-pairs box test in JS, ${frames} frames (ns per frame)`);
console.log('| objects | layout          | JS all pairs ns | wasm masks ns | ratio | pairs kept |');
console.log('|--------:|-----------------|----------------:|--------------:|------:|-----------:|');
for (const [n, L, name] of [[32, LAYOUT_16, '16-bit 256x192'], [104, LAYOUT_16, '16-bit 256x192'],
                            [256, LAYOUT_32, '32-bit 1024x768'], [1024, LAYOUT_32, '32-bit 1024x768']]) {
  const s = scene(n, L);
  let tb = 0n, tm = 0n, hb = 0, hm = 0, kept = 0;
  for (let f = 0; f < frames; f++) {
    step(s, n, L);
    let t0 = process.hrtime.bigint(); hb += brute(s.boxes, n); tb += process.hrtime.bigint() - t0;
    t0 = process.hrtime.bigint(); const [h, c] = masked(s.boxes, n, L); tm += process.hrtime.bigint() - t0;
    hm += h; kept += c;
  }
  if (hb !== hm) { console.error(`MISMATCH: all pairs ${hb} hits, masks ${hm}`); process.exit(1); }
  const nb = Number(tb) / frames, nm = Number(tm) / frames;
  console.log(`| ${String(n).padStart(7)} | ${name.padEnd(15)} | ${nb.toFixed(0).padStart(15)} | ${nm.toFixed(0).padStart(13)} | ${(nb / nm).toFixed(2).padStart(5)} | ${(100 * kept / frames / (n * (n - 1) / 2)).toFixed(1).padStart(9)}% |`);
}
