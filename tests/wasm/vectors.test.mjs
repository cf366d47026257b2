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
const RESULT = { EO_OK: 0, EO_ERR_NULL_POINTER: 1, EO_ERR_BAD_ARGUMENT: 2, EO_ERR_BAD_LAYOUT: 3, EO_ERR_BUFFER_TOO_SMALL: 4, EO_JS_BAD_ARGUMENT: 2 };
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
  out.set([0x45, 0x4f, 0x52, 0x31, vec[4], 10, vec[6], vec[7]]);
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

function header(vec, resultSize) {
  const count = vec[6] | (vec[7] << 8);
  const out = new Uint8Array(8 + count * resultSize);
  out.set([0x45, 0x4f, 0x52, 0x31, vec[4], resultSize, vec[6], vec[7]]);
  return { count, out, dv: new DataView(vec.buffer, vec.byteOffset, vec.byteLength) };
}

function runAabb(eo, vec) {
  const { count, out, dv } = header(vec, 2);
  for (let i = 0; i < count; i++) {
    const c = 8 + i * 18, r = 8 + i * 2, g = (o) => dv.getInt16(c + o, true);
    if (vec[c] === 0) {
      const box = (o) => ({ x: g(o), y: g(o + 2), w: g(o + 4), h: g(o + 6) });
      const { overlap, comparisons } = eo.aabb.overlap(box(2), box(10), vec[c + 1] === 1 ? 'y-first' : 'x-first');
      out[r] = overlap ? 1 : 0;
      out[r + 1] = comparisons;
    } else {
      const [res, hit] = attempt(() => eo.circle.overlap({ x: g(2), y: g(4), r: g(6) }, { x: g(8), y: g(10), r: g(12) }));
      out[r] = res;
      out[r + 1] = res === 0 ? (hit ? 1 : 0) : 0xff;
    }
  }
  return out;
}

// Mirrors run_sectors_case in tests/vectors/vectors.c through the JS API. The C runner keeps at
// most PAIRS_SHOWN pairs, so its find_pairs reports EO_ERR_BUFFER_TOO_SMALL (4) past that.
const PAIRS_SHOWN = 24, SECTORS_RESULT = 164;
function runSectors(eo, vec) {
  const { count, out, dv } = header(vec, SECTORS_RESULT);
  let at = 8;
  const put16 = (p, v) => { v = Math.min(v, 0xffff); out[p] = v & 0xff; out[p + 1] = v >> 8; };
  const putPairs = (p, list) => { for (let k = 0; k < Math.min(list.count, PAIRS_SHOWN); k++) { out[p + 2 * k] = list.pairs[2 * k]; out[p + 2 * k + 1] = list.pairs[2 * k + 1]; } };
  const shown = (list) => (list.count > PAIRS_SHOWN ? 4 : 0);
  for (let i = 0; i < count; i++) {
    const g = (o) => dv.getInt16(at + o, true);
    const config = { worldX: g(0), worldY: g(2), worldW: g(4), worldH: g(6), cols: vec[at + 8], rows: vec[at + 9],
                     maxObjects: 32, maxEntries: vec[at + 10] | (vec[at + 11] << 8) };
    const n = vec[at + 12], flags = vec[at + 13];
    let p = at + 14;
    const boxes = new Int16Array(n * 4);
    for (let k = 0; k < n * 4; k++, p += 2) boxes[k] = dv.getInt16(p, true);
    let layers;
    if (flags & 1) { layers = new Uint16Array(n * 2); for (let k = 0; k < n * 2; k++, p += 2) layers[k] = dv.getUint16(p, true); }
    const moves = vec.subarray(p, p + 2 * n);
    at = p + 2 * n;
    let r = 8 + i * SECTORS_RESULT;

    const [initRes, grid] = attempt(() => eo.sectors.create(config));
    let res = initRes, list = { count: 0 }, st = { insertions: 0, candidatePairs: 0, boxTests: 0 };
    if (grid) {
      const [br, bst] = attempt(() => grid.build(boxes));
      res = br;
      if (br === 0) {
        list = grid.findPairs(boxes, layers);
        st = { insertions: bst.insertions, candidatePairs: list.stats.candidatePairs, boxTests: list.stats.boxTests };
        res = shown(list);
      }
    }
    out[r] = res; put16(r + 1, list.count); put16(r + 3, st.insertions); put16(r + 5, st.candidatePairs); put16(r + 7, st.boxTests);
    putPairs(r + 9, list);
    r += 9 + 2 * PAIRS_SHOWN;

    for (let k = 0; k < n; k++) { boxes[4 * k] += (moves[2 * k] << 24) >> 24; boxes[4 * k + 1] += (moves[2 * k + 1] << 24) >> 24; }
    list = { count: 0 };
    let moved = 0, churn = 0;
    if (grid) {
      const [ur, ust] = attempt(() => grid.update(boxes));
      res = ur;
      if (ur === 0) {
        list = grid.findPairs(boxes, layers);
        moved = ust.objectsMoved; churn = ust.insertions + ust.removals;
        res = shown(list);
      }
      grid.dispose();
    }
    out[r] = res; put16(r + 1, list.count); out[r + 3] = moved; put16(r + 4, churn);
    putPairs(r + 6, list);
    r += 6 + 2 * PAIRS_SHOWN;

    const sweeper = eo.sweep.create(32);
    list = sweeper.findPairs(boxes, flags & 2 ? 'y' : 'x', layers);
    sweeper.dispose();
    out[r] = shown(list); put16(r + 1, list.count); put16(r + 3, list.stats.boxTests);
    putPairs(r + 5, list);
  }
  return out;
}

// Mirrors run_pixelmask_case: bit-packed sprites become index arrays for fromIndices.
function runPixelmask(eo, vec) {
  const { count, out, dv } = header(vec, 14);
  const ov = new DataView(out.buffer);
  let at = 8;
  const sprite = (w, h, p) => {
    const rowBytes = (w + 7) >> 3, idx = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) idx[y * w + x] = (vec[p + y * rowBytes + (x >> 3)] >> (x & 7)) & 1;
    return [eo.pixelmask.fromIndices(idx, w, h), rowBytes * h];
  };
  for (let i = 0; i < count; i++) {
    const [wa, ha, wb, hb] = vec.subarray(at, at + 4);
    const ax = dv.getInt16(at + 4, true), ay = dv.getInt16(at + 6, true), bx = dv.getInt16(at + 8, true), by = dv.getInt16(at + 10, true);
    const [a, usedA] = sprite(wa, ha, at + 12);
    const [b, usedB] = sprite(wb, hb, at + 12 + usedA);
    at += 12 + usedA + usedB;
    const r = 8 + i * 14;
    const contact = eo.pixelmask.firstContact(a, ax, ay, b, bx, by);
    out[r] = 0;
    out[r + 1] = eo.pixelmask.overlap(a, ax, ay, b, bx, by) ? 1 : 0;
    out[r + 2] = eo.pixelmask.overlapReference(a, ax, ay, b, bx, by) ? 1 : 0;
    out[r + 3] = contact ? 1 : 0;
    ov.setInt32(r + 4, contact ? contact.x : 0, true);
    ov.setInt32(r + 8, contact ? contact.y : 0, true);
    ov.setUint16(r + 12, Math.min(eo.pixelmask.area(a, ax, ay, b, bx, by), 0xffff), true);
    a.dispose();
    b.dispose();
  }
  return out;
}

const RUNNERS = { gridmask: [runGridmask, 10], aabb: [runAabb, 2], sectors: [runSectors, SECTORS_RESULT], pixelmask: [runPixelmask, 14] };
for (const traced of [false, true]) {
  for (const [module, [run, size]] of Object.entries(RUNNERS)) {
    test(`${module} vectors match native byte for byte (${traced ? 'traced' : 'fast'} module)`, async () => {
      const eo = await loadEarlyout({ traced });
      const vec = await readFile(new URL(`tests/vectors/${module}.vec`, root));
      const native = await readFile(new URL(`build/vectors/${module}.native.out`, root));
      const got = run(eo, vec);
      assert.equal(got.length, native.length, 'result size');
      const bad = [];
      for (let i = 8; i < got.length; i += size)
        if (Buffer.compare(got.subarray(i, i + size), native.subarray(i, i + size)) !== 0) bad.push((i - 8) / size);
      assert.deepEqual(bad, [], `cases that differ from native: ${bad.slice(0, 10).join(', ')}`);
      assert.equal(Buffer.compare(got, native), 0);
    });
  }
}
