// Float positions in JS (issue 14 item 1, the JS half): every call takes finite floats; broadphase
// boxes become conservative integer bounds (no overlapping pair missed); out-of-range or
// non-finite values are an EarlyoutError whatever array they come in; tile movement carries the
// sub-pixel remainder (walk(hero, 1.5) twice moves 3 px).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEarlyout, EarlyoutError, LAYOUT_32, TILE, HIT } from '../../build/wasm/pkg/earlyout.js';

const eo = await loadEarlyout();
const bad = (fn, re) => assert.throws(fn, (e) => e instanceof EarlyoutError && e.code === 'EO_JS_BAD_ARGUMENT' && re.test(e.message));

function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s / 4294967296; };
}
/** Bullets and enemies with float positions and sizes, as a game moves them. */
function floatScene(n, seed) {
  const r = rng(seed), boxes = new Float64Array(4 * n);
  for (let i = 0; i < n; i++) {
    const small = i % 5 !== 0;
    boxes.set([r() * 600 - 20, r() * 400 - 20, small ? 2 + r() * 4 : 16 + r() * 24, small ? 2 + r() * 4 : 16 + r() * 24], 4 * i);
  }
  return boxes;
}
/** The pairs that overlap as JavaScript computes it. */
function floatPairs(b) {
  const out = new Set();
  for (let i = 0; i < b.length / 4; i++)
    for (let j = i + 1; j < b.length / 4; j++)
      if (b[4 * i] < b[4 * j] + b[4 * j + 2] && b[4 * j] < b[4 * i] + b[4 * i + 2] &&
          b[4 * i + 1] < b[4 * j + 1] + b[4 * j + 3] && b[4 * j + 1] < b[4 * i + 1] + b[4 * i + 3]) out.add(`${i}-${j}`);
  return out;
}
const pairSet = ({ count, pairs }) => { const s = new Set(); for (let k = 0; k < count; k++) s.add(`${pairs[2 * k]}-${pairs[2 * k + 1]}`); return s; };

test('broadphase on floats: every pair that overlaps in JS is a candidate (aabb, sectors, sweep, grid masks)', () => {
  let rounded = 0, real = 0;
  for (let seed = 1; seed <= 6; seed++) {
    const boxes = floatScene(300, seed), want = floatPairs(boxes);
    real += want.size;
    const all = pairSet(eo.aabb.findPairs(boxes));
    const grid = eo.sectors.create({ worldW: 1024, worldH: 768, cols: 16, rows: 12, maxObjects: 300, maxEntries: 3000 });
    grid.build(boxes);
    const sectors = pairSet(grid.findPairs(boxes));
    const sweep = pairSet(eo.sweep.create(300).findPairs(boxes, 'y'));
    const masks = eo.gridmask.buildMany(LAYOUT_32, 'span', boxes);
    for (const p of want) {
      assert.ok(all.has(p), `aabb misses ${p} (seed ${seed})`);
      assert.ok(sectors.has(p), `sectors miss ${p}`);
      assert.ok(sweep.has(p), `sweep misses ${p}`);
      const [i, j] = p.split('-').map(Number);
      assert.equal(eo.gridmask.test(LAYOUT_32, masks[i], masks[j]), 'maybe', `grid masks eliminate ${p}`);
    }
    // the same candidates whatever array the floats come in
    assert.deepEqual(pairSet(eo.aabb.findPairs(Array.from(boxes))), all);
    assert.ok([...pairSet(eo.aabb.findPairs(new Float32Array(boxes)))].length > 0);
    // what rounding positions first (the workaround the issue measured) would have missed
    const r = pairSet(eo.aabb.findPairs(new Int16Array(Array.from(boxes, Math.round))));
    for (const p of want) if (!r.has(p)) rounded++;
    grid.dispose();
  }
  assert.ok(rounded > 0, 'rounding misses real pairs: this scene exercises the edges');
  assert.ok(real > 500, `${real} real pairs`);
});

test('integer inputs answer exactly as before; touching float boxes stay apart when the edge is whole', () => {
  assert.deepEqual(eo.aabb.overlap({ x: 0, y: 0, w: 10, h: 10 }, { x: 10, y: 0, w: 10, h: 10 }).overlap, false);
  assert.deepEqual(eo.aabb.overlap({ x: 0.5, y: 0, w: 9.5, h: 10 }, { x: 10, y: 0, w: 10, h: 10 }).overlap, false);
  assert.deepEqual(eo.aabb.overlap({ x: 0.5, y: 0, w: 9.6, h: 10 }, { x: 10, y: 0, w: 10, h: 10 }).overlap, true);
  assert.deepEqual(eo.pixelmask.overlapRect({ x: 0.5, y: 0.25, w: 10, h: 10 }, { x: 5.5, y: 3, w: 10, h: 10 }), { x: 5, y: 3, w: 6, h: 8 });
  // an empty float box stays empty
  assert.equal(eo.aabb.findPairs(new Float64Array([0.5, 0.5, 0, 10, 0, 0, 10, 10])).count, 0);
});

test('out-of-range and non-finite values are an EarlyoutError whatever array they come in', () => {
  const { coordMin, coordMax } = eo.limits;
  assert.deepEqual([coordMin, coordMax], [-2147483648, 2147483647], 'the 32-bit world, from the C headers');
  for (const make of [(a) => new Float32Array(a), (a) => new Float64Array(a), (a) => a]) {
    bad(() => eo.aabb.findPairs(make([0, 0, 8, 8, 3e9, 0, 8, 8])), /box 1\]\.x = 3000000000 is outside the world \(-2147483648 \.\. 2147483647\)/);
    bad(() => eo.aabb.findPairs(make([0, 0, 8, 8, -3e9, 0, 8, 8])), /box 1\]\.x = -3000000000/);
    bad(() => eo.aabb.findPairs(make([0, 0, 3e9, 8])), /\.w = 3000000000/);
  }
  // the edges themselves are in: a float at coordMax, an Int32Array (the core's layout, any value fits)
  assert.equal(eo.aabb.findPairs([coordMax, 0, 1, 1, coordMax, 0, 5, 5]).count, 1);
  assert.equal(eo.aabb.findPairs(new Int32Array([coordMin, coordMin, coordMax, coordMax, -1, -1, 1, 1])).count, 0, 'ends at -2');
  assert.equal(eo.aabb.findPairs(new Int16Array([-32768, 0, 8, 8, -32765, 0, 8, 8])).count, 1, 'Int16Array converted');
  bad(() => eo.aabb.findPairs([0, 0, 8, NaN]), /box 0\]\.h must be a finite number, got NaN/);
  bad(() => eo.aabb.findPairs(new Float64Array([0, Infinity, 8, 8])), /\.y must be a finite number, got Infinity/);
  bad(() => eo.aabb.findPairs([0, '0', 8, 8]), /\.y must be a finite number, got "0"/);
  bad(() => eo.gridmask.build(LAYOUT_32, 'span', { x: 1e10, y: 0, w: 1, h: 1 }), /box\.x = 10000000000 is outside the world/);
  bad(() => eo.circle.overlap({ x: NaN, y: 0, r: 1 }, { x: 0, y: 0, r: 1 }), /a\.x must be a finite number/);
  bad(() => eo.pixelmask.overlap(eo.pixelmask.create(1, 1), 0.5, 3e9, eo.pixelmask.create(1, 1), 0, 0), /ay = 3000000000/);
  // an Int16Array is copied as it is: what a game wrote that did not fit has already wrapped
  const wrapped = new Int16Array([40000, 0, 8, 8]);
  assert.equal(wrapped[0], -25536);
});

test('circles with float centres and radii: a superset of the float answer, exact for integers', () => {
  const r = rng(5);
  for (let k = 0; k < 2000; k++) {
    const a = { x: r() * 100, y: r() * 100, r: r() * 20 }, b = { x: r() * 100, y: r() * 100, r: r() * 20 };
    if (Math.hypot(a.x - b.x, a.y - b.y) < a.r + b.r) assert.ok(eo.circle.overlap(a, b), JSON.stringify([a, b]));
  }
  assert.equal(eo.circle.overlap({ x: 0, y: 0, r: 10 }, { x: 20, y: 0, r: 10 }), false);
});

test('walk(hero, 1.5) twice moves a mover 3 px; the remainder is carried, plain boxes are left alone', () => {
  const w = 16, h = 6, cells = new Uint8Array(w * h);
  for (let c = 0; c < w; c++) cells[5 * w + c] = TILE.SOLID;
  const map = eo.tiles.createMap({ width: w, height: h, cells });
  const hero = eo.tiles.createMover({ x: 16, y: 32, w: 8, h: 8 });
  map.walk(hero, 1.5, 1);
  assert.deepEqual([hero.x, hero.y], [17.5, 32]);
  const r = map.walk(hero, 1.5, 1);
  assert.deepEqual([hero.x, r.box.x, r.remainderX, r.movedX], [19, 19, 0, 2]);
  for (let i = 0; i < 10; i++) map.walk(hero, -0.25, 1);
  assert.equal(hero.x, 16.5);
  // a plain box: the result carries the position, the box is not changed
  const box = { x: 16, y: 32, w: 8, h: 8 };
  const p = map.walk(box, 1.5, 1);
  assert.deepEqual([box.x, p.box.x, p.remainderX], [16, 17, 0.5]);
  assert.deepEqual(map.walk({ ...box, x: p.box.x + p.remainderX }, 1.5, 1).box.x, 19);
  // move: a fall of 0.4 px a frame lands after whole pixels, and the landing drops the fraction
  const faller = eo.tiles.createMover({ x: 40, y: 20.5, w: 8, h: 8 });
  let frames = 0, res;
  do { res = map.move(faller, 0.3, 0.4); frames++; } while (!(res.hit & HIT.BOTTOM) && frames < 50);
  assert.deepEqual([faller.y, res.remainderY, res.box.y], [32, 0, 32], 'stopped on the floor: no fraction into it');
  assert.ok(Math.abs(faller.x - (40 + 0.3 * frames)) < 1e-9, 'x kept its fraction');
  map.dispose();
});

test('float moves never end inside a wall (random maps, the pixel box against a pixel reference)', () => {
  const w = 24, h = 16, r = rng(11);
  const cells = new Uint8Array(w * h).map(() => (r() < 0.2 ? TILE.SOLID : TILE.EMPTY));
  const solid = (x, y) => x < 0 || y < 0 || x >= w * 8 || y >= h * 8 || cells[(y >> 3) * w + (x >> 3)] === TILE.SOLID;
  const free = (b) => { for (let y = b.y; y < b.y + b.h; y++) for (let x = b.x; x < b.x + b.w; x++) if (solid(x, y)) return false; return true; };
  const map = eo.tiles.createMap({ width: w, height: h, cells });
  let moved = 0;
  for (let k = 0; k < 400; k++) {
    const m = eo.tiles.createMover({ x: r() * (w * 8 - 12), y: r() * (h * 8 - 12), w: 6, h: 6 });
    if (!free({ x: Math.floor(m.x), y: Math.floor(m.y), w: 6, h: 6 })) continue;
    for (let f = 0; f < 20; f++) {
      const res = map.move(m, r() * 7 - 3.5, r() * 7 - 3.5);
      assert.ok(free(res.box), `ended in a wall at ${JSON.stringify(res.box)}`);
      assert.deepEqual([Math.floor(m.x), Math.floor(m.y)], [res.box.x, res.box.y]);
      assert.ok(res.remainderX >= 0 && res.remainderX < 1 && res.remainderY >= 0 && res.remainderY < 1);
      moved++;
    }
  }
  assert.ok(moved > 1000);
  map.dispose();
});

test('moveMany / walkMany on Float32Array and Float64Array keep each fraction in place', () => {
  const w = 16, h = 6, cells = new Uint8Array(w * h);
  for (let c = 0; c < w; c++) cells[5 * w + c] = TILE.SOLID;
  cells[4 * w + 10] = TILE.SOLID; // a wall at x = 80
  const map = eo.tiles.createMap({ width: w, height: h, cells });
  for (const Arr of [Float32Array, Float64Array]) {
    const boxes = new Arr([16, 32, 8, 8, 60, 32, 8, 8]);
    const dx = new Arr([1.5, 1.5]);
    map.walkMany(boxes, dx, 1);
    map.walkMany(boxes, dx, 1);
    assert.deepEqual([boxes[0], boxes[4]], [19, 63]);
    for (let i = 0; i < 20; i++) map.walkMany(boxes, [0.75, 0.75], 1);
    assert.deepEqual([boxes[0], boxes[4]], [34, 72], 'the second one stopped at the wall with no fraction');
    const out = map.moveMany(boxes, [0.5, 0.25, -0.5, 0], { drop: false });
    assert.deepEqual([boxes[0], boxes[1], boxes[4]], [34.5, 32.25, 71.5]);
    assert.equal(out.count, 2);
    assert.deepEqual([out.hit.length, out.touching.length, out.below.length, out.onGround.length], [2, 2, 2, 2]);
  }
  // a Float32Array never rounds a fraction up into the next pixel
  const f32 = new Float32Array([16, 32, 8, 8]);
  map.walkMany(f32, [0.99999999], 1);
  assert.equal(Math.floor(f32[0]), 16);
  bad(() => map.moveMany(new Int16Array(4), new Float32Array(2)), /Int32Array or Int16Array for Int16Array boxes/);
  bad(() => map.walkMany(new Float64Array([16, 32, 8, 8]), [NaN], 1), /dx\[0\] must be a finite number/);
  bad(() => map.walkMany(new Float64Array([3e9, 32, 8, 8]), [1], 1), /outside the world/);
  map.dispose();
});

test('tile queries floor float pixels; pixel masks are placed at floored positions', () => {
  const cells = new Uint8Array(4 * 4); cells[5] = TILE.SOLID; // tile (1, 1): pixels 8 .. 15
  const map = eo.tiles.createMap({ width: 4, height: 4, cells, outside: 'empty' });
  assert.equal(map.pixelSolid(8.9, 15.99), true);
  assert.equal(map.pixelSolid(7.99, 8), false);
  assert.equal(map.attrAtPixel(9.5, 9.5), TILE.SOLID);
  assert.equal(map.tileOf(15.9), 1);
  assert.deepEqual(map.touching({ x: 0.5, y: 0.5, w: 8, h: 8 }), map.touching({ x: 0, y: 0, w: 8, h: 8 }));
  map.dispose();
  const a = eo.pixelmask.create(2, 2), b = eo.pixelmask.create(2, 2);
  a.set(1, 1, true); b.set(0, 0, true);
  assert.equal(eo.pixelmask.overlap(a, 0.9, 0.9, b, 1.5, 1.5), true);
  assert.equal(eo.pixelmask.overlap(a, 0, 0, b, 2.1, 1), false);
  a.dispose(); b.dispose();
});
