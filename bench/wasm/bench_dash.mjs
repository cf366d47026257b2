// Swept moves in wasm (Node), like bench/native/bench_dash.c: the 4,096 dashes of
// bench/common/dash_scene.h moved by eo_tiles_move (X, then Y), eo_tiles_sweep and the
// pixel-by-pixel references, in the bench-only module build/wasm/bench_dash.wasm (one call per
// pass), and by the public JS API (map.move / map.sweep per dash, the same map). Each must land
// where its reference lands on every dash. Usage: node bench_dash.mjs [rounds]
import { readFileSync } from 'node:fs';
import { loadEarlyout } from '../../build/wasm/pkg/earlyout.js';

const rounds = Number(process.argv[2] ?? 9);
if (!Number.isInteger(rounds) || rounds < 1) { console.error('usage: node bench_dash.mjs [rounds >= 1]'); process.exit(2); }
const DASHES = 4096, MAP_W = 64, MAP_H = 48;
const { instance } = await WebAssembly.instantiate(readFileSync(new URL('../../build/wasm/bench_dash.wasm', import.meta.url)), {});
const bm = instance.exports;
bm._initialize?.();
if (bm.init() !== 0) { console.error('bench_dash: the scene is refused'); process.exit(1); }

const MOVE = 0, SWEEP = 1, REF_MOVE = 2, REF_SWEEP = 3;
const ends = () => {
  const e = new Int32Array(bm.memory.buffer, bm.ends(), 4 * DASHES), h = new Uint8Array(bm.memory.buffer, bm.hits(), DASHES), out = [];
  for (let i = 0; i < DASHES; i++) out.push([e[4 * i], e[4 * i + 1], h[i]]);
  return out;
};
const passEnds = (k) => { if (bm.pass(k) !== 0) throw new Error(`pass ${k} refused a dash`); return ends(); };
const same = (a, b, what) => {
  for (let i = 0; i < DASHES; i++)
    if (a[i][0] !== b[i][0] || a[i][1] !== b[i][1] || a[i][2] !== b[i][2]) {
      console.error(`MISMATCH: ${what}, dash ${i}: ${a[i]} vs ${b[i]}`);
      process.exit(1);
    }
};
const [blocked, passed, clear, shortOf] = new Int32Array(bm.memory.buffer, bm.compare(), 4);
const refMove = passEnds(REF_MOVE), refSweep = passEnds(REF_SWEEP);
same(passEnds(MOVE), refMove, 'module eo_tiles_move vs reference');
same(passEnds(SWEEP), refSweep, 'module eo_tiles_sweep vs reference');

// the public API on the same map and dashes
const eo = await loadEarlyout();
const cells = new Uint8Array(bm.memory.buffer, bm.cells(), MAP_W * MAP_H).slice();
const map = eo.tiles.createMap({ width: MAP_W, height: MAP_H, tileSize: 8, outside: 'solid', cells });
const st = new Int32Array(bm.memory.buffer, bm.starts(), 4 * DASHES).slice();
const dx = new Int32Array(bm.memory.buffer, bm.dx(), DASHES).slice(), dy = new Int32Array(bm.memory.buffer, bm.dy(), DASHES).slice();
const starts = Array.from({ length: DASHES }, (_, i) => ({ x: st[4 * i], y: st[4 * i + 1], w: st[4 * i + 2], h: st[4 * i + 3] }));
const apiPass = (fn) => starts.map((b, i) => { const r = fn(b, dx[i], dy[i], { positionOnly: true }); return [r.box.x, r.box.y, r.hit]; });
same(apiPass((...a) => map.move(...a)), refMove, 'JS map.move vs reference');
same(apiPass((...a) => map.sweep(...a)), refSweep, 'JS map.sweep vs reference');

const runs = [
  ['eo_tiles_move (X, then Y), module', () => bm.pass(MOVE), REF_MOVE],
  ['eo_tiles_sweep, module', () => bm.pass(SWEEP), REF_SWEEP],
  ['map.move, JS API', () => apiPass((...a) => map.move(...a)), REF_MOVE],
  ['map.sweep, JS API', () => apiPass((...a) => map.sweep(...a)), REF_SWEEP],
  ['reference X-then-Y, module', () => bm.pass(REF_MOVE), REF_MOVE],
  ['reference sweep, module', () => bm.pass(REF_SWEEP), REF_SWEEP],
];
const times = runs.map(() => []);
for (let w = 0; w < 2; w++) for (const [, f] of runs) f(); // warm up
for (let r = 0; r < rounds; r++)
  runs.forEach(([, f], k) => { const t0 = process.hrtime.bigint(); f(); times[k].push(Number(process.hrtime.bigint() - t0) / DASHES); });
const med = times.map((t) => t.sort((a, b) => a - b)[t.length >> 1]);
const refIndex = { [REF_MOVE]: 4, [REF_SWEEP]: 5 };
console.log(`swept moves in wasm (Node ${process.version}): ${DASHES} dashes of an 8x8 box, 20..200 px, 64x48 map of 8 px tiles, 12% solid`);
console.log(`every pass (module and JS API) landed where its reference did on all ${DASHES} dashes (sweep checksum 0x${(bm.checksum() >>> 0).toString(16).padStart(8, '0')})`);
console.log(`of the ${blocked} dashes whose straight path is blocked, X-then-Y reached the full target on ${passed} (${(100 * passed / blocked).toFixed(1)}%);`);
console.log(`of the ${clear} whose straight path is clear, X-then-Y stopped short on ${shortOf} (${(100 * shortOf / clear).toFixed(1)}%)\n`);
console.log(`ns per move (median of ${rounds} rounds; min .. max), speed-up over the reference of the same kind, and over the module's eo_tiles_move\n`);
console.log('| mover                             | ns/move | min .. max        | vs reference | vs X-then-Y |');
console.log('|-----------------------------------|--------:|-------------------|-------------:|------------:|');
runs.forEach(([name, , ref], k) => {
  const t = times[k];
  console.log(`| ${name.padEnd(33)} | ${med[k].toFixed(1).padStart(7)} | ${t[0].toFixed(1).padStart(7)} .. ${t[t.length - 1].toFixed(1).padStart(7)} | ${(med[refIndex[ref]] / med[k]).toFixed(1).padStart(11)}x | ${(med[0] / med[k]).toFixed(2).padStart(10)}x |`);
});
map.dispose();
