// eo.gridmask: grid-mask early elimination (core/include/earlyout/gridmask.h).
import type { Core, Expect } from './core.js';
import { MAX_COUNT } from './core.js';
import { fail } from './errors.js';
import { FIELD_TYPES, LAYOUT } from './generated/abi.js';
import { ENUMS, RESULT } from './generated/constants.js';
import { box, boxList, choice, int, show, typed } from './input.js';
import type { GridmaskApi, GridmaskLayout, GridmaskVerdict } from './types.js';

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

/** A layout's fields, each read once. */
function readLayout(layout: unknown): number[] {
  if (layout === null || typeof layout !== 'object') fail(`layout must be a GridmaskLayout object, got ${show(layout)}`);
  const o = layout as Record<string, unknown>;
  const bits = o.bits, sx = o.cellShiftX, sy = o.cellShiftY, w = o.screenW, h = o.screenH;
  return [int('layout.bits', bits, 0, 255), int('layout.cellShiftX', sx, 0, 255), int('layout.cellShiftY', sy, 0, 255),
          int('layout.screenW', w, -32768, 32767), int('layout.screenH', h, -32768, 32767)];
}

/** @internal */
export function makeGridmask(core: Core): GridmaskApi {
  const x = core.x;
  const L = LAYOUT.gridmask_layout, G = LAYOUT.gridmask_grid, A = LAYOUT.gridmask_axis;
  /** Writes a read layout into scratch and returns a prepared eo_gridmask_grid. */
  const putLayout = (l: number[], what: string): number => {
    const p = core.scratch(L.size + G.size, what), grid = p + L.size;
    const dv = core.heap.dv;
    dv.setUint8(p + L.bits, l[0]); dv.setUint8(p + L.cell_shift_x, l[1]); dv.setUint8(p + L.cell_shift_y, l[2]);
    dv.setUint8(p + L.reserved, 0);
    dv.setInt16(p + L.screen_w, l[3], true); dv.setInt16(p + L.screen_h, l[4], true);
    core.check(x.eo_gridmask_prepare(p, grid), 'invalid layout');
    return grid;
  };
  return {
    cells(layout) {
      const l = readLayout(layout);
      return core.scoped(() => {
        const grid = putLayout(l, 'gridmask.cells');
        const u8 = core.heap.u8;
        return { cols: u8[grid + G.axis + A.last_cell] + 1, rows: u8[grid + G.axis + A.size + A.last_cell] + 1 };
      });
    },
    build(layout, method, b) {
      const l = readLayout(layout);
      const m = choice('method', method, METHODS);
      const bb = box('box', b);
      return core.scoped(() => {
        const grid = putLayout(l, 'gridmask.build');
        const pb = core.putBox(bb, 'gridmask.build'), pm = core.scratch(4, 'gridmask.build');
        core.check(x.eo_gridmask_build(grid, m, pb, pm, core.hooks), 'gridmask.build');
        return core.heap.dv.getUint32(pm, true);
      });
    },
    buildMany(layout, method, boxes, out) {
      const l = readLayout(layout);
      const m = choice('method', method, METHODS);
      const list = boxList('boxes', boxes, MAX_COUNT);
      const n = list.count;
      const o = out === undefined ? undefined : typed('out', out, Uint32Array);
      if (o !== undefined && o.length < n) fail(`out has room for ${o.length} masks, ${n} needed`);
      return core.scoped(() => {
        const grid = putLayout(l, 'gridmask.buildMany');
        const pb = core.putBoxes(list, 'gridmask.buildMany');
        const pm = core.scratch(n * 4, 'gridmask.buildMany');
        core.check(x.eo_gridmask_build_many(grid, m, pb, n, pm, core.hooks), 'gridmask.buildMany');
        const result = o ?? new Uint32Array(n);
        result.set(new Uint32Array(core.heap.u8.buffer, pm, n));
        return o !== undefined ? out! : result;
      });
    },
    test(layout, a, b) {
      const l = readLayout(layout);
      int('a', a, 0, 0xFFFFFFFF);
      int('b', b, 0, 0xFFFFFFFF);
      return core.scoped(() => {
        const grid = putLayout(l, 'gridmask.test');
        const v = x.eo_gridmask_test(grid, a | 0, b | 0, core.hooks);
        return VERDICTS[v] ?? fail(`layout rejected by the core (verdict ${v})`);
      });
    },
    findCandidates(layout, masks, out) {
      const l = readLayout(layout);
      const mk = typed('masks', masks, Uint32Array);
      const n = mk.length;
      if (n > MAX_COUNT) fail(`at most ${MAX_COUNT} masks, got ${n}`);
      const o = out === undefined ? undefined : typed('out', out, Uint32Array);
      return core.scoped(() => {
        const grid = putLayout(l, 'gridmask.findCandidates');
        const pm = core.scratch(n * 4, 'gridmask.findCandidates');
        if (n > 0) new Uint32Array(core.heap.u8.buffer, pm, n).set(mk);
        const pc = core.scratch(4, 'gridmask.findCandidates');
        // First pass counts, second fills a buffer of exactly the right size.
        let r = x.eo_gridmask_find_candidates(grid, pm, n, 0, 0, pc, core.hooks);
        if (r !== RESULT.EO_OK && r !== RESULT.EO_ERR_BUFFER_TOO_SMALL) core.check(r, 'gridmask.findCandidates');
        const count = core.heap.dv.getUint32(pc, true);
        const pp = core.scratch(count * LAYOUT.pair.size, 'gridmask.findCandidates');
        if (count > 0) {
          // The counting pass already went through the hooks; don't record the pairs twice.
          r = x.eo_gridmask_find_candidates(grid, pm, n, pp, count, pc, 0);
          core.check(r, 'gridmask.findCandidates');
        }
        const fits = o !== undefined && o.length >= count * 2;
        const pairs = fits ? o : new Uint32Array(count * 2);
        pairs.set(new Uint32Array(core.heap.u8.buffer, pp, count * 2));
        return { count, pairs: fits ? out! : pairs };
      });
    },
  };
}
