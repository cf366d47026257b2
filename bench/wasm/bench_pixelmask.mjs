// Bitmask overlap vs the per-pixel reference in the wasm module (Node), like
// bench/native/bench_pixelmask.c: random sprites, offsets where the boxes overlap, density chosen
// (before timing) so about half the placements truly collide; both must agree on every pair.
import { loadEarlyout } from '../../build/wasm/pkg/earlyout.js';

const eo = await loadEarlyout();
const SPRITES = 8, PLACEMENTS = 4096;

function rngFrom(seed) {
  let s = seed >>> 0;
  return () => { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s; };
}

function sprites(side, density) {
  const rng = rngFrom(99 + side);
  return Array.from({ length: SPRITES }, () => {
    const idx = new Uint8Array(side * side);
    for (let i = 0; i < idx.length; i++) idx[i] = rng() % 1000 < density ? 1 : 0;
    return eo.pixelmask.fromIndices(idx, side, side);
  });
}

console.log(`pixel overlap in wasm (Node ${process.version}): bitmask vs per-pixel reference, 32-bit words`);
console.log('| sprite | pairs | truly colliding | bitmask pairs/s | reference pairs/s | ratio |');
console.log('|-------:|------:|----------------:|----------------:|------------------:|------:|');
for (const [side, pairs] of [[8, 200000], [16, 100000], [32, 40000], [64, 12000], [256, 800]]) {
  const rng = rngFrom(7 + side);
  const place = Array.from({ length: PLACEMENTS }, () => [rng() % (2 * side - 1) - (side - 1), rng() % (2 * side - 1) - (side - 1),
                                                         rng() % SPRITES, rng() % SPRITES]);
  let lo = 1, hi = 1000, masks = null;
  for (let r = 0; r < 12; r++) { // bisect the density to about half colliding (not timed)
    const density = (lo + hi) >> 1;
    masks?.forEach((m) => m.dispose());
    masks = sprites(side, density);
    const hits = place.reduce((n, [x, y, a, b]) => n + (eo.pixelmask.overlap(masks[a], 0, 0, masks[b], x, y) ? 1 : 0), 0);
    if (hits * 2 < PLACEMENTS) lo = density + 1; else hi = density;
  }
  const run = (fn) => {
    let hits = 0;
    const t0 = process.hrtime.bigint();
    for (let k = 0; k < pairs; k++) {
      const [x, y, a, b] = place[k % PLACEMENTS];
      if (fn(masks[a], 0, 0, masks[b], x, y)) hits++;
    }
    return [hits, Number(process.hrtime.bigint() - t0)];
  };
  run(eo.pixelmask.overlap); run(eo.pixelmask.overlapReference); // warm up
  const [hb, tb] = run(eo.pixelmask.overlap);
  const [hr, tr] = run(eo.pixelmask.overlapReference);
  if (hb !== hr) { console.error(`MISMATCH at ${side}: bitmask ${hb}, reference ${hr}`); process.exit(1); }
  const size = `${side}x${side}`;
  console.log(`| ${size.padStart(6)} | ${String(pairs).padStart(5)} | ${(100 * hb / pairs).toFixed(1).padStart(14)}% | ${(pairs / (tb / 1e9)).toFixed(0).padStart(15)} | ${(pairs / (tr / 1e9)).toFixed(0).padStart(17)} | ${(tr / tb).toFixed(1).padStart(5)} |`);
  masks.forEach((m) => m.dispose());
}
