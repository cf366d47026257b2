// Errors and memory under hostile input (issue 14 "Errors and memory", issue 11 "wrapper bugs"):
// each input read once, objects made inside trace() or a getter never overwritten, allocation
// checked against the limit, real typed-array lengths, Proxies, option names, too-small buffers,
// stale sector grids, exhausted memory, the finalizer, and heapUsed() on every failing path.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadEarlyout, EarlyoutError, LAYOUT_16, TILE } from '../../build/wasm/pkg/earlyout.js';

const eo = await loadEarlyout();
const traced = await loadEarlyout({ traced: true });
const isErr = (code, re) => (e) => e instanceof EarlyoutError && e.code === code && (re === undefined || re.test(e.message));
const bad = (fn, re, code = 'EO_JS_BAD_ARGUMENT') => assert.throws(fn, isErr(code, re));

test('objects made inside trace() are never overwritten by later calls', () => {
  const before = traced.heapUsed();
  const m = traced.trace(() => traced.pixelmask.create(32, 32)).result;
  const grid = traced.trace(() => traced.sectors.create({ maxObjects: 4 })).result;
  m.set(3, 3, true);
  grid.build(new Int16Array([0, 0, 10, 10, 5, 5, 10, 10]));
  traced.aabb.findPairs(new Int16Array(4000).fill(3)); // a big call right after
  traced.gridmask.buildMany(LAYOUT_16, 'span', new Int16Array(40000).fill(7));
  assert.equal(m.get(3, 3), true);
  assert.equal(m.get(4, 3), false);
  assert.equal(grid.findPairs(new Int16Array([0, 0, 10, 10, 5, 5, 10, 10])).count, 1);
  assert.ok(traced.heapUsed() > before);
  m.dispose(); grid.dispose();
  assert.equal(traced.heapUsed(), before);
});

test('objects made in a getter during another call are never overwritten', () => {
  let made = null;
  const box = { get x() { made = eo.pixelmask.create(64, 64); made.set(1, 1, true); return 10; }, y: 40, w: 16, h: 16 };
  assert.equal(eo.gridmask.build(LAYOUT_16, 'span', box), 0x0201);
  eo.aabb.findPairs(new Int16Array(8000).fill(3));
  assert.equal(made.get(1, 1), true);
  assert.equal(made.get(2, 2), false);
  made.dispose();
});

test('each field is read once: a getter that changes between reads cannot change the answer', () => {
  let n = 0;
  const box = { x: 0, y: 0, get w() { return n++ === 0 ? 8 : 70000; }, h: 8 };
  assert.equal(eo.gridmask.build(LAYOUT_16, 'span', box), eo.gridmask.build(LAYOUT_16, 'span', { x: 0, y: 0, w: 8, h: 8 }));
  assert.equal(n, 1);
  let k = 0;
  const cfg = { get maxObjects() { return k++ === 0 ? 10 : 60000; } };
  const before = eo.heapUsed();
  const grid = eo.sectors.create(cfg);
  assert.equal(k, 1);
  assert.throws(() => grid.build(new Int16Array(4 * 11)), /at most 10 boxes/);
  grid.dispose();
  assert.equal(eo.heapUsed(), before);
});

test('memory growth inside a getter leaves no stale view', async () => {
  const eo = await loadEarlyout(); // a fresh module: its memory grows in the getters below
  const held = [];
  const grows = () => { for (let i = 0; i < 3; i++) held.push(eo.pixelmask.create(4095, 4095)); }; // 6 MB more each time
  const layout = { ...LAYOUT_16, get screenW() { grows(); return 256; } };
  assert.equal(eo.gridmask.build(layout, 'span', { x: 10, y: 40, w: 16, h: 16 }), 0x0201);
  assert.equal(eo.circle.overlap({ x: 0, y: 0, get r() { grows(); return 10; } }, { x: 14, y: 14, r: 10 }), true);
  const grow = { get x() { const big = eo.pixelmask.create(4095, 4095); big.dispose(); return 0; }, y: 0, w: 10, h: 10 };
  assert.deepEqual(eo.pixelmask.overlapRect(grow, { x: 5, y: 3, w: 10, h: 10 }), { x: 5, y: 3, w: 5, h: 7 });
  const map = eo.tiles.createMap({ width: 4, height: 4 });
  const growBox = { get x() { eo.pixelmask.create(4095, 4095).dispose(); return 8; }, y: 8, w: 8, h: 8 };
  assert.equal(map.move(growBox, 3, 0).box.x, 11);
  map.dispose();
  held.forEach((m) => m.dispose());
});

test('allocation is checked against the memory limit: EO_JS_OUT_OF_MEMORY, not a RuntimeError', () => {
  // the case: 536 million candidate pairs would need 2 GiB of pair buffer
  assert.throws(() => eo.gridmask.findCandidates(LAYOUT_16, new Uint32Array(32768).fill(0x0101)), isErr('EO_JS_OUT_OF_MEMORY', /limit/));
  // and the module still answers
  assert.equal(eo.gridmask.findCandidates(LAYOUT_16, new Uint32Array([0x0101, 0x0101])).count, 1);
});

test('lengths come from the real buffer, not an overridable length', () => {
  class Liar extends Uint8Array { get length() { return 16; } }
  const a = eo.tiles.createMap({ width: 4, height: 4 });
  const b = eo.tiles.createMap({ width: 4, height: 4, cells: new Uint8Array(16).fill(TILE.WATER) });
  bad(() => a.setCells(new Liar(4096).fill(TILE.SOLID)), /cells must hold width \* height = 16 tile ids, got 4096/);
  assert.deepEqual([...b.cells()], new Array(16).fill(TILE.WATER), 'the neighbouring map is untouched');
  class Short extends Int16Array { get length() { return 400; } }
  assert.equal(eo.aabb.findPairs(Short.from([0, 0, 10, 10, 5, 5, 10, 10])).count, 1, 'two boxes, as the buffer holds');
  a.dispose(); b.dispose();
});

test('Proxies around typed arrays are an EarlyoutError, not a TypeError', () => {
  const p = (t) => new Proxy(t, {});
  bad(() => eo.aabb.findPairs(p(new Int16Array(8))), /boxes must be .*Proxy/);
  bad(() => eo.gridmask.findCandidates(LAYOUT_16, p(new Uint32Array(2))), /masks must be a Uint32Array/);
  bad(() => eo.pixelmask.fromIndices(p(new Uint8Array(4)), 2, 2), /indices must be a Uint8Array/);
  const map = eo.tiles.createMap({ width: 2, height: 2 });
  bad(() => map.setCells(p(new Uint8Array(4))), /cells must be a Uint8Array/);
  bad(() => map.moveMany(p(new Int16Array(4)), new Int16Array(2)), /boxes must be/);
  bad(() => eo.tiles.createMap({ width: 2, height: 2, cells: p(new Uint8Array(4)) }), /cells must be a Uint8Array/);
  const grid = eo.sectors.create({ maxObjects: 2 });
  grid.build(new Int16Array(8));
  bad(() => grid.findPairs(new Int16Array(8), p(new Uint16Array(4))), /layers must be a Uint16Array/);
  bad(() => eo.gridmask.buildMany(LAYOUT_16, 'span', new Int16Array(4), p(new Uint32Array(1))), /out must be a Uint32Array/);
  // a Proxy around a plain array is an array: read once, element by element
  assert.equal(eo.aabb.findPairs(new Proxy([0, 0, 10, 10, 5, 5, 10, 10], {})).count, 1);
  grid.dispose(); map.dispose();
});

test('unknown option names are rejected with the valid ones; only own properties count', () => {
  bad(() => eo.sectors.create({ maxObject: 10 }), /unknown option 'maxObject' \(valid options: worldX, worldY, worldW, worldH, cols, rows, maxObjects, maxEntries\)/);
  bad(() => eo.tiles.createMap({ width: 2, height: 2, tilesize: 16 }), /unknown option 'tilesize' \(valid options: width, height, tileSize/);
  for (const name of ['toString', 'constructor', '__proto__', 'valueOf', 'hasOwnProperty'])
    bad(() => eo.tiles.createMap({ width: 2, height: 2, outside: name }), /outside must be 'solid', 'empty' or 'open-top'/);
  const inherited = eo.sectors.create(Object.create({ cols: 9, rows: 9 }));
  assert.deepEqual([inherited.cols, inherited.rows], [2, 2], 'inherited properties are not options');
  inherited.dispose();
  const map = eo.tiles.createMap({ width: 2, height: 2 });
  bad(() => map.walk({ x: 0, y: 0, w: 8, h: 8 }, 1, 1, { dorp: true }), /unknown option 'dorp' \(valid options: drop, positionOnly, corners\)/);
  bad(() => map.moveMany(new Int16Array(4), new Int16Array(2), { cache: 1 }), /unknown option 'cache' \(valid options: drop, positionOnly\)/);
  map.dispose();
});

test('loadEarlyout rejects unknown options and a maxMemory it cannot honour', async () => {
  await assert.rejects(loadEarlyout({ trace: true }), isErr('EO_JS_BAD_ARGUMENT', /unknown option 'trace' \(valid options: traced, wasm, maxMemory\)/));
  await assert.rejects(loadEarlyout({ maxMemory: 1024 }), isErr('EO_JS_BAD_ARGUMENT', /maxMemory/));
  await assert.rejects(loadEarlyout({ maxMemory: 2 ** 33 }), isErr('EO_JS_BAD_ARGUMENT', /maxMemory/));
  await assert.rejects(loadEarlyout({ wasm: new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]) }), isErr('EO_JS_ABI', /not an earlyout module/));
  await assert.rejects(loadEarlyout({ wasm: new URL('file:///nonexistent/earlyout.wasm') }), isErr('EO_JS_LOAD', /ENOENT/));
});

test('a too-small sector buffer names the setting to raise', () => {
  // one 128 px sprite on a 32 x 24 grid of 32 px sectors touches 16 of them; maxEntries defaults to 4
  const grid = eo.sectors.create({ worldW: 1024, worldH: 768, cols: 32, rows: 24, maxObjects: 1 });
  assert.throws(() => grid.build(new Int16Array([0, 0, 128, 128])),
    isErr('EO_ERR_BUFFER_TOO_SMALL', /16 \(object, sector\) memberships, more than maxEntries = 4: raise maxEntries in sectors.create/));
  grid.dispose();
});

test('findPairs with no fitting build or update, or on boxes that moved since, is an error', () => {
  const boxes = new Int16Array([0, 0, 10, 10, 5, 5, 10, 10]);
  const grid = eo.sectors.create({ maxObjects: 2, maxEntries: 2, cols: 4, rows: 4 });
  assert.throws(() => grid.findPairs(boxes), isErr('EO_JS_STALE', /nothing built yet/));
  grid.build(boxes);
  assert.equal(grid.findPairs(boxes).count, 1);
  // the update fails (a box over 4 sectors): findPairs says so instead of answering 0 pairs
  const wide = new Int16Array([0, 0, 200, 100, 5, 5, 10, 10]);
  assert.throws(() => grid.update(wide), isErr('EO_ERR_BUFFER_TOO_SMALL', /maxEntries/));
  assert.throws(() => grid.findPairs(wide), isErr('EO_JS_STALE', /update failed with EO_ERR_BUFFER_TOO_SMALL/));
  grid.update(boxes);
  assert.equal(grid.findPairs(boxes).count, 1);
  // moved without update: an error naming the box
  const moved = boxes.slice(); moved[4] = 100;
  assert.throws(() => grid.findPairs(moved), isErr('EO_JS_STALE', /box 1 changed since the last build or update \(5, 5, 10, 10 -> 100, 5, 10, 10\)/));
  grid.update(moved);
  assert.equal(grid.findPairs(moved).count, 0);
  // floats that keep the same pixel bounds are the same boxes
  assert.equal(grid.findPairs(new Float64Array([0, 0, 10, 10, 100.2, 5, 9.8, 10])).count, 0);
  grid.dispose();
});

test('exhausted memory is EO_JS_OUT_OF_MEMORY; live objects keep working and heapUsed stays true', async () => {
  const small = await loadEarlyout({ maxMemory: 8 << 20 });
  const probe = small.pixelmask.create(1024, 1024), perMask = small.heapUsed();
  probe.dispose();
  assert.ok(perMask >= 1024 * 1024 / 8 && perMask < 1024 * 1024 / 8 + 64, 'a mask holds its words and a small header');
  const masks = [];
  let err = null;
  for (let i = 0; i < 100 && err === null; i++) {
    try { const m = small.pixelmask.create(1024, 1024); m.set(i % 1024, 5, true); masks.push(m); } catch (e) { err = e; }
  }
  assert.ok(err instanceof EarlyoutError && err.code === 'EO_JS_OUT_OF_MEMORY', String(err));
  assert.ok(masks.length >= 4);
  const used = small.heapUsed();
  assert.equal(used, masks.length * perMask);
  masks.forEach((m, i) => assert.equal(m.get(i % 1024, 5), true));
  assert.equal(small.pixelmask.overlap(masks[0], 0, 0, masks[1], 0, 0), false);
  assert.throws(() => small.tiles.createMap({ width: 4096, height: 4096 }), isErr('EO_JS_OUT_OF_MEMORY'));
  assert.throws(() => small.sectors.create({ maxObjects: 65535, maxEntries: 65535 }).build(new Int16Array(4 * 65535)), isErr('EO_JS_OUT_OF_MEMORY'));
  assert.equal(small.heapUsed(), used, 'failed creates hold nothing');
  masks.pop().dispose();
  const again = small.pixelmask.create(1024, 1024);
  assert.equal(again.get(0, 0), false);
  again.dispose();
  for (const m of masks) m.dispose();
  assert.equal(small.heapUsed(), 0);
});

test('every failing createMap and sectors.create path leaves heapUsed() unchanged', async () => {
  const before = eo.heapUsed();
  const fails = [
    () => eo.tiles.createMap({ width: 512, height: 512, slopes: new Uint8Array(7) }),           // issue 11: 262,432 bytes a call
    () => eo.tiles.createMap({ width: 64, height: 64, slopes: new Uint8Array(8).fill(9) }),     // height above the tile size (the core says so)
    () => eo.tiles.createMap({ width: 64, height: 64, attrs: new Uint8Array(256).fill(TILE.SLOPE + 7) }), // an attr naming a missing shape
    () => eo.tiles.createMap({ width: 64, height: 64, cells: new Uint8Array(5) }),
    () => eo.tiles.createMap({ width: 300, height: 300, rowTable: true }),
    () => eo.tiles.createMap({ width: 64, height: 64, tileSize: 12 }),
    () => eo.tiles.createMap({ width: 64, height: 64, outside: 'toString' }),
    () => eo.sectors.create({ cols: 65536 }),
    () => eo.sectors.create({ maxObjects: 1 << 26, maxEntries: 1 << 28 }),                  // past the module's memory limit
    () => eo.sectors.create({ maxObject: 3 }),
    () => eo.sectors.create({ worldW: -1 }),
  ];
  for (let round = 0; round < 3; round++)
    for (const f of fails) { assert.throws(f, EarlyoutError); assert.equal(eo.heapUsed(), before, String(f)); }
  // with the memory full, creates that cannot get their blocks fail whole
  const small = await loadEarlyout({ maxMemory: 4 << 20 });
  const hog = [];
  assert.throws(() => { for (;;) hog.push(small.pixelmask.create(512, 512)); }, isErr('EO_JS_OUT_OF_MEMORY'));
  const used = small.heapUsed();
  assert.throws(() => small.tiles.createMap({ width: 512, height: 512, slopes: new Uint8Array(8).fill(3) }), isErr('EO_JS_OUT_OF_MEMORY'));
  assert.throws(() => small.sectors.create({ maxObjects: 65535, maxEntries: 65535, cols: 255, rows: 255 }), isErr('EO_JS_OUT_OF_MEMORY'));
  assert.throws(() => small.sectors.create({ maxObjects: 200000, cols: 1000, rows: 1000 }), isErr('EO_JS_OUT_OF_MEMORY'));
  assert.throws(() => small.sweep.create(65535), isErr('EO_JS_OUT_OF_MEMORY'));
  assert.equal(small.heapUsed(), used);
  hog.forEach((m) => m.dispose());
  assert.equal(small.heapUsed(), 0);
});

test('heapUsed() counts every live object, and never goes negative', () => {
  const before = eo.heapUsed();
  const steps = [];
  const add = (make) => { const o = make(); steps.push(eo.heapUsed()); return o; };
  const objs = [
    add(() => eo.sectors.create({ maxObjects: 10 })),
    add(() => eo.sweep.create(10)),
    add(() => eo.pixelmask.create(16, 16)),
  ];
  const map = add(() => eo.tiles.createMap({ width: 8, height: 8, slopes: new Uint8Array(8).fill(3) }));
  objs.push(map, add(() => map.createCache()));
  for (let i = 1; i < steps.length; i++) assert.ok(steps[i] > steps[i - 1], `object ${i} is counted`);
  for (const o of objs.reverse()) o.dispose();
  assert.equal(eo.heapUsed(), before);
  assert.ok(eo.heapUsed() >= 0);
});

test('a FinalizationRegistry frees what a game forgets to dispose', async () => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc');
  const game = await loadEarlyout();
  const kept = game.pixelmask.create(8, 8);
  const base = game.heapUsed();
  (() => {
    for (let i = 0; i < 50; i++) {
      game.pixelmask.create(64, 64);
      game.sectors.create({ maxObjects: 100 });
      const map = game.tiles.createMap({ width: 16, height: 16 });
      map.createCache();
    }
  })();
  assert.ok(game.heapUsed() > base + 50 * 512);
  for (let i = 0; i < 20 && game.heapUsed() > base; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 10));
  }
  assert.equal(game.heapUsed(), base, 'only the mask still referenced');
  assert.equal(kept.get(0, 0), false);
  kept.dispose();
  assert.equal(game.heapUsed(), 0);
});
