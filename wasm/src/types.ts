// The public types of the JS API: what a game or a lesson sees. No code here.
//
// Coordinates: every position and size a call takes is a finite JavaScript number (float64); the
// core works on integer pixels of a 32-bit world (eo.limits: coordMin .. coordMax, -2147483648 ..
// 2147483647, from the C headers). How a float becomes pixels is said per call:
//   broadphase boxes (aabb, sectors, sweep, gridmask, overlapRect): the conservative integer
//     bounds, floor of the minimum edge and ceiling of the maximum edge, so no pair of boxes that
//     overlap as JavaScript computes it (a.x < b.x + b.w, ...) is ever missed;
//   tile maps: the pixel box floor(x), floor(y), ceil(w) x ceil(h); move and walk carry the
//     fraction of a position (the sub-pixel remainder) for the caller;
//   points and placements (pixel masks, tile pixels): floor.
// A value that is not a finite number, or whose pixels fall outside the world, throws an
// EarlyoutError (EO_JS_BAD_ARGUMENT) naming it. Int32Array inputs are copied as they are (the core's
// own layout); an integer a game wrote into an Int16Array or Int32Array that did not fit has
// already wrapped, and the core cannot know.
//
// No garbage a frame: every call that answers with an array or an object takes, as its last
// argument, `into` (an object it fills and returns: an earlier answer, or one the game made) or
// `out` (a typed array it fills). An array in it that is too short is replaced by a longer one,
// kept for the next call. Given typed arrays and these, a frame's calls allocate nothing.

/** A box: pixels x .. x + w - 1 and y .. y + h - 1 (half-open). Empty when w <= 0 or h <= 0. */
export interface Box { x: number; y: number; w: number; h: number }

/** Many boxes as x, y, w, h per box: an Int32Array (copied as is, the fastest), or an Int16Array,
    Float32Array, Float64Array (any non-BigInt typed array) or plain array of numbers (converted,
    checked, each value read once). */
export type BoxArray = Int16Array | Int32Array | Float32Array | Float64Array | readonly number[];

export interface GridmaskLayout {
  bits: 8 | 16 | 32;
  cellShiftX: number;
  cellShiftY: number;
  screenW: number;
  screenH: number;
}
export type GridmaskMethod = 'span' | 'endpoints';
export type GridmaskVerdict = 'maybe' | 'apart-x' | 'apart-y';
/** One step of the traced core: its event, the core file and line of the hook that took it
    (`file` from core/src/, e.g. 'core/src/gridmask.c'; `module` the technique it belongs to, the
    file's name up to its first '_' or '.'), and the event's two values. */
export interface TraceStep { event: string; file: string; module: string; line: number; a: number; b: number }
export interface Traced<T> { result: T; steps: TraceStep[]; stepsLost: number; counters: Record<string, number> }

export type AxisOrder = 'x-first' | 'y-first';
export interface Circle { x: number; y: number; r: number }
export interface OrderReport {
  order: AxisOrder; pairsSampled: number; comparisonsXFirst: number; comparisonsYFirst: number;
  apartOnX: number; apartOnY: number;
}
/** A uniform grid over the world. Zero (or missing) fields take the C defaults. Only the object's
    own properties are read; an unknown name is an error that lists the valid ones. */
export interface SectorsConfig {
  worldX?: number; worldY?: number; worldW?: number; worldH?: number; // default 0, 0, 256, 192
  cols?: number; rows?: number;            // default 2 x 2 (quadrants); at most 65,535 each
  maxObjects?: number;                     // default 64; past 65,535 is fine (the wasm heap is the limit)
  maxEntries?: number;                     // (object, sector) memberships; default 4 * maxObjects
}
/** Work counted by the broadphase calls (see eo_broadphase_stats in sectors.h). */
export interface BroadphaseStats {
  insertions: number; removals: number; objectsMoved: number; rebuilds: number; candidatePairs: number;
  duplicatesSkipped: number; layerFiltered: number; boxTests: number; pairsFound: number;
}
/** Pairs as a, b per pair (a < b). Uint32Array: a sector grid holds more than 65,535 objects.
    pairs holds at least 2 * count values (more when it was reused as an `out` or `into`): read
    count pairs. */
export interface PairList { count: number; pairs: Uint32Array /* a, b per pair */ }
/** A broadphase's pairs with the work it counted (sectors and sweep findPairs, updateAndFindPairs). */
export interface FoundPairs extends PairList { stats: BroadphaseStats }
/** The all-pairs test's pairs with its interval comparisons (aabb.findPairs). */
export interface AllPairs extends PairList { comparisons: number }
/** Query answers: count box indices, ascending, in indices (which holds at least count). */
export interface QueryHits { count: number; indices: Uint32Array }

/** A 1-bit-per-pixel sprite mask held in wasm memory. Call dispose() when done (a mask the game
    forgets is freed when it is garbage-collected); after it, every property and method but
    dispose() throws EO_JS_DISPOSED. */
export interface PixelMask {
  readonly width: number;
  readonly height: number;
  /** solid: true or false (anything else is an error). */
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
  /** The overlap rectangle of two boxes (conservative integer bounds of floats), or null when they
      do not overlap (touching included). into: filled and returned instead of a new box. */
  overlapRect(a: Box, b: Box, into?: Box): Box | null;
  /** Do the masks, drawn with their top-left pixels at (ax, ay) and (bx, by) (floored), share a solid pixel? */
  overlap(a: PixelMask, ax: number, ay: number, b: PixelMask, bx: number, by: number): boolean;
  /** The first shared solid pixel, top row first then left to right, in world coordinates; null if none. */
  firstContact(a: PixelMask, ax: number, ay: number, b: PixelMask, bx: number, by: number, into?: { x: number; y: number }): { x: number; y: number } | null;
  /** How many pixels are solid in both. */
  area(a: PixelMask, ax: number, ay: number, b: PixelMask, bx: number, by: number): number;
  /** Overlap for many pairs in one call: pairs holds a, b (indices into masks) per pair, a
      broadphase's answer as it is (its PairList: count pairs of its pairs), a Uint32Array or a
      Uint16Array; positions place each mask's top-left pixel (floored): x, y per mask, or the
      x, y, w, h per mask the broadphase got (w and h are not read). Returns a byte per pair (1:
      they share a solid pixel) in `out` (the fourth argument, or options.out) when it holds count,
      else in a new array a quarter longer: keep the returned array and pass it next time.
      options.count limits the pairs read (default: the PairList's count, or every pair);
      options.contacts (Int32Array, x, y per pair, at least 2 * count) gets each hit's first contact
      (0, 0 for a miss). */
  overlapMany(masks: readonly PixelMask[], positions: Int16Array | Int32Array | Float32Array | Float64Array | readonly number[],
              pairs: Uint16Array | Uint32Array | PairList, options?: Uint8Array | { count?: number; out?: Uint8Array; contacts?: Int32Array }): Uint8Array;
  /** The per-pixel reference loop: same answer as overlap(), slower; for comparisons. */
  overlapReference(a: PixelMask, ax: number, ay: number, b: PixelMask, bx: number, by: number): boolean;
}

// ---- tiles and slopes (core/include/earlyout/tiles.h, slopes.h) ----------------------------
export type TileOutside = 'solid' | 'empty' | 'open-top';
export interface TileMapConfig {
  /** Map size in tiles (1 .. 65535 each: the map fits the 32-bit world). */
  width: number; height: number;
  /** Tile size in px: 8 (default), 16, 32, 64 or 128. */
  tileSize?: number;
  /** How positions outside the map read. Default 'solid' (walls all round). */
  outside?: TileOutside;
  /** width * height tile ids, row by row (copied). Default all 0. */
  cells?: Uint8Array;
  /** 256 entries: tile id -> collision attr (copied). Default: ids 0 .. 21 are their own attr (TILE.* kinds 0 .. 10,
      the game's own 11 .. 15, TILE.SLOPE + built-in shape), the next ids name the user shapes in `slopes` (id TILE.SLOPE +
      SLOPE.USER + k); ids TILE.ONE_WAY_SLOPE + shape likewise for the one-way slopes; the rest are empty. */
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
export interface SweepOptions {
  /** Fall through one-way platforms and ladder tops. */
  drop?: boolean;
  /** Skip touching, below and onGround (left 0 / false): a little faster. */
  positionOnly?: boolean;
  /** After a stop, move the rest of the other axis' motion along that axis alone (slide along a
      floor or down a wall); hit may then name two sides. */
  slide?: boolean;
  /** Coarse-fine skip: re-read the tiles under the box only when its tile range changed. */
  cache?: TilesCache;
}
export interface WalkOptions { drop?: boolean; positionOnly?: boolean; corners?: boolean }
export interface CharacterOptions {
  /** Fall through one-way platforms and ladder tops. */
  drop?: boolean;
  /** Skip touching, below, onGround and the ground's slope (left 0 / false): a little faster. */
  positionOnly?: boolean;
  /** How far (px) the ground may fall below the line of motion during one call before the box
      leaves it (launched); 'always' (the default) follows the ground at any speed. The Sonic
      Physics Guide's sensors reach min(|speed| + 4, 14) px on 16 px tiles. */
  reach?: number | 'always';
}
/** moveCharacter's result: a MoveResult, and what happened to the ground. */
export interface CharacterResult extends MoveResult {
  /** The box was in the air when the call began (not on the ground, with its drop) and met the
      ground during it: stopped by a floor or slope (hit has HIT.BOTTOM), or simply ending the call
      on it (a fall that ends exactly on the floor: hit 0). Never for a box that started on the
      ground. */
  landed: boolean;
  /** The ground fell away more than reach below the line of motion: the box left it along that line. */
  launched: boolean;
  /** On the ground: its slope; launched: the slope of the line it left along; else 0. Rise per px
      to the right in 1/256 px (256: 45 degrees up to the right; no floats in the core). */
  slope: number;
  /** slope as a float: px of rise per px to the right (slope / 256): after a launch, vy = -vx * rise. */
  rise: number;
  /** slope as an angle in degrees, positive rising to the right (atan2(slope, 256)). */
  angle: number;
}
export interface BatchOptions { drop?: boolean; positionOnly?: boolean }
export interface MoveResult {
  /** The pixel box after the move (the box passed in is not changed, unless it is a Mover). */
  box: Box;
  /** The sub-pixel part of the position after the move, 0 <= remainder < 1: the position is
      box.x + remainderX, box.y + remainderY. 0 on an axis where the move was stopped. */
  remainderX: number; remainderY: number;
  /** HIT.* bits: the sides that were stopped. */
  hit: number;
  /** TOUCH.* bits of the tiles the box overlaps after the move. */
  touching: number;
  /** TOUCH.* bits of the tiles in the pixel row just under the box. */
  below: number;
  /** A one-pixel move down with the same drop would be blocked: what the next frame does. With
      drop: true a one-way platform is no ground (the next move with drop falls through it). */
  onGround: boolean;
  /** Whole pixels the pixel box moved. */
  movedX: number; movedY: number;
}
/** A box whose float position move() and walk() update in place (eo.tiles.createMover): the core
    moves the pixel box floor(x), floor(y), and the fraction stays in x and y for the next frame. */
export interface Mover extends Box {}
/** What a slope sensor found (null when there is no ground within a tile). */
export interface Ground {
  /** boxGround: the sensor that found it: 0 left, 1 middle ('every': a column between the edges), 2 right (0 for groundAt). */
  sensor: number;
  /** The column's height in the tile holding the surface (1 .. tileSize). */
  height: number;
  /** That tile's attr, and the tile. */
  attr: number; col: number; row: number;
  /** The top ground pixel row. */
  groundY: number;
  /** groundAt: groundY - y; boxGround: groundY - (y + h) (0 standing on it, > 0 above, < 0 sunk in). */
  distance: number;
  /** That tile's slope: rise per px to the right in 1/256 px (256: 45 degrees up, -128: 22.5 down, 0 flat). */
  slope: number;
  /** slope as a float: px of rise per px to the right (slope / 256). */
  rise: number;
  /** slope as an angle in degrees, positive rising to the right. */
  angle: number;
}
/** Memory of the tiles under one box (one per character). Reset automatically when the map's cells change. */
export interface TilesCache { reset(): void; dispose(): void }
/** What a batch move did, one entry per mover in four views of one buffer (moveMany, walkMany):
    hit[i], touching[i], below[i] (HIT / TOUCH bits) and onGround[i] (1 or 0) of mover i. */
export interface MoverResults { count: number; hit: Uint8Array; touching: Uint8Array; below: Uint8Array; onGround: Uint8Array }
/** A raycast's answer, with the tiles visited when asked for. */
export type RaycastResult = RaycastHit & { visits?: RaycastVisit[] };
/** A tile map in wasm memory. Call dispose() when done; after it, every property and method but
    dispose() throws EO_JS_DISPOSED (its caches are disposed with it). */
export interface TileMap {
  readonly width: number; readonly height: number; readonly tileSize: number; readonly outside: TileOutside;
  getCell(col: number, row: number): number;
  setCell(col: number, row: number, id: number): void;
  /** Replaces all cells (width * height ids). */
  setCells(cells: Uint8Array): void;
  /** Walks the segment (endpoints floored) through the tiles: the first blocking pixel (block:
      TOUCH bits, 0 = solid and slopes), and with visits: true every tile visited, in order. */
  raycast(segment: Segment, options?: { block?: number; visits?: boolean }, into?: RaycastResult): RaycastResult;
  /** A copy of the cells (into out when it holds width * height). */
  cells(out?: Uint8Array): Uint8Array;
  setAttr(id: number, attr: number): void;
  /** The attr of tile (col, row), the outside policy's outside the map. */
  attrAt(col: number, row: number): number;
  /** The attr of the tile holding pixel (floor(x), floor(y)). */
  attrAtPixel(x: number, y: number): number;
  /** floor(p / tileSize). */
  tileOf(p: number): number;
  /** The cell index of tile (col, row), as the core computes it (row table, shift or exact
      multiply), or null outside the map. */
  index(col: number, row: number): number | null;
  /** Blocks in every direction: solid or spike tile, a half tile's solid half, below a slope's surface, solid outside
      (no one-way kind). */
  pixelSolid(x: number, y: number): boolean;
  /** The surface row of a one-way kind (one-way platform, ladder top, one-way half, a one-way slope column's surface
      pixel): what stops a box coming down onto it. */
  pixelOneWay(x: number, y: number): boolean;
  /** The probe points of a box ('edges': corners + points at most a tile apart; 'corners': the four corners) and what each read. */
  probe(box: Box, mode?: 'edges' | 'corners', into?: { points: TileProbe[]; kinds: number }): { points: TileProbe[]; kinds: number };
  /** TOUCH.* bits of the tiles the box overlaps and of the row under it. */
  touching(box: Box, cache?: TilesCache, into?: { touching: number; below: number }): { touching: number; below: number };
  /** Moves the box by dx, then dy (floats: the fraction is carried, see MoveResult), stopping at
      whatever blocks. A Mover is updated in place. */
  move(box: Box | Mover, dx: number, dy: number, options?: MoveOptions, into?: MoveResult): MoveResult;
  /** Moves the box along the straight segment to (x + dx, y + dy), one pixel step at a time on
      its staircase, and stops at the first step something blocks: fast diagonal moves (dashes,
      bullets, knock-backs) that X-then-Y would carry past a tile or stop short of a clear target.
      The motion left over is dx - movedX, dy - movedY. A Mover is updated in place. */
  sweep(box: Box | Mover, dx: number, dy: number, options?: SweepOptions, into?: MoveResult): MoveResult;
  /** Walks dx pixels sideways following slopes, climbing / descending at most maxStep px per pixel.
      A Mover is updated in place: walk(hero, 1.5, 1) twice moves it 3 px. */
  walk(box: Box | Mover, dx: number, maxStep: number, options?: WalkOptions, into?: MoveResult): MoveResult;
  /** A character's frame (eo_slopes_move): on the ground it walks dx (dy >= 0 is absorbed), in
      the air or jumping it sweeps (dx, dy); it lands on floors and slopes keeping its horizontal
      motion (an uphill landing is not a wall hit), and leaves crests and ramp tops faster than
      options.reach allows (launched, with the angle it left at). A Mover is updated in place. */
  moveCharacter(box: Box | Mover, dx: number, dy: number, maxStep: number, options?: CharacterOptions, into?: CharacterResult): CharacterResult;
  /** The slope of tiles with this attr: rise per px to the right in 1/256 px (0 for anything but a slope). */
  tileSlope(attr: number): number;
  /** One call per frame: boxes (x, y, w, h per mover) move by deltas (dx, dy per mover), in place.
      Int32Array / Int16Array boxes take Int32Array or Int16Array deltas (whole pixels; an Int16Array
      mover that would leave its range is an error, no mover changed); Float32Array / Float64Array
      boxes take any numbers and keep each position's fraction in place. The answer: each mover's
      hit, touching, below and onGround, as named views (MoverResults), in `into` when given. */
  moveMany(boxes: Int32Array | Int16Array | Float32Array | Float64Array, deltas: Int32Array | Int16Array | Float32Array | Float64Array | readonly number[],
           options?: BatchOptions, into?: MoverResults): MoverResults;
  /** One call per frame: boxes walk dx[i] px (in place); types and answer as moveMany. */
  walkMany(boxes: Int32Array | Int16Array | Float32Array | Float64Array, dx: Int32Array | Int16Array | Float32Array | Float64Array | readonly number[],
           maxStep: number, options?: BatchOptions, into?: MoverResults): MoverResults;
  /** Height of a slope shape's column (0 .. tileSize). */
  columnHeight(shape: number, column: number): number;
  /** A slope shape's tileSize heights (into out when it holds tileSize). */
  heights(shape: number, out?: Uint8Array): Uint8Array;
  /** Replaces the user slope heights (k * tileSize entries for shapes SLOPE.USER + k; as many shapes as before or more). */
  setSlopes(heights: Uint8Array): void;
  /** A sensor at pixel (floor(x), floor(y)): ground within a tile above or below, or null. */
  groundAt(x: number, y: number, into?: Ground): Ground | null;
  /** The highest ground under the box's foot sensors (2 or 3), or null. */
  boxGround(box: Box, sensors?: 2 | 3 | 'every', into?: Ground): Ground | null;
  createCache(): TilesCache;
  dispose(): void;
}
export interface TilesApi {
  createMap(config: TileMapConfig): TileMap;
  /** A box with a float position for move() and walk() to update in place (a copy of box). */
  createMover(box: Box): Mover;
}

export interface LoadOptions {
  /** Load the traced module (teaching hooks on). Default false. */
  traced?: boolean;
  /** The .wasm bytes, or where to find them (a URL, or a string resolved against the page or this
      module). Default: next to this module (new URL('./earlyout.wasm', import.meta.url)). */
  wasm?: ArrayBuffer | ArrayBufferView | URL | string;
  /** The most wasm memory this instance may use, in bytes (default and most: the module's limit,
      2 GiB). Past it, calls throw EO_JS_OUT_OF_MEMORY and live objects keep working. */
  maxMemory?: number;
}
/** loadEarlyoutSync takes the bytes (or uses the inlined ones). */
export interface LoadSyncOptions {
  traced?: boolean;
  wasm?: ArrayBuffer | ArrayBufferView;
  maxMemory?: number;
}

export interface GridmaskApi {
  /** Columns and rows of a layout. */
  cells(layout: GridmaskLayout, into?: { cols: number; rows: number }): { cols: number; rows: number };
  /** The mask of one box (conservative integer bounds of floats), as an unsigned 32-bit number. */
  build(layout: GridmaskLayout, method: GridmaskMethod, box: Box): number;
  /** Masks of many boxes given as x, y, w, h per box; `out` is reused when given. */
  buildMany(layout: GridmaskLayout, method: GridmaskMethod, boxes: BoxArray, out?: Uint32Array): Uint32Array;
  /** X field first, then Y: 'apart-x' and 'apart-y' eliminate the pair, 'maybe' does not. */
  test(layout: GridmaskLayout, a: number, b: number): GridmaskVerdict;
  /** Pairs (i < j, i ascending then j) not eliminated; pairs holds a, b per pair. out: a
      Uint32Array to fill, or an earlier answer (into) to fill again. */
  findCandidates(layout: GridmaskLayout, masks: Uint32Array, out?: Uint32Array | PairList): PairList;
}

export interface AabbApi {
  /** Do the boxes share a pixel (touching is not overlapping), and how many interval comparisons did it take?
      Floats: the test is on their conservative integer bounds. */
  overlap(a: Box, b: Box, order?: AxisOrder, into?: { overlap: boolean; comparisons: number }): { overlap: boolean; comparisons: number };
  /** All overlapping pairs by testing every pair: the baseline. boxes: x, y, w, h per box. */
  findPairs(boxes: BoxArray, order?: AxisOrder, out?: Uint32Array | AllPairs): AllPairs;
  /** Picks the axis order from a sample of at most sampleLimit boxes (2..255, default 64). */
  chooseOrder(boxes: BoxArray, sampleLimit?: number, into?: OrderReport): OrderReport;
}

export interface CircleApi {
  /** Do the discs overlap (distance < r1 + r2)? Radii 0..16383. Exact for integers; for floats the
      core tests integer discs that contain the float ones (a superset). */
  overlap(a: Circle, b: Circle): boolean;
}

/** A sector grid with its storage in wasm memory. Call dispose() when done; after it, every
    property and method but dispose() throws EO_JS_DISPOSED. */
export interface SectorGrid {
  readonly cols: number; readonly rows: number; readonly cellW: number; readonly cellH: number;
  /** Lists the boxes (x, y, w, h per box) in their sectors from scratch. */
  build(boxes: BoxArray, into?: BroadphaseStats): BroadphaseStats;
  /** Persistent mode: moves only the boxes whose sector range changed (never a full rebuild while
      maxEntries holds them all). */
  update(boxes: BoxArray, into?: BroadphaseStats): BroadphaseStats;
  /** Overlapping pairs of the boxes last built or updated; pass the same boxes (an error names a
      box that changed since: call update first). layers: category, collidesWith per box.
      out: a Uint32Array to fill, or an earlier answer (into) to fill again. */
  findPairs(boxes: BoxArray, layers?: Uint16Array, out?: Uint32Array | FoundPairs): FoundPairs;
  /** A frame in one call: update(boxes), then their pairs (the boxes read and copied once).
      stats: the work of both. */
  updateAndFindPairs(boxes: BoxArray, layers?: Uint16Array, out?: Uint32Array | FoundPairs): FoundPairs;
  /** Bullets against enemies in one call: update(boxes), then the pairs between two groups: each box
      whose category has a bit of groupB against the boxes whose category has a bit of groupA, as
      (a: the group-A box, b: the group-B box) by ascending b, the layers allowing each pair too. Its
      work follows the pairs between the groups, not those inside one: keep the larger group as A
      (sectors.h: eo_sectors_find_pairs_between). layers is required: it says who is in which group. */
  updateAndFindPairsBetween(boxes: BoxArray, layers: Uint16Array, groupA: number, groupB: number,
                            out?: Uint32Array | FoundPairs): FoundPairs;
  /** First and last column and row of each box (0xFFFF: empty box), 4 values per box. */
  ranges(out?: Uint16Array): Uint16Array;
  /** Indices (ascending) of the boxes of the last build or update containing the pixel
      (floor(x), floor(y)). EarlyoutError EO_ERR_NOT_READY when no build or update fitted.
      With into (QueryHits), the indices go there and into is returned. */
  queryPoint(x: number, y: number, options?: QueryOptions): Uint32Array;
  queryPoint(x: number, y: number, options: QueryOptions | undefined, into: QueryHits): QueryHits;
  /** Indices (ascending) of the boxes of the last build or update sharing a pixel with the
      region (conservative bounds: floor of the corner, ceiling of the far side). */
  queryRegion(region: Box, options?: QueryOptions): Uint32Array;
  queryRegion(region: Box, options: QueryOptions | undefined, into: QueryHits): QueryHits;
  dispose(): void;
}

/** layers: category, collidesWith per box (as for findPairs); filter: the query's own layer
    (a box matches when filter.collidesWith & its category and its collidesWith & filter.category). */
export interface QueryOptions { layers?: Uint16Array; filter?: { category: number; collidesWith: number } }
/** Where a segment enters a box: t = tNum / tDen (0 .. 1), the first pixel (x, y) reached,
    face the HIT side(s) entered (0: starts inside). */
export interface SegmentHit { index: number; t: number; tNum: number; tDen: number; x: number; y: number; face: number }
/** A segment from (x0, y0) to (x1, y1): each endpoint is floored to the pixel holding it. */
export interface Segment { x0: number; y0: number; x1: number; y1: number }
export interface SegmentOptions extends QueryOptions { grid?: SectorGrid }
export interface QueryApi {
  /** Every box the segment hits, by ascending t, then index. into: an earlier answer (its hit
      objects reused, its length set). */
  segmentAll(segment: Segment, boxes: BoxArray, options?: SegmentOptions, into?: SegmentHit[]): SegmentHit[];
  /** The first box the segment hits, or null. */
  segmentFirst(segment: Segment, boxes: BoxArray, options?: SegmentOptions, into?: SegmentHit): SegmentHit | null;
}
/** The first blocking pixel of a tile raycast (hit false: nothing blocks, the rest 0). */
export interface RaycastHit { hit: boolean; attr: number; face: number; col: number; row: number; x: number; y: number; t: number; tNum: number; tDen: number }
export interface RaycastVisit { col: number; row: number; t: number; tNum: number; tDen: number; attr: number; face: number }

export interface SectorsApi {
  create(config?: SectorsConfig): SectorGrid;
  /** Runs the scene through each configuration; best is the index of the cheapest that can hold
      the boxes wherever they move, -1 when none can. A row that cannot run has error (the code)
      and message (why, and the setting to change: the hint build would give). */
  tune(boxes: BoxArray, configs: SectorsConfig[], layers?: Uint16Array)
    : { rows: { config: SectorsConfig; stats: BroadphaseStats; cost: number; error?: string; message?: string }[]; best: number };
}

/** Sort-and-sweep that keeps its order between frames (frame coherence). */
export interface Sweeper {
  findPairs(boxes: BoxArray, axis?: 'x' | 'y', layers?: Uint16Array, out?: Uint32Array | FoundPairs): FoundPairs;
  /** Boxes of the last findPairs containing the pixel (floor(x), floor(y)), ascending.
      EarlyoutError EO_ERR_NOT_READY before a findPairs. */
  queryPoint(x: number, y: number, options?: QueryOptions): Uint32Array;
  queryPoint(x: number, y: number, options: QueryOptions | undefined, into: QueryHits): QueryHits;
  /** Boxes of the last findPairs sharing a pixel with the region, ascending. */
  queryRegion(region: Box, options?: QueryOptions): Uint32Array;
  queryRegion(region: Box, options: QueryOptions | undefined, into: QueryHits): QueryHits;
  dispose(): void;
}

export interface SweepApi {
  create(maxObjects: number): Sweeper;
}

/** Where the module's wasm memory goes (bytes). */
export interface HeapStats {
  /** Held by live objects (grids, sweepers, masks, maps, caches): heapUsed(). */
  live: number;
  /** Kept for the arguments and results of calls (reused; bounded). */
  scratch: number;
  /** Released and reusable. */
  free: number;
  /** The memory's current size, and the most it may grow to (LoadOptions.maxMemory). */
  memory: number; limit: number;
}

/** The range every coordinate and size must lie in (EO_COORD_MIN / EO_COORD_MAX of the core as
    this module was compiled: 32-bit). */
export interface Limits { readonly coordMin: number; readonly coordMax: number }

// ---- contact (contact.h): push-out and time of impact ----------------------------------------------
/** How to part two overlapping shapes (overlap false: they do not overlap, the rest 0). x, y: the
    move of A that parts them (whole pixels); alongX / alongY: boxes only, the shortest move along
    one axis alone; nx, ny: the normal (the direction A moves), a unit vector; face: boxes only, the
    HIT.* sides of A that touch what it was pushed from. */
export interface Push { overlap: boolean; x: number; y: number; alongX: number; alongY: number; nx: number; ny: number; face: number }
/** When a box moving by (dx, dy) first overlaps another (hit false: it does not during the move).
    t = tNum / tDen, 0 <= t < 1, exact; x, y: the mover there, rounded toward its start; face: the
    HIT.* side(s) of the mover that met the other (both at an exact corner); nx, ny: -1, 0 or 1,
    the normal of the side met; inside: they overlap at the start (t 0, face 0). */
export interface SweepHit { hit: boolean; inside: boolean; t: number; tNum: number; tDen: number; x: number; y: number; nx: number; ny: number; face: number }
export interface ContactApi {
  /** Box a against box b. Boxes in whole pixels (floats: their conservative bounds). */
  pushBoxes(a: Box, b: Box, into?: Push): Push;
  /** Circle a against circle b (whole pixels; radius 0 .. 16383). */
  pushCircles(a: Circle, b: Circle, into?: Push): Push;
  /** Circle a against box b (move the box by -x, -y to push it instead). */
  pushCircleBox(a: Circle, b: Box, into?: Push): Push;
  /** Box a out of every box of others at once (at most 32): the shortest move that leaves it
      touching them, overlapping none. */
  pushOut(a: Box, others: BoxArray, into?: Push): Push;
  /** Box a moving by (dx, dy) against box b standing still. */
  sweep(a: Box, dx: number, dy: number, b: Box, into?: SweepHit): SweepHit;
  /** Box a moving by (adx, ady) while box b moves by (bdx, bdy), over the same time. */
  sweepMoving(a: Box, adx: number, ady: number, b: Box, bdx: number, bdy: number, into?: SweepHit): SweepHit;
}

// ---- pair events (events.h) --------------------------------------------------------------------------
/** Pairs (a, b flat: 2 values a pair) that began, stayed and ended between two frames. */
export interface PairEvents { began: Uint32Array; stayed: Uint32Array; ended: Uint32Array; beganCount: number; stayedCount: number; endedCount: number }
export interface PairsApi {
  /** Sorts pairs (a, b flat) ascending by a then b and drops repeats, in place; returns the count left. */
  sort(pairs: Uint32Array, count?: number): number;
  /** Splits last frame's sorted pairs and this frame's into began, stayed and ended (each sorted).
      into: an earlier answer, its arrays reused (grown when short). */
  events(before: Uint32Array, now: Uint32Array, into?: PairEvents): PairEvents;
}

// ---- the World (move.h, sectors.h, query.h): objects by handle, moved with responses -----------------
/** What a mover does about an object it meets (move.h): stop against it and slide along it, stop
    and end the move, pass through it (reported once, on the way in), bounce off it, or ignore it. */
export type Response = 'slide' | 'touch' | 'cross' | 'bounce' | 'ignore';
/** A World: zero (or missing) means default. The grid's world (objects outside it still work, in
    its edge sectors), its sectors (cellSize px square, default 64), and room for maxObjects
    objects (default 1024; adding more is an error naming maxObjects). map: a tile map of this
    module every move also goes through, tileResponse what its tiles do (default 'slide'). */
export interface WorldConfig {
  worldX?: number; worldY?: number; worldW?: number; worldH?: number;
  cellSize?: number; maxObjects?: number;
  map?: TileMap; tileResponse?: 'slide' | 'touch' | 'bounce';
}
/** An object's layer (broadphase.h: two objects interact when each one's category is among what the
    other collides with; default { category: 0xFFFF, collidesWith: 0xFFFF }), what movers do when
    they meet it (default 'slide'), and data of the game's own, handed back with its contacts. */
export interface WorldObjectOptions<T = unknown> { layer?: Layer; response?: Response; data?: T }
export interface Layer { category: number; collidesWith: number }
/** A move's options: filter picks the response per object met (default: each object's own
    response); drop falls through one-way tiles. */
export interface WorldMoveOptions<T = unknown> { filter?: (other: number, data: T | undefined) => Response; drop?: boolean }
/** One thing a move met. other: the object's handle, or null for a tile (or the world's edge); t:
    when (0 <= t <= 1 of the move), exactly tNum / tDen (tDen: the move's pixel steps, |dx| + |dy|
    of the pixel box); x, y: the mover's pixel box there; face: the mover's HIT.* side
    that met it (0: overlapping from the start); nx, ny: the normal of the side met (-1, 0 or 1);
    response: what the move did about it; data: the other object's data. */
export interface WorldContact<T = unknown> { other: number | null; t: number; tNum: number; tDen: number; x: number; y: number; face: number; nx: number; ny: number; response: Response; data: T | undefined }
/** Where a move ended (x, y: the object's float position, also kept by the World) and what it met,
    in order of time: contacts[0 .. count - 1]. hit: the HIT.* sides that were stopped. */
export interface WorldMoveResult<T = unknown> { x: number; y: number; hit: number; count: number; contacts: WorldContact<T>[] }
/** What a query finds: handles, into `out` when it holds them. */
export interface WorldQueryOptions { layer?: Layer }
/** Where a segment enters an object (query.h): its handle, t = tNum / tDen, the first pixel x, y
    reached, face the HIT side(s) of the object entered (0: the segment starts inside). */
export interface WorldSegmentHit { handle: number; t: number; tNum: number; tDen: number; x: number; y: number; face: number }
export interface World<T = unknown> {
  /** Objects in the World. */
  readonly count: number;
  /** Adds an object at (x, y), w x h (floats; its pixel box is floor(x), floor(y), ceil(w) x ceil(h),
      as the tile movers have it); returns its handle (a number, never reused while it lives). */
  add(x: number, y: number, w: number, h: number, options?: WorldObjectOptions<T>): number;
  /** Takes an object out; its handle is dead afterwards (an error where it is passed). */
  remove(handle: number): void;
  /** Does the handle name a live object? */
  has(handle: number): boolean;
  /** Puts an object at (x, y) (and a new size, if given), without a sweep: a teleport. */
  update(handle: number, x: number, y: number, w?: number, h?: number): void;
  /** update for many objects in one call: handles[i] to boxes[4i .. 4i + 3] (x, y, w, h, floats; the
      pixel box as add's). Every handle and box is checked before any changes: a bad one throws,
      naming it, and leaves the World as it was. At most maxObjects handles; one given twice takes its
      last box. The grid catches up at its next read (a move, a query, pairs, events), in one pass
      when many moved. */
  updateMany(handles: ArrayLike<number>, boxes: ArrayLike<number>): void;
  /** The object's float position and size. */
  get(handle: number, into?: Box): Box;
  /** The object's data. */
  data(handle: number): T | undefined;
  /** Moves an object by (dx, dy) through the others and the map, at any speed, with a response per
      object met (move.h); the others stay, and see it where it ends. */
  move(handle: number, dx: number, dy: number, options?: WorldMoveOptions<T>, into?: WorldMoveResult<T>): WorldMoveResult<T>;
  /** Handles of the objects holding pixel (x, y) / sharing a pixel with the box, ascending, into
      out when it holds them (its unused end left alone; the count is the answer's length). */
  queryPoint(x: number, y: number, options?: WorldQueryOptions, out?: number[]): number[];
  queryRect(x: number, y: number, w: number, h: number, options?: WorldQueryOptions, out?: number[]): number[];
  /** What a segment hits, by ascending t (query.h's rules: endpoints are pixel corners). */
  querySegment(x0: number, y0: number, x1: number, y1: number, options?: WorldQueryOptions, into?: WorldSegmentHit[]): WorldSegmentHit[];
  /** Overlapping pairs of handles (a, b flat), the layers allowing them. */
  pairs(out?: Uint32Array): { pairs: Uint32Array; count: number };
  /** Pairs between two groups: objects whose category has a bit of groupB against those whose
      category has a bit of groupA, as (a: the group-A handle, b: the group-B handle); its cost
      follows the pairs between the groups (sectors.h: eo_sectors_find_pairs_between). */
  pairsBetween(groupA: number, groupB: number, out?: Uint32Array): { pairs: Uint32Array; count: number };
  /** The pairs that began, stayed and ended since the last events() call (the first call: every
      pair began), as handles, sorted by the objects' slots. */
  events(into?: PairEvents): PairEvents;
  dispose(): void;
}
export interface WorldApi {
  create<T = unknown>(config?: WorldConfig): World<T>;
}

export interface Earlyout {
  /** True for the traced module. */
  readonly traced: boolean;
  /** The world's range: positions, sizes and moves outside it are an EarlyoutError. */
  readonly limits: Limits;
  readonly gridmask: GridmaskApi;
  readonly aabb: AabbApi;
  readonly circle: CircleApi;
  readonly sectors: SectorsApi;
  readonly sweep: SweepApi;
  readonly pixelmask: PixelMaskApi;
  readonly tiles: TilesApi;
  readonly query: QueryApi;
  readonly contact: ContactApi;
  readonly pairs: PairsApi;
  readonly world: WorldApi;
  /** Bytes of wasm memory held by every live object: grids, sweepers, masks, tile maps, their
      slopes and caches (released by dispose(), or when the object is garbage-collected). */
  heapUsed(): number;
  /** heapUsed() and the rest of the memory's use. */
  heapStats(): HeapStats;
  /** Runs fn with the teaching hooks on and returns its steps and counters (traced module only). */
  trace<T>(fn: () => T, maxSteps?: number): Traced<T>;
}
