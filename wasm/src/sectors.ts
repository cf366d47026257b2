// eo.sectors: the uniform-grid broadphase (core/include/earlyout/sectors.h).
import type { Core, Expect } from './core.js';
import { MAX_GRID_COUNT } from './core.js';
import { EarlyoutError, fail } from './errors.js';
import { FIELD_TYPES, LAYOUT } from './generated/abi.js';
import { RESULT, RESULTS } from './generated/constants.js';
import { box, boxList, COORD_MAX, COORD_MIN, int, options, pixel, show, typed } from './input.js';
import type { BoxData } from './input.js';
import { type QueryArgs, GRIDS, layersFit, listQuery, putQuery, queryArgs } from './query.js';
import type { Owner } from './memory.js';
import type { SectorGrid, SectorsApi, SectorsConfig } from './types.js';

// off the Z80, eo_sectors_cell is uint16_t and eo_index uint32_t (core/include/earlyout/config.h, sectors.h)
type _Config = Expect<typeof FIELD_TYPES.sectors_config, { world_x: 'eo_coord'; world_y: 'eo_coord'; world_w: 'eo_coord'; world_h: 'eo_coord';
  cols: 'eo_sectors_cell'; rows: 'eo_sectors_cell'; max_objects: 'eo_index'; max_entries: 'eo_index' }>;
type _Sectors = Expect<typeof FIELD_TYPES.sectors, { cfg: 'eo_sectors_config'; cell_w: 'eo_ucoord'; cell_h: 'eo_ucoord'; object_count: 'eo_index';
  ranges: 'eo_sectors_range *' }>;
type _Range = Expect<typeof LAYOUT.sectors_range, { size: 8; col0: 0; col1: 2; row0: 4; row1: 6 }>;
type _Tune = Expect<typeof FIELD_TYPES.sectors_tune_row, { stats: 'eo_broadphase_stats'; cost: 'uint32_t'; result: 'eo_result' }>;

const CONFIG_KEYS = ['worldX', 'worldY', 'worldW', 'worldH', 'cols', 'rows', 'maxObjects', 'maxEntries'] as const;
const NO_CELL = 0xffff; // EO_SECTORS_NO_CELL

/** A config's own properties, each read once, checked: the values of an eo_sectors_config. */
function readConfig(name: string, config: unknown): number[] {
  const c = options(name, config === null ? undefined : config, CONFIG_KEYS);
  const world = (key: string, v: unknown, lo: number) => {
    if (v === undefined) return 0;
    if (typeof v !== 'number' || !Number.isFinite(v)) fail(`${name}.${key} must be a finite number, got ${show(v)}`);
    // a float world is widened to whole pixels (floor of the corner, ceiling of the size)
    const i = key === 'worldX' || key === 'worldY' ? Math.floor(v) : Math.ceil(v);
    return int(`${name}.${key}`, i, lo, COORD_MAX);
  };
  return [world('worldX', c.worldX, COORD_MIN), world('worldY', c.worldY, COORD_MIN), world('worldW', c.worldW, 0), world('worldH', c.worldH, 0),
          int(`${name}.cols`, c.cols ?? 0, 0, 65535), int(`${name}.rows`, c.rows ?? 0, 0, 65535),
          int(`${name}.maxObjects`, c.maxObjects ?? 0, 0, MAX_GRID_COUNT), int(`${name}.maxEntries`, c.maxEntries ?? 0, 0, 0xffffffff)];
}

function writeConfig(dv: DataView, p: number, v: number[]): void {
  const C = LAYOUT.sectors_config;
  dv.setInt32(p + C.world_x, v[0], true); dv.setInt32(p + C.world_y, v[1], true);
  dv.setInt32(p + C.world_w, v[2], true); dv.setInt32(p + C.world_h, v[3], true);
  dv.setUint16(p + C.cols, v[4], true); dv.setUint16(p + C.rows, v[5], true);
  dv.setUint32(p + C.max_objects, v[6], true); dv.setUint32(p + C.max_entries, v[7], true);
}

/** @internal */
/** The first box whose values differ, or -1. */
function firstChange(before: Int32Array, now: BoxData): number {
  for (let k = 0; k < now.length; k++) if (before[k] !== now[k]) return k >> 2;
  return -1;
}

export function makeSectors(core: Core): SectorsApi {
  const x = core.x, heap = core.heap;
  const S = LAYOUT.sectors, C = LAYOUT.sectors_config, B = LAYOUT.box;

  function create(config?: SectorsConfig): SectorGrid {
    const values = readConfig('config', config);
    const need = core.scoped(() => {
      const p = core.scratch(C.size, 'sectors.create');
      writeConfig(heap.dv, p, values);
      return x.eo_sectors_storage_size(p);
    });
    if (need === 0) throw new EarlyoutError('EO_ERR_BAD_ARGUMENT', 'sectors.create: invalid config');
    // one block: the eo_sectors, its config, then its storage; a second for the boxes of the last
    // build or update (findPairs answers for them, and says when the boxes passed differ)
    const owner: Owner = heap.owner();
    let pg = 0, maxObjects = 0, boxesAt = 0;
    try {
      const mem = owner.add(heap.allocBlock(S.size + C.size + 16 + need, 'sectors.create'));
      pg = mem.at;
      const pcfg = pg + S.size, storage = Math.ceil((pcfg + C.size) / 16) * 16;
      writeConfig(heap.dv, pcfg, values);
      core.check(x.eo_sectors_init(pg, pcfg, storage, need), 'sectors.create');
      maxObjects = heap.dv.getUint32(pg + S.cfg + C.max_objects, true);
      boxesAt = owner.add(heap.allocBlock(maxObjects * B.size, 'sectors.create')).at;
    } catch (e) {
      owner.release();
      throw e;
    }
    const maxEntries = heap.dv.getUint32(pg + S.cfg + C.max_entries, true);
    let disposed = false;
    const scratch = { data: new Int32Array(0) }; // the boxes of update as int32, reused frame after frame
    const checkScratch = { data: new Int32Array(0) }; // findPairs' boxes, checked against those of update
    /** The boxes of build, update and updateAndFindPairs into wasm at boxesAt, all checked before
        any is written (converted into an array the grid keeps: no garbage a frame); their count.
        Inside core.scoped. */
    const stage = (boxes: unknown): number => {
      const list = boxList('boxes', boxes, maxObjects, 'maxObjects: raise it in sectors.create', scratch);
      if (list.count > 0) new Int32Array(heap.u8.buffer, boxesAt, list.count * 4).set(list.data);
      return list.count;
    };
    let count = -1;             // boxes of the last build or update that fitted, -1: none
    let failure = '';           // why the last build or update failed
    const live = () => { if (disposed) fail('this sector grid was disposed'); };
    const stored = () => new Int32Array(heap.u8.buffer, boxesAt, Math.max(count, 0) * 4);

    /** The memberships the boxes of a failed build needed (the core lists every box's sector range first). */
    const membershipsNeeded = (n: number): number => {
      const r = new Uint16Array(heap.u8.buffer, heap.dv.getUint32(pg + S.ranges, true), 4 * n);
      let total = 0;
      for (let i = 0; i < 4 * n; i += 4)
        if (r[i] !== NO_CELL) total += (r[i + 1] - r[i] + 1) * (r[i + 3] - r[i + 2] + 1);
      return total;
    };
    type Lister = (grid: number, boxes: number, count: number, stats: number, hooks: number) => number;
    /** Lists the n boxes staged at boxesAt (build or update) into stats ps; on failure the grid
        holds none, and says why. */
    const place = (n: number, fn: Lister, what: string, ps: number): void => {
      const r = fn(pg, boxesAt, n, ps, core.hooks);
      if (r !== RESULT.EO_OK) {
        count = -1;
        const name = RESULTS[r]?.name ?? String(r);
        if (r === RESULT.EO_ERR_BUFFER_TOO_SMALL) {
          const needed = membershipsNeeded(n);
          failure = `${what} failed with ${name}: the boxes need ${needed} (object, sector) memberships, more than maxEntries = ${maxEntries}`;
          throw core.error(r, what, `the boxes need ${needed} (object, sector) memberships, more than maxEntries = ${maxEntries}: ` +
            'raise maxEntries in sectors.create (a box is listed in every sector it touches); the grid is empty until a build fits');
        }
        failure = `${what} failed with ${name}`;
        core.check(r, what);
      }
      count = n;
      failure = '';
    };
    const fill = (fn: Lister, what: string) =>
      (boxes: unknown) => {
        live();
        return core.scoped(() => {
          const n = stage(boxes);
          const ps = core.newStats(what);
          place(n, fn, what, ps);
          return core.readStats(ps);
        });
      };
    /** The pairs of the boxes listed (count of them), adding the work to stats ps. */
    const pairsOf = (l: Uint16Array | undefined, ps: number, out: unknown, ov: Uint32Array | undefined, what: string) => {
      const pl = core.putLayers(l, count, what);
      return core.pairs((pp, cap, pc, first) =>
        x.eo_sectors_find_pairs(pg, boxesAt, pl, pp, cap, pc, first ? ps : 0, first ? core.hooks : 0), what, out as Uint32Array | undefined, ov, owner);
    };

    const grid: SectorGrid = {
      cols: heap.dv.getUint16(pg + S.cfg + C.cols, true), rows: heap.dv.getUint16(pg + S.cfg + C.rows, true),
      cellW: heap.dv.getUint32(pg + S.cell_w, true), cellH: heap.dv.getUint32(pg + S.cell_h, true),
      build: fill((g, b, n, s, h) => x.eo_sectors_build(g, b, n, s, h), 'sectors.build'),
      update: fill((g, b, n, s, h) => x.eo_sectors_update(g, b, n, s, h), 'sectors.update'),
      findPairs(boxes, layers, out) {
        const list = boxList('boxes', boxes, MAX_GRID_COUNT, '', checkScratch);
        const l = core.readLayers(layers, list.count);
        const ov = out === undefined ? undefined : typed('out', out, Uint32Array);
        live();
        if (count < 0)
          throw new EarlyoutError('EO_JS_STALE', failure
            ? `sectors.findPairs: ${failure}, so the grid holds no boxes: fix that and call update(boxes) again`
            : 'sectors.findPairs: nothing built yet: call build(boxes) or update(boxes) first');
        if (list.count !== count)
          throw new EarlyoutError('EO_JS_STALE', `findPairs needs the ${count} boxes of the last build or update, got ${list.count}: call update(boxes) first`);
        const changed = firstChange(stored(), list.data);
        if (changed >= 0) {
          const i = changed, was = Array.from(stored().subarray(4 * i, 4 * i + 4)).join(', '), is = Array.from(list.data.subarray(4 * i, 4 * i + 4)).join(', ');
          throw new EarlyoutError('EO_JS_STALE', `sectors.findPairs: box ${i} changed since the last build or update (${was} -> ${is}): call update(boxes) first`);
        }
        return core.scoped(() => {
          const ps = core.newStats('sectors.findPairs');
          const result = pairsOf(l, ps, out, ov, 'sectors.findPairs');
          return { ...result, stats: core.readStats(ps) };
        });
      },
      updateAndFindPairs(boxes, layers, out) {
        const what = 'sectors.updateAndFindPairs';
        const ov = out === undefined ? undefined : typed('out', out, Uint32Array);
        live();
        return core.scoped(() => {
          const n = stage(boxes);
          const l = core.readLayers(layers, n);
          const ps = core.newStats(what);
          place(n, (g, b, k, st, h) => x.eo_sectors_update(g, b, k, st, h), what, ps);
          const result = pairsOf(l, ps, out, ov, what);
          return { ...result, stats: core.readStats(ps) };
        });
      },
      ranges(out) {
        const o = out === undefined ? undefined : typed('out', out, Uint16Array);
        live();
        const n = heap.dv.getUint32(pg + S.object_count, true);
        const fits = o !== undefined && o.length >= n * 4;
        const result = fits ? o : new Uint16Array(n * 4);
        result.set(new Uint16Array(heap.u8.buffer, heap.dv.getUint32(pg + S.ranges, true), n * 4));
        return fits ? out! : result;
      },
      queryPoint(px, py, o) {
        const x0 = pixel('x', px), y0 = pixel('y', py);
        const q = ready('sectors.queryPoint', queryArgs(o));
        return core.scoped(() => {
          const [pl, pf] = putQuery(core, q, count, 'sectors.queryPoint');
          return listQuery(core, count, 'sectors.queryPoint', (po, cap, pc) =>
            x.eo_query_sectors_point(pg, boxesAt, pl, pf, x0, y0, po, cap, pc, core.hooks));
        });
      },
      queryRegion(region, o) {
        const b = box('region', region);
        const q = ready('sectors.queryRegion', queryArgs(o));
        return core.scoped(() => {
          const [pl, pf] = putQuery(core, q, count, 'sectors.queryRegion');
          const pr = core.putBox(b, 'sectors.queryRegion');
          return listQuery(core, count, 'sectors.queryRegion', (po, cap, pc) =>
            x.eo_query_sectors_region(pg, boxesAt, pl, pf, pr, po, cap, pc, core.hooks));
        });
      },
      dispose() {
        if (disposed) return;
        disposed = true;
        heap.untrack(owner);
        owner.release();
      },
    };
    /** The options of a query, once the grid holds a fitting build or update (else EO_ERR_NOT_READY). */
    function ready(what: string, q: QueryArgs) {
      live();
      if (count < 0)
        throw new EarlyoutError('EO_ERR_NOT_READY', failure
          ? `${what}: ${failure}, so the grid holds no boxes: fix that and call update(boxes) again`
          : `${what}: nothing built yet: call build(boxes) or update(boxes) first`);
      layersFit(q, count);
      return q;
    }
    GRIDS.set(grid, { core, pg, count: () => count, disposed: () => disposed });
    heap.track(grid, owner);
    return grid;
  }

  return {
    create,
    tune(boxes, configs, layers) {
      const list = boxList('boxes', boxes, MAX_GRID_COUNT);
      const l = core.readLayers(layers, list.count);
      if (!Array.isArray(configs)) fail('configs must be an array of 1..255 SectorsConfig');
      const kept = (configs as unknown[]).slice();
      if (kept.length === 0 || kept.length > 255) fail('configs must be an array of 1..255 SectorsConfig');
      const values = kept.map((c, i) => readConfig(`configs[${i}]`, c));
      return core.scoped(() => {
        const T = LAYOUT.sectors_tune_row;
        const pb = core.putBoxes(list, 'sectors.tune');
        const pl = core.putLayers(l, list.count, 'sectors.tune');
        const pcs = core.scratch(values.length * C.size, 'sectors.tune');
        let need = 0;
        values.forEach((v, i) => {
          writeConfig(heap.dv, pcs + i * C.size, v);
          need = Math.max(need, x.eo_sectors_storage_size(pcs + i * C.size));
        });
        const storage = core.scratch(need + 2, 'sectors.tune');
        const rows = core.scratch(values.length * T.size, 'sectors.tune');
        const best = core.scratch(1, 'sectors.tune');
        core.check(x.eo_sectors_tune(pb, list.count, pl, pcs, values.length, storage, need + 2, rows, best), 'sectors.tune');
        return {
          rows: kept.map((config, i) => {
            const p = rows + i * T.size;
            const r = heap.dv.getUint32(p + T.result, true);
            return { config: config as SectorsConfig, stats: core.readStats(p + T.stats), cost: heap.dv.getUint32(p + T.cost, true),
                     ...(r !== RESULT.EO_OK ? { error: RESULTS[r]?.name ?? String(r) } : {}) };
          }),
          best: heap.u8[best],
        };
      });
    },
  };
}
