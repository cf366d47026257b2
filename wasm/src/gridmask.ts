// eo.gridmask: grid-mask early elimination (core/include/earlyout/gridmask.h).
import type { Core, Expect } from './core.js';
import { MAX_COUNT } from './core.js';
import { fail } from './errors.js';
import { FIELD_TYPES, LAYOUT } from './generated/abi.js';
import { ENUMS, RESULT } from './generated/constants.js';
import { BOUNDS, boxSource, choice, int, intoArray, isInto, readBoxBounds, show, typed, intoFailed } from './input.js';
import type { GridmaskApi, GridmaskLayout, GridmaskVerdict, PairList } from './types.js';

type _Layout = Expect<typeof FIELD_TYPES.gridmask_layout,
  { bits: 'uint8_t'; cell_shift_x: 'uint8_t'; cell_shift_y: 'uint8_t'; reserved: 'uint8_t'; screen_w: 'int16_t'; screen_h: 'int16_t' }>;
type _Axis = Expect<typeof FIELD_TYPES.gridmask_axis, { last_cell: 'uint8_t' }>;

/** 256x192 screen, 64-px cells, 4x3: X in the low nibble, Y in the high nibble. */
export const LAYOUT_8: Readonly<GridmaskLayout> = Object.freeze({ bits: 8, cellShiftX: 6, cellShiftY: 6, screenW: 256, screenH: 192 });
/** 256x192 screen, 32-px cells, 8x6, as the MSX Game Library: X byte low, Y byte high. */
export const LAYOUT_16: Readonly<GridmaskLayout> = Object.freeze({ bits: 16, cellShiftX: 5, cellShiftY: 5, screenW: 256, screenH: 192 });
/** 1024x768 screen, 64-px cells, 16x12: X in the low 16 bits, Y in the high 16. */
export const LAYOUT_32: Readonly<GridmaskLayout> = Object.freeze({ bits: 32, cellShiftX: 6, cellShiftY: 6, screenW: 1024, screenH: 768 });

const M = ENUMS.eo_gridmask_method, V = ENUMS.eo_gridmask_verdict;
const METHODS = { span: M.EO_GRIDMASK_SPAN, endpoints: M.EO_GRIDMASK_ENDPOINTS } as const;
const VERDICTS: Record<number, GridmaskVerdict> = { [V.EO_GRIDMASK_MAYBE]: 'maybe', [V.EO_GRIDMASK_APART_X]: 'apart-x', [V.EO_GRIDMASK_APART_Y]: 'apart-y' };

/** A layout's fields, each read once, checked as numbers, left in LAYOUT_READ (written after every
    field was read): copy them before reading anything else. */
const LAYOUT_READ = { bits: 0, sx: 0, sy: 0, w: 0, h: 0 };
function readLayout(layout: unknown): void {
  if (layout === null || typeof layout !== 'object') fail(`layout must be a GridmaskLayout object, got ${show(layout)}`);
  const o = layout as Record<string, unknown>;
  const bits = o.bits, sx = o.cellShiftX, sy = o.cellShiftY, w = o.screenW, h = o.screenH;
  const b = int('layout.bits', bits, 0, 255), x = int('layout.cellShiftX', sx, 0, 255), y = int('layout.cellShiftY', sy, 0, 255);
  const sw = int('layout.screenW', w, -32768, 32767), sh = int('layout.screenH', h, -32768, 32767);
  LAYOUT_READ.bits = b; LAYOUT_READ.sx = x; LAYOUT_READ.sy = y; LAYOUT_READ.w = sw; LAYOUT_READ.h = sh;
}

/** @internal */
export function makeGridmask(core: Core): GridmaskApi {
  const x = core.x, heap = core.heap;
  const L = LAYOUT.gridmask_layout, G = LAYOUT.gridmask_grid, A = LAYOUT.gridmask_axis;
  /** The layout's fields into scratch at p. */
  const writeLayout = (p: number, bits: number, sx: number, sy: number, w: number, h: number) => {
    const u8 = heap.u8;
    u8[p + L.bits] = bits; u8[p + L.cell_shift_x] = sx; u8[p + L.cell_shift_y] = sy; u8[p + L.reserved] = 0;
    heap.dv.setInt16(p + L.screen_w, w, true); heap.dv.setInt16(p + L.screen_h, h, true);
  };
  /** Is this layout one the core takes? */
  const valid = (bits: number, sx: number, sy: number, w: number, h: number) => core.scoped(() => {
    const p = core.scratch(L.size, 'gridmask');
    writeLayout(p, bits, sx, sy, w, h);
    return x.eo_gridmask_layout_check(p) === RESULT.EO_OK;
  });
  /** Why the core refuses a layout, naming the field and a value it takes (found by asking the
      core about the same layout with that field changed). */
  const layoutProblem = (bits: number, sx: number, sy: number, w: number, h: number): string => {
    const v = [bits, sx, sy, w, h], names = ['bits', 'cellShiftX', 'cellShiftY', 'screenW', 'screenH'];
    const ok = (f: number, value: number) => { const t = v.slice(); t[f] = value; return valid(t[0], t[1], t[2], t[3], t[4]); };
    const shown = `layout { bits: ${bits}, cellShiftX: ${sx}, cellShiftY: ${sy}, screenW: ${w}, screenH: ${h} }`;
    if (![8, 16, 32].includes(bits)) return `${shown}: bits must be 8, 16 or 32`;
    for (const f of [3, 4]) if (v[f] < 1) return `${shown}: ${names[f]} must be 1 .. 32767 px, got ${v[f]}`;
    for (const f of [1, 2]) {
      let lo = -1, hi = -1;
      for (let s2 = 0; s2 <= 15; s2++) if (ok(f, s2)) { if (lo < 0) lo = s2; hi = s2; }
      if (lo >= 0) return `${shown}: ${names[f]} = ${v[f]} gives more ${f === 1 ? 'columns' : 'rows'} than a ${bits}-bit mask holds ` +
        `(${bits / 2}): with this screen, ${names[f]} ${lo === hi ? lo : `${lo} .. ${hi}`} fits (or a smaller ${names[f + 2]})`;
    }
    for (const f of [3, 4]) {
      let lo = 1, hi = v[f];
      if (!ok(f, 1)) continue;
      while (lo < hi) { const mid = lo + Math.ceil((hi - lo) / 2); if (ok(f, mid)) lo = mid; else hi = mid - 1; }
      return `${shown}: ${names[f]} = ${v[f]} px gives more ${f === 3 ? 'columns' : 'rows'} than a ${bits}-bit mask holds (${bits / 2}): at most ${lo} px fits with these cells`;
    }
    return `${shown}: ceil(screen / cell size) must be at most bits / 2 cells on each axis: larger cells (cellShiftX, cellShiftY) or a smaller screen`;
  };
  /** Writes the layout read last (LAYOUT_READ, copied by the caller) into scratch and returns a prepared eo_gridmask_grid. */
  const putLayout = (bits: number, sx: number, sy: number, w: number, h: number, what: string): number => {
    const p = core.scratch(L.size + G.size, what), grid = p + L.size;
    writeLayout(p, bits, sx, sy, w, h);
    const r = x.eo_gridmask_prepare(p, grid);
    if (r !== RESULT.EO_OK) core.check(r, what, layoutProblem(bits, sx, sy, w, h));
    return grid;
  };
  // findCandidates' pair call, made once (no closure a call)
  let callGrid = 0, callMasks = 0, callCount = 0;
  const candidateCall = (pp: number, cap: number, pc: number, first: boolean) =>
    x.eo_gridmask_find_candidates(callGrid, callMasks, callCount, pp, cap, pc, first ? core.hooks : 0);
  const site = { hint: 0 };
  return {
    cells(layout, into) {
      readLayout(layout);
      const b = LAYOUT_READ.bits, sx = LAYOUT_READ.sx, sy = LAYOUT_READ.sy, w = LAYOUT_READ.w, h = LAYOUT_READ.h;
      if (into !== undefined && !isInto('into', into)) fail(`into must be an object { cols, rows } to fill, got ${show(into)}`);
      const m = core.enter();
      try {
        const grid = putLayout(b, sx, sy, w, h, 'gridmask.cells');
        const u8 = heap.u8, cols = u8[grid + G.axis + A.last_cell] + 1, rows = u8[grid + G.axis + A.size + A.last_cell] + 1;
        if (into === undefined) return { cols, rows };
        { try { into.cols = cols; into.rows = rows; } catch (e) { intoFailed(e); } }
        return into;
      } finally {
        core.leave(m);
      }
    },
    build(layout, method, b) {
      readLayout(layout);
      const bits = LAYOUT_READ.bits, sx = LAYOUT_READ.sx, sy = LAYOUT_READ.sy, w = LAYOUT_READ.w, h = LAYOUT_READ.h;
      const mth = choice('method', method, METHODS);
      readBoxBounds('box', b);
      const b0 = BOUNDS[0], b1 = BOUNDS[1], b2 = BOUNDS[2], b3 = BOUNDS[3];
      const m = core.enter();
      try {
        const grid = putLayout(bits, sx, sy, w, h, 'gridmask.build');
        const pb = core.scratch(LAYOUT.box.size + 4, 'gridmask.build'), pm = pb + LAYOUT.box.size;
        const i32 = heap.i32, k = pb >>> 2;
        i32[k] = b0; i32[k + 1] = b1; i32[k + 2] = b2; i32[k + 3] = b3;
        core.check(x.eo_gridmask_build(grid, mth, pb, pm, core.hooks), 'gridmask.build');
        return heap.u32[pm >>> 2];
      } finally {
        core.leave(m);
      }
    },
    buildMany(layout, method, boxes, out) {
      readLayout(layout);
      const bits = LAYOUT_READ.bits, sx = LAYOUT_READ.sx, sy = LAYOUT_READ.sy, w = LAYOUT_READ.w, h = LAYOUT_READ.h;
      const mth = choice('method', method, METHODS);
      const src = boxSource('boxes', boxes, MAX_COUNT);
      const n = src.length >>> 2;
      const o = out === undefined ? undefined : typed('out', out, Uint32Array);
      const m = core.enter();
      try {
        const grid = putLayout(bits, sx, sy, w, h, 'gridmask.buildMany');
        const pb = core.putBoxes(src, 'gridmask.buildMany');
        const pm = core.scratch(n * 4, 'gridmask.buildMany');
        core.check(x.eo_gridmask_build_many(grid, mth, pb, n, pm, core.hooks), 'gridmask.buildMany');
        const result = o !== undefined && o.length >= n ? o : new Uint32Array(n);
        const u32 = heap.u32;
        for (let k = 0; k < n; k++) result[k] = u32[(pm >>> 2) + k];
        return result === o ? out! : result;
      } finally {
        core.leave(m);
      }
    },
    test(layout, a, b) {
      readLayout(layout);
      const bits = LAYOUT_READ.bits, sx = LAYOUT_READ.sx, sy = LAYOUT_READ.sy, w = LAYOUT_READ.w, h = LAYOUT_READ.h;
      int('a', a, 0, 0xFFFFFFFF);
      int('b', b, 0, 0xFFFFFFFF);
      const m = core.enter();
      try {
        const grid = putLayout(bits, sx, sy, w, h, 'gridmask.test');
        const v = x.eo_gridmask_test(grid, a | 0, b | 0, core.hooks);
        return VERDICTS[v] ?? fail(`layout rejected by the core (verdict ${v})`);
      } finally {
        core.leave(m);
      }
    },
    findCandidates(layout, masks, out) {
      const what = 'gridmask.findCandidates';
      readLayout(layout);
      const bits = LAYOUT_READ.bits, sx = LAYOUT_READ.sx, sy = LAYOUT_READ.sy, w = LAYOUT_READ.w, h = LAYOUT_READ.h;
      const mk = typed('masks', masks, Uint32Array);
      const n = mk.length;
      if (n > MAX_COUNT) fail(`at most ${MAX_COUNT} masks, got ${n}`);
      let view: Uint32Array | undefined, into: Record<string, unknown> | undefined;
      if (out !== undefined) {
        if (isInto('out', out)) { into = out; view = intoArray('out', out, 'pairs', Uint32Array); }
        else view = typed('out', out, Uint32Array);
      }
      const m = core.enter();
      try {
        callGrid = putLayout(bits, sx, sy, w, h, what);
        callMasks = core.scratch(n * 4, what);
        heap.u32.set(mk, callMasks >>> 2);
        callCount = n;
        const arr = core.pairs(candidateCall, what, view, into !== undefined, out, site);
        const count = core.pairCount;
        if (into === undefined) return { count, pairs: arr };
        { try { into.count = count; into.pairs = arr; } catch (e) { intoFailed(e); } }
        return into as unknown as PairList;
      } finally {
        core.leave(m);
      }
    },
  };
}
