// eo.pixelmask: per-row bitmask sprite collision (core/include/earlyout/pixelmask.h).
import type { Core } from './core.js';
import { disposedError, fail } from './errors.js';
import { LAYOUT } from './generated/abi.js';
import { DEFINES } from './generated/constants.js';
import { BOUNDS, bool, COORD_MAX, COORD_MIN, int, isInto, kindOf, OptionReader, pixel, readBoxBounds, realView, show, typed, intoFailed } from './input.js';
import { RESULT } from './generated/constants.js';
import type { Owner } from './memory.js';
import type { PixelMask, PixelMaskApi } from './types.js';

const MAX_SIZE = DEFINES.EO_PIXELMASK_MAX_SIZE;

/** Floors src[0 .. n) into out[at .. at + n) (the core's eo_coord); the index of the first value
    that is not finite or not in the world, else -1. Both arrays are Float64Array / Int32Array, so
    the loop stays monomorphic whatever array type the game passed. */
function floorInto(src: Float64Array, n: number, out: Int32Array, at: number): number {
  for (let i = 0; i < n; i++) {
    const v = Math.floor(src[i]);
    if (!(v >= COORD_MIN && v <= COORD_MAX)) return i;
    out[at + i] = v;
  }
  return -1;
}

const MANY_OPTIONS = new OptionReader('options', ['count', 'out', 'contacts'] as const);

/** @internal */
export function makePixelmask(core: Core): PixelMaskApi {
  const x = core.x, heap = core.heap;
  const live = new WeakMap<object, { ptr: number; owner: Owner }>();
  // overlapMany's last mask list and its pointers: a game passes the same masks frame after frame,
  // so a mask seen at the same index in the last call needs no lookup. Dropped whenever any mask
  // is disposed (its memory may be reused by a new mask). Both arrays are kept and grown (no
  // garbage a frame): `reading` holds the masks of the running call, read once each.
  let lastList: unknown[] = [], lastCount = -1, lastPtrs = new Uint32Array(64);
  let reading: unknown[] = [], readingBusy = false;
  // overlapMany's positions as float64, reused (filled and read with no user code in between)
  let positionsF64 = new Float64Array(64);
  const ptrOf = (name: string, m: unknown): number => {
    const rec = typeof m === 'object' && m !== null ? live.get(m) : undefined;
    if (rec === undefined) fail(`${name} must be a PixelMask made by this module`);
    if (rec.owner.released) disposedError(name);
    return rec.ptr;
  };
  /** A new mask's memory, or nothing at all if it cannot be made. */
  const make = (width: number, height: number, what: string, fill?: (ptr: number) => void): PixelMask => {
    const need = x.eo_pixelmask_storage_size(width, height);
    const owner = heap.owner();
    let ptr = 0;
    try {
      const mem = owner.add(heap.allocBlock(LAYOUT.pixelmask.size + 16 + need, what));
      ptr = mem.at;
      const storage = Math.ceil((mem.at + LAYOUT.pixelmask.size) / 16) * 16;
      core.check(x.eo_pixelmask_init(ptr, width, height, storage, need), what);
      if (fill) core.scoped(() => fill(ptr));
    } catch (e) {
      owner.release();
      throw e;
    }
    const p = ptr;
    const alive = () => { if (owner.released) disposedError('this pixel mask'); };
    const mask = {
      get width() { alive(); return width; },
      get height() { alive(); return height; },
      set(px: unknown, py: unknown, solid: unknown) {
        const cx = int('x', px, 0, width - 1), cy = int('y', py, 0, height - 1), on = bool('solid', solid);
        alive();
        core.check(x.eo_pixelmask_set(p, cx, cy, on ? 1 : 0), 'pixelmask.set');
      },
      get(px: unknown, py: unknown) {
        const cx = int('x', px, 0, width - 1), cy = int('y', py, 0, height - 1);
        alive();
        return x.eo_pixelmask_get(p, cx, cy) === 1;
      },
      dispose() {
        if (owner.released) return;
        lastCount = -1;
        heap.untrack(owner);
        owner.release();
      },
    } as PixelMask;
    live.set(mask, { ptr, owner });
    heap.track(mask, owner);
    return mask;
  };
  /** Placements: each mask drawn with its top-left pixel at (floor(ax), floor(ay)), in PLACED. */
  const PLACED = { ax: 0, ay: 0, bx: 0, by: 0, pa: 0, pb: 0 };
  const place = (a: unknown, ax: unknown, ay: unknown, b: unknown, bx: unknown, by: unknown) => {
    const x0 = pixel('ax', ax), y0 = pixel('ay', ay), x1 = pixel('bx', bx), y1 = pixel('by', by);
    const pa = ptrOf('a', a), pb = ptrOf('b', b);
    PLACED.ax = x0; PLACED.ay = y0; PLACED.bx = x1; PLACED.by = y1; PLACED.pa = pa; PLACED.pb = pb;
  };
  return {
    create(width, height) {
      int('width', width, 1, MAX_SIZE);
      int('height', height, 1, MAX_SIZE);
      return make(width, height, 'pixelmask.create');
    },
    fromImageData(image, alphaThreshold = 128) {
      if (image === null || typeof image !== 'object') fail(`image must be an ImageData (width, height, data), got ${show(image)}`);
      const o = image as unknown as Record<string, unknown>;
      const width = o.width, height = o.height, data = o.data;
      int('alphaThreshold', alphaThreshold, 1, 255);
      int('image.width', width, 1, MAX_SIZE); int('image.height', height, 1, MAX_SIZE);
      const w = width as number, h = height as number;
      const d = typed('image.data', data, Uint8ClampedArray, Uint8Array);
      if (d.length !== w * h * 4) fail(`image.data must hold width * height * 4 = ${w * h * 4} bytes, got ${d.length}`);
      return make(w, h, 'pixelmask.fromImageData', (ptr) => {
        const p = core.scratch(d.length, 'pixelmask.fromImageData');
        heap.u8.set(d, p);
        core.check(x.eo_pixelmask_from_rgba(ptr, p, w * 4, alphaThreshold), 'pixelmask.fromImageData');
      });
    },
    fromIndices(indices, width, height) {
      const ix = typed('indices', indices, Uint8Array);
      int('width', width, 1, MAX_SIZE); int('height', height, 1, MAX_SIZE);
      if (ix.length !== width * height) fail(`indices must hold width * height = ${width * height} bytes, got ${ix.length}`);
      return make(width, height, 'pixelmask.fromIndices', (ptr) => {
        const p = core.scratch(ix.length, 'pixelmask.fromIndices');
        heap.u8.set(ix, p);
        core.check(x.eo_pixelmask_from_indexed(ptr, p, width), 'pixelmask.fromIndices');
      });
    },
    overlapRect(a, b, into) {
      readBoxBounds('a', a);
      const a0 = BOUNDS[0], a1 = BOUNDS[1], a2 = BOUNDS[2], a3 = BOUNDS[3];
      readBoxBounds('b', b);
      const b0 = BOUNDS[0], b1 = BOUNDS[1], b2 = BOUNDS[2], b3 = BOUNDS[3];
      if (into !== undefined && !isInto('into', into)) fail(`into must be a Box object to fill, got ${show(into)}`);
      const m = core.enter();
      try {
        const B = LAYOUT.box.size, pa = core.scratch(3 * B, 'pixelmask.overlapRect'), pb = pa + B, po = pb + B;
        const w32 = heap.i32, ka = pa >>> 2, kb = pb >>> 2;
        w32[ka] = a0; w32[ka + 1] = a1; w32[ka + 2] = a2; w32[ka + 3] = a3;
        w32[kb] = b0; w32[kb + 1] = b1; w32[kb + 2] = b2; w32[kb + 3] = b3;
        if (x.eo_pixelmask_overlap_rect(pa, pb, po) !== 1) return null;
        const i32 = heap.i32, k = po >>> 2, rx = i32[k], ry = i32[k + 1], rw = i32[k + 2], rh = i32[k + 3];
        if (into === undefined) return { x: rx, y: ry, w: rw, h: rh };
        { try { into.x = rx; into.y = ry; into.w = rw; into.h = rh; } catch (e) { intoFailed(e); } }
        return into;
      } finally {
        core.leave(m);
      }
    },
    overlap(a, ax, ay, b, bx, by) {
      place(a, ax, ay, b, bx, by);
      const m = core.enter();
      try {
        const out = core.scratch(1, 'pixelmask.overlap');
        core.check(x.eo_pixelmask_overlap(PLACED.pa, PLACED.ax, PLACED.ay, PLACED.pb, PLACED.bx, PLACED.by, out, core.hooks), 'pixelmask.overlap');
        return heap.u8[out] === 1;
      } finally {
        core.leave(m);
      }
    },
    firstContact(a, ax, ay, b, bx, by, into) {
      place(a, ax, ay, b, bx, by);
      const pa = PLACED.pa, x0 = PLACED.ax, y0 = PLACED.ay, pb = PLACED.pb, x1 = PLACED.bx, y1 = PLACED.by;
      if (into !== undefined && !isInto('into', into)) fail(`into must be an object { x, y } to fill, got ${show(into)}`);
      const m = core.enter();
      try {
        const out = core.scratch(12, 'pixelmask.firstContact');
        core.check(x.eo_pixelmask_first_contact(pa, x0, y0, pb, x1, y1, out, out + 4, out + 8, core.hooks), 'pixelmask.firstContact',
                   'the contact pixel lies past the int32 range: place the sprites at least their size inside the world\'s edge');
        if (heap.u8[out] !== 1) return null;
        const cx = heap.i32[(out + 4) >>> 2], cy = heap.i32[(out + 8) >>> 2];
        if (into === undefined) return { x: cx, y: cy };
        { try { into.x = cx; into.y = cy; } catch (e) { intoFailed(e); } }
        return into;
      } finally {
        core.leave(m);
      }
    },
    area(a, ax, ay, b, bx, by) {
      place(a, ax, ay, b, bx, by);
      const m = core.enter();
      try {
        const out = core.scratch(4, 'pixelmask.area');
        core.check(x.eo_pixelmask_overlap_area(PLACED.pa, PLACED.ax, PLACED.ay, PLACED.pb, PLACED.bx, PLACED.by, out, core.hooks), 'pixelmask.area');
        return heap.u32[out >>> 2];
      } finally {
        core.leave(m);
      }
    },
    overlapMany(masks, positions, pairs, opts) {
      const what = 'pixelmask.overlapMany';
      // every user value read once, before any memory is touched: the positions, the pairs, the
      // options, then the masks (read last: after them no user code runs in this call)
      if (!Array.isArray(masks)) fail(`masks must be an array of PixelMask, got ${show(masks)}`);
      const nm = (masks as unknown[]).length;
      // positions as pixels (floor, eo_coord): x, y per mask, or x, y, w, h per mask (w, h unread)
      const pos = realView('positions', positions);
      let src: ArrayLike<number>;
      if (pos !== null) src = pos as ArrayLike<number>;
      else if (Array.isArray(positions)) src = (positions as unknown[]).slice().map((v) => (typeof v === 'number' ? v : NaN));
      else return fail(`positions must be a typed array or array of numbers (x, y per mask, or x, y, w, h per mask), got ${show(positions)}`);
      const stride = src.length === 2 * nm ? 2 : src.length === 4 * nm && nm > 0 ? 4 : 0;
      if (stride === 0) fail(`positions must hold x, y per mask (${2 * nm} values) or x, y, w, h per mask (${4 * nm}), got ${src.length}`);
      // the pairs: a typed array, or a broadphase's answer { count, pairs } as it is
      let pairsArg = pairs as unknown, listCount = -1;
      if (pairsArg !== null && typeof pairsArg === 'object' && !ArrayBuffer.isView(pairsArg) && !Array.isArray(pairsArg)) {
        const o = pairsArg as Record<string, unknown>;
        const c = o.count, pr = o.pairs;
        pairsArg = pr;
        listCount = typeof c === 'number' && Number.isInteger(c) && c >= 0 ? c : -2;
      }
      const pv = typed(listCount === -1 ? 'pairs' : 'pairs.pairs', pairsArg, Uint16Array, Uint32Array);
      if (listCount === -2 || listCount > pv.length >> 1) fail(`pairs.count must be an integer from 0 to ${pv.length >> 1} (the pairs its array holds)`);
      let outArg: unknown, countArg: unknown, contactsArg: unknown;
      if (opts !== undefined && ArrayBuffer.isView(opts)) outArg = opts;
      else { const o = MANY_OPTIONS.read(opts); countArg = o.count; outArg = o.out; contactsArg = o.contacts; }
      const count = countArg !== undefined ? int('options.count', countArg, 0, pv.length >> 1) : listCount >= 0 ? listCount : pv.length >> 1;
      if (countArg === undefined && listCount < 0 && (pv.length & 1) !== 0) fail(`pairs must hold a, b per pair: length ${pv.length} is odd`);
      const outView = outArg === undefined ? undefined : typed(opts !== undefined && ArrayBuffer.isView(opts) ? 'out' : 'options.out', outArg, Uint8Array);
      const contacts = contactsArg === undefined ? undefined : typed('options.contacts', contactsArg, Int32Array);
      if (contacts !== undefined && contacts.length < 2 * count)
        fail(`options.contacts must hold x, y per pair: ${2 * count} values, got ${contacts.length}`);
      // the masks, each read once, into the kept list (a getter's own overlapMany gets its own)
      const list = readingBusy ? new Array<unknown>(nm) : reading;
      const wasBusy = readingBusy;
      readingBusy = true;
      try {
        for (let i = 0; i < nm; i++) list[i] = (masks as unknown[])[i];
      } finally {
        readingBusy = wasBusy;
      }
      // the masks' pointers: looked up again only when the list differs from the last call's
      let same = lastCount === nm;
      for (let i = 0; same && i < nm; i++) same = lastList[i] === list[i];
      if (!same) {
        if (lastPtrs.length < nm) lastPtrs = new Uint32Array(nm + (nm >>> 2) + 16);
        for (let i = 0; i < nm; i++) {
          const mk = list[i], rec = typeof mk === 'object' && mk !== null ? live.get(mk) : undefined;
          if (rec === undefined || rec.owner.released) { lastCount = -1; ptrOf(`masks[${i}]`, mk); } // throws, naming it
          lastPtrs[i] = rec!.ptr;
        }
        if (lastList === list || list !== reading) lastList = list.slice(0, nm);
        else { const t = lastList; lastList = reading; reading = t; }
        lastCount = nm;
      }
      const wide = kindOf(pv) === 'Uint32Array';
      const m = core.enter();
      try {
        const pm = core.scratch(4 * nm, what), pp = core.scratch(8 * nm, what);
        const ppairs = core.scratch((wide ? 8 : 4) * count, what), po = core.scratch(count, what);
        const pc = contacts === undefined ? 0 : core.scratch(8 * count, what), pf = core.scratch(4, what);
        for (let i = 0; i < nm; i++) heap.u32[(pm >>> 2) + i] = lastPtrs[i];
        if (stride === 2 && pos !== null && kindOf(pos) === 'Int32Array') heap.i32.set(pos, pp >>> 2);
        else {
          if (positionsF64.length < 2 * nm) positionsF64 = new Float64Array(2 * nm + (nm >>> 1) + 16);
          for (let i = 0; i < nm; i++) { positionsF64[2 * i] = src[stride * i]; positionsF64[2 * i + 1] = src[stride * i + 1]; }
          const bad = floorInto(positionsF64, 2 * nm, heap.i32, pp >>> 2);
          if (bad >= 0) {
            const f = positionsF64[bad], k = stride * (bad >> 1) + (bad & 1);
            fail(`positions[${k}] = ${String(f)} is ${Number.isFinite(f) ? `outside the world (${COORD_MIN} .. ${COORD_MAX})` : 'not a finite number'}`);
          }
        }
        if (wide) { const u32 = heap.u32, at = ppairs >>> 2; for (let k = 0; k < 2 * count; k++) u32[at + k] = pv[k]; }
        else { const u16 = heap.u16, at = ppairs >>> 1; for (let k = 0; k < 2 * count; k++) u16[at + k] = pv[k]; }
        const r = x.eo_wasm_pixelmask_overlap_many(pm, pp, nm, ppairs, wide ? 32 : 16, count, po, pc, pf, core.hooks);
        if (r !== RESULT.EO_OK) {
          const k = heap.u32[pf >>> 2];
          if (r === RESULT.EO_ERR_BAD_ARGUMENT && (pv[2 * k] >= nm || pv[2 * k + 1] >= nm))
            fail(`pairs[${2 * k}], pairs[${2 * k + 1}] = ${pv[2 * k]}, ${pv[2 * k + 1]}: an index past the ${nm} masks`);
          if (r === RESULT.EO_ERR_BAD_ARGUMENT && contacts !== undefined)
            core.check(r, what, `pair ${k}: its contact pixel lies past the int32 range: place the sprites at least their size inside the world's edge`);
          core.check(r, what, `pair ${k}`);
        }
        const hits = outView !== undefined && outView.length >= count ? outView : new Uint8Array(outView === undefined ? count : count + (count >>> 2) + 16);
        const u8 = heap.u8;
        for (let k = 0; k < count; k++) hits[k] = u8[po + k];
        if (contacts !== undefined) { const i32 = heap.i32, at = pc >>> 2; for (let k = 0; k < 2 * count; k++) contacts[k] = i32[at + k]; }
        return (hits === outView ? outArg : hits) as Uint8Array;
      } finally {
        core.leave(m);
      }
    },
    overlapReference(a, ax, ay, b, bx, by) {
      place(a, ax, ay, b, bx, by);
      const m = core.enter();
      try {
        const out = core.scratch(1, 'pixelmask.overlapReference');
        core.check(x.eo_pixelmask_overlap_reference(PLACED.pa, PLACED.ax, PLACED.ay, PLACED.pb, PLACED.bx, PLACED.by, out, core.hooks), 'pixelmask.overlapReference');
        return heap.u8[out] === 1;
      } finally {
        core.leave(m);
      }
    },
  };
}
