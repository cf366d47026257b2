// Motion in the npm module: eo.contact (push-out, time of impact), eo.pairs (events), and the World
// (objects by handle moved with responses through each other and a tile map). Answers are checked
// against brute force written here from the manuals (move.h, contact.h), and each promise of the
// issue (no tunnelling at any speed, no seam snag, movers one after another, errors naming what to
// change) has a test that fails if it breaks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEarlyout, EarlyoutError, HIT, TILE } from '../../build/wasm/pkg/earlyout.js';

const eo = await loadEarlyout();
const bad = (re) => (e) => e instanceof EarlyoutError && e.code === 'EO_JS_BAD_ARGUMENT' && (re === undefined || re.test(e.message));
let seed = 12345;
const rnd = (lo, hi) => { seed ^= seed << 13; seed >>>= 0; seed ^= seed >>> 17; seed ^= seed << 5; seed >>>= 0; return lo + (seed % (hi - lo + 1)); };
const meet = (a, b) => a.w > 0 && a.h > 0 && b.w > 0 && b.h > 0 && a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

// ---- eo.contact ---------------------------------------------------------------------------------------
test('contact.pushBoxes: the shortest axis, a tie to Y, and apart boxes give overlap false', () => {
  const p = eo.contact.pushBoxes({ x: 0, y: 0, w: 10, h: 10 }, { x: -50, y: 8, w: 100, h: 20 });
  assert.deepEqual([p.overlap, p.x, p.y, p.face, p.ny], [true, 0, -2, HIT.BOTTOM, -1]);
  const q = eo.contact.pushBoxes({ x: 0, y: 0, w: 10, h: 10 }, { x: 0, y: 0, w: 10, h: 10 });
  assert.deepEqual([q.x, q.y, q.alongX, q.alongY], [0, -10, -10, -10]);
  assert.equal(eo.contact.pushBoxes({ x: 0, y: 0, w: 10, h: 10 }, { x: 10, y: 0, w: 5, h: 5 }).overlap, false);
  // into: the same object back
  const into = { overlap: false, x: 0, y: 0, alongX: 0, alongY: 0, nx: 0, ny: 0, face: 0 };
  assert.equal(eo.contact.pushBoxes({ x: 0, y: 0, w: 4, h: 4 }, { x: 2, y: 0, w: 4, h: 4 }, into), into);
  assert.equal(into.x, -2);
});

test('contact.pushCircles and pushCircleBox part the shapes, along the line between them', () => {
  for (let k = 0; k < 2000; k++) {
    const a = { x: rnd(0, 60), y: rnd(0, 60), r: rnd(1, 20) }, b = { x: rnd(0, 60), y: rnd(0, 60), r: rnd(1, 20) };
    const p = eo.contact.pushCircles(a, b);
    const d2 = (a.x - b.x) ** 2 + (a.y - b.y) ** 2, reach = a.r + b.r;
    assert.equal(p.overlap, d2 < reach * reach);
    if (!p.overlap) continue;
    assert.ok((a.x + p.x - b.x) ** 2 + (a.y + p.y - b.y) ** 2 >= reach * reach, 'parted');
    assert.ok(Math.abs(Math.hypot(p.nx, p.ny) - 1) < 0.01, 'a unit normal');
  }
  const inside = eo.contact.pushCircleBox({ x: 5, y: 3, r: 2 }, { x: 0, y: 0, w: 20, h: 20 });
  assert.deepEqual([inside.overlap, inside.x, inside.y], [true, 0, -5]); // up through the top: 3 + 2
});

test('contact.pushOut: out of a corner of two walls, touching both', () => {
  const p = eo.contact.pushOut({ x: 7, y: 2, w: 10, h: 10 }, [-10, 10, 100, 10, 0, -40, 10, 50]);
  assert.deepEqual([p.overlap, p.x, p.y, p.face], [true, 3, -2, HIT.LEFT | HIT.BOTTOM]);
  assert.throws(() => eo.contact.pushOut({ x: 0, y: 0, w: 1, h: 1 }, new Int32Array(4 * 33)), bad(/EO_CONTACT_MAX_PUSH_BOXES/));
});

test('contact.sweep: the exact time of impact, against a sampled reference', () => {
  let hits = 0;
  for (let k = 0; k < 3000; k++) {
    const a = { x: rnd(0, 30), y: rnd(0, 30), w: rnd(1, 8), h: rnd(1, 8) }, b = { x: rnd(0, 30), y: rnd(0, 30), w: rnd(1, 8), h: rnd(1, 8) };
    const dx = rnd(-30, 30), dy = rnd(-30, 30);
    const s = eo.contact.sweep(a, dx, dy, b);
    // the reference: the first grid time (fine enough for every edge crossing) just after which they overlap
    const L = Math.max(1, Math.abs(dx)) * Math.max(1, Math.abs(dy)) * 2;
    let first = -1;
    for (let i = 0; i < L && first < 0; i++) {
      const t = (i + 0.5) / L, m = { x: a.x + t * dx, y: a.y + t * dy, w: a.w, h: a.h };
      if (meet(m, b)) first = i;
    }
    if (meet(a, b)) { assert.ok(s.hit && s.inside); continue; }
    assert.equal(s.hit, first >= 0);
    if (!s.hit) continue;
    hits++;
    assert.ok(Math.abs(s.t - first / L) < 1e-9, `t ${s.t} vs ${first / L}`);
  }
  assert.ok(hits > 300);
  // a 1 px wall 10,000 px away at 20,000 px: met, flush
  const w = eo.contact.sweep({ x: 0, y: 0, w: 10, h: 10 }, 20000, 0, { x: 10000, y: -5, w: 1, h: 30 });
  assert.deepEqual([w.hit, w.face, w.x, w.nx], [true, HIT.RIGHT, 9990, -1]);
  const m = eo.contact.sweepMoving({ x: 0, y: 0, w: 10, h: 10 }, 10, 0, { x: 20, y: 0, w: 10, h: 10 }, -10, 0);
  assert.deepEqual([m.hit, m.t, m.x], [true, 0.5, 5]);
  assert.throws(() => eo.contact.sweep({ x: 0, y: 0, w: 1, h: 1 }, 2 ** 31, 0, { x: 5, y: 0, w: 1, h: 1 }), bad(/dx must be/));
});

// ---- eo.pairs -----------------------------------------------------------------------------------------
test('pairs.sort and pairs.events split two frames into began, stayed and ended', () => {
  const before = new Uint32Array([3, 4, 0, 1, 0, 2, 0, 1]);
  assert.equal(eo.pairs.sort(before), 3);
  assert.deepEqual([...before.subarray(0, 6)], [0, 1, 0, 2, 3, 4]);
  const now = new Uint32Array([0, 2, 1, 2, 5, 6]);
  const ev = eo.pairs.events(before.subarray(0, 6), now);
  assert.deepEqual([...ev.began.subarray(0, 2 * ev.beganCount)], [1, 2, 5, 6]);
  assert.deepEqual([...ev.stayed.subarray(0, 2 * ev.stayedCount)], [0, 2]);
  assert.deepEqual([...ev.ended.subarray(0, 2 * ev.endedCount)], [0, 1, 3, 4]);
  assert.throws(() => eo.pairs.events(new Uint32Array([1, 2, 0, 1]), now), (e) => e instanceof EarlyoutError && /sorted/.test(e.message));
});

// ---- the World ----------------------------------------------------------------------------------------
test('world: a 1 px wall stops a move of 10,000 px flush; the rest of the other axis slides on', () => {
  const w = eo.world.create({ worldW: 16384, worldH: 1024, cellSize: 256 });
  const wall = w.add(5000, -100, 1, 300, { data: 'wall' });
  const hero = w.add(0, 0, 8, 8);
  const r = w.move(hero, 10000, 3);
  assert.deepEqual([r.x, r.y, r.hit, r.count], [4992, 3, HIT.RIGHT, 1]);
  assert.deepEqual([r.contacts[0].other, r.contacts[0].data, r.contacts[0].face, r.contacts[0].response], [wall, 'wall', HIT.RIGHT, 'slide']);
  // the exact time: 10,003 pixel steps; the wall is met after 4,992 along X and the one step along Y
  // taken before them (the segment crosses y = 0.5 at x = 1,666.7, y = 1.5 only at x = 5,000)
  assert.deepEqual([r.contacts[0].tNum, r.contacts[0].tDen, r.contacts[0].t], [4993, 10003, 4993 / 10003]);
  w.dispose();
});

test('world: sliding along a floor of 100 boxes keeps full speed (no seam snag), and floats keep their fraction', () => {
  const w = eo.world.create({ worldW: 2048, worldH: 256 });
  for (let i = 0; i < 100; i++) w.add(i * 16, 16, 16, 16);
  const hero = w.add(3, 0, 10, 16);
  for (let f = 0; f < 150; f++) {
    const before = w.get(hero).x;
    const r = w.move(hero, 10.25, 2);
    assert.ok(Math.abs(r.x - before - 10.25) < 1e-9, `frame ${f}: ${r.x - before}`);
    assert.deepEqual([r.y, r.hit], [0, HIT.BOTTOM]);
  }
});

test('world: no snag between a box and tiles at the same height', () => {
  const cells = new Uint8Array(32 * 5);
  for (let c = 8; c < 32; c++) cells[4 * 32 + c] = TILE.SOLID;
  const map = eo.tiles.createMap({ width: 32, height: 5, cells });
  const w = eo.world.create({ worldW: 256, worldH: 40, map });
  w.add(0, 32, 64, 8); // a box floor ending where the tiles begin
  const hero = w.add(2, 16, 8, 16);
  for (let f = 0; f < 20; f++) {
    const x0 = w.get(hero).x;
    const r = w.move(hero, 7, 3);
    assert.deepEqual([r.x - x0, r.y], [7, 16]);
  }
  assert.ok(w.get(hero).x > 64);
  map.dispose();
  assert.throws(() => w.move(hero, 1, 0), (e) => e instanceof EarlyoutError && e.code === 'EO_JS_DISPOSED');
});

test('world: the four responses, each object\'s own or a filter\'s', () => {
  const w = eo.world.create();
  const post = w.add(20, 0, 4, 40, { response: 'bounce' });
  const coin = w.add(10, 0, 2, 12, { response: 'cross', data: { coin: true } });
  let hero = w.add(0, 0, 4, 4);
  let r = w.move(hero, 30, 0);
  assert.equal(r.x, 16 - 14); // 16 px to the post, the other 14 back
  assert.deepEqual(r.contacts.map((c) => c.response), ['cross', 'bounce']);
  assert.deepEqual(r.contacts[0].data, { coin: true });
  w.remove(hero);
  hero = w.add(0, 0, 4, 4);
  r = w.move(hero, 30, 10, { filter: (other) => (other === post ? 'touch' : 'ignore') });
  assert.equal(r.x, 16);
  assert.ok(r.y < 10, 'the touch ended the move');
  assert.equal(r.count, 1);
  r = w.move(hero, 30, 0, { filter: () => 'cross' });
  assert.equal(r.x, 46);
  // a filter may not change the World, and must answer a response
  assert.throws(() => w.move(hero, -30, 0, { filter: (o) => { w.remove(o); return 'slide'; } }), bad(/inside a move's filter/));
  assert.throws(() => w.move(hero, -50, 0, { filter: () => 'stop' }), bad(/the filter's answer must be/));
  assert.equal(w.has(coin), true);
});

test('world: movers one after another see each other\'s new places, the same every time', () => {
  const run = () => {
    const w = eo.world.create();
    const a = w.add(0, 0, 10, 10), b = w.add(40, 0, 10, 10);
    const ra = w.move(a, 25, 0), rb = w.move(b, -25, 0);
    const out = [ra.x, rb.x, rb.count, rb.contacts[0].other === a];
    w.dispose();
    return out;
  };
  assert.deepEqual(run(), [25, 35, 1, true]);
  assert.deepEqual(run(), run());
});

test('world: moves match a pixel-stepped reference among random boxes', () => {
  // the reference (move.h's manual): the staircase one pixel at a time; a step into a box is not
  // taken and that axis stops (slide); the World's objects are its boxes
  for (let round = 0; round < 150; round++) {
    const w = eo.world.create({ worldW: 256, worldH: 256, cellSize: 32 });
    const boxes = [];
    for (let i = 0; i < 20; i++) {
      const b = { x: rnd(0, 120), y: rnd(0, 120), w: rnd(1, 16), h: rnd(1, 16) };
      boxes.push(b);
      w.add(b.x, b.y, b.w, b.h);
    }
    const start = { x: rnd(0, 120), y: rnd(0, 120), w: rnd(1, 10), h: rnd(1, 10) };
    const hero = w.add(start.x, start.y, start.w, start.h);
    const dx = rnd(-80, 80), dy = rnd(-80, 80);
    const ref = { ...start }, ax = Math.abs(dx), ay = Math.abs(dy), stopped = [false, false];
    const inside = boxes.filter((b) => meet(start, b));
    let i = 0, j = 0;
    while (i < ax || j < ay) {
      const axis = i === ax ? 1 : j === ay ? 0 : (2 * i + 1) * ay - (2 * j + 1) * ax > 0 ? 1 : 0;
      if (axis) j++; else i++;
      if (stopped[axis]) continue;
      const next = { ...ref };
      if (axis) next.y += Math.sign(dy); else next.x += Math.sign(dx);
      if (boxes.some((b) => !inside.includes(b) && meet(next, b))) stopped[axis] = true;
      else Object.assign(ref, next);
    }
    const r = w.move(hero, dx, dy);
    assert.deepEqual([r.x, r.y], [ref.x, ref.y], `round ${round}`);
    w.dispose();
  }
});

test('world: queries, pairs, groups and events by handle', () => {
  const w = eo.world.create();
  const A = { category: 1, collidesWith: 2 }, E = { category: 2, collidesWith: 1 };
  const b1 = w.add(0, 0, 4, 4, { layer: A }), b2 = w.add(2, 2, 4, 4, { layer: A }), e1 = w.add(3, 3, 8, 8, { layer: E });
  assert.deepEqual(w.queryPoint(3, 3).sort(), [b1, b2, e1].sort());
  assert.deepEqual(w.queryRect(8, 8, 2, 2), [e1]);
  assert.deepEqual(w.queryPoint(3, 3, { layer: { category: 1, collidesWith: 2 } }), [e1]);
  const s = w.querySegment(-10, 3.5, 20, 3.5); // pixel row 3: all three
  assert.deepEqual(s.map((h) => h.handle), [b1, b2, e1]);
  // bullets never meet bullets: the layers allow only bullet-enemy pairs
  assert.equal(w.pairs().count, 2);
  const between = w.pairsBetween(1, 2);
  assert.equal(between.count, 2);
  assert.deepEqual([between.pairs[1], between.pairs[3]], [e1, e1]);
  let ev = w.events();
  assert.deepEqual([ev.beganCount, ev.stayedCount, ev.endedCount], [2, 0, 0]);
  w.update(b1, 100, 100);
  ev = w.events(ev);
  assert.deepEqual([ev.beganCount, ev.stayedCount, ev.endedCount], [0, 1, 1]);
  assert.deepEqual([...ev.ended.subarray(0, 2)], [Math.min(b1, e1), Math.max(b1, e1)]);
});

test('world.updateMany: the same World as update one by one, found again by pairs and queries (brute force)', () => {
  const N = 400, W = 640, H = 480;
  const one = eo.world.create({ worldW: W, worldH: H, cellSize: 32, maxObjects: N });
  const many = eo.world.create({ worldW: W, worldH: H, cellSize: 32, maxObjects: N });
  try {
    const h1 = [], h2 = [];
    for (let i = 0; i < N; i++) {
      const x = rnd(0, W - 20), y = rnd(0, H - 20), s = rnd(1, 12);
      h1.push(one.add(x, y, s, s)); h2.push(many.add(x, y, s, s));
    }
    one.pairs(); many.pairs(); // both grids built: from here updates are noted, then caught up
    for (let frame = 0; frame < 6; frame++) {
      // a few objects (each caught up alone), then all of them (one pass), and a handle twice
      const count = frame % 2 === 0 ? 7 : N - 1; // plus the repeat: at most maxObjects handles
      const hs = [], boxes = new Float64Array(4 * (count + 1));
      for (let k = 0; k < count; k++) {
        const i = frame % 2 === 0 ? rnd(0, N - 1) : k, j = 4 * k;
        boxes[j] = rnd(0, (W - 20) * 4) / 4; boxes[j + 1] = rnd(0, (H - 20) * 4) / 4;
        boxes[j + 2] = rnd(1, 16) / 2; boxes[j + 3] = rnd(1, 16) / 2;
        hs.push(h2[i]);
        one.update(h1[i], boxes[j], boxes[j + 1], boxes[j + 2], boxes[j + 3]);
      }
      const last = 4 * count;                    // the first handle again: its last box wins
      boxes.set([1.5, 2.5, 3, 3], last);
      hs.push(hs[0]);
      one.update(h1[h2.indexOf(hs[0])], 1.5, 2.5, 3, 3);
      many.updateMany(hs, boxes);
      const px = h2.map((h) => many.get(h)), p1 = h1.map((h) => one.get(h));
      assert.deepEqual(px, p1);
      const pixel = (b) => ({ x: Math.floor(b.x), y: Math.floor(b.y), w: Math.ceil(b.w), h: Math.ceil(b.h) });
      const brute = [];
      for (let a = 0; a < N; a++) for (let b = a + 1; b < N; b++) if (meet(pixel(px[a]), pixel(px[b]))) brute.push(`${h2[a]},${h2[b]}`);
      const got = many.pairs(), found = [];
      for (let k = 0; k < got.count; k++) found.push(`${Math.min(got.pairs[2 * k], got.pairs[2 * k + 1])},${Math.max(got.pairs[2 * k], got.pairs[2 * k + 1])}`);
      assert.deepEqual(found.sort(), brute.sort(), `frame ${frame}`);
      assert.deepEqual([...many.pairs().pairs.subarray(0, 2 * got.count)].map((h) => h2.indexOf(h)),
        [...one.pairs().pairs.subarray(0, 2 * got.count)].map((h) => h1.indexOf(h)));
      const q = pixel(px[5]);
      assert.deepEqual(many.queryRect(q.x, q.y, q.w, q.h).map((h) => h2.indexOf(h)), one.queryRect(q.x, q.y, q.w, q.h).map((h) => h1.indexOf(h)));
    }
  } finally {
    one.dispose(); many.dispose();
  }
});

test('world.updateMany: a bad handle or box is named, and nothing moves', () => {
  const w = eo.world.create({ worldW: 100, worldH: 100, maxObjects: 3 });
  try {
    const a = w.add(1, 1, 4, 4), b = w.add(10, 10, 4, 4), gone = w.add(50, 50, 2, 2);
    w.remove(gone);
    const before = () => [w.get(a), w.get(b), w.pairs().count, w.queryPoint(2, 2)];
    const was = before();
    const tries = [
      [[a, b], [20, 20, 4, 4, NaN, 0, 4, 4], /box 1: x must be a finite number/],
      [[a, b], [20, 20, 4, 4, 10, 10, 0, 4], /box 1: w and h must make a box at least 1 x 1 px/],
      [[a, b], [20, 20, 4, 4, 99, 10, 4, 4e12], /box 1: .*inside the world/],
      [[a, gone], [20, 20, 4, 4, 1, 1, 4, 4], /handles\[1\] \d+ names no object/],
      [[a, '1'], [20, 20, 4, 4, 1, 1, 4, 4], /handles\[1\] must be a handle/],
      [[a, b], [20, 20, 4, 4], /2 handles need 8 numbers, got 4/],
      [[a, b, a, b], new Float64Array(16), /at most 3 handles/],
      [new Set([a]), [1, 1, 4, 4], /handles must be an array or a typed array/],
      [[a], 'boxes', /boxes must be an array or a typed array/],
    ];
    for (const [hs, boxes, re] of tries) {
      assert.throws(() => w.updateMany(hs, boxes), bad(re), re.source);
      assert.deepEqual(before(), was, re.source);
    }
    w.updateMany(new Uint32Array([b]), new Int32Array([0, 0, 8, 8])); // typed arrays, any numeric kind
    assert.deepEqual(w.queryPoint(2, 2).sort(), [a, b].sort());
  } finally {
    w.dispose();
  }
});

test('world: handles die with their object, and bad input names what to change', () => {
  const w = eo.world.create({ maxObjects: 2 });
  const a = w.add(0, 0, 1, 1);
  w.remove(a);
  assert.equal(w.has(a), false);
  assert.throws(() => w.move(a, 1, 0), bad(/names no object/));
  const b = w.add(0, 0, 1, 1); // the slot again, another handle
  assert.notEqual(a, b);
  w.add(5, 5, 1, 1);
  assert.throws(() => w.add(9, 9, 1, 1), (e) => e instanceof EarlyoutError && /maxObjects/.test(e.message));
  assert.throws(() => w.add(0, 0, 0, 1), bad(/at least 1 x 1/));
  assert.throws(() => w.add(NaN, 0, 1, 1), bad(/x must be a finite number/));
  assert.throws(() => w.move(b, 1, 0, { dorp: true }), bad(/unknown option 'dorp'/));
  assert.throws(() => w.move(b, 1, 0, { drop: 'yes' }), bad(/drop must be true or false/));
  assert.throws(() => w.move(b, 70000, 0), bad(/EO_MOVE_MAX/));
  assert.throws(() => eo.world.create({ cellSize: 0.5 }), bad(/cellSize/));
  assert.throws(() => eo.world.create({ map: {} }), bad(/tiles.createMap/));
  w.dispose();
  assert.throws(() => w.count, (e) => e.code === 'EO_JS_DISPOSED');
});

test('world: a game\'s frame makes no garbage when it passes into', () => {
  const w = eo.world.create({ worldW: 1024, worldH: 1024 });
  const movers = [];
  for (let i = 0; i < 50; i++) w.add(rnd(0, 1000), rnd(0, 1000), 16, 16);
  for (let i = 0; i < 50; i++) movers.push(w.add(rnd(0, 1000), rnd(0, 1000), 8, 8));
  const into = { x: 0, y: 0, hit: 0, count: 0, contacts: [] };
  const frame = () => { for (const m of movers) w.move(m, 3.5, -2.25, undefined, into); };
  for (let f = 0; f < 50; f++) frame(); // warm up: contact objects made once
  if (typeof globalThis.gc !== 'function') return; // run with --expose-gc to count
  globalThis.gc();
  const before = process.memoryUsage().heapUsed;
  for (let f = 0; f < 1000; f++) frame();
  const grown = process.memoryUsage().heapUsed - before;
  assert.ok(grown < 2_000_000, `the heap grew ${grown} bytes over 1,000 frames`);
});
