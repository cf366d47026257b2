// Point, region and segment queries (eo.query, grid / sweeper queryPoint and queryRegion) and tile
// raycasts (map.raycast) against brute force written here in JS, and their input rules.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEarlyout, EarlyoutError, TILE, TOUCH } from '../../build/wasm/pkg/earlyout.js';

const eo = await loadEarlyout();

function rng(seed) {
  let s = seed >>> 0;
  return (n) => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return Math.floor((s / 2 ** 32) * n); };
}
const code = (c) => (e) => e instanceof EarlyoutError && e.code === c;

function scene(r, n) {
  const boxes = new Int16Array(4 * n), layers = new Uint16Array(2 * n);
  for (let i = 0; i < n; i++) {
    boxes.set([r(256) - 8, r(192) - 8, r(48) - 4, r(40) - 4], 4 * i); // some empty (w or h <= 0)
    layers.set([1 << r(3), r(8)], 2 * i);
  }
  return { boxes, layers };
}
const matches = (layers, filter, i) => !filter || !layers
  ? true : (layers[2 * i] & filter.collidesWith) !== 0 && (filter.category & layers[2 * i + 1]) !== 0;
const wanted = (layers, filter, i) => (filter ? (layers ? matches(layers, filter, i) : true) : true);

function bruteRegion(boxes, layers, filter, rx, ry, rw, rh) {
  const out = [];
  for (let i = 0; i < boxes.length / 4; i++) {
    const [x, y, w, h] = boxes.subarray(4 * i, 4 * i + 4);
    if (w <= 0 || h <= 0 || rw <= 0 || rh <= 0) continue;
    if (x < rx + rw && rx < x + w && y < ry + rh && ry < y + h && wanted(layers, filter, i)) out.push(i);
  }
  return out;
}

test('point and region queries of a grid and a sweeper equal brute force (floats: floor / conservative bounds)', () => {
  const r = rng(7);
  for (let round = 0; round < 60; round++) {
    const n = 1 + r(40);
    const { boxes, layers } = scene(r, n);
    const grid = eo.sectors.create({ worldX: 0, worldY: 0, worldW: 256, worldH: 192, cols: 8, rows: 6, maxObjects: 64, maxEntries: 2000 });
    grid.build(boxes);
    const sw = eo.sweep.create(64);
    sw.findPairs(boxes, round & 1 ? 'y' : 'x');
    for (let q = 0; q < 20; q++) {
      const opts = q % 3 === 0 ? {} : { layers, filter: { category: 1 << r(3), collidesWith: r(8) } };
      const px = r(280) - 12 + r(4) / 4, py = r(210) - 12 + r(4) / 4;
      const pw = Math.floor(px), ph = Math.floor(py);
      const wantP = bruteRegion(boxes, opts.layers, opts.filter, pw, ph, 1, 1);
      assert.deepEqual([...grid.queryPoint(px, py, opts)], wantP, `grid point ${px}, ${py}`);
      assert.deepEqual([...sw.queryPoint(px, py, opts)], wantP, `sweep point ${px}, ${py}`);
      const reg = { x: r(260) - 10 + 0.5, y: r(200) - 10 + 0.25, w: r(60) - 5 + 0.3, h: r(50) - 5 + 0.6 };
      const x0 = Math.floor(reg.x), y0 = Math.floor(reg.y);
      const w1 = reg.w > 0 ? Math.ceil(reg.x + reg.w) - x0 : Math.ceil(reg.w), h1 = reg.h > 0 ? Math.ceil(reg.y + reg.h) - y0 : Math.ceil(reg.h);
      const wantR = bruteRegion(boxes, opts.layers, opts.filter, x0, y0, w1, h1);
      assert.deepEqual([...grid.queryRegion(reg, opts)], wantR, `grid region ${JSON.stringify(reg)}`);
      assert.deepEqual([...sw.queryRegion(reg, opts)], wantR, `sweep region ${JSON.stringify(reg)}`);
    }
    grid.dispose();
    sw.dispose();
  }
});

test('queries with no fitting build, update or findPairs throw EO_ERR_NOT_READY; options are checked', () => {
  const grid = eo.sectors.create({ worldX: 0, worldY: 0, worldW: 256, worldH: 192, cols: 4, rows: 3, maxObjects: 8, maxEntries: 2 });
  const boxes = new Int16Array([0, 0, 200, 150, 10, 10, 4, 4]);
  assert.throws(() => grid.queryPoint(1, 1), code('EO_ERR_NOT_READY'));
  assert.throws(() => eo.query.segmentAll({ x0: 0, y0: 0, x1: 10, y1: 10 }, boxes, { grid }), code('EO_ERR_NOT_READY'));
  assert.throws(() => grid.build(boxes), code('EO_ERR_BUFFER_TOO_SMALL'));
  assert.throws(() => grid.queryRegion({ x: 0, y: 0, w: 5, h: 5 }), code('EO_ERR_NOT_READY'));
  grid.build(new Int16Array([10, 10, 4, 4]));
  assert.deepEqual([...grid.queryPoint(12.9, 13.1)], [0]);
  assert.throws(() => grid.queryPoint(12, 13, { layer: new Uint16Array(2) }), code('EO_JS_BAD_ARGUMENT'));
  assert.throws(() => grid.queryPoint(12, 13, { layers: new Uint16Array(4) }), code('EO_JS_BAD_ARGUMENT'));
  assert.throws(() => grid.queryPoint(12, 13, { filter: { category: 1 } }), code('EO_JS_BAD_ARGUMENT'));
  assert.throws(() => grid.queryPoint(NaN, 13), code('EO_JS_BAD_ARGUMENT'));
  assert.throws(() => grid.queryPoint(3e9, 13), code('EO_JS_BAD_ARGUMENT'));
  assert.deepEqual([...grid.queryPoint(12, 13, Object.create({ layers: new Uint16Array(99) }))], [0], 'inherited options are ignored');
  const sw = eo.sweep.create(4);
  assert.throws(() => sw.queryPoint(1, 1), code('EO_ERR_NOT_READY'));
  sw.findPairs(new Int16Array([0, 0, 4, 4]));
  assert.deepEqual([...sw.queryPoint(3, 3)], [0]);
  assert.throws(() => eo.query.segmentFirst({ x0: 0, y0: 0, x1: 1 }, boxes), code('EO_JS_BAD_ARGUMENT'));
  assert.throws(() => eo.query.segmentFirst({ x0: 0, y0: 0, x1: 1, y1: 2 }, boxes, { grid: {} }), code('EO_JS_BAD_ARGUMENT'));
  assert.throws(() => eo.query.segmentFirst({ x0: 0, y0: 0, x1: 1, y1: 2 }, boxes, { grid }), code('EO_JS_BAD_ARGUMENT'), 'a grid of other boxes');
  grid.dispose();
  assert.throws(() => eo.query.segmentFirst({ x0: 0, y0: 0, x1: 1, y1: 2 }, boxes.subarray(0, 4), { grid }), code('EO_JS_DISPOSED'), 'a disposed grid');
  assert.throws(() => grid.queryPoint(1, 1), code('EO_JS_DISPOSED'));
  sw.dispose();
  assert.throws(() => sw.queryPoint(1, 1), code('EO_JS_DISPOSED'));
});

// ---- segments: the supercover walk written from query.h's rules, with exact fractions ----------
const lt = (a, b) => a[0] * b[1] < b[0] * a[1];
const eq = (a, b) => a[0] * b[1] === b[0] * a[1];
const floorDiv = (a, b) => Math.floor(a / b); // small integers: exact

/** Every pixel the walk visits (scale 1) or every tile (pixels floored by `size`), with the t it is entered at. */
function walk(s, size = 1) {
  const dx = s.x1 - s.x0, dy = s.y1 - s.y0;
  const ts = [[0, 1], [1, 1]];
  if (dx !== 0) for (let k = Math.min(s.x0, s.x1); k <= Math.max(s.x0, s.x1); k += 1) if (k % size === 0) ts.push([(k - s.x0) * Math.sign(dx), Math.abs(dx)]);
  if (dy !== 0) for (let k = Math.min(s.y0, s.y1); k <= Math.max(s.y0, s.y1); k += 1) if (k % size === 0) ts.push([(k - s.y0) * Math.sign(dy), Math.abs(dy)]);
  ts.sort((a, b) => a[0] * b[1] - b[0] * a[1]);
  const uniq = ts.filter((t, i) => i === 0 || !eq(t, ts[i - 1]));
  const at = ([num, den]) => [floorDiv(floorDiv(s.x0 * den + dx * num, den), size), floorDiv(floorDiv(s.y0 * den + dy * num, den), size)];
  const seen = new Map();
  const visit = (p, t) => { const k = p.join(); const o = seen.get(k); if (!o || lt(t, o.t)) seen.set(k, { p, t }); };
  for (let i = 0; i < uniq.length; i++) {
    const t = uniq[i];
    const here = at(t);
    visit(here, t);
    const before = i > 0 ? at([uniq[i - 1][0] * t[1] + t[0] * uniq[i - 1][1], 2 * t[1] * uniq[i - 1][1]]) : here;
    const after = i + 1 < uniq.length ? at([uniq[i + 1][0] * t[1] + t[0] * uniq[i + 1][1], 2 * t[1] * uniq[i + 1][1]]) : here;
    if (i + 1 < uniq.length) visit(after, t);
    if (before[0] !== after[0] && before[1] !== after[1]) { visit([after[0], before[1]], t); visit([before[0], after[1]], t); }
  }
  return seen;
}

function bruteSegment(s, boxes, layers, filter) {
  const pixels = [...walk(s).values()];
  const hits = [];
  for (let i = 0; i < boxes.length / 4; i++) {
    const [x, y, w, h] = boxes.subarray(4 * i, 4 * i + 4);
    if (w <= 0 || h <= 0 || !wanted(layers, filter, i)) continue;
    let best = null;
    for (const { p, t } of pixels) if (p[0] >= x && p[0] < x + w && p[1] >= y && p[1] < y + h && (!best || lt(t, best))) best = t;
    if (best) hits.push({ index: i, t: best });
  }
  return { hits, pixels: walk(s) };
}

test('segmentAll / segmentFirst equal a brute-force supercover walk (with and without a grid, with filters)', () => {
  const r = rng(11);
  for (let round = 0; round < 80; round++) {
    const n = 1 + r(30);
    const { boxes, layers } = scene(r, n);
    const grid = eo.sectors.create({ worldX: 0, worldY: 0, worldW: 256, worldH: 192, cols: 8, rows: 6, maxObjects: 64, maxEntries: 2000 });
    grid.build(boxes);
    for (let q = 0; q < 10; q++) {
      const s = { x0: r(280) - 12, y0: r(210) - 12, x1: r(280) - 12, y1: r(210) - 12 };
      if (q === 0) s.y1 = s.y0;                      // horizontal
      if (q === 1) { s.x1 = s.x0 + 20; s.y1 = s.y0 + 20; } // through pixel corners
      const opts = q % 2 === 0 ? {} : { layers, filter: { category: 1 << r(3), collidesWith: r(8) } };
      const { hits: want, pixels } = bruteSegment(s, boxes, opts.layers, opts.filter);
      const got = eo.query.segmentAll({ x0: s.x0 + 0.75, y0: s.y0 + 0.5, x1: s.x1 + 0.25, y1: s.y1 }, boxes, opts); // floats: floored
      const viaGrid = eo.query.segmentAll(s, boxes, { ...opts, grid });
      assert.deepEqual(viaGrid, got, 'the grid changes nothing');
      assert.deepEqual(got.map((h) => h.index).sort((a, b) => a - b), want.map((h) => h.index), `hit set of ${JSON.stringify(s)}`);
      for (let k = 0; k < got.length; k++) {
        const h = got[k], w = want.find((o) => o.index === h.index);
        assert.ok(eq([h.tNum, h.tDen], w.t), `t of box ${h.index}`);
        assert.equal(h.t, h.tNum / h.tDen);
        const [bx, by, bw, bh] = boxes.subarray(4 * h.index, 4 * h.index + 4);
        assert.ok(h.x >= bx && h.x < bx + bw && h.y >= by && h.y < by + bh, 'the hit pixel is in the box');
        const px = pixels.get(`${h.x},${h.y}`);
        assert.ok(px && eq(px.t, w.t), 'the hit pixel is visited at t');
        if (k > 0) {
          const p = got[k - 1];
          assert.ok(lt([p.tNum, p.tDen], [h.tNum, h.tDen]) || (eq([p.tNum, p.tDen], [h.tNum, h.tDen]) && p.index < h.index), 'order: t, then index');
        }
      }
      const first = eo.query.segmentFirst(s, boxes, opts);
      assert.deepEqual(first, got.length ? got[0] : null);
    }
    grid.dispose();
  }
});

test('map.raycast equals a brute-force tile walk: first solid tile, its t, and the tiles visited', () => {
  const r = rng(5);
  for (let round = 0; round < 40; round++) {
    const width = 12, height = 10, size = 8;
    const cells = new Uint8Array(width * height);
    for (let i = 0; i < cells.length; i++) cells[i] = r(6) === 0 ? TILE.SOLID : TILE.EMPTY;
    const map = eo.tiles.createMap({ width, height, tileSize: size, outside: 'empty', cells });
    for (let q = 0; q < 15; q++) {
      const s = { x0: r(width * size), y0: r(height * size), x1: r(width * size), y1: r(height * size) };
      if (q === 0) { s.x1 = s.x0 + 16; s.y1 = s.y0 + 16; }
      const tiles = walk(s, size);
      const inside = (p) => p[0] >= 0 && p[0] < width && p[1] >= 0 && p[1] < height; // outside: 'empty'
      const solid = [...tiles.values()].filter(({ p }) => inside(p) && cells[p[1] * width + p[0]] === TILE.SOLID);
      let first = null;
      for (const o of solid) if (!first || lt(o.t, first.t)) first = o;
      const got = map.raycast({ x0: s.x0 + 0.9, y0: s.y0, x1: s.x1, y1: s.y1 + 0.5 }, { visits: true });
      assert.equal(got.hit, first !== null, `hit of ${JSON.stringify(s)}`);
      if (first) {
        assert.ok(eq([got.tNum, got.tDen], first.t), 't of the first solid tile');
        assert.equal(cells[got.row * width + got.col], TILE.SOLID);
        assert.equal(got.col, Math.floor(got.x / size));
        assert.equal(got.row, Math.floor(got.y / size));
        assert.equal(got.attr, TILE.SOLID);
      }
      const listed = new Set(got.visits.map((v) => `${v.col},${v.row}`));
      assert.equal(listed.size, got.visits.length, 'each tile once');
      for (const { p, t } of tiles.values()) {
        const k = p.join();
        if (!first || lt(t, first.t)) assert.ok(listed.has(k), `tile ${k} visited before the hit`);
        else if (lt(first.t, t)) assert.ok(!listed.has(k), `tile ${k} is past the hit`);
      }
      for (const v of got.visits) assert.ok(tiles.has(`${v.col},${v.row}`), 'a visit is a tile of the walk');
      const plain = map.raycast(s);
      assert.equal(plain.visits, undefined);
      assert.equal(map.raycast(s, { block: TOUCH.LADDER }).hit, false, 'nothing but solid tiles here');
    }
    assert.throws(() => map.raycast({ x0: 0, y0: 0, x1: 5, y1: 5 }, { blocks: 1 }), code('EO_JS_BAD_ARGUMENT'));
    assert.throws(() => map.raycast({ x0: 0, y0: 0, x1: Infinity, y1: 5 }), code('EO_JS_BAD_ARGUMENT'));
    map.dispose();
  }
});
