// The binding fuzzed with hostile input (fast-check): every public method gets valid arguments with
// one of them (or one field or element of one) replaced by something hostile: non-finite and huge
// numbers, wrong types, Proxies, typed arrays whose length lies, getters that change between reads,
// throw, or call the API back (re-entrant), dispose objects or grow memory. A call may answer or
// throw an EarlyoutError; a value that is certainly invalid where a number is required must throw
// EO_JS_BAD_ARGUMENT. Nothing else may escape (no TypeError, RangeError or wasm RuntimeError), and
// after every case heapUsed() is at its baseline and known-good calls answer right (harness.mjs).
// Also: dispose twice, use after dispose, objects of another module, trace() nesting.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { loadEarlyout, loadEarlyoutSync, EarlyoutError, LAYOUT_16, TILE } from '../../build/wasm/pkg/earlyout.js';
import { fastModule, settle, runs } from './harness.mjs';

const eo = await fastModule(loadEarlyout);
const traced = await loadEarlyout({ traced: true });
const other = await fastModule(loadEarlyout); // objects from another module are foreign
const CODES = new Set(['EO_JS_BAD_ARGUMENT', 'EO_JS_DISPOSED', 'EO_JS_STALE', 'EO_JS_OUT_OF_MEMORY', 'EO_JS_NOT_TRACED', 'EO_JS_ABI', 'EO_JS_LOAD', 'EO_ERR_BAD_ARGUMENT',
  'EO_ERR_BAD_LAYOUT', 'EO_ERR_BUFFER_TOO_SMALL', 'EO_ERR_NOT_READY']);

/** Thrown by hostile getters: the caller's own exception may pass through, nothing else. */
class Sentinel extends Error {}

// ---- hostile values -----------------------------------------------------------------------------
// Certainly not a valid number wherever one is required.
const INVALID = [NaN, Infinity, -Infinity, 1e12, -1e12, -(2 ** 53), '5', '', null, true, 5n, Symbol('s'), {}, [], [3],
  { valueOf: () => 5 }, () => 5, new Number(5)];
const HOSTILE_VALUES = [...INVALID, undefined, 2 ** 31 /* a valid uint32 mask */, -0, 0.5, -1, 65536, 32768, -32769, 4096, 1e-300, 'span', 'x-first', '__proto__', 'toString',
  new Int16Array(8), new Float64Array([NaN, 1, 2, 3]), new BigInt64Array(4), new DataView(new ArrayBuffer(8)), new Uint8Array(0)];

let victims = []; // what a 'trap-dispose' getter disposes: the running case's objects
/** An object whose fields are getters: changing between reads, throwing, or calling the API back. */
function trap(base, kind, target) {
  const o = {};
  let reads = 0;
  for (const [k, v] of Object.entries(base)) {
    Object.defineProperty(o, k, {
      enumerable: true,
      get() {
        reads++;
        if (kind === 'throw') throw new Sentinel(`getter ${k}`);
        if (kind === 'flip') return reads === 1 ? v : 1e12; // a second read would see an invalid value
        if (kind === 'reenter') {
          target.aabb.findPairs([0, 0, 9, 9, 3, 3, 9, 9]);
          const m = target.pixelmask.create(64, 64); // grows the heap while a call reads its arguments
          m.set(1, 1, true);
          m.dispose();
          if (target.traced) target.trace(() => target.circle.overlap({ x: 0, y: 0, r: 3 }, { x: 4, y: 0, r: 3 }));
        }
        if (kind === 'dispose') victims.forEach((d) => d.dispose());
        return v;
      },
    });
  }
  return o;
}

class Liar extends Int16Array { get length() { return 1e6; } }
class ShortLiar extends Float64Array { get length() { return 0; } }

/** One hostile change of an argument list: [index, how, value]. */
const mutation = fc.record({
  pick: fc.nat(),
  how: fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom('replace', 'field', 'element') },
    { weight: 4, arbitrary: fc.constantFrom('proxy', 'trap-flip', 'trap-throw', 'trap-reenter', 'trap-dispose', 'liar') }),
  value: fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...INVALID) }, { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_VALUES) }),
  k: fc.nat(),
});

function mutate(args, m, target) {
  const out = [...args];
  const i = m.pick % Math.max(1, args.length);
  const a = out[i];
  let certain = false; // true when the change makes a required number certainly invalid
  switch (m.how) {
    case 'replace':
      // certainly invalid in place of a number or a box; an empty list is a valid list of boxes
      {
        const isList = Array.isArray(a) || ArrayBuffer.isView(a);
        certain = INVALID.includes(m.value) && !(isList && Array.isArray(m.value) && m.value.length === 0) ? 'arg' : false;
      }
      out[i] = m.value;
      break;
    case 'field':
      if (a && typeof a === 'object' && !Array.isArray(a) && !ArrayBuffer.isView(a)) {
        const keys = Object.keys(a);
        if (keys.length) { const key = keys[m.k % keys.length]; out[i] = { ...a, [key]: m.value }; certain = INVALID.includes(m.value) ? key : false; }
      }
      break;
    case 'element':
      if (Array.isArray(a) && a.length) { const c = [...a]; c[m.k % a.length] = m.value; out[i] = c; certain = INVALID.includes(m.value) ? 'element' : false; }
      else if (ArrayBuffer.isView(a) && !(a instanceof DataView)) out[i] = Array.from(a, (v, j) => (j === m.k % a.length ? m.value : v));
      break;
    case 'proxy':
      if (a && typeof a === 'object') out[i] = new Proxy(a, {});
      break;
    case 'liar':
      if (ArrayBuffer.isView(a) || Array.isArray(a)) out[i] = m.k % 2 ? Liar.from(a, Number) : ShortLiar.from(a, Number);
      break;
    default:
      if (a && typeof a === 'object' && !Array.isArray(a) && !ArrayBuffer.isView(a)) out[i] = trap(a, m.how.slice(5), target);
      else if (Array.isArray(a) && a.length) {
        // one element of a plain array becomes a getter (Object.entries of the trap gives its value)
        const k = m.k % a.length, c = [...a], t = trap({ v: a[k] }, m.how.slice(5), target);
        Object.defineProperty(c, k, { enumerable: true, get: () => t.v });
        out[i] = c;
      }
  }
  return { args: out, index: i, certain };
}

// ---- every public method, with valid arguments ---------------------------------------------------
// strict: argument indices (and for objects, their fields) where a certainly invalid value must throw
// EO_JS_BAD_ARGUMENT. Objects made for a case are disposed after it (harness checks the heap).
const B = [0, 0, 10, 10, 5, 5, 10, 10, 40, 40, 8, 8];
function world(t) {
  const grid = t.sectors.create({ worldW: 64, worldH: 64, cols: 2, rows: 2, maxObjects: 8, maxEntries: 64 });
  grid.build(B);
  const sw = t.sweep.create(8);
  sw.findPairs(B, 'x');
  const a = t.pixelmask.create(8, 8), b = t.pixelmask.create(8, 8);
  a.set(3, 3, true); b.set(0, 0, true);
  const map = t.tiles.createMap({ width: 4, height: 4, cells: new Uint8Array([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1]) });
  const cache = map.createCache();
  const wd = t.world.create({ worldW: 64, worldH: 64, cellSize: 16, maxObjects: 8, map });
  const hero = wd.add(2, 2, 4, 4), crate = wd.add(12, 2, 6, 6, { response: 'bounce', data: 'crate' });
  wd.add(30, 30, 5, 5, { layer: { category: 2, collidesWith: 1 }, response: 'cross' });
  const made = [];
  const keep = (o) => (o && typeof o.dispose === 'function' && made.push(o), o);
  return { grid, sw, a, b, map, cache, wd, hero, crate, made, keep, dispose: () => [grid, sw, a, b, cache, wd, map, ...made].forEach((o) => o.dispose()) };
}
const box = { x: 3, y: 4, w: 5, h: 6 };
const seg = { x0: -5, y0: 2, x1: 30, y1: 20 };
const METHODS = [
  ['gridmask.cells', (t) => [LAYOUT_16], (t, w, a) => t.gridmask.cells(...a), []],
  ['gridmask.build', () => [LAYOUT_16, 'span', box], (t, w, a) => t.gridmask.build(...a), [2]],
  ['gridmask.buildMany', () => [LAYOUT_16, 'endpoints', B, new Uint32Array(3)], (t, w, a) => t.gridmask.buildMany(...a), [2]],
  ['gridmask.test', () => [LAYOUT_16, 0x0101, 0x0202], (t, w, a) => t.gridmask.test(...a), [1, 2]],
  ['gridmask.findCandidates', () => [LAYOUT_16, new Uint32Array([0x101, 0x101, 0x202])], (t, w, a) => t.gridmask.findCandidates(...a), []],
  ['aabb.overlap', () => [box, { x: 6, y: 6, w: 4, h: 4 }, 'y-first'], (t, w, a) => t.aabb.overlap(...a), [0, 1]],
  ['aabb.findPairs', () => [B, 'x-first', new Uint16Array(8)], (t, w, a) => t.aabb.findPairs(...a), [0]],
  ['aabb.chooseOrder', () => [B, 16], (t, w, a) => t.aabb.chooseOrder(...a), [0]],
  ['circle.overlap', () => [{ x: 0, y: 0, r: 5 }, { x: 6, y: 0, r: 2 }], (t, w, a) => t.circle.overlap(...a), [0, 1]],
  ['sectors.create', () => [{ worldW: 100, worldH: 80, cols: 3, rows: 2, maxObjects: 10, maxEntries: 40 }], (t, w, a) => w.keep(t.sectors.create(...a)), []],
  ['sectors.tune', () => [B, [{ cols: 2, rows: 2 }, { cols: 4, rows: 1 }]], (t, w, a) => t.sectors.tune(...a), [0]],
  ['grid.build', () => [B], (t, w, a) => w.grid.build(...a), [0]],
  ['grid.update', () => [B], (t, w, a) => w.grid.update(...a), [0]],
  ['grid.findPairs', () => [B, new Uint16Array([1, 1, 1, 1, 1, 1]), new Uint16Array(4)], (t, w, a) => w.grid.findPairs(...a), []],
  ['grid.updateAndFindPairsBetween', () => [B, new Uint16Array([1, 2, 2, 1, 1, 2]), 1, 2], (t, w, a) => w.grid.updateAndFindPairsBetween(...a), [0, 2, 3]],
  ['grid.ranges', () => [new Uint8Array(12)], (t, w, a) => w.grid.ranges(...a), []],
  ['grid.queryPoint', () => [6, 7, { filter: { category: 1, collidesWith: 1 } }], (t, w, a) => w.grid.queryPoint(...a), [0, 1]],
  ['grid.queryRegion', () => [box, { layers: new Uint16Array([1, 1, 1, 1, 1, 1]) }], (t, w, a) => w.grid.queryRegion(...a), [0]],
  ['sweep.create', () => [12], (t, w, a) => w.keep(t.sweep.create(...a)), [0]],
  ['sweep.findPairs', () => [B, 'y', undefined, new Uint16Array(2)], (t, w, a) => w.sw.findPairs(...a), [0]],
  ['sweep.queryPoint', () => [6, 7], (t, w, a) => w.sw.queryPoint(...a), [0, 1]],
  ['sweep.queryRegion', () => [box], (t, w, a) => w.sw.queryRegion(...a), [0]],
  ['query.segmentAll', (t, w) => [seg, B, { grid: w.grid }], (t, w, a) => t.query.segmentAll(...a), [0]],
  ['query.segmentFirst', () => [seg, B], (t, w, a) => t.query.segmentFirst(...a), [0]],
  ['pixelmask.create', () => [9, 7], (t, w, a) => w.keep(t.pixelmask.create(...a)), [0, 1]],
  ['pixelmask.fromImageData', () => [{ width: 2, height: 2, data: new Uint8ClampedArray(16).fill(200) }, 100], (t, w, a) => w.keep(t.pixelmask.fromImageData(...a)), []],
  ['pixelmask.fromIndices', () => [new Uint8Array([0, 1, 2, 0, 3, 0]), 3, 2], (t, w, a) => w.keep(t.pixelmask.fromIndices(...a)), [1, 2]],
  ['mask.set', () => [2, 5, true], (t, w, a) => w.a.set(...a), [0, 1]],
  ['mask.get', () => [3, 3], (t, w, a) => w.a.get(...a), [0, 1]],
  ['pixelmask.overlapRect', () => [box, { x: 6, y: 6, w: 4, h: 4 }], (t, w, a) => t.pixelmask.overlapRect(...a), [0, 1]],
  ...['overlap', 'firstContact', 'area', 'overlapReference'].map((f) => [`pixelmask.${f}`, (t, w) => [w.a, 0, 0, w.b, 3, 3], (t, w, a) => t.pixelmask[f](...a), [1, 2, 4, 5]]),
  ['pixelmask.overlapMany', (t, w) => [[w.a, w.b], new Int16Array([0, 0, 3, 3]), new Uint16Array([0, 1]), { count: 1, out: new Uint8Array(1), contacts: new Int32Array(2) }], (t, w, a) => t.pixelmask.overlapMany(...a), []],
  ['tiles.createMap', () => [{ width: 3, height: 2, tileSize: 16, outside: 'open-top', cells: new Uint8Array(6), attrs: new Uint8Array(256), rowTable: true }], (t, w, a) => w.keep(t.tiles.createMap(...a)), []],
  ['tiles.createMover', () => [box], (t, w, a) => t.tiles.createMover(...a), [0]],
  ['map.getCell', () => [1, 2], (t, w, a) => w.map.getCell(...a), [0, 1]],
  ['map.setCell', () => [1, 2, 1], (t, w, a) => w.map.setCell(...a), [0, 1, 2]],
  ['map.setCells', () => [new Uint8Array(16)], (t, w, a) => w.map.setCells(...a), []],
  ['map.cells', () => [], (t, w) => w.map.cells(), []],
  ['map.setAttr', () => [5, TILE.WATER], (t, w, a) => w.map.setAttr(...a), [0, 1]],
  ['map.attrAt', () => [1, 3], (t, w, a) => w.map.attrAt(...a), [0, 1]],
  ['map.attrAtPixel', () => [9.5, 30], (t, w, a) => w.map.attrAtPixel(...a), [0, 1]],
  ['map.tileOf', () => [17.2], (t, w, a) => w.map.tileOf(...a), [0]],
  ['map.pixelSolid', () => [3, 25], (t, w, a) => w.map.pixelSolid(...a), [0, 1]],
  ['map.index', () => [2, 2], (t, w, a) => w.map.index(...a), [0, 1]],
  ['map.probe', () => [box, 'corners'], (t, w, a) => w.map.probe(...a), [0]],
  ['map.touching', (t, w) => [box, w.cache], (t, w, a) => w.map.touching(...a), [0]],
  ['map.move', (t, w) => [{ ...box }, 3.5, 40, { drop: true, cache: w.cache }], (t, w, a) => w.map.move(...a), [0, 1, 2]],
  ['map.sweep', (t, w) => [{ ...box }, 30.5, -12, { slide: true, cache: w.cache }], (t, w, a) => w.map.sweep(...a), [0, 1, 2]],
  ['map.walk', () => [{ ...box }, -7, 4, { corners: true }], (t, w, a) => w.map.walk(...a), [0, 1, 2]],
  ['map.moveCharacter', (t, w) => [{ ...box }, 5.5, 20, 2, { reach: 14, drop: true }], (t, w, a) => w.map.moveCharacter(...a), [0, 1, 2, 3]],
  ['map.tileSlope', () => [TILE.SLOPE], (t, w, a) => w.map.tileSlope(...a), [0]],
  ['map.moveMany', () => [new Float64Array([3, 4, 5, 6, 10, 2, 4, 4]), new Float64Array([1, 30, -2, 5]), { drop: false }, { count: 0, hit: new Uint8Array(2), touching: new Uint8Array(2), below: new Uint8Array(2), onGround: new Uint8Array(2) }], (t, w, a) => w.map.moveMany(...a), []],
  ['map.walkMany', () => [new Int16Array([3, 4, 5, 6]), new Int16Array([9]), 2], (t, w, a) => w.map.walkMany(...a), [2]],
  ['map.columnHeight', () => [1, 3], (t, w, a) => w.map.columnHeight(...a), [0, 1]],
  ['map.heights', () => [2], (t, w, a) => w.map.heights(...a), [0]],
  ['map.setSlopes', () => [new Uint8Array(8).fill(4)], (t, w, a) => w.map.setSlopes(...a), []],
  ['map.raycast', () => [seg, { block: 1, visits: true }], (t, w, a) => w.map.raycast(...a), [0]],
  ['map.groundAt', () => [5, 2], (t, w, a) => w.map.groundAt(...a), [0, 1]],
  ['map.boxGround', () => [box, 3], (t, w, a) => w.map.boxGround(...a), [0]],
  ['map.createCache', () => [], (t, w) => w.keep(w.map.createCache()), []],
  ['contact.pushBoxes', () => [box, { x: 6, y: 6, w: 4, h: 4 }], (t, w, a) => t.contact.pushBoxes(...a), [0, 1]],
  ['contact.pushCircles', () => [{ x: 0, y: 0, r: 5 }, { x: 3, y: 1, r: 4 }], (t, w, a) => t.contact.pushCircles(...a), [0, 1]],
  ['contact.pushCircleBox', () => [{ x: 4, y: 4, r: 5 }, box], (t, w, a) => t.contact.pushCircleBox(...a), [0, 1]],
  ['contact.pushOut', () => [box, B], (t, w, a) => t.contact.pushOut(...a), [0]],
  ['contact.sweep', () => [box, 40, -3, { x: 20, y: 0, w: 2, h: 30 }], (t, w, a) => t.contact.sweep(...a), [0, 1, 2, 3]],
  ['contact.sweepMoving', () => [box, 40, 0, { x: 20, y: 0, w: 2, h: 30 }, -5, 1], (t, w, a) => t.contact.sweepMoving(...a), [0, 1, 2, 3, 4, 5]],
  ['pairs.sort', () => [new Uint32Array([3, 4, 0, 1, 3, 4]), 3], (t, w, a) => t.pairs.sort(...a), [0]],
  ['pairs.events', () => [new Uint32Array([0, 1, 2, 3]), new Uint32Array([0, 1, 4, 5])], (t, w, a) => t.pairs.events(...a), [0, 1]],
  ['world.create', (t, w) => [{ worldW: 100, worldH: 80, cellSize: 32, maxObjects: 4, map: w.map }], (t, w, a) => w.keep(t.world.create(...a)), []],
  ['world.add', () => [5, 6, 3, 4, { layer: { category: 1, collidesWith: 3 }, response: 'touch', data: 7 }], (t, w, a) => w.wd.add(...a), [0, 1, 2, 3]],
  ['world.move', (t, w) => [w.hero, 30.5, 3, { filter: () => 'slide' }], (t, w, a) => w.wd.move(...a), [0, 1, 2]],
  ['world.update', (t, w) => [w.crate, 20, 20, 3, 3], (t, w, a) => w.wd.update(...a), [0, 1, 2]],
  ['world.updateMany', (t, w) => [[w.crate, w.hero], [20, 20, 3, 3, 4.5, 5, 6, 6]], (t, w, a) => w.wd.updateMany(...a), [0, 1]],
  ['world.remove', (t, w) => [w.crate], (t, w, a) => w.wd.remove(...a), [0]],
  ['world.get', (t, w) => [w.hero], (t, w, a) => w.wd.get(...a), [0]],
  ['world.queryPoint', () => [3, 3], (t, w, a) => w.wd.queryPoint(...a), [0, 1]],
  ['world.queryRect', () => [0, 0, 20, 20, { layer: { category: 1, collidesWith: 1 } }], (t, w, a) => w.wd.queryRect(...a), [0, 1, 2, 3]],
  ['world.querySegment', () => [0, 0, 40, 40], (t, w, a) => w.wd.querySegment(...a), [0, 1, 2, 3]],
  ['world.pairs', () => [], (t, w) => w.wd.pairs(), []],
  ['world.pairsBetween', () => [1, 2], (t, w, a) => w.wd.pairsBetween(...a), [0, 1]],
  ['world.events', () => [], (t, w) => w.wd.events(), []],
  ['heapStats', () => [], (t) => t.heapStats(), []],
  ['trace', () => [() => traced.gridmask.build(LAYOUT_16, 'span', box), 64], (t, w, a) => traced.trace(...a), [1]], // the fast module's: lifecycle
];

function check(call, target, strictHit, label) {
  let result;
  try {
    result = call();
  } catch (e) {
    if (e instanceof Sentinel) return;
    if (!(e instanceof EarlyoutError)) throw new Error(`${label}: ${e?.name ?? typeof e} escaped: ${e?.message ?? String(e)}`, { cause: e });
    assert.ok(CODES.has(e.code), `${label}: unknown code ${e.code}`);
    assert.equal(e.name, 'EarlyoutError');
    if (strictHit) assert.equal(e.code, 'EO_JS_BAD_ARGUMENT', `${label}: ${e.message}`);
    return;
  }
  if (strictHit) assert.fail(`${label}: a certainly invalid value was accepted (answer ${String(result)})`);
}

for (const [name, argsOf, run, strict] of METHODS) {
  test(`hostile arguments: ${name}`, () => {
    fc.assert(fc.property(mutation, fc.boolean(), (m, useTraced) => {
      const t = useTraced ? traced : eo;
      const w = world(t);
      victims = [w.grid, w.sw, w.a, w.b, w.cache, w.wd];
      try {
        const { args, index, certain } = mutate(argsOf(t, w), m, t);
        const strictHit = strict.includes(index) && certain !== false;
        check(() => run(t, w, args), t, strictHit, `${name}(${m.how} #${index} ${String(m.value)})`);
      } finally {
        victims = [];
        w.dispose();
      }
      settle(eo);
      settle(traced);
    }), runs(0.5));
  });
}

test('lifecycle: dispose twice, use after dispose, foreign objects, trace() nesting', () => {
  const ops = fc.array(fc.constantFrom('dispose', 'use', 'foreign', 'nest', 'trace-throws', 'fast-trace'), { minLength: 1, maxLength: 12 });
  fc.assert(fc.property(ops, (list) => {
    const w = world(traced);
    const o = world(other);
    let gone = false;
    try {
      for (const op of list) {
        const bad = (fn, code = 'EO_JS_BAD_ARGUMENT') => assert.throws(fn, (e) => e instanceof EarlyoutError && e.code === code, op);
        const gone_ = (fn) => bad(fn, 'EO_JS_DISPOSED');
        if (op === 'dispose') {
          for (const d of [w.grid, w.sw, w.a, w.cache, w.map]) { d.dispose(); d.dispose(); }
          gone = true;
        } else if (op === 'use') {
          const uses = [() => w.grid.findPairs(B), () => w.sw.queryPoint(1, 1), () => w.a.get(0, 0), () => w.map.getCell(0, 0),
            () => w.map.touching(box, w.cache), () => traced.pixelmask.overlap(w.a, 0, 0, w.b, 0, 0), () => traced.query.segmentAll(seg, B, { grid: w.grid })];
          uses.push(() => w.cache.reset());
          // every property too: a disposed object answers nothing
          uses.push(() => w.grid.cols, () => w.a.width, () => w.map.tileSize);
          for (const u of uses) gone ? gone_(u) : u();
        } else if (op === 'foreign') {
          bad(() => traced.pixelmask.overlap(o.a, 0, 0, w.b, 0, 0));
          bad(() => traced.pixelmask.overlapMany([w.b, o.b], [0, 0, 1, 1], new Uint16Array([0, 1])));
          bad(() => traced.query.segmentAll(seg, B, { grid: o.grid }));
          if (!gone) bad(() => w.map.touching(box, o.cache));
        } else if (op === 'nest') {
          const r = traced.trace(() => {
            bad(() => traced.trace(() => 1));
            return traced.aabb.overlap(box, box).overlap;
          });
          assert.equal(r.result, true);
          assert.ok(r.steps.length > 0);
        } else if (op === 'trace-throws') {
          assert.throws(() => traced.trace(() => { throw new Sentinel('inside'); }), Sentinel);
          assert.equal(traced.trace(() => 7).result, 7, 'a trace after a throwing one works');
        } else {
          bad(() => eo.trace(() => 1), 'EO_JS_NOT_TRACED');
        }
      }
    } finally {
      w.dispose();
      o.dispose();
    }
    settle(traced);
    settle(other);
  }), runs(1));
});

// Found by the lifecycle property: GRIDS is shared by every loaded module, so a grid of another
// module passed as options.grid lent its pointer to this module's core, which read whatever this
// module kept at that address: here its own grid of the same boxes swapped, and the hit was lost.
test('regression: query.segmentAll refuses a sector grid of another loaded module', () => {
  const cfg = { worldW: 256, worldH: 256, cols: 4, rows: 4, maxObjects: 4 };
  const mine = eo.sectors.create(cfg), theirs = other.sectors.create(cfg);
  const boxes = [10, 10, 10, 10, 200, 200, 10, 10];
  try {
    mine.build([200, 200, 10, 10, 10, 10, 10, 10]);
    theirs.build(boxes);
    const seg = { x0: 0, y0: 15, x1: 30, y1: 15 };
    for (const f of ['segmentAll', 'segmentFirst'])
      assert.throws(() => eo.query[f](seg, boxes, { grid: theirs }), (e) => e instanceof EarlyoutError && e.code === 'EO_JS_BAD_ARGUMENT' && /another loaded/.test(e.message));
    assert.equal(eo.query.segmentAll(seg, boxes).length, 1);
  } finally {
    mine.dispose();
    theirs.dispose();
  }
  settle(eo);
  settle(other);
});

test('hostile load options: loadEarlyoutSync answers or throws an EarlyoutError', () => {
  const bytes = readFileSync(new URL('../../build/wasm/pkg/earlyout.wasm', import.meta.url));
  const good = { wasm: bytes, traced: false, maxMemory: 4 << 20 };
  fc.assert(fc.property(mutation, (m) => {
    const { args: [opts], certain } = mutate([good], m, eo);
    let made;
    check(() => { made = loadEarlyoutSync(opts); }, eo, m.how === 'field' && certain === 'maxMemory', `loadEarlyoutSync(${m.how} ${String(m.value)})`);
    if (made) {
      const r = made.aabb.findPairs([0, 0, 4, 4, 2, 2, 4, 4]);
      assert.equal(r.count, 1, 'a module loaded with these options answers');
      assert.equal(made.heapUsed(), 0);
    }
  }), runs(1));
});
