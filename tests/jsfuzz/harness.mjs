// What every binding-fuzz property shares: the campaign's seed and size, and the check after each
// case that the module is as it was (heapUsed() at its baseline, known-good calls still right).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

export const SEED = Number(process.env.JSFUZZ_SEED ?? 1);
const RUNS = Number(process.env.JSFUZZ_RUNS ?? 200);
if (!Number.isInteger(SEED) || !Number.isInteger(RUNS) || RUNS < 1) throw new Error('JSFUZZ_SEED and JSFUZZ_RUNS must be integers (RUNS >= 1)');

/** The games' module under test: JSFUZZ_WASM=plain or =simd names the build (make test-jsfuzz runs
    the suite on each), else the one loadEarlyout() picks. */
export function fastModule(loadEarlyout) {
  const build = process.env.JSFUZZ_WASM;
  if (build === undefined || build === '') return loadEarlyout();
  if (build !== 'plain' && build !== 'simd') throw new Error('JSFUZZ_WASM must be plain or simd');
  const file = build === 'simd' ? 'earlyout-simd.wasm' : 'earlyout.wasm';
  return loadEarlyout({ wasm: readFileSync(new URL(`../../build/wasm/pkg/${file}`, import.meta.url)) });
}

/** fast-check parameters: the fixed seed, RUNS x k runs. */
export const runs = (k = 1) => ({ seed: SEED, numRuns: Math.max(1, Math.round(RUNS * k)), includeErrorInReport: true });

const baselines = new WeakMap();
/** After a case: nothing left allocated, the module still answers a known pair, a mask and a map. */
export function settle(eo) {
  if (!baselines.has(eo)) baselines.set(eo, eo.heapUsed());
  assert.equal(eo.heapUsed(), baselines.get(eo), 'heapUsed() is back at its baseline');
  const r = eo.aabb.findPairs(new Int16Array([0, 0, 10, 10, 5, 5, 10, 10, 30, 30, 2, 2]));
  assert.deepEqual([r.count, ...r.pairs.subarray(0, 2)], [1, 0, 1], 'known pair still found');
  const m = eo.pixelmask.create(3, 3);
  m.set(1, 1, true);
  assert.equal(eo.pixelmask.area(m, 0, 0, m, 0, 0), 1, 'a fresh mask answers');
  m.dispose();
  const map = eo.tiles.createMap({ width: 2, height: 2, cells: new Uint8Array([0, 0, 1, 1]) });
  assert.equal(map.move({ x: 0, y: 0, w: 8, h: 8 }, 0, 20).box.y, 0, 'a fresh map answers');
  map.dispose();
  assert.equal(eo.heapUsed(), baselines.get(eo), 'the known-good calls left nothing behind');
}
