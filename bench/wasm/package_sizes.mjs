// Package sizes for the closing note: what each variant of the packed module (make wasm-pack,
// build/wasm/pkg) puts in front of a browser, raw and gzip (level 9), and the tarball.
//   ESM: earlyout.js + earlyout.wasm (or earlyout-simd.wasm, which the loader takes where the engine
//   has wasm SIMD); CommonJS: cjs/earlyout.js + the same;
//   inline (ESM and CommonJS): inline.js alone (the .wasm is inside, base64).
// Usage: node bench/wasm/package_sizes.mjs
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const pkg = new URL('../../build/wasm/pkg/', import.meta.url);
const version = JSON.parse(readFileSync(new URL('package.json', pkg), 'utf8')).version;
const size = (f) => { const b = readFileSync(new URL(f, pkg)); return { raw: b.length, gz: gzipSync(b, { level: 9 }).length }; };
const kb = (n) => (n / 1024).toFixed(1);
const variants = [
  ['ESM (earlyout)', ['earlyout.js', 'earlyout.wasm']],
  ['ESM, engines with wasm SIMD', ['earlyout.js', 'earlyout-simd.wasm']],
  ['CommonJS (earlyout)', ['cjs/earlyout.js', 'earlyout.wasm']],
  ['CommonJS, engines with wasm SIMD', ['cjs/earlyout.js', 'earlyout-simd.wasm']],
  ['inline, ESM (earlyout/inline)', ['inline.js']],
  ['inline, CommonJS (earlyout/inline)', ['cjs/inline.js']],
  ['traced module (the lessons)', ['earlyout-trace.wasm']],
];
console.log(`package sizes: earlyout ${version} (build/wasm/pkg), KiB; gzip at level 9, each file on its own\n`);
console.log('| variant                            | files                                |    raw |  gzip |');
console.log('|------------------------------------|--------------------------------------|-------:|------:|');
for (const [name, files] of variants) {
  const s = files.map(size), raw = s.reduce((a, x) => a + x.raw, 0), gz = s.reduce((a, x) => a + x.gz, 0);
  console.log(`| ${name.padEnd(34)} | ${files.join(' + ').padEnd(36)} | ${kb(raw).padStart(6)} | ${kb(gz).padStart(5)} |`);
}
const tgz = readdirSync(new URL('..', pkg)).find((f) => f === `earlyout-${version}.tgz`);
if (tgz) console.log(`\nthe tarball ${tgz}: ${kb(statSync(new URL(`../${tgz}`, pkg)).size)} KiB (both builds, both variants, types, the three .wasm)`);
