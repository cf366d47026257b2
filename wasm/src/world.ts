// eo.world: objects by handle in one sectors grid, moved through each other and a tile map with a
// response per object met (core/include/earlyout/move.h, sectors.h, query.h, events.h). The World
// keeps every object's float position and its pixel box (floor(x), floor(y), ceil(w) x ceil(h), as
// the tile movers have it), in wasm memory the core reads as it is: a move is one eo_move and one
// eo_sectors_update_one, so several movers in a frame move one after another, each against the
// others' new places.
import type { Core, Expect } from './core.js';
import { disposedError, EarlyoutError, fail } from './errors.js';
import { FIELD_TYPES, LAYOUT } from './generated/abi.js';
import { DEFINES, RESULT, RESULTS } from './generated/constants.js';
import { choice, COORD_MAX, COORD_MIN, finite, int, intoArray, intoFailed, isInto, OptionReader, realView, show, typed } from './input.js';
import type { Owner, Block } from './memory.js';
import { splitPairs } from './events.js';
import { MAPS } from './tiles.js';
import type { Box, PairEvents, Response, World, WorldApi, WorldConfig, WorldContact, WorldMoveResult, WorldSegmentHit } from './types.js';

type _World = Expect<typeof FIELD_TYPES.move_world, { boxes: 'eo_box *'; count: 'eo_index'; self: 'eo_index'; grid: 'eo_sectors *';
  layers: 'eo_broadphase_layer *'; layer: 'eo_broadphase_layer'; responses: 'uint8_t *'; map: 'eo_tiles_map *'; tile_flags: 'uint8_t';
  tile_response: 'uint8_t'; near: 'eo_move_near *'; near_capacity: 'eo_index' }>;
type _Contact = Expect<typeof FIELD_TYPES.move_contact, { other: 'eo_index'; t_num: 'uint32_t'; t_den: 'uint32_t'; x: 'eo_coord'; y: 'eo_coord';
  nx: 'int8_t'; ny: 'int8_t'; face: 'uint8_t'; response: 'uint8_t' }>;
type _Result = Expect<typeof FIELD_TYPES.move_result, { x: 'eo_coord'; y: 'eo_coord'; contact_count: 'uint16_t'; near_count: 'eo_index'; hit: 'uint8_t' }>;

/** eo_move_response (move.h), by name and back. */
const RESPONSES: Readonly<Record<Response, number>> = { slide: 0, touch: 1, cross: 2, bounce: 3, ignore: 4 };
const RESPONSE_NAMES: readonly Response[] = ['slide', 'touch', 'cross', 'bounce', 'ignore'];
const TILE_RESPONSES = { slide: 0, touch: 1, bounce: 3 } as const;
const NO_SELF: number = DEFINES.EO_MOVE_NO_SELF;
const TILE: number = DEFINES.EO_MOVE_TILE;
const MOVE_MAX: number = DEFINES.EO_MOVE_MAX;
/** Handles: a slot's generation times 2^24 plus the slot (objects up to 2^24 - 1; a slot freed 256
    times gives an old handle back, a chance of 1 in 256 that a stale handle is not caught). */
const SLOT = 0x1000000;
const MAX_OBJECTS = SLOT - 1;

const CONFIG = new OptionReader('config', ['worldX', 'worldY', 'worldW', 'worldH', 'cellSize', 'maxObjects', 'map', 'tileResponse'] as const);
const ADD = new OptionReader('options', ['layer', 'response', 'data'] as const);
const MOVE = new OptionReader('options', ['filter', 'drop'] as const);
const QUERY = new OptionReader('options', ['layer'] as const);

/** A segment's end as the pixel holding it (query.h: endpoints are pixel corners). */
function endpoint(name: string, v: unknown): number {
  const f = Math.floor(finite(name, v));
  if (f < COORD_MIN || f > COORD_MAX) fail(`${name} = ${v as number} is outside the world (${COORD_MIN} .. ${COORD_MAX})`);
  return f;
}
const SEG = new Int32Array(4);
const PLACE = new Int32Array(4), PLACE_F = new Float64Array(4);

/** A layer option: { category, collidesWith }, 16-bit masks each. */
function layerOf(name: string, v: unknown): [number, number] {
  if (v === undefined) return [0xffff, 0xffff];
  if (v === null || typeof v !== 'object') fail(`${name} must be an object { category, collidesWith }, got ${show(v)}`);
  const o = v as Record<string, unknown>;
  return [int(`${name}.category`, o.category, 0, 0xffff), int(`${name}.collidesWith`, o.collidesWith, 0, 0xffff)];
}

/** @internal */
export function makeWorld(core: Core): WorldApi {
  const x = core.x, heap = core.heap;
  const S = LAYOUT.sectors, SC = LAYOUT.sectors_config, W = LAYOUT.move_world, MC = LAYOUT.move_contact, MR = LAYOUT.move_result;
  const MN = LAYOUT.move_near, QH = LAYOUT.query_segment_hit, B = LAYOUT.box;

  function create<T = unknown>(config?: WorldConfig): World<T> {
    const c = CONFIG.read(config);
    const dim = (key: string, v: unknown, lo: number, dflt: number) => (v === undefined || v === 0 ? dflt : int(`config.${key}`, v, lo, COORD_MAX));
    const worldX = c.worldX === undefined ? 0 : int('config.worldX', c.worldX, COORD_MIN, COORD_MAX);
    const worldY = c.worldY === undefined ? 0 : int('config.worldY', c.worldY, COORD_MIN, COORD_MAX);
    const worldW = dim('worldW', c.worldW, 1, 4096), worldH = dim('worldH', c.worldH, 1, 4096);
    const cellSize = dim('cellSize', c.cellSize, 1, 64);
    const cap = c.maxObjects === undefined || c.maxObjects === 0 ? 1024 : int('config.maxObjects', c.maxObjects, 1, MAX_OBJECTS);
    const cols = Math.ceil(worldW / cellSize), rows = Math.ceil(worldH / cellSize);
    if (cols > 65535 || rows > 65535)
      fail(`config: ${cols} x ${rows} sectors of ${cellSize} px, more than 65,535 a side: raise config.cellSize or shrink worldW / worldH`);
    const tileResponse = c.tileResponse === undefined ? 0 : choice('config.tileResponse', c.tileResponse, TILE_RESPONSES);
    let mapRec: { pm: number; disposed: () => boolean } | undefined;
    if (c.map !== undefined) {
      const r = typeof c.map === 'object' && c.map !== null ? MAPS.get(c.map) : undefined;
      if (r === undefined || r.core !== core) fail('config.map must be a TileMap made by this module\'s tiles.createMap');
      if (r.disposed()) disposedError('config.map');
      mapRec = r;
    }

    // ---- memory: the boxes, layers and responses the core reads, the grid, the near room ----------
    const owner: Owner = heap.owner();
    let boxesAt = 0, layersAt = 0, respAt = 0, gridAt = 0, nearBlock: Block | null = null, nearCap = 0, gridBlock: Block | null = null;
    let maxEntries = 4 * cap;
    /** (Re)makes the grid's block for maxEntries memberships; the grid is empty until built. */
    const makeGrid = () => {
      const m = core.enter();
      try {
        const pc = core.scratch(SC.size, 'world');
        writeConfig(pc);
        const need = x.eo_sectors_storage_size(pc);
        if (need === 0) throw new EarlyoutError('EO_ERR_BAD_ARGUMENT', `world: a grid of ${cols} x ${rows} sectors and ${maxEntries} memberships does not fit this module's memory: raise config.cellSize or lower config.maxObjects`);
        const old = gridBlock;
        gridBlock = owner.add(heap.allocBlock(S.size + SC.size + 16 + need, 'world'));
        if (old !== null) owner.drop(old);
        gridAt = gridBlock.at;
        const pcfg = gridAt + S.size, storage = Math.ceil((pcfg + SC.size) / 16) * 16;
        heap.u8.copyWithin(pcfg, pc, pc + SC.size);
        core.check(x.eo_sectors_init(gridAt, pcfg, storage, need), 'world');
      } finally {
        core.leave(m);
      }
    };
    const writeConfig = (p: number) => {
      const dv = heap.dv;
      dv.setInt32(p + SC.world_x, worldX, true); dv.setInt32(p + SC.world_y, worldY, true);
      dv.setInt32(p + SC.world_w, worldW, true); dv.setInt32(p + SC.world_h, worldH, true);
      dv.setUint16(p + SC.cols, cols, true); dv.setUint16(p + SC.rows, rows, true);
      dv.setUint32(p + SC.max_objects, cap, true); dv.setUint32(p + SC.max_entries, maxEntries, true);
    };
    const growNear = (n: number) => {
      const want = Math.max(64, n + (n >>> 1));
      const old = nearBlock;
      nearBlock = owner.add(heap.allocBlock(want * MN.size, 'world.move'));
      if (old !== null) owner.drop(old);
      nearCap = want;
    };
    try {
      boxesAt = owner.add(heap.allocBlock(cap * B.size, 'world.create')).at;
      layersAt = owner.add(heap.allocBlock(cap * 4, 'world.create')).at;
      respAt = owner.add(heap.allocBlock(cap, 'world.create')).at;
      makeGrid();
      growNear(64);
    } catch (e) {
      owner.release();
      throw e;
    }

    // ---- the objects, on the JS side -----------------------------------------------------------------
    const pos = new Float64Array(4 * cap);          // x, y, w, h as the game gave them
    const gen = new Uint8Array(cap), alive = new Uint8Array(cap);
    const data: (T | undefined)[] = [];
    const free: number[] = [];                       // slots given back, reused last-in first-out
    let slots = 0;                                   // slots ever used: the grid's object count
    let live = 0;
    let built = false;                               // the grid lists slots 0 .. slots - 1
    let disposed = false, busy = false;
    let prev: Block | null = null, prevCount = 0;    // events(): last call's sorted handle pairs
    const handleOf = (slot: number) => gen[slot] * SLOT + slot;
    const ready = () => {
      if (disposed) disposedError('this World');
      if (busy) fail('a World cannot be used from inside a move\'s filter: the filter only answers');
    };
    /** h's slot if it names a live object of this World, else -1. */
    const liveSlot = (h: unknown): number => {
      if (typeof h !== 'number' || !Number.isInteger(h) || h < 0 || h >= 256 * SLOT) return -1;
      const slot = h % SLOT;
      return slot < slots && alive[slot] === 1 && gen[slot] === Math.floor(h / SLOT) ? slot : -1;
    };
    /** updateMany's arguments: a typed array, or an array (read element by element, once). */
    const listOf = (name: string, v: unknown): ArrayLike<unknown> => {
      const view = realView(name, v);
      if (view !== null) return view as ArrayLike<unknown>;
      if (Array.isArray(v)) {
        const n = (v as unknown[]).length;
        if (typeof n === 'number' && Number.isInteger(n) && n >= 0) return v as unknown[];
      }
      return fail(`${name} must be an array or a typed array of numbers, got ${show(v)}`);
    };
    let manySlot = new Uint32Array(0), manyBox = new Int32Array(0), manyF = new Float64Array(0); // updateMany's checked input
    const slotOf = (name: string, h: unknown): number => {
      ready();
      if (typeof h !== 'number' || !Number.isInteger(h) || h < 0 || h >= 256 * SLOT) fail(`${name} must be a handle this World gave, got ${show(h)}`);
      const slot = h % SLOT;
      if (slot >= slots || alive[slot] !== 1 || gen[slot] !== Math.floor(h / SLOT)) fail(`${name} ${h} names no object of this World (removed, or another World's)`);
      return slot;
    };
    /** An object's pixel box from floats (x, y, w, h) into PLACE: floor of the corner, ceil of the
        size. false unless all four are numbers making a box of at least 1 x 1 px inside the world
        (NaN and the infinities fail a comparison). */
    const pixelBox = (fx: unknown, fy: unknown, fw: unknown, fh: unknown): boolean => {
      if (typeof fx !== 'number' || typeof fy !== 'number' || typeof fw !== 'number' || typeof fh !== 'number') return false;
      const px = Math.floor(fx), py = Math.floor(fy), pw = Math.ceil(fw), ph = Math.ceil(fh);
      if (!(px >= COORD_MIN && py >= COORD_MIN && pw >= 1 && ph >= 1 && px + pw - 1 <= COORD_MAX && py + ph - 1 <= COORD_MAX)) return false;
      PLACE[0] = px; PLACE[1] = py; PLACE[2] = pw; PLACE[3] = ph;
      return true;
    };
    /** Why pixelBox refused (x, y, w, h): throws, naming the first rule broken. */
    const whyNoBox = (fx: unknown, fy: unknown, fw: unknown, fh: unknown): never => {
      finite('x', fx); finite('y', fy); finite('w', fw); finite('h', fh);
      const pw = Math.ceil(fw as number), ph = Math.ceil(fh as number);
      if (pw < 1 || ph < 1) fail(`w and h must make a box at least 1 x 1 px, got ${fw as number} x ${fh as number}`);
      return fail(`the box (${fx as number}, ${fy as number}) ${pw} x ${ph} must lie inside the world (${COORD_MIN} .. ${COORD_MAX})`);
    };
    /** Checks floats (x, y, w, h) as an object's box into PLACE / PLACE_F, before anything changes. */
    const check = (fx: unknown, fy: unknown, fw: unknown, fh: unknown) => {
      if (!pixelBox(fx, fy, fw, fh)) whyNoBox(fx, fy, fw, fh);
      PLACE_F[0] = fx as number; PLACE_F[1] = fy as number; PLACE_F[2] = fw as number; PLACE_F[3] = fh as number;
    };
    /** A checked box at slot: its floats (fl[j ..]) here, its pixel box (px[j ..]) in wasm; by
        default the box check() read. */
    const place = (slot: number, fl: Float64Array = PLACE_F, px: Int32Array = PLACE, j = 0) => {
      // element by element: two TypedArray.set calls of 4 elements took a third of world.update
      const i32 = heap.i32, k = (boxesAt >>> 2) + 4 * slot, f = 4 * slot;
      pos[f] = fl[j]; pos[f + 1] = fl[j + 1]; pos[f + 2] = fl[j + 2]; pos[f + 3] = fl[j + 3];
      i32[k] = px[j]; i32[k + 1] = px[j + 1]; i32[k + 2] = px[j + 2]; i32[k + 3] = px[j + 3];
    };
    /** Builds the grid over every slot (after the slot count grew), growing its memberships when
        they do not fit (a few large objects can touch many sectors). */
    const build = () => {
      for (;;) {
        const r = x.eo_sectors_build(gridAt, boxesAt, slots, 0, core.hooks);
        if (r === RESULT.EO_OK) break;
        if (r !== RESULT.EO_ERR_BUFFER_TOO_SMALL) core.check(r, 'world');
        maxEntries *= 2;
        makeGrid();
      }
      built = true;
    };
    /** world.update and world.remove only note the slot: the grid catches up when it is next read
        (ensureGrid), in one eo_sectors_update pass when many slots changed. A game that updates
        every object each frame then makes one call into wasm, not one per object. The answers are
        the same either way: eo_sectors_update_one leaves the grid eo_sectors_update would. */
    const stale = new Uint32Array(cap), isStale = new Uint8Array(cap);
    let staleCount = 0;
    const noteMoved = (slot: number) => {
      if (!built || isStale[slot] === 1) return;
      isStale[slot] = 1;
      stale[staleCount++] = slot;
    };
    const ensureGrid = () => {
      if (!built) build();
      else if (staleCount > 0) {
        const r = staleCount > (slots >>> 3) // many: one pass over every slot beats a call per slot
          ? x.eo_sectors_update(gridAt, boxesAt, slots, 0, core.hooks)
          : updateStale();
        if (r !== RESULT.EO_OK) build(); // a sector was full and the fallback build did not fit: grow
      }
      for (let i = 0; i < staleCount; i++) isStale[stale[i]] = 0;
      staleCount = 0;
    };
    const updateStale = (): number => {
      for (let i = 0; i < staleCount; i++) {
        const r = x.eo_sectors_update_one(gridAt, boxesAt, slots, stale[i], 0, core.hooks);
        if (r !== RESULT.EO_OK) return r;
      }
      return RESULT.EO_OK;
    };
    /** After a move changed slot's box: its sectors now, so that the next mover meets it where it is
        (or a whole build, while the slot count is new). */
    const moved = (slot: number) => {
      if (!built) return;
      ensureGrid();
      const r = x.eo_sectors_update_one(gridAt, boxesAt, slots, slot, 0, core.hooks);
      if (r !== RESULT.EO_OK) build(); // a sector was full and the fallback build did not fit: grow
    };
    const readQueryLayer = (options: unknown): number => {
      const o = QUERY.read(options);
      if (o.layer === undefined) return 0;
      const [cat, col] = layerOf('options.layer', o.layer);
      const p = core.scratch(4, 'world.query');
      heap.u16[p >>> 1] = cat; heap.u16[(p >>> 1) + 1] = col;
      return p;
    };
    /** Slots found by a query (in scratch at p, n of them) as handles, into out (a number[]). */
    const handles = (p: number, n: number, out: unknown): number[] => {
      let arr: number[];
      if (out === undefined) arr = new Array<number>(n);
      else if (!Array.isArray(out)) return fail(`out must be an array (an earlier answer), got ${show(out)}`);
      else arr = out as number[];
      const u32 = heap.u32;
      try {
        for (let i = 0; i < n; i++) arr[i] = handleOf(u32[(p >>> 2) + i]);
        arr.length = n;
      } catch (e) {
        intoFailed(e);
      }
      return arr;
    };
    /** The grid's pairs (slots, from `call`) as handle pairs into out, a < b by handle. */
    const handlePairs = (call: (pp: number, cap: number, pc: number, first: boolean) => number, what: string, out: unknown, site: { hint: number }) => {
      const arr = out === undefined ? undefined : typed('out', out, Uint32Array);
      const m = core.enter();
      try {
        const got = core.pairs(call, what, arr, false, out, site), n = core.pairCount;
        for (let k = 0; k < 2 * n; k++) got[k] = handleOf(got[k]);
        return { pairs: got, count: n };
      } finally {
        core.leave(m);
      }
    };
    const pairSite = { hint: 0 }, betweenSite = { hint: 0 }, eventSite = { hint: 0 };
    let groupA = 0, groupB = 0;
    const allPairs = (pp: number, cap: number, pc: number, first: boolean) =>
      x.eo_sectors_find_pairs(gridAt, boxesAt, layersAt, pp, cap, pc, 0, first ? core.hooks : 0);
    const betweenPairs = (pp: number, cap: number, pc: number, first: boolean) =>
      x.eo_sectors_find_pairs_between(gridAt, boxesAt, layersAt, groupA, groupB, pp, cap, pc, 0, first ? core.hooks : 0);

    // ---- moves ----------------------------------------------------------------------------------------
    const contactOut = (into: Record<string, unknown> | undefined, k: number): Record<string, unknown> => {
      if (into === undefined) return {};
      const list = into.contacts as unknown;
      const o = Array.isArray(list) ? (list as unknown[])[k] : undefined;
      return o !== null && typeof o === 'object' ? (o as Record<string, unknown>) : {};
    };
    const world: World<T> = {
      get count() { ready(); return live; },
      add(fx, fy, fw, fh, options) {
        ready();
        const o = ADD.read(options);
        const [cat, col] = layerOf('options.layer', o.layer);
        const resp = o.response === undefined ? 0 : choice('options.response', o.response, RESPONSES);
        check(fx, fy, fw, fh);
        if (free.length === 0 && slots >= cap)
          throw new EarlyoutError('EO_JS_BAD_ARGUMENT', `world.add: the World holds ${cap} objects already (config.maxObjects): make it with a larger maxObjects`);
        const slot = free.length > 0 ? free[free.length - 1] : slots;
        place(slot);
        if (free.length > 0) free.pop();
        else { slots++; built = false; }
        alive[slot] = 1;
        heap.u16[(layersAt >>> 1) + 2 * slot] = cat; heap.u16[(layersAt >>> 1) + 2 * slot + 1] = col;
        heap.u8[respAt + slot] = resp;
        data[slot] = o.data as T | undefined;
        live++;
        noteMoved(slot);
        return handleOf(slot);
      },
      remove(h) {
        const slot = slotOf('handle', h);
        const k = (boxesAt >>> 2) + 4 * slot;
        heap.i32[k + 2] = 0; heap.i32[k + 3] = 0; // an empty box: in no sector, met by nothing
        noteMoved(slot);
        alive[slot] = 0;
        gen[slot] = (gen[slot] + 1) & 255;
        data[slot] = undefined;
        free.push(slot);
        live--;
      },
      has(h) {
        if (disposed) disposedError('this World');
        if (typeof h !== 'number' || !Number.isInteger(h) || h < 0 || h >= 256 * SLOT) return false;
        const slot = h % SLOT;
        return slot < slots && alive[slot] === 1 && gen[slot] === Math.floor(h / SLOT);
      },
      update(h, fx, fy, fw, fh) {
        const slot = slotOf('handle', h);
        check(fx, fy, fw === undefined ? pos[4 * slot + 2] : fw, fh === undefined ? pos[4 * slot + 3] : fh);
        place(slot);
        noteMoved(slot);
      },
      updateMany(hs, bs) {
        ready();
        const what = 'world.updateMany';
        const handles = listOf(`${what}: handles`, hs), boxes = listOf(`${what}: boxes`, bs);
        const n = handles.length;
        if (n > cap) fail(`${what}: at most ${cap} handles (config.maxObjects), got ${n}`);
        if (boxes.length !== 4 * n)
          fail(`${what}: boxes must hold x, y, w, h per handle: ${n} handles need ${4 * n} numbers, got ${boxes.length}`);
        if (manySlot.length < n) { manySlot = new Uint32Array(n); manyBox = new Int32Array(4 * n); manyF = new Float64Array(4 * n); }
        // every handle and box checked (each element read once) before anything changes
        for (let i = 0; i < n; i++) {
          const h = handles[i], slot = liveSlot(h);
          if (slot < 0) slotOf(`${what}: handles[${i}]`, h); // throws, saying why
          const j = 4 * i, fx = boxes[j], fy = boxes[j + 1], fw = boxes[j + 2], fh = boxes[j + 3];
          if (!pixelBox(fx, fy, fw, fh)) {
            try {
              whyNoBox(fx, fy, fw, fh);
            } catch (e) {
              if (e instanceof EarlyoutError) fail(`${what}: box ${i}: ${e.message}`);
              throw e;
            }
          }
          manySlot[i] = slot;
          manyBox[j] = PLACE[0]; manyBox[j + 1] = PLACE[1]; manyBox[j + 2] = PLACE[2]; manyBox[j + 3] = PLACE[3];
          manyF[j] = fx as number; manyF[j + 1] = fy as number; manyF[j + 2] = fw as number; manyF[j + 3] = fh as number;
        }
        for (let i = 0; i < n; i++) {
          place(manySlot[i], manyF, manyBox, 4 * i);
          noteMoved(manySlot[i]);
        }
      },
      get(h, into) {
        const slot = slotOf('handle', h);
        if (into !== undefined && !isInto('into', into)) fail(`into must be a Box object to fill, got ${show(into)}`);
        const b = (into ?? {}) as Record<string, unknown>;
        try { b.x = pos[4 * slot]; b.y = pos[4 * slot + 1]; b.w = pos[4 * slot + 2]; b.h = pos[4 * slot + 3]; } catch (e) { intoFailed(e); }
        return b as unknown as Box;
      },
      data(h) {
        return data[slotOf('handle', h)];
      },
      move(h, dx, dy, options, into) {
        const what = 'world.move';
        const slot = slotOf('handle', h);
        const o = MOVE.read(options);
        const filter = o.filter;
        if (filter !== undefined && typeof filter !== 'function') fail(`options.filter must be a function (other, data) => response, got ${show(filter)}`);
        const drop = o.drop === undefined ? false : o.drop === true ? true : o.drop === false ? false : fail(`options.drop must be true or false, got ${show(o.drop)}`);
        if (into !== undefined && !isInto('into', into)) fail(`into must be a WorldMoveResult object to fill (an earlier answer), got ${show(into)}`);
        const fdx = finite('dx', dx), fdy = finite('dy', dy);
        // (heap.i32 and heap.dv are read where they are used: an allocation may grow the memory)
        const k = (boxesAt >>> 2) + 4 * slot;
        const px = heap.i32[k], py = heap.i32[k + 1], pw = heap.i32[k + 2], ph = heap.i32[k + 3];
        const tx = pos[4 * slot] + fdx, ty = pos[4 * slot + 1] + fdy;
        const wantX = Math.floor(tx) - px, wantY = Math.floor(ty) - py;
        if (Math.abs(wantX) > MOVE_MAX || Math.abs(wantY) > MOVE_MAX)
          fail(`${what}: dx and dy must move the pixel box at most ${MOVE_MAX} px each (EO_MOVE_MAX), got ${wantX}, ${wantY}: split the motion into several moves`);
        if (mapRec !== undefined && mapRec.disposed()) disposedError('the World\'s map');
        ensureGrid();
        const m = core.enter();
        try {
          // the responses: each object's own, or the filter's for the objects the move can reach
          let responses = respAt;
          if (filter !== undefined) {
            responses = core.scratch(slots, what);
            const reach = core.scratch(B.size, what), ax = Math.abs(wantX), ay = Math.abs(wantY);
            const x0 = Math.max(COORD_MIN, px - ax), y0 = Math.max(COORD_MIN, py - ay);
            const x1 = Math.min(COORD_MAX + 1, px + pw + ax), y1 = Math.min(COORD_MAX + 1, py + ph + ay);
            const kr = reach >>> 2;
            heap.i32[kr] = x0; heap.i32[kr + 1] = y0; heap.i32[kr + 2] = Math.min(COORD_MAX, x1 - x0); heap.i32[kr + 3] = Math.min(COORD_MAX, y1 - y0);
            const found = core.scratch(4 * slots, what), pc = core.scratch(4, what);
            core.check(x.eo_query_sectors_region(gridAt, boxesAt, 0, 0, reach, found, slots, pc, 0), what);
            const n = heap.u32[pc >>> 2];
            busy = true;
            try {
              for (let i = 0; i < n; i++) {
                const other = heap.u32[(found >>> 2) + i];
                if (other === slot) continue;
                const r = (filter as (o: number, d: T | undefined) => unknown)(handleOf(other), data[other]);
                heap.u8[responses + other] = choice('the filter\'s answer', r, RESPONSES);
              }
            } finally {
              busy = false;
            }
          }
          const pw0 = core.scratch(W.size + MR.size, what), pr = pw0 + W.size;
          let dv = heap.dv;
          dv.setUint32(pw0 + W.boxes, boxesAt, true); dv.setUint32(pw0 + W.count, slots, true);
          dv.setUint32(pw0 + W.self, slot, true); dv.setUint32(pw0 + W.grid, gridAt, true);
          dv.setUint32(pw0 + W.layers, layersAt, true);
          dv.setUint16(pw0 + W.layer, heap.u16[(layersAt >>> 1) + 2 * slot], true);
          dv.setUint16(pw0 + W.layer + 2, heap.u16[(layersAt >>> 1) + 2 * slot + 1], true);
          dv.setUint32(pw0 + W.responses, responses, true);
          dv.setUint32(pw0 + W.filter, 0, true); dv.setUint32(pw0 + W.filter_user, 0, true);
          dv.setUint32(pw0 + W.map, mapRec === undefined ? 0 : mapRec.pm, true);
          heap.u8[pw0 + W.tile_flags] = drop ? DEFINES.EO_TILES_DROP : 0;
          heap.u8[pw0 + W.tile_response] = tileResponse;
          // the move: again with more room when the near boxes or the contacts did not fit (a move
          // that did not fit its near boxes moved nothing; one past its contacts is undone first)
          let capacity = 32, pcs = core.scratch(capacity * MC.size, what), r: number;
          for (;;) {
            dv = heap.dv;
            dv.setUint32(pw0 + W.near, nearBlock!.at, true); dv.setUint32(pw0 + W.near_capacity, nearCap, true);
            r = x.eo_move(pw0, boxesAt + slot * B.size, wantX, wantY, pcs, capacity, pr, core.hooks);
            if (r !== RESULT.EO_ERR_BUFFER_TOO_SMALL) break;
            const needNear = heap.u32[(pr + MR.near_count) >>> 2];
            if (needNear > nearCap) { growNear(needNear); continue; }
            heap.i32[k] = px; heap.i32[k + 1] = py;
            capacity = heap.u16[(pr + MR.contact_count) >>> 1];
            pcs = core.scratch(capacity * MC.size, what);
          }
          if (r !== RESULT.EO_OK) core.check(r, what, RESULTS[r]?.name === 'EO_ERR_BAD_ARGUMENT' ? 'the box must stay inside the world' : '');
          const nx = heap.i32[k], ny = heap.i32[k + 1];
          // an axis that got all the way keeps the float's fraction; a stopped one is flush (whole)
          pos[4 * slot] = nx - px === wantX ? tx : nx;
          pos[4 * slot + 1] = ny - py === wantY ? ty : ny;
          moved(slot);
          const hit = heap.u8[pr + MR.hit], count = heap.u16[(pr + MR.contact_count) >>> 1];
          // the answer: contacts as objects (an into's reused), in order of time
          const res = (into ?? {}) as Record<string, unknown>;
          let list = into !== undefined && Array.isArray(res.contacts) ? (res.contacts as WorldContact<T>[]) : ([] as WorldContact<T>[]);
          try {
            for (let i = 0; i < count; i++) {
              const p = pcs + i * MC.size, other = heap.u32[(p + MC.other) >>> 2];
              const tNum = heap.u32[(p + MC.t_num) >>> 2], tDen = heap.u32[(p + MC.t_den) >>> 2];
              const cobj = contactOut(into, i);
              cobj.other = other === TILE ? null : handleOf(other);
              cobj.t = tNum / tDen; cobj.tNum = tNum; cobj.tDen = tDen;
              cobj.x = heap.i32[(p + MC.x) >>> 2]; cobj.y = heap.i32[(p + MC.y) >>> 2];
              cobj.face = heap.u8[p + MC.face];
              cobj.nx = heap.dv.getInt8(p + MC.nx); cobj.ny = heap.dv.getInt8(p + MC.ny);
              cobj.response = RESPONSE_NAMES[heap.u8[p + MC.response]];
              cobj.data = other === TILE ? undefined : data[other];
              list[i] = cobj as unknown as WorldContact<T>;
            }
            list.length = count;
            res.x = pos[4 * slot]; res.y = pos[4 * slot + 1]; res.hit = hit; res.count = count; res.contacts = list;
          } catch (e) {
            intoFailed(e);
          }
          return res as unknown as WorldMoveResult<T>;
        } finally {
          core.leave(m);
        }
      },
      queryPoint(qx, qy, options, out) {
        ready();
        const px = Math.floor(finite('x', qx)), py = Math.floor(finite('y', qy));
        if (px < COORD_MIN || px > COORD_MAX || py < COORD_MIN || py > COORD_MAX) fail(`(${qx as number}, ${qy as number}) is outside the world`);
        ensureGrid();
        const m = core.enter();
        try {
          const pf = readQueryLayer(options), po = core.scratch(4 * Math.max(1, slots), 'world.queryPoint'), pc = core.scratch(4, 'world.queryPoint');
          core.check(x.eo_query_sectors_point(gridAt, boxesAt, layersAt, pf, px, py, po, slots, pc, core.hooks), 'world.queryPoint');
          return handles(po, heap.u32[pc >>> 2], out);
        } finally {
          core.leave(m);
        }
      },
      queryRect(qx, qy, qw, qh, options, out) {
        ready();
        ensureGrid();
        const m = core.enter();
        try {
          const pb = core.scratch(B.size, 'world.queryRect');
          const x0 = Math.floor(finite('x', qx)), y0 = Math.floor(finite('y', qy));
          if (finite('w', qw) < 0 || finite('h', qh) < 0) fail(`the region's w and h must be 0 or more, got ${qw as number} x ${qh as number}`);
          const w1 = Math.ceil((qx as number) + (qw as number)) - x0, h1 = Math.ceil((qy as number) + (qh as number)) - y0;
          if (x0 < COORD_MIN || x0 > COORD_MAX || y0 < COORD_MIN || y0 > COORD_MAX || w1 > COORD_MAX || h1 > COORD_MAX)
            fail(`the region (${qx as number}, ${qy as number}) ${qw as number} x ${qh as number} must lie inside the world`);
          const kb = pb >>> 2;
          heap.i32[kb] = x0; heap.i32[kb + 1] = y0; heap.i32[kb + 2] = w1; heap.i32[kb + 3] = h1;
          const pf = readQueryLayer(options), po = core.scratch(4 * Math.max(1, slots), 'world.queryRect'), pc = core.scratch(4, 'world.queryRect');
          core.check(x.eo_query_sectors_region(gridAt, boxesAt, layersAt, pf, pb, po, slots, pc, core.hooks), 'world.queryRect');
          return handles(po, heap.u32[pc >>> 2], out);
        } finally {
          core.leave(m);
        }
      },
      querySegment(x0, y0, x1, y1, options, into) {
        ready();
        SEG[0] = endpoint('x0', x0); SEG[1] = endpoint('y0', y0); SEG[2] = endpoint('x1', x1); SEG[3] = endpoint('y1', y1);
        if (into !== undefined && !Array.isArray(into)) fail(`into must be an array (an earlier answer), got ${show(into)}`);
        ensureGrid();
        const m = core.enter();
        try {
          const ps = core.scratch(LAYOUT.segment.size, 'world.querySegment');
          heap.i32.set(SEG, ps >>> 2);
          const pf = readQueryLayer(options), cap = Math.max(1, slots);
          const ph = core.scratch(cap * QH.size, 'world.querySegment'), pc = core.scratch(4, 'world.querySegment');
          core.check(x.eo_query_segment_all(ps, boxesAt, slots, gridAt, layersAt, pf, ph, cap, pc, core.hooks), 'world.querySegment');
          const n = heap.u32[pc >>> 2], arr = (into ?? []) as WorldSegmentHit[];
          try {
            for (let i = 0; i < n; i++) {
              const p = ph + i * QH.size, old = arr[i] as unknown;
              const hobj = (old !== null && typeof old === 'object' ? old : {}) as Record<string, unknown>;
              const tNum = heap.u32[(p + QH.t_num) >>> 2], tDen = heap.u32[(p + QH.t_den) >>> 2];
              hobj.handle = handleOf(heap.u32[(p + QH.index) >>> 2]);
              hobj.tNum = tNum; hobj.tDen = tDen; hobj.t = tNum / tDen;
              hobj.x = heap.i32[(p + QH.x) >>> 2]; hobj.y = heap.i32[(p + QH.y) >>> 2]; hobj.face = heap.u8[p + QH.face];
              arr[i] = hobj as unknown as WorldSegmentHit;
            }
            arr.length = n;
          } catch (err) {
            intoFailed(err);
          }
          return arr;
        } finally {
          core.leave(m);
        }
      },
      pairs(out) {
        ready();
        ensureGrid();
        return handlePairs(allPairs, 'world.pairs', out, pairSite);
      },
      pairsBetween(a, b, out) {
        ready();
        groupA = int('groupA', a, 1, 0xffff);
        groupB = int('groupB', b, 1, 0xffff);
        ensureGrid();
        return handlePairs(betweenPairs, 'world.pairsBetween', out, betweenSite);
      },
      events(into) {
        ready();
        if (into !== undefined && !isInto('into', into)) fail(`into must be a PairEvents object to fill (an earlier answer), got ${show(into)}`);
        if (into !== undefined) for (const key of ['began', 'stayed', 'ended']) intoArray('into', into, key, Uint32Array);
        ensureGrid();
        const m = core.enter();
        try {
          const now = core.pairs(allPairs, 'world.events', undefined, false, undefined, eventSite), n = core.pairCount;
          // as handles, a < b, then sorted: the same objects make the same pair from frame to frame
          const pn = core.scratch(Math.max(1, n) * LAYOUT.pair.size, 'world.events'), u32 = heap.u32;
          for (let i = 0; i < n; i++) {
            const ha = handleOf(now[2 * i]), hb = handleOf(now[2 * i + 1]);
            u32[(pn >>> 2) + 2 * i] = Math.min(ha, hb); u32[(pn >>> 2) + 2 * i + 1] = Math.max(ha, hb);
          }
          const pk = core.scratch(4, 'world.events');
          core.check(x.eo_pairs_sort(pn, n, pk), 'world.events');
          const kept = heap.u32[pk >>> 2];
          const ev = splitPairs(core, prev === null ? pn : prev.at, prev === null ? 0 : prevCount, pn, kept,
                                into as Record<string, unknown> | undefined, 'world.events');
          // this frame's pairs are the next call's "before"
          if (prev === null || prev.size < kept * LAYOUT.pair.size) {
            const old = prev;
            prev = owner.add(heap.allocBlock(Math.max(64, kept + (kept >>> 1)) * LAYOUT.pair.size, 'world.events'));
            if (old !== null) owner.drop(old);
          }
          heap.u8.copyWithin(prev.at, pn, pn + kept * LAYOUT.pair.size);
          prevCount = kept;
          return ev;
        } finally {
          core.leave(m);
        }
      },
      dispose() {
        if (disposed) return;
        disposed = true;
        heap.untrack(owner);
        owner.release();
      },
    };
    heap.track(world, owner);
    return world;
  }

  return { create };
}

/** @internal for tests: the handle layout. */
export const WORLD_SLOT = SLOT;
