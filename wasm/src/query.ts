// eo.query: segment casts against boxes, and what the point / region queries of sector grids and
// sweepers share (core/include/earlyout/query.h).
import type { Core } from './core.js';
import { MAX_GRID_COUNT } from './core.js';
import { EarlyoutError, fail } from './errors.js';
import { LAYOUT } from './generated/abi.js';
import { boxList, int, options, pixel, typed } from './input.js';
import type { QueryApi, SegmentHit } from './types.js';

/** @internal What a sector grid lends a segment query: its module, its pointer and the count of its last
    fitting build (-1: none). One map serves every loaded module: a grid's pointer means nothing in another's memory. */
export const GRIDS = new WeakMap<object, { core: Core; pg: number; count: () => number; disposed: () => boolean }>();

/** @internal A query's options, each read once (own properties): layers (their length checked by layersFit), the filter, the grid. */
export interface QueryArgs { layers: Uint16Array | undefined; filter: [number, number] | undefined; grid?: object }
export function queryArgs(o: unknown, withGrid = false): QueryArgs {
  const c = options('options', o, withGrid ? ['layers', 'filter', 'grid'] as const : ['layers', 'filter'] as const) as
    { layers?: unknown; filter?: unknown; grid?: unknown };
  const layers = c.layers === undefined ? undefined : typed('options.layers', c.layers, Uint16Array);
  let filter: [number, number] | undefined;
  if (c.filter !== undefined) {
    const f = options('options.filter', c.filter, ['category', 'collidesWith'] as const);
    filter = [int('filter.category', f.category, 0, 65535), int('filter.collidesWith', f.collidesWith, 0, 65535)];
  }
  let grid: object | undefined;
  if (c.grid !== undefined) {
    if (c.grid === null || typeof c.grid !== 'object' || !GRIDS.has(c.grid)) fail('options.grid must be a SectorGrid of this module');
    grid = c.grid;
  }
  return { layers, filter, grid };
}

/** @internal Checks the layers against the n boxes the query answers for (after every user value was read). */
export function layersFit(q: QueryArgs, n: number): void {
  if (q.layers !== undefined && q.layers.length !== 2 * n)
    fail(`options.layers must hold category, collidesWith per box: ${2 * n} values, got ${q.layers.length}`);
}

/** @internal Puts layers and filter into scratch: [layers pointer, filter pointer] (0 when absent). */
export function putQuery(core: Core, q: QueryArgs, n: number, what: string): [number, number] {
  const pl = core.putLayers(q.layers, n, what);
  let pf = 0;
  if (q.filter !== undefined) {
    pf = core.scratch(LAYOUT.broadphase_layer.size, what);
    core.heap.dv.setUint16(pf + LAYOUT.broadphase_layer.category, q.filter[0], true);
    core.heap.dv.setUint16(pf + LAYOUT.broadphase_layer.collides_with, q.filter[1], true);
  }
  return [pl, pf];
}

/** @internal Runs a list query with room for every object: the indices found. */
export function listQuery(core: Core, n: number, what: string, call: (out: number, cap: number, count: number) => number): Uint32Array {
  const cap = Math.max(n, 1);
  const po = core.scratch(4 * cap, what), pc = core.scratch(4, what); // eo_index: 32 bits in wasm
  core.heap.dv.setUint32(pc, 0, true);
  const r = call(po, cap, pc);
  core.check(r, what);
  const count = core.heap.dv.getUint32(pc, true);
  return new Uint32Array(core.heap.u8.buffer, po, count).slice();
}


/** @internal A segment { x0, y0, x1, y1 } (each read once, floored) as four eo_coord (int32). */
export function segment(v: unknown): [number, number, number, number] {
  if (v === null || typeof v !== 'object') fail(`segment must be an object { x0, y0, x1, y1 }, got ${String(v)}`);
  const o = v as Record<string, unknown>;
  const x0 = o.x0, y0 = o.y0, x1 = o.x1, y1 = o.y1;
  return [pixel('segment.x0', x0), pixel('segment.y0', y0), pixel('segment.x1', x1), pixel('segment.y1', y1)];
}
export function putSegment(core: Core, s: [number, number, number, number], what: string): number {
  const S = LAYOUT.segment, p = core.scratch(S.size, what), dv = core.heap.dv;
  dv.setInt32(p + S.x0, s[0], true); dv.setInt32(p + S.y0, s[1], true); dv.setInt32(p + S.x1, s[2], true); dv.setInt32(p + S.y1, s[3], true);
  return p;
}

export function makeQuery(core: Core): QueryApi {
  const x = core.x, heap = core.heap, H = LAYOUT.query_segment_hit;
  const readHit = (p: number): SegmentHit => {
    const dv = heap.dv, tNum = dv.getUint32(p + H.t_num, true), tDen = dv.getUint32(p + H.t_den, true);
    return { index: dv.getUint32(p + H.index, true), t: tDen === 0 ? 0 : tNum / tDen, tNum, tDen,
             x: dv.getInt32(p + H.x, true), y: dv.getInt32(p + H.y, true), face: dv.getUint8(p + H.face) };
  };
  const prepare = (what: string, seg: unknown, boxes: unknown, o: unknown) => {
    const s = segment(seg);
    const list = boxList('boxes', boxes, MAX_GRID_COUNT);
    const q = queryArgs(o, true);
    layersFit(q, list.count);
    let pg = 0;
    if (q.grid !== undefined) {
      const g = GRIDS.get(q.grid)!;
      if (g.core !== core) fail(`${what}: options.grid must be a SectorGrid of this module, not of another loaded one`);
      if (g.disposed()) fail(`${what}: options.grid was disposed`);
      if (g.count() < 0) throw new EarlyoutError('EO_ERR_NOT_READY', `${what}: the grid has no fitting build or update`);
      if (g.count() !== list.count) fail(`${what}: the grid was built from ${g.count()} boxes, got ${list.count}`);
      pg = g.pg;
    }
    return { s, list, q, pg };
  };
  return {
    segmentAll(seg, boxes, o) {
      const { s, list, q, pg } = prepare('query.segmentAll', seg, boxes, o);
      return core.scoped(() => {
        const what = 'query.segmentAll';
        const ps = putSegment(core, s, what), pb = core.putBoxes(list, what);
        const [pl, pf] = putQuery(core, q, list.count, what);
        const cap = Math.max(list.count, 1), ph = core.scratch(cap * H.size, what), pc = core.scratch(4, what);
        heap.dv.setUint32(pc, 0, true);
        core.check(x.eo_query_segment_all(ps, pb, list.count, pg, pl, pf, ph, cap, pc, core.hooks), what);
        const n = heap.dv.getUint32(pc, true), hits: SegmentHit[] = [];
        for (let i = 0; i < n; i++) hits.push(readHit(ph + i * H.size));
        return hits;
      });
    },
    segmentFirst(seg, boxes, o) {
      const { s, list, q, pg } = prepare('query.segmentFirst', seg, boxes, o);
      return core.scoped(() => {
        const what = 'query.segmentFirst';
        const ps = putSegment(core, s, what), pb = core.putBoxes(list, what);
        const [pl, pf] = putQuery(core, q, list.count, what);
        const ph = core.scratch(H.size, what), pfound = core.scratch(1, what);
        heap.u8[pfound] = 0;
        core.check(x.eo_query_segment_first(ps, pb, list.count, pg, pl, pf, ph, pfound, core.hooks), what);
        return heap.u8[pfound] === 1 ? readHit(ph) : null;
      });
    },
  };
}
