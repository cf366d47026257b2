// The package's contract as issue 27 states it: behaviour a game depends on (landings, onGround with
// drop, long rays, slopes as floats), errors that name what to change, disposed objects, and the
// into / out convention. Each test fails if the rule it names is broken.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEarlyout, EarlyoutError, HIT, TILE } from '../../build/wasm/pkg/earlyout.js';

const eo = await loadEarlyout();
const err = (code, re) => (e) => e instanceof EarlyoutError && e.code === code && (re === undefined || re.test(e.message));

/** A map 10 x 6 of 8 px tiles: row 4 solid (y 32), a one-way platform at cols 2..5 of row 2 (y 16). */
function world() {
  const cells = new Uint8Array(10 * 6);
  cells.fill(TILE.SOLID, 4 * 10, 5 * 10);
  for (let c = 2; c <= 5; c++) cells[2 * 10 + c] = TILE.ONE_WAY;
  return eo.tiles.createMap({ width: 10, height: 6, cells });
}

test('landed: a fall that ends exactly on the floor lands, as one a pixel longer does', () => {
  const map = world();
  // the case: an 8 x 8 box at (8, 18) moving (0, +6) ends at y 24, standing on row 4
  const exact = map.moveCharacter({ x: 8, y: 18, w: 8, h: 8 }, 0, 6, 1);
  assert.deepEqual([exact.box.y, exact.hit, exact.onGround, exact.landed], [24, 0, true, true]);
  const stopped = map.moveCharacter({ x: 8, y: 18, w: 8, h: 8 }, 0, 7, 1);
  assert.deepEqual([stopped.box.y, stopped.hit, stopped.onGround, stopped.landed], [24, HIT.BOTTOM, true, true]);
  // on the ground at the start: never a landing (a frame standing still, a jump into nothing)
  assert.equal(map.moveCharacter({ x: 8, y: 24, w: 8, h: 8 }, 0, 3, 1).landed, false);
  // every fall from 1 to 12 px above the floor, with every frame length, lands exactly once
  for (let h = 1; h <= 12; h++)
    for (let dy = 1; dy <= 12; dy++) {
      const hero = eo.tiles.createMover({ x: 8, y: 24 - h, w: 8, h: 8 });
      let landings = 0;
      for (let f = 0; f < 20; f++) landings += map.moveCharacter(hero, 0, dy, 1).landed ? 1 : 0;
      assert.equal(landings, 1, `a fall of ${h} px at ${dy} px a frame`);
    }
  map.dispose();
});

test('onGround with drop: true says what the next frame does, both ways', () => {
  const map = world();
  const onPlatform = { x: 20, y: 8, w: 8, h: 8 }; // feet on the one-way platform at y 16
  for (const call of [(o) => map.moveCharacter(onPlatform, 0, 0.4, 1, o), (o) => map.move(onPlatform, 0, 0.4, o), (o) => map.walk(onPlatform, 0, 1, o)]) {
    assert.equal(call(undefined).onGround, true, 'without drop the platform holds the box');
    assert.equal(call({ drop: true }).onGround, false, 'with drop it does not: the next frame falls through');
  }
  // a game that zeroes vy on the ground falls through while it holds drop, and stands without it
  for (const drop of [true, false]) {
    const hero = eo.tiles.createMover(onPlatform);
    let vy = 0;
    for (let f = 0; f < 30; f++) {
      const r = map.moveCharacter(hero, 0, vy, 1, { drop });
      vy = r.onGround ? 0 : Math.min(vy + 0.4, 6);
    }
    assert.equal(hero.y, drop ? 24 : 8, drop ? 'fell through to the floor' : 'stayed on the platform');
  }
  // solid ground holds with drop too
  assert.equal(map.moveCharacter({ x: 0, y: 24, w: 8, h: 8 }, 0, 0, 1, { drop: true }).onGround, true);
  map.dispose();
});

test('slopes come as 1/256 px, as a float rise per px and as an angle', () => {
  const cells = new Uint8Array(8 * 4);
  cells.fill(TILE.SOLID, 3 * 8);
  cells[2 * 8 + 3] = TILE.SLOPE; // SLOPE.UP_45
  const map = eo.tiles.createMap({ width: 8, height: 4, cells });
  const g = map.groundAt(27, 18);
  assert.deepEqual([g.slope, g.rise, g.angle], [256, 1, 45]);
  const r = map.moveCharacter({ x: 24, y: 11, w: 4, h: 8 }, 0, 2, 1);
  assert.ok(r.onGround);
  assert.deepEqual([r.slope, r.rise, r.angle], [256, 1, 45]);
  map.dispose();
});

test('a ray aimed a billion pixels away costs the tiles it crosses near the map, not its length', () => {
  const cells = new Uint8Array(40 * 30);
  cells[20 * 40 + 30] = TILE.SOLID;
  const map = eo.tiles.createMap({ width: 40, height: 30, cells, outside: 'empty' });
  const t0 = performance.now();
  const far = map.raycast({ x0: 12, y0: 12, x1: 1e9, y1: 7e8 });
  const back = map.raycast({ x0: -1e9, y0: 164, x1: 300, y1: 164 });
  const ms = performance.now() - t0;
  assert.equal(far.hit, false);
  assert.deepEqual([back.hit, back.col, back.row, back.x, back.y], [true, 30, 20, 240, 164]);
  assert.ok(ms < 50, `two rays of 10^9 px took ${ms.toFixed(1)} ms (a walk through every outside tile takes seconds)`);
  // with visits every tile is listed, so the length is bounded: a clear error, not seconds of work
  assert.throws(() => map.raycast({ x0: 12, y0: 12, x1: 1e9, y1: 7e8 }, { visits: true }), err('EO_JS_BAD_ARGUMENT', /at most 65535 tiles.*leave visits off/));
  assert.equal(map.raycast({ x0: 0, y0: 0, x1: 79, y1: 79 }, { visits: true }).visits.length > 10, true);
  map.dispose();
});

test('errors name the option and the value to change', () => {
  const map = world();
  assert.throws(() => map.sweep({ x: 0, y: 0, w: 8, h: 8 }, 70000, 0), err('EO_JS_BAD_ARGUMENT', /sweep: dx and dy must move the pixel box at most 65535 px each .*got 70000, 0/));
  assert.throws(() => eo.sectors.create({ maxObjects: 1e9 }), err('EO_ERR_BAD_ARGUMENT', /config\.maxObjects = 1000000000 .*maxObjects can be at most \d+/));
  assert.throws(() => eo.sectors.create({ cols: 60000, rows: 60000 }), (e) => e instanceof EarlyoutError && /config\.(cols|rows) = 60000 .*can be at most \d+/.test(e.message));
  // tune marks each config that cannot hold the boxes with build's hint, and says when none can
  const boxes = new Int16Array([0, 0, 200, 150, 10, 10, 100, 100]);
  const t = eo.sectors.tune(boxes, [{ cols: 4, rows: 4, maxEntries: 4 }, { cols: 2, rows: 2, maxObjects: 2 }]);
  assert.equal(t.rows[0].error, 'EO_ERR_BUFFER_TOO_SMALL');
  assert.match(t.rows[0].message, /the boxes need \d+ \(object, sector\) memberships, more than maxEntries = 4: raise maxEntries/);
  assert.equal(t.best, 1);
  const none = eo.sectors.tune(boxes, [{ cols: 4, rows: 4, maxEntries: 4 }, { cols: 8, rows: 8, maxEntries: 5 }]);
  assert.equal(none.best, -1);
  assert.ok(none.rows.every((r) => r.error === 'EO_ERR_BUFFER_TOO_SMALL' && /raise maxEntries/.test(r.message)));
  const grid = eo.sectors.create({ cols: 4, rows: 4, maxEntries: 4, maxObjects: 2 });
  assert.throws(() => grid.build(boxes), err('EO_ERR_BUFFER_TOO_SMALL', /more than maxEntries = 4: raise maxEntries/));
  grid.dispose();
  // options that take true or false take nothing else
  const mask = eo.pixelmask.create(4, 4);
  assert.throws(() => mask.set(1, 1, 'yes'), err('EO_JS_BAD_ARGUMENT', /solid must be true or false, got "yes"/));
  assert.throws(() => map.move({ x: 0, y: 0, w: 8, h: 8 }, 1, 0, { drop: 1 }), err('EO_JS_BAD_ARGUMENT', /options\.drop must be true or false/));
  assert.throws(() => eo.tiles.createMap({ width: 2, height: 2, rowTable: 'yes' }), err('EO_JS_BAD_ARGUMENT', /config\.rowTable must be true or false/));
  mask.dispose();
  map.dispose();
});

test('loadEarlyout validates traced like every other option', async () => {
  await assert.rejects(loadEarlyout({ traced: 'yes' }), err('EO_JS_BAD_ARGUMENT', /options\.traced must be true or false, got "yes"/));
  await assert.rejects(loadEarlyout({ traced: 1 }), err('EO_JS_BAD_ARGUMENT', /options\.traced must be true or false, got 1/));
  assert.equal((await loadEarlyout({ traced: false })).traced, false);
});

test('a disposed object answers nothing: every property and method throws EO_JS_DISPOSED', () => {
  const grid = eo.sectors.create({ maxObjects: 4 });
  const sw = eo.sweep.create(4);
  const mask = eo.pixelmask.create(4, 4);
  const map = world();
  const cache = map.createCache();
  grid.build([0, 0, 4, 4]);
  sw.findPairs([0, 0, 4, 4]);
  for (const o of [grid, sw, mask, map, cache]) { o.dispose(); o.dispose(); } // twice is harmless
  const uses = {
    'grid.cols': () => grid.cols, 'grid.rows': () => grid.rows, 'grid.cellW': () => grid.cellW, 'grid.cellH': () => grid.cellH,
    'grid.build': () => grid.build([0, 0, 4, 4]), 'grid.update': () => grid.update([0, 0, 4, 4]), 'grid.findPairs': () => grid.findPairs([0, 0, 4, 4]),
    'grid.updateAndFindPairs': () => grid.updateAndFindPairs([0, 0, 4, 4]), 'grid.ranges': () => grid.ranges(),
    'grid.queryPoint': () => grid.queryPoint(1, 1), 'grid.queryRegion': () => grid.queryRegion({ x: 0, y: 0, w: 2, h: 2 }),
    'sw.findPairs': () => sw.findPairs([0, 0, 4, 4]), 'sw.queryPoint': () => sw.queryPoint(1, 1), 'sw.queryRegion': () => sw.queryRegion({ x: 0, y: 0, w: 2, h: 2 }),
    'mask.width': () => mask.width, 'mask.height': () => mask.height, 'mask.set': () => mask.set(0, 0, true), 'mask.get': () => mask.get(0, 0),
    'map.width': () => map.width, 'map.height': () => map.height, 'map.tileSize': () => map.tileSize, 'map.outside': () => map.outside,
    'map.getCell': () => map.getCell(0, 0), 'map.cells': () => map.cells(), 'map.move': () => map.move({ x: 0, y: 0, w: 8, h: 8 }, 1, 1),
    'map.moveCharacter': () => map.moveCharacter({ x: 0, y: 0, w: 8, h: 8 }, 1, 1, 1), 'map.raycast': () => map.raycast({ x0: 0, y0: 0, x1: 9, y1: 9 }),
    'map.tileOf': () => map.tileOf(9), 'map.createCache': () => map.createCache(), 'cache.reset': () => cache.reset(),
    'pixelmask.overlap(mask)': () => eo.pixelmask.overlap(mask, 0, 0, mask, 0, 0),
  };
  for (const [name, use] of Object.entries(uses)) assert.throws(use, err('EO_JS_DISPOSED', /was disposed/), name);
});

test('into and out: the call fills the answer it is given, and a short array is replaced by a longer one', () => {
  const boxes = new Float64Array([0, 0, 10, 10, 5, 5, 10, 10, 8, 8, 4, 4]);
  const first = eo.aabb.findPairs(boxes);
  assert.equal(first.pairs.length, 2 * first.count, 'without into, exactly the pairs');
  const again = eo.aabb.findPairs(boxes, 'x-first', first);
  assert.equal(again, first);
  const grid = eo.sectors.create({ worldW: 64, worldH: 64, cols: 2, rows: 2, maxObjects: 3 });
  const found = grid.updateAndFindPairs(boxes, undefined, { count: 0, pairs: new Uint32Array(2), stats: undefined });
  assert.equal(found.count, 3);
  assert.ok(found.pairs.length >= 6, 'the short pairs array of into was replaced by a longer one');
  const kept = found.pairs, stats = found.stats;
  assert.equal(grid.updateAndFindPairs(boxes, undefined, found), found);
  assert.equal(found.pairs, kept, 'and that one is reused');
  assert.equal(found.stats, stats, 'the stats object too');
  const hits = { count: 0, indices: new Uint32Array(1) };
  assert.equal(grid.queryPoint(8.5, 8.5, undefined, hits), hits);
  assert.deepEqual([hits.count, ...hits.indices.subarray(0, hits.count)], [3, 0, 1, 2]);
  assert.deepEqual([...grid.queryPoint(8.5, 8.5)], [0, 1, 2], 'without into, an exact Uint32Array as before');
  // overlapMany takes the broadphase's answer and the boxes as they are, and grows its out
  const m = eo.pixelmask.create(10, 10);
  for (let y = 0; y < 10; y++) for (let x = 0; x < 10; x++) m.set(x, y, true);
  const hit = eo.pixelmask.overlapMany([m, m, m], boxes, found, new Uint8Array(1));
  assert.deepEqual([...hit.subarray(0, found.count)], [1, 1, 1]);
  assert.equal(eo.pixelmask.overlapMany([m, m, m], boxes, found, hit), hit);
  assert.throws(() => eo.aabb.findPairs(boxes, 'x-first', Object.freeze({ count: 0, pairs: new Uint32Array(8) })), err('EO_JS_BAD_ARGUMENT', /into could not be filled/));
  m.dispose();
  grid.dispose();
});
