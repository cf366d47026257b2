// earlyout: the collision core compiled to WebAssembly, for games (fast module) and for
// lessons (traced module, which also records each step of the C code with its source line).
//
//   import { loadEarlyout, LAYOUT_16 } from 'earlyout';
//   const eo = await loadEarlyout();
//   const a = eo.gridmask.build(LAYOUT_16, 'span', { x: 10, y: 40, w: 16, h: 16 });
//
// Works in browsers and in Node (no network fetch under Node: the .wasm is read from disk).
// The module holds no collision logic of its own: every answer comes from the C core. This file
// only validates arguments, copies them into wasm memory and reads results back.

export interface Box { x: number; y: number; w: number; h: number }
export interface GridmaskLayout {
  bits: 8 | 16 | 32;
  cellShiftX: number;
  cellShiftY: number;
  screenW: number;
  screenH: number;
}
export type GridmaskMethod = 'span' | 'endpoints';
export type GridmaskVerdict = 'maybe' | 'apart-x' | 'apart-y';
export interface TraceStep { event: string; module: string; line: number; a: number; b: number }
export interface Traced<T> { result: T; steps: TraceStep[]; stepsLost: number; counters: Record<string, number> }

/** 256x192 screen, 64-px cells, 4x3: X in the low nibble, Y in the high nibble. */
export const LAYOUT_8: Readonly<GridmaskLayout> = Object.freeze({ bits: 8, cellShiftX: 6, cellShiftY: 6, screenW: 256, screenH: 192 });
/** 256x192 screen, 32-px cells, 8x6, as the MSX Game Library: X byte low, Y byte high. */
export const LAYOUT_16: Readonly<GridmaskLayout> = Object.freeze({ bits: 16, cellShiftX: 5, cellShiftY: 5, screenW: 256, screenH: 192 });
/** 1024x768 screen, 64-px cells, 16x12: X in the low 16 bits, Y in the high 16. */
export const LAYOUT_32: Readonly<GridmaskLayout> = Object.freeze({ bits: 32, cellShiftX: 6, cellShiftY: 6, screenW: 1024, screenH: 768 });

export type AxisOrder = 'x-first' | 'y-first';
export interface Circle { x: number; y: number; r: number }
export interface OrderReport {
  order: AxisOrder; pairsSampled: number; comparisonsXFirst: number; comparisonsYFirst: number;
  apartOnX: number; apartOnY: number;
}
/** A uniform grid over the world. Zero (or missing) fields take the C defaults. */
export interface SectorsConfig {
  worldX?: number; worldY?: number; worldW?: number; worldH?: number; // default 0, 0, 256, 192
  cols?: number; rows?: number;            // default 2 x 2 (quadrants)
  maxObjects?: number;                     // default 64
  maxEntries?: number;                     // (object, sector) memberships; default 4 * maxObjects
}
/** Work counted by the broadphase calls (see eo_broadphase_stats in sectors.h). */
export interface BroadphaseStats {
  insertions: number; removals: number; objectsMoved: number; rebuilds: number; candidatePairs: number;
  duplicatesSkipped: number; layerFiltered: number; boxTests: number; pairsFound: number;
}
export interface PairList { count: number; pairs: Uint16Array /* a, b per pair */ }

/** A 1-bit-per-pixel sprite mask held in wasm memory. Call dispose() when done. */
export interface PixelMask {
  readonly width: number;
  readonly height: number;
  set(x: number, y: number, solid: boolean): void;
  get(x: number, y: number): boolean;
  dispose(): void;
}
/** Something shaped like the DOM's ImageData. */
export interface ImageDataLike { width: number; height: number; data: Uint8ClampedArray | Uint8Array }

export interface PixelMaskApi {
  /** An empty w x h mask (1..4095 each). */
  create(width: number, height: number): PixelMask;
  /** Solid where alpha >= alphaThreshold (1..255, default 128). */
  fromImageData(image: ImageDataLike, alphaThreshold?: number): PixelMask;
  /** Solid where the index is not 0; indices holds width * height bytes, row by row. */
  fromIndices(indices: Uint8Array, width: number, height: number): PixelMask;
  /** The overlap rectangle of two boxes, or null when they do not overlap (touching included). */
  overlapRect(a: Box, b: Box): Box | null;
  /** Do the masks, drawn with their top-left pixels at (ax, ay) and (bx, by), share a solid pixel? */
  overlap(a: PixelMask, ax: number, ay: number, b: PixelMask, bx: number, by: number): boolean;
  /** The first shared solid pixel, top row first then left to right, in world coordinates; null if none. */
  firstContact(a: PixelMask, ax: number, ay: number, b: PixelMask, bx: number, by: number): { x: number; y: number } | null;
  /** How many pixels are solid in both. */
  area(a: PixelMask, ax: number, ay: number, b: PixelMask, bx: number, by: number): number;
  /** The per-pixel reference loop: same answer as overlap(), slower; for comparisons. */
  overlapReference(a: PixelMask, ax: number, ay: number, b: PixelMask, bx: number, by: number): boolean;
}

// ---- tiles and slopes (core/include/earlyout/tiles.h, slopes.h) ----------------------------
/** Collision attrs (attrs[tile id]); a slope of shape s is TILE.SLOPE + s. 6 .. 15 are the game's own (collide like empty). */
export const TILE = Object.freeze({ EMPTY: 0, SOLID: 1, ONE_WAY: 2, LADDER: 3, HAZARD: 4, WATER: 5, SLOPE: 16 });
/** Built-in slope shapes; user shapes are SLOPE.USER + k (heights from TileMapConfig.slopes). */
export const SLOPE = Object.freeze({ UP_45: 0, DOWN_45: 1, UP_22_LOW: 2, UP_22_HIGH: 3, DOWN_22_HIGH: 4, DOWN_22_LOW: 5, USER: 6 });
/** Kind bits of MoveResult.touching / .below, TileMap.touching() and probe kinds. */
export const TOUCH = Object.freeze({ SOLID: 0x01, ONE_WAY: 0x02, LADDER: 0x04, HAZARD: 0x08, WATER: 0x10, SLOPE: 0x20, OUTSIDE: 0x80 });
/** Sides a move was stopped on (MoveResult.hit). */
export const HIT = Object.freeze({ LEFT: 0x01, RIGHT: 0x02, TOP: 0x04, BOTTOM: 0x08 });

export type TileOutside = 'solid' | 'empty' | 'open-top';
export interface TileMapConfig {
  /** Map size in tiles (1 .. 32768 / tileSize each). */
  width: number; height: number;
  /** Tile size in px: 8 (default), 16, 32, 64 or 128. */
  tileSize?: number;
  /** How positions outside the map read. Default 'solid' (walls all round). */
  outside?: TileOutside;
  /** width * height tile ids, row by row (copied). Default all 0. */
  cells?: Uint8Array;
  /** 256 entries: tile id -> collision attr (copied). Default: ids 0 .. 21 are their own attr (TILE.*, TILE.SLOPE +
      built-in shape), the next ids name the user shapes in `slopes` (id TILE.SLOPE + SLOPE.USER + k), the rest are empty. */
  attrs?: Uint8Array;
  /** User slope heights, tileSize entries per shape (0 .. tileSize): shape SLOPE.USER + k. */
  slopes?: Uint8Array;
  /** Look rows up in a row-start table instead of multiplying (maps of at most 65536 cells). */
  rowTable?: boolean;
}
export interface TileProbe { x: number; y: number; col: number; row: number; attr: number; outside: boolean }
export interface MoveOptions {
  /** Fall through one-way platforms and ladder tops. */
  drop?: boolean;
  /** Skip touching, below and onGround (left 0 / false): a little faster. */
  positionOnly?: boolean;
  /** Lesson only: scan only the corner tiles (can end inside a wall). */
  corners?: boolean;
  /** Coarse-fine skip: re-read the tiles under the box only when its tile range changed. */
  cache?: TilesCache;
}
export interface MoveResult {
  /** The box after the move (the box passed in is not changed). */
  box: Box;
  /** HIT.* bits: the sides that were stopped. */
  hit: number;
  /** TOUCH.* bits of the tiles the box overlaps after the move. */
  touching: number;
  /** TOUCH.* bits of the tiles in the pixel row just under the box. */
  below: number;
  /** A one-pixel move down would be blocked. */
  onGround: boolean;
  movedX: number; movedY: number;
}
/** What a slope sensor found (null when there is no ground within a tile). */
export interface Ground {
  /** boxGround: the sensor that found it: 0 left, 1 middle, 2 right (0 for groundAt). */
  sensor: number;
  /** The column's height in the tile holding the surface (1 .. tileSize). */
  height: number;
  /** That tile's attr, and the tile. */
  attr: number; col: number; row: number;
  /** The top ground pixel row. */
  groundY: number;
  /** groundAt: groundY - y; boxGround: groundY - (y + h) (0 standing on it, > 0 above, < 0 sunk in). */
  distance: number;
}
/** Memory of the tiles under one box (one per character). Reset automatically when the map's cells change. */
export interface TilesCache { reset(): void; dispose(): void }
export interface TileMap {
  readonly width: number; readonly height: number; readonly tileSize: number; readonly outside: TileOutside;
  getCell(col: number, row: number): number;
  setCell(col: number, row: number, id: number): void;
  /** Replaces all cells (width * height ids). */
  setCells(cells: Uint8Array): void;
  /** A copy of the cells. */
  cells(): Uint8Array;
  setAttr(id: number, attr: number): void;
  /** The attr of tile (col, row), the outside policy's outside the map. */
  attrAt(col: number, row: number): number;
  /** The attr of the tile holding pixel (x, y). */
  attrAtPixel(x: number, y: number): number;
  /** floor(p / tileSize). */
  tileOf(p: number): number;
  /** The cell index of tile (col, row), as the core computes it (row table, shift or exact
      multiply), or null outside the map. */
  index(col: number, row: number): number | null;
  /** Blocks in every direction: solid tile, below a slope's surface, solid outside. */
  pixelSolid(x: number, y: number): boolean;
  /** The probe points of a box ('edges': corners + points at most a tile apart; 'corners': the four corners) and what each read. */
  probe(box: Box, mode?: 'edges' | 'corners'): { points: TileProbe[]; kinds: number };
  /** TOUCH.* bits of the tiles the box overlaps and of the row under it. */
  touching(box: Box, cache?: TilesCache): { touching: number; below: number };
  /** Moves the box by dx, then dy, stopping at whatever blocks. */
  move(box: Box, dx: number, dy: number, options?: MoveOptions): MoveResult;
  /** Walks dx pixels sideways following slopes, climbing / descending at most maxStep px per pixel. */
  walk(box: Box, dx: number, maxStep: number, options?: { drop?: boolean; positionOnly?: boolean; corners?: boolean }): MoveResult;
  /** One call per frame: boxes (x, y, w, h per mover) move by deltas (dx, dy per mover), in place.
      out (4 bytes per mover): hit, touching, below, onGround. */
  moveMany(boxes: Int16Array, deltas: Int16Array, options?: { drop?: boolean; positionOnly?: boolean }, out?: Uint8Array): Uint8Array;
  /** One call per frame: boxes walk dx[i] px (in place); out as moveMany. */
  walkMany(boxes: Int16Array, dx: Int16Array, maxStep: number, options?: { drop?: boolean; positionOnly?: boolean }, out?: Uint8Array): Uint8Array;
  /** Height of a slope shape's column (0 .. tileSize). */
  columnHeight(shape: number, column: number): number;
  /** A slope shape's tileSize heights. */
  heights(shape: number): Uint8Array;
  /** Replaces the user slope heights (k * tileSize entries for shapes SLOPE.USER + k; as many shapes as before or more). */
  setSlopes(heights: Uint8Array): void;
  /** A sensor at pixel (x, y): ground within a tile above or below, or null. */
  groundAt(x: number, y: number): Ground | null;
  /** The highest ground under the box's foot sensors (2 or 3), or null. */
  boxGround(box: Box, sensors?: 2 | 3): Ground | null;
  createCache(): TilesCache;
  dispose(): void;
}
export interface TilesApi {
  createMap(config: TileMapConfig): TileMap;
}

/** Thrown for every bad argument. `code` is the core's result name (EO_ERR_...) or EO_JS_BAD_ARGUMENT. */
export class EarlyoutError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'EarlyoutError';
    this.code = code;
  }
}

export interface LoadOptions {
  /** Load the traced module (teaching hooks on). Default false. */
  traced?: boolean;
  /** The .wasm bytes, or where to find them. Default: next to this module. */
  wasm?: BufferSource | URL | string;
}

export interface GridmaskApi {
  /** Columns and rows of a layout. */
  cells(layout: GridmaskLayout): { cols: number; rows: number };
  /** The mask of one box, as an unsigned 32-bit number. */
  build(layout: GridmaskLayout, method: GridmaskMethod, box: Box): number;
  /** Masks of many boxes given as x, y, w, h per box; `out` is reused when given. */
  buildMany(layout: GridmaskLayout, method: GridmaskMethod, boxes: Int16Array, out?: Uint32Array): Uint32Array;
  /** X field first, then Y: 'apart-x' and 'apart-y' eliminate the pair, 'maybe' does not. */
  test(layout: GridmaskLayout, a: number, b: number): GridmaskVerdict;
  /** Pairs (i < j, i ascending then j) not eliminated; pairs holds a, b per pair. */
  findCandidates(layout: GridmaskLayout, masks: Uint32Array, out?: Uint16Array): { count: number; pairs: Uint16Array };
}

export interface AabbApi {
  /** Do the boxes share a pixel (touching is not overlapping), and how many interval comparisons did it take? */
  overlap(a: Box, b: Box, order?: AxisOrder): { overlap: boolean; comparisons: number };
  /** All overlapping pairs by testing every pair: the baseline. boxes: x, y, w, h per box. */
  findPairs(boxes: Int16Array, order?: AxisOrder, out?: Uint16Array): PairList & { comparisons: number };
  /** Picks the axis order from a sample of at most sampleLimit boxes (2..255, default 64). */
  chooseOrder(boxes: Int16Array, sampleLimit?: number): OrderReport;
}

export interface CircleApi {
  /** Do the discs overlap (distance < r1 + r2)? Radii 0..16383. */
  overlap(a: Circle, b: Circle): boolean;
}

/** A sector grid with its storage in wasm memory. Call dispose() when done. */
export interface SectorGrid {
  readonly cols: number; readonly rows: number; readonly cellW: number; readonly cellH: number;
  /** Lists the boxes (x, y, w, h per box) in their sectors from scratch. */
  build(boxes: Int16Array): BroadphaseStats;
  /** Persistent mode: moves only the boxes whose sector range changed. */
  update(boxes: Int16Array): BroadphaseStats;
  /** Overlapping pairs of the boxes last built or updated; layers: category, collidesWith per box. */
  findPairs(boxes: Int16Array, layers?: Uint16Array, out?: Uint16Array): PairList & { stats: BroadphaseStats };
  /** First and last column and row of each box (0xFF: empty box), 4 bytes per box. */
  ranges(out?: Uint8Array): Uint8Array;
  dispose(): void;
}

export interface SectorsApi {
  create(config?: SectorsConfig): SectorGrid;
  /** Runs the scene through each configuration; best is the index of the cheapest. */
  tune(boxes: Int16Array, configs: SectorsConfig[], layers?: Uint16Array)
    : { rows: { config: SectorsConfig; stats: BroadphaseStats; cost: number; error?: string }[]; best: number };
}

/** Sort-and-sweep that keeps its order between frames (frame coherence). */
export interface Sweeper {
  findPairs(boxes: Int16Array, axis?: 'x' | 'y', layers?: Uint16Array, out?: Uint16Array): PairList & { stats: BroadphaseStats };
  dispose(): void;
}

export interface SweepApi {
  create(maxObjects: number): Sweeper;
}

export interface Earlyout {
  /** True for the traced module. */
  readonly traced: boolean;
  readonly gridmask: GridmaskApi;
  readonly aabb: AabbApi;
  readonly circle: CircleApi;
  readonly sectors: SectorsApi;
  readonly sweep: SweepApi;
  readonly pixelmask: PixelMaskApi;
  readonly tiles: TilesApi;
  /** Bytes of wasm memory held by live sector grids and sweepers (released by dispose()). */
  heapUsed(): number;
  /** Runs fn with the teaching hooks on and returns its steps and counters (traced module only). */
  trace<T>(fn: () => T, maxSteps?: number): Traced<T>;
}

interface Exports {
  memory: WebAssembly.Memory;
  __heap_base: WebAssembly.Global;
  _initialize?: () => void;
  eo_wasm_abi(what: number): number;
  eo_result_name(r: number): number;
  eo_event_name(e: number): number;
  eo_counter_name(c: number): number;
  eo_hooks_init(hooks: number, steps: number, capacity: number): void;
  eo_gridmask_layout_check(layout: number): number;
  eo_gridmask_prepare(layout: number, grid: number): number;
  eo_gridmask_build(layout: number, method: number, box: number, out: number, hooks: number): number;
  eo_gridmask_build_many(layout: number, method: number, boxes: number, count: number, masks: number, hooks: number): number;
  eo_gridmask_test(layout: number, a: number, b: number, hooks: number): number;
  eo_gridmask_find_candidates(layout: number, masks: number, count: number, pairs: number, capacity: number,
                              count_out: number, hooks: number): number;
  eo_aabb_overlap_ordered(a: number, b: number, order: number, comparisons: number, hooks: number): number;
  eo_aabb_find_pairs(boxes: number, count: number, order: number, pairs: number, capacity: number,
                     count_out: number, comparisons: number, hooks: number): number;
  eo_aabb_choose_order(boxes: number, count: number, sample: number, report: number, hooks: number): number;
  eo_circle_overlap(a: number, b: number, out: number, hooks: number): number;
  eo_sectors_storage_size(cfg: number): number;
  eo_sectors_init(grid: number, cfg: number, storage: number, size: number): number;
  eo_sectors_build(grid: number, boxes: number, count: number, stats: number, hooks: number): number;
  eo_sectors_update(grid: number, boxes: number, count: number, stats: number, hooks: number): number;
  eo_sectors_find_pairs(grid: number, boxes: number, layers: number, pairs: number, capacity: number,
                        count_out: number, stats: number, hooks: number): number;
  eo_sectors_tune(boxes: number, count: number, layers: number, configs: number, n: number, storage: number,
                  size: number, rows: number, best: number): number;
  eo_sweep_storage_size(capacity: number): number;
  eo_sweep_init(sweep: number, capacity: number, axis: number, storage: number, size: number): number;
  eo_sweep_pairs(sweep: number, boxes: number, count: number, layers: number,
                 pairs: number, capacity: number, count_out: number, stats: number, hooks: number): number;
  eo_pixelmask_storage_size(w: number, h: number): number;
  eo_pixelmask_init(mask: number, w: number, h: number, storage: number, size: number): number;
  eo_pixelmask_from_rgba(mask: number, rgba: number, stride: number, threshold: number): number;
  eo_pixelmask_from_indexed(mask: number, pixels: number, stride: number): number;
  eo_pixelmask_set(mask: number, x: number, y: number, on: number): number;
  eo_pixelmask_get(mask: number, x: number, y: number): number;
  eo_overlap_rect(a: number, b: number, out: number): number;
  eo_pixelmask_overlap(a: number, ax: number, ay: number, b: number, bx: number, by: number, hit: number, hooks: number): number;
  eo_pixelmask_first_contact(a: number, ax: number, ay: number, b: number, bx: number, by: number, found: number,
                             cx: number, cy: number, hooks: number): number;
  eo_pixelmask_overlap_area(a: number, ax: number, ay: number, b: number, bx: number, by: number, area: number, hooks: number): number;
  eo_pixelmask_overlap_reference(a: number, ax: number, ay: number, b: number, bx: number, by: number, hit: number, hooks: number): number;
  eo_tiles_check(map: number): number;
  eo_tiles_tile_of(p: number, shift: number): number;
  eo_tiles_index(map: number, col: number, row: number, index: number): number;
  eo_tiles_attr_at(map: number, col: number, row: number, hooks: number): number;
  eo_tiles_attr_at_pixel(map: number, x: number, y: number, hooks: number): number;
  eo_tiles_pixel_solid(map: number, x: number, y: number): number;
  eo_tiles_probe(map: number, box: number, mode: number, probes: number, capacity: number, count: number, kinds: number, hooks: number): number;
  eo_tiles_cache_reset(cache: number): void;
  eo_tiles_touching(map: number, box: number, cache: number, touching: number, below: number, hooks: number): number;
  eo_tiles_move(map: number, box: number, dx: number, dy: number, flags: number, cache: number, result: number, hooks: number): number;
  eo_slopes_column_height(map: number, shape: number, column: number): number;
  eo_slopes_heights(map: number, shape: number, out: number, capacity: number): number;
  eo_slopes_ground_at(map: number, x: number, y: number, out: number, hooks: number): number;
  eo_slopes_box_ground(map: number, box: number, sensors: number, out: number, hooks: number): number;
  eo_slopes_walk(map: number, box: number, dx: number, maxStep: number, flags: number, result: number, hooks: number): number;
  eo_wasm_tiles_move_many(map: number, boxes: number, count: number, deltas: number, flags: number, out: number, failed: number, hooks: number): number;
  eo_wasm_slopes_walk_many(map: number, boxes: number, count: number, dx: number, maxStep: number, flags: number, out: number, failed: number, hooks: number): number;
}

// Struct layouts the code below relies on; checked against the module at load time.
const ABI = { version: 1, box: 8, layout: 8, pair: 4, step: 12, hooksStepCount: 6, hooksStepsLost: 8, hooksCounters: 12,
              stepA: 4, layoutScreenW: 4, grid: 18, gridLastCol: 13, gridLastRow: 17,
              sectors: 44, sectorsConfig: 14, stats: 36, sectorsCellW: 14, sectorsObjectCount: 22,
              tuneRow: 44, configCols: 8, configMaxObjects: 10, orderReport: 24, circle: 6, tuneCost: 36, sectorsCells: 20, sectorsRanges: 40, pixelmask: 12,
              tileMap: 24, tileMapWidth: 16, tileProbe: 10, moveResult: 12, moveResultMovedX: 4, tilesCache: 20, ground: 12, groundY: 8,
              sweep: 12 };
const STATS_KEYS: (keyof BroadphaseStats)[] = ['insertions', 'removals', 'objectsMoved', 'rebuilds', 'candidatePairs',
  'duplicatesSkipped', 'layerFiltered', 'boxTests', 'pairsFound'];
const MODULE_NAMES: Record<number, string> = { 1: 'gridmask', 2: 'aabb', 3: 'sectors', 4: 'sweep', 5: 'pixelmask', 6: 'tiles', 7: 'slopes' };
/** 'EO_COUNTER_SECTORS_BOX_TESTS' -> 'sectors.box_tests' */
function counterKey(name: string): string {
  const m = /^EO_COUNTER_([A-Z0-9]+)_(.+)$/.exec(name);
  return m ? `${m[1].toLowerCase()}.${m[2].toLowerCase()}` : name;
}
const VERDICTS: Record<number, GridmaskVerdict> = { 0: 'maybe', 1: 'apart-x', 2: 'apart-y' };
const MAX_COUNT = 65535;

function fail(message: string): never {
  throw new EarlyoutError('EO_JS_BAD_ARGUMENT', message);
}

function checkInt(name: string, v: unknown, lo: number, hi: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi)
    fail(`${name} must be an integer from ${lo} to ${hi}, got ${String(v)}`);
  return v;
}

function checkBox(name: string, box: unknown): Box {
  if (box === null || typeof box !== 'object') fail(`${name} must be an object { x, y, w, h }`);
  const b = box as Record<string, unknown>;
  for (const k of ['x', 'y', 'w', 'h']) checkInt(`${name}.${k}`, b[k], -32768, 32767);
  return b as unknown as Box;
}

function checkTyped<T extends ArrayBufferView>(name: string, v: unknown, ctor: { new (n: number): T; name: string }): T {
  if (!(v instanceof (ctor as unknown as typeof Int16Array))) fail(`${name} must be a ${ctor.name}`);
  if (isDetached((v as unknown as Int16Array).buffer)) fail(`${name} is backed by a detached ArrayBuffer`);
  return v as unknown as T;
}

function isDetached(buffer: ArrayBufferLike): boolean {
  const b = buffer as ArrayBuffer & { detached?: boolean };
  if (typeof b.detached === 'boolean') return b.detached;
  try { new Uint8Array(buffer); return false; } catch { return true; }
}

async function wasmBytes(traced: boolean, source?: BufferSource | URL | string): Promise<BufferSource> {
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return source;
  const url = source === undefined
    ? new URL(traced ? './earlyout-trace.wasm' : './earlyout.wasm', import.meta.url)
    : source instanceof URL ? source : new URL(source, typeof location !== 'undefined' ? location.href : import.meta.url);
  if (url.protocol === 'file:') {
    // Node (or Deno): read from disk. The module name is a variable so bundlers for the
    // browser leave this import alone.
    const fsName = 'node:fs/promises';
    const fs = (await import(/* @vite-ignore */ fsName)) as { readFile(u: URL): Promise<Uint8Array<ArrayBuffer>> };
    return fs.readFile(url);
  }
  const response = await fetch(url);
  if (!response.ok) throw new EarlyoutError('EO_JS_LOAD', `could not load ${url.href}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

/** Loads the fast module, or the traced one with { traced: true }. */
export async function loadEarlyout(options: LoadOptions = {}): Promise<Earlyout> {
  const traced = options.traced === true;
  const { instance } = await WebAssembly.instantiate(await wasmBytes(traced, options.wasm), {});
  return new Core(instance.exports as unknown as Exports, traced);
}

class Core implements Earlyout {
  readonly traced: boolean;
  readonly gridmask: GridmaskApi;
  readonly aabb: AabbApi;
  readonly circle: CircleApi;
  readonly sectors: SectorsApi;
  readonly sweep: SweepApi;
  readonly pixelmask: PixelMaskApi;
  readonly tiles: TilesApi;
  private readonly x: Exports;
  private readonly free: { at: number; size: number }[] = []; // released persistent blocks
  private readonly pairHints = new WeakMap<object, number>(); // pairs found last time, per grid/sweeper/api
  private readonly heapBase: number;
  private top: number;
  private hooks = 0; // pointer to an eo_hooks while trace() runs, else 0

  constructor(exports: Exports, traced: boolean) {
    this.x = exports;
    exports._initialize?.();
    const abi = (i: number) => exports.eo_wasm_abi(i);
    const got = { version: abi(0), box: abi(1), layout: abi(2), pair: abi(3), step: abi(4), hooksStepCount: abi(6),
                  hooksStepsLost: abi(7), hooksCounters: abi(8), stepA: abi(9), layoutScreenW: abi(12),
                  grid: abi(13), gridLastCol: abi(14), gridLastRow: abi(15),
                  sectors: abi(16), sectorsConfig: abi(17), stats: abi(18), sectorsCellW: abi(19), sectorsObjectCount: abi(20),
                  tuneRow: abi(22), configCols: abi(23), configMaxObjects: abi(24), orderReport: abi(25), circle: abi(26),
                  tuneCost: abi(27), sectorsCells: abi(28), sectorsRanges: abi(29), pixelmask: abi(30),
                  tileMap: abi(32), tileMapWidth: abi(33), tileProbe: abi(34), moveResult: abi(35), moveResultMovedX: abi(36),
                  tilesCache: abi(37), ground: abi(38), groundY: abi(39), sweep: abi(40) };
    for (const k of Object.keys(ABI) as (keyof typeof ABI)[])
      if (got[k] !== ABI[k]) throw new EarlyoutError('EO_JS_ABI', `wasm module ABI mismatch: ${k} is ${got[k]}, expected ${ABI[k]}`);
    if ((abi(11) === 1) !== traced)
      throw new EarlyoutError('EO_JS_ABI', traced ? 'this .wasm is the fast build, not the traced one' : 'this .wasm is the traced build; pass { traced: true }');
    this.traced = traced;
    this.heapBase = (exports.__heap_base.value as number + 15) & ~15;
    this.top = this.heapBase;
    this.gridmask = this.makeGridmask();
    this.aabb = this.makeAabb();
    this.circle = this.makeCircle();
    this.sectors = this.makeSectors();
    this.sweep = this.makeSweep();
    this.pixelmask = this.makePixelmask();
    this.tiles = this.makeTiles();
  }

  // ---- wasm memory: a bump allocator over the heap, reset after every call ----------------
  private alloc(bytes: number): number {
    const p = this.top;
    this.top = (this.top + bytes + 15) & ~15;
    const need = this.top - this.x.memory.buffer.byteLength;
    if (need > 0) this.x.memory.grow(Math.ceil(need / 65536));
    return p;
  }
  /** A block that outlives the call (grids, sweep orders): first fit among released blocks, else
      the top of the persistent area. Never called inside scoped(). */
  private allocPersistent(bytes: number): { at: number; size: number } {
    const size = (bytes + 15) & ~15;
    const i = this.free.findIndex((b) => b.size >= size);
    if (i >= 0) return this.free.splice(i, 1)[0];
    return { at: this.alloc(size), size };
  }
  private release(block: { at: number; size: number }): void {
    this.free.push(block);
    // give back to the top every free block that ends there
    for (let i = this.free.findIndex((b) => b.at + b.size === this.top); i >= 0;
         i = this.free.findIndex((b) => b.at + b.size === this.top)) {
      this.top = this.free[i].at;
      this.free.splice(i, 1);
    }
  }
  private scoped<T>(fn: () => T): T {
    const mark = this.top;
    try { return fn(); } finally { this.top = mark; }
  }
  private get u8() { return new Uint8Array(this.x.memory.buffer); }
  private get dv() { return new DataView(this.x.memory.buffer); }
  private cString(p: number): string {
    const u8 = this.u8;
    let end = p;
    while (u8[end] !== 0) end++;
    return new TextDecoder().decode(u8.subarray(p, end));
  }
  private check(r: number, what: string): void {
    if (r !== 0) {
      const name = this.cString(this.x.eo_result_name(r));
      throw new EarlyoutError(name, `${what}: ${name}`);
    }
  }

  /** Writes the layout into wasm memory and returns a prepared eo_gridmask_grid. */
  private putLayout(layout: GridmaskLayout): number {
    if (layout === null || typeof layout !== 'object') fail('layout must be a GridmaskLayout object');
    const bits = checkInt('layout.bits', layout.bits, 0, 255);
    const p = this.alloc(ABI.layout);
    const dv = this.dv;
    dv.setUint8(p, bits);
    dv.setUint8(p + 1, checkInt('layout.cellShiftX', layout.cellShiftX, 0, 255));
    dv.setUint8(p + 2, checkInt('layout.cellShiftY', layout.cellShiftY, 0, 255));
    dv.setUint8(p + 3, 0);
    dv.setInt16(p + ABI.layoutScreenW, checkInt('layout.screenW', layout.screenW, -32768, 32767), true);
    dv.setInt16(p + ABI.layoutScreenW + 2, checkInt('layout.screenH', layout.screenH, -32768, 32767), true);
    const grid = this.alloc(ABI.grid);
    this.check(this.x.eo_gridmask_prepare(p, grid), 'invalid layout');
    return grid;
  }

  private method(m: unknown): number {
    if (m === 'span') return 0;
    if (m === 'endpoints') return 1;
    return fail(`method must be 'span' or 'endpoints', got ${String(m)}`);
  }

  private makeGridmask(): GridmaskApi {
    const x = this.x;
    return {
      cells: (layout) => this.scoped(() => {
        const grid = this.putLayout(layout);
        return { cols: this.u8[grid + ABI.gridLastCol] + 1, rows: this.u8[grid + ABI.gridLastRow] + 1 };
      }),
      build: (layout, method, box) => this.scoped(() => {
        const l = this.putLayout(layout);
        const m = this.method(method);
        const b = checkBox('box', box);
        const p = this.alloc(ABI.box + 4);
        const dv = this.dv;
        dv.setInt16(p, b.x, true); dv.setInt16(p + 2, b.y, true);
        dv.setInt16(p + 4, b.w, true); dv.setInt16(p + 6, b.h, true);
        this.check(x.eo_gridmask_build(l, m, p, p + ABI.box, this.hooks), 'gridmask.build');
        return this.dv.getUint32(p + ABI.box, true);
      }),
      buildMany: (layout, method, boxes, out) => this.scoped(() => {
        const l = this.putLayout(layout);
        const m = this.method(method);
        checkTyped('boxes', boxes, Int16Array);
        if (boxes.length % 4 !== 0) fail(`boxes must hold x, y, w, h per box: length ${boxes.length} is not a multiple of 4`);
        const n = boxes.length / 4;
        if (n > MAX_COUNT) fail(`at most ${MAX_COUNT} boxes, got ${n}`);
        if (out !== undefined) {
          checkTyped('out', out, Uint32Array);
          if (out.length < n) fail(`out has room for ${out.length} masks, ${n} needed`);
        }
        const pb = this.alloc(n * ABI.box);
        const pm = this.alloc(n * 4);
        new Int16Array(x.memory.buffer, pb, n * 4).set(boxes);
        this.check(x.eo_gridmask_build_many(l, m, pb, n, pm, this.hooks), 'gridmask.buildMany');
        const result = out ?? new Uint32Array(n);
        result.set(new Uint32Array(x.memory.buffer, pm, n));
        return result;
      }),
      test: (layout, a, b) => this.scoped(() => {
        const l = this.putLayout(layout);
        checkInt('a', a, 0, 0xFFFFFFFF);
        checkInt('b', b, 0, 0xFFFFFFFF);
        const v = x.eo_gridmask_test(l, a | 0, b | 0, this.hooks);
        return VERDICTS[v] ?? fail(`layout rejected by the core (verdict ${v})`);
      }),
      findCandidates: (layout, masks, out) => this.scoped(() => {
        const l = this.putLayout(layout);
        checkTyped('masks', masks, Uint32Array);
        const n = masks.length;
        if (n > MAX_COUNT) fail(`at most ${MAX_COUNT} masks, got ${n}`);
        if (out !== undefined) checkTyped('out', out, Uint16Array);
        const pm = this.alloc(n * 4);
        new Uint32Array(x.memory.buffer, pm, n).set(masks);
        const pc = this.alloc(4);
        // First pass counts, second fills a buffer of exactly the right size.
        let r = x.eo_gridmask_find_candidates(l, pm, n, 0, 0, pc, this.hooks);
        if (r !== 0 && r !== 4) this.check(r, 'gridmask.findCandidates');
        const count = this.dv.getUint32(pc, true);
        const pp = this.alloc(count * ABI.pair);
        if (count > 0) {
          // The counting pass already went through the hooks; don't record the pairs twice.
          r = x.eo_gridmask_find_candidates(l, pm, n, pp, count, pc, 0);
          this.check(r, 'gridmask.findCandidates');
        }
        const pairs = out !== undefined && out.length >= count * 2 ? out : new Uint16Array(count * 2);
        pairs.set(new Uint16Array(x.memory.buffer, pp, count * 2));
        return { count, pairs };
      }),
    };
  }


  // ---- shared helpers for the broadphase modules -----------------------------------------------
  private order(o: unknown): number {
    if (o === undefined || o === 'x-first') return 0;
    if (o === 'y-first') return 1;
    return fail(`order must be 'x-first' or 'y-first', got ${String(o)}`);
  }
  private putBox(name: string, box: unknown): number {
    const b = checkBox(name, box);
    const p = this.alloc(ABI.box);
    const dv = this.dv;
    dv.setInt16(p, b.x, true); dv.setInt16(p + 2, b.y, true); dv.setInt16(p + 4, b.w, true); dv.setInt16(p + 6, b.h, true);
    return p;
  }
  /** Copies x, y, w, h per box into wasm memory; returns [pointer, count]. */
  private putBoxes(boxes: Int16Array, max = MAX_COUNT): [number, number] {
    checkTyped('boxes', boxes, Int16Array);
    if (boxes.length % 4 !== 0) fail(`boxes must hold x, y, w, h per box: length ${boxes.length} is not a multiple of 4`);
    const n = boxes.length / 4;
    if (n > max) fail(`at most ${max} boxes, got ${n}`);
    const p = this.alloc(n * ABI.box);
    new Int16Array(this.x.memory.buffer, p, n * 4).set(boxes);
    return [p, n];
  }
  private putLayers(layers: Uint16Array | undefined, n: number): number {
    if (layers === undefined) return 0;
    checkTyped('layers', layers, Uint16Array);
    if (layers.length !== 2 * n) fail(`layers must hold category, collidesWith per box: ${2 * n} values, got ${layers.length}`);
    const p = this.alloc(n * 4);
    new Uint16Array(this.x.memory.buffer, p, 2 * n).set(layers);
    return p;
  }
  private newStats(): number {
    const p = this.alloc(ABI.stats);
    this.u8.fill(0, p, p + ABI.stats);
    return p;
  }
  private readStats(p: number): BroadphaseStats {
    const dv = this.dv;
    const s = {} as BroadphaseStats;
    STATS_KEYS.forEach((k, i) => { s[k] = dv.getUint32(p + 4 * i, true); });
    return s;
  }
  /** Runs a pair-finding call, and once more into a buffer of the right size if the first guess
      was too small. The guess is the caller's `out`, or a quarter more than what this call site
      found last time (frames are alike), so a busy game runs the core once per frame.
      `first` is false on the second run: stats and hooks must not count twice. */
  private pairs(call: (pairs: number, capacity: number, countOut: number, first: boolean) => number, what: string,
                out?: Uint16Array, site: object = call): PairList {
    const pc = this.alloc(4);
    const last = this.pairHints.get(site) ?? 0;
    let capacity = Math.max(256, out instanceof Uint16Array ? out.length >> 1 : 0, last + (last >> 2));
    let pp = this.alloc(capacity * ABI.pair);
    let r = call(pp, capacity, pc, true);
    let count = this.dv.getUint32(pc, true);
    if (r === 4 /* EO_ERR_BUFFER_TOO_SMALL */) {
      capacity = count;
      pp = this.alloc(capacity * ABI.pair);
      r = call(pp, capacity, pc, false);
      count = this.dv.getUint32(pc, true);
    }
    this.check(r, what);
    this.pairHints.set(site, count);
    if (out !== undefined) checkTyped('out', out, Uint16Array);
    const pairs = out !== undefined && out.length >= count * 2 ? out : new Uint16Array(count * 2);
    pairs.set(new Uint16Array(this.x.memory.buffer, pp, count * 2));
    return { count, pairs };
  }
  private putSectorsConfig(c: SectorsConfig | undefined): number {
    const cfg = c ?? {};
    if (cfg === null || typeof cfg !== 'object') fail('config must be an object');
    const p = this.alloc(ABI.sectorsConfig);
    const dv = this.dv;
    dv.setInt16(p, checkInt('config.worldX', cfg.worldX ?? 0, -32768, 32767), true);
    dv.setInt16(p + 2, checkInt('config.worldY', cfg.worldY ?? 0, -32768, 32767), true);
    dv.setInt16(p + 4, checkInt('config.worldW', cfg.worldW ?? 0, 0, 32767), true);
    dv.setInt16(p + 6, checkInt('config.worldH', cfg.worldH ?? 0, 0, 32767), true);
    dv.setUint8(p + ABI.configCols, checkInt('config.cols', cfg.cols ?? 0, 0, 255));
    dv.setUint8(p + ABI.configCols + 1, checkInt('config.rows', cfg.rows ?? 0, 0, 255));
    dv.setUint16(p + ABI.configMaxObjects, checkInt('config.maxObjects', cfg.maxObjects ?? 0, 0, 65535), true);
    dv.setUint16(p + ABI.configMaxObjects + 2, checkInt('config.maxEntries', cfg.maxEntries ?? 0, 0, 65535), true);
    return p;
  }

  private makeAabb(): AabbApi {
    const x = this.x;
    return {
      overlap: (a, b, order) => this.scoped(() => {
        const o = this.order(order);
        const pa = this.putBox('a', a), pb = this.putBox('b', b), pn = this.alloc(1);
        const hit = x.eo_aabb_overlap_ordered(pa, pb, o, pn, this.hooks);
        return { overlap: hit === 1, comparisons: this.u8[pn] };
      }),
      findPairs: (boxes, order, out) => this.scoped(() => {
        const o = this.order(order);
        const [pb, n] = this.putBoxes(boxes);
        const pcmp = this.alloc(4);
        const list = this.pairs((pp, cap, pc, first) => x.eo_aabb_find_pairs(pb, n, o, pp, cap, pc, pcmp, first ? this.hooks : 0),
                                'aabb.findPairs', out, this.aabb);
        return { ...list, comparisons: this.dv.getUint32(pcmp, true) };
      }),
      chooseOrder: (boxes, sampleLimit = 64) => this.scoped(() => {
        checkInt('sampleLimit', sampleLimit, 2, 255);
        const [pb, n] = this.putBoxes(boxes);
        const pr = this.alloc(ABI.orderReport);
        this.check(x.eo_aabb_choose_order(pb, n, sampleLimit, pr, this.hooks), 'aabb.chooseOrder');
        const dv = this.dv, u = (i: number) => dv.getUint32(pr + 4 + 4 * i, true);
        return { order: dv.getUint32(pr, true) === 1 ? 'y-first' : 'x-first', pairsSampled: u(0), comparisonsXFirst: u(1),
                 comparisonsYFirst: u(2), apartOnX: u(3), apartOnY: u(4) };
      }),
    };
  }

  private makeCircle(): CircleApi {
    const x = this.x;
    const put = (name: string, c: unknown): number => {
      if (c === null || typeof c !== 'object') fail(`${name} must be an object { x, y, r }`);
      const o = c as Record<string, unknown>;
      const p = this.alloc(ABI.circle);
      const dv = this.dv;
      dv.setInt16(p, checkInt(`${name}.x`, o.x, -32768, 32767), true);
      dv.setInt16(p + 2, checkInt(`${name}.y`, o.y, -32768, 32767), true);
      dv.setInt16(p + 4, checkInt(`${name}.r`, o.r, 0, 16383), true);
      return p;
    };
    return {
      overlap: (a, b) => this.scoped(() => {
        const pa = put('a', a), pb = put('b', b), po = this.alloc(1);
        this.check(x.eo_circle_overlap(pa, pb, po, this.hooks), 'circle.overlap');
        return this.u8[po] === 1;
      }),
    };
  }

  private makeSectors(): SectorsApi {
    const x = this.x;
    const core = this; // eslint-disable-line @typescript-eslint/no-this-alias
    return {
      create(config?: SectorsConfig): SectorGrid {
        const need = core.scoped(() => x.eo_sectors_storage_size(core.putSectorsConfig(config)));
        if (need === 0) throw new EarlyoutError('EO_ERR_BAD_ARGUMENT', 'sectors.create: invalid config');
        // one persistent block: the eo_sectors struct, its config, then its storage
        const mem = core.allocPersistent(ABI.sectors + ABI.sectorsConfig + 16 + need);
        const pg = mem.at, pcfg = mem.at + ABI.sectors, storage = (pcfg + ABI.sectorsConfig + 15) & ~15;
        core.scoped(() => {
          const tmp = core.putSectorsConfig(config);
          core.u8.copyWithin(pcfg, tmp, tmp + ABI.sectorsConfig);
        });
        const r = x.eo_sectors_init(pg, pcfg, storage, need);
        if (r !== 0) { core.release(mem); core.check(r, 'sectors.create'); }
        let disposed = false;
        let lastCount = -1;
        const live = () => { if (disposed) throw new EarlyoutError('EO_JS_BAD_ARGUMENT', 'this sector grid was disposed'); };
        const dv = () => core.dv;
        const maxObjects = dv().getUint16(pg + ABI.configMaxObjects, true);
        const fill = (fn: typeof x.eo_sectors_build, what: string) => (boxes: Int16Array) => core.scoped(() => {
          live();
          const [pb, n] = core.putBoxes(boxes, maxObjects);
          const ps = core.newStats();
          core.check(fn(pg, pb, n, ps, core.hooks), what);
          lastCount = n;
          return core.readStats(ps);
        });
        return {
          cols: dv().getUint8(pg + ABI.configCols), rows: dv().getUint8(pg + ABI.configCols + 1),
          cellW: dv().getUint16(pg + ABI.sectorsCellW, true), cellH: dv().getUint16(pg + ABI.sectorsCellW + 2, true),
          build: fill(x.eo_sectors_build.bind(x), 'sectors.build'),
          update: fill(x.eo_sectors_update.bind(x), 'sectors.update'),
          findPairs(boxes, layers, out) {
            return core.scoped(() => {
              live();
              const [pb, n] = core.putBoxes(boxes);
              if (n !== lastCount) fail(`findPairs needs the ${lastCount} boxes of the last build or update, got ${n}`);
              const pl = core.putLayers(layers, n);
              const ps = core.newStats();
              const list = core.pairs((pp, cap, pc, first) =>
                x.eo_sectors_find_pairs(pg, pb, pl, pp, cap, pc, first ? ps : 0, first ? core.hooks : 0), 'sectors.findPairs', out, mem);
              return { ...list, stats: core.readStats(ps) };
            });
          },
          ranges(out) {
            live();
            const n = dv().getUint16(pg + ABI.sectorsObjectCount, true);
            const result = out !== undefined && checkTyped('out', out, Uint8Array).length >= n * 4 ? out : new Uint8Array(n * 4);
            const rangesPtr = dv().getUint32(pg + ABI.sectorsRanges, true);
            result.set(new Uint8Array(x.memory.buffer, rangesPtr, n * 4));
            return result;
          },
          dispose() { if (!disposed) { disposed = true; core.release(mem); } },
        };
      },
      tune(boxes, configs, layers) {
        return core.scoped(() => {
          if (!Array.isArray(configs) || configs.length === 0 || configs.length > 255) fail('configs must be an array of 1..255 SectorsConfig');
          const [pb, n] = core.putBoxes(boxes);
          const pl = core.putLayers(layers, n);
          const pcs = core.alloc(configs.length * ABI.sectorsConfig);
          let need = 0;
          configs.forEach((c, i) => {
            const tmp = core.putSectorsConfig(c);
            core.u8.copyWithin(pcs + i * ABI.sectorsConfig, tmp, tmp + ABI.sectorsConfig);
            need = Math.max(need, x.eo_sectors_storage_size(tmp));
          });
          const storage = core.alloc(need + 2);
          const rows = core.alloc(configs.length * ABI.tuneRow);
          const best = core.alloc(1);
          core.check(x.eo_sectors_tune(pb, n, pl, pcs, configs.length, storage, need + 2, rows, best), 'sectors.tune');
          return {
            rows: configs.map((config, i) => {
              const p = rows + i * ABI.tuneRow;
              const r = core.dv.getUint32(p + ABI.tuneCost + 4, true);
              return { config, stats: core.readStats(p), cost: core.dv.getUint32(p + ABI.tuneCost, true),
                       ...(r !== 0 ? { error: core.cString(x.eo_result_name(r)) } : {}) };
            }),
            best: core.u8[best],
          };
        });
      },
    };
  }

  private makeSweep(): SweepApi {
    const x = this.x;
    const core = this; // eslint-disable-line @typescript-eslint/no-this-alias
    return {
      create(maxObjects: number): Sweeper {
        checkInt('maxObjects', maxObjects, 1, MAX_COUNT);
        // one persistent block: the eo_sweep, then its workspace (the packed intervals it keeps in
        // sweep order between frames: frame coherence)
        const need = x.eo_sweep_storage_size(maxObjects);
        const mem = core.allocPersistent(ABI.sweep + 16 + need);
        const psw = mem.at, storage = (mem.at + ABI.sweep + 15) & ~15;
        let sweepAxis = -1, disposed = false;
        return {
          findPairs(boxes, axis = 'x', layers, out) {
            return core.scoped(() => {
              if (disposed) throw new EarlyoutError('EO_JS_BAD_ARGUMENT', 'this sweeper was disposed');
              const a = axis === 'x' ? 0 : axis === 'y' ? 1 : fail(`axis must be 'x' or 'y', got ${String(axis)}`);
              const [pb, n] = core.putBoxes(boxes, maxObjects);
              const pl = core.putLayers(layers, n);
              if (a !== sweepAxis) { // a new axis starts from index order
                core.check(x.eo_sweep_init(psw, maxObjects, a, storage, need), 'sweep.findPairs');
                sweepAxis = a;
              }
              const ps = core.newStats();
              // a second run (a bigger pair buffer) finds the workspace already sorted: same pairs, same order
              const list = core.pairs((pp, cap, pc, first) =>
                x.eo_sweep_pairs(psw, pb, n, pl, pp, cap, pc, first ? ps : 0, first ? core.hooks : 0),
                'sweep.findPairs', out, mem);
              return { ...list, stats: core.readStats(ps) };
            });
          },
          dispose() { if (!disposed) { disposed = true; core.release(mem); } },
        };
      },
    };
  }

  private makePixelmask(): PixelMaskApi {
    const x = this.x;
    const core = this; // eslint-disable-line @typescript-eslint/no-this-alias
    const live = new WeakMap<PixelMask, { ptr: number; disposed: boolean }>();
    const ptrOf = (name: string, m: unknown): number => {
      const rec = live.get(m as PixelMask);
      if (rec === undefined) fail(`${name} must be a PixelMask made by this module`);
      if (rec.disposed) fail(`${name} was disposed`);
      return rec.ptr;
    };
    const make = (width: number, height: number): [PixelMask, number] => {
      checkInt('width', width, 1, 4095);
      checkInt('height', height, 1, 4095);
      const need = x.eo_pixelmask_storage_size(width, height);
      const mem = core.allocPersistent(ABI.pixelmask + 16 + need);
      const ptr = mem.at, storage = (mem.at + ABI.pixelmask + 15) & ~15;
      const r = x.eo_pixelmask_init(ptr, width, height, storage, need);
      if (r !== 0) { core.release(mem); core.check(r, 'pixelmask.create'); }
      const rec = { ptr, disposed: false };
      const mask: PixelMask = {
        width, height,
        set(px, py, solid) {
          ptrOf('mask', mask);
          checkInt('x', px, 0, width - 1); checkInt('y', py, 0, height - 1);
          core.check(x.eo_pixelmask_set(ptr, px, py, solid ? 1 : 0), 'pixelmask.set');
        },
        get(px, py) {
          ptrOf('mask', mask);
          checkInt('x', px, 0, width - 1); checkInt('y', py, 0, height - 1);
          return x.eo_pixelmask_get(ptr, px, py) === 1;
        },
        dispose() { if (!rec.disposed) { rec.disposed = true; core.release(mem); } },
      };
      live.set(mask, rec);
      return [mask, ptr];
    };
    const pos = (ax: unknown, ay: unknown, bx: unknown, by: unknown) => {
      checkInt('ax', ax, -32768, 32767); checkInt('ay', ay, -32768, 32767);
      checkInt('bx', bx, -32768, 32767); checkInt('by', by, -32768, 32767);
    };
    return {
      create: (width, height) => make(width, height)[0],
      fromImageData(image, alphaThreshold = 128) {
        if (image === null || typeof image !== 'object') fail('image must be an ImageData (width, height, data)');
        checkInt('alphaThreshold', alphaThreshold, 1, 255);
        const { width, height, data } = image;
        checkInt('image.width', width, 1, 4095); checkInt('image.height', height, 1, 4095);
        if (!(data instanceof Uint8ClampedArray || data instanceof Uint8Array)) fail('image.data must be a Uint8ClampedArray');
        if (isDetached(data.buffer)) fail('image.data is backed by a detached ArrayBuffer');
        if (data.length !== width * height * 4) fail(`image.data must hold width * height * 4 = ${width * height * 4} bytes, got ${data.length}`);
        const [mask, ptr] = make(width, height);
        core.scoped(() => {
          const p = core.alloc(data.length);
          core.u8.set(data, p);
          core.check(x.eo_pixelmask_from_rgba(ptr, p, width * 4, alphaThreshold), 'pixelmask.fromImageData');
        });
        return mask;
      },
      fromIndices(indices, width, height) {
        checkTyped('indices', indices, Uint8Array);
        checkInt('width', width, 1, 4095); checkInt('height', height, 1, 4095);
        if (indices.length !== width * height) fail(`indices must hold width * height = ${width * height} bytes, got ${indices.length}`);
        const [mask, ptr] = make(width, height);
        core.scoped(() => {
          const p = core.alloc(indices.length);
          core.u8.set(indices, p);
          core.check(x.eo_pixelmask_from_indexed(ptr, p, width), 'pixelmask.fromIndices');
        });
        return mask;
      },
      overlapRect: (a, b) => core.scoped(() => {
        const pa = core.putBox('a', a), pb = core.putBox('b', b), po = core.alloc(ABI.box);
        if (x.eo_overlap_rect(pa, pb, po) !== 1) return null;
        const dv = core.dv;
        return { x: dv.getInt16(po, true), y: dv.getInt16(po + 2, true), w: dv.getInt16(po + 4, true), h: dv.getInt16(po + 6, true) };
      }),
      overlap: (a, ax, ay, b, bx, by) => core.scoped(() => {
        const pa = ptrOf('a', a), pb = ptrOf('b', b); pos(ax, ay, bx, by);
        const out = core.alloc(1);
        core.check(x.eo_pixelmask_overlap(pa, ax, ay, pb, bx, by, out, core.hooks), 'pixelmask.overlap');
        return core.u8[out] === 1;
      }),
      firstContact: (a, ax, ay, b, bx, by) => core.scoped(() => {
        const pa = ptrOf('a', a), pb = ptrOf('b', b); pos(ax, ay, bx, by);
        const out = core.alloc(12);
        core.check(x.eo_pixelmask_first_contact(pa, ax, ay, pb, bx, by, out, out + 4, out + 8, core.hooks), 'pixelmask.firstContact');
        return core.u8[out] === 1 ? { x: core.dv.getInt32(out + 4, true), y: core.dv.getInt32(out + 8, true) } : null;
      }),
      area: (a, ax, ay, b, bx, by) => core.scoped(() => {
        const pa = ptrOf('a', a), pb = ptrOf('b', b); pos(ax, ay, bx, by);
        const out = core.alloc(4);
        core.check(x.eo_pixelmask_overlap_area(pa, ax, ay, pb, bx, by, out, core.hooks), 'pixelmask.area');
        return core.dv.getUint32(out, true);
      }),
      overlapReference: (a, ax, ay, b, bx, by) => core.scoped(() => {
        const pa = ptrOf('a', a), pb = ptrOf('b', b); pos(ax, ay, bx, by);
        const out = core.alloc(1);
        core.check(x.eo_pixelmask_overlap_reference(pa, ax, ay, pb, bx, by, out, core.hooks), 'pixelmask.overlapReference');
        return core.u8[out] === 1;
      }),
    };
  }

  // ---- tiles and slopes -------------------------------------------------------------------------
  private makeTiles(): TilesApi {
    const x = this.x;
    const core = this; // eslint-disable-line @typescript-eslint/no-this-alias
    const OUTSIDE: Record<TileOutside, number> = { solid: 0, empty: 1, 'open-top': 2 };
    const flagsOf = (o: MoveOptions | { drop?: boolean; corners?: boolean; positionOnly?: boolean } | undefined, allowed: string[]): number => {
      if (o === undefined) return 0;
      if (o === null || typeof o !== 'object') fail('options must be an object');
      for (const k of Object.keys(o)) if (!allowed.includes(k)) fail(`unknown option '${k}' (expected ${allowed.join(', ')})`);
      const b = o as Record<string, unknown>;
      return (b.drop ? 1 : 0) | (b.positionOnly ? 2 : 0) | (b.corners ? 4 : 0);
    };
    return {
      createMap(config: TileMapConfig): TileMap {
        if (config === null || typeof config !== 'object') fail('config must be an object { width, height, ... }');
        const tileSize = config.tileSize ?? 8;
        const shift = [8, 16, 32, 64, 128].indexOf(tileSize) + 3;
        if (shift < 3) fail(`tileSize must be 8, 16, 32, 64 or 128, got ${String(tileSize)}`);
        const most = 32768 >> shift;
        const width = checkInt('width', config.width, 1, most), height = checkInt('height', config.height, 1, most);
        const outsideName = config.outside ?? 'solid';
        if (!(outsideName in OUTSIDE)) fail(`outside must be 'solid', 'empty' or 'open-top', got ${String(outsideName)}`);
        const n = width * height;
        if (config.cells !== undefined && checkTyped('cells', config.cells, Uint8Array).length !== n)
          fail(`cells must hold width * height = ${n} tile ids, got ${config.cells.length}`);
        if (config.attrs !== undefined && checkTyped('attrs', config.attrs, Uint8Array).length !== 256)
          fail(`attrs must hold 256 entries (one per tile id), got ${config.attrs.length}`);
        const rowTable = config.rowTable === true;
        const userShapes = config.slopes instanceof Uint8Array ? Math.floor(config.slopes.length / tileSize) : 0;
        if (rowTable && n > 65536) fail(`rowTable needs a map of at most 65536 cells, this one has ${n}`);
        // one persistent block: the eo_tile_map, then cells, attrs and the row table
        const cellsAt = (ABI.tileMap + 15) & ~15, attrsAt = (cellsAt + n + 15) & ~15, rowsAt = attrsAt + 256;
        const mem = core.allocPersistent(rowsAt + (rowTable ? 2 * height : 0));
        const pm = mem.at;
        let slopesMem: { at: number; size: number } | null = null;
        let disposed = false;
        const caches = new Set<{ ptr: number; mem: { at: number; size: number }; disposed: boolean }>();
        {
          const u8 = core.u8, dv = core.dv;
          u8.fill(0, pm, pm + mem.size);
          if (config.cells !== undefined) u8.set(config.cells, pm + cellsAt);
          if (config.attrs !== undefined) u8.set(config.attrs, pm + attrsAt);
          else for (let i = 0; i < TILE.SLOPE + SLOPE.USER + userShapes; i++) u8[pm + attrsAt + i] = i;
          if (rowTable) for (let r = 0; r < height; r++) dv.setUint16(pm + rowsAt + 2 * r, r * width, true);
          dv.setUint32(pm, pm + cellsAt, true);
          dv.setUint32(pm + 4, pm + attrsAt, true);
          dv.setUint32(pm + 8, rowTable ? pm + rowsAt : 0, true);
          dv.setUint32(pm + 12, 0, true);
          dv.setUint16(pm + ABI.tileMapWidth, width, true);
          dv.setUint16(pm + ABI.tileMapWidth + 2, height, true);
          dv.setUint8(pm + ABI.tileMapWidth + 4, shift);
          dv.setUint8(pm + ABI.tileMapWidth + 5, OUTSIDE[outsideName]);
          dv.setUint8(pm + ABI.tileMapWidth + 6, 0);
        }
        const live = () => { if (disposed) throw new EarlyoutError('EO_JS_BAD_ARGUMENT', 'this tile map was disposed'); };
        const resetCaches = () => { for (const c of caches) x.eo_tiles_cache_reset(c.ptr); };
        /** Puts new user slope heights in place; returns the old block (or null) for the caller to release. */
        const putSlopes = (heights: Uint8Array): { at: number; size: number } | null => {
          checkTyped('slopes', heights, Uint8Array);
          if (heights.length % tileSize !== 0) fail(`slopes must hold tileSize (${tileSize}) heights per shape, got ${heights.length}`);
          const count = heights.length / tileSize;
          if (count > 234) fail(`at most 234 user slope shapes, got ${count}`);
          const old = slopesMem;
          slopesMem = count > 0 ? core.allocPersistent(heights.length) : null;
          if (slopesMem !== null) core.u8.set(heights, slopesMem.at);
          core.dv.setUint32(pm + 12, slopesMem !== null ? slopesMem.at : 0, true);
          core.dv.setUint8(pm + ABI.tileMapWidth + 6, count);
          return old;
        };
        if (config.slopes !== undefined) putSlopes(config.slopes);
        const r = x.eo_tiles_check(pm);
        if (r !== 0) {
          if (slopesMem !== null) core.release(slopesMem);
          core.release(mem);
          core.check(r, 'tiles.createMap (a slope height above the tile size, or an attr naming a slope shape that does not exist)');
        }
        const col = (c: unknown) => checkInt('col', c, 0, width - 1);
        const row = (r2: unknown) => checkInt('row', r2, 0, height - 1);
        const i16 = (name: string, v: unknown) => checkInt(name, v, -32768, 32767);
        const moveBox = (box: Box): number => {
          const b = checkBox('box', box);
          if (b.w < 1 || b.h < 1) fail(`box must be at least 1 x 1 px, got ${b.w} x ${b.h}`);
          if (b.x + b.w - 1 > 32767 || b.y + b.h - 1 > 32767) fail('box must end inside the int16 world (x + w - 1 and y + h - 1 <= 32767)');
          return core.putBox('box', b);
        };
        const readBox = (p: number): Box => {
          const dv = core.dv;
          return { x: dv.getInt16(p, true), y: dv.getInt16(p + 2, true), w: dv.getInt16(p + 4, true), h: dv.getInt16(p + 6, true) };
        };
        const readResult = (pr: number, pb: number): MoveResult => {
          const u8 = core.u8, dv = core.dv;
          return { box: readBox(pb), hit: u8[pr], touching: u8[pr + 1], below: u8[pr + 2], onGround: u8[pr + 3] === 1,
                   movedX: dv.getInt32(pr + ABI.moveResultMovedX, true), movedY: dv.getInt32(pr + ABI.moveResultMovedX + 4, true) };
        };
        const readGround = (p: number): Ground | null => {
          const u8 = core.u8, dv = core.dv;
          if (u8[p] === 0) return null;
          return { sensor: u8[p + 1], height: u8[p + 2], attr: u8[p + 3], col: dv.getInt16(p + 4, true), row: dv.getInt16(p + 6, true),
                   groundY: dv.getInt16(p + ABI.groundY, true), distance: dv.getInt16(p + ABI.groundY + 2, true) };
        };
        const cacheRecs = new WeakMap<TilesCache, { ptr: number; mem: { at: number; size: number }; disposed: boolean }>();
        const cacheOf = (c: unknown): number => {
          const rec = cacheRecs.get(c as TilesCache);
          if (rec === undefined || !caches.has(rec) && !rec.disposed) fail('cache must be made by this map\'s createCache()');
          if (rec.disposed) fail('cache was disposed');
          return rec.ptr;
        };
        const batch = (boxes: Int16Array, perMover: Int16Array, per: number, out: Uint8Array | undefined,
                       call: (pb: number, count: number, pd: number, po: number, pf: number) => number, what: string): Uint8Array => core.scoped(() => {
          live();
          const [pb, count] = core.putBoxes(boxes, 0x7fffffff);
          checkTyped(per === 2 ? 'deltas' : 'dx', perMover, Int16Array);
          if (perMover.length !== per * count) fail(`${per === 2 ? 'deltas must hold dx, dy' : 'dx must hold one value'} per mover: ${per * count} values, got ${perMover.length}`);
          if (out !== undefined && checkTyped('out', out, Uint8Array).length < 4 * count) fail(`out has room for ${out.length >> 2} movers, ${count} needed`);
          const pd = core.alloc(2 * per * count), po = core.alloc(4 * count), pf = core.alloc(4);
          new Int16Array(x.memory.buffer, pd, per * count).set(perMover);
          const e = call(pb, count, pd, po, pf);
          if (e !== 0) {
            const i = core.dv.getUint32(pf, true), name = core.cString(x.eo_result_name(e));
            throw new EarlyoutError(name, `${what}: mover ${i} (box ${Array.from(boxes.subarray(4 * i, 4 * i + 4)).join(', ')}): ${name}; no mover was changed`);
          }
          boxes.set(new Int16Array(x.memory.buffer, pb, 4 * count));
          const result = out ?? new Uint8Array(4 * count);
          result.set(new Uint8Array(x.memory.buffer, po, 4 * count));
          return result;
        });
        const map: TileMap = {
          width, height, tileSize, outside: outsideName,
          getCell(c, r2) { live(); return core.u8[pm + cellsAt + row(r2) * width + col(c)]; },
          setCell(c, r2, id) {
            live();
            const i = row(r2) * width + col(c);
            core.u8[pm + cellsAt + i] = checkInt('id', id, 0, 255);
            resetCaches();
          },
          setCells(cells) {
            live();
            if (checkTyped('cells', cells, Uint8Array).length !== n) fail(`cells must hold width * height = ${n} tile ids, got ${cells.length}`);
            core.u8.set(cells, pm + cellsAt);
            resetCaches();
          },
          cells() { live(); return core.u8.slice(pm + cellsAt, pm + cellsAt + n); },
          setAttr(id, attr) {
            live();
            checkInt('id', id, 0, 255);
            const p = pm + attrsAt + id, before = core.u8[p];
            core.u8[p] = checkInt('attr', attr, 0, 255);
            const e = x.eo_tiles_check(pm);
            if (e !== 0) { core.u8[p] = before; core.check(e, `setAttr: attr ${attr} names a slope shape this map does not have`); }
            resetCaches();
          },
          attrAt(c, r2) { live(); return x.eo_tiles_attr_at(pm, i16('col', c), i16('row', r2), core.hooks); },
          attrAtPixel(px, py) { live(); return x.eo_tiles_attr_at_pixel(pm, i16('x', px), i16('y', py), core.hooks); },
          tileOf(p) { return x.eo_tiles_tile_of(i16('p', p), shift); },
          index: (c, r2) => core.scoped(() => {
            live();
            const p = core.alloc(4);
            return x.eo_tiles_index(pm, i16('col', c), i16('row', r2), p) === 1 ? core.dv.getUint32(p, true) : null;
          }),
          pixelSolid(px, py) { live(); return x.eo_tiles_pixel_solid(pm, i16('x', px), i16('y', py)) === 1; },
          probe: (box, mode = 'edges') => core.scoped(() => {
            live();
            const m = mode === 'edges' ? 0 : mode === 'corners' ? 1 : fail(`mode must be 'edges' or 'corners', got ${String(mode)}`);
            const pb = moveBox(box), pc = core.alloc(4);
            // room for the corners and a point per tile along each edge; asked again if the core needs more
            const b = readBox(pb);
            let cap = 4 + 2 * ((b.w >> shift) + 2) + 2 * ((b.h >> shift) + 2);
            let pp = core.alloc(cap * ABI.tileProbe);
            let e = x.eo_tiles_probe(pm, pb, m, pp, cap, pc, pc + 2, core.hooks);
            if (e === 4 /* EO_ERR_BUFFER_TOO_SMALL */) {
              cap = core.dv.getUint16(pc, true);
              pp = core.alloc(cap * ABI.tileProbe);
              e = x.eo_tiles_probe(pm, pb, m, pp, cap, pc, pc + 2, 0);
            }
            core.check(e, 'probe');
            const count = core.dv.getUint16(pc, true), dv = core.dv, points: TileProbe[] = [];
            for (let i = 0; i < count; i++) {
              const p = pp + i * ABI.tileProbe;
              points.push({ x: dv.getInt16(p, true), y: dv.getInt16(p + 2, true), col: dv.getInt16(p + 4, true), row: dv.getInt16(p + 6, true),
                            attr: dv.getUint8(p + 8), outside: dv.getUint8(p + 9) === 1 });
            }
            return { points, kinds: core.u8[pc + 2] };
          }),
          touching: (box, cache) => core.scoped(() => {
            live();
            const pc = cache === undefined ? 0 : cacheOf(cache);
            const pb = moveBox(box), po = core.alloc(2);
            core.check(x.eo_tiles_touching(pm, pb, pc, po, po + 1, core.hooks), 'touching');
            return { touching: core.u8[po], below: core.u8[po + 1] };
          }),
          move: (box, dx, dy, options) => core.scoped(() => {
            live();
            const flags = flagsOf(options, ['drop', 'positionOnly', 'corners', 'cache']);
            const pc = options?.cache === undefined ? 0 : cacheOf(options.cache);
            const pb = moveBox(box), pr = core.alloc(ABI.moveResult);
            core.check(x.eo_tiles_move(pm, pb, i16('dx', dx), i16('dy', dy), flags, pc, pr, core.hooks), 'move');
            return readResult(pr, pb);
          }),
          walk: (box, dx, maxStep, options) => core.scoped(() => {
            live();
            const flags = flagsOf(options, ['drop', 'positionOnly', 'corners']);
            const pb = moveBox(box), pr = core.alloc(ABI.moveResult);
            core.check(x.eo_slopes_walk(pm, pb, i16('dx', dx), checkInt('maxStep', maxStep, 0, 255), flags, pr, core.hooks), 'walk');
            return readResult(pr, pb);
          }),
          moveMany(boxes, deltas, options, out) {
            const flags = flagsOf(options, ['drop', 'positionOnly']);
            return batch(boxes, deltas, 2, out, (pb, count, pd, po, pf) =>
              x.eo_wasm_tiles_move_many(pm, pb, count, pd, flags, po, pf, core.hooks), 'moveMany');
          },
          walkMany(boxes, dx, maxStep, options, out) {
            const flags = flagsOf(options, ['drop', 'positionOnly']);
            checkInt('maxStep', maxStep, 0, 255);
            return batch(boxes, dx, 1, out, (pb, count, pd, po, pf) =>
              x.eo_wasm_slopes_walk_many(pm, pb, count, pd, maxStep, flags, po, pf, core.hooks), 'walkMany');
          },
          columnHeight(shape, column) {
            live();
            return x.eo_slopes_column_height(pm, checkInt('shape', shape, 0, 239), checkInt('column', column, 0, tileSize - 1));
          },
          heights: (shape) => core.scoped(() => {
            live();
            const p = core.alloc(tileSize);
            core.check(x.eo_slopes_heights(pm, checkInt('shape', shape, 0, 239), p, tileSize), 'heights');
            return core.u8.slice(p, p + tileSize);
          }),
          setSlopes(heights) {
            live();
            const before = core.dv.getUint8(pm + ABI.tileMapWidth + 6);
            if (checkTyped('slopes', heights, Uint8Array).length / tileSize < before)
              fail(`setSlopes needs at least the ${before} shapes the map already has (attrs may name them)`);
            const old = putSlopes(heights);
            const e = x.eo_tiles_check(pm);
            if (e !== 0) {
              const bad = slopesMem;
              slopesMem = old;
              core.dv.setUint32(pm + 12, old !== null ? old.at : 0, true);
              core.dv.setUint8(pm + ABI.tileMapWidth + 6, before);
              if (bad !== null) core.release(bad);
              core.check(e, `setSlopes: every height must be 0 .. ${tileSize}`);
            }
            if (old !== null) core.release(old);
            resetCaches();
          },
          groundAt: (px, py) => core.scoped(() => {
            live();
            const p = core.alloc(ABI.ground);
            core.check(x.eo_slopes_ground_at(pm, i16('x', px), i16('y', py), p, core.hooks), 'groundAt');
            return readGround(p);
          }),
          boxGround: (box, sensors = 2) => core.scoped(() => {
            live();
            if (sensors !== 2 && sensors !== 3) fail(`sensors must be 2 or 3, got ${String(sensors)}`);
            const pb = moveBox(box), p = core.alloc(ABI.ground);
            core.check(x.eo_slopes_box_ground(pm, pb, sensors, p, core.hooks), 'boxGround');
            return readGround(p);
          }),
          createCache() {
            live();
            const cmem = core.allocPersistent(ABI.tilesCache);
            core.u8.fill(0, cmem.at, cmem.at + cmem.size);
            const rec = { ptr: cmem.at, mem: cmem, disposed: false };
            caches.add(rec);
            const cache: TilesCache = {
              reset() { if (rec.disposed) fail('cache was disposed'); x.eo_tiles_cache_reset(rec.ptr); },
              dispose() { if (!rec.disposed) { rec.disposed = true; caches.delete(rec); core.release(cmem); } },
            };
            cacheRecs.set(cache, rec);
            return cache;
          },
          dispose() {
            if (disposed) return;
            disposed = true;
            for (const c of caches) { c.disposed = true; core.release(c.mem); }
            caches.clear();
            if (slopesMem !== null) core.release(slopesMem);
            core.release(mem);
          },
        };
        return map;
      },
    };
  }

  heapUsed(): number {
    return this.top - this.heapBase - this.free.reduce((sum, b) => sum + b.size, 0);
  }

  trace<T>(fn: () => T, maxSteps = 4096): Traced<T> {
    if (!this.traced) throw new EarlyoutError('EO_JS_NOT_TRACED', 'trace() needs the traced module: loadEarlyout({ traced: true })');
    if (this.hooks !== 0) throw new EarlyoutError('EO_JS_BAD_ARGUMENT', 'trace() calls cannot be nested');
    checkInt('maxSteps', maxSteps, 1, 65535);
    const mark = this.top;
    const hooks = this.alloc(ABI.hooksCounters + 4 * this.x.eo_wasm_abi(10));
    const steps = this.alloc(maxSteps * ABI.step);
    this.x.eo_hooks_init(hooks, steps, maxSteps);
    this.hooks = hooks;
    try {
      // Calls made inside fn allocate above our buffers and release back to this point.
      const result = fn();
      const dv = this.dv;
      const count = dv.getUint16(hooks + ABI.hooksStepCount, true);
      const out: TraceStep[] = [];
      for (let i = 0; i < count; i++) {
        const s = steps + i * ABI.step;
        out.push({
          event: this.cString(this.x.eo_event_name(dv.getUint8(s))),
          module: MODULE_NAMES[dv.getUint8(s + 1)] ?? `module-${dv.getUint8(s + 1)}`,
          line: dv.getUint16(s + 2, true),
          a: dv.getInt32(s + ABI.stepA, true),
          b: dv.getInt32(s + ABI.stepA + 4, true),
        });
      }
      const counters: Record<string, number> = {};
      for (let c = 0; c < this.x.eo_wasm_abi(10); c++) {
        const name = this.cString(this.x.eo_counter_name(c));
        counters[counterKey(name)] = dv.getUint32(hooks + ABI.hooksCounters + 4 * c, true);
      }
      return { result, steps: out, stepsLost: dv.getUint16(hooks + ABI.hooksStepsLost, true), counters };
    } finally {
      this.hooks = 0;
      this.top = mark;
    }
  }
}
