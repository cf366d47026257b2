// eo.contact: push-out, normals and the time of impact of a moving box (core/include/earlyout/contact.h).
import { disc, DISC } from './aabb.js';
import type { Core, Expect } from './core.js';
import { fail } from './errors.js';
import { FIELD_TYPES, LAYOUT } from './generated/abi.js';
import { DEFINES } from './generated/constants.js';
import { BOUNDS, boxSource, finite, intoFailed, isInto, readBoxBounds, show } from './input.js';
import type { ContactApi, Push, SweepHit } from './types.js';

type _Push = Expect<typeof FIELD_TYPES.contact_push, { x: 'eo_coord'; y: 'eo_coord'; along_x: 'eo_coord'; along_y: 'eo_coord';
  nx: 'int16_t'; ny: 'int16_t'; overlap: 'uint8_t'; face: 'uint8_t' }>;
type _Hit = Expect<typeof FIELD_TYPES.contact_hit, { t_num: 'uint32_t'; t_den: 'uint32_t'; x: 'eo_coord'; y: 'eo_coord';
  nx: 'int16_t'; ny: 'int16_t'; hit: 'uint8_t'; face: 'uint8_t'; inside: 'uint8_t' }>;

const ONE: number = DEFINES.EO_CONTACT_ONE;
const MAX_MOVE: number = DEFINES.EO_CONTACT_MAX_MOVE;
const MAX_PUSH_BOXES: number = DEFINES.EO_CONTACT_MAX_PUSH_BOXES;

/** A move in whole pixels (a float is floored, as a position is), within EO_CONTACT_MAX_MOVE. */
function move(name: string, v: unknown): number {
  const d = Math.floor(finite(name, v));
  if (d < -MAX_MOVE || d > MAX_MOVE) fail(`${name} must be from ${-MAX_MOVE} to ${MAX_MOVE} px (EO_CONTACT_MAX_MOVE), got ${v as number}`);
  return d;
}

/** @internal */
export function makeContact(core: Core): ContactApi {
  const x = core.x, heap = core.heap, P = LAYOUT.contact_push, H = LAYOUT.contact_hit, B = LAYOUT.box, C = LAYOUT.aabb_circle;
  const A4 = new Int32Array(4), B4 = new Int32Array(4);
  const checkInto = (into: unknown, what: string) => {
    if (into !== undefined && !isInto('into', into)) fail(`into must be ${what} to fill (an earlier answer), got ${show(into)}`);
    return into as Record<string, unknown> | undefined;
  };
  const putBox = (p: number, b: Int32Array) => heap.i32.set(b, p >>> 2);
  const putDisc = (p: number) => {
    const i32 = heap.i32;
    i32[(p + C.x) >>> 2] = DISC.x; i32[(p + C.y) >>> 2] = DISC.y; i32[(p + C.r) >>> 2] = DISC.r;
  };
  const readPush = (p: number, into: Record<string, unknown> | undefined): Push => {
    const i32 = heap.i32, dv = heap.dv;
    const r = into ?? {};
    try {
      r.overlap = heap.u8[p + P.overlap] === 1;
      r.x = i32[(p + P.x) >>> 2]; r.y = i32[(p + P.y) >>> 2];
      r.alongX = i32[(p + P.along_x) >>> 2]; r.alongY = i32[(p + P.along_y) >>> 2];
      r.nx = dv.getInt16(p + P.nx, true) / ONE; r.ny = dv.getInt16(p + P.ny, true) / ONE;
      r.face = heap.u8[p + P.face];
    } catch (e) {
      intoFailed(e);
    }
    return r as unknown as Push;
  };
  const readHit = (p: number, into: Record<string, unknown> | undefined): SweepHit => {
    const i32 = heap.i32, u32 = heap.u32, dv = heap.dv;
    const r = into ?? {};
    const tNum = u32[(p + H.t_num) >>> 2], tDen = u32[(p + H.t_den) >>> 2];
    try {
      r.hit = heap.u8[p + H.hit] === 1; r.inside = heap.u8[p + H.inside] === 1;
      r.tNum = tNum; r.tDen = tDen; r.t = tDen === 0 ? 0 : tNum / tDen;
      r.x = i32[(p + H.x) >>> 2]; r.y = i32[(p + H.y) >>> 2];
      r.nx = dv.getInt16(p + H.nx, true); r.ny = dv.getInt16(p + H.ny, true);
      r.face = heap.u8[p + H.face];
    } catch (e) {
      intoFailed(e);
    }
    return r as unknown as SweepHit;
  };
  const twoBoxes = (a: unknown, b: unknown) => {
    readBoxBounds('a', a); A4.set(BOUNDS);
    readBoxBounds('b', b); B4.set(BOUNDS);
  };
  return {
    pushBoxes(a, b, into) {
      const r = checkInto(into, 'a Push');
      twoBoxes(a, b);
      const m = core.enter();
      try {
        const pa = core.scratch(2 * B.size + P.size, 'contact.pushBoxes'), pb = pa + B.size, pp = pb + B.size;
        putBox(pa, A4); putBox(pb, B4);
        core.check(x.eo_contact_push_boxes(pa, pb, pp, core.hooks), 'contact.pushBoxes', 'boxes need w, h >= 1 and their last pixels inside the world');
        return readPush(pp, r);
      } finally {
        core.leave(m);
      }
    },
    pushCircles(a, b, into) {
      const r = checkInto(into, 'a Push');
      disc('a', a);
      const ax = DISC.x, ay = DISC.y, ar = DISC.r;
      disc('b', b);
      const m = core.enter();
      try {
        const pa = core.scratch(2 * C.size + P.size, 'contact.pushCircles'), pb = pa + C.size, pp = pb + C.size;
        putDisc(pb);
        DISC.x = ax; DISC.y = ay; DISC.r = ar;
        putDisc(pa);
        core.check(x.eo_contact_push_circles(pa, pb, pp, core.hooks), 'contact.pushCircles', 'the push would take a\'s centre out of the world');
        return readPush(pp, r);
      } finally {
        core.leave(m);
      }
    },
    pushCircleBox(a, b, into) {
      const r = checkInto(into, 'a Push');
      disc('a', a);
      const ax = DISC.x, ay = DISC.y, ar = DISC.r;
      readBoxBounds('b', b); B4.set(BOUNDS);
      const m = core.enter();
      try {
        const pa = core.scratch(C.size + B.size + P.size, 'contact.pushCircleBox'), pb = pa + C.size, pp = pb + B.size;
        DISC.x = ax; DISC.y = ay; DISC.r = ar;
        putDisc(pa); putBox(pb, B4);
        core.check(x.eo_contact_push_circle_box(pa, pb, pp, core.hooks), 'contact.pushCircleBox',
          'b needs w, h >= 1 and its last pixels inside the world, and the push must keep a\'s centre in it');
        return readPush(pp, r);
      } finally {
        core.leave(m);
      }
    },
    pushOut(a, others, into) {
      const r = checkInto(into, 'a Push');
      readBoxBounds('a', a); A4.set(BOUNDS);
      const src = boxSource('others', others, MAX_PUSH_BOXES, `EO_CONTACT_MAX_PUSH_BOXES: at most ${MAX_PUSH_BOXES} at once`);
      const m = core.enter();
      try {
        const n = src.length >>> 2, pa = core.scratch(B.size + P.size, 'contact.pushOut'), pp = pa + B.size;
        const po = core.putBoxes(src, 'contact.pushOut', 'others');
        putBox(pa, A4);
        core.check(x.eo_contact_push_out(pa, po, n, pp, core.hooks), 'contact.pushOut',
          'a needs w, h >= 1 inside the world; EO_ERR_BAD_ARGUMENT also when the boxes leave it no way out');
        return readPush(pp, r);
      } finally {
        core.leave(m);
      }
    },
    sweep(a, dx, dy, b, into) {
      const r = checkInto(into, 'a SweepHit');
      twoBoxes(a, b);
      const ddx = move('dx', dx), ddy = move('dy', dy);
      const m = core.enter();
      try {
        const pa = core.scratch(2 * B.size + H.size, 'contact.sweep'), pb = pa + B.size, ph = pb + B.size;
        putBox(pa, A4); putBox(pb, B4);
        core.check(x.eo_contact_sweep_box(pa, ddx, ddy, pb, ph, core.hooks), 'contact.sweep', 'boxes need w, h >= 1 and their last pixels inside the world');
        return readHit(ph, r);
      } finally {
        core.leave(m);
      }
    },
    sweepMoving(a, adx, ady, b, bdx, bdy, into) {
      const r = checkInto(into, 'a SweepHit');
      twoBoxes(a, b);
      const d0 = move('adx', adx), d1 = move('ady', ady), d2 = move('bdx', bdx), d3 = move('bdy', bdy);
      const m = core.enter();
      try {
        const pa = core.scratch(2 * B.size + H.size, 'contact.sweepMoving'), pb = pa + B.size, ph = pb + B.size;
        putBox(pa, A4); putBox(pb, B4);
        core.check(x.eo_contact_sweep_boxes(pa, d0, d1, pb, d2, d3, ph, core.hooks), 'contact.sweepMoving', 'boxes need w, h >= 1 and their last pixels inside the world');
        return readHit(ph, r);
      } finally {
        core.leave(m);
      }
    },
  };
}
