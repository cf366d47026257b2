// eo.pixelmask.overlapMany: one call for a list of pairs, against a per-pair overlap / firstContact call.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEarlyout, EarlyoutError } from '../../build/wasm/pkg/earlyout.js';

const eo = await loadEarlyout();
const code = (c) => (e) => e instanceof EarlyoutError && e.code === c;
function rng(seed) {
  let s = seed >>> 0;
  return (n) => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return Math.floor((s / 2 ** 32) * n); };
}
function sprites(r, n) {
  const masks = [];
  for (let i = 0; i < n; i++) {
    const w = 1 + r(40), h = 1 + r(40), idx = new Uint8Array(w * h);
    for (let k = 0; k < idx.length; k++) idx[k] = r(3) === 0 ? 0 : 1;
    masks.push(eo.pixelmask.fromIndices(idx, w, h));
  }
  return masks;
}

test('overlapMany equals overlap and firstContact pair by pair (Uint16Array and Uint32Array pairs, float positions)', () => {
  const r = rng(3);
  const masks = sprites(r, 30);
  const positions = new Float64Array(60);
  for (let i = 0; i < 60; i++) positions[i] = r(120) - 10 + r(8) / 8;
  const pairs = new Uint16Array(400);
  for (let k = 0; k < 400; k++) pairs[k] = r(30);
  const hits = eo.pixelmask.overlapMany(masks, positions, pairs);
  const contacts = new Int32Array(400);
  const hits32 = eo.pixelmask.overlapMany(masks, Array.from(positions), new Uint32Array(pairs), { contacts });
  let n = 0;
  for (let k = 0; k < 200; k++) {
    const a = pairs[2 * k], b = pairs[2 * k + 1];
    const args = [masks[a], positions[2 * a], positions[2 * a + 1], masks[b], positions[2 * b], positions[2 * b + 1]];
    const one = eo.pixelmask.overlap(...args), c = eo.pixelmask.firstContact(...args);
    assert.equal(hits[k], one ? 1 : 0, `pair ${k}`);
    assert.equal(hits32[k], hits[k]);
    assert.deepEqual([contacts[2 * k], contacts[2 * k + 1]], c ? [c.x, c.y] : [0, 0], `contact of pair ${k}`);
    n += hits[k];
  }
  assert.ok(n > 10 && n < 190, `a mix of hits and misses (${n})`);
  for (const m of masks) m.dispose();
});

test('overlapMany takes a broadphase result directly: count limits the pairs, out is filled', () => {
  const r = rng(9);
  const masks = sprites(r, 20);
  const boxes = new Int16Array(80), positions = new Int16Array(40);
  for (let i = 0; i < 20; i++) {
    positions[2 * i] = r(100); positions[2 * i + 1] = r(100);
    boxes.set([positions[2 * i], positions[2 * i + 1], masks[i].width, masks[i].height], 4 * i);
  }
  const sw = eo.sweep.create(20);
  const big = new Uint32Array(1000);
  const { count, pairs } = sw.findPairs(boxes, 'x', undefined, big);
  assert.equal(pairs, big);
  const out = new Uint8Array(600).fill(7);
  const got = eo.pixelmask.overlapMany(masks, positions, pairs, { count, out });
  assert.equal(got, out);
  for (let k = 0; k < count; k++) {
    const a = pairs[2 * k], b = pairs[2 * k + 1];
    assert.equal(out[k], eo.pixelmask.overlap(masks[a], positions[2 * a], positions[2 * a + 1], masks[b], positions[2 * b], positions[2 * b + 1]) ? 1 : 0);
  }
  assert.equal(out[count], 7, 'nothing written past count');
  assert.equal(eo.pixelmask.overlapMany(masks, positions, new Uint16Array(0)).length, 0);
  sw.dispose();
  for (const m of masks) m.dispose();
});

test('overlapMany checks its input', () => {
  const a = eo.pixelmask.create(4, 4), b = eo.pixelmask.create(4, 4);
  a.set(0, 0, true); b.set(0, 0, true);
  const pos = new Float32Array([0, 0, 0, 0]);
  assert.deepEqual([...eo.pixelmask.overlapMany([a, b], pos, new Uint16Array([0, 1, 1, 1]))], [1, 1]);
  assert.throws(() => eo.pixelmask.overlapMany([a, b], pos, new Uint16Array([0, 2])), code('EO_JS_BAD_ARGUMENT'));
  assert.throws(() => eo.pixelmask.overlapMany([a, b], pos, new Uint16Array([0, 1, 1])), code('EO_JS_BAD_ARGUMENT'));
  assert.throws(() => eo.pixelmask.overlapMany([a, b], pos, [0, 1]), code('EO_JS_BAD_ARGUMENT'));
  assert.throws(() => eo.pixelmask.overlapMany([a, {}], pos, new Uint16Array([0, 1])), code('EO_JS_BAD_ARGUMENT'));
  assert.throws(() => eo.pixelmask.overlapMany([a, b], new Float32Array([0, 0, NaN, 0]), new Uint16Array([0, 1])), code('EO_JS_BAD_ARGUMENT'));
  assert.throws(() => eo.pixelmask.overlapMany([a, b], [0, 0, 3e9, 0], new Uint16Array([0, 1])), code('EO_JS_BAD_ARGUMENT'));
  assert.throws(() => eo.pixelmask.overlapMany([a, b], pos.subarray(0, 3), new Uint16Array([0, 1])), code('EO_JS_BAD_ARGUMENT'));
  assert.throws(() => eo.pixelmask.overlapMany([a, b], pos, new Uint16Array([0, 1]), { cout: 1 }), code('EO_JS_BAD_ARGUMENT'));
  const short = new Uint8Array(0), grown = eo.pixelmask.overlapMany([a, b], pos, new Uint16Array([0, 1]), { out: short });
  assert.ok(grown !== short && grown.length >= 1 && grown[0] === 1, 'a short out is replaced by a longer array, as findPairs does');
  assert.throws(() => eo.pixelmask.overlapMany([a, b], pos, new Uint16Array([0, 1]), { count: 2 }), code('EO_JS_BAD_ARGUMENT'));
  b.dispose();
  assert.throws(() => eo.pixelmask.overlapMany([a, b], pos, new Uint16Array([0, 1])), code('EO_JS_DISPOSED'));
  a.dispose();
});

test('overlapMany reuses the last call\'s masks only while they are the same and none was disposed', () => {
  const a = eo.pixelmask.create(4, 4), b = eo.pixelmask.create(4, 4);
  a.set(0, 0, true); b.set(0, 0, true);
  const masks = [a, b], pos = new Float32Array([0, 0, 0, 0]), pairs = new Uint16Array([0, 1]);
  assert.deepEqual([...eo.pixelmask.overlapMany(masks, pos, pairs)], [1]);
  // the same list mutated in place: the new mask at index 1 is read, not the last call's
  const c = eo.pixelmask.create(4, 4); // empty
  masks[1] = c;
  assert.deepEqual([...eo.pixelmask.overlapMany(masks, pos, pairs)], [0]);
  masks[1] = b;
  assert.deepEqual([...eo.pixelmask.overlapMany(masks, pos, pairs)], [1]);
  // disposed, and its memory taken by a new solid mask: the old handle must fail, not read the new one
  b.dispose();
  const d = eo.pixelmask.create(4, 4);
  d.set(0, 0, true);
  assert.throws(() => eo.pixelmask.overlapMany(masks, pos, pairs), code('EO_JS_DISPOSED'));
  masks[1] = d;
  assert.deepEqual([...eo.pixelmask.overlapMany(masks, pos, pairs)], [1]);
  for (const m of [a, c, d]) m.dispose();
});
