// eo.aabb and eo.circle: box and disc overlap, the all-pairs baseline (core/include/earlyout/aabb.h).
import type { Core, Expect } from './core.js';
import { MAX_COUNT } from './core.js';
import { fail } from './errors.js';
import { FIELD_TYPES, LAYOUT } from './generated/abi.js';
import { DEFINES, ENUMS } from './generated/constants.js';
import { box, boxList, choice, COORD_MAX, COORD_MIN, finite, int, show, typed } from './input.js';
import type { AabbApi, AxisOrder, CircleApi } from './types.js';

type _Circle = Expect<typeof FIELD_TYPES.aabb_circle, { x: 'eo_coord'; y: 'eo_coord'; r: 'eo_coord' }>;
type _CircleAt = Expect<typeof LAYOUT.aabb_circle, { size: 12; x: 0; y: 4; r: 8 }>; // three int32 (setInt32 below)
type _Report = Expect<typeof FIELD_TYPES.aabb_order_report, { order: 'eo_aabb_order'; pairs_sampled: 'uint32_t'; comparisons_x_first: 'uint32_t';
  comparisons_y_first: 'uint32_t'; apart_on_x: 'uint32_t'; apart_on_y: 'uint32_t' }>;

const O = ENUMS.eo_aabb_order;
/** @internal */
export const ORDERS = { 'x-first': O.EO_AABB_X_FIRST, 'y-first': O.EO_AABB_Y_FIRST } as const;
const order = (o: unknown) => (o === undefined ? O.EO_AABB_X_FIRST : choice('order', o, ORDERS));

/** @internal */
export function makeAabb(core: Core, site: object): AabbApi {
  const x = core.x;
  return {
    overlap(a, b, ord) {
      const o = order(ord);
      const ba = box('a', a), bb = box('b', b);
      return core.scoped(() => {
        const pa = core.putBox(ba, 'aabb.overlap'), pb = core.putBox(bb, 'aabb.overlap'), pn = core.scratch(1, 'aabb.overlap');
        const hit = x.eo_aabb_overlap_ordered(pa, pb, o, pn, core.hooks);
        return { overlap: hit === 1, comparisons: core.heap.u8[pn] };
      });
    },
    findPairs(boxes, ord, out) {
      const o = order(ord);
      const list = boxList('boxes', boxes, MAX_COUNT);
      const ov = out === undefined ? undefined : typed('out', out, Uint32Array);
      return core.scoped(() => {
        const pb = core.putBoxes(list, 'aabb.findPairs'), pcmp = core.scratch(4, 'aabb.findPairs');
        const result = core.pairs((pp, cap, pc, first) => x.eo_aabb_find_pairs(pb, list.count, o, pp, cap, pc, pcmp, first ? core.hooks : 0),
                                  'aabb.findPairs', out, ov, site);
        return { ...result, comparisons: core.heap.dv.getUint32(pcmp, true) };
      });
    },
    chooseOrder(boxes, sampleLimit = 64) {
      int('sampleLimit', sampleLimit, 2, 255);
      const list = boxList('boxes', boxes, MAX_COUNT);
      return core.scoped(() => {
        const R = LAYOUT.aabb_order_report;
        const pb = core.putBoxes(list, 'aabb.chooseOrder'), pr = core.scratch(R.size, 'aabb.chooseOrder');
        core.check(x.eo_aabb_choose_order(pb, list.count, sampleLimit, pr, core.hooks), 'aabb.chooseOrder');
        const dv = core.heap.dv, u = (off: number) => dv.getUint32(pr + off, true);
        const chosen: AxisOrder = dv.getUint32(pr + R.order, true) === O.EO_AABB_Y_FIRST ? 'y-first' : 'x-first';
        return { order: chosen, pairsSampled: u(R.pairs_sampled), comparisonsXFirst: u(R.comparisons_x_first),
                 comparisonsYFirst: u(R.comparisons_y_first), apartOnX: u(R.apart_on_x), apartOnY: u(R.apart_on_y) };
      });
    },
  };
}

/** A disc as the integer disc the core tests: the centre rounded, the radius grown by the distance
    rounding moved it (so the integer disc holds the float one: a superset), exact for integers. */
function disc(name: string, c: unknown): [number, number, number] {
  if (c === null || typeof c !== 'object') fail(`${name} must be an object { x, y, r }, got ${show(c)}`);
  const o = c as Record<string, unknown>;
  const ox = o.x, oy = o.y, or = o.r;
  const fx = finite(`${name}.x`, ox), fy = finite(`${name}.y`, oy), fr = finite(`${name}.r`, or);
  const cx = Math.round(fx), cy = Math.round(fy);
  const moved = Math.hypot(fx - cx, fy - cy);
  const r = moved === 0 ? Math.ceil(fr) : Math.ceil(fr + moved + 1e-9);
  if (cx < COORD_MIN || cx > COORD_MAX) fail(`${name}.x = ${fx} is outside the world (${COORD_MIN} .. ${COORD_MAX})`);
  if (cy < COORD_MIN || cy > COORD_MAX) fail(`${name}.y = ${fy} is outside the world (${COORD_MIN} .. ${COORD_MAX})`);
  if (fr < 0 || r > DEFINES.EO_AABB_CIRCLE_MAX_RADIUS) fail(`${name}.r must be from 0 to ${DEFINES.EO_AABB_CIRCLE_MAX_RADIUS}, got ${fr}`);
  return [cx, cy, r];
}

/** @internal */
export function makeCircle(core: Core): CircleApi {
  const x = core.x, C = LAYOUT.aabb_circle;
  const put = (d: [number, number, number]): number => {
    const p = core.scratch(C.size, 'circle.overlap'), dv = core.heap.dv;
    dv.setInt32(p + C.x, d[0], true); dv.setInt32(p + C.y, d[1], true); dv.setInt32(p + C.r, d[2], true);
    return p;
  };
  return {
    overlap(a, b) {
      const da = disc('a', a), db = disc('b', b);
      return core.scoped(() => {
        const pa = put(da), pb = put(db), po = core.scratch(1, 'circle.overlap');
        core.check(x.eo_aabb_circle_overlap(pa, pb, po, core.hooks), 'circle.overlap');
        return core.heap.u8[po] === 1;
      });
    },
  };
}
