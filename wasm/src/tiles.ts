// eo.tiles: tile maps, movement and slopes (core/include/earlyout/tiles.h, slopes.h).
import type { Core, Expect } from './core.js';
import { disposedError, EarlyoutError, fail } from './errors.js';
import { FIELD_TYPES, LAYOUT } from './generated/abi.js';
import { DEFINES, ENUMS, RESULT, RESULTS, SLOPE, TILE } from './generated/constants.js';
import {
  bool, choice, COORD_MAX, COORD_MIN, finite, int, intoArray, intoObject, isInto, kindOf, OptionReader, options, pixel,
  readTileBox, realView, show, TILE_POS, tileBoxInto, typed, type TileBox, type Typed, intoFailed } from './input.js';
import type { Owner, Block } from './memory.js';
import { putSegment, SEGMENT, segment } from './query.js';
import type {
  Box, CharacterResult, Ground, MoverResults, MoveResult, Mover, RaycastResult, RaycastVisit, TileMap, TileMapConfig, TileOutside, TileProbe,
  TilesApi, TilesCache,
} from './types.js';

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
const MAX_MOVERS = 0x7fffffff;
/** The longest sweep (and moveCharacter) per axis, in pixels: EO_TILES_MAX_SWEEP. */
const MAX_SWEEP = DEFINES.EO_TILES_MAX_SWEEP;
/** The most visits a raycast lists (its count is a uint16_t). */
const MAX_VISITS = 65535;

// Option readers, one per call (each keeps its record: no garbage a frame)
const MOVE_OPTIONS = new OptionReader('options', ['drop', 'positionOnly', 'corners', 'cache'] as const);
const SWEEP_OPTIONS = new OptionReader('options', ['drop', 'positionOnly', 'slide', 'cache'] as const);
const WALK_OPTIONS = new OptionReader('options', ['drop', 'positionOnly', 'corners'] as const);
const CHARACTER_OPTIONS = new OptionReader('options', ['drop', 'positionOnly', 'reach'] as const);
const BATCH_OPTIONS = new OptionReader('options', ['drop', 'positionOnly'] as const);
const RAY_OPTIONS = new OptionReader('options', ['block', 'visits'] as const);

/** The flags of a move: drop, positionOnly, corners (true / false each). */
function flagsOf(drop: unknown, positionOnly: unknown, corners: unknown): number {
  return (bool('options.drop', drop) ? DEFINES.EO_TILES_DROP : 0) | (bool('options.positionOnly', positionOnly) ? DEFINES.EO_TILES_POSITION_ONLY : 0) |
    (bool('options.corners', corners) ? DEFINES.EO_TILES_CORNERS : 0);
}

/** How far a float move takes the pixel box: floor(position + d) - floor(position), an eo_coord. */
function steps(name: string, d: unknown, position: number, pixelPos: number): number {
  const f = finite(name, d);
  if (f < COORD_MIN || f > COORD_MAX) fail(`${name} must be a finite number from ${COORD_MIN} to ${COORD_MAX}, got ${f}`);
  const n = Math.floor(position + f) - pixelPos;
  if (n < COORD_MIN || n > COORD_MAX) fail(`${name} = ${f} from ${position} moves the pixel box more than ${COORD_MAX} px`);
  return n;
}

/** steps() for the tile box just read: its float position on this axis is TILE_POS[axis]. */
function stepsOn(name: string, d: unknown, axis: 0 | 1, pixelPos: number): number {
  const f = finite(name, d);
  const n = Math.floor(TILE_POS[axis] + f) - pixelPos;
  if (f >= COORD_MIN && f <= COORD_MAX && n >= COORD_MIN && n <= COORD_MAX) return n;
  return steps(name, d, TILE_POS[axis], pixelPos); // throws, saying which bound
}

/** A slope in 1/256 px per px as an angle in degrees (positive: rising to the right). */
const degrees = (slope: number) => Math.atan2(slope, 256) * 180 / Math.PI;

/** @internal The maps of every loaded module: another module's API (a World) reads a map's pointer here. */
export const MAPS = new WeakMap<object, { core: Core; pm: number; disposed: () => boolean }>();

/** @internal */
export function makeTiles(core: Core): TilesApi {
  const x = core.x, heap = core.heap;
  const T = LAYOUT.tiles_map, R = LAYOUT.tiles_move_result, GR = LAYOUT.slopes_ground, P = LAYOUT.tiles_probe_point;
  const SM = LAYOUT.slopes_move_result, RH = LAYOUT.raycast_hit, RV = LAYOUT.raycast_visit;
  const movers = new WeakSet<object>();
  // the tile box of the running call (readTileBox; no user code runs after it is read)
  const TB: TileBox = { x: 0, y: 0, w: 0, h: 0 };
  // the float position a move aims at on each axis (TILE_POS holds where it starts): floats in a
  // Float64Array are never boxed (no garbage a frame)
  const TARGET = new Float64Array(2);
  // batch calls: the float targets of the movers, reused (filled and read with no user code between)
  let targets = new Float64Array(64);

  function createMap(config: TileMapConfig): TileMap {
    // every argument read once and checked before any memory is taken
    const c = options('config', config, CONFIG_KEYS);
    const size = c.tileSize ?? 8;
    if (typeof size !== 'number' || !TILE_SIZES.includes(size))
      fail(`config.tileSize must be ${TILE_SIZES.slice(0, -1).join(', ')} or ${TILE_SIZES[TILE_SIZES.length - 1]}, got ${show(size)}`);
    const tileSize: number = size;
    const shift = Math.log2(tileSize);
    const most = Math.min(65535, Math.floor((COORD_MAX + 1) / tileSize)); // EO_TILES_MAX_TILES: the map fits the world
    const width = int('config.width', c.width, 1, most), height = int('config.height', c.height, 1, most);
    const outsideName = (c.outside ?? 'solid') as TileOutside;
    const outside = choice('config.outside', outsideName, OUTSIDE);
    const n = width * height;
    const cells = c.cells === undefined ? undefined : typed('config.cells', c.cells, Uint8Array);
    if (cells !== undefined && cells.length !== n) fail(`config.cells must hold width * height = ${n} tile ids, got ${cells.length}`);
    const attrs = c.attrs === undefined ? undefined : typed('config.attrs', c.attrs, Uint8Array);
    if (attrs !== undefined && attrs.length !== 256) fail(`config.attrs must hold 256 entries (one per tile id), got ${attrs.length}`);
    const slopes = c.slopes === undefined ? undefined : readSlopes('config.slopes', c.slopes);
    const rowTable = bool('config.rowTable', c.rowTable);
    if (rowTable && n > 65536) fail(`config.rowTable needs a map of at most 65536 cells, this one has ${n}: leave rowTable off`);
    const userShapes = slopes !== undefined ? slopes.length / tileSize : 0;

    function readSlopes(name: string, v: unknown): Uint8Array {
      const h = typed(name, v, Uint8Array);
      if (h.length % tileSize !== 0) fail(`${name} must hold tileSize (${tileSize}) heights per shape, got ${h.length}`);
      if (h.length / tileSize > DEFINES.EO_TILES_SLOPE_MAX_USER) fail(`${name}: at most ${DEFINES.EO_TILES_SLOPE_MAX_USER} user slope shapes, got ${h.length / tileSize}`);
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
      core.check(x.eo_tiles_prepare(pm), 'tiles.createMap',
        `a config.slopes height above tileSize (${tileSize}), or a config.attrs entry naming a slope shape the map does not have ` +
        `(TILE.SLOPE + shape and TILE.ONE_WAY_SLOPE + shape, shapes 0 .. ${SLOPE.USER + userShapes - 1} here)`);
    } catch (e) {
      owner.release();
      throw e;
    }

    let disposed = false;
    const caches = new Set<{ ptr: number; owner: Owner }>();
    const cacheRecs = new WeakMap<object, { ptr: number; owner: Owner }>();
    const live = () => { if (disposed) disposedError('this tile map'); };
    // a cache the game dropped without dispose() is freed by its finalizer: forget it here
    const resetCaches = () => { for (const cr of caches) if (cr.owner.released) caches.delete(cr); else x.eo_tiles_cache_reset(cr.ptr); };
    const cacheOf = (cv: unknown): number => {
      const rec = typeof cv === 'object' && cv !== null ? cacheRecs.get(cv) : undefined;
      if (rec === undefined) fail('options.cache must be made by this map\'s createCache()');
      if (rec.owner.released) disposedError('options.cache');
      return rec.ptr;
    };
    const col = (v: unknown) => int('col', v, 0, width - 1);
    const row = (v: unknown) => int('row', v, 0, height - 1);
    const coord = (name: string, v: unknown) => int(name, v, COORD_MIN, COORD_MAX);
    /** The running call's tile box (TB) into scratch. */
    const putTB = (what: string): number => {
      const p = core.scratch(LAYOUT.box.size, what), i32 = heap.i32, k = p >>> 2;
      i32[k] = TB.x; i32[k + 1] = TB.y; i32[k + 2] = TB.w; i32[k + 3] = TB.h;
      return p;
    };
    /** The ground found at p, into `into` (reused) or a new object; null when none was found. */
    const readGround = (p: number, into: Record<string, unknown> | undefined): Ground | null => {
      const u8 = heap.u8, i32 = heap.i32;
      if (u8[p + GR.found] === 0) return null;
      const slope = heap.dv.getInt16(p + GR.slope, true), sensor = u8[p + GR.sensor], height = u8[p + GR.height], attr = u8[p + GR.attr];
      const gc = i32[(p + GR.col) >>> 2], gr = i32[(p + GR.row) >>> 2], groundY = i32[(p + GR.ground_y) >>> 2], distance = i32[(p + GR.distance) >>> 2];
      const g = into ?? {}; // (written after every value was read)
      { try { g.sensor = sensor; g.height = height; g.attr = attr; g.col = gc; g.row = gr; } catch (e) { intoFailed(e); } }
      { try { g.groundY = groundY; g.distance = distance; g.slope = slope; g.rise = slope / 256; g.angle = degrees(slope); } catch (e) { intoFailed(e); } }
      return g as unknown as Ground;
    };
    /** An into of a move (MoveResult / CharacterResult), checked; its box object read once into
        intoBox (undefined: a new one): copy it at once. */
    let intoBox: Record<string, unknown> | undefined;
    const readMoveInto = (into: unknown): Record<string, unknown> | undefined => {
      if (into === undefined) { intoBox = undefined; return undefined; }
      if (!isInto('into', into)) fail(`into must be a MoveResult object to fill (an earlier answer), got ${show(into)}`);
      intoBox = intoObject(into, 'box');
      return into;
    };
    /** The result of a move or walk of the tile box TB (pixel box at pb, result at pr), the float
        position carried from TILE_POS to TARGET; into (and its box ib) filled when given. A Mover
        is written last. */
    const result = (pr: number, pb: number, wantX: number, wantY: number, walking: boolean,
                    target: unknown, into: Record<string, unknown> | undefined, ib: Record<string, unknown> | undefined): MoveResult => {
      const u8 = heap.u8, i32 = heap.i32;
      const movedX = i32[(pr + R.moved_x) >>> 2], movedY = i32[(pr + R.moved_y) >>> 2];
      const bx = i32[pb >>> 2], by = i32[(pb >>> 2) + 1], bw = i32[(pb >>> 2) + 2], bh = i32[(pb >>> 2) + 3];
      const hit = u8[pr + R.hit], touching = u8[pr + R.touching], below = u8[pr + R.below], onGround = u8[pr + R.on_ground] === 1;
      // an axis that got all the way keeps the target's fraction; a stopped one is flush with the wall
      // (TARGET, TILE_POS: Float64Arrays, and no float lives past the try: V8 boxes those)
      const r = into ?? {};
      const b = (into !== undefined ? ib : undefined) ?? {};
      try {
        const nx = movedX === wantX ? TARGET[0] : TB.x + movedX;
        const ny = walking ? (movedY === 0 ? TILE_POS[1] : TB.y + movedY) : movedY === wantY ? TARGET[1] : TB.y + movedY;
        b.x = bx; b.y = by; b.w = bw; b.h = bh;
        // p - pixel, kept below 1 as documented: for p just below an integer (-5e-324) it rounds up to 1
        r.box = b; r.remainderX = Math.min(nx - bx, 1 - Number.EPSILON / 2); r.remainderY = Math.min(ny - by, 1 - Number.EPSILON / 2);
        r.hit = hit; r.touching = touching; r.below = below; r.onGround = onGround; r.movedX = movedX; r.movedY = movedY;
      } catch (e) {
        intoFailed(e);
      }
      if (movers.has(target as object)) {
        (target as Mover).x = movedX === wantX ? TARGET[0] : TB.x + movedX;
        (target as Mover).y = walking ? (movedY === 0 ? TILE_POS[1] : TB.y + movedY) : movedY === wantY ? TARGET[1] : TB.y + movedY;
      }
      return r as unknown as MoveResult;
    };

    /** Batch moves: boxes in place (Int32Array / Int16Array whole pixels; Float32Array / Float64Array
        keep each fraction). An Int16Array mover that would leave the int16 range is an error before
        any mover is changed. No garbage for typed arrays: everything goes through wasm scratch. */
    const batch = (boxes: unknown, perMover: unknown, per: 1 | 2, into: unknown, flags: number, maxStep: number, what: string): MoverResults => {
      const bv = realView('boxes', boxes);
      const kind = bv === null ? '' : kindOf(bv);
      if (bv === null || !(kind === 'Int32Array' || kind === 'Int16Array' || kind === 'Float32Array' || kind === 'Float64Array'))
        fail(`boxes must be an Int32Array, Int16Array, Float32Array or Float64Array (x, y, w, h per mover, changed in place), got ${show(boxes)}`);
      const whole = kind === 'Int32Array' || kind === 'Int16Array';
      if (bv.length % 4 !== 0) fail(`boxes must hold x, y, w, h per mover: length ${bv.length} is not a multiple of 4`);
      const count = bv.length / 4;
      if (count > MAX_MOVERS) fail(`at most ${MAX_MOVERS} movers`);
      const dName = per === 2 ? 'deltas' : 'dx';
      let dv0: Typed | null = realView(dName, perMover);
      const dKind = dv0 === null ? '' : kindOf(dv0);
      if (whole && !(dKind === 'Int32Array' || dKind === 'Int16Array'))
        fail(`${dName} must be an Int32Array or Int16Array for ${kind} boxes (whole pixels); use Float32Array or Float64Array boxes to move by fractions`);
      if (dv0 === null) {
        if (!Array.isArray(perMover)) return fail(`${dName} must be a typed array or an array of numbers, got ${show(perMover)}`);
        // a plain array read once, element by element (a typed array is the garbage-free form)
        dv0 = Float64Array.from(perMover as unknown[], (v) => (typeof v === 'number' ? v : NaN));
      }
      if (dv0.length !== per * count) fail(`${per === 2 ? 'deltas must hold dx, dy' : 'dx must hold one value'} per mover: ${per * count} values, got ${dv0.length}`);
      // the answer's four views, read once from into (reused when each holds count)
      let hitV: Uint8Array | undefined, touchV: Uint8Array | undefined, belowV: Uint8Array | undefined, groundV: Uint8Array | undefined;
      if (into !== undefined) {
        if (!isInto('into', into)) fail(`into must be a MoverResults object to fill (an earlier answer), got ${show(into)}`);
        hitV = intoArray('into', into, 'hit', Uint8Array); touchV = intoArray('into', into, 'touching', Uint8Array);
        belowV = intoArray('into', into, 'below', Uint8Array); groundV = intoArray('into', into, 'onGround', Uint8Array);
      }
      const src = dv0;
      live();
      const m = core.enter();
      try {
        const pb = core.scratch(LAYOUT.box.size * count, what), pd = core.scratch(4 * per * count, what);
        const po = core.scratch(4 * count, what), pf = core.scratch(4, what);
        const i32 = heap.i32, b0 = pb >>> 2, d0 = pd >>> 2;
        if (whole) {
          i32.set(bv, b0);
          i32.set(src, d0);
        } else {
          // pixel boxes and whole-pixel deltas for the core, and the float targets to carry
          if (targets.length < 2 * count) targets = new Float64Array(2 * count + (count >>> 1) + 16);
          for (let i = 0; i < count; i++) {
            const bx = bv[4 * i], by = bv[4 * i + 1], bw = bv[4 * i + 2], bh = bv[4 * i + 3];
            const px = Math.floor(bx), py = Math.floor(by), w = Math.ceil(bw), h = Math.ceil(bh);
            if (!(px >= COORD_MIN && px <= COORD_MAX && py >= COORD_MIN && py <= COORD_MAX && w >= 1 && h >= 1 && px + w - 1 <= COORD_MAX && py + h - 1 <= COORD_MAX))
              tileBoxInto(`boxes[mover ${i}]`, bx, by, bw, bh, TB); // throws, naming the mover
            i32[b0 + 4 * i] = px; i32[b0 + 4 * i + 1] = py; i32[b0 + 4 * i + 2] = w; i32[b0 + 4 * i + 3] = h;
            const ddx = src[per * i], ddy = per === 2 ? src[per * i + 1] : 0;
            const sx = Math.floor(bx + ddx) - px, sy = Math.floor(by + ddy) - py;
            if (!(ddx >= COORD_MIN && ddx <= COORD_MAX && sx >= COORD_MIN && sx <= COORD_MAX)) steps(`${dName}[${per * i}]`, ddx, bx, px); // throws
            if (!(ddy >= COORD_MIN && ddy <= COORD_MAX && sy >= COORD_MIN && sy <= COORD_MAX)) steps(`${dName}[${per * i + 1}]`, ddy, by, py);
            i32[d0 + per * i] = sx;
            if (per === 2) i32[d0 + per * i + 1] = sy;
            targets[2 * i] = bx + ddx;
            targets[2 * i + 1] = per === 2 ? by + ddy : by;
          }
        }
        const e = per === 2 ? x.eo_wasm_tiles_move_many(pm, pb, count, pd, flags, po, pf, core.hooks)
          : x.eo_wasm_slopes_walk_many(pm, pb, count, pd, maxStep, flags, po, pf, core.hooks);
        if (e !== RESULT.EO_OK) {
          const i = heap.u32[pf >>> 2], name = RESULTS[e]?.name ?? String(e);
          throw new EarlyoutError(name as 'EO_ERR_BAD_ARGUMENT', `${what}: mover ${i} (box ${Array.from(heap.i32.subarray(b0 + 4 * i, b0 + 4 * i + 4)).join(', ')}): ` +
            `${name} (${RESULTS[e]?.text ?? ''}); no mover was changed`);
        }
        const moved = heap.i32;
        if (kind === 'Int16Array') {
          for (let k = 0; k < 4 * count; k++) {
            const v = moved[b0 + k];
            if (v < -32768 || v > 32767) fail(`${what}: mover ${k >> 2} would end at ${v}, outside the Int16Array's range; no mover was changed (use an Int32Array)`);
          }
        }
        if (whole) for (let k = 0; k < 4 * count; k++) bv[k] = moved[b0 + k];
        else {
          const f32 = kind === 'Float32Array';
          for (let i = 0; i < count; i++) {
            const x0 = Math.floor(bv[4 * i]), y0 = Math.floor(bv[4 * i + 1]), x1 = moved[b0 + 4 * i], y1 = moved[b0 + 4 * i + 1];
            const nx = x1 - x0 === i32[d0 + per * i] ? targets[2 * i] : x1;
            const ny = per === 2 ? (y1 - y0 === i32[d0 + per * i + 1] ? targets[2 * i + 1] : y1) : (y1 === y0 ? targets[2 * i + 1] : y1);
            // a Float32Array must not round a fraction up into the next pixel
            bv[4 * i] = f32 && Math.floor(Math.fround(nx)) !== x1 ? x1 : nx;
            bv[4 * i + 1] = f32 && Math.floor(Math.fround(ny)) !== y1 ? y1 : ny;
          }
        }
        // the answer: four named views (of one buffer when new), reused when each holds count
        const r = (into ?? {}) as Record<string, unknown>;
        if (hitV === undefined || touchV === undefined || belowV === undefined || groundV === undefined ||
            hitV.length < count || touchV.length < count || belowV.length < count || groundV.length < count) {
          const cap = into === undefined ? count : count + (count >>> 2) + 16, buf = new Uint8Array(4 * cap);
          hitV = buf.subarray(0, cap); touchV = buf.subarray(cap, 2 * cap); belowV = buf.subarray(2 * cap, 3 * cap); groundV = buf.subarray(3 * cap, 4 * cap);
        }
        const u8 = heap.u8;
        for (let i = 0; i < count; i++) {
          hitV[i] = u8[po + i]; touchV[i] = u8[po + count + i]; belowV[i] = u8[po + 2 * count + i]; groundV[i] = u8[po + 3 * count + i];
        }
        { try { r.hit = hitV; r.touching = touchV; r.below = belowV; r.onGround = groundV; } catch (e) { intoFailed(e); } }
        { try { r.count = count; } catch (e) { intoFailed(e); } }
        return r as unknown as MoverResults;
      } finally {
        core.leave(m);
      }
    };

    /** move and sweep: the same arguments, result and float handling; only the core call differs.
        Read in this order: the into (copied), then the box (TB, TILE_POS: no user code after). */
    const twoAxisMove = (sweeping: boolean, b: unknown, dx: unknown, dy: unknown, flags: number, cache: unknown, into: unknown): MoveResult => {
      const what = sweeping ? 'sweep' : 'move';
      const r = readMoveInto(into), ib = intoBox;
      readTileBox('box', b, TB);
      const wantX = stepsOn('dx', dx, 0, TB.x), wantY = stepsOn('dy', dy, 1, TB.y);
      if (sweeping && (Math.abs(wantX) > MAX_SWEEP || Math.abs(wantY) > MAX_SWEEP))
        fail(`sweep: dx and dy must move the pixel box at most ${MAX_SWEEP} px each (EO_TILES_MAX_SWEEP), got ${wantX}, ${wantY}: split the motion into several sweeps`);
      live();
      const pc = cache === undefined ? 0 : cacheOf(cache);
      TARGET[0] = TILE_POS[0] + (dx as number); TARGET[1] = TILE_POS[1] + (dy as number);
      const m = core.enter();
      try {
        const pb = putTB(what), pr = core.scratch(R.size, what);
        core.check(sweeping ? x.eo_tiles_sweep(pm, pb, wantX, wantY, flags, pc, pr, core.hooks)
          : x.eo_tiles_move(pm, pb, wantX, wantY, flags, pc, pr, core.hooks), what);
        return result(pr, pb, wantX, wantY, false, b, r, ib);
      } finally {
        core.leave(m);
      }
    };
    /** A fresh box-reading call's into check for plain results ({ touching, below }, probes, grounds). */
    const plainInto = (into: unknown, what: string): Record<string, unknown> | undefined => {
      if (into === undefined) return undefined;
      if (!isInto('into', into)) fail(`into must be ${what} to fill (an earlier answer), got ${show(into)}`);
      return into;
    };

    const map = {
      get width() { live(); return width; },
      get height() { live(); return height; },
      get tileSize() { live(); return tileSize; },
      get outside() { live(); return outsideName; },
      getCell(cc: unknown, rr: unknown) { const i = row(rr) * width + col(cc); live(); return heap.u8[pm + cellsAt + i]; },
      setCell(cc: unknown, rr: unknown, id: unknown) {
        const i = row(rr) * width + col(cc), v = int('id', id, 0, 255);
        live();
        heap.u8[pm + cellsAt + i] = v;
        resetCaches();
      },
      setCells(cv: unknown) {
        const cs = typed('cells', cv, Uint8Array);
        if (cs.length !== n) fail(`cells must hold width * height = ${n} tile ids, got ${cs.length}`);
        live();
        heap.u8.set(cs, pm + cellsAt);
        resetCaches();
      },
      cells(out?: unknown) {
        const o = out === undefined ? undefined : typed('out', out, Uint8Array);
        live();
        const to = o !== undefined && o.length >= n ? o : new Uint8Array(n), u8 = heap.u8;
        for (let i = 0; i < n; i++) to[i] = u8[pm + cellsAt + i];
        return to === o ? out as Uint8Array : to;
      },
      setAttr(id: unknown, attr: unknown) {
        const i = int('id', id, 0, 255), a = int('attr', attr, 0, 255);
        live();
        const p = pm + attrsAt + i, before = heap.u8[p];
        heap.u8[p] = a;
        const e = x.eo_tiles_check(pm);
        if (e !== RESULT.EO_OK) { heap.u8[p] = before; core.check(e, 'setAttr', `attr ${a} names a slope shape this map does not have (shapes 0 .. ${SLOPE.USER + heap.u8[pm + T.slope_count] - 1}): add it with setSlopes first`); }
        resetCaches();
      },
      attrAt(cc: unknown, rr: unknown) { const c0 = coord('col', cc), r0 = coord('row', rr); live(); return x.eo_tiles_attr_at(pm, c0, r0, core.hooks); },
      attrAtPixel(px: unknown, py: unknown) { const x0 = pixel('x', px), y0 = pixel('y', py); live(); return x.eo_tiles_attr_at_pixel(pm, x0, y0, core.hooks); },
      tileOf(p: unknown) { const v = pixel('p', p); live(); return x.eo_tiles_tile_of(v, shift); },
      index(cc: unknown, rr: unknown) {
        const c0 = coord('col', cc), r0 = coord('row', rr);
        live();
        const m = core.enter();
        try {
          const p = core.scratch(4, 'index');
          return x.eo_tiles_index(pm, c0, r0, p) === 1 ? heap.u32[p >>> 2] : null;
        } finally {
          core.leave(m);
        }
      },
      pixelSolid(px: unknown, py: unknown) { const x0 = pixel('x', px), y0 = pixel('y', py); live(); return x.eo_tiles_pixel_solid(pm, x0, y0) === 1; },
      pixelOneWay(px: unknown, py: unknown) { const x0 = pixel('x', px), y0 = pixel('y', py); live(); return x.eo_tiles_pixel_one_way(pm, x0, y0) === 1; },
      probe(b: unknown, mode: unknown = 'edges', into?: unknown) {
        const md = choice('mode', mode, PROBE_MODES);
        const r = plainInto(into, 'an object { points, kinds }');
        let kept: unknown[] | undefined;
        if (r !== undefined) { const v = r.points; kept = Array.isArray(v) ? v : undefined; }
        readTileBox('box', b, TB);
        live();
        const m = core.enter();
        try {
          const pb = putTB('probe'), pc = core.scratch(4, 'probe');
          // room for the corners and a point per tile along each edge; asked again if the core needs more
          let cap = 4 + 2 * ((TB.w >> shift) + 2) + 2 * ((TB.h >> shift) + 2);
          let pp = core.scratch(cap * P.size, 'probe');
          let e = x.eo_tiles_probe(pm, pb, md, pp, cap, pc, pc + 2, core.hooks);
          if (e === RESULT.EO_ERR_BUFFER_TOO_SMALL) {
            cap = heap.u16[pc >>> 1];
            pp = core.scratch(cap * P.size, 'probe');
            e = x.eo_tiles_probe(pm, pb, md, pp, cap, pc, pc + 2, 0);
          }
          core.check(e, 'probe');
          const count = heap.u16[pc >>> 1], kinds = heap.u8[pc + 2], points = (kept ?? new Array<TileProbe>(count)) as TileProbe[];
          for (let i = 0; i < count; i++) {
            const p = pp + i * P.size, i32 = heap.i32, old = points[i];
            const px0 = i32[(p + P.x) >>> 2], py0 = i32[(p + P.y) >>> 2], pc0 = i32[(p + P.col) >>> 2], pr0 = i32[(p + P.row) >>> 2];
            const pa0 = heap.u8[p + P.attr], po0 = heap.u8[p + P.outside] === 1;
            const pt = (old !== null && typeof old === 'object' ? old : {}) as TileProbe;
            { try { pt.x = px0; pt.y = py0; pt.col = pc0; pt.row = pr0; pt.attr = pa0; pt.outside = po0; } catch (e) { intoFailed(e); } }
            { try { points[i] = pt; } catch (e) { intoFailed(e); } }
          }
          { try { points.length = count; } catch (e) { intoFailed(e); } }
          if (r === undefined) return { points, kinds };
          { try { r.points = points; r.kinds = kinds; } catch (e) { intoFailed(e); } }
          return r as unknown as { points: TileProbe[]; kinds: number };
        } finally {
          core.leave(m);
        }
      },
      touching(b: unknown, cache?: unknown, into?: unknown) {
        const r = plainInto(into, 'an object { touching, below }');
        readTileBox('box', b, TB);
        live();
        const pc = cache === undefined ? 0 : cacheOf(cache);
        const m = core.enter();
        try {
          const pb = putTB('touching'), po = core.scratch(2, 'touching');
          core.check(x.eo_tiles_touching(pm, pb, pc, po, po + 1, core.hooks), 'touching');
          const t = heap.u8[po], bl = heap.u8[po + 1];
          if (r === undefined) return { touching: t, below: bl };
          { try { r.touching = t; r.below = bl; } catch (e) { intoFailed(e); } }
          return r as unknown as { touching: number; below: number };
        } finally {
          core.leave(m);
        }
      },
      move(b: unknown, dx: unknown, dy: unknown, opts?: unknown, into?: unknown) {
        const o = MOVE_OPTIONS.read(opts);
        const flags = flagsOf(o.drop, o.positionOnly, o.corners), cache = o.cache;
        return twoAxisMove(false, b, dx, dy, flags, cache, into);
      },
      sweep(b: unknown, dx: unknown, dy: unknown, opts?: unknown, into?: unknown) {
        const o = SWEEP_OPTIONS.read(opts);
        const flags = flagsOf(o.drop, o.positionOnly, undefined) | (bool('options.slide', o.slide) ? DEFINES.EO_TILES_SLIDE : 0), cache = o.cache;
        return twoAxisMove(true, b, dx, dy, flags, cache, into);
      },
      walk(b: unknown, dx: unknown, maxStep: unknown, opts?: unknown, into?: unknown) {
        const o = WALK_OPTIONS.read(opts);
        const flags = flagsOf(o.drop, o.positionOnly, o.corners);
        const r = readMoveInto(into), ib = intoBox;
        readTileBox('box', b, TB);
        const wantX = stepsOn('dx', dx, 0, TB.x);
        const ms = int('maxStep', maxStep, 0, 255);
        live();
        TARGET[0] = TILE_POS[0] + (dx as number); TARGET[1] = TILE_POS[1];
        const m = core.enter();
        try {
          const pb = putTB('walk'), pr = core.scratch(R.size, 'walk');
          core.check(x.eo_slopes_walk(pm, pb, wantX, ms, flags, pr, core.hooks), 'walk');
          return result(pr, pb, wantX, 0, true, b, r, ib);
        } finally {
          core.leave(m);
        }
      },
      moveCharacter(b: unknown, dx: unknown, dy: unknown, maxStep: unknown, opts?: unknown, into?: unknown) {
        const o = CHARACTER_OPTIONS.read(opts);
        const flags = flagsOf(o.drop, o.positionOnly, undefined), rawReach = o.reach;
        const reach = rawReach === undefined || rawReach === 'always' ? DEFINES.EO_SLOPES_REACH_ALWAYS
          : int('options.reach', rawReach, 0, DEFINES.EO_SLOPES_REACH_ALWAYS - 1);
        const r = readMoveInto(into), ib = intoBox;
        readTileBox('box', b, TB);
        const wantX = stepsOn('dx', dx, 0, TB.x), wantY = stepsOn('dy', dy, 1, TB.y);
        if (Math.abs(wantX) > MAX_SWEEP || Math.abs(wantY) > MAX_SWEEP)
          fail(`moveCharacter: dx and dy must move the pixel box at most ${MAX_SWEEP} px each (EO_TILES_MAX_SWEEP), got ${wantX}, ${wantY}: split the motion into several calls`);
        const ms = int('maxStep', maxStep, 0, 255);
        live();
        TARGET[0] = TILE_POS[0] + (dx as number); TARGET[1] = TILE_POS[1] + (dy as number);
        const m = core.enter();
        try {
          const pb = putTB('moveCharacter'), pr = core.scratch(SM.size, 'moveCharacter');
          core.check(x.eo_slopes_move(pm, pb, wantX, wantY, ms, reach, flags, pr, core.hooks), 'moveCharacter');
          const landed = heap.u8[pr + SM.landed] === 1, launched = heap.u8[pr + SM.launched] === 1, slope = heap.dv.getInt16(pr + SM.slope, true);
          // y keeps its fraction only where the air move reached its target (the ground sets it otherwise)
          const res = result(pr + SM.move, pb, wantX, wantY, false, b, r, ib) as unknown as Record<string, unknown>;
          try {
            res.landed = landed; res.launched = launched; res.slope = slope; res.rise = slope / 256; res.angle = Math.atan2(slope, 256) * 180 / Math.PI;
          } catch (e) {
            intoFailed(e);
          }
          return res as unknown as CharacterResult;
        } finally {
          core.leave(m);
        }
      },
      moveMany(boxes: unknown, deltas: unknown, opts?: unknown, into?: unknown) {
        const o = BATCH_OPTIONS.read(opts);
        const flags = flagsOf(o.drop, o.positionOnly, undefined);
        return batch(boxes, deltas, 2, into, flags, 0, 'moveMany');
      },
      walkMany(boxes: unknown, dx: unknown, maxStep: unknown, opts?: unknown, into?: unknown) {
        const o = BATCH_OPTIONS.read(opts);
        const flags = flagsOf(o.drop, o.positionOnly, undefined);
        const ms = int('maxStep', maxStep, 0, 255);
        return batch(boxes, dx, 1, into, flags, ms, 'walkMany');
      },
      tileSlope(attr: unknown) {
        const a = int('attr', attr, 0, 255);
        live();
        return x.eo_slopes_tile_slope(pm, a);
      },
      columnHeight(shape: unknown, column: unknown) {
        const s = int('shape', shape, 0, 239), cn = int('column', column, 0, tileSize - 1);
        live();
        return x.eo_tiles_slope_height(pm, s, cn);
      },
      heights(shape: unknown, out?: unknown) {
        const s = int('shape', shape, 0, 239);
        const o = out === undefined ? undefined : typed('out', out, Uint8Array);
        live();
        const m = core.enter();
        try {
          const p = core.scratch(tileSize, 'heights');
          core.check(x.eo_tiles_slope_heights(pm, s, p, tileSize), 'heights');
          const to = o !== undefined && o.length >= tileSize ? o : new Uint8Array(tileSize);
          for (let i = 0; i < tileSize; i++) to[i] = heap.u8[p + i];
          return to === o ? out as Uint8Array : to;
        } finally {
          core.leave(m);
        }
      },
      setSlopes(hv: unknown) {
        const h = readSlopes('heights', hv);
        live();
        const before = heap.dv.getUint8(pm + T.slope_count);
        const count = h.length / tileSize;
        if (count < before) fail(`setSlopes needs at least the ${before} shapes the map already has (attrs may name them)`);
        const next = count > 0 ? owner.add(heap.allocBlock(h.length, 'setSlopes')) : null;
        if (next !== null) heap.u8.set(h, next.at);
        const old = slopesMem;
        heap.dv.setUint32(pm + T.slopes, next !== null ? next.at : 0, true);
        heap.dv.setUint8(pm + T.slope_count, count);
        const e = x.eo_tiles_prepare(pm);
        if (e !== RESULT.EO_OK) {
          heap.dv.setUint32(pm + T.slopes, old !== null ? old.at : 0, true);
          heap.dv.setUint8(pm + T.slope_count, before);
          x.eo_tiles_prepare(pm); // the map as it was: prepared again
          if (next !== null) owner.drop(next);
          core.check(e, 'setSlopes', `every height must be 0 .. ${tileSize} (tileSize)`);
        }
        slopesMem = next;
        if (old !== null) owner.drop(old);
        resetCaches();
      },
      raycast(seg: unknown, o?: unknown, into?: unknown) {
        segment(seg);
        const x0 = SEGMENT.x0, y0 = SEGMENT.y0, x1 = SEGMENT.x1, y1 = SEGMENT.y1;
        const c = RAY_OPTIONS.read(o);
        const rawBlock = c.block, rawVisits = c.visits;
        const block = int('options.block', rawBlock ?? 0, 0, 255);
        const wantVisits = bool('options.visits', rawVisits);
        const r = plainInto(into, 'a raycast answer');
        let kept: unknown[] | undefined;
        if (r !== undefined) { const v = r.visits; kept = Array.isArray(v) ? v : undefined; }
        if (wantVisits) {
          // every tile line the segment crosses is a visit, and a corner one more: past 65,535 the list cannot hold them
          const cx = Math.abs((x1 >> shift) - (x0 >> shift)), cy = Math.abs((y1 >> shift) - (y0 >> shift)), most = 1 + cx + cy + Math.min(cx, cy);
          if (most > MAX_VISITS)
            fail(`raycast: with visits: true a segment may cross at most ${MAX_VISITS} tiles (a visit each); this one crosses ${cx} columns and ${cy} rows ` +
              `(up to ${most} visits): cast a shorter segment, or leave visits off (then the tiles outside the map are skipped)`);
        }
        live();
        const m = core.enter();
        try {
          const dv = heap.dv;
          const ps = putSegment(core, x0, y0, x1, y1, 'raycast'), ph = core.scratch(RH.size, 'raycast');
          const pc = core.scratch(2, 'raycast');
          let cap = wantVisits ? Math.min(MAX_VISITS, Math.max(16, ((Math.abs(x1 - x0) + Math.abs(y1 - y0)) >> shift) + 4)) : 0;
          let pv = wantVisits ? core.scratch(cap * RV.size, 'raycast') : 0;
          let e = x.eo_raycast_tiles(pm, ps, block, ph, pv, cap, wantVisits ? pc : 0, core.hooks);
          if (e === RESULT.EO_ERR_BUFFER_TOO_SMALL && wantVisits) {
            cap = heap.u16[pc >>> 1];
            pv = core.scratch(cap * RV.size, 'raycast');
            e = x.eo_raycast_tiles(pm, ps, block, ph, pv, cap, pc, 0);
          }
          core.check(e, 'raycast');
          const tNum = dv.getUint32(ph + RH.t_num, true), tDen = dv.getUint32(ph + RH.t_den, true);
          const isHit = heap.u8[ph + RH.hit] === 1, attr = heap.u8[ph + RH.attr], face = heap.u8[ph + RH.face];
          const hc = dv.getInt32(ph + RH.col, true), hr = dv.getInt32(ph + RH.row, true), hx = dv.getInt32(ph + RH.x, true), hy = dv.getInt32(ph + RH.y, true);
          const n = wantVisits ? heap.u16[pc >>> 1] : 0;
          const hit = (r ?? {}) as Record<string, unknown>; // (written after the values are read; heap's views read afresh below)
          { try { hit.hit = isHit; hit.attr = attr; hit.face = face; hit.col = hc; hit.row = hr; } catch (e) { intoFailed(e); } }
          { try { hit.x = hx; hit.y = hy; hit.t = tDen === 0 ? 0 : tNum / tDen; hit.tNum = tNum; hit.tDen = tDen; } catch (e) { intoFailed(e); } }
          if (wantVisits) {
            const visits = (kept ?? new Array<RaycastVisit>(n)) as RaycastVisit[];
            for (let i = 0; i < n; i++) {
              const p = pv + i * RV.size, d = heap.dv, vn = d.getUint32(p + RV.t_num, true), vd = d.getUint32(p + RV.t_den, true), old = visits[i];
              const vc = d.getInt32(p + RV.col, true), vr = d.getInt32(p + RV.row, true), va = heap.u8[p + RV.attr], vf = heap.u8[p + RV.face];
              const v = (old !== null && typeof old === 'object' ? old : {}) as RaycastVisit;
              { try { v.col = vc; v.row = vr; v.t = vd === 0 ? 0 : vn / vd; v.tNum = vn; v.tDen = vd; v.attr = va; v.face = vf; } catch (e) { intoFailed(e); } }
              { try { visits[i] = v; } catch (e) { intoFailed(e); } }
            }
            { try { visits.length = n; } catch (e) { intoFailed(e); } }
            { try { hit.visits = visits; } catch (e) { intoFailed(e); } }
          } else if (r !== undefined && r.visits !== undefined) { try { hit.visits = undefined; } catch (e) { intoFailed(e); } }
          return hit as unknown as RaycastResult;
        } finally {
          core.leave(m);
        }
      },
      groundAt(px: unknown, py: unknown, into?: unknown) {
        const x0 = pixel('x', px), y0 = pixel('y', py);
        const r = plainInto(into, 'a Ground object');
        live();
        const m = core.enter();
        try {
          const p = core.scratch(GR.size, 'groundAt');
          core.check(x.eo_slopes_ground_at(pm, x0, y0, p, core.hooks), 'groundAt');
          return readGround(p, r);
        } finally {
          core.leave(m);
        }
      },
      boxGround(b: unknown, sensors: unknown = 2, into?: unknown) {
        if (sensors !== DEFINES.EO_SLOPES_TWO_SENSORS && sensors !== DEFINES.EO_SLOPES_THREE_SENSORS && sensors !== 'every')
          fail(`sensors must be 2, 3 or 'every', got ${show(sensors)}`);
        const ns = sensors === 'every' ? DEFINES.EO_SLOPES_EVERY_COLUMN : sensors;
        const r = plainInto(into, 'a Ground object');
        readTileBox('box', b, TB);
        live();
        const m = core.enter();
        try {
          const pb = putTB('boxGround'), p = core.scratch(GR.size, 'boxGround');
          core.check(x.eo_slopes_box_ground(pm, pb, ns, p, core.hooks), 'boxGround');
          return readGround(p, r);
        } finally {
          core.leave(m);
        }
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
          reset() { if (cacheOwner.released) disposedError('this tiles cache'); x.eo_tiles_cache_reset(rec.ptr); },
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
    } as unknown as TileMap;
    heap.track(map, owner);
    MAPS.set(map, { core, pm, disposed: () => disposed });
    return map;
  }

  return {
    createMap,
    createMover(b: Box): Mover {
      if (b === null || typeof b !== 'object') fail(`box must be an object { x, y, w, h }, got ${show(b)}`);
      const o = b as unknown as Record<string, unknown>;
      const mx = o.x, my = o.y, mw = o.w, mh = o.h;
      const mover: Mover = { x: finite('box.x', mx), y: finite('box.y', my), w: finite('box.w', mw), h: finite('box.h', mh) };
      tileBoxInto('box', mover.x, mover.y, mover.w, mover.h, TB); // the same checks as every move
      movers.add(mover);
      return mover;
    },
  };
}
