// The shared vectors through the wasm module's public JS API: the result bytes must equal the
// native build's, byte for byte (build/vectors/<module>.native.out, written by `make test-vectors`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { loadEarlyout, LAYOUT_8, LAYOUT_16, LAYOUT_32, EarlyoutError } from '../../build/wasm/pkg/earlyout.js';

const root = new URL('../../', import.meta.url);
const LAYOUTS = [LAYOUT_8, LAYOUT_16, LAYOUT_32, { bits: 12, cellShiftX: 5, cellShiftY: 5, screenW: 256, screenH: 192 }];
const METHODS = ['span', 'endpoints', 'invalid-method'];
// The core's result codes (core/include/earlyout/common.h); JS-side argument checks stand in for
// EO_ERR_BAD_ARGUMENT, the code the core returns for the same input.
const RESULT = { EO_OK: 0, EO_ERR_NULL_POINTER: 1, EO_ERR_BAD_ARGUMENT: 2, EO_ERR_BAD_LAYOUT: 3, EO_JS_BAD_ARGUMENT: 2 };
const VERDICT = { maybe: 0, 'apart-x': 1, 'apart-y': 2 };

function attempt(fn) {
  try {
    return [0, fn()];
  } catch (e) {
    if (!(e instanceof EarlyoutError) || !(e.code in RESULT)) throw e;
    return [RESULT[e.code], undefined];
  }
}

function runGridmask(eo, vec) {
  const dv = new DataView(vec.buffer, vec.byteOffset, vec.byteLength);
  const count = dv.getUint16(6, true);
  const out = new Uint8Array(8 + count * 10);
  const ov = new DataView(out.buffer);
  out.set([0x45, 0x4f, 0x52, 0x31, vec[4], 0, vec[6], vec[7]]);
  for (let i = 0; i < count; i++) {
    const c = 8 + i * 18;
    const layout = LAYOUTS[vec[c] & 3];
    const method = METHODS[Math.min(vec[c + 1], 2)];
    const box = (o) => ({ x: dv.getInt16(o, true), y: dv.getInt16(o + 2, true), w: dv.getInt16(o + 4, true), h: dv.getInt16(o + 6, true) });
    const [ra, ma = 0] = attempt(() => eo.gridmask.build(layout, method, box(c + 2)));
    const [rb, mb = 0] = attempt(() => eo.gridmask.build(layout, method, box(c + 10)));
    const [rv, verdict] = attempt(() => eo.gridmask.test(layout, ma, mb));
    const r = 8 + i * 10;
    out[r] = ra | (rb << 4);
    ov.setUint32(r + 1, ma, true);
    ov.setUint32(r + 5, mb, true);
    out[r + 9] = rv === 0 ? VERDICT[verdict] : rv; // the core's EO_GRIDMASK_BAD_LAYOUT is 3 = EO_ERR_BAD_LAYOUT
  }
  return out;
}

for (const traced of [false, true]) {
  test(`gridmask vectors match native byte for byte (${traced ? 'traced' : 'fast'} module)`, async () => {
    const eo = await loadEarlyout({ traced });
    const vec = await readFile(new URL('tests/vectors/gridmask.vec', root));
    const native = await readFile(new URL('build/vectors/gridmask.native.out', root));
    const got = runGridmask(eo, vec);
    assert.equal(got.length, native.length, 'result size');
    const bad = [];
    for (let i = 8; i < got.length; i += 10)
      if (Buffer.compare(got.subarray(i, i + 10), native.subarray(i, i + 10)) !== 0) bad.push((i - 8) / 10);
    assert.deepEqual(bad, [], `cases that differ from native: ${bad.slice(0, 10).join(', ')}`);
    assert.equal(Buffer.compare(got, native), 0);
  });
}
