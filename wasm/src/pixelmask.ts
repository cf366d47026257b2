// eo.pixelmask: per-row bitmask sprite collision (core/include/earlyout/pixelmask.h).
import type { Core } from './core.js';
import { fail } from './errors.js';
import { LAYOUT } from './generated/abi.js';
import { DEFINES } from './generated/constants.js';
import { box, COORD_MAX, COORD_MIN, int, options, pixel, realView, show, typed } from './input.js';
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

/** @internal */
export function makePixelmask(core: Core): PixelMaskApi {
  const x = core.x, heap = core.heap;
  const live = new WeakMap<object, { ptr: number; owner: Owner }>();
  // overlapMany's last mask list and its pointers: a game passes the same masks frame after frame,
  // so a mask seen at the same index in the last call needs no lookup. Dropped whenever any mask
  // is disposed (its memory may be reused by a new mask).
  let lastBatch: { list: unknown[]; ptrs: Uint32Array } | undefined;
  // overlapMany's positions as float64, reused (filled and read with no user code in between)
  let positionsF64 = new Float64Array(64);
  const ptrOf = (name: string, m: unknown): number => {
    const rec = typeof m === 'object' && m !== null ? live.get(m) : undefined;
    if (rec === undefined) fail(`${name} must be a PixelMask made by this module`);
    if (rec.owner.released) fail(`${name} was disposed`);
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
    const mask: PixelMask = {
      width, height,
      set(px, py, solid) {
        int('x', px, 0, width - 1); int('y', py, 0, height - 1);
        ptrOf('mask', mask);
        core.check(x.eo_pixelmask_set(p, px, py, solid ? 1 : 0), 'pixelmask.set');
      },
      get(px, py) {
        int('x', px, 0, width - 1); int('y', py, 0, height - 1);
        ptrOf('mask', mask);
        return x.eo_pixelmask_get(p, px, py) === 1;
      },
      dispose() {
        if (owner.released) return;
        lastBatch = undefined;
        heap.untrack(owner);
        owner.release();
      },
    };
    live.set(mask, { ptr, owner });
    heap.track(mask, owner);
    return mask;
  };
  /** Placements: each mask drawn with its top-left pixel at (floor(ax), floor(ay)). */
  const place = (ax: unknown, ay: unknown, bx: unknown, by: unknown) =>
    [pixel('ax', ax), pixel('ay', ay), pixel('bx', bx), pixel('by', by)] as const;
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
    overlapRect(a, b) {
      const ba = box('a', a), bb = box('b', b);
      return core.scoped(() => {
        const pa = core.putBox(ba, 'pixelmask.overlapRect'), pb = core.putBox(bb, 'pixelmask.overlapRect');
        const po = core.scratch(LAYOUT.box.size, 'pixelmask.overlapRect');
        if (x.eo_pixelmask_overlap_rect(pa, pb, po) !== 1) return null;
        const r = new Int32Array(heap.u8.buffer, po, 4);
        return { x: r[0], y: r[1], w: r[2], h: r[3] };
      });
    },
    overlap(a, ax, ay, b, bx, by) {
      const [x0, y0, x1, y1] = place(ax, ay, bx, by);
      const pa = ptrOf('a', a), pb = ptrOf('b', b);
      return core.scoped(() => {
        const out = core.scratch(1, 'pixelmask.overlap');
        core.check(x.eo_pixelmask_overlap(pa, x0, y0, pb, x1, y1, out, core.hooks), 'pixelmask.overlap');
        return heap.u8[out] === 1;
      });
    },
    firstContact(a, ax, ay, b, bx, by) {
      const [x0, y0, x1, y1] = place(ax, ay, bx, by);
      const pa = ptrOf('a', a), pb = ptrOf('b', b);
      return core.scoped(() => {
        const out = core.scratch(12, 'pixelmask.firstContact');
        core.check(x.eo_pixelmask_first_contact(pa, x0, y0, pb, x1, y1, out, out + 4, out + 8, core.hooks), 'pixelmask.firstContact',
                   'the contact pixel lies past the int32 range: a sprite placed within its size of the world\'s edge');
        return heap.u8[out] === 1 ? { x: heap.dv.getInt32(out + 4, true), y: heap.dv.getInt32(out + 8, true) } : null;
      });
    },
    area(a, ax, ay, b, bx, by) {
      const [x0, y0, x1, y1] = place(ax, ay, bx, by);
      const pa = ptrOf('a', a), pb = ptrOf('b', b);
      return core.scoped(() => {
        const out = core.scratch(4, 'pixelmask.area');
        core.check(x.eo_pixelmask_overlap_area(pa, x0, y0, pb, x1, y1, out, core.hooks), 'pixelmask.area');
        return heap.dv.getUint32(out, true);
      });
    },
    overlapMany(masks, positions, pairs, opts) {
      const what = 'pixelmask.overlapMany';
      // every user value read once, first: the masks, the positions, the pairs, the options
      if (!Array.isArray(masks)) fail(`masks must be an array of PixelMask, got ${show(masks)}`);
      const list = (masks as unknown[]).slice(), nm = list.length;
      // positions as pixels (floor, eo_coord), each element read once (a plain array is copied first)
      const pos = realView('positions', positions);
      let src: ArrayLike<number | bigint>;
      if (pos !== null) src = pos;
      else if (Array.isArray(positions)) src = (positions as unknown[]).slice().map((v) => (typeof v === 'number' ? v : NaN));
      else return fail(`positions must be a typed array or array of numbers (x, y per mask), got ${show(positions)}`);
      if (src.length !== 2 * nm) fail(`positions must hold x, y per mask: ${2 * nm} values, got ${src.length}`);
      if (pos instanceof BigInt64Array || pos instanceof BigUint64Array) fail('positions must hold numbers, not BigInts');
      const pv = typed('pairs', pairs, Uint16Array, Uint32Array);
      const o = options('options', opts, ['count', 'out', 'contacts'] as const);
      const count = o.count === undefined ? pv.length >> 1 : int('options.count', o.count, 0, pv.length >> 1);
      if (o.count === undefined && (pv.length & 1) !== 0) fail(`pairs must hold a, b per pair: length ${pv.length} is odd`);
      const out = o.out === undefined ? new Uint8Array(count) : typed('options.out', o.out, Uint8Array);
      if (out.length < count) fail(`options.out must hold a byte per pair: ${count}, got ${out.length}`);
      const contacts = o.contacts === undefined ? undefined : typed('options.contacts', o.contacts, Int32Array);
      if (contacts !== undefined && contacts.length < 2 * count) fail(`options.contacts must hold x, y per pair: ${2 * count} values, got ${contacts.length}`);
      const last = lastBatch;
      let same = last !== undefined && last.list.length === nm;
      for (let i = 0; same && i < nm; i++) same = last!.list[i] === list[i];
      const ptrs = same ? last!.ptrs : new Uint32Array(nm);
      for (let i = 0; !same && i < nm; i++) {
        const m = list[i], rec = typeof m === 'object' && m !== null ? live.get(m) : undefined;
        if (rec === undefined || rec.owner.released) ptrOf(`masks[${i}]`, m); // throws, naming it
        ptrs[i] = rec!.ptr;
      }
      lastBatch = { list, ptrs };
      const wide = pv instanceof Uint32Array;
      return core.scoped(() => {
        const pm = core.scratch(4 * nm, what), pp = core.scratch(8 * nm, what);
        const ppairs = core.scratch((wide ? 8 : 4) * count, what), po = core.scratch(count, what);
        const pc = contacts === undefined ? 0 : core.scratch(8 * count, what), pf = core.scratch(4, what);
        const u8 = heap.u8, buf = u8.buffer;
        heap.u32.set(ptrs, pm >>> 2);
        if (pos instanceof Int32Array) heap.i32.set(pos, pp >>> 2);
        else {
          if (positionsF64.length < 2 * nm) positionsF64 = new Float64Array(4 * nm);
          positionsF64.set(src as ArrayLike<number>);
          const bad = floorInto(positionsF64, 2 * nm, heap.i32, pp >>> 2);
          if (bad >= 0) {
            const f = src[bad];
            fail(`positions[${bad}] = ${String(f)} is ${Number.isFinite(f) ? `outside the world (${COORD_MIN} .. ${COORD_MAX})` : 'not a finite number'}`);
          }
        }
        if (wide) new Uint32Array(buf, ppairs, 2 * count).set(count * 2 === pv.length ? pv : pv.subarray(0, 2 * count));
        else new Uint16Array(buf, ppairs, 2 * count).set(count * 2 === pv.length ? pv : pv.subarray(0, 2 * count));
        const r = x.eo_wasm_pixelmask_overlap_many(pm, pp, nm, ppairs, wide ? 32 : 16, count, po, pc, pf, core.hooks);
        if (r !== RESULT.EO_OK) {
          const k = heap.dv.getUint32(pf, true);
          if (r === RESULT.EO_ERR_BAD_ARGUMENT && (pv[2 * k] >= nm || pv[2 * k + 1] >= nm))
            fail(`pairs[${2 * k}], pairs[${2 * k + 1}] = ${pv[2 * k]}, ${pv[2 * k + 1]}: an index past the ${nm} masks`);
          if (r === RESULT.EO_ERR_BAD_ARGUMENT && contacts !== undefined)
            core.check(r, what, `pair ${k}: its contact pixel lies past the int32 range (a sprite within its size of the world's edge)`);
          core.check(r, what, `pair ${k}`);
        }
        out.set(u8.subarray(po, po + count));
        if (contacts !== undefined) contacts.set(new Int32Array(buf, pc, 2 * count));
        return (o.out === undefined ? out : o.out) as Uint8Array;
      });
    },
    overlapReference(a, ax, ay, b, bx, by) {
      const [x0, y0, x1, y1] = place(ax, ay, bx, by);
      const pa = ptrOf('a', a), pb = ptrOf('b', b);
      return core.scoped(() => {
        const out = core.scratch(1, 'pixelmask.overlapReference');
        core.check(x.eo_pixelmask_overlap_reference(pa, x0, y0, pb, x1, y1, out, core.hooks), 'pixelmask.overlapReference');
        return heap.u8[out] === 1;
      });
    },
  };
}
