// The binding fuzzed with valid input (fast-check): every answer equals the independent oracle in
// ./oracle.mjs (brute-force box, pixel and tile loops), whatever container the boxes come in, and
// after each case the module is as before: heapUsed() at its baseline, a known-good call right.
//   JSFUZZ_SEED (default 1) and JSFUZZ_RUNS (default 60 per property) set the campaign.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { loadEarlyout, EarlyoutError, LAYOUT_8, LAYOUT_16, LAYOUT_32, TILE, TOUCH } from '../../build/wasm/pkg/earlyout.js';
import * as O from './oracle.mjs';
import { fastModule, settle, runs } from './harness.mjs';

const eo = await fastModule(loadEarlyout);
const traced = await loadEarlyout({ traced: true });

// ---- generators ------------------------------------------------------------------------------
const C = 30000; // valid world coordinates stay within +-30,000
const coord = fc.oneof(fc.integer({ min: -C, max: C }), fc.integer({ min: -40, max: 120 })); // spread out, or crowded
const size = fc.oneof(fc.integer({ min: 1, max: 64 }), fc.integer({ min: -3, max: 600 }));
const intBox = fc.record({ x: coord, y: coord, w: size, h: size });
const floatBox = fc.record({
  x: fc.double({ min: -C, max: C, noNaN: true }), y: fc.double({ min: -C, max: C, noNaN: true }),
  w: fc.double({ min: -2, max: 500, noNaN: true }), h: fc.double({ min: -2, max: 500, noNaN: true }),
});
const crowdedFloat = fc.record({
  x: fc.double({ min: -20, max: 60, noNaN: true }), y: fc.double({ min: -20, max: 60, noNaN: true }),
  w: fc.double({ min: 0, max: 30, noNaN: true }), h: fc.double({ min: 0, max: 30, noNaN: true }),
});
const KINDS = ['array', 'Int16Array', 'Int32Array', 'Float32Array', 'Float64Array', 'proxy', 'liar'];
/** x, y, w, h per box in the container `kind`; 'liar' is an Int16Array subclass whose length lies. */
function container(kind, boxes) {
  const flat = boxes.flatMap((b) => [b.x, b.y, b.w, b.h]);
  switch (kind) {
    case 'array': return flat;
    case 'proxy': return new Proxy(flat, {});
    case 'liar': {
      class Liar extends Int16Array { get length() { return 3; } }
      return Liar.from(flat);
    }
    default: return globalThis[kind].from(flat);
  }
}
/** The boxes as a container of `kind` holds them (Float32Array rounds, integer arrays truncate). */
function asStored(kind, boxes) {
  if (kind === 'Float32Array') return boxes.map((b) => ({ x: Math.fround(b.x), y: Math.fround(b.y), w: Math.fround(b.w), h: Math.fround(b.h) }));
  if (kind === 'Int16Array' || kind === 'liar' || kind === 'Int32Array') return boxes.map((b) => ({ x: Math.trunc(b.x), y: Math.trunc(b.y), w: Math.trunc(b.w), h: Math.trunc(b.h) }));
  return boxes;
}
const boxSet = (arb, max = 40) => fc.array(arb, { maxLength: max });
const layersOf = (n) => fc.array(fc.integer({ min: 0, max: 7 }), { minLength: 2 * n, maxLength: 2 * n }).map((a) => Uint16Array.from(a));

function prop(name, arb, body, k = 1) {
  test(name, () => {
    fc.assert(fc.property(arb, (v) => { body(v); settle(eo); settle(traced); }), runs(k));
  });
}

// ---- broadphase --------------------------------------------------------------------------------
prop('aabb.overlap equals the box oracle, both orders, ints and floats', fc.tuple(fc.oneof(intBox, floatBox, crowdedFloat), fc.oneof(intBox, crowdedFloat), fc.constantFrom(undefined, 'x-first', 'y-first')), ([a, b, order]) => {
  const r = eo.aabb.overlap(a, b, order);
  assert.equal(r.overlap, O.overlaps(O.bounds(a), O.bounds(b)), JSON.stringify([a, b]));
  assert.ok(r.comparisons >= 0 && r.comparisons <= 4);
  // the documented guarantee: a float overlap is always reported
  if (a.w > 0 && b.w > 0 && a.h > 0 && b.h > 0 && a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h) assert.ok(r.overlap);
  assert.deepEqual(traced.aabb.overlap(a, b, order), r, 'the traced module answers the same');
}, 4);

prop('aabb.findPairs and chooseOrder equal brute force in every container', fc.tuple(fc.constantFrom(...KINDS), boxSet(fc.oneof(intBox, crowdedFloat)), fc.constantFrom(undefined, 'x-first', 'y-first')), ([kind, boxes, order]) => {
  const want = O.allPairs(asStored(kind, boxes).map(kind === 'Int16Array' || kind === 'liar' ? (b) => b : O.bounds));
  const r = eo.aabb.findPairs(container(kind, boxes), order);
  assert.deepEqual(O.pairSet(r.pairs, r.count), want);
  const n = boxes.length;
  if (n >= 2) {
    const c = eo.aabb.chooseOrder(container(kind, boxes));
    assert.ok(c.order === 'x-first' || c.order === 'y-first');
    assert.ok(c.pairsSampled >= 1 && c.pairsSampled <= (n * (n - 1)) / 2, `pairsSampled ${c.pairsSampled} of ${n} boxes`);
    if (c.comparisonsXFirst !== c.comparisonsYFirst) assert.equal(c.order, c.comparisonsXFirst < c.comparisonsYFirst ? 'x-first' : 'y-first');
  }
}, 2);

prop('circle.overlap equals the distance oracle', fc.tuple(
  fc.record({ x: fc.integer({ min: -C, max: C }), y: fc.integer({ min: -C, max: C }), r: fc.integer({ min: 0, max: 16383 }) }),
  fc.record({ x: fc.integer({ min: -200, max: 200 }), y: fc.integer({ min: -200, max: 200 }), r: fc.integer({ min: 0, max: 300 }) }),
  fc.constantFrom('near', 'far', 'touch'), fc.integer({ min: 1, max: 3000 }), fc.integer({ min: -1, max: 1 })), ([a, d, mode, k, nudge]) => {
  // touch: 3-4-5 triangles put the centres exactly r_a + r_b apart (give or take one)
  const b = mode === 'near' ? { x: a.x + d.x, y: a.y + d.y, r: d.r }
    : mode === 'far' ? { x: d.x * 150, y: d.y * 150, r: d.r * 54 }
    : { x: a.x + 3 * k, y: a.y - 4 * k, r: Math.max(0, 5 * k - a.r + nudge) };
  if (Math.abs(b.x) > C || Math.abs(b.y) > C || b.r > 16383) return;
  assert.equal(eo.circle.overlap(a, b), O.circlesOverlap(a, b), JSON.stringify([a, b]));
}, 4);

prop('sectors: build / update / findPairs / queries equal brute force, layers too', fc.tuple(
  fc.record({ worldX: fc.integer({ min: -100, max: 100 }), worldY: fc.integer({ min: -100, max: 100 }), worldW: fc.integer({ min: 1, max: 2000 }),
    worldH: fc.integer({ min: 1, max: 2000 }), cols: fc.oneof(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 250, max: 400 })),
    rows: fc.oneof(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 250, max: 400 })) }),
  boxSet(fc.oneof(intBox, crowdedFloat), 30), boxSet(crowdedFloat, 30), fc.integer({ min: -50, max: 150 }), fc.integer({ min: -50, max: 150 }), fc.boolean()),
([cfg, boxes, moved, px, py, useLayers]) => {
  const grid = eo.sectors.create({ ...cfg, maxObjects: 64, maxEntries: 30 * cfg.cols * cfg.rows }); // room for every box everywhere
  try {
    for (const set of [boxes, moved.length === boxes.length ? moved : boxes.map((b, i) => moved[i] ?? b)]) {
      const ib = set.map(O.bounds);
      if (set === boxes) grid.build(Float64Array.from(set.flatMap((b) => [b.x, b.y, b.w, b.h])));
      else grid.update(set.flatMap((b) => [b.x, b.y, b.w, b.h]));
      const layers = useLayers ? fc.sample(layersOf(set.length), { seed: set.length, numRuns: 1 })[0] : undefined;
      const r = grid.findPairs(set.flatMap((b) => [b.x, b.y, b.w, b.h]), layers);
      assert.deepEqual(O.pairSet(r.pairs, r.count), O.allPairs(ib, layers ? O.layerAccept(layers) : undefined));
      assert.equal(r.stats.pairsFound, r.count);
      for (let k = 0; k < r.count; k++) assert.ok(r.pairs[2 * k] < r.pairs[2 * k + 1], 'pairs come as a < b');
      // ranges: the sectors each box covers, clamped to the edge sectors; 0xFFFF for an empty box
      const cw = Math.ceil(cfg.worldW / cfg.cols), ch = Math.ceil(cfg.worldH / cfg.rows);
      const clamp = (v, n) => Math.min(Math.max(v, 0), n - 1);
      const want = ib.flatMap((b) => b.w <= 0 || b.h <= 0 ? [0xffff, 0xffff, 0xffff, 0xffff] : [
        clamp(Math.floor((b.x - cfg.worldX) / cw), cfg.cols), clamp(Math.floor((b.x + b.w - 1 - cfg.worldX) / cw), cfg.cols),
        clamp(Math.floor((b.y - cfg.worldY) / ch), cfg.rows), clamp(Math.floor((b.y + b.h - 1 - cfg.worldY) / ch), cfg.rows)]);
      assert.deepEqual([...grid.ranges()], want, 'sector ranges');
      const pt = [...grid.queryPoint(px, py)].sort((a, b) => a - b);
      assert.deepEqual(pt, ib.map((b, i) => (O.containsPixel(b, px, py) ? i : -1)).filter((i) => i >= 0));
      const region = { x: px, y: py, w: 17, h: 9 };
      const rg = [...grid.queryRegion(region)].sort((a, b) => a - b);
      assert.deepEqual(rg, ib.map((b, i) => (O.overlaps(b, region) ? i : -1)).filter((i) => i >= 0));
    }
  } finally {
    grid.dispose();
  }
}, 2);

prop('sectors.tune: every row answers the pairs brute force finds', fc.tuple(boxSet(crowdedFloat, 20), fc.array(fc.record({ cols: fc.integer({ min: 1, max: 8 }), rows: fc.integer({ min: 1, max: 8 }) }), { minLength: 1, maxLength: 4 })), ([boxes, configs]) => {
  const t = eo.sectors.tune(boxes.flatMap((b) => [b.x, b.y, b.w, b.h]), configs.map((c) => ({ ...c, worldW: 100, worldH: 100, maxObjects: 32, maxEntries: 4096 })));
  const want = O.allPairs(boxes.map(O.bounds)).length;
  assert.equal(t.rows.length, configs.length);
  for (const row of t.rows) if (!row.error) assert.equal(row.stats.pairsFound, want);
});

prop('sweep: findPairs and its queries equal brute force on both axes', fc.tuple(fc.constantFrom(...KINDS), boxSet(fc.oneof(intBox, crowdedFloat)), fc.constantFrom('x', 'y'), fc.integer({ min: -30, max: 90 }), fc.integer({ min: -30, max: 90 })), ([kind, boxes, axis, px, py]) => {
  const sw = eo.sweep.create(64);
  try {
    const ib = asStored(kind, boxes).map(kind === 'Int16Array' || kind === 'liar' ? (b) => b : O.bounds);
    const r = sw.findPairs(container(kind, boxes), axis);
    assert.deepEqual(O.pairSet(r.pairs, r.count), O.allPairs(ib));
    assert.deepEqual([...sw.queryPoint(px, py)].sort((a, b) => a - b), ib.map((b, i) => (O.containsPixel(b, px, py) ? i : -1)).filter((i) => i >= 0));
  } finally {
    sw.dispose();
  }
}, 2);

const LAYOUTS = [LAYOUT_8, LAYOUT_16, LAYOUT_32];
prop('gridmask: build equals the cell oracle on screen, never eliminates an overlapping pair, and the batch calls agree', fc.tuple(fc.constantFrom(...LAYOUTS), fc.constantFrom('span', 'endpoints'), boxSet(fc.record({ x: fc.integer({ min: -300, max: 1300 }), y: fc.integer({ min: -300, max: 1000 }), w: fc.integer({ min: 1, max: 400 }), h: fc.integer({ min: 1, max: 400 }) }), 24)), ([layout, method, boxes]) => {
  const masks = eo.gridmask.buildMany(layout, method, boxes.flatMap((b) => [b.x, b.y, b.w, b.h]));
  boxes.forEach((b, i) => {
    assert.equal(masks[i], eo.gridmask.build(layout, method, b));
    if (b.x >= 0 && b.y >= 0 && b.x + b.w <= layout.screenW && b.y + b.h <= layout.screenH)
      assert.equal(masks[i], O.gridmaskOf(layout, method, b), `${method} mask of ${JSON.stringify(b)}`);
  });
  const cand = eo.gridmask.findCandidates(layout, masks);
  const want = [];
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const verdict = eo.gridmask.test(layout, masks[i], masks[j]);
      if (verdict === 'maybe') want.push(`${i},${j}`);
      // "maybe" when the answer is "no" is allowed; "apart" when the boxes overlap on screen is not
      const onScreen = [boxes[i], boxes[j]].every((b) => b.x < layout.screenW && b.y < layout.screenH && b.x + b.w > 0 && b.y + b.h > 0);
      if (method === 'span' && onScreen && O.overlaps(boxes[i], boxes[j])) assert.equal(verdict, 'maybe', JSON.stringify([boxes[i], boxes[j]]));
    }
  assert.deepEqual(O.pairSet(cand.pairs, cand.count), want.sort());
  const { cols, rows } = eo.gridmask.cells(layout);
  assert.ok(cols <= layout.bits / 2 && rows <= layout.bits / 2);
});

// ---- segments ------------------------------------------------------------------------------------
prop('query.segmentAll / segmentFirst: consistent with and without a grid, hits inside their boxes, in order', fc.tuple(boxSet(fc.record({ x: fc.integer({ min: -50, max: 150 }), y: fc.integer({ min: -50, max: 150 }), w: fc.integer({ min: 1, max: 40 }), h: fc.integer({ min: 1, max: 40 }) }), 20), fc.record({ x0: fc.integer({ min: -80, max: 180 }), y0: fc.integer({ min: -80, max: 180 }), x1: fc.integer({ min: -80, max: 180 }), y1: fc.integer({ min: -80, max: 180 }) })), ([boxes, seg]) => {
  const flat = boxes.flatMap((b) => [b.x, b.y, b.w, b.h]);
  const all = eo.query.segmentAll(seg, flat);
  const grid = eo.sectors.create({ worldX: -100, worldY: -100, worldW: 400, worldH: 400, cols: 5, rows: 5, maxObjects: 64, maxEntries: 4096 });
  try {
    grid.build(flat);
    assert.deepEqual(eo.query.segmentAll(seg, flat, { grid }), all);
  } finally {
    grid.dispose();
  }
  const first = eo.query.segmentFirst(seg, flat);
  assert.deepEqual(first, all[0] ?? null);
  for (let k = 0; k < all.length; k++) {
    const h = all[k];
    assert.ok(O.containsPixel(boxes[h.index], h.x, h.y), `hit ${JSON.stringify(h)} outside box ${JSON.stringify(boxes[h.index])}`);
    assert.equal(h.t, h.tNum / h.tDen);
    if (k) assert.ok(all[k - 1].t < h.t || (all[k - 1].t === h.t && all[k - 1].index < h.index));
    if (h.face === 0) assert.ok(O.containsPixel(boxes[h.index], seg.x0, seg.y0), 'face 0: the segment starts inside');
  }
  // a box holding the start pixel is always hit, at t = 0
  boxes.forEach((b, i) => { if (O.containsPixel(b, seg.x0, seg.y0)) assert.ok(all.some((h) => h.index === i && h.t === 0), `box ${i} holds the start`); });
});

// ---- pixel masks ------------------------------------------------------------------------------
const maskArb = fc.record({ w: fc.integer({ min: 1, max: 40 }), h: fc.integer({ min: 1, max: 24 }), density: fc.integer({ min: 0, max: 100 }), seed: fc.integer() })
  .map(({ w, h, density, seed }) => {
    let s = seed | 1;
    const bits = new Uint8Array(w * h).map(() => { s ^= s << 13; s ^= s >>> 17; s ^= s << 5; return (s >>> 0) % 100 < density ? 1 : 0; });
    return { w, h, bits };
  });
const place = fc.integer({ min: -45, max: 45 });

function makeMask(m, how) {
  if (how === 'indices') return eo.pixelmask.fromIndices(Uint8Array.from(m.bits, (b, i) => (b ? 1 + (i % 200) : 0)), m.w, m.h);
  if (how === 'image') {
    const data = new Uint8ClampedArray(m.w * m.h * 4);
    m.bits.forEach((b, i) => { data[4 * i + 3] = b ? 128 + (i % 128) : i % 128; data[4 * i] = 255; });
    return eo.pixelmask.fromImageData({ width: m.w, height: m.h, data }, 128);
  }
  const p = eo.pixelmask.create(m.w, m.h);
  m.bits.forEach((b, i) => { if (b) p.set(i % m.w, Math.floor(i / m.w), true); });
  return p;
}

prop('pixelmask: overlap, area, firstContact, the reference and overlapMany equal the pixel loop', fc.tuple(maskArb, maskArb, place, place, place, place, fc.constantFrom('set', 'indices', 'image'), fc.double({ min: 0, max: 0.999, noNaN: true })), ([ma, mb, ax, ay, bx, by, how, frac]) => {
  const a = makeMask(ma, how), b = makeMask(mb, 'set');
  try {
    for (let i = 0; i < ma.bits.length; i++) assert.equal(a.get(i % ma.w, Math.floor(i / ma.w)), ma.bits[i] === 1);
    assert.equal(a.width, ma.w);
    const hits = O.maskPairs(ma, ax, ay, mb, bx, by);
    const fx = ax + frac; // placements are floored
    assert.equal(eo.pixelmask.overlap(a, fx, ay, b, bx, by), hits.length > 0);
    assert.equal(eo.pixelmask.overlapReference(a, ax, ay, b, bx, by), hits.length > 0);
    assert.equal(eo.pixelmask.area(a, ax, ay, b, bx, by), hits.length);
    assert.deepEqual(eo.pixelmask.firstContact(a, ax, ay, b, bx, by), hits[0] ?? null);
    assert.deepEqual(eo.pixelmask.overlapRect({ x: ax, y: ay, w: ma.w, h: ma.h }, { x: bx, y: by, w: mb.w, h: mb.h }),
      O.overlapRect({ x: ax, y: ay, w: ma.w, h: ma.h }, { x: bx, y: by, w: mb.w, h: mb.h }));
    const contacts = new Int32Array(4);
    const many = eo.pixelmask.overlapMany([a, b], new Int16Array([ax, ay, bx, by]), new Uint16Array([0, 1, 1, 0]), { contacts });
    assert.deepEqual([...many], [hits.length > 0 ? 1 : 0, hits.length > 0 ? 1 : 0]);
    if (hits.length) assert.deepEqual([contacts[0], contacts[1]], [hits[0].x, hits[0].y]);
  } finally {
    a.dispose();
    b.dispose();
  }
}, 2);

// ---- tile maps --------------------------------------------------------------------------------
const mapArb = fc.record({
  width: fc.integer({ min: 1, max: 12 }), height: fc.integer({ min: 1, max: 10 }), tileSize: fc.constantFrom(8, 16, 32),
  outside: fc.constantFrom('solid', 'empty', 'open-top'), solid: fc.integer({ min: 0, max: 40 }), seed: fc.integer(), rowTable: fc.boolean(),
}).map((m) => {
  let s = m.seed | 1;
  const cells = new Uint8Array(m.width * m.height).map(() => { s ^= s << 13; s ^= s >>> 17; s ^= s << 5; const v = (s >>> 0) % 100; return v < m.solid ? (v % 4 ? 7 : 8) : 9; });
  const attrs = new Uint8Array(256);
  attrs[7] = TILE.SOLID; attrs[8] = TILE.SOLID_HAZARD; // game ids 7 and 8: solid (a spike block is solid too), 9 empty
  return { width: m.width, height: m.height, tileSize: m.tileSize, outside: m.outside, rowTable: m.rowTable, cells, attrs };
});

prop('tiles: lookups equal the map oracle', fc.tuple(mapArb, fc.integer({ min: -3, max: 14 }), fc.integer({ min: -3, max: 12 }), fc.double({ min: -100, max: 500, noNaN: true }), fc.double({ min: -100, max: 400, noNaN: true })), ([m, col, row, px, py]) => {
  const map = eo.tiles.createMap(m);
  try {
    const inside = col >= 0 && row >= 0 && col < m.width && row < m.height;
    assert.equal(map.attrAt(col, row), O.attrAt(m, col, row), `attrAt(${col}, ${row})`);
    assert.equal(map.index(col, row), inside ? row * m.width + col : null);
    if (inside) assert.equal(map.getCell(col, row), m.cells[row * m.width + col]);
    const [c, r] = [Math.floor(Math.floor(px) / m.tileSize) + 0, Math.floor(Math.floor(py) / m.tileSize) + 0]; // never -0
    assert.equal(map.tileOf(px), c);
    assert.equal(map.attrAtPixel(px, py), O.attrAt(m, c, r));
    assert.equal(map.pixelSolid(px, py), O.solidAttr(O.attrAt(m, c, r)));
    assert.deepEqual([...map.cells()], [...m.cells]);
    for (const mode of ['edges', 'corners']) {
      const x0 = Math.floor(px), y0 = Math.floor(py), w = 3 * m.tileSize + 1, h = 7;
      const pr = map.probe({ x: px, y: py, w, h }, mode);
      for (const p of pr.points) {
        assert.ok(p.x === x0 || p.x === x0 + w - 1 || p.y === y0 || p.y === y0 + h - 1, `probe point ${p.x}, ${p.y} not on the box's edge`);
        assert.deepEqual([p.col, p.row], [Math.floor(p.x / m.tileSize), Math.floor(p.y / m.tileSize)]);
        assert.equal(p.attr, O.attrAt(m, p.col, p.row));
      }
      if (mode === 'edges') { // every tile column and row the box spans is probed
        const cols = new Set(pr.points.map((p) => p.col)), rows = new Set(pr.points.map((p) => p.row));
        for (let c = Math.floor(x0 / m.tileSize); c <= Math.floor((x0 + w - 1) / m.tileSize); c++) assert.ok(cols.has(c), `column ${c} not probed`);
        for (let r = Math.floor(y0 / m.tileSize); r <= Math.floor((y0 + h - 1) / m.tileSize); r++) assert.ok(rows.has(r), `row ${r} not probed`);
      } else assert.equal(pr.points.length, 4);
    }
    const t = map.touching({ x: px, y: py, w: 5, h: 5 });
    assert.equal((t.touching & 1) !== 0, O.boxSolid(m, Math.floor(px), Math.floor(py), 5, 5));
  } finally {
    map.dispose();
  }
}, 2);

/** A w x h box on the map that touches no solid tile, found by scanning the map from `at`; null if none. */
function freeStart(m, w, h, at) {
  const W = m.width * m.tileSize, H = m.height * m.tileSize;
  for (let k = 0; k < W * H; k += 3) {
    const p = (at * 7 + k) % (W * H), x = p % W, y = Math.floor(p / W);
    if (x + w <= W && y + h <= H && !O.boxSolid(m, x, y, w, h)) return { x, y, w, h };
  }
  return null;
}

prop('tiles.move equals the pixel-by-pixel mover; moveMany and the traced module agree', fc.tuple(mapArb, fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 20 }), fc.integer({ min: -400, max: 400 }), fc.integer({ min: -400, max: 400 }), fc.integer({ min: 0, max: 1000 })), ([m, w, h, dx, dy, at]) => {
  const map = eo.tiles.createMap(m);
  const tmap = traced.tiles.createMap(m);
  try {
    const start = freeStart(m, w, h, at);
    if (!start) return;
    const want = O.moveByPixels(m, start, dx, dy);
    const r = map.move(start, dx, dy);
    assert.deepEqual([r.box.x, r.box.y], [want.x, want.y], `move ${JSON.stringify(start)} by ${dx}, ${dy}`);
    assert.equal((r.hit & 1) !== 0, want.hitX < 0, 'hit left');
    assert.equal((r.hit & 2) !== 0, want.hitX > 0, 'hit right');
    assert.equal((r.hit & 4) !== 0, want.hitY < 0, 'hit top');
    assert.equal((r.hit & 8) !== 0, want.hitY > 0, 'hit bottom');
    assert.deepEqual(tmap.move(start, dx, dy), r);
    const boxes = new Int16Array([start.x, start.y, w, h]);
    const out = map.moveMany(boxes, new Int16Array([dx, dy]));
    assert.deepEqual([boxes[0], boxes[1]], [want.x, want.y]);
    assert.deepEqual([out.count, out.hit[0], out.touching[0], out.below[0], out.onGround[0]], [1, r.hit, r.touching, r.below, r.onGround ? 1 : 0]);
    const mover = eo.tiles.createMover({ ...start, x: start.x + 0.25 });
    map.move(mover, dx, dy);
    assert.equal(Math.floor(mover.x), want.x);
  } finally {
    map.dispose();
    tmap.dispose();
  }
}, 2);

prop('tiles.sweep equals the pixel-by-pixel staircase, with and without slide; the traced module agrees', fc.tuple(mapArb, fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 20 }), fc.integer({ min: -400, max: 400 }), fc.integer({ min: -400, max: 400 }), fc.integer({ min: 0, max: 1000 }), fc.boolean()), ([m, w, h, dx, dy, at, slide]) => {
  const map = eo.tiles.createMap(m);
  const tmap = traced.tiles.createMap(m);
  try {
    const start = freeStart(m, w, h, at);
    if (!start) return;
    const want = O.sweepByPixels(m, start, dx, dy, slide);
    const r = map.sweep(start, dx, dy, { slide });
    assert.deepEqual([r.box.x, r.box.y], [want.x, want.y], `sweep ${JSON.stringify(start)} by ${dx}, ${dy}, slide ${slide}`);
    assert.equal(r.hit, (want.hitX < 0 ? 1 : 0) | (want.hitX > 0 ? 2 : 0) | (want.hitY < 0 ? 4 : 0) | (want.hitY > 0 ? 8 : 0));
    assert.deepEqual([r.movedX, r.movedY], [want.x - start.x, want.y - start.y]);
    assert.deepEqual(tmap.sweep(start, dx, dy, { slide }), r);
    const mover = eo.tiles.createMover({ ...start, x: start.x + 0.25 });
    map.sweep(mover, dx, dy, { slide });
    assert.equal(Math.floor(mover.x), O.sweepByPixels(m, start, Math.floor(0.25 + dx), dy, slide).x);
  } finally {
    map.dispose();
    tmap.dispose();
  }
}, 2);

prop('tiles.moveCharacter never ends in a wall; in the air it is the sweep, on the ground with reach always the walk; traced agrees', fc.tuple(mapArb, fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 20 }), fc.integer({ min: -200, max: 200 }), fc.integer({ min: -200, max: 200 }), fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 4 }), fc.oneof(fc.constant('always'), fc.integer({ min: 0, max: 40 }))), ([m, w, h, dx, dy, at, maxStep, reach]) => {
  const map = eo.tiles.createMap(m);
  const tmap = traced.tiles.createMap(m);
  try {
    const start = freeStart(m, w, h, at);
    if (!start) return;
    const r = map.moveCharacter(start, dx, dy, maxStep, { reach });
    assert.ok(!O.boxSolid(m, r.box.x, r.box.y, w, h), `moveCharacter ${JSON.stringify(start)} by ${dx}, ${dy} ends in a wall`);
    assert.deepEqual([r.movedX, r.movedY], [r.box.x - start.x, r.box.y - start.y]);
    assert.deepEqual(tmap.moveCharacter(start, dx, dy, maxStep, { reach }), r);
    const grounded = map.move(start, 0, 1, { positionOnly: true }).hit !== 0;
    if (!grounded && !r.landed) {
      // never touched the ground: the sweep, and what stopped it slides as the header says
      const s = map.sweep(start, dx, dy);
      if (s.hit === 0) assert.deepEqual([r.box.x, r.box.y, r.hit], [s.box.x, s.box.y, 0]);
    }
    if (grounded && dy >= 0 && reach === 'always') {
      const wk = map.walk(start, dx, maxStep);
      assert.deepEqual([r.box.x, r.box.y, r.hit, r.launched], [wk.box.x, wk.box.y, wk.hit, false], 'on the ground it walks');
    }
    if (r.onGround && !r.launched) assert.equal(r.slope, map.boxGround(r.box, 'every')?.slope ?? 0);
  } finally {
    map.dispose();
    tmap.dispose();
  }
}, 2);

prop('tiles: raycast stops on the first solid tile it crosses; walk / walkMany agree', fc.tuple(mapArb, fc.record({ x0: fc.integer({ min: -20, max: 400 }), y0: fc.integer({ min: -20, max: 330 }), x1: fc.integer({ min: -20, max: 400 }), y1: fc.integer({ min: -20, max: 330 }) }), fc.integer({ min: -60, max: 60 })), ([m, seg, dx]) => {
  const map = eo.tiles.createMap(m);
  try {
    const r = map.raycast(seg, { visits: true });
    if (r.hit) {
      assert.ok(O.solidAttr(O.attrAt(m, r.col, r.row)), `hit a non-solid tile ${r.col}, ${r.row}`);
      assert.equal(r.t, r.tNum / r.tDen);
      assert.equal(Math.floor(r.x / m.tileSize), r.col);
      assert.equal(Math.floor(r.y / m.tileSize), r.row);
    }
    for (const v of r.visits.slice(0, -1)) assert.ok(!O.solidAttr(O.attrAt(m, v.col, v.row)), 'a visited tile before the hit is solid');
    const b = { x: seg.x0, y: seg.y0, w: 6, h: 6 };
    if (!O.boxSolid(m, b.x, b.y, 6, 6)) {
      const one = map.walk(b, dx, 4);
      const boxes = new Float64Array([b.x, b.y, 6, 6]);
      map.walkMany(boxes, new Float64Array([dx]), 4);
      assert.deepEqual([boxes[0], boxes[1]], [one.box.x + one.remainderX, one.box.y + one.remainderY]);
    }
  } finally {
    map.dispose();
  }
}, 2);

// The tile kinds of issue 11: spike blocks, ladders and ladder tops, half tiles, one-way platforms,
// one-way halves and one-way 45-degree slopes, against the pixel oracle (oracle.mjs).
const KIND_ATTRS = [0, 0, 0, 0, 1, 6, 7, 3, 8, 9, 10, 2, 136, 137];
const kindsMapArb = fc.record({
  width: fc.integer({ min: 1, max: 10 }), height: fc.integer({ min: 1, max: 8 }), tileSize: fc.constantFrom(8, 16),
  outside: fc.constantFrom('solid', 'empty', 'open-top'), picks: fc.array(fc.nat(KIND_ATTRS.length - 1), { minLength: 80, maxLength: 80 }),
}).map((m) => {
  const attrs = new Uint8Array(256);
  for (const a of KIND_ATTRS) attrs[a] = a; // each kind its own tile id
  const cells = Uint8Array.from({ length: m.width * m.height }, (_, i) => KIND_ATTRS[m.picks[i % 80]]);
  return { width: m.width, height: m.height, tileSize: m.tileSize, outside: m.outside, cells, attrs };
});

/** A box overlapping no solid pixel, found by scanning from `at`; null if none. */
function kindFreeStart(m, w, h, at) {
  const W = m.width * m.tileSize, H = m.height * m.tileSize;
  for (let k = 0; k < W * H; k += 5) {
    const p = (at * 7 + k) % (W * H), x = p % W, y = Math.floor(p / W);
    let free = x + w <= W && y + h <= H;
    for (let j = 0; j < h && free; j++) for (let i = 0; i < w && free; i++) free = !O.kindSolidPixel(m, x + i, y + j);
    if (free) return { x, y, w, h };
  }
  return null;
}

prop('tiles: spike blocks, ladder tops, half tiles, one-way halves and one-way slopes move, sweep and read as the pixel oracle says', fc.tuple(kindsMapArb, fc.integer({ min: 1, max: 14 }), fc.integer({ min: 1, max: 14 }), fc.integer({ min: -100, max: 100 }), fc.integer({ min: -100, max: 100 }), fc.integer({ min: 0, max: 1000 }), fc.boolean(), fc.boolean()), ([m, w, h, dx, dy, at, drop, slide]) => {
  const map = eo.tiles.createMap(m);
  try {
    const start = kindFreeStart(m, w, h, at);
    if (!start) return;
    const hitOf = (r) => (r.hitX < 0 ? 1 : 0) | (r.hitX > 0 ? 2 : 0) | (r.hitY < 0 ? 4 : 0) | (r.hitY > 0 ? 8 : 0);
    const want = O.kindMoveByPixels(m, start, dx, dy, drop), r = map.move(start, dx, dy, { drop });
    assert.deepEqual([r.box.x, r.box.y, r.hit], [want.x, want.y, hitOf(want)], `move ${JSON.stringify(start)} by ${dx}, ${dy}, drop ${drop}`);
    const ws = O.kindSweepByPixels(m, start, dx, dy, slide, drop), rs = map.sweep(start, dx, dy, { drop, slide });
    assert.deepEqual([rs.box.x, rs.box.y, rs.hit], [ws.x, ws.y, hitOf(ws)], `sweep ${JSON.stringify(start)} by ${dx}, ${dy}`);
    // on the ground: a one-pixel move down with the same drop would be blocked (what the next frame does)
    assert.equal(r.onGround, O.kindMoveByPixels(m, r.box, 0, 1, drop).hitY > 0);
    // what the box touches: every tile square it overlaps
    const T = m.tileSize;
    let bits = 0, outside = false;
    for (let row = Math.floor(r.box.y / T); row <= Math.floor((r.box.y + h - 1) / T); row++)
      for (let col = Math.floor(r.box.x / T); col <= Math.floor((r.box.x + w - 1) / T); col++) {
        bits |= O.kindBits(O.attrAt(m, col, row));
        outside ||= col < 0 || row < 0 || col >= m.width || row >= m.height;
      }
    assert.equal(r.touching, bits | (outside ? TOUCH.OUTSIDE : 0));
    for (let k = 0; k < 6; k++) {
      const px = (at * 31 + k * 17) % (m.width * T), py = (at * 17 + k * 29) % (m.height * T);
      const c = Math.floor(px / T), row = Math.floor(py / T);
      assert.equal(map.pixelSolid(px, py), O.kindSolidPixel(m, px, py), `pixelSolid(${px}, ${py})`);
      assert.equal(map.pixelOneWay(px, py), O.oneWayRow(m, px, c, row) === py - row * T, `pixelOneWay(${px}, ${py})`);
    }
  } finally {
    map.dispose();
  }
}, 2);

prop('slopes: heights, columnHeight, user slopes, groundAt and boxGround stay consistent', fc.tuple(fc.constantFrom(8, 16), fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 200 })), ([ts, shape, seed, gx]) => {
  const heights = Uint8Array.from({ length: ts }, (_, i) => (seed * 7 + i * 3) % (ts + 1));
  const cells = new Uint8Array(8 * 4);
  cells.fill(1, 24, 32); // floor on the last row
  cells[20] = 2; cells[21] = 3;
  const attrs = new Uint8Array(256);
  attrs[1] = TILE.SOLID; attrs[2] = TILE.SLOPE + shape; attrs[3] = TILE.SLOPE + 6;
  const map = eo.tiles.createMap({ width: 8, height: 4, tileSize: ts, cells, attrs, slopes: heights });
  try {
    const hs = map.heights(TILE.SLOPE + shape - TILE.SLOPE);
    for (let c = 0; c < ts; c++) assert.equal(hs[c], map.columnHeight(shape, c));
    assert.deepEqual([...map.heights(6)], [...heights]);
    const x = gx % (8 * ts);
    const g = map.groundAt(x, 0);
    if (g) {
      assert.ok(g.groundY >= 0 && g.groundY <= 4 * ts, JSON.stringify(g));
      assert.ok(map.pixelSolid(x, g.groundY), `groundY ${g.groundY} at x ${x} is not solid`);
      if (g.groundY > 0) assert.ok(!map.pixelSolid(x, g.groundY - 1) || g.distance <= 0, 'the pixel above the ground is empty');
    }
    const bg = map.boxGround({ x, y: 0, w: 5, h: 5 }, 2);
    // every column: the highest of groundAt over the box's bottom row, never lower than two sensors
    const every = map.boxGround({ x, y: 0, w: 5, h: 5 }, 'every');
    const cols = [0, 1, 2, 3, 4].map((i) => map.groundAt(x + i, 4)).filter((c) => c);
    assert.equal(every === null, cols.length === 0);
    if (every) assert.equal(every.groundY, Math.min(...cols.map((c) => c.groundY)));
    if (bg) assert.ok(every && every.groundY <= bg.groundY);
    const tmap = traced.tiles.createMap({ width: 8, height: 4, tileSize: ts, cells, attrs, slopes: heights });
    try {
      assert.deepEqual(tmap.boxGround({ x, y: 0, w: 5, h: 5 }, 2), bg, 'the traced module answers the same');
      assert.deepEqual(tmap.boxGround({ x, y: 0, w: 5, h: 5 }, 'every'), every);
      assert.deepEqual(tmap.groundAt(x, 0), g);
    } finally {
      tmap.dispose();
    }
  } finally {
    map.dispose();
  }
});

// Found by the aabb.overlap property (seed 2): a box with w > 0 whose x + w rounds back to x in
// float64 got 0 px of bounds, so a pair JavaScript sees overlapping was not reported.
test('regression: a box with a tiny positive size still covers a pixel', () => {
  const a = { x: 1, y: 0, w: 60, h: 1 }, b = { x: 60, y: 0, w: 5e-324, h: 5e-324 };
  assert.equal(eo.aabb.overlap(a, b).overlap, true);
  assert.equal(eo.aabb.findPairs([a.x, a.y, a.w, a.h, b.x, b.y, b.w, b.h]).count, 1);
  assert.deepEqual(eo.pixelmask.overlapRect(a, b), { x: 60, y: 0, w: 1, h: 1 });
  settle(eo);
});

prop('trace: the traced answer equals the fast one; steps within maxSteps, the rest counted as lost', fc.tuple(boxSet(crowdedFloat, 12), fc.integer({ min: 1, max: 300 }), fc.constantFrom('findPairs', 'sweep', 'grid', 'overlap', 'move')), ([boxes, maxSteps, what]) => {
  const flat = boxes.flatMap((b) => [b.x, b.y, b.w, b.h]);
  const run = (t) => {
    if (what === 'findPairs') return t.aabb.findPairs(flat, 'y-first').count;
    if (what === 'sweep') { const sw = t.sweep.create(16); try { return sw.findPairs(flat, 'x').count; } finally { sw.dispose(); } }
    if (what === 'grid') { const g = t.sectors.create({ worldW: 80, worldH: 80, cols: 3, rows: 3, maxObjects: 16, maxEntries: 256 }); try { g.build(flat); return g.findPairs(flat).count; } finally { g.dispose(); } }
    if (what === 'overlap') return boxes.length >= 2 ? t.aabb.overlap(boxes[0], boxes[1]).overlap : null;
    const map = t.tiles.createMap({ width: 6, height: 6, cells: new Uint8Array(36).fill(1, 30) });
    try { return map.move({ x: 8, y: 8, w: 6, h: 6 }, boxes.length * 3, boxes.length * 5).box; } finally { map.dispose(); }
  };
  const r = traced.trace(() => run(traced), maxSteps);
  assert.deepEqual(r.result, run(eo));
  assert.ok(r.steps.length <= maxSteps);
  if (r.stepsLost > 0) assert.equal(r.steps.length, maxSteps, 'steps are lost only when the buffer is full');
  for (const st of r.steps) assert.ok(typeof st.event === 'string' && st.line > 0, JSON.stringify(st));
});

prop('tiles: setCell / setCells / setAttr change the lookups, and caches are reset by them', fc.tuple(mapArb, fc.array(fc.tuple(fc.nat(), fc.constantFrom(0, 7, 9, 12), fc.boolean()), { maxLength: 12 }), fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 200 })), ([m, edits, bx, by]) => {
  const map = eo.tiles.createMap(m);
  const cache = map.createCache();
  const model = { ...m, cells: Uint8Array.from(m.cells), attrs: Uint8Array.from(m.attrs) };
  try {
    const b = { x: bx % (m.width * m.tileSize), y: by % (m.height * m.tileSize), w: 6, h: 5 };
    for (const [at, id, attrEdit] of edits) {
      map.touching(b, cache); // fill the cache before the change
      if (attrEdit) { map.setAttr(id, id === 12 ? TILE.SOLID : TILE.EMPTY); model.attrs[id] = id === 12 ? TILE.SOLID : TILE.EMPTY; }
      else if (at % 5 === 0) { const all = model.cells.map((c, i) => (i % 3 === at % 3 ? id : c)); map.setCells(all); model.cells = all; }
      else { const i = at % model.cells.length; map.setCell(i % m.width, Math.floor(i / m.width), id); model.cells[i] = id; }
      assert.deepEqual([...map.cells()], [...model.cells]);
      const solid = O.boxSolid(model, b.x, b.y, b.w, b.h);
      assert.equal((map.touching(b, cache).touching & TOUCH.SOLID) !== 0, solid, 'touching with a cache after a change');
      assert.equal((map.touching(b).touching & TOUCH.SOLID) !== 0, solid);
    }
    cache.reset();
  } finally {
    cache.dispose();
    map.dispose();
  }
});

prop('tiles: float moves: a Mover, Float64Array and Float32Array batches agree with the pixel mover', fc.tuple(mapArb, fc.double({ min: 0, max: 0.9999, noNaN: true }), fc.double({ min: 0, max: 0.9999, noNaN: true }), fc.double({ min: -300, max: 300, noNaN: true }), fc.double({ min: -300, max: 300, noNaN: true }), fc.integer({ min: 0, max: 1000 })), ([m, fx, fy, dx, dy, at]) => {
  const map = eo.tiles.createMap(m);
  try {
    const W = m.width * m.tileSize, H = m.height * m.tileSize, w = 5, h = 7;
    let start = null;
    for (let k = 0; k < W * H && !start; k += 5) {
      const p = (at * 13 + k) % (W * H), x = p % W, y = Math.floor(p / W);
      if (x + w < W && y + h < H && !O.boxSolid(m, x, y, w, h)) start = { x, y };
    }
    if (!start) return;
    const mover = eo.tiles.createMover({ x: start.x + fx, y: start.y + fy, w, h });
    const r = map.move(mover, dx, dy);
    // the pixel box moves floor(x + dx) - floor(x) pixels (API.md), stopped where a solid tile is
    const want = O.moveByPixels(m, { x: start.x, y: start.y, w, h }, Math.floor(start.x + fx + dx) - start.x, Math.floor(start.y + fy + dy) - start.y);
    assert.deepEqual([Math.floor(mover.x), Math.floor(mover.y)], [want.x, want.y]);
    if (!want.hitX) assert.equal(mover.x, start.x + fx + dx, 'an unblocked move keeps the exact float position');
    else assert.equal(mover.x, want.x, 'a blocked move ends flush with the wall');
    for (const [pos, px, rem] of [[mover.x, r.box.x, r.remainderX], [mover.y, r.box.y, r.remainderY]]) {
      assert.ok(rem >= 0 && rem < 1, `remainder ${rem} outside 0 <= r < 1`);
      assert.ok(Math.abs(pos - (px + rem)) <= 2 ** -52 * Math.max(1, Math.abs(pos)), `box + remainder ${px + rem} is not the position ${pos}`);
    }
    const b64 = new Float64Array([start.x + fx, start.y + fy, w, h]);
    map.moveMany(b64, new Float64Array([dx, dy]));
    assert.deepEqual([b64[0], b64[1]], [mover.x, mover.y]);
    const b32 = new Float32Array([start.x + fx, start.y + fy, w, h]);
    const s32 = [b32[0], b32[1]];
    map.moveMany(b32, new Float32Array([dx, dy]));
    const want32 = O.moveByPixels(m, { x: Math.floor(s32[0]), y: Math.floor(s32[1]), w, h },
      Math.floor(s32[0] + Math.fround(dx)) - Math.floor(s32[0]), Math.floor(s32[1] + Math.fround(dy)) - Math.floor(s32[1]));
    assert.deepEqual([Math.floor(b32[0]), Math.floor(b32[1])], [want32.x, want32.y], 'a Float32Array never rounds into the next pixel');
  } finally {
    map.dispose();
  }
}, 2);

// Found by the float-move property: a position a hair below an integer (-5e-324) gave remainderX
// 1 (x - floor(x) rounds up), outside the documented 0 <= r < 1.
test('regression: a move ending a hair below an integer keeps its remainder below 1', () => {
  const map = eo.tiles.createMap({ width: 1, height: 1, outside: 'empty' });
  try {
    const mover = eo.tiles.createMover({ x: 0, y: 0, w: 5, h: 7 });
    const r = map.move(mover, -5e-324, -1e-17);
    assert.deepEqual([r.box.x, r.box.y], [-1, -1]);
    assert.ok(r.remainderX < 1 && r.remainderY < 1, `remainders ${r.remainderX}, ${r.remainderY}`);
    assert.deepEqual([mover.x, mover.y], [-5e-324, -1e-17]);
  } finally {
    map.dispose();
  }
  settle(eo);
});

prop('sectors: past maxEntries a build throws EO_ERR_BUFFER_TOO_SMALL, findPairs then EO_JS_STALE, and a build that fits answers again', fc.tuple(boxSet(crowdedFloat, 24), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 6 })), ([boxes, maxEntries, cells]) => {
  const grid = eo.sectors.create({ worldW: 80, worldH: 80, cols: cells, rows: cells, maxObjects: 32, maxEntries });
  try {
    const flat = boxes.flatMap((b) => [b.x, b.y, b.w, b.h]);
    const ranges = boxes.map(O.bounds).filter((b) => b.w > 0 && b.h > 0);
    let fitted = true;
    try {
      grid.build(flat);
    } catch (e) {
      assert.ok(e instanceof EarlyoutError && e.code === 'EO_ERR_BUFFER_TOO_SMALL' && /maxEntries/.test(e.message), String(e));
      fitted = false;
    }
    if (fitted) assert.deepEqual(O.pairSet(grid.findPairs(flat).pairs, grid.findPairs(flat).count), O.allPairs(boxes.map(O.bounds)));
    else {
      assert.ok(ranges.length > 0);
      assert.throws(() => grid.findPairs(flat), (e) => e instanceof EarlyoutError && e.code === 'EO_JS_STALE');
      assert.throws(() => grid.queryPoint(1, 1), (e) => e instanceof EarlyoutError && e.code === 'EO_ERR_NOT_READY');
      grid.update([0, 0, 1, 1]); // one box in one sector always fits
      assert.equal(grid.findPairs([0, 0, 1, 1]).count, 0);
    }
  } finally {
    grid.dispose();
  }
});

prop('pixelmask.overlapMany: many masks and pairs equal overlap / firstContact pair by pair; a bad index names its pair', fc.tuple(fc.array(maskArb, { minLength: 1, maxLength: 6 }), fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 20 }), fc.array(place, { minLength: 12, maxLength: 12 }), fc.boolean(), fc.nat()), ([ms, pairList, pos, useCount, bad]) => {
  const masks = ms.map((m) => makeMask(m, 'set'));
  try {
    const n = masks.length;
    const pairs = Uint32Array.from(pairList.flatMap(([a, b]) => [a % n, b % n]));
    const positions = Float64Array.from(pos.slice(0, 2 * n), (v, i) => v + (i % 3) * 0.5);
    const count = useCount ? Math.floor(pairList.length / 2) : undefined;
    const contacts = new Int32Array(2 * pairList.length);
    const hit = eo.pixelmask.overlapMany(masks, positions, pairs, { count, contacts });
    const k = count ?? pairList.length;
    assert.equal(hit.length, k);
    for (let p = 0; p < k; p++) {
      const a = pairs[2 * p], b = pairs[2 * p + 1];
      const [ax, ay, bx, by] = [positions[2 * a], positions[2 * a + 1], positions[2 * b], positions[2 * b + 1]].map(Math.floor);
      const hits = O.maskPairs(ms[a], ax, ay, ms[b], bx, by);
      assert.equal(hit[p], hits.length ? 1 : 0, `pair ${p}`);
      assert.deepEqual([contacts[2 * p], contacts[2 * p + 1]], hits.length ? [hits[0].x, hits[0].y] : [0, 0]);
    }
    if (k > 0) {
      const broken = Uint32Array.from(pairs);
      const at = bad % k;
      broken[2 * at + (bad & 1)] = n + (bad % 5);
      assert.throws(() => eo.pixelmask.overlapMany(masks, positions, broken, { count }),
        (e) => e instanceof EarlyoutError && e.code === 'EO_JS_BAD_ARGUMENT' && e.message.includes(`pairs[${2 * at}]`));
    }
  } finally {
    masks.forEach((m) => m.dispose());
  }
});

// ---- motion --------------------------------------------------------------------------------------
const RESPONSES = ['slide', 'touch', 'cross', 'bounce', 'ignore'];
const intMotion = fc.record({
  objects: fc.array(fc.record({ x: fc.integer({ min: -10, max: 120 }), y: fc.integer({ min: -10, max: 120 }), w: fc.integer({ min: 1, max: 20 }),
    h: fc.integer({ min: 1, max: 20 }), response: fc.constantFrom(...RESPONSES) }), { maxLength: 30 }),
  moves: fc.array(fc.record({ who: fc.nat(), dx: fc.oneof(fc.integer({ min: -40, max: 40 }), fc.integer({ min: -5000, max: 5000 })),
    dy: fc.oneof(fc.integer({ min: -40, max: 40 }), fc.integer({ min: -5000, max: 5000 })) }), { minLength: 1, maxLength: 12 }),
});
const meets = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
prop('world.move: never ends inside an object that stops it, contacts in order of time, pairs and events as brute force', intMotion, ({ objects, moves }) => {
  const world = eo.world.create({ worldX: -64, worldY: -64, worldW: 512, worldH: 512, cellSize: 32, maxObjects: 64 });
  try {
    const hs = objects.map((o) => world.add(o.x, o.y, o.w, o.h, { response: o.response }));
    let lastPairs = new Set();
    for (const m of moves) {
      if (!hs.length) break;
      const i = m.who % hs.length, h = hs[i];
      const start = world.get(h);
      const before = hs.map((o) => meets(world.get(o), start));
      const r = world.move(h, m.dx, m.dy);
      const end = world.get(h);
      assert.equal(end.x, r.x);
      hs.forEach((o, k) => {
        if (k === i || before[k]) return;
        const stops = objects[k].response !== 'cross' && objects[k].response !== 'ignore';
        if (stops) assert.ok(!meets(world.get(o), end), `moved ${JSON.stringify(start)} by ${m.dx}, ${m.dy} into ${JSON.stringify(world.get(o))}`);
      });
      for (let c = 1; c < r.count; c++) assert.ok(r.contacts[c - 1].t <= r.contacts[c].t, 'contacts come in order of time');
      for (let c = 0; c < r.count; c++) assert.notEqual(r.contacts[c].response, 'ignore', 'ignored objects are never reported');
      // pairs and events of handles against brute force over the objects' boxes
      const want = new Set();
      hs.forEach((a, ka) => hs.forEach((b, kb) => { if (ka < kb && meets(world.get(a), world.get(b))) want.add(`${Math.min(a, b)},${Math.max(a, b)}`); }));
      const p = world.pairs();
      const got = new Set(Array.from({ length: p.count }, (_, k) => `${Math.min(p.pairs[2 * k], p.pairs[2 * k + 1])},${Math.max(p.pairs[2 * k], p.pairs[2 * k + 1])}`));
      assert.deepEqual([...got].sort(), [...want].sort());
      const ev = world.events();
      assert.equal(ev.beganCount, [...want].filter((k) => !lastPairs.has(k)).length);
      assert.equal(ev.endedCount, [...lastPairs].filter((k) => !want.has(k)).length);
      lastPairs = want;
    }
  } finally {
    world.dispose();
  }
}, 0.5);
