// The 32-bit world through the JS API: boxes, segments, tile moves and sprites at +-1,000,000 px
// and at the int32 edges (eo.limits), against answers worked out here (brute force in float64,
// which holds every sum of two int32 exactly). The shared vector files hold int16-range cases
// (the MSX runs them too); these are the wide-range ones, in wasm. Native: tests/core/test_coords.c.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEarlyout, EarlyoutError, TILE } from '../../build/wasm/pkg/earlyout.js';

const eo = await loadEarlyout();
const { coordMin: MIN, coordMax: MAX } = eo.limits;

function rng(seed) {
  let s = seed >>> 0;
  return (n) => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return Math.floor((s / 2 ** 32) * n); };
}
const r = rng(1124);
const coord = () => [MIN, MIN + 1, -1000000, -1, 0, 1, 1000000, MAX - 1, MAX, MIN + r(64), MAX - r(64), r(2 ** 32) + MIN][r(12)];
const size = () => [1, 1 + r(70), MAX, MAX >> 1, 2000000, 0, -5, r(2 ** 31)][r(8)];
const overlap = (b, i, j) => {
  const [ax, ay, aw, ah] = b.subarray(4 * i, 4 * i + 4), [bx, by, bw, bh] = b.subarray(4 * j, 4 * j + 4);
  return aw > 0 && ah > 0 && bw > 0 && bh > 0 && ax < bx + bw && bx < ax + aw && ay < by + bh && by < ay + ah;
};
const brute = (b) => {
  const out = [];
  for (let i = 0; i < b.length / 4; i++) for (let j = i + 1; j < b.length / 4; j++) if (overlap(b, i, j)) out.push(`${i},${j}`);
  return out;
};
const pairsOf = ({ count, pairs }) => Array.from({ length: count }, (_, k) => [pairs[2 * k], pairs[2 * k + 1]])
  .map(([a, b]) => `${Math.min(a, b)},${Math.max(a, b)}`).sort();

test('the limits are the 32-bit world, and its edges are accepted', () => {
  assert.deepEqual([MIN, MAX], [-(2 ** 31), 2 ** 31 - 1]);
  assert.throws(() => eo.aabb.findPairs([MAX + 1, 0, 1, 1]), (e) => e instanceof EarlyoutError && /outside the world/.test(e.message));
  assert.equal(eo.aabb.findPairs([MAX, MAX, 1, 1, MAX, MAX, 1, 1]).count, 1);
});

test('brute force, sectors and sweep agree with float64 on boxes at +-1,000,000 and the int32 edges', () => {
  const grid = eo.sectors.create({ worldX: MIN, worldY: MIN, worldW: MAX, worldH: MAX, cols: 16, rows: 16, maxObjects: 40, maxEntries: 40 * 256 });
  const sw = eo.sweep.create(40);
  for (let round = 0; round < 300; round++) {
    const n = 2 + r(38), b = new Int32Array(4 * n);
    for (let i = 0; i < n; i++) b.set([coord(), coord(), size(), size()], 4 * i);
    const want = brute(b).sort();
    assert.deepEqual(pairsOf(eo.aabb.findPairs(b)), want, 'aabb');
    assert.deepEqual(pairsOf(eo.aabb.findPairs(new Float64Array(b))), want, 'aabb, Float64Array');
    grid.build(b);
    assert.deepEqual(pairsOf(grid.findPairs(b)), want, 'sectors');
    assert.deepEqual(pairsOf(sw.findPairs(b, round % 2 ? 'y' : 'x')), want, 'sweep');
    const q = [coord(), coord()];
    const inside = [];
    for (let i = 0; i < n; i++) {
      const [x, y, w, h] = b.subarray(4 * i, 4 * i + 4);
      if (w > 0 && h > 0 && q[0] >= x && q[0] < x + w && q[1] >= y && q[1] < y + h) inside.push(i);
    }
    assert.deepEqual([...grid.queryPoint(q[0], q[1])], inside, 'sectors point query');
  }
  grid.dispose();
  sw.dispose();
});

test('a segment across the whole world hits where exact arithmetic says (t past 32 bits)', () => {
  const seg = { x0: MIN, y0: 5, x1: MAX, y1: 5 };
  const [h] = eo.query.segmentAll(seg, [1000000, 0, 10, 10, -1000000, 0, 10, 10]);
  assert.equal(h.index, 1);
  assert.deepEqual([h.x, h.y, h.tNum, h.tDen], [-1000000, 5, -1000000 - MIN, 2 ** 32 - 1]);
  const all = eo.query.segmentAll({ x0: MIN, y0: MIN, x1: MAX, y1: MAX }, [MAX, MAX, 1, 1, -1, -1, 1, 1, MAX - 3, MAX, 1, 1]);
  assert.deepEqual(all.map((x) => x.index), [1, 0]);
});

test('tile moves, walks and raycasts reach the int32 edges of the world, never wrap', () => {
  const cells = new Uint8Array(16);
  cells[2 * 4 + 2] = TILE.SOLID;
  const map = eo.tiles.createMap({ width: 4, height: 4, cells, outside: 'empty' });
  let m = map.move({ x: 0, y: -100, w: 8, h: 8 }, MIN, 0);
  assert.deepEqual([m.box.x, m.hit, m.movedX], [MIN, 0, MIN]);
  m = map.move(m.box, -1, 0);
  assert.deepEqual([m.box.x, m.movedX], [MIN, 0]);
  assert.ok(m.hit !== 0, 'the world edge is a wall');
  m = map.move({ x: 1000000, y: -100, w: 8, h: 8 }, MAX, 0);
  assert.deepEqual([m.box.x, m.movedX], [MAX - 7, MAX - 7 - 1000000]);
  m = map.move({ x: 16, y: -1000000, w: 8, h: 8 }, 0, 2000000);
  assert.deepEqual([m.box.y, m.onGround], [8, true], 'fell a million pixels onto the solid tile');
  // batch moves: Int32Array boxes in place at the edges; an Int16Array mover leaving its range is refused whole
  const boxes = new Int32Array([1000000, -100, 8, 8, 0, -100, 8, 8]);
  map.moveMany(boxes, new Int32Array([MAX, 0, MIN, 0]));
  assert.deepEqual([boxes[0], boxes[4]], [MAX - 7, MIN]);
  const small = new Int16Array([0, -100, 8, 8, 30000, -100, 8, 8]);
  assert.throws(() => map.moveMany(small, new Int16Array([1, 0, 5000, 0])), (e) => e instanceof EarlyoutError && /Int16Array's range; no mover was changed/.test(e.message));
  assert.deepEqual([...small], [0, -100, 8, 8, 30000, -100, 8, 8]);
  const ray = map.raycast({ x0: 4, y0: 20, x1: MAX, y1: 20 });
  assert.deepEqual([ray.hit, ray.x, ray.col, ray.tNum, ray.tDen], [true, 16, 2, 12, MAX - 4]);
  map.dispose();
});

test('pixel masks placed at the edges: boxes that wrap apart never meet; a contact past int32 is an error', () => {
  const a = eo.pixelmask.create(16, 4), b = eo.pixelmask.create(16, 4);
  for (let y = 0; y < 4; y++) for (let x = 0; x < 16; x++) { a.set(x, y, true); b.set(x, y, true); }
  assert.equal(eo.pixelmask.overlap(a, MAX - 3, 0, b, MIN, 0), false);
  assert.equal(eo.pixelmask.overlap(a, MAX - 3, 0, b, MAX - 10, 0), true);
  assert.deepEqual(eo.pixelmask.firstContact(a, 1000000, -1000000, b, 1000005, -999999), { x: 1000005, y: -999999 });
  a.set(0, 0, false); a.set(0, 1, false); a.set(0, 2, false); a.set(0, 3, false);
  assert.throws(() => eo.pixelmask.firstContact(a, MAX, 0, b, MAX, 0), (e) => e instanceof EarlyoutError && e.code === 'EO_ERR_BAD_ARGUMENT');
  a.dispose();
  b.dispose();
});
