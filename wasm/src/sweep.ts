// eo.sweep: sort-and-sweep that keeps its order between frames (core/include/earlyout/sweep.h).
import type { Core } from './core.js';
import { MAX_COUNT } from './core.js';
import { disposedError, EarlyoutError } from './errors.js';
import { LAYOUT } from './generated/abi.js';
import { ENUMS } from './generated/constants.js';
import { BOUNDS, boxSource, choice, int, intoArray, intoObject, isInto, pixel, readBoxBounds, typed, intoFailed } from './input.js';
import { layersFit, putFilter, QUERY, queryArgs, queryIndices, queryRoom, takeIndices } from './query.js';
import type { BroadphaseStats, FoundPairs, Sweeper, SweepApi } from './types.js';

const AXES = { x: ENUMS.eo_aabb_order.EO_AABB_X_FIRST, y: ENUMS.eo_aabb_order.EO_AABB_Y_FIRST } as const;

/** @internal */
export function makeSweep(core: Core): SweepApi {
  const x = core.x, heap = core.heap;
  return {
    create(maxObjects: number): Sweeper {
      int('maxObjects', maxObjects, 1, MAX_COUNT);
      // one block: the eo_sweep, then its workspace (the packed intervals it keeps in sweep order
      // between frames: frame coherence)
      const need = x.eo_sweep_storage_size(maxObjects);
      const owner = heap.owner();
      const mem = (() => {
        try { return owner.add(heap.allocBlock(LAYOUT.sweep.size + 16 + need, 'sweep.create')); } catch (e) { owner.release(); throw e; }
      })();
      const psw = mem.at, storage = Math.ceil((mem.at + LAYOUT.sweep.size) / 16) * 16;
      let sweepAxis = -1, disposed = false, ready = false, lastCount = 0;
      const site = { hint: 0 }; // the pairs of the last frame: the next one's guess
      const live = () => { if (disposed) disposedError('this sweeper'); };
      /** A query can run: a findPairs sorted the workspace (else EO_ERR_NOT_READY). */
      const queryReady = (what: string, layers: Uint16Array | undefined) => {
        live();
        if (!ready) throw new EarlyoutError('EO_ERR_NOT_READY', `${what}: no findPairs yet to answer from: call findPairs(boxes) first`);
        layersFit(layers, lastCount);
      };
      // the pair call, made once per sweeper (no closure a frame): what it reads is set just before
      let callBoxes = 0, callCount = 0, callLayers = 0, callStats = 0;
      const findCall = (pp: number, cap: number, pc: number, first: boolean) =>
        x.eo_sweep_find_pairs(psw, callBoxes, callCount, callLayers, pp, cap, pc, first ? callStats : 0, first ? core.hooks : 0);
      const sweeper: Sweeper = {
        findPairs(boxes: unknown, axis: unknown = 'x', layers?: unknown, out?: unknown) {
          const what = 'sweep.findPairs';
          const a = choice('axis', axis, AXES);
          const src = boxSource('boxes', boxes, maxObjects, 'the maxObjects of sweep.create');
          const n = src.length >>> 2;
          const l = core.readLayers(layers, n);
          let view: Uint32Array | undefined, into: Record<string, unknown> | undefined, st: Record<string, unknown> | undefined;
          if (out !== undefined) {
            if (isInto('out', out)) { into = out; view = intoArray('out', out, 'pairs', Uint32Array); st = intoObject(out, 'stats'); }
            else view = typed('out', out, Uint32Array);
          }
          live();
          ready = false;
          const m = core.enter();
          try {
            callBoxes = core.putBoxes(src, what);
            callLayers = core.putLayers(l, n, what);
            callCount = n;
            if (a !== sweepAxis) { // a new axis starts from index order
              core.check(x.eo_sweep_init(psw, maxObjects, a, storage, need), what);
              sweepAxis = a;
            }
            callStats = core.newStats(what);
            // a second run (a bigger pair buffer) finds the workspace already sorted: same pairs, same order
            const arr = core.pairs(findCall, what, view, into !== undefined, out, site);
            const count = core.pairCount;
            const stats = core.readStats(callStats, st as BroadphaseStats | undefined);
            ready = true;
            lastCount = n;
            if (into === undefined) return { count, pairs: arr, stats };
            { try { into.count = count; into.pairs = arr; into.stats = stats; } catch (e) { intoFailed(e); } }
            return into as unknown as FoundPairs;
          } finally {
            core.leave(m);
          }
        },
        queryPoint(px: unknown, py: unknown, o?: unknown, into?: unknown) {
          const what = 'sweep.queryPoint';
          const x0 = pixel('x', px), y0 = pixel('y', py);
          queryArgs(o);
          const layers = QUERY.layers, filter = QUERY.filter, cat = QUERY.category, col = QUERY.collidesWith;
          const indices = queryIndices(into);
          queryReady(what, layers);
          const m = core.enter();
          try {
            const pl = core.putLayers(layers, lastCount, what), pf = putFilter(core, filter, cat, col, what), po = queryRoom(core, lastCount, what);
            core.check(x.eo_query_sweep_point(psw, pl, pf, x0, y0, po + 4, Math.max(lastCount, 1), po, core.hooks), what);
            return takeIndices(core, po, into as Record<string, unknown> | undefined, indices);
          } finally {
            core.leave(m);
          }
        },
        queryRegion(region: unknown, o?: unknown, into?: unknown) {
          const what = 'sweep.queryRegion';
          readBoxBounds('region', region);
          const r0 = BOUNDS[0], r1 = BOUNDS[1], r2 = BOUNDS[2], r3 = BOUNDS[3];
          queryArgs(o);
          const layers = QUERY.layers, filter = QUERY.filter, cat = QUERY.category, col = QUERY.collidesWith;
          const indices = queryIndices(into);
          queryReady(what, layers);
          const m = core.enter();
          try {
            const pr = core.scratch(LAYOUT.box.size, what);
            { const i32 = heap.i32, k = pr >>> 2; i32[k] = r0; i32[k + 1] = r1; i32[k + 2] = r2; i32[k + 3] = r3; }
            const pl = core.putLayers(layers, lastCount, what), pf = putFilter(core, filter, cat, col, what), po = queryRoom(core, lastCount, what);
            core.check(x.eo_query_sweep_region(psw, pl, pf, pr, po + 4, Math.max(lastCount, 1), po, core.hooks), what);
            return takeIndices(core, po, into as Record<string, unknown> | undefined, indices);
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
      } as Sweeper;
      heap.track(sweeper, owner);
      return sweeper;
    },
  };
}
