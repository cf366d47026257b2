// Pixel masks in wasm (Node), like bench/native/bench_pixelmask.c: earlyout against pygame's
// bitmask.c, both compiled by emcc -O3 into one bench-only module driven by the native bench's C
// (bench/common/pixelmask_pairs.h, bench/wasm/bench_pixelmask.c): same masks, same offsets, every
// answer checked between the two before timing. Two modules, as the game module comes in two builds:
// build/wasm/bench_pixelmask.wasm (plain wasm) and build/wasm/bench_pixelmask-simd.wasm (-msimd128,
// both libraries), when it was built. Each exported pass covers the 4,096 placements; a sample is
// passes for at least SAMPLE_MS of process CPU time; the libraries' samples alternate until each has
// MIN_MS, and each one's fastest sample counts (a busy machine slows a sample, not a library); the
// median of ROUNDS rounds. Without pygame's source the pygame columns are skipped.
// Usage: node bench_pixelmask.mjs [sizes...]
import { existsSync, readFileSync } from 'node:fs';

const SAMPLE_MS = 2, MIN_MS = 12, ROUNDS = 5;
const sides = process.argv.slice(2).map(Number);
if (sides.length === 0) sides.push(16, 32, 64, 256);

/** One bench module, instantiated with the few WASI calls its libc links (stderr for a mismatch). */
async function load(file) {
  let memory = null;
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
  const { instance } = await WebAssembly.instantiate(readFileSync(file), { wasi_snapshot_preview1: wasi, env: { emscripten_notify_memory_growth() {} } });
  memory = instance.exports.memory;
  instance.exports._initialize?.();
  const text = (ptr) => {
    const bytes = new Uint8Array(memory.buffer, ptr);
    return new TextDecoder().decode(bytes.subarray(0, bytes.indexOf(0)));
  };
  return { ...instance.exports, text };
}

const here = (f) => new URL(`../../build/wasm/${f}`, import.meta.url);
const plain = await load(here('bench_pixelmask.wasm'));
const simd = existsSync(here('bench_pixelmask-simd.wasm')) ? await load(here('bench_pixelmask-simd.wasm')) : null;
const pygame = plain.have_pygame() === 1, placements = plain.placements(), ops = plain.ops();
const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

let sink = 0;
/** One sample: passes of one library in one module for at least SAMPLE_MS; [ms per pass, ms spent] */
function sample(bm, lib, op) {
  let passes = 0;
  const t0 = cpuMs();
  let dt;
  do {
    sink = (sink + bm.batch(lib, op)) >>> 0;
    passes++;
    dt = cpuMs() - t0;
  } while (dt < SAMPLE_MS);
  return [dt / passes, dt];
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/** ns per pair of each contender, the median over ROUNDS rounds of its fastest sample */
function time(op, contenders) {
  const best = contenders.map(() => []);
  for (let r = 0; r < ROUNDS; r++) {
    const fastest = contenders.map(() => Infinity), spent = contenders.map(() => 0);
    while (spent.some((s) => s < MIN_MS)) {
      contenders.forEach(([bm, lib], i) => {
        const [ms, dt] = sample(bm, lib, op);
        fastest[i] = Math.min(fastest[i], ms);
        spent[i] += dt;
      });
    }
    fastest.forEach((ms, i) => best[i].push((ms * 1e6) / placements));
  }
  return best.map(median);
}

console.log(`pixel masks in wasm (Node ${process.version}, emcc -O3, bench modules): earlyout (${plain.word_bits()}-bit words) vs ` +
            `pygame's bitmask.c (${plain.pygame_word_bits()}-bit words), same masks and offsets`);
if (!pygame) console.log("pygame's bitmask.c: not available (no Debian source package): pygame columns skipped");
if (!simd) console.log('build/wasm/bench_pixelmask-simd.wasm: not built, SIMD columns skipped');
console.log(`ns per pair: process CPU time of the fastest sample, median of ${ROUNDS} rounds; ratio = pygame / earlyout ` +
            '(above 1: earlyout faster); SIMD: both libraries built with -msimd128, speedup = earlyout plain / earlyout SIMD\n');
console.log('| side | sprite | case | colliding | earlyout ns | pygame ns | ratio | earlyout SIMD ns | pygame SIMD ns | ratio SIMD | SIMD speedup |');
console.log('| ---: | :--- | :--- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
const f1 = (x) => (Number.isFinite(x) ? x.toFixed(1) : '-');
const f2 = (x) => (Number.isFinite(x) ? x.toFixed(2) : '-');
for (const side of sides) {
  for (const bm of [plain, simd].filter(Boolean))
    if (bm.setup(side) !== 0) { console.error(`MISMATCH at ${side} px (above)`); process.exit(1); }
  for (let op = 0; op < ops; op++) {
    const contenders = [[plain, 0]];
    if (pygame) contenders.push([plain, 1]);
    if (simd) contenders.push([simd, 0]);
    if (simd && pygame) contenders.push([simd, 1]);
    for (const [bm, lib] of contenders) sample(bm, lib, op); // warm up
    const t = time(op, contenders);
    const e = t[0], p = pygame ? t[1] : NaN;
    const es = simd ? t[pygame ? 2 : 1] : NaN, ps = simd && pygame ? t[3] : NaN;
    console.log(`| ${side} | ${plain.text(plain.op_sprite(op))} | ${plain.text(plain.op_name(op))} | ${(100 * plain.hits(op) / placements).toFixed(1)}% | ` +
                `${f1(e)} | ${f1(p)} | ${f2(p / e)} | ${f1(es)} | ${f1(ps)} | ${f2(ps / es)} | ${f2(e / es)} |`);
  }
}
if (sink === 0.5) console.log(sink); // keeps the answers alive
