// earlyout: the collision core compiled to WebAssembly, for games (fast module) and for
// lessons (traced module, which also records each step of the C code with its source line).
//
//   import { loadEarlyout, LAYOUT_16 } from 'earlyout';
//   const eo = await loadEarlyout();
//   const a = eo.gridmask.build(LAYOUT_16, 'span', { x: 10, y: 40, w: 16, h: 16 });
//
// Works in browsers and in Node (no network fetch under Node: the .wasm is read from disk).
// The module holds no collision logic of its own: every answer comes from the C core. The loader
// is one file per job, and this one assembles the public API:
//   types.ts       public types           errors.ts   EarlyoutError and its codes
//   input.ts       reading arguments once (floats to pixels, real typed-array lengths, options)
//   memory.ts      wasm memory: blocks for objects, scratch for calls, the limit, finalizers
//   exports.ts     the raw exports, checked at load    core.ts   what the module APIs share
//   gridmask.ts aabb.ts sectors.ts sweep.ts pixelmask.ts tiles.ts query.ts contact.ts events.ts
//                  one file per module; world.ts the World (objects by handle, moved with responses)
//   load.ts        finding and instantiating the .wasm (locate.ts: its default URL)
//   generated/     struct layouts, exports and constants from the C headers (wasm/gen.mjs)

export type {
  AabbApi, AllPairs, AxisOrder, BatchOptions, Box, BoxArray, BroadphaseStats, CharacterOptions, CharacterResult, Circle, CircleApi, Earlyout, FoundPairs,
  GridmaskApi, GridmaskLayout, GridmaskMethod, GridmaskVerdict, Ground, HeapStats, ImageDataLike, Limits, LoadOptions, LoadSyncOptions, MoveOptions,
  MoveResult, MoverResults, SweepOptions, Mover, OrderReport, PairList, PixelMask, PixelMaskApi, QueryApi, QueryHits, QueryOptions, RaycastHit,
  RaycastResult, RaycastVisit, SectorGrid, SectorsApi, SectorsConfig, Segment, SegmentHit, SegmentOptions, Sweeper, SweepApi, TileMap,
  TileMapConfig, TileOutside, TileProbe, TilesApi, TilesCache, TraceStep, Traced, WalkOptions,
  ContactApi, Push, SweepHit, PairEvents, PairsApi, Layer, Response, World, WorldApi, WorldConfig, WorldContact, WorldMoveOptions,
  WorldMoveResult, WorldObjectOptions, WorldQueryOptions, WorldSegmentHit,
} from './types.js';
export { EarlyoutError } from './errors.js';
export type { EarlyoutErrorCode, JsErrorCode } from './errors.js';
export type { CoreResultName } from './generated/constants.js';
export { HIT, SLOPE, TILE, TOUCH } from './generated/constants.js';
export { LAYOUT_8, LAYOUT_16, LAYOUT_32 } from './gridmask.js';
export { loadEarlyout, loadEarlyoutSync } from './load.js';
