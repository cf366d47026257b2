// eo.query: segment casts against boxes, and what the point / region queries of sector grids and
// sweepers share (core/include/earlyout/query.h).
import type { Core } from './core.js';
import { MAX_GRID_COUNT } from './core.js';
import { disposedError, EarlyoutError, fail } from './errors.js';
import { LAYOUT } from './generated/abi.js';
import { boxSource, COORD_MAX, COORD_MIN, int, intoArray, isInto, OptionReader, pixel, show, typed, intoFailed } from './input.js';
import type { QueryApi, QueryHits, SegmentHit } from './types.js';

/** @internal What a sector grid lends a segment query: its module, its pointer and the count of its last
    fitting build (-1: none). One map serves every loaded module: a grid's pointer means nothing in another's memory. */
export const GRIDS = new WeakMap<object, { core: Core; pg: number; count: () => number; disposed: () => boolean }>();

/** @internal A query's options once read (queryArgs): copy them before reading anything else. */
export const QUERY = { layers: undefined as Uint16Array | undefined, filter: false, category: 0, collidesWith: 0, grid: undefined as object | undefined };
const QUERY_OPTIONS = new OptionReader('options', ['layers', 'filter'] as const);
const SEGMENT_OPTIONS = new OptionReader('options', ['layers', 'filter', 'grid'] as const);
const FILTER = new OptionReader('options.filter', ['category', 'collidesWith'] as const);

/** @internal A query's options, each read once (own properties), left in QUERY: layers (their
    length checked by layersFit), the filter, the grid (segment queries). QUERY is written after
    every user value was read, so a getter's own query cannot change it. */
export function queryArgs(o: unknown, withGrid = false): void {
  const c = (withGrid ? SEGMENT_OPTIONS : QUERY_OPTIONS).read(o) as { layers: unknown; filter: unknown; grid?: unknown };
  const rawLayers = c.layers, rawFilter = c.filter, rawGrid = c.grid;
  let category = 0, collidesWith = 0;
  if (rawFilter !== undefined) {
    const f = FILTER.read(rawFilter);
    const cat = f.category, col = f.collidesWith;
    category = int('filter.category', cat, 0, 65535);
    collidesWith = int('filter.collidesWith', col, 0, 65535);
  }
  const layers = rawLayers === undefined ? undefined : typed('options.layers', rawLayers, Uint16Array);
  if (rawGrid !== undefined && (rawGrid === null || typeof rawGrid !== 'object' || !GRIDS.has(rawGrid)))
    fail('options.grid must be a SectorGrid of this module');
  QUERY.layers = layers; QUERY.filter = rawFilter !== undefined; QUERY.category = category; QUERY.collidesWith = collidesWith;
  QUERY.grid = rawGrid as object | undefined;
}

/** @internal Checks the layers against the n boxes the query answers for (after every user value was read). */
export function layersFit(layers: Uint16Array | undefined, n: number): void {
  if (layers !== undefined && layers.length !== 2 * n)
    fail(`options.layers must hold category, collidesWith per box: ${2 * n} values, got ${layers.length}`);
}

/** @internal The query's filter into scratch: its pointer, 0 when there is none. */
export function putFilter(core: Core, filter: boolean, category: number, collidesWith: number, what: string): number {
  if (!filter) return 0;
  const pf = core.scratch(LAYOUT.broadphase_layer.size, what), u16 = core.heap.u16;
  u16[(pf + LAYOUT.broadphase_layer.category) >>> 1] = category;
  u16[(pf + LAYOUT.broadphase_layer.collides_with) >>> 1] = collidesWith;
  return pf;
}

/** @internal Room for a list query's answer: every one of the n objects (one run always does). */
export function queryRoom(core: Core, n: number, what: string): number {
  const p = core.scratch(4 * (Math.max(n, 1) + 1), what); // the count, then the indices (eo_index: 32 bits in wasm)
  core.heap.u32[p >>> 2] = 0;
  return p;
}
/** @internal The indices array of a query's into (QueryHits), read once before memory is touched
    (undefined: none yet, or no into); a bad into is an error. */
export function queryIndices(into: unknown): Uint32Array | undefined {
  if (into === undefined) return undefined;
  if (!isInto('into', into)) fail(`into must be an object { count, indices } to fill, got ${show(into)}`);
  return intoArray('into', into, 'indices', Uint32Array);
}
/** @internal The indices a list query left at p (count first): into hits (its indices reused, or
    grown by a quarter) or a new array of exactly them. */
export function takeIndices(core: Core, p: number, hits: Record<string, unknown> | undefined, indices: Uint32Array | undefined): Uint32Array | QueryHits {
  const u32 = core.heap.u32, count = u32[p >>> 2];
  const arr = indices !== undefined && indices.length >= count ? indices
    : new Uint32Array(hits === undefined ? count : count + (count >>> 2) + 16);
  for (let k = 0, at = (p >>> 2) + 1; k < count; k++) arr[k] = u32[at + k];
  if (hits === undefined) return arr;
  { try { hits.count = count; } catch (e) { intoFailed(e); } }
  { try { hits.indices = arr; } catch (e) { intoFailed(e); } }
  return hits as unknown as QueryHits;
}

/** @internal A segment { x0, y0, x1, y1 } (each read once, floored) into SEGMENT. */
export const SEGMENT = { x0: 0, y0: 0, x1: 0, y1: 0 };
export function segment(v: unknown): void {
  if (v === null || typeof v !== 'object') fail(`segment must be an object { x0, y0, x1, y1 }, got ${show(v)}`);
  const o = v as Record<string, unknown>;
  const x0 = o.x0, y0 = o.y0, x1 = o.x1, y1 = o.y1;
  if (typeof x0 === 'number' && typeof y0 === 'number' && typeof x1 === 'number' && typeof y1 === 'number') {
    // floored here, in the function that read them: a float passed on would be boxed (garbage a frame)
    const a = Math.floor(x0), b = Math.floor(y0), c = Math.floor(x1), d = Math.floor(y1);
    if (a >= COORD_MIN && a <= COORD_MAX && b >= COORD_MIN && b <= COORD_MAX && c >= COORD_MIN && c <= COORD_MAX && d >= COORD_MIN && d <= COORD_MAX) {
      SEGMENT.x0 = a; SEGMENT.y0 = b; SEGMENT.x1 = c; SEGMENT.y1 = d;
      return;
    }
  }
  pixel('segment.x0', x0); pixel('segment.y0', y0); pixel('segment.x1', x1); pixel('segment.y1', y1); // one of them throws, naming it
}
export function putSegment(core: Core, x0: number, y0: number, x1: number, y1: number, what: string): number {
  const S = LAYOUT.segment, p = core.scratch(S.size, what), i32 = core.heap.i32;
  i32[(p + S.x0) >>> 2] = x0; i32[(p + S.y0) >>> 2] = y0; i32[(p + S.x1) >>> 2] = x1; i32[(p + S.y1) >>> 2] = y1;
  return p;
}

export function makeQuery(core: Core): QueryApi {
  const x = core.x, heap = core.heap, H = LAYOUT.query_segment_hit;
  /** The hit at p into `into` (an earlier hit object, reused) or a new object. */
  const readHit = (p: number, into?: SegmentHit): SegmentHit => {
    const u32 = heap.u32, i32 = heap.i32, tNum = u32[(p + H.t_num) >>> 2], tDen = u32[(p + H.t_den) >>> 2];
    const index = u32[(p + H.index) >>> 2], hx = i32[(p + H.x) >>> 2], hy = i32[(p + H.y) >>> 2], face = heap.u8[p + H.face];
    const t = tDen === 0 ? 0 : tNum / tDen;
    if (into === undefined) return { index, t, tNum, tDen, x: hx, y: hy, face };
    { try { into.index = index; into.t = t; into.tNum = tNum; into.tDen = tDen; into.x = hx; into.y = hy; into.face = face; } catch (e) { intoFailed(e); } }
    return into;
  };
  // what prepare() read, copied out of SEGMENT / QUERY: the segment, the boxes, the options
  let s0 = 0, s1 = 0, s2 = 0, s3 = 0, src: ReturnType<typeof boxSource> = new Int32Array(0), qLayers: Uint16Array | undefined;
  let qFilter = false, qCat = 0, qCol = 0, pg = 0;
  const prepare = (what: string, seg: unknown, boxes: unknown, o: unknown) => {
    segment(seg);
    const a = SEGMENT.x0, b = SEGMENT.y0, c = SEGMENT.x1, d = SEGMENT.y1;
    const list = boxSource('boxes', boxes, MAX_GRID_COUNT);
    queryArgs(o, true);
    const layers = QUERY.layers, filter = QUERY.filter, cat = QUERY.category, col = QUERY.collidesWith, grid = QUERY.grid;
    const n = list.length >>> 2;
    layersFit(layers, n);
    let p = 0;
    if (grid !== undefined) {
      const g = GRIDS.get(grid)!;
      if (g.core !== core) fail(`${what}: options.grid must be a SectorGrid of this module, not of another loaded one`);
      if (g.disposed()) disposedError(`${what}: options.grid`);
      if (g.count() < 0) throw new EarlyoutError('EO_ERR_NOT_READY', `${what}: the grid has no fitting build or update: call grid.build(boxes) or grid.update(boxes) first`);
      if (g.count() !== n) fail(`${what}: the grid was built from ${g.count()} boxes, got ${n}: pass the boxes of its last build or update`);
      p = g.pg;
    }
    s0 = a; s1 = b; s2 = c; s3 = d; src = list; qLayers = layers; qFilter = filter; qCat = cat; qCol = col; pg = p;
  };
  return {
    segmentAll(seg, boxes, o, into) {
      const what = 'query.segmentAll';
      prepare(what, seg, boxes, o);
      if (into !== undefined && !Array.isArray(into)) fail(`into must be an array of SegmentHit (an earlier answer of segmentAll), got ${show(into)}`);
      const kept = into as SegmentHit[] | undefined;
      const m = core.enter();
      try {
        const n = src.length >>> 2;
        const ps = putSegment(core, s0, s1, s2, s3, what), pb = core.putBoxes(src, what);
        const pl = core.putLayers(qLayers, n, what), pf = putFilter(core, qFilter, qCat, qCol, what);
        const cap = Math.max(n, 1), ph = core.scratch(cap * H.size, what), pc = core.scratch(4, what);
        heap.u32[pc >>> 2] = 0;
        core.check(x.eo_query_segment_all(ps, pb, n, pg, pl, pf, ph, cap, pc, core.hooks), what);
        const count = heap.u32[pc >>> 2], hits = kept ?? new Array<SegmentHit>(count);
        for (let i = 0; i < count; i++) {
          const old = kept !== undefined && i < kept.length ? kept[i] : undefined;
          { try { hits[i] = readHit(ph + i * H.size, old !== null && typeof old === 'object' ? old : undefined); } catch (e) { intoFailed(e); } }
        }
        { try { hits.length = count; } catch (e) { intoFailed(e); } }
        return hits;
      } finally {
        core.leave(m);
      }
    },
    segmentFirst(seg, boxes, o, into) {
      const what = 'query.segmentFirst';
      prepare(what, seg, boxes, o);
      if (into !== undefined && !isInto('into', into)) fail(`into must be a SegmentHit object to fill, got ${show(into)}`);
      const m = core.enter();
      try {
        const n = src.length >>> 2;
        const ps = putSegment(core, s0, s1, s2, s3, what), pb = core.putBoxes(src, what);
        const pl = core.putLayers(qLayers, n, what), pf = putFilter(core, qFilter, qCat, qCol, what);
        const ph = core.scratch(H.size, what), pfound = core.scratch(1, what);
        heap.u8[pfound] = 0;
        core.check(x.eo_query_segment_first(ps, pb, n, pg, pl, pf, ph, pfound, core.hooks), what);
        return heap.u8[pfound] === 1 ? readHit(ph, into) : null;
      } finally {
        core.leave(m);
      }
    },
  };
}
