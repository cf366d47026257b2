// eo.aabb and eo.circle: box and disc overlap, the all-pairs baseline (core/include/earlyout/aabb.h).
import type { Core, Expect } from './core.js';
import { MAX_COUNT } from './core.js';
import { fail } from './errors.js';
import { FIELD_TYPES, LAYOUT } from './generated/abi.js';
import { DEFINES, ENUMS } from './generated/constants.js';
import { BOUNDS, boxSource, choice, COORD_MAX, COORD_MIN, finite, int, intoArray, isInto, readBoxBounds, show, typed, intoFailed } from './input.js';
import type { AabbApi, AllPairs, AxisOrder, CircleApi, OrderReport } from './types.js';

type _Circle = Expect<typeof FIELD_TYPES.aabb_circle, { x: 'eo_coord'; y: 'eo_coord'; r: 'eo_coord' }>;
type _CircleAt = Expect<typeof LAYOUT.aabb_circle, { size: 12; x: 0; y: 4; r: 8 }>; // three int32 (setInt32 below)
type _Report = Expect<typeof FIELD_TYPES.aabb_order_report, { order: 'eo_aabb_order'; pairs_sampled: 'uint32_t'; comparisons_x_first: 'uint32_t';
  comparisons_y_first: 'uint32_t'; apart_on_x: 'uint32_t'; apart_on_y: 'uint32_t' }>;

const O = ENUMS.eo_aabb_order;
/** @internal */
export const ORDERS = { 'x-first': O.EO_AABB_X_FIRST, 'y-first': O.EO_AABB_Y_FIRST } as const;
const order = (o: unknown) => (o === undefined ? O.EO_AABB_X_FIRST : choice('order', o, ORDERS));

/** @internal */
export function makeAabb(core: Core, site: { hint: number }): AabbApi {
  const x = core.x, heap = core.heap;
  // the pair call, made once (no closure a call): what it reads is set just before
  let callBoxes = 0, callCount = 0, callOrder = 0, callComparisons = 0;
  const findCall = (pp: number, cap: number, pc: number, first: boolean) =>
    x.eo_aabb_find_pairs(callBoxes, callCount, callOrder, pp, cap, pc, callComparisons, first ? core.hooks : 0);
  return {
    overlap(a, b, ord, into) {
      const o = order(ord);
      readBoxBounds('a', a);
      const a0 = BOUNDS[0], a1 = BOUNDS[1], a2 = BOUNDS[2], a3 = BOUNDS[3];
      readBoxBounds('b', b);
      const b0 = BOUNDS[0], b1 = BOUNDS[1], b2 = BOUNDS[2], b3 = BOUNDS[3];
      if (into !== undefined && !isInto('into', into)) fail(`into must be an object { overlap, comparisons } to fill, got ${show(into)}`);
      const m = core.enter();
      try {
        const pa = core.scratch(2 * LAYOUT.box.size + 1, 'aabb.overlap'), pb = pa + LAYOUT.box.size, pn = pb + LAYOUT.box.size;
        const i32 = heap.i32, ka = pa >>> 2, kb = pb >>> 2;
        i32[ka] = a0; i32[ka + 1] = a1; i32[ka + 2] = a2; i32[ka + 3] = a3;
        i32[kb] = b0; i32[kb + 1] = b1; i32[kb + 2] = b2; i32[kb + 3] = b3;
        const hit = x.eo_aabb_overlap_ordered(pa, pb, o, pn, core.hooks) === 1, comparisons = heap.u8[pn];
        if (into === undefined) return { overlap: hit, comparisons };
        { try { into.overlap = hit; into.comparisons = comparisons; } catch (e) { intoFailed(e); } }
        return into;
      } finally {
        core.leave(m);
      }
    },
    findPairs(boxes, ord, out) {
      const what = 'aabb.findPairs';
      const o = order(ord);
      const src = boxSource('boxes', boxes, MAX_COUNT);
      let view: Uint32Array | undefined, into: Record<string, unknown> | undefined;
      if (out !== undefined) {
        if (isInto('out', out)) { into = out; view = intoArray('out', out, 'pairs', Uint32Array); }
        else view = typed('out', out, Uint32Array);
      }
      const m = core.enter();
      try {
        callBoxes = core.putBoxes(src, what);
        callCount = src.length >>> 2;
        callOrder = o;
        callComparisons = core.scratch(4, what);
        const arr = core.pairs(findCall, what, view, into !== undefined, out, site);
        const count = core.pairCount, comparisons = heap.u32[callComparisons >>> 2];
        if (into === undefined) return { count, pairs: arr, comparisons };
        { try { into.count = count; into.pairs = arr; into.comparisons = comparisons; } catch (e) { intoFailed(e); } }
        return into as unknown as AllPairs;
      } finally {
        core.leave(m);
      }
    },
    chooseOrder(boxes, sampleLimit = 64, into?) {
      int('sampleLimit', sampleLimit, 2, 255);
      const src = boxSource('boxes', boxes, MAX_COUNT);
      if (into !== undefined && !isInto('into', into)) fail(`into must be an OrderReport object to fill, got ${show(into)}`);
      const m = core.enter();
      try {
        const R = LAYOUT.aabb_order_report;
        const pb = core.putBoxes(src, 'aabb.chooseOrder'), pr = core.scratch(R.size, 'aabb.chooseOrder');
        core.check(x.eo_aabb_choose_order(pb, src.length >>> 2, sampleLimit, pr, core.hooks), 'aabb.chooseOrder');
        const u32 = heap.u32, u = (off: number) => u32[(pr + off) >>> 2];
        const chosen: AxisOrder = u(R.order) === O.EO_AABB_Y_FIRST ? 'y-first' : 'x-first';
        const r = (into ?? {}) as Record<string, unknown>;
        { try { r.order = chosen; r.pairsSampled = u(R.pairs_sampled); r.comparisonsXFirst = u(R.comparisons_x_first); } catch (e) { intoFailed(e); } }
        { try { r.comparisonsYFirst = u(R.comparisons_y_first); r.apartOnX = u(R.apart_on_x); r.apartOnY = u(R.apart_on_y); } catch (e) { intoFailed(e); } }
        return r as unknown as OrderReport;
      } finally {
        core.leave(m);
      }
    },
  };
}

/** @internal A disc as the integer disc the core tests: the centre rounded, the radius grown by the distance
    rounding moved it (so the integer disc holds the float one: a superset), exact for integers.
    Left in DISC (written after every field was read): copy it before reading anything else. */
export const DISC = { x: 0, y: 0, r: 0 };
export function disc(name: string, c: unknown): void {
  if (c === null || typeof c !== 'object') fail(`${name} must be an object { x, y, r }, got ${show(c)}`);
  const o = c as Record<string, unknown>;
  const ox = o.x, oy = o.y, or = o.r;
  if (typeof ox !== 'number' || typeof oy !== 'number' || typeof or !== 'number' || !Number.isFinite(ox) || !Number.isFinite(oy) || !Number.isFinite(or)) {
    finite(`${name}.x`, ox); finite(`${name}.y`, oy); finite(`${name}.r`, or); // throws, naming the field
  }
  const fx = ox as number, fy = oy as number, fr = or as number;
  const cx = Math.round(fx), cy = Math.round(fy);
  const moved = Math.sqrt((fx - cx) * (fx - cx) + (fy - cy) * (fy - cy));
  const r = moved === 0 ? Math.ceil(fr) : Math.ceil(fr + moved + 1e-9);
  if (cx < COORD_MIN || cx > COORD_MAX) fail(`${name}.x = ${fx} is outside the world (${COORD_MIN} .. ${COORD_MAX})`);
  if (cy < COORD_MIN || cy > COORD_MAX) fail(`${name}.y = ${fy} is outside the world (${COORD_MIN} .. ${COORD_MAX})`);
  if (fr < 0 || r > DEFINES.EO_AABB_CIRCLE_MAX_RADIUS) fail(`${name}.r must be from 0 to ${DEFINES.EO_AABB_CIRCLE_MAX_RADIUS}, got ${fr}`);
  DISC.x = cx; DISC.y = cy; DISC.r = r;
}

/** @internal */
export function makeCircle(core: Core): CircleApi {
  const x = core.x, C = LAYOUT.aabb_circle, heap = core.heap;
  const put = (p: number, cx: number, cy: number, r: number) => {
    const i32 = heap.i32;
    i32[(p + C.x) >>> 2] = cx; i32[(p + C.y) >>> 2] = cy; i32[(p + C.r) >>> 2] = r;
  };
  return {
    overlap(a, b) {
      disc('a', a);
      const ax = DISC.x, ay = DISC.y, ar = DISC.r;
      disc('b', b);
      const bx = DISC.x, by = DISC.y, br = DISC.r;
      const m = core.enter();
      try {
        const pa = core.scratch(2 * C.size + 1, 'circle.overlap'), pb = pa + C.size, po = pb + C.size;
        put(pa, ax, ay, ar); put(pb, bx, by, br);
        core.check(x.eo_aabb_circle_overlap(pa, pb, po, core.hooks), 'circle.overlap');
        return heap.u8[po] === 1;
      } finally {
        core.leave(m);
      }
    },
  };
}
