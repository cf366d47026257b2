// eo.tiles: tile maps, movement and slopes (core/include/earlyout/tiles.h, slopes.h).
import type { Core, Expect } from './core.js';
import { EarlyoutError, fail } from './errors.js';
import { FIELD_TYPES, LAYOUT } from './generated/abi.js';
import { DEFINES, ENUMS, RESULT, RESULTS, SLOPE, TILE } from './generated/constants.js';
import { choice, COORD_MAX, COORD_MIN, finite, int, options, pixel, realView, show, tileBox, typed, type TileBox } from './input.js';
import type { Owner, Block } from './memory.js';
import { putSegment, segment } from './query.js';
import type { Box, CharacterResult, Ground, RaycastHit, RaycastVisit, MoveResult, Mover, TileMap, TileMapConfig, TileOutside, TileProbe, TilesApi, TilesCache } from './types.js';

type _Map = Expect<typeof FIELD_TYPES.tiles_map, { cells: 'uint8_t *'; attrs: 'uint8_t *'; row_start: 'uint16_t *'; slopes: 'uint8_t *';
  width: 'uint16_t'; height: 'uint16_t'; tile_shift: 'uint8_t'; outside: 'uint8_t'; slope_count: 'uint8_t' }>;
type _Result = Expect<typeof FIELD_TYPES.tiles_move_result, { hit: 'uint8_t'; touching: 'uint8_t'; below: 'uint8_t'; on_ground: 'uint8_t';
  moved_x: 'int32_t'; moved_y: 'int32_t' }>;
type _Ground = Expect<typeof FIELD_TYPES.slopes_ground, { found: 'uint8_t'; sensor: 'uint8_t'; height: 'uint8_t'; attr: 'uint8_t';
  col: 'eo_coord'; row: 'eo_coord'; ground_y: 'eo_coord'; distance: 'eo_coord'; slope: 'int16_t' }>;
type _Step = Expect<typeof FIELD_TYPES.slopes_move_result, { move: 'eo_tiles_move_result'; landed: 'uint8_t'; launched: 'uint8_t'; slope: 'int16_t' }>;
type _Probe = Expect<typeof FIELD_TYPES.tiles_probe_point, { x: 'eo_coord'; y: 'eo_coord'; col: 'eo_coord'; row: 'eo_coord'; attr: 'uint8_t'; outside: 'uint8_t' }>;

const OUT = ENUMS.eo_tiles_outside;
const OUTSIDE: Record<TileOutside, number> = { solid: OUT.EO_TILES_OUTSIDE_SOLID, empty: OUT.EO_TILES_OUTSIDE_EMPTY, 'open-top': OUT.EO_TILES_OUTSIDE_OPEN_TOP };
const PROBE_MODES = { edges: ENUMS.eo_tiles_probe_mode.EO_TILES_PROBE_EDGES, corners: ENUMS.eo_tiles_probe_mode.EO_TILES_PROBE_CORNERS } as const;
const TILE_SIZES: number[] = [];
for (let s = DEFINES.EO_TILES_MIN_SHIFT; s <= DEFINES.EO_TILES_MAX_SHIFT; s++) TILE_SIZES.push(1 << s);
const CONFIG_KEYS = ['width', 'height', 'tileSize', 'outside', 'cells', 'attrs', 'slopes', 'rowTable'] as const;
const MOVE_KEYS = ['drop', 'positionOnly', 'corners', 'cache'] as const;
const SWEEP_KEYS = ['drop', 'positionOnly', 'slide', 'cache'] as const;
const WALK_KEYS = ['drop', 'positionOnly', 'corners'] as const;
const CHARACTER_KEYS = ['drop', 'positionOnly', 'reach'] as const;
const BATCH_KEYS = ['drop', 'positionOnly'] as const;
const MAX_MOVERS = 0x7fffffff;

function flagsOf(o: { drop?: unknown; positionOnly?: unknown; corners?: unknown }): number {
  return (o.drop ? DEFINES.EO_TILES_DROP : 0) | (o.positionOnly ? DEFINES.EO_TILES_POSITION_ONLY : 0) | (o.corners ? DEFINES.EO_TILES_CORNERS : 0);
}

/** How far a float move takes the pixel box: floor(position + d) - floor(position), an eo_coord. */
function steps(name: string, d: unknown, position: number, pixelPos: number): number {
  const f = finite(name, d);
  if (f < COORD_MIN || f > COORD_MAX) fail(`${name} must be a finite number from ${COORD_MIN} to ${COORD_MAX}, got ${f}`);
  const n = Math.floor(position + f) - pixelPos;
  if (n < COORD_MIN || n > COORD_MAX) fail(`${name} = ${f} from ${position} moves the pixel box more than ${COORD_MAX} px`);
  return n;
}

/** A slope in 1/256 px per px as an angle in degrees (positive: rising to the right). */
const degrees = (slope: number) => Math.atan2(slope, 256) * 180 / Math.PI;

/** The float position after a move on one axis: the target if the pixel box got there, else where
    it stopped (no fraction: against the wall). */
const after = (target: number, pixelPos: number, want: number, moved: number) => (moved === want ? target : pixelPos + moved);

/** @internal */
export function makeTiles(core: Core): TilesApi {
  const x = core.x, heap = core.heap;
  const T = LAYOUT.tiles_map, R = LAYOUT.tiles_move_result, GR = LAYOUT.slopes_ground, P = LAYOUT.tiles_probe_point;
  const SM = LAYOUT.slopes_move_result;
  const movers = new WeakSet<object>();

  function createMap(config: TileMapConfig): TileMap {
    // every argument read once and checked before any memory is taken
    const c = options('config', config, CONFIG_KEYS);
    const size = c.tileSize ?? 8;
    if (typeof size !== 'number' || !TILE_SIZES.includes(size))
      fail(`tileSize must be ${TILE_SIZES.slice(0, -1).join(', ')} or ${TILE_SIZES[TILE_SIZES.length - 1]}, got ${show(size)}`);
    const tileSize: number = size;
    const shift = Math.log2(tileSize);
    const most = Math.min(65535, Math.floor((COORD_MAX + 1) / tileSize)); // EO_TILES_MAX_TILES: the map fits the world
    const width = int('width', c.width, 1, most), height = int('height', c.height, 1, most);
    const outsideName = (c.outside ?? 'solid') as TileOutside;
    const outside = choice('outside', outsideName, OUTSIDE);
    const n = width * height;
    const cells = c.cells === undefined ? undefined : typed('cells', c.cells, Uint8Array);
    if (cells !== undefined && cells.length !== n) fail(`cells must hold width * height = ${n} tile ids, got ${cells.length}`);
    const attrs = c.attrs === undefined ? undefined : typed('attrs', c.attrs, Uint8Array);
    if (attrs !== undefined && attrs.length !== 256) fail(`attrs must hold 256 entries (one per tile id), got ${attrs.length}`);
    const slopes = c.slopes === undefined ? undefined : readSlopes(c.slopes);
    const rowTable = c.rowTable === true;
    if (rowTable && n > 65536) fail(`rowTable needs a map of at most 65536 cells, this one has ${n}`);
    const userShapes = slopes !== undefined ? slopes.length / tileSize : 0;

    function readSlopes(v: unknown): Uint8Array {
      const h = typed('slopes', v, Uint8Array);
      if (h.length % tileSize !== 0) fail(`slopes must hold tileSize (${tileSize}) heights per shape, got ${h.length}`);
      if (h.length / tileSize > DEFINES.EO_TILES_SLOPE_MAX_USER) fail(`at most ${DEFINES.EO_TILES_SLOPE_MAX_USER} user slope shapes, got ${h.length / tileSize}`);
      return h;
    }

    // one block: the eo_tiles_map, then cells, attrs and the row table; the slopes in a block of their own
    const cellsAt = Math.ceil(T.size / 16) * 16, attrsAt = Math.ceil((cellsAt + n) / 16) * 16, rowsAt = attrsAt + 256;
    const owner: Owner = heap.owner();
    let pm = 0;
    let slopesMem: Block | null = null;
    try {
      const mem = owner.add(heap.allocBlock(rowsAt + (rowTable ? 2 * height : 0), 'tiles.createMap'));
      pm = mem.at;
      if (slopes !== undefined && slopes.length > 0) slopesMem = owner.add(heap.allocBlock(slopes.length, 'tiles.createMap'));
      const u8 = heap.u8, dv = heap.dv;
      u8.fill(0, pm, pm + mem.size);
      if (cells !== undefined) u8.set(cells, pm + cellsAt);
      if (attrs !== undefined) u8.set(attrs, pm + attrsAt);
      else { // every kind, slope and one-way slope is its own id: the shapes the map has
        for (let i = 0; i < TILE.SLOPE + SLOPE.USER + userShapes; i++) u8[pm + attrsAt + i] = i;
        for (let i = TILE.ONE_WAY_SLOPE; i < TILE.ONE_WAY_SLOPE + SLOPE.USER + userShapes; i++) u8[pm + attrsAt + i] = i;
      }
      if (rowTable) for (let r = 0; r < height; r++) dv.setUint16(pm + rowsAt + 2 * r, r * width, true);
      if (slopesMem !== null) u8.set(slopes!, slopesMem.at);
      dv.setUint32(pm + T.cells, pm + cellsAt, true);
      dv.setUint32(pm + T.attrs, pm + attrsAt, true);
      dv.setUint32(pm + T.row_start, rowTable ? pm + rowsAt : 0, true);
      dv.setUint32(pm + T.slopes, slopesMem !== null ? slopesMem.at : 0, true);
      dv.setUint16(pm + T.width, width, true);
      dv.setUint16(pm + T.height, height, true);
      dv.setUint8(pm + T.tile_shift, shift);
      dv.setUint8(pm + T.outside, outside);
      dv.setUint8(pm + T.slope_count, userShapes);
      core.check(x.eo_tiles_check(pm), 'tiles.createMap', 'a slope height above the tile size, or an attr naming a slope shape that does not exist');
    } catch (e) {
      owner.release();
      throw e;
    }

    let disposed = false;
    const caches = new Set<{ ptr: number; owner: Owner }>();
    const cacheRecs = new WeakMap<object, { ptr: number; owner: Owner }>();
    const live = () => { if (disposed) fail('this tile map was disposed'); };
    // a cache the game dropped without dispose() is freed by its finalizer: forget it here
    const resetCaches = () => { for (const cr of caches) if (cr.owner.released) caches.delete(cr); else x.eo_tiles_cache_reset(cr.ptr); };
    const cacheOf = (cv: unknown): number => {
      const rec = typeof cv === 'object' && cv !== null ? cacheRecs.get(cv) : undefined;
      if (rec === undefined) fail('cache must be made by this map\'s createCache()');
      if (rec.owner.released) fail('cache was disposed');
      return rec.ptr;
    };
    const col = (v: unknown) => int('col', v, 0, width - 1);
    const row = (v: unknown) => int('row', v, 0, height - 1);
    const coord = (name: string, v: unknown) => int(name, v, COORD_MIN, COORD_MAX);
    const putBox = (b: TileBox, what: string): number => {
      const p = core.scratch(LAYOUT.box.size, what);
      const v = new Int32Array(heap.u8.buffer, p, 4);
      v[0] = b.x; v[1] = b.y; v[2] = b.w; v[3] = b.h;
      return p;
    };
    const readBox = (p: number): Box => {
      const v = new Int32Array(heap.u8.buffer, p, 4);
      return { x: v[0], y: v[1], w: v[2], h: v[3] };
    };
    const readGround = (p: number): Ground | null => {
      const u8 = heap.u8, dv = heap.dv;
      if (u8[p + GR.found] === 0) return null;
      const slope = dv.getInt16(p + GR.slope, true);
      return { sensor: u8[p + GR.sensor], height: u8[p + GR.height], attr: u8[p + GR.attr], col: dv.getInt32(p + GR.col, true),
               row: dv.getInt32(p + GR.row, true), groundY: dv.getInt32(p + GR.ground_y, true), distance: dv.getInt32(p + GR.distance, true),
               slope, angle: degrees(slope) };
    };
    /** p - pixel, kept below 1 as documented: for p just below an integer (-5e-324) the difference
        rounds up to 1 in float64. */
    const fraction = (p: number, pixel: number) => Math.min(p - pixel, 1 - Number.EPSILON / 2);
    /** The result of a move or walk of the pixel box b, with the float position carried. */
    const result = (pr: number, pb: number, b: TileBox, tx: number, ty: number, wantX: number, wantY: number, walking: boolean,
                    target: unknown): MoveResult => {
      const u8 = heap.u8, dv = heap.dv;
      const movedX = dv.getInt32(pr + R.moved_x, true), movedY = dv.getInt32(pr + R.moved_y, true);
      const nb = readBox(pb);
      const nx = after(tx, b.x, wantX, movedX);
      const ny = walking ? (movedY === 0 ? b.py : b.y + movedY) : after(ty, b.y, wantY, movedY);
      if (movers.has(target as object)) { (target as Mover).x = nx; (target as Mover).y = ny; }
      return { box: nb, remainderX: fraction(nx, nb.x), remainderY: fraction(ny, nb.y), hit: u8[pr + R.hit], touching: u8[pr + R.touching],
               below: u8[pr + R.below], onGround: u8[pr + R.on_ground] === 1, movedX, movedY };
    };

    /** Batch moves: boxes in place (Int32Array / Int16Array whole pixels; Float32Array / Float64Array
        keep each fraction). An Int16Array mover that would leave the int16 range is an error before
        any mover is changed. */
    const batch = (boxes: unknown, perMover: unknown, per: 1 | 2, out: unknown,
                   call: (pb: number, count: number, pd: number, po: number, pf: number) => number, what: string): Uint8Array => {
      const bv = realView('boxes', boxes);
      if (bv === null || !(bv instanceof Int32Array || bv instanceof Int16Array || bv instanceof Float32Array || bv instanceof Float64Array))
        fail(`boxes must be an Int32Array, Int16Array, Float32Array or Float64Array (x, y, w, h per mover, changed in place), got ${show(boxes)}`);
      const whole = bv instanceof Int32Array || bv instanceof Int16Array;
      if (bv.length % 4 !== 0) fail(`boxes must hold x, y, w, h per mover: length ${bv.length} is not a multiple of 4`);
      const count = bv.length / 4;
      if (count > MAX_MOVERS) fail(`at most ${MAX_MOVERS} movers`);
      const dName = per === 2 ? 'deltas' : 'dx';
      const dv0 = realView(dName, perMover);
      if (whole && !(dv0 instanceof Int32Array || dv0 instanceof Int16Array))
        fail(`${dName} must be an Int32Array or Int16Array for ${bv.constructor.name} boxes (whole pixels); use Float32Array or Float64Array boxes to move by fractions`);
      let dl: number;
      if (dv0 !== null) dl = dv0.length;
      else if (Array.isArray(perMover)) dl = (perMover as unknown[]).length;
      else return fail(`${dName} must be a typed array or an array of numbers, got ${show(perMover)}`);
      if (dl !== per * count) fail(`${per === 2 ? 'deltas must hold dx, dy' : 'dx must hold one value'} per mover: ${per * count} values, got ${dl}`);
      const ov = out === undefined ? undefined : typed('out', out, Uint8Array);
      if (ov !== undefined && ov.length < 4 * count) fail(`out has room for ${ov.length >> 2} movers, ${count} needed`);
      // pixel boxes and whole-pixel deltas for the core, and the float targets to carry
      const ib = bv instanceof Int32Array ? bv : bv instanceof Int16Array ? Int32Array.from(bv) : new Int32Array(4 * count);
      const id = dv0 instanceof Int32Array ? dv0 : dv0 instanceof Int16Array ? Int32Array.from(dv0) : new Int32Array(per * count);
      let targets: Float64Array | null = null;
      if (!whole) {
        targets = new Float64Array(2 * count);
        const src = (dv0 ?? perMover) as ArrayLike<unknown>;
        for (let i = 0; i < count; i++) {
          const b = tileBox(`boxes[mover ${i}]`, { x: bv[4 * i], y: bv[4 * i + 1], w: bv[4 * i + 2], h: bv[4 * i + 3] });
          ib[4 * i] = b.x; ib[4 * i + 1] = b.y; ib[4 * i + 2] = b.w; ib[4 * i + 3] = b.h;
          const ddx = src[per * i], ddy = per === 2 ? src[per * i + 1] : 0;
          id[per * i] = steps(`${dName}[${per * i}]`, ddx, b.px, b.x);
          targets[2 * i] = b.px + (ddx as number);
          if (per === 2) { id[per * i + 1] = steps(`${dName}[${per * i + 1}]`, ddy, b.py, b.y); targets[2 * i + 1] = b.py + (ddy as number); }
          else targets[2 * i + 1] = b.py;
        }
      }
      live();
      return core.scoped(() => {
        const pb = core.scratch(LAYOUT.box.size * count, what), pd = core.scratch(4 * per * count, what);
        const po = core.scratch(4 * count, what), pf = core.scratch(4, what);
        if (count > 0) {
          new Int32Array(heap.u8.buffer, pb, 4 * count).set(ib);
          new Int32Array(heap.u8.buffer, pd, per * count).set(id);
        }
        const e = call(pb, count, pd, po, pf);
        if (e !== RESULT.EO_OK) {
          const i = heap.dv.getUint32(pf, true), name = RESULTS[e]?.name ?? String(e);
          throw new EarlyoutError(name as 'EO_ERR_BAD_ARGUMENT', `${what}: mover ${i} (box ${Array.from(ib.subarray(4 * i, 4 * i + 4)).join(', ')}): ${name}; no mover was changed`);
        }
        const moved = new Int32Array(heap.u8.buffer, pb, 4 * count);
        if (bv instanceof Int16Array) {
          const k = moved.findIndex((v) => v < -32768 || v > 32767);
          if (k >= 0) fail(`${what}: mover ${k >> 2} would end at ${moved[k]}, outside the Int16Array's range; no mover was changed (use an Int32Array)`);
        }
        if (targets === null) (bv as Int32Array | Int16Array).set(moved);
        else {
          const f32 = bv instanceof Float32Array;
          for (let i = 0; i < count; i++) {
            const x0 = ib[4 * i], y0 = ib[4 * i + 1], x1 = moved[4 * i], y1 = moved[4 * i + 1];
            const nx = after(targets[2 * i], x0, id[per * i], x1 - x0);
            const ny = per === 2 ? after(targets[2 * i + 1], y0, id[per * i + 1], y1 - y0) : (y1 === y0 ? targets[2 * i + 1] : y1);
            // a Float32Array must not round a fraction up into the next pixel
            bv[4 * i] = f32 && Math.floor(Math.fround(nx)) !== x1 ? x1 : nx;
            bv[4 * i + 1] = f32 && Math.floor(Math.fround(ny)) !== y1 ? y1 : ny;
          }
        }
        const res = ov ?? new Uint8Array(4 * count);
        res.set(new Uint8Array(heap.u8.buffer, po, 4 * count));
        return ov !== undefined ? out as Uint8Array : res;
      });
    };

    /** move and sweep: the same arguments, result and float handling; only the core call differs (written
        out at each call site: wasm/gen.mjs exports the functions it sees called as x.eo_*(...)). */
    type MoveCall = (...a: [number, number, number, number, number, number, number, number]) => number;
    const twoAxisMove = (what: string, call: MoveCall, b: unknown, dx: unknown, dy: unknown, flags: number, cache: unknown): MoveResult => {
      const tb = tileBox('box', b);
      const wantX = steps('dx', dx, tb.px, tb.x), wantY = steps('dy', dy, tb.py, tb.y);
      live();
      const pc = cache === undefined ? 0 : cacheOf(cache);
      return core.scoped(() => {
        const pb = putBox(tb, what), pr = core.scratch(R.size, what);
        core.check(call(pm, pb, wantX, wantY, flags, pc, pr, core.hooks), what);
        return result(pr, pb, tb, tb.px + (dx as number), tb.py + (dy as number), wantX, wantY, false, b);
      });
    };

    const map: TileMap = {
      width, height, tileSize, outside: outsideName,
      getCell(cc, rr) { const i = row(rr) * width + col(cc); live(); return heap.u8[pm + cellsAt + i]; },
      setCell(cc, rr, id) {
        const i = row(rr) * width + col(cc), v = int('id', id, 0, 255);
        live();
        heap.u8[pm + cellsAt + i] = v;
        resetCaches();
      },
      setCells(cv) {
        const cs = typed('cells', cv, Uint8Array);
        if (cs.length !== n) fail(`cells must hold width * height = ${n} tile ids, got ${cs.length}`);
        live();
        heap.u8.set(cs, pm + cellsAt);
        resetCaches();
      },
      cells() { live(); return heap.u8.slice(pm + cellsAt, pm + cellsAt + n); },
      setAttr(id, attr) {
        const i = int('id', id, 0, 255), a = int('attr', attr, 0, 255);
        live();
        const p = pm + attrsAt + i, before = heap.u8[p];
        heap.u8[p] = a;
        const e = x.eo_tiles_check(pm);
        if (e !== RESULT.EO_OK) { heap.u8[p] = before; core.check(e, 'setAttr', `attr ${a} names a slope shape this map does not have`); }
        resetCaches();
      },
      attrAt(cc, rr) { const c0 = coord('col', cc), r0 = coord('row', rr); live(); return x.eo_tiles_attr_at(pm, c0, r0, core.hooks); },
      attrAtPixel(px, py) { const x0 = pixel('x', px), y0 = pixel('y', py); live(); return x.eo_tiles_attr_at_pixel(pm, x0, y0, core.hooks); },
      tileOf(p) { return x.eo_tiles_tile_of(pixel('p', p), shift); },
      index(cc, rr) {
        const c0 = coord('col', cc), r0 = coord('row', rr);
        live();
        return core.scoped(() => {
          const p = core.scratch(4, 'index');
          return x.eo_tiles_index(pm, c0, r0, p) === 1 ? heap.dv.getUint32(p, true) : null;
        });
      },
      pixelSolid(px, py) { const x0 = pixel('x', px), y0 = pixel('y', py); live(); return x.eo_tiles_pixel_solid(pm, x0, y0) === 1; },
      pixelOneWay(px, py) { const x0 = pixel('x', px), y0 = pixel('y', py); live(); return x.eo_tiles_pixel_one_way(pm, x0, y0) === 1; },
      probe(b, mode = 'edges') {
        const m = choice('mode', mode, PROBE_MODES);
        const tb = tileBox('box', b);
        live();
        return core.scoped(() => {
          const pb = putBox(tb, 'probe'), pc = core.scratch(4, 'probe');
          // room for the corners and a point per tile along each edge; asked again if the core needs more
          let cap = 4 + 2 * ((tb.w >> shift) + 2) + 2 * ((tb.h >> shift) + 2);
          let pp = core.scratch(cap * P.size, 'probe');
          let e = x.eo_tiles_probe(pm, pb, m, pp, cap, pc, pc + 2, core.hooks);
          if (e === RESULT.EO_ERR_BUFFER_TOO_SMALL) {
            cap = heap.dv.getUint16(pc, true);
            pp = core.scratch(cap * P.size, 'probe');
            e = x.eo_tiles_probe(pm, pb, m, pp, cap, pc, pc + 2, 0);
          }
          core.check(e, 'probe');
          const count = heap.dv.getUint16(pc, true), dv = heap.dv, points: TileProbe[] = [];
          for (let i = 0; i < count; i++) {
            const p = pp + i * P.size;
            points.push({ x: dv.getInt32(p + P.x, true), y: dv.getInt32(p + P.y, true), col: dv.getInt32(p + P.col, true),
                          row: dv.getInt32(p + P.row, true), attr: dv.getUint8(p + P.attr), outside: dv.getUint8(p + P.outside) === 1 });
          }
          return { points, kinds: heap.u8[pc + 2] };
        });
      },
      touching(b, cache) {
        const tb = tileBox('box', b);
        live();
        const pc = cache === undefined ? 0 : cacheOf(cache);
        return core.scoped(() => {
          const pb = putBox(tb, 'touching'), po = core.scratch(2, 'touching');
          core.check(x.eo_tiles_touching(pm, pb, pc, po, po + 1, core.hooks), 'touching');
          return { touching: heap.u8[po], below: heap.u8[po + 1] };
        });
      },
      move(b, dx, dy, opts) {
        const o = options('options', opts, MOVE_KEYS);
        return twoAxisMove('move', (...a) => x.eo_tiles_move(...a), b, dx, dy, flagsOf(o), o.cache);
      },
      sweep(b, dx, dy, opts) {
        const o = options('options', opts, SWEEP_KEYS);
        return twoAxisMove('sweep', (...a) => x.eo_tiles_sweep(...a), b, dx, dy, flagsOf(o) | (o.slide ? DEFINES.EO_TILES_SLIDE : 0), o.cache);
      },
      walk(b, dx, maxStep, opts) {
        const o = options('options', opts, WALK_KEYS);
        const flags = flagsOf(o);
        const tb = tileBox('box', b);
        const wantX = steps('dx', dx, tb.px, tb.x);
        const ms = int('maxStep', maxStep, 0, 255);
        live();
        return core.scoped(() => {
          const pb = putBox(tb, 'walk'), pr = core.scratch(R.size, 'walk');
          core.check(x.eo_slopes_walk(pm, pb, wantX, ms, flags, pr, core.hooks), 'walk');
          return result(pr, pb, tb, tb.px + (dx as number), tb.py, wantX, 0, true, b);
        });
      },
      moveCharacter(b, dx, dy, maxStep, opts) {
        const o = options('options', opts, CHARACTER_KEYS);
        const flags = flagsOf(o);
        const reach = o.reach === undefined || o.reach === 'always' ? DEFINES.EO_SLOPES_REACH_ALWAYS
          : int('options.reach', o.reach, 0, DEFINES.EO_SLOPES_REACH_ALWAYS - 1);
        const tb = tileBox('box', b);
        const wantX = steps('dx', dx, tb.px, tb.x), wantY = steps('dy', dy, tb.py, tb.y);
        const most = DEFINES.EO_TILES_MAX_SWEEP;
        if (Math.abs(wantX) > most || Math.abs(wantY) > most) fail(`dx and dy must move the pixel box at most ${most} px, got ${wantX}, ${wantY}`);
        const ms = int('maxStep', maxStep, 0, 255);
        live();
        return core.scoped(() => {
          const pb = putBox(tb, 'moveCharacter'), pr = core.scratch(SM.size, 'moveCharacter');
          core.check(x.eo_slopes_move(pm, pb, wantX, wantY, ms, reach, flags, pr, core.hooks), 'moveCharacter');
          // y keeps its fraction only where the air move reached its target (the ground sets it otherwise)
          const r = result(pr + SM.move, pb, tb, tb.px + (dx as number), tb.py + (dy as number), wantX, wantY, false, b);
          const slope = heap.dv.getInt16(pr + SM.slope, true);
          return { ...r, landed: heap.u8[pr + SM.landed] === 1, launched: heap.u8[pr + SM.launched] === 1, slope, angle: degrees(slope) };
        });
      },
      moveMany(boxes, deltas, opts, out) {
        const flags = flagsOf(options('options', opts, BATCH_KEYS));
        return batch(boxes, deltas, 2, out, (pb, count, pd, po, pf) =>
          x.eo_wasm_tiles_move_many(pm, pb, count, pd, flags, po, pf, core.hooks), 'moveMany');
      },
      walkMany(boxes, dx, maxStep, opts, out) {
        const flags = flagsOf(options('options', opts, BATCH_KEYS));
        const ms = int('maxStep', maxStep, 0, 255);
        return batch(boxes, dx, 1, out, (pb, count, pd, po, pf) =>
          x.eo_wasm_slopes_walk_many(pm, pb, count, pd, ms, flags, po, pf, core.hooks), 'walkMany');
      },
      tileSlope(attr) {
        const a = int('attr', attr, 0, 255);
        live();
        return x.eo_slopes_tile_slope(pm, a);
      },
      columnHeight(shape, column) {
        const s = int('shape', shape, 0, 239), cn = int('column', column, 0, tileSize - 1);
        live();
        return x.eo_tiles_slope_height(pm, s, cn);
      },
      heights(shape) {
        const s = int('shape', shape, 0, 239);
        live();
        return core.scoped(() => {
          const p = core.scratch(tileSize, 'heights');
          core.check(x.eo_tiles_slope_heights(pm, s, p, tileSize), 'heights');
          return heap.u8.slice(p, p + tileSize);
        });
      },
      setSlopes(hv) {
        const h = readSlopes(hv);
        live();
        const before = heap.dv.getUint8(pm + T.slope_count);
        const count = h.length / tileSize;
        if (count < before) fail(`setSlopes needs at least the ${before} shapes the map already has (attrs may name them)`);
        const next = count > 0 ? owner.add(heap.allocBlock(h.length, 'setSlopes')) : null;
        if (next !== null) heap.u8.set(h, next.at);
        const old = slopesMem;
        heap.dv.setUint32(pm + T.slopes, next !== null ? next.at : 0, true);
        heap.dv.setUint8(pm + T.slope_count, count);
        const e = x.eo_tiles_check(pm);
        if (e !== RESULT.EO_OK) {
          heap.dv.setUint32(pm + T.slopes, old !== null ? old.at : 0, true);
          heap.dv.setUint8(pm + T.slope_count, before);
          if (next !== null) owner.drop(next);
          core.check(e, 'setSlopes', `every height must be 0 .. ${tileSize}`);
        }
        slopesMem = next;
        if (old !== null) owner.drop(old);
        resetCaches();
      },
      raycast(seg, o) {
        const sg = segment(seg);
        const c = options('options', o, ['block', 'visits'] as const);
        const block = int('options.block', c.block ?? 0, 0, 255);
        if (c.visits !== undefined && typeof c.visits !== 'boolean') fail(`options.visits must be a boolean, got ${show(c.visits)}`);
        const wantVisits = c.visits === true;
        live();
        return core.scoped(() => {
          const RH = LAYOUT.raycast_hit, RV = LAYOUT.raycast_visit, dv = heap.dv;
          const ps = putSegment(core, sg, 'raycast'), ph = core.scratch(RH.size, 'raycast');
          const pc = core.scratch(2, 'raycast');
          // a segment crosses at most |dx| + |dy| + 1 pixels: a guess that fits most rays, then the count
          let cap = wantVisits ? Math.min(65535, Math.max(16, ((Math.abs(sg[2] - sg[0]) + Math.abs(sg[3] - sg[1])) >> shift) + 4)) : 0;
          let pv = wantVisits ? core.scratch(cap * RV.size, 'raycast') : 0;
          let r = x.eo_raycast_tiles(pm, ps, block, ph, pv, cap, wantVisits ? pc : 0, core.hooks);
          if (r === RESULT.EO_ERR_BUFFER_TOO_SMALL && wantVisits) {
            cap = dv.getUint16(pc, true);
            pv = core.scratch(cap * RV.size, 'raycast');
            r = x.eo_raycast_tiles(pm, ps, block, ph, pv, cap, pc, 0);
          }
          core.check(r, 'raycast');
          const tNum = dv.getUint32(ph + RH.t_num, true), tDen = dv.getUint32(ph + RH.t_den, true);
          const hit: RaycastHit & { visits?: RaycastVisit[] } = {
            hit: dv.getUint8(ph + RH.hit) === 1, attr: dv.getUint8(ph + RH.attr), face: dv.getUint8(ph + RH.face),
            col: dv.getInt32(ph + RH.col, true), row: dv.getInt32(ph + RH.row, true), x: dv.getInt32(ph + RH.x, true), y: dv.getInt32(ph + RH.y, true),
            t: tDen === 0 ? 0 : tNum / tDen, tNum, tDen,
          };
          if (wantVisits) {
            const n = dv.getUint16(pc, true), visits: RaycastVisit[] = [];
            for (let i = 0; i < n; i++) {
              const p = pv + i * RV.size, vn = dv.getUint32(p + RV.t_num, true), vd = dv.getUint32(p + RV.t_den, true);
              visits.push({ col: dv.getInt32(p + RV.col, true), row: dv.getInt32(p + RV.row, true), t: vd === 0 ? 0 : vn / vd, tNum: vn, tDen: vd,
                            attr: dv.getUint8(p + RV.attr), face: dv.getUint8(p + RV.face) });
            }
            hit.visits = visits;
          }
          return hit;
        });
      },
      groundAt(px, py) {
        const x0 = pixel('x', px), y0 = pixel('y', py);
        live();
        return core.scoped(() => {
          const p = core.scratch(GR.size, 'groundAt');
          core.check(x.eo_slopes_ground_at(pm, x0, y0, p, core.hooks), 'groundAt');
          return readGround(p);
        });
      },
      boxGround(b, sensors = 2) {
        if (sensors !== DEFINES.EO_SLOPES_TWO_SENSORS && sensors !== DEFINES.EO_SLOPES_THREE_SENSORS && sensors !== 'every')
          fail(`sensors must be 2, 3 or 'every', got ${show(sensors)}`);
        const n = sensors === 'every' ? DEFINES.EO_SLOPES_EVERY_COLUMN : sensors;
        const tb = tileBox('box', b);
        live();
        return core.scoped(() => {
          const pb = putBox(tb, 'boxGround'), p = core.scratch(GR.size, 'boxGround');
          core.check(x.eo_slopes_box_ground(pm, pb, n, p, core.hooks), 'boxGround');
          return readGround(p);
        });
      },
      createCache() {
        live();
        const cacheOwner = heap.owner();
        let block: Block;
        try { block = cacheOwner.add(heap.allocBlock(LAYOUT.tiles_cache.size, 'createCache')); } catch (e) { cacheOwner.release(); throw e; }
        heap.u8.fill(0, block.at, block.at + block.size);
        const rec = { ptr: block.at, owner: cacheOwner };
        caches.add(rec);
        const cache: TilesCache = {
          reset() { if (cacheOwner.released) fail('cache was disposed'); x.eo_tiles_cache_reset(rec.ptr); },
          dispose() {
            if (cacheOwner.released) return;
            caches.delete(rec);
            heap.untrack(cacheOwner);
            cacheOwner.release();
          },
        };
        cacheRecs.set(cache, rec);
        heap.track(cache, cacheOwner);
        return cache;
      },
      dispose() {
        if (disposed) return;
        disposed = true;
        for (const cr of caches) { heap.untrack(cr.owner); cr.owner.release(); }
        caches.clear();
        heap.untrack(owner);
        owner.release();
      },
    };
    heap.track(map, owner);
    return map;
  }

  return {
    createMap,
    createMover(b: Box): Mover {
      if (b === null || typeof b !== 'object') fail(`box must be an object { x, y, w, h }, got ${show(b)}`);
      const o = b as unknown as Record<string, unknown>;
      const mx = o.x, my = o.y, mw = o.w, mh = o.h;
      const mover: Mover = { x: finite('box.x', mx), y: finite('box.y', my), w: finite('box.w', mw), h: finite('box.h', mh) };
      tileBox('box', mover); // the same checks as every move
      movers.add(mover);
      return mover;
    },
  };
}
