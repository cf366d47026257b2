// Pixel masks in wasm (Node), like bench/native/bench_pixelmask.c: earlyout against pygame's
// bitmask.c, both compiled by emcc -O3 into one bench-only module (build/wasm/bench_pixelmask.wasm,
// bench/wasm/bench_pixelmask.c) and driven by the native bench's C (bench/common/pixelmask_pairs.h):
// same masks, same offsets, every answer checked between the two before timing. Each exported pass
// covers the 4,096 placements; passes repeat for at least MIN_MS, the libraries take turns ROUNDS
// times, the median round counts. Without pygame's source the pygame column is skipped.
// Usage: node bench_pixelmask.mjs [sizes...]
import { readFileSync } from 'node:fs';

const MIN_MS = 20, ROUNDS = 5;
const sides = process.argv.slice(2).map(Number);
if (sides.length === 0) sides.push(16, 32, 64, 256);

let memory = null;
const text = (ptr) => {
  const bytes = new Uint8Array(memory.buffer, ptr);
  return new TextDecoder().decode(bytes.subarray(0, bytes.indexOf(0)));
};
// the few WASI calls the module's libc links (stderr for a mismatch report)
const wasi = {
  fd_write(fd, iovs, count, written) {
    const v = new DataView(memory.buffer);
    let n = 0;
    for (let i = 0; i < count; i++) {
      const p = v.getUint32(iovs + 8 * i, true), len = v.getUint32(iovs + 8 * i + 4, true);
      process.stderr.write(new Uint8Array(memory.buffer, p, len));
      n += len;
    }
    v.setUint32(written, n, true);
    return 0;
  },
  fd_close: () => 0,
  fd_seek: () => 70, // ESPIPE
  proc_exit(code) { throw new Error(`bench module exited with ${code}`); },
};
const bytes = readFileSync(new URL('../../build/wasm/bench_pixelmask.wasm', import.meta.url));
const { instance } = await WebAssembly.instantiate(bytes, { wasi_snapshot_preview1: wasi, env: { emscripten_notify_memory_growth() {} } });
const bm = instance.exports;
memory = bm.memory;
bm._initialize?.();

const pygame = bm.have_pygame() === 1, placements = bm.placements(), ops = bm.ops();
let sink = 0;
/** ns per pair of one library on one op: whole passes for at least MIN_MS */
function time(lib, op) {
  let pairs = 0;
  const t0 = process.hrtime.bigint();
  let dt;
  do {
    sink = (sink + bm.batch(lib, op)) >>> 0;
    pairs += placements;
    dt = Number(process.hrtime.bigint() - t0);
  } while (dt < MIN_MS * 1e6);
  return dt / pairs;
}
const median = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];

console.log(`pixel masks in wasm (Node ${process.version}, emcc -O3, one module): earlyout (${bm.word_bits()}-bit words) vs ` +
            `pygame's bitmask.c (${bm.pygame_word_bits()}-bit words), same masks and offsets`);
if (!pygame) console.log("pygame's bitmask.c: not available (no Debian source package): pygame column skipped");
console.log(`ns per pair: wall time, median of ${ROUNDS} rounds; ratio = pygame / earlyout (above 1: earlyout faster)\n`);
console.log('| side | sprite | case | colliding | earlyout ns | pygame ns | ratio |');
console.log('| ---: | :--- | :--- | ---: | ---: | ---: | ---: |');
for (const side of sides) {
  if (bm.setup(side) !== 0) { console.error(`MISMATCH at ${side} px (above)`); process.exit(1); }
  for (let op = 0; op < ops; op++) {
    const te = [], tp = [];
    time(0, op); if (pygame) time(1, op); // warm up
    for (let r = 0; r < ROUNDS; r++) {
      te.push(time(0, op));
      if (pygame) tp.push(time(1, op));
    }
    const e = median(te), p = pygame ? median(tp) : NaN;
    const ratio = pygame ? (p / e).toFixed(2) : '-';
    console.log(`| ${side} | ${text(bm.op_sprite(op))} | ${text(bm.op_name(op))} | ${(100 * bm.hits(op) / placements).toFixed(1)}% | ` +
                `${e.toFixed(1)} | ${pygame ? p.toFixed(1) : '-'} | ${ratio} |`);
  }
}
if (sink === 0.5) console.log(sink); // keeps the answers alive
