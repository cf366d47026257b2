// The JS API of pixel masks: builders, answers against a brute-force loop over the pixels,
// traces and counters, validation, and memory given back on dispose().
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEarlyout, EarlyoutError } from '../../build/wasm/pkg/earlyout.js';

const eo = await loadEarlyout();
const traced = await loadEarlyout({ traced: true });

function randomIndices(w, h, density, seed) {
  let s = seed;
  const idx = new Uint8Array(w * h);
  for (let i = 0; i < idx.length; i++) { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; idx[i] = s % 100 < density ? 1 + (s % 7) : 0; }
  return idx;
}

test('builders: ImageData alpha threshold and indices', () => {
  const data = new Uint8ClampedArray(3 * 2 * 4);
  data[4 * 1 + 3] = 200; data[4 * 3 + 3] = 128; data[4 * 5 + 3] = 127;
  const m = eo.pixelmask.fromImageData({ width: 3, height: 2, data });
  assert.deepEqual([m.get(0, 0), m.get(1, 0), m.get(0, 1), m.get(2, 1)], [false, true, true, false]);
  const n = eo.pixelmask.fromIndices(new Uint8Array([0, 3, 0, 1, 0, 0]), 3, 2);
  assert.deepEqual([n.get(1, 0), n.get(0, 1), n.get(2, 1)], [true, true, false]);
  m.set(2, 1, true);
  assert.equal(m.get(2, 1), true);
  m.dispose(); n.dispose();
});

test('overlap, first contact and area agree with a brute-force pixel loop', () => {
  for (let trial = 0; trial < 60; trial++) {
    const wa = 1 + (trial * 7) % 70, ha = 1 + (trial * 5) % 40, wb = 1 + (trial * 11) % 70, hb = 1 + (trial * 3) % 40;
    const ia = randomIndices(wa, ha, 25, trial + 1), ib = randomIndices(wb, hb, 25, trial + 100);
    const a = eo.pixelmask.fromIndices(ia, wa, ha), b = eo.pixelmask.fromIndices(ib, wb, hb);
    for (let k = 0; k < 8; k++) {
      const ax = -30 + k * 3, ay = 10 - k, bx = ax + ((trial + k * 13) % (wa + wb)) - wb, by = ay + ((trial * 3 + k) % (ha + hb)) - hb;
      let count = 0, first = null;
      for (let y = Math.max(ay, by); y < Math.min(ay + ha, by + hb); y++)
        for (let x = Math.max(ax, bx); x < Math.min(ax + wa, bx + wb); x++)
          if (ia[(y - ay) * wa + x - ax] && ib[(y - by) * wb + x - bx]) { count++; first ??= { x, y }; }
      assert.equal(eo.pixelmask.overlap(a, ax, ay, b, bx, by), count > 0);
      assert.equal(eo.pixelmask.overlapReference(a, ax, ay, b, bx, by), count > 0);
      assert.equal(eo.pixelmask.area(a, ax, ay, b, bx, by), count);
      assert.deepEqual(eo.pixelmask.firstContact(a, ax, ay, b, bx, by), first);
    }
    a.dispose(); b.dispose();
  }
});

test('overlapRect: highest left, lowest right', () => {
  assert.deepEqual(eo.pixelmask.overlapRect({ x: 0, y: 0, w: 10, h: 10 }, { x: 5, y: 3, w: 10, h: 10 }), { x: 5, y: 3, w: 5, h: 7 });
  assert.equal(eo.pixelmask.overlapRect({ x: 0, y: 0, w: 10, h: 10 }, { x: 10, y: 0, w: 5, h: 5 }), null);
});

test('traced: rows and words counted, steps on lines of pixelmask.c', () => {
  const full = traced.pixelmask.fromIndices(new Uint8Array(64 * 64).fill(1), 64, 64);
  const empty = traced.pixelmask.create(64, 64);
  const { result, counters, steps } = traced.trace(() => traced.pixelmask.overlap(full, 0, 0, empty, 10, 20));
  assert.equal(result, false);
  assert.equal(counters['pixelmask.rows'], 44);
  assert.equal(counters['pixelmask.words'], 44 * 2); // 54 px wide overlap in 32-bit words
  assert.equal(steps[0].event, 'EO_EV_PIXELMASK_RECT');
  assert.ok(steps.every((s) => s.module === 'pixelmask' && s.line > 0));
  const ref = traced.trace(() => traced.pixelmask.overlapReference(full, 0, 0, empty, 10, 20));
  assert.equal(ref.counters['pixelmask.ref_pixels'], 54 * 44);
  full.dispose(); empty.dispose();
});

test('bad arguments throw EarlyoutError naming the argument; dispose gives memory back', () => {
  const bad = (fn, re) => assert.throws(fn, (e) => e instanceof EarlyoutError && re.test(e.message));
  const before = eo.heapUsed();
  const m = eo.pixelmask.create(8, 8);
  bad(() => eo.pixelmask.create(0, 8), /width/);
  bad(() => eo.pixelmask.create(8, 4096), /height/);
  bad(() => eo.pixelmask.fromImageData({ width: 2, height: 2, data: new Uint8ClampedArray(15) }), /16 bytes/);
  bad(() => eo.pixelmask.fromImageData({ width: 2, height: 2, data: [0, 0] }), /Uint8ClampedArray/);
  bad(() => eo.pixelmask.fromImageData({ width: 2, height: 2, data: new Uint8ClampedArray(16) }, 0), /alphaThreshold/);
  bad(() => eo.pixelmask.fromIndices(new Uint8Array(5), 2, 3), /6 bytes/);
  const detached = new Uint8ClampedArray(16);
  structuredClone(detached.buffer, { transfer: [detached.buffer] });
  bad(() => eo.pixelmask.fromImageData({ width: 2, height: 2, data: detached }), /detached/);
  bad(() => m.set(8, 0, true), /\bx\b/);
  bad(() => eo.pixelmask.overlap(m, 0, 0, {}, 0, 0), /\bb must be a PixelMask/);
  bad(() => eo.pixelmask.overlap(m, 3e9, 0, m, 0, 0), /\bax\b/);
  bad(() => m.set(0, 0, 'yes'), /solid must be true or false, got "yes"/);
  bad(() => m.set(0, 0, 1), /solid must be true or false, got 1/);
  m.dispose();
  assert.throws(() => eo.pixelmask.overlap(m, 0, 0, m, 0, 0), (e) => e instanceof EarlyoutError && e.code === 'EO_JS_DISPOSED' && /\ba was disposed/.test(e.message));
  assert.equal(eo.heapUsed(), before);
});
