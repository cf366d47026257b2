#!/usr/bin/env node
// Builds the npm package of the wasm module into OUT (run by mk/wasm.mk):
//   earlyout.js           ESM; finds the .wasm with new URL('./earlyout.wasm', import.meta.url)
//   inline.js             ESM, the fast module inlined as base64 (earlyout/inline): no file to copy,
//                         loadEarlyoutSync()
//   cjs/earlyout.js, cjs/inline.js   the same as CommonJS (cjs/package.json says so; require('earlyout'))
//   *.d.ts, cjs/*.d.ts    types for import and for require; wasm.d.ts types `import url from 'earlyout/earlyout.wasm'`
//   earlyout.wasm, earlyout-simd.wasm (the loader's pick where the engine has wasm SIMD),
//   earlyout-trace.wasm, package.json, README.md, API.md (every rule a game relies on), LICENSE
//
//   node wasm/build.mjs --out build/wasm/pkg --wasm build/wasm
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const arg = (name) => { const i = args.indexOf(name); if (i < 0 || !args[i + 1]) usage(); return resolve(ROOT, args[i + 1]); };
function usage() { console.error('usage: node wasm/build.mjs --out DIR --wasm DIR'); process.exit(2); }
const OUT = arg('--out'), WASM = arg('--wasm');
if (!OUT.startsWith(join(ROOT, 'build') + '/')) { console.error(`build: refusing to write outside build/: ${OUT}`); process.exit(1); }

rmSync(OUT, { recursive: true, force: true });
mkdirSync(join(OUT, 'cjs'), { recursive: true });

const wasm = readFileSync(join(WASM, 'earlyout.wasm'));
const inlineWasm = {
  name: 'inline-wasm',
  setup(b) {
    b.onResolve({ filter: /^earlyout:inline-wasm$/ }, () => ({ path: 'earlyout.wasm', namespace: 'inline-wasm' }));
    b.onLoad({ filter: /.*/, namespace: 'inline-wasm' }, () => ({ contents: `export default ${JSON.stringify(wasm.toString('base64'))};`, loader: 'js' }));
  },
};
// CommonJS has no import.meta: the CommonJS build finds the .wasm through __dirname (locate-cjs.ts)
const commonjsLocate = {
  name: 'commonjs-locate',
  setup(b) {
    b.onResolve({ filter: /^\.\/locate\.js$/ }, (a) => ({ path: join(a.resolveDir, 'locate-cjs.ts') }));
  },
};
// Whitespace minified, the code and its names as written (a stack trace still reads: fail,
// readTileBox, ...): 100 KB where the readable bundle is 139 (29 KB gzip, 34). Not minifySyntax: it
// folds the variable of load.ts's `import(fsName)` into a literal that browser bundlers then try to
// resolve. The sizes the docs state come from this build (tests/docs/measured.mjs).
const common = { bundle: true, platform: 'neutral', external: ['node:*'], target: 'es2022', logLevel: 'warning', legalComments: 'none', sourcemap: false,
                 minifyWhitespace: true };
const entry = (f) => join(ROOT, 'wasm/src', f);
await Promise.all([
  esbuild.build({ ...common, entryPoints: [entry('earlyout.ts')], format: 'esm', outfile: join(OUT, 'earlyout.js') }),
  esbuild.build({ ...common, entryPoints: [entry('inline.ts')], format: 'esm', outfile: join(OUT, 'inline.js'), plugins: [inlineWasm] }),
  esbuild.build({ ...common, entryPoints: [entry('earlyout.ts')], format: 'cjs', outfile: join(OUT, 'cjs/earlyout.js'), plugins: [commonjsLocate] }),
  esbuild.build({ ...common, entryPoints: [entry('inline.ts')], format: 'cjs', outfile: join(OUT, 'cjs/inline.js'), plugins: [commonjsLocate, inlineWasm] }),
]);

// Minifying drops comments, load.ts's magic ones too: put them back, so that Vite and webpack leave
// the Node-only import of node:fs alone (no warning, no attempt to bundle it).
for (const f of ['earlyout.js', 'inline.js', 'cjs/earlyout.js', 'cjs/inline.js']) {
  const text = readFileSync(join(OUT, f), 'utf8'), at = text.split('import(fsName)').length - 1;
  if (at !== 1) { console.error(`build: ${f} has ${at} import(fsName), expected 1 (see wasm/src/load.ts)`); process.exit(1); }
  writeFileSync(join(OUT, f), text.replace('import(fsName)', 'import(/* @vite-ignore */ /* webpackIgnore: true */ fsName)'));
}

// Types: one tree for import, the same tree under cjs/ (a CommonJS scope) for require.
const tsc = spawnSync(join(ROOT, 'node_modules/.bin/tsc'), ['-p', join(ROOT, 'wasm/tsconfig.json'), '--outDir', OUT], { stdio: 'inherit' });
if (tsc.status !== 0) process.exit(tsc.status ?? 1);
// keep only the declarations the two entry points reach (internals are @internal and stripped)
const reach = new Set();
const visit = (f) => {
  if (reach.has(f)) return;
  reach.add(f);
  for (const m of readFileSync(f, 'utf8').matchAll(/from '(\.[^']+)\.js'/g)) visit(join(dirname(f), `${m[1]}.d.ts`));
};
visit(join(OUT, 'earlyout.d.ts'));
visit(join(OUT, 'inline.d.ts'));
for (const f of walk(OUT).filter((p) => p.endsWith('.d.ts') && !reach.has(p))) rmSync(f);
for (const f of reach) {
  const to = join(OUT, 'cjs', relative(OUT, f));
  mkdirSync(dirname(to), { recursive: true });
  cpSync(f, to);
}
writeFileSync(join(OUT, 'wasm.d.ts'), `// import url from 'earlyout/earlyout.wasm': the file's URL, as bundlers give it (esbuild's file
// loader, webpack 5 asset modules, Vite's ?url). Pass it to loadEarlyout({ wasm: url }).
declare const url: string;
export default url;
`);
writeFileSync(join(OUT, 'cjs/package.json'), '{ "type": "commonjs" }\n');
for (const f of ['earlyout.wasm', 'earlyout-simd.wasm', 'earlyout-trace.wasm']) cpSync(join(WASM, f), join(OUT, f));
for (const f of ['package.json', 'README.md', 'API.md', 'LICENSE']) cpSync(join(ROOT, 'wasm', f), join(OUT, f));

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(join(dir, d.name)) : [join(dir, d.name)]));
}
