// eo.sweep: sort-and-sweep that keeps its order between frames (core/include/earlyout/sweep.h).
import type { Core } from './core.js';
import { MAX_COUNT } from './core.js';
import { fail } from './errors.js';
import { LAYOUT } from './generated/abi.js';
import { ENUMS } from './generated/constants.js';
import { box, boxList, choice, int, pixel, typed } from './input.js';
import { layersFit, listQuery, putQuery, queryArgs, type QueryArgs } from './query.js';
import { EarlyoutError } from './errors.js';
import type { Sweeper, SweepApi } from './types.js';

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
      /** The options of a query, once a findPairs sorted the workspace (else EO_ERR_NOT_READY). */
      const queryReady = (what: string, q: QueryArgs) => {
        if (disposed) fail('this sweeper was disposed');
        if (!ready) throw new EarlyoutError('EO_ERR_NOT_READY', `${what}: no findPairs yet to answer from: call findPairs(boxes) first`);
        layersFit(q, lastCount);
        return q;
      };
      const sweeper: Sweeper = {
        findPairs(boxes, axis = 'x', layers, out) {
          const a = choice('axis', axis, AXES);
          const list = boxList('boxes', boxes, maxObjects, 'the maxObjects of sweep.create');
          const l = core.readLayers(layers, list.count);
          const ov = out === undefined ? undefined : typed('out', out, Uint32Array);
          if (disposed) fail('this sweeper was disposed');
          ready = false;
          return core.scoped(() => {
            const pb = core.putBoxes(list, 'sweep.findPairs');
            const pl = core.putLayers(l, list.count, 'sweep.findPairs');
            if (a !== sweepAxis) { // a new axis starts from index order
              core.check(x.eo_sweep_init(psw, maxObjects, a, storage, need), 'sweep.findPairs');
              sweepAxis = a;
            }
            const ps = core.newStats('sweep.findPairs');
            // a second run (a bigger pair buffer) finds the workspace already sorted: same pairs, same order
            const result = core.pairs((pp, cap, pc, first) =>
              x.eo_sweep_find_pairs(psw, pb, list.count, pl, pp, cap, pc, first ? ps : 0, first ? core.hooks : 0),
              'sweep.findPairs', out, ov, owner);
            ready = true;
            lastCount = list.count;
            return { ...result, stats: core.readStats(ps) };
          });
        },
        queryPoint(px, py, o) {
          const x0 = pixel('x', px), y0 = pixel('y', py);
          const q = queryReady('sweep.queryPoint', queryArgs(o));
          return core.scoped(() => {
            const [pl, pf] = putQuery(core, q, lastCount, 'sweep.queryPoint');
            return listQuery(core, lastCount, 'sweep.queryPoint', (po, cap, pc) =>
              x.eo_query_sweep_point(psw, pl, pf, x0, y0, po, cap, pc, core.hooks));
          });
        },
        queryRegion(region, o) {
          const b = box('region', region);
          const q = queryReady('sweep.queryRegion', queryArgs(o));
          return core.scoped(() => {
            const [pl, pf] = putQuery(core, q, lastCount, 'sweep.queryRegion');
            const pr = core.putBox(b, 'sweep.queryRegion');
            return listQuery(core, lastCount, 'sweep.queryRegion', (po, cap, pc) =>
              x.eo_query_sweep_region(psw, pl, pf, pr, po, cap, pc, core.hooks));
          });
        },
        dispose() {
          if (disposed) return;
          disposed = true;
          heap.untrack(owner);
          owner.release();
        },
      };
      heap.track(sweeper, owner);
      return sweeper;
    },
  };
}
