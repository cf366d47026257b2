// The JS API of aabb, circle, sectors and sweep: answers against the all-pairs baseline, persistent
// grids and sweepers, tuning, traces and argument validation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEarlyout, EarlyoutError } from '../../build/wasm/pkg/earlyout.js';

const eo = await loadEarlyout();
const traced = await loadEarlyout({ traced: true });

function scene(n, seed = 7) {
  let s = seed;
  const rnd = (m) => { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s % m; };
  const boxes = new Int16Array(n * 4);
  for (let i = 0; i < n; i++) boxes.set([rnd(300) - 20, rnd(220) - 20, 1 + rnd(30), 1 + rnd(30)], i * 4);
  return boxes;
}
const sorted = ({ count, pairs }) => {
  const list = [];
  for (let k = 0; k < count; k++) list.push(`${pairs[2 * k]}-${pairs[2 * k + 1]}`);
  return list.sort();
};

test('aabb: overlap, comparisons and the order chooser', () => {
  assert.deepEqual(eo.aabb.overlap({ x: 0, y: 0, w: 10, h: 10 }, { x: 10, y: 0, w: 10, h: 10 }), { overlap: false, comparisons: 1 });
  assert.deepEqual(eo.aabb.overlap({ x: 0, y: 0, w: 10, h: 10 }, { x: 5, y: 50, w: 10, h: 10 }, 'y-first'), { overlap: false, comparisons: 1 });
  assert.deepEqual(eo.aabb.overlap({ x: 0, y: 0, w: 10, h: 10 }, { x: 5, y: 50, w: 10, h: 10 }, 'x-first'), { overlap: false, comparisons: 3 });
  const rows = new Int16Array(32 * 4);
  for (let i = 0; i < 32; i++) rows.set([8 + (i % 8) * 10, 20 + Math.floor(i / 8) * 40, 16, 16], i * 4);
  const report = eo.aabb.chooseOrder(rows, 32);
  assert.equal(report.order, 'y-first');
  assert.equal(report.pairsSampled, 496);
  assert.ok(report.comparisonsYFirst < report.comparisonsXFirst);
});

test('circle: exact integer overlap', () => {
  assert.equal(eo.circle.overlap({ x: 0, y: 0, r: 10 }, { x: 20, y: 0, r: 10 }), false);
  assert.equal(eo.circle.overlap({ x: 0, y: 0, r: 10 }, { x: 14, y: 14, r: 10 }), true);
  assert.throws(() => eo.circle.overlap({ x: 0, y: 0, r: 16384 }, { x: 0, y: 0, r: 1 }), /a\.r/);
});

test('sectors, sweep and the all-pairs baseline find the same pairs', () => {
  const boxes = scene(300);
  const want = sorted(eo.aabb.findPairs(boxes));
  assert.ok(want.length > 20);
  const grid = eo.sectors.create({ worldW: 256, worldH: 192, cols: 8, rows: 6, maxObjects: 300, maxEntries: 2000 });
  assert.deepEqual([grid.cols, grid.rows, grid.cellW, grid.cellH], [8, 6, 32, 32]);
  const built = grid.build(boxes);
  assert.ok(built.insertions >= 300 * 0.9);
  const found = grid.findPairs(boxes);
  assert.deepEqual(sorted(found), want);
  assert.equal(found.stats.pairsFound, want.length);
  assert.ok(found.stats.boxTests < (300 * 299) / 2 / 4, 'the grid saves most box tests');
  const sweeper = eo.sweep.create(300);
  assert.deepEqual(sorted(sweeper.findPairs(boxes, 'x')), want);
  assert.deepEqual(sorted(sweeper.findPairs(boxes, 'y')), want);
  // move a little: persistent update and coherent sweep still agree with the baseline
  for (let i = 0; i < 300; i += 3) boxes[i * 4] += 5;
  const moved = grid.update(boxes);
  assert.ok(moved.objectsMoved > 0 && moved.objectsMoved <= 100 && moved.rebuilds === 0);
  const want2 = sorted(eo.aabb.findPairs(boxes));
  assert.deepEqual(sorted(grid.findPairs(boxes)), want2);
  assert.deepEqual(sorted(sweeper.findPairs(boxes, 'y')), want2);
  assert.equal(grid.ranges().length, 300 * 4);
  grid.dispose();
  sweeper.dispose();
  assert.throws(() => grid.build(boxes), /disposed/);
});

test('layers drop pairs that cannot interact', () => {
  const boxes = new Int16Array([0, 0, 10, 10, 5, 5, 10, 10, 8, 8, 4, 4]);
  // 0 soldier, 1 bullet, 2 bullet; bullets collide with soldiers only
  const layers = new Uint16Array([1, 2, 2, 1, 2, 1]);
  const grid = eo.sectors.create({ maxObjects: 3 });
  grid.build(boxes);
  const { stats, ...list } = grid.findPairs(boxes, layers);
  assert.deepEqual(sorted(list), ['0-1', '0-2']);
  assert.equal(stats.layerFiltered, 1);
  assert.deepEqual(sorted(eo.sweep.create(3).findPairs(boxes, 'x', layers)), ['0-1', '0-2']);
  grid.dispose();
});

test('tune recommends a grid and every configuration finds the same pairs', () => {
  const boxes = scene(150, 3);
  const { rows, best } = eo.sectors.tune(boxes, [{ cols: 1, rows: 1 }, { cols: 2, rows: 2 }, { cols: 8, rows: 6 }, { cols: 16, rows: 12 }]
    .map((c) => ({ ...c, maxObjects: 150, maxEntries: 2000 })));
  assert.equal(rows.length, 4);
  assert.ok(rows.every((r) => r.stats.pairsFound === rows[0].stats.pairsFound && r.error === undefined));
  assert.ok(best >= 2, `best ${best}`);
  assert.ok(rows[best].cost < rows[0].cost / 5);
});

test('disposed grids and sweepers give their memory back', () => {
  const boxes = scene(50);
  const before = eo.heapUsed();
  const keep = eo.sectors.create({ maxObjects: 50 });
  const held = eo.heapUsed();
  assert.ok(held > before);
  for (let i = 0; i < 200; i++) {
    const g = eo.sectors.create({ maxObjects: 50, cols: 1 + (i % 7) });
    const s = eo.sweep.create(50);
    g.build(boxes);
    s.findPairs(boxes);
    if (i % 2) { g.dispose(); s.dispose(); } else { s.dispose(); g.dispose(); }
  }
  assert.equal(eo.heapUsed(), held);
  keep.dispose();
  assert.equal(eo.heapUsed(), before);
});

test('traced sectors record the fill and the pairs with their C lines', () => {
  const boxes = new Int16Array([0, 0, 10, 10, 5, 5, 10, 10, 120, 90, 20, 20]);
  const grid = traced.sectors.create({ maxObjects: 3 });
  const { steps, counters } = traced.trace(() => { grid.build(boxes); return grid.findPairs(boxes); });
  assert.ok(steps.some((s) => s.event === 'EO_EV_SECTORS_INSERT' && s.module === 'sectors' && s.line > 0));
  assert.equal(steps.filter((s) => s.event === 'EO_EV_SECTORS_PAIR').length, 1);
  assert.equal(counters['sectors.insertions'], 1 + 1 + 4);
  assert.equal(counters['sectors.pairs'], 1);
  grid.dispose();
});

test('bad arguments throw EarlyoutError naming the argument', () => {
  const bad = (fn, re) => assert.throws(fn, (e) => e instanceof EarlyoutError && re.test(e.message));
  bad(() => eo.aabb.findPairs(new Int16Array(3)), /multiple of 4/);
  bad(() => eo.aabb.overlap({ x: 0, y: 0, w: 1, h: 1 }, { x: 0, y: 0, w: 1, h: 1 }, 'diagonal'), /order/);
  bad(() => eo.aabb.chooseOrder(new Int16Array(8), 1), /sampleLimit/);
  bad(() => eo.sectors.create({ worldW: -5 }), /worldW/);
  bad(() => eo.sectors.create({ cols: 65536 }), /cols/);
  bad(() => eo.sectors.create({ maxObjects: 2 ** 30 }), /maxObjects/);
  const grid = eo.sectors.create({ maxObjects: 2 });
  bad(() => grid.build(new Int16Array(12)), /at most 2 boxes/);
  grid.build(new Int16Array(8));
  bad(() => grid.findPairs(new Int16Array(4)), /2 boxes of the last build/);
  bad(() => grid.findPairs(new Int16Array(8), new Uint16Array(3)), /layers/);
  bad(() => eo.sweep.create(0), /maxObjects/);
  bad(() => eo.sweep.create(4).findPairs(new Int16Array(8), 'z'), /axis/);
  bad(() => eo.sectors.tune(new Int16Array(8), []), /configs/);
  grid.dispose();
});

test('sectors: 100,000 boxes, 400 x 250 sectors (past 65,535 objects and 255 columns): the known pairs, indices past 65,535', () => {
  const COLS = 400, ROWS = 250, N = COLS * ROWS;
  const boxes = new Float64Array(N * 4);
  for (let i = 0; i < N; i++) boxes.set([(i % COLS) * 10 + 0.5, Math.floor(i / COLS) * 10, 12, 8], i * 4); // each overlaps its right-hand neighbour
  const grid = eo.sectors.create({ worldW: COLS * 10, worldH: ROWS * 10, cols: COLS, rows: ROWS, maxObjects: N });
  assert.equal(grid.cols, COLS);
  grid.update(boxes);
  const { count, pairs } = grid.findPairs(boxes);
  assert.ok(pairs instanceof Uint32Array);
  assert.equal(count, ROWS * (COLS - 1));
  let last = 0;
  for (let k = 0; k < count; k++) {
    const a = pairs[2 * k], b = pairs[2 * k + 1];
    assert.ok(b === a + 1 && a % COLS !== COLS - 1, `pair ${a}-${b}`);
    last = Math.max(last, b);
  }
  assert.equal(last, N - 1);
  boxes.set([1, 1, 12, 8], (N - 1) * 4); // the last box onto the first
  grid.update(boxes);
  assert.deepEqual([...grid.queryPoint(2, 2)], [0, N - 1]);
  const r = grid.ranges();
  assert.deepEqual([...r.subarray(4 * (N - 2), 4 * N)], [398, 399, 249, 249, 0, 1, 0, 0]);
  grid.dispose();
});

test('sectors: updateAndFindPairsBetween finds the pairs between two groups, as brute force does', () => {
  const N = 300, grid = eo.sectors.create({ worldW: 320, worldH: 240, cols: 10, rows: 8, maxObjects: N });
  const BULLET = 1, ENEMY = 2; // boxes 0-19 enemies, 20-29 in both groups, the rest bullets
  const layers = new Uint16Array(2 * N);
  for (let i = 0; i < N; i++) {
    const cat = i < 20 ? ENEMY : i < 30 ? BULLET | ENEMY : BULLET;
    layers[2 * i] = cat; layers[2 * i + 1] = 0xffff;
  }
  layers[2 * 40 + 1] = 0; // a bullet its layers keep from everything
  let boxes = scene(N, 7), found, total = 0;
  for (let frame = 0; frame < 20; frame++) {
    // bunched: the bullets in a corner half the frames
    if (frame % 2) boxes = boxes.map((v, i) => (i >= 4 * 30 && (i & 3) < 2 ? v % 48 : v));
    found = grid.updateAndFindPairsBetween(boxes, layers, BULLET, ENEMY, found);
    const want = [];
    const box = (i) => ({ x: boxes[4 * i], y: boxes[4 * i + 1], w: boxes[4 * i + 2], h: boxes[4 * i + 3] });
    const overlap = (p, q) => p.x < q.x + q.w && q.x < p.x + p.w && p.y < q.y + q.h && q.y < p.y + p.h;
    const allows = (i, j) => (layers[2 * i] & layers[2 * j + 1]) !== 0 && (layers[2 * j] & layers[2 * i + 1]) !== 0;
    for (let b = 0; b < N; b++) {
      if (!(layers[2 * b] & ENEMY)) continue;
      for (let a = 0; a < N; a++)
        if (a !== b && (layers[2 * a] & BULLET) && allows(a, b) && overlap(box(a), box(b))) want.push([a, b]);
    }
    const got = [];
    for (let k = 0; k < found.count; k++) got.push([found.pairs[2 * k], found.pairs[2 * k + 1]]);
    const key = (p) => `${Math.min(...p)},${Math.max(...p)}`;
    assert.deepEqual([...new Set(got.map(key))].sort(), [...new Set(want.map(key))].sort(), `frame ${frame}`);
    assert.equal(new Set(got.map(key)).size, got.length, 'each pair once');
    for (const [a, b] of got) assert.ok((layers[2 * a] & BULLET) && (layers[2 * b] & ENEMY), `(${a}, ${b}): a from group A, b from group B`);
    for (let k = 1; k < got.length; k++) assert.ok(got[k - 1][1] <= got[k][1], 'by ascending b');
    assert.ok(found.stats.candidatePairs >= found.count);
    total += found.count;
  }
  assert.ok(total > 100, `${total} pairs over 20 frames: the scene tests something`);
  const bad = (fn, re) => assert.throws(fn, (e) => e instanceof EarlyoutError && re.test(e.message), re.source);
  bad(() => grid.updateAndFindPairsBetween(boxes, undefined, BULLET, ENEMY), /layers are required/);
  bad(() => grid.updateAndFindPairsBetween(boxes, layers, 0, ENEMY), /groupA must be an integer from 1 to 65535/);
  bad(() => grid.updateAndFindPairsBetween(boxes, layers, BULLET, 70000), /groupB must be an integer from 1 to 65535/);
  bad(() => grid.updateAndFindPairsBetween(boxes, new Uint16Array(4), BULLET, ENEMY), /layers/);
  grid.dispose();
});

test('sectors: updateAndFindPairs is update then findPairs in one call, floats and ints alike', () => {
  const grid = eo.sectors.create({ worldW: 320, worldH: 240, cols: 10, rows: 8, maxObjects: 120 });
  const twin = eo.sectors.create({ worldW: 320, worldH: 240, cols: 10, rows: 8, maxObjects: 120 });
  let boxes = scene(100, 11);
  for (let frame = 0; frame < 30; frame++) {
    const floats = Float64Array.from(boxes, (v, i) => ((i & 3) < 2 ? v + 0.25 : v - 0.5)); // same pixel bounds
    const one = grid.updateAndFindPairs(frame % 2 ? floats : boxes);
    const st = twin.update(boxes), two = twin.findPairs(boxes);
    assert.deepEqual(sorted(one), sorted(two));
    assert.equal(one.stats.objectsMoved, st.objectsMoved);                       // both calls' work, added
    assert.equal(one.stats.boxTests, two.stats.boxTests);
    assert.deepEqual(sorted(grid.findPairs(boxes)), sorted(two));                  // the grid holds these boxes now
    boxes = boxes.map((v, i) => ((i & 3) < 2 ? v + ((frame * 7 + i) % 5) - 2 : v));
  }
  const bad = (fn, re) => assert.throws(fn, (e) => e instanceof EarlyoutError && re.test(e.message));
  bad(() => grid.updateAndFindPairs(scene(121)), /at most 120 boxes/);
  bad(() => grid.updateAndFindPairs(scene(4), new Uint16Array(3)), /layers/);
  bad(() => grid.updateAndFindPairs([0, 0, 8, 8, 1, 2, NaN, 4]), /box 1\]\.w must be a finite number/);
  const tight = eo.sectors.create({ cols: 4, rows: 4, maxObjects: 4, maxEntries: 4 });
  bad(() => tight.updateAndFindPairs([0, 0, 256, 192]), /maxEntries/);
  bad(() => tight.findPairs([0, 0, 256, 192]), /no boxes/);                        // failed: an error, never 0 pairs
  grid.dispose(); twin.dispose(); tight.dispose();
});
