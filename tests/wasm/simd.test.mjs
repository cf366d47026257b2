// The games' module in two builds: earlyout-simd.wasm where the engine runs wasm SIMD (every
// engine this suite runs on does), earlyout.wasm elsewhere, picked by loadEarlyout() itself
// (wasm/src/load.ts: WebAssembly.validate of a one-instruction SIMD module). That both answer alike
// is for tests/wasm/vectors.test.mjs and tests/jsfuzz (make test-jsfuzz runs it on each).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const pkg = new URL('../../build/wasm/pkg/', import.meta.url);
const size = (f) => readFileSync(new URL(f, pkg)).byteLength;

/** The byte length of the module a fresh copy of the loader (from `dir`) instantiates by default,
    with WebAssembly.validate answering as `validate` says. */
async function pickedSize(copy, validate, dir = pkg) {
  const { instantiate, validate: realValidate } = WebAssembly;
  let seen = -1;
  WebAssembly.instantiate = (bytes, imports) => {
    seen = bytes.byteLength;
    return instantiate(bytes, imports);
  };
  if (validate) WebAssembly.validate = validate;
  try {
    const { loadEarlyout } = await import(new URL(`earlyout.js?${copy}`, dir).href); // a fresh module: no cached answer
    const eo = await loadEarlyout();
    assert.equal(eo.pixelmask.area(eo.pixelmask.fromIndices(new Uint8Array([1, 1, 0, 1]), 2, 2), 0, 0,
                                   eo.pixelmask.fromIndices(new Uint8Array([1, 0, 1, 1]), 2, 2), 0, 0), 2);
  } finally {
    WebAssembly.instantiate = instantiate;
    WebAssembly.validate = realValidate;
  }
  return seen;
}

test('the two games\' builds: different code, the same exports', () => {
  const mod = (f) => new WebAssembly.Module(readFileSync(new URL(f, pkg)));
  const names = (m) => WebAssembly.Module.exports(m).map((e) => `${e.kind} ${e.name}`).sort();
  assert.notEqual(size('earlyout-simd.wasm'), size('earlyout.wasm'));
  assert.deepEqual(names(mod('earlyout-simd.wasm')), names(mod('earlyout.wasm')));
});

test('loadEarlyout() takes the SIMD build where the engine runs wasm SIMD', async () => {
  assert.equal(await pickedSize('simd', null), size('earlyout-simd.wasm'));
});

test('and the plain build where it does not', async () => {
  const realValidate = WebAssembly.validate;
  const noSimd = (bytes) => {
    const b = new Uint8Array(bytes.buffer ?? bytes, bytes.byteOffset ?? 0, bytes.byteLength);
    return b.length < 64 ? false : realValidate(bytes); // the loader's probe is a few dozen bytes
  };
  assert.equal(await pickedSize('plain', noSimd), size('earlyout.wasm'));
});

test('an engine with wasm SIMD where earlyout-simd.wasm was not copied: the plain build', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'eo-simd-'));
  try {
    for (const f of ['earlyout.js', 'earlyout.wasm']) copyFileSync(new URL(f, pkg), join(dir, f));
    assert.equal(await pickedSize('missing', null, pathToFileURL(`${dir}/`)), size('earlyout.wasm'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the traced module is the same whatever the engine', async () => {
  const { loadEarlyout } = await import(new URL('earlyout.js?traced', pkg).href);
  const eo = await loadEarlyout({ traced: true });
  assert.equal(eo.traced, true);
});
