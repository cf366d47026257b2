// The JS API of tiles and slopes: moves against an independent pixel-by-pixel mover on random
// solid maps, batch calls equal to single calls, slope shapes and walking, traces and counters,
// caches, validation, and memory given back on dispose().
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEarlyout, EarlyoutError, TILE, SLOPE, TOUCH, HIT } from '../../build/wasm/pkg/earlyout.js';

const eo = await loadEarlyout();
const traced = await loadEarlyout({ traced: true });

function xorshift(seed) {
  let s = seed >>> 0 || 1;
  return (n) => { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s % n; };
}

// A map of empty and solid 8 px tiles, solid outside; the reference moves one pixel at a time.
function solidMap(w, h, density, seed) {
  const rnd = xorshift(seed), cells = new Uint8Array(w * h);
  for (let i = 0; i < cells.length; i++) cells[i] = rnd(100) < density ? TILE.SOLID : TILE.EMPTY;
  const solidAt = (x, y) => x < 0 || y < 0 || x >= w * 8 || y >= h * 8 || cells[(y >> 3) * w + (x >> 3)] === TILE.SOLID;
  const boxFree = (b) => {
    for (let y = b.y; y < b.y + b.h; y++) for (let x = b.x; x < b.x + b.w; x++) if (solidAt(x, y)) return false;
    return true;
  };
  const refMove = (box, dx, dy) => {
    const b = { ...box };
    let hit = 0;
    for (let i = 0; i < Math.abs(dx); i++) {
      const n = { ...b, x: b.x + Math.sign(dx) };
      if (!boxFree(n)) { hit |= dx < 0 ? HIT.LEFT : HIT.RIGHT; break; }
      b.x = n.x;
    }
    for (let i = 0; i < Math.abs(dy); i++) {
      const n = { ...b, y: b.y + Math.sign(dy) };
      if (!boxFree(n)) { hit |= dy < 0 ? HIT.TOP : HIT.BOTTOM; break; }
      b.y = n.y;
    }
    return { box: b, hit, onGround: !boxFree({ ...b, y: b.y + 1 }) };
  };
  return { cells, boxFree, refMove };
}

test('move agrees with a pixel-by-pixel mover and never ends in a wall', () => {
  for (let seed = 1; seed <= 12; seed++) {
    const w = 24, h = 16, ref = solidMap(w, h, 25, seed), rnd = xorshift(seed * 977);
    const map = eo.tiles.createMap({ width: w, height: h, cells: ref.cells });
    for (let k = 0; k < 150; k++) {
      const box = { x: rnd(w * 8 - 20), y: rnd(h * 8 - 20), w: 1 + rnd(20), h: 1 + rnd(20) };
      if (!ref.boxFree(box)) continue;
      const dx = rnd(61) - 30, dy = rnd(61) - 30;
      const got = map.move(box, dx, dy), want = ref.refMove(box, dx, dy);
      assert.deepEqual(got.box, want.box, `seed ${seed} box ${JSON.stringify(box)} by ${dx}, ${dy}`);
      assert.equal(got.hit, want.hit);
      assert.equal(got.onGround, want.onGround);
      assert.equal(got.movedX, want.box.x - box.x);
      assert.equal(got.movedY, want.box.y - box.y);
      assert.ok(ref.boxFree(got.box));
    }
    map.dispose();
  }
});

test('a 16 px box cannot slip through a one-tile wall; the corners-only lesson mode can', () => {
  const w = 8, h = 4, cells = new Uint8Array(w * h);
  cells[1 * w + 4] = TILE.SOLID; // one tile at x = 32 .. 39, y = 8 .. 15: between the box's corner rows
  const map = eo.tiles.createMap({ width: w, height: h, cells, outside: 'empty' });
  const box = { x: 10, y: 4, w: 16, h: 16 };
  const edges = map.probe(box), corners = map.probe(box, 'corners');
  assert.equal(corners.points.length, 4);
  assert.ok(edges.points.some((p) => p.row === 1), 'the edge probes look at the middle row');
  assert.ok(corners.points.every((p) => p.row !== 1), 'the corners never do');
  assert.deepEqual([map.move(box, 30, 0).box.x, map.move(box, 30, 0).hit], [16, HIT.RIGHT]);
  assert.deepEqual([map.move(box, 30, 0, { corners: true }).box.x, map.move(box, 30, 0, { corners: true }).hit], [40, 0]);
  map.dispose();
});

test('one-way platforms hold from above, pass from below and on drop', () => {
  const w = 6, h = 8, cells = new Uint8Array(w * h);
  for (let c = 0; c < w; c++) { cells[4 * w + c] = TILE.ONE_WAY; cells[7 * w + c] = TILE.SOLID; }
  const map = eo.tiles.createMap({ width: w, height: h, cells });
  const fall = map.move({ x: 8, y: 0, w: 8, h: 8 }, 0, 40);
  assert.equal(fall.box.y, 24); assert.ok(fall.onGround); assert.equal(fall.below & TOUCH.ONE_WAY, TOUCH.ONE_WAY);
  assert.equal(map.move({ x: 8, y: 44, w: 8, h: 8 }, 0, -30).box.y, 14, 'jumps up through it');
  assert.equal(map.move(fall.box, 0, 40, { drop: true }).box.y, 48, 'drops through to the floor');
  map.dispose();
});

// The tile kinds of issue 11 through the JS API: the default attrs make each kind its own tile id.
test('a spike block (TILE.SOLID_HAZARD) stops a box like solid and touches as SOLID | HAZARD', () => {
  const w = 4, h = 3, cells = new Uint8Array(w * h);
  for (let c = 0; c < w; c++) cells[2 * w + c] = TILE.SOLID_HAZARD;
  cells[1 * w + 3] = TILE.SOLID_HAZARD;
  const map = eo.tiles.createMap({ width: w, height: h, cells, outside: 'empty' });
  const fall = map.move({ x: 0, y: 0, w: 8, h: 8 }, 0, 30);
  assert.equal(fall.box.y, 8); assert.ok(fall.onGround); assert.equal(fall.below, TOUCH.SOLID | TOUCH.HAZARD);
  assert.equal(map.move(fall.box, 0, 30, { drop: true }).box.y, 8, 'dropping does not pass it');
  assert.deepEqual([map.move(fall.box, 30, 0).box.x, map.move(fall.box, 30, 0).hit], [16, HIT.RIGHT]);
  assert.ok(map.pixelSolid(24, 8));
  map.dispose();
});

test('an explicit ladder top (TILE.LADDER_TOP) holds a box; drop climbs through; the ladder below is no top', () => {
  const w = 3, h = 5, cells = new Uint8Array(w * h);
  cells[1 * w + 1] = TILE.LADDER_TOP; cells[2 * w + 1] = TILE.LADDER; cells[3 * w + 1] = TILE.LADDER;
  for (let c = 0; c < w; c++) cells[4 * w + c] = TILE.SOLID;
  const map = eo.tiles.createMap({ width: w, height: h, cells });
  const stand = map.move({ x: 8, y: 0, w: 8, h: 8 }, 0, 10);
  assert.equal(stand.box.y, 0); assert.ok(stand.onGround); assert.equal(stand.below, TOUCH.ONE_WAY | TOUCH.LADDER);
  const down = map.move(stand.box, 0, 10, { drop: true });
  assert.equal(down.box.y, 10); assert.equal(down.touching, TOUCH.ONE_WAY | TOUCH.LADDER);
  assert.equal(map.move(down.box, 0, 30).box.y, 24, 'down the ladder to the floor');
  assert.ok(map.pixelOneWay(8, 8)); assert.ok(!map.pixelOneWay(8, 16)); assert.ok(!map.pixelSolid(8, 8));
  map.dispose();
});

test('half tiles (TILE.HALF_TOP, TILE.HALF_BOTTOM) are solid in one half only', () => {
  const w = 3, h = 3, cells = new Uint8Array(w * h);
  cells[1 * w + 0] = TILE.HALF_TOP; cells[1 * w + 2] = TILE.HALF_BOTTOM;
  for (let c = 0; c < w; c++) cells[2 * w + c] = TILE.SOLID;
  const map = eo.tiles.createMap({ width: w, height: h, cells });
  const head = map.move({ x: 0, y: 12, w: 8, h: 4 }, 0, -10);
  assert.equal(head.box.y, 12); assert.equal(head.hit, HIT.TOP); assert.equal(head.touching, TOUCH.HALF);
  const land = map.move({ x: 16, y: 0, w: 8, h: 4 }, 0, 20);
  assert.equal(land.box.y, 8); assert.ok(land.onGround); assert.equal(land.below, TOUCH.HALF);
  assert.equal(map.move({ x: 4, y: 12, w: 4, h: 4 }, 20, 0).box.x, 12, 'the half bottom is a low wall');
  assert.ok(map.pixelSolid(0, 11) && !map.pixelSolid(0, 12) && !map.pixelSolid(16, 11) && map.pixelSolid(16, 12));
  map.dispose();
});

test('one-way halves (TILE.ONE_WAY_HALF) put platforms 8 px apart on 16 px tiles', () => {
  const w = 1, h = 4, cells = new Uint8Array([TILE.EMPTY, TILE.ONE_WAY_HALF, TILE.ONE_WAY, TILE.SOLID]);
  const map = eo.tiles.createMap({ width: w, height: h, cells, tileSize: 16 });
  const first = map.move({ x: 0, y: 0, w: 8, h: 4 }, 0, 40);
  assert.equal(first.box.y, 20); assert.ok(first.onGround); assert.equal(first.below, TOUCH.ONE_WAY);
  const second = map.move(map.move(first.box, 0, 1, { drop: true }).box, 0, 40);
  assert.equal(second.box.y - first.box.y, 8, 'the next platform is 8 px lower');
  assert.equal(map.move({ x: 0, y: 40, w: 8, h: 4 }, 0, -40).box.y, 0, 'jumps up through both');
  assert.ok(map.pixelOneWay(3, 24));
  map.dispose();
});

test('one-way slopes (TILE.ONE_WAY_SLOPE + shape) hold from above only', () => {
  const w = 5, h = 4, cells = new Uint8Array(w * h);
  cells[2 * w + 2] = TILE.ONE_WAY_SLOPE + SLOPE.UP_45; // x 16 .. 23, y 16 .. 23: column i's surface row 23 - i
  for (let c = 0; c < w; c++) cells[3 * w + c] = TILE.SOLID;
  const map = eo.tiles.createMap({ width: w, height: h, cells, outside: 'empty' });
  // walking climbs it as it climbs a solid slope, and runs off its top; dropping walks through it
  const walk = map.walk({ x: 4, y: 20, w: 4, h: 4 }, 24, 1);
  assert.equal(walk.box.x, 28); assert.equal(walk.box.y, 12); assert.equal(walk.hit, 0); assert.equal(walk.onGround, false);
  const under = map.walk({ x: 4, y: 20, w: 4, h: 4 }, 24, 1, { drop: true });
  assert.equal(under.box.x, 28); assert.equal(under.box.y, 20);
  const land = map.move({ x: 23, y: 0, w: 1, h: 4 }, 0, 30);
  assert.equal(land.box.y, 12); assert.ok(land.onGround); assert.equal(land.below, TOUCH.SLOPE | TOUCH.ONE_WAY);
  assert.equal(map.move({ x: 23, y: 20, w: 1, h: 4 }, 0, -30).box.y, -10, 'jumps up through it');
  assert.equal(map.move({ x: 23, y: 0, w: 1, h: 4 }, 0, 30, { drop: true }).box.y, 20);
  assert.equal(map.boxGround(land.box, 'every').groundY, 16);
  assert.equal(TILE.ONE_WAY_SLOPE, 136);
  assert.throws(() => map.setAttr(200, TILE.ONE_WAY_SLOPE + SLOPE.USER), EarlyoutError, 'a shape the map does not have');
  map.setAttr(200, TILE.ONE_WAY_SLOPE + SLOPE.DOWN_45);
  map.dispose();
});

test('batch calls equal single calls', () => {
  const w = 32, h = 24, ref = solidMap(w, h, 20, 5), rnd = xorshift(99);
  const map = eo.tiles.createMap({ width: w, height: h, cells: ref.cells });
  const boxes = [];
  while (boxes.length < 40 * 4) {
    const b = { x: rnd(w * 8 - 12), y: rnd(h * 8 - 16), w: 12, h: 16 };
    if (ref.boxFree(b)) boxes.push(b.x, b.y, b.w, b.h);
  }
  const all = new Int16Array(boxes), deltas = new Int16Array(80).map(() => rnd(41) - 20), dx = new Int16Array(40).map(() => rnd(21) - 10);
  const one = (i) => ({ x: all[4 * i], y: all[4 * i + 1], w: all[4 * i + 2], h: all[4 * i + 3] });
  const singles = [...Array(40).keys()].map((i) => map.move(one(i), deltas[2 * i], deltas[2 * i + 1]));
  const out = map.moveMany(all, deltas);
  assert.equal(out.count, 40);
  singles.forEach((r, i) => {
    assert.deepEqual(one(i), r.box);
    assert.deepEqual([out.hit[i], out.touching[i], out.below[i], out.onGround[i]], [r.hit, r.touching, r.below, r.onGround ? 1 : 0]);
  });
  const walks = [...Array(40).keys()].map((i) => map.walk(one(i), dx[i], 1));
  const out2 = { count: 0, hit: new Uint8Array(64), touching: new Uint8Array(64), below: new Uint8Array(64), onGround: new Uint8Array(64) }, beforeWalk = all.slice();
  const hitView = out2.hit;
  assert.equal(map.walkMany(all, dx, 1, {}, out2), out2, 'into is filled and returned');
  assert.equal(out2.hit, hitView, 'its views reused while they hold every mover');
  assert.equal(out2.count, 40);
  walks.forEach((r, i) => assert.deepEqual(one(i), r.box));
  // position only: the same boxes and hits, no sensing
  const again = beforeWalk, out3 = map.walkMany(again, dx, 1, { positionOnly: true });
  walks.forEach((r, i) => {
    assert.deepEqual([again[4 * i], again[4 * i + 1]], [r.box.x, r.box.y]);
    assert.deepEqual([out3.hit[i], out3.touching[i], out3.below[i], out3.onGround[i]], [r.hit, 0, 0, 0]);
  });
  // A bad mover is named and nothing moves.
  const bad = all.slice(); bad[4 * 7 + 2] = 0;
  assert.throws(() => map.moveMany(bad, deltas), (e) => e instanceof EarlyoutError && e.code === 'EO_ERR_BAD_ARGUMENT' && /mover 7/.test(e.message));
  assert.deepEqual(bad.subarray(0, 4), all.subarray(0, 4));
  map.dispose();
});

test('slope shapes and walking up a 45-degree slope one pixel per pixel', () => {
  const T = 8, w = 12, h = 6, cells = new Uint8Array(w * h);
  for (let c = 0; c < w; c++) cells[5 * w + c] = TILE.SOLID;
  cells[4 * w + 4] = TILE.SLOPE + SLOPE.UP_45;
  for (let c = 5; c < w; c++) cells[4 * w + c] = TILE.SOLID;
  const user = Uint8Array.from([0, 1, 2, 3, 4, 5, 6, 8]);
  const map = eo.tiles.createMap({ width: w, height: h, cells, slopes: user });
  assert.deepEqual([...map.heights(SLOPE.UP_45)], [1, 2, 3, 4, 5, 6, 7, 8]);
  assert.deepEqual([...map.heights(SLOPE.DOWN_45)], [8, 7, 6, 5, 4, 3, 2, 1]);
  assert.deepEqual([...map.heights(SLOPE.UP_22_LOW)], [1, 1, 2, 2, 3, 3, 4, 4]);
  assert.deepEqual([...map.heights(SLOPE.UP_22_HIGH)], [5, 5, 6, 6, 7, 7, 8, 8]);
  assert.deepEqual([...map.heights(SLOPE.USER)], [...user]);
  assert.equal(map.columnHeight(SLOPE.DOWN_22_LOW, 7), 1);
  let box = map.move({ x: 16, y: 0, w: 4, h: 6 }, 0, 50).box;
  assert.equal(box.y, 34); // on the floor at y = 40
  for (let i = 0; i < 20; i++) {
    const before = box, r = map.walk(box, 1, 1);
    box = r.box;
    assert.equal(box.x, before.x + 1);
    assert.ok(r.onGround);
    // climbs exactly as the surface rises: the ground under the right foot is T - height
    const g = map.boxGround(box);
    assert.ok(g !== null && g.distance === 0, `stands on the ground at x = ${box.x}`);
  }
  assert.equal(box.y, 32 - 6, 'ends on the flat top at y = 32');
  assert.equal(map.groundAt(35, 36).groundY, 40 - 4);
  const down = map.walk(box, -20, 1);
  assert.deepEqual([down.box.x, down.box.y, down.onGround], [box.x - 20, 34, true], 'follows the slope back down to the floor');
  const off = map.walk(box, -20, 0);
  assert.deepEqual([off.box.y, off.onGround], [box.y, false], 'max step 0 does not snap down: it walks off into the air');
  map.dispose();
});

test('moveCharacter: uphill landings keep their speed, fast crests launch, slopes read as ratios and angles', () => {
  // 8 px tiles: a floor at y = 40 (row 5) and a 45-degree ramp up from x = 56 (cols 7, 8) to a plateau at y = 24
  const w = 16, h = 6, cells = new Uint8Array(w * h);
  for (let c = 0; c < w; c++) cells[5 * w + c] = TILE.SOLID;
  cells[4 * w + 7] = TILE.SLOPE + SLOPE.UP_45;
  cells[3 * w + 8] = TILE.SLOPE + SLOPE.UP_45;
  for (let c = 8; c < w; c++) cells[4 * w + c] = TILE.SOLID;
  for (let c = 9; c < w; c++) cells[3 * w + c] = TILE.SOLID;
  const map = eo.tiles.createMap({ width: w, height: h, cells, outside: 'open-top' });
  assert.equal(map.tileSlope(TILE.SLOPE + SLOPE.UP_45), 256);
  assert.equal(map.tileSlope(TILE.SLOPE + SLOPE.DOWN_22_LOW), -128);
  assert.equal(map.tileSlope(TILE.SOLID), 0);
  // X then Y stalls against the ramp; the character lands on it and keeps going
  const air = { x: 44, y: 26, w: 8, h: 8 };
  const xy = map.move(air, 12, 8);
  assert.ok(xy.hit & HIT.RIGHT, 'a plain move reports a wall');
  const land = map.moveCharacter(air, 12, 8, 1);
  assert.equal(land.landed, true);
  assert.equal(land.hit, HIT.BOTTOM);
  assert.equal(land.movedX, 12);
  assert.equal(land.onGround, true);
  assert.equal(land.slope, 256);
  assert.ok(Math.abs(land.angle - 45) < 1e-9);
  const g = map.boxGround(land.box, 'every');
  assert.deepEqual([g.distance, g.slope, g.angle], [0, 256, 45]);
  // up the ramp at 40 px a frame with reach 4: it leaves the top along the ramp's line
  const fast = map.moveCharacter(land.box, 40, 0, 1, { reach: 4 });
  assert.deepEqual([fast.launched, fast.slope, fast.onGround], [true, 256, false]);
  assert.ok(fast.box.y < 24 - 8 - 4, `flies above the plateau (y ${fast.box.y})`);
  const slow = map.moveCharacter(land.box, 40, 0, 1, { reach: 'always' });
  assert.deepEqual([slow.launched, slow.onGround, slow.box.y], [false, true, 16]);
  // a Mover carries its fraction through the air; the ground takes y's fraction
  const hero = eo.tiles.createMover({ x: 10.25, y: 0.5, w: 8, h: 8 });
  map.moveCharacter(hero, 1.5, 2.25, 1);
  assert.deepEqual([hero.x, hero.y], [11.75, 2.75]);
  const fell = map.moveCharacter(hero, 0.5, 100, 1);
  assert.deepEqual([fell.landed, hero.x, hero.y], [true, 12.25, 32]);
  // bad input: clear errors, nothing moved
  for (const [args, re] of [
    [[air, 1, 1, 1, { reach: -1 }], /options\.reach/],
    [[air, 1, 1, 1, { reach: 65535 }], /options\.reach/],
    [[air, 1, 1, 1, { reach: 'toString' }], /options\.reach/],
    [[air, 1, 1, 1, { slide: true }], /slide/],
    [[air, 1, 1, 256], /maxStep/],
    [[air, NaN, 1, 1], /dx/],
    [[air, 70000, 0, 1], /at most 65535/],
  ]) assert.throws(() => map.moveCharacter(...args), (e) => e instanceof EarlyoutError && re.test(e.message), String(args[4] ?? args[3]));
  assert.deepEqual(air, { x: 44, y: 26, w: 8, h: 8 });
  const r = traced.tiles.createMap({ width: w, height: h, cells, outside: 'open-top' });
  const names = traced.trace(() => r.moveCharacter({ x: 60, y: 20, w: 8, h: 8 }, 40, 0, 1, { reach: 4 })).steps.map((s) => s.event);
  assert.ok(names.includes('EO_EV_SLOPES_MOVE') && names.includes('EO_EV_SLOPES_LAUNCH'), 'the launch is traced');
  r.dispose();
  map.dispose();
});

test('traces and counters name the tiles and slopes modules', () => {
  const w = 8, h = 6, cells = new Uint8Array(w * h).fill(0, 0);
  for (let c = 0; c < w; c++) cells[5 * w + c] = TILE.SOLID;
  const map = traced.tiles.createMap({ width: w, height: h, cells });
  const t = traced.trace(() => map.move({ x: 8, y: 0, w: 8, h: 8 }, 0, 40));
  assert.equal(t.result.box.y, 32);
  assert.equal(t.steps[0].event, 'EO_EV_TILES_MOVE');
  assert.ok(t.steps.every((s) => s.module === 'tiles'));
  assert.ok(t.steps.some((s) => s.event === 'EO_EV_TILES_SNAP'));
  assert.ok(t.counters['tiles.lookups'] > 0 && t.counters['tiles.snaps'] === 1);
  const g = traced.trace(() => map.groundAt(10, 35));
  assert.ok(g.steps.some((s) => s.event === 'EO_EV_SLOPES_SENSOR' && s.module === 'slopes'));
  assert.equal(g.counters['slopes.sensors'], 1);
  // the coarse-fine cache answers from memory while the tile range is the same, and forgets on edit
  const cache = map.createCache();
  const c = traced.trace(() => { map.touching({ x: 8, y: 32, w: 8, h: 8 }, cache); return map.touching({ x: 8, y: 32, w: 8, h: 8 }, cache); });
  assert.equal(c.counters['tiles.skips'], 1);
  map.setCell(1, 4, TILE.WATER);
  assert.equal(map.touching({ x: 8, y: 32, w: 8, h: 8 }, cache).touching, TOUCH.WATER);
  map.dispose();
});

test('bad arguments get clear errors and change nothing', () => {
  const bad = (fn, re, code = 'EO_JS_BAD_ARGUMENT') =>
    assert.throws(fn, (e) => e instanceof EarlyoutError && e.code === code && re.test(e.message));
  bad(() => eo.tiles.createMap(null), /config must be an object/);
  bad(() => eo.tiles.createMap({ width: 0, height: 4 }), /width must be an integer from 1 to 65535/);
  bad(() => eo.tiles.createMap({ width: 4, height: 4, tileSize: 12 }), /tileSize must be 8, 16/);
  bad(() => eo.tiles.createMap({ width: 4, height: 4, cells: new Uint8Array(15) }), /cells must hold width \* height = 16/);
  bad(() => eo.tiles.createMap({ width: 4, height: 4, outside: 'lava' }), /outside must be/);
  bad(() => eo.tiles.createMap({ width: 300, height: 300, rowTable: true }), /rowTable needs a map of at most 65536 cells/);
  bad(() => eo.tiles.createMap({ width: 4, height: 4, slopes: new Uint8Array(8).fill(9) }), /config\.slopes height above tileSize \(8\)/, 'EO_ERR_BAD_ARGUMENT');
  const detached = new Uint8Array(16); structuredClone(detached.buffer, { transfer: [detached.buffer] });
  bad(() => eo.tiles.createMap({ width: 4, height: 4, cells: detached }), /detached/);
  const map = eo.tiles.createMap({ width: 4, height: 4 });
  bad(() => map.setCell(4, 0, 1), /col must be an integer from 0 to 3/);
  assert.deepEqual([map.index(3, 2), map.index(4, 0), map.index(-1, 0)], [11, null, null]);
  const tall = eo.tiles.createMap({ width: 5, height: 3, rowTable: true });
  assert.deepEqual([tall.index(4, 2), tall.index(0, 3)], [14, null]);
  tall.dispose();
  bad(() => map.setAttr(3, TILE.SLOPE + SLOPE.USER), /slope shape/, 'EO_ERR_BAD_ARGUMENT');
  assert.equal(map.attrAt(0, 0), TILE.EMPTY);
  bad(() => map.move({ x: 0, y: 0, w: 8, h: 8 }, 3e9, 0), /dx must be a finite number from -2147483648 to 2147483647/);
  bad(() => map.move({ x: 0, y: 0, w: 8, h: 8 }, NaN, 0), /dx must be a finite number/);
  bad(() => map.move({ x: 2147483647, y: 0, w: 8, h: 8 }, 0, 0), /end inside the world/);
  bad(() => map.move({ x: 0, y: 0, w: 8, h: 8 }, 1, 0, { jump: true }), /unknown option 'jump'/);
  bad(() => map.walk({ x: 0, y: 0, w: 8, h: 8 }, 1, 1, { cache: map.createCache() }), /unknown option 'cache'/);
  bad(() => map.moveMany(new Int16Array(4), new Int16Array(1)), /deltas must hold dx, dy per mover: 2 values, got 1/);
  bad(() => map.probe({ x: 0, y: 0, w: 8, h: 8 }, 'all'), /mode must be 'edges' or 'corners'/);
  bad(() => map.boxGround({ x: 0, y: 0, w: 8, h: 8 }, 4), /sensors must be 2, 3 or 'every'/);
  bad(() => map.setSlopes(new Uint8Array(7)), /tileSize \(8\) heights per shape/);
  const other = eo.tiles.createMap({ width: 2, height: 2 });
  bad(() => map.touching({ x: 0, y: 0, w: 8, h: 8 }, other.createCache()), /createCache/);
  other.dispose();
  map.dispose();
  bad(() => map.move({ x: 0, y: 0, w: 8, h: 8 }, 1, 0), /disposed/, 'EO_JS_DISPOSED');
});

test('maps, slopes and caches give their memory back', () => {
  const before = eo.heapUsed();
  for (let i = 0; i < 20; i++) {
    const map = eo.tiles.createMap({ width: 64 + i, height: 48, rowTable: true, slopes: new Uint8Array(16).fill(4) });
    map.createCache(); map.createCache().dispose();
    map.setSlopes(new Uint8Array(24).fill(2));
    map.moveMany(new Int16Array([8, 8, 8, 8]), new Int16Array([3, 3]));
    map.dispose();
  }
  assert.equal(eo.heapUsed(), before);
});
