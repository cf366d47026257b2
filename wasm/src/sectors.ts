// eo.sectors: the uniform-grid broadphase (core/include/earlyout/sectors.h).
import type { Core, Expect } from './core.js';
import { MAX_GRID_COUNT } from './core.js';
import { disposedError, EarlyoutError, fail } from './errors.js';
import { FIELD_TYPES, LAYOUT } from './generated/abi.js';
import { RESULT, RESULTS } from './generated/constants.js';
import { BOUNDS, boxSource, COORD_MAX, COORD_MIN, int, intoArray, intoObject, isInto, OptionReader, pixel, readBoxBounds, show, typed, type Typed, intoFailed } from './input.js';
import { layersFit, putFilter, QUERY, queryArgs, queryIndices, queryRoom, takeIndices, GRIDS } from './query.js';
import type { Owner } from './memory.js';
import type { BroadphaseStats, FoundPairs, SectorGrid, SectorsApi, SectorsConfig } from './types.js';

// off the Z80, eo_sectors_cell is uint16_t and eo_index uint32_t (core/include/earlyout/config.h, sectors.h)
type _Config = Expect<typeof FIELD_TYPES.sectors_config, { world_x: 'eo_coord'; world_y: 'eo_coord'; world_w: 'eo_coord'; world_h: 'eo_coord';
  cols: 'eo_sectors_cell'; rows: 'eo_sectors_cell'; max_objects: 'eo_index'; max_entries: 'eo_index' }>;
type _Sectors = Expect<typeof FIELD_TYPES.sectors, { cfg: 'eo_sectors_config'; cell_w: 'eo_ucoord'; cell_h: 'eo_ucoord'; object_count: 'eo_index';
  ranges: 'eo_sectors_range *' }>;
type _Range = Expect<typeof LAYOUT.sectors_range, { size: 8; col0: 0; col1: 2; row0: 4; row1: 6 }>;
type _Tune = Expect<typeof FIELD_TYPES.sectors_tune_row, { stats: 'eo_broadphase_stats'; cost: 'uint32_t'; result: 'eo_result' }>;

const CONFIG_KEYS = ['worldX', 'worldY', 'worldW', 'worldH', 'cols', 'rows', 'maxObjects', 'maxEntries'] as const;
const NO_CELL = 0xffff; // EO_SECTORS_NO_CELL
const HINT_ENTRIES = 'raise maxEntries in the config (a box is listed in every sector it touches)';

/** A config's own properties, each read once, checked: the values of an eo_sectors_config. */
function readConfig(name: string, config: unknown): number[] {
  const c = new OptionReader(name, CONFIG_KEYS).read(config === null ? undefined : config);
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
export function makeSectors(core: Core): SectorsApi {
  const x = core.x, heap = core.heap;
  const S = LAYOUT.sectors, C = LAYOUT.sectors_config, B = LAYOUT.box;

  /** The bytes of storage a config needs (eo_sectors_storage_size: 0 when invalid). */
  const storageSize = (v: number[]): number => core.scoped(() => {
    const p = core.scratch(C.size, 'sectors');
    writeConfig(heap.dv, p, v);
    return x.eo_sectors_storage_size(p);
  });
  /** The most bytes a grid's storage may take here: the instance's memory limit, less what it starts with. */
  const roomFor = () => heap.limit - heap.base - 65536;
  /** Why a config cannot be made here, naming the field to change and the most it can be with the
      rest of the config; null when it can be. The field is found by the core: the one whose default
      makes the config fit. EO_ERR_BAD_ARGUMENT when its storage is beyond what wasm can address at
      all (eo_sectors_storage_size answers 0), EO_JS_OUT_OF_MEMORY when it is beyond this instance's
      memory limit. */
  function configProblem(name: string, v: number[]): { code: 'EO_ERR_BAD_ARGUMENT' | 'EO_JS_OUT_OF_MEMORY'; message: string } | null {
    const fits = (t: number[]) => { const need = storageSize(t); return need > 0 && need <= roomFor(); };
    if (fits(v)) return null;
    const code = storageSize(v) === 0 ? 'EO_ERR_BAD_ARGUMENT' : 'EO_JS_OUT_OF_MEMORY';
    const limit = `this instance's wasm memory (${heap.limit} bytes: loadEarlyout's maxMemory, at most 2 GiB)`;
    for (const f of [6, 7, 4, 5]) { // maxObjects, maxEntries, cols, rows: what storage grows with
      if (v[f] === 0) continue;
      const t = v.slice();
      t[f] = 0;
      if (!fits(t)) continue;
      // the most this field can be, the others as given (storage grows with it)
      let lo = 1, hi = v[f];
      t[f] = 1;
      if (!fits(t)) continue;
      while (lo < hi) { const mid = lo + Math.ceil((hi - lo) / 2); t[f] = mid; if (fits(t)) lo = mid; else hi = mid - 1; }
      return { code, message: `${name}.${CONFIG_KEYS[f]} = ${v[f]} makes the grid's storage larger than ${limit} can hold: ` +
        `with the rest of this config, ${CONFIG_KEYS[f]} can be at most ${lo}` };
    }
    return { code, message: `${name}: maxObjects = ${v[6] || 64}, maxEntries = ${v[7] || 'the default (4 per object)'} and cols x rows = ` +
      `${v[4] || 2} x ${v[5] || 2} need more storage than ${limit} can hold: lower maxObjects, maxEntries, cols or rows` };
  }

  function create(config?: SectorsConfig): SectorGrid {
    const values = readConfig('config', config);
    const problem = configProblem('config', values);
    if (problem !== null) throw new EarlyoutError(problem.code, `sectors.create: ${problem.message}`);
    const need = storageSize(values);
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
    const cols = heap.dv.getUint16(pg + S.cfg + C.cols, true), rows = heap.dv.getUint16(pg + S.cfg + C.rows, true);
    const cellW = heap.dv.getUint32(pg + S.cell_w, true), cellH = heap.dv.getUint32(pg + S.cell_h, true);
    let disposed = false;
    const site = { hint: 0 }, betweenSite = { hint: 0 }; // the pairs of the last frame: the next one's guess
    let count = -1;             // boxes of the last build or update that fitted, -1: none
    let failure = '';           // why the last build or update failed
    const live = () => { if (disposed) disposedError('this sector grid'); };
    const boxMax = 'maxObjects: raise it in sectors.create';

    /** The memberships the boxes of a failed build needed (the core lists every box's sector range first). */
    const membershipsNeeded = (n: number): number => {
      const u16 = heap.u16, at = heap.u32[(pg + S.ranges) >>> 2] >>> 1;
      let total = 0;
      for (let i = 0; i < 4 * n; i += 4)
        if (u16[at + i] !== NO_CELL) total += (u16[at + i + 1] - u16[at + i] + 1) * (u16[at + i + 3] - u16[at + i + 2] + 1);
      return total;
    };
    /** Copies the boxes of build, update and updateAndFindPairs to boxesAt, converted and checked
      into scratch first (so a bad box changes nothing); their count. Inside a call (enter). */
    const stage = (src: Typed, what: string): number => {
      const n = src.length >>> 2, p = core.putBoxes(src, what);
      heap.u8.copyWithin(boxesAt, p, p + n * B.size);
      return n;
    };
    /** Lists the n boxes staged at boxesAt (build or update) into stats ps; on failure the grid
        holds none, and says why. */
    const place = (n: number, update: boolean, what: string, ps: number): void => {
      const r = update ? x.eo_sectors_update(pg, boxesAt, n, ps, core.hooks) : x.eo_sectors_build(pg, boxesAt, n, ps, core.hooks);
      if (r !== RESULT.EO_OK) {
        count = -1;
        const name = RESULTS[r]?.name ?? String(r);
        if (r === RESULT.EO_ERR_BUFFER_TOO_SMALL) {
          const needed = membershipsNeeded(n);
          failure = `${what} failed with ${name}: the boxes need ${needed} (object, sector) memberships, more than maxEntries = ${maxEntries}`;
          throw core.error(r, what, `the boxes need ${needed} (object, sector) memberships, more than maxEntries = ${maxEntries}: ` +
            `${HINT_ENTRIES.replace('the config', 'sectors.create')}; the grid is empty until a build fits`);
        }
        failure = `${what} failed with ${name}`;
        core.check(r, what);
      }
      count = n;
      failure = '';
    };
    // the pair call, made once per grid (no closure a frame): what it reads is set just before
    let callLayers = 0, callStats = 0, callA = 0, callB = 0;
    const findCall = (pp: number, cap: number, pc: number, first: boolean) =>
      x.eo_sectors_find_pairs(pg, boxesAt, callLayers, pp, cap, pc, first ? callStats : 0, first ? core.hooks : 0);
    const betweenCall = (pp: number, cap: number, pc: number, first: boolean) =>
      x.eo_sectors_find_pairs_between(pg, boxesAt, callLayers, callA, callB, pp, cap, pc, first ? callStats : 0, first ? core.hooks : 0);
    const stale = (why: string) => new EarlyoutError('EO_JS_STALE', why);
    /** The out argument of findPairs / updateAndFindPairs, read before memory is touched. */
    let outView: Uint32Array | undefined, outInto: Record<string, unknown> | undefined, outStats: Record<string, unknown> | undefined;
    const readOut = (out: unknown) => {
      let view: Uint32Array | undefined, into: Record<string, unknown> | undefined, st: Record<string, unknown> | undefined;
      if (out !== undefined) {
        if (isInto('out', out)) { into = out; view = intoArray('out', out, 'pairs', Uint32Array); st = intoObject(out, 'stats'); }
        else view = typed('out', out, Uint32Array);
      }
      outView = view; outInto = into; outStats = st;
    };
    const grid: SectorGrid = {
      get cols() { live(); return cols; },
      get rows() { live(); return rows; },
      get cellW() { live(); return cellW; },
      get cellH() { live(); return cellH; },
      build(boxes, into) { return fill(boxes, into, false, 'sectors.build'); },
      update(boxes, into) { return fill(boxes, into, true, 'sectors.update'); },
      findPairs(boxes, layers, out) {
        const what = 'sectors.findPairs';
        const src = boxSource('boxes', boxes, MAX_GRID_COUNT);
        const l = core.readLayers(layers, src.length >>> 2);
        readOut(out);
        const view = outView, into = outInto, stats = outStats;
        live();
        if (count < 0)
          throw stale(failure
            ? `${what}: ${failure}, so the grid holds no boxes: fix that and call update(boxes) again`
            : `${what}: nothing built yet: call build(boxes) or update(boxes) first`);
        const n = src.length >>> 2;
        if (n !== count) throw stale(`${what} needs the ${count} boxes of the last build or update, got ${n}: call update(boxes) first`);
        const m = core.enter();
        try {
          const p = core.putBoxes(src, what), i32 = heap.i32, a = p >>> 2, b = boxesAt >>> 2;
          for (let k = 0; k < 4 * n; k++) {
            if (i32[a + k] === i32[b + k]) continue;
            const i = k >>> 2, was = Array.from(i32.subarray(b + 4 * i, b + 4 * i + 4)).join(', '), is = Array.from(i32.subarray(a + 4 * i, a + 4 * i + 4)).join(', ');
            throw stale(`${what}: box ${i} changed since the last build or update (${was} -> ${is}): call update(boxes) first`);
          }
          const ps = core.newStats(what);
          callStats = ps;
          callLayers = core.putLayers(l, n, what);
          return answer2(findCall, site, out, into, view, stats, ps, what);
        } finally {
          core.leave(m);
        }
      },
      updateAndFindPairs(boxes, layers, out) {
        const what = 'sectors.updateAndFindPairs';
        const src = boxSource('boxes', boxes, maxObjects, boxMax);
        return updateAndPair(src, core.readLayers(layers, src.length >>> 2), out, what, findCall, site);
      },
      updateAndFindPairsBetween(boxes, layers, groupA, groupB, out) {
        const what = 'sectors.updateAndFindPairsBetween';
        const src = boxSource('boxes', boxes, maxObjects, boxMax);
        if (layers === undefined) fail(`${what}: layers are required (category, collidesWith per box): the categories say which group each box is in`);
        const l = core.readLayers(layers, src.length >>> 2);
        callA = int('groupA', groupA, 1, 65535); callB = int('groupB', groupB, 1, 65535);
        return updateAndPair(src, l, out, what, betweenCall, betweenSite);
      },
      ranges(out) {
        const o = out === undefined ? undefined : typed('out', out, Uint16Array);
        live();
        const n = heap.u32[(pg + S.object_count) >>> 2];
        const result = o !== undefined && o.length >= n * 4 ? o : new Uint16Array(n * 4);
        const u16 = heap.u16, at = heap.u32[(pg + S.ranges) >>> 2] >>> 1;
        for (let k = 0; k < 4 * n; k++) result[k] = u16[at + k];
        return result === o ? out as Uint16Array : result;
      },
      queryPoint(px: unknown, py: unknown, o?: unknown, into?: unknown) {
        const what = 'sectors.queryPoint';
        const x0 = pixel('x', px), y0 = pixel('y', py);
        queryArgs(o);
        const layers = QUERY.layers, filter = QUERY.filter, cat = QUERY.category, col = QUERY.collidesWith;
        const indices = queryIndices(into);
        ready(what, layers);
        const m = core.enter();
        try {
          const pl = core.putLayers(layers, count, what), pf = putFilter(core, filter, cat, col, what), po = queryRoom(core, count, what);
          core.check(x.eo_query_sectors_point(pg, boxesAt, pl, pf, x0, y0, po + 4, Math.max(count, 1), po, core.hooks), what);
          return takeIndices(core, po, into as Record<string, unknown> | undefined, indices);
        } finally {
          core.leave(m);
        }
      },
      queryRegion(region: unknown, o?: unknown, into?: unknown) {
        const what = 'sectors.queryRegion';
        readBoxBounds('region', region);
        const r0 = BOUNDS[0], r1 = BOUNDS[1], r2 = BOUNDS[2], r3 = BOUNDS[3];
        queryArgs(o);
        const layers = QUERY.layers, filter = QUERY.filter, cat = QUERY.category, col = QUERY.collidesWith;
        const indices = queryIndices(into);
        ready(what, layers);
        const m = core.enter();
        try {
          const pr = core.scratch(B.size, what);
          { const i32 = heap.i32, k = pr >>> 2; i32[k] = r0; i32[k + 1] = r1; i32[k + 2] = r2; i32[k + 3] = r3; }
          const pl = core.putLayers(layers, count, what), pf = putFilter(core, filter, cat, col, what), po = queryRoom(core, count, what);
          core.check(x.eo_query_sectors_region(pg, boxesAt, pl, pf, pr, po + 4, Math.max(count, 1), po, core.hooks), what);
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
    } as SectorGrid;

    function fill(boxes: unknown, into: unknown, update: boolean, what: string): BroadphaseStats {
      const src = boxSource('boxes', boxes, maxObjects, boxMax);
      if (into !== undefined && !isInto('into', into)) fail(`into must be a BroadphaseStats object to fill, got ${show(into)}`);
      live();
      const m = core.enter();
      try {
        const n = stage(src, what);
        const ps = core.newStats(what);
        place(n, update, what, ps);
        return core.readStats(ps, into as BroadphaseStats | undefined);
      } finally {
        core.leave(m);
      }
    }
    /** A frame in one call: update(src), then call's pairs over those boxes (read and copied once). */
    function updateAndPair(src: Typed, l: Uint16Array | undefined, out: unknown, what: string,
                           call: typeof findCall, callSite: { hint: number }): FoundPairs {
      readOut(out);
      const view = outView, into = outInto, stats = outStats;
      live();
      const m = core.enter();
      try {
        const n = stage(src, what);
        const ps = core.newStats(what);
        place(n, true, what, ps);
        callStats = ps;
        callLayers = core.putLayers(l, n, what);
        return answer2(call, callSite, out, into, view, stats, ps, what);
      } finally {
        core.leave(m);
      }
    }
    function answer2(call: typeof findCall, callSite: { hint: number }, out: unknown, into: Record<string, unknown> | undefined,
                     view: Uint32Array | undefined, stats: Record<string, unknown> | undefined, ps: number, what: string): FoundPairs {
      const arr = core.pairs(call, what, view, into !== undefined, out, callSite);
      const n = core.pairCount;
      const st = core.readStats(ps, stats as BroadphaseStats | undefined);
      if (into === undefined) return { count: n, pairs: arr, stats: st };
      { try { into.count = n; into.pairs = arr; into.stats = st; } catch (e) { intoFailed(e); } }
      return into as unknown as FoundPairs;
    }
    /** The query can run: the grid holds a fitting build or update (else EO_ERR_NOT_READY). */
    function ready(what: string, layers: Uint16Array | undefined) {
      live();
      if (count < 0)
        throw new EarlyoutError('EO_ERR_NOT_READY', failure
          ? `${what}: ${failure}, so the grid holds no boxes: fix that and call update(boxes) again`
          : `${what}: nothing built yet: call build(boxes) or update(boxes) first`);
      layersFit(layers, count);
    }
    GRIDS.set(grid, { core, pg, count: () => count, disposed: () => disposed });
    heap.track(grid, owner);
    return grid;
  }

  return {
    create,
    tune(boxes, configs, layers) {
      const src = boxSource('boxes', boxes, MAX_GRID_COUNT);
      const n = src.length >>> 2;
      const l = core.readLayers(layers, n);
      if (!Array.isArray(configs)) fail('configs must be an array of 1..255 SectorsConfig');
      const kept = (configs as unknown[]).slice();
      if (kept.length === 0 || kept.length > 255) fail('configs must be an array of 1..255 SectorsConfig');
      const values = kept.map((c, i) => readConfig(`configs[${i}]`, c));
      const problems = values.map((v, i) => configProblem(`configs[${i}]`, v));
      // configs that cannot be made here are marked and left out; the core runs the others
      const runnable = values.map((v, i) => (problems[i] !== null ? null : v)).filter((v): v is number[] => v !== null);
      const ran = runnable.length === 0 ? null : core.scoped(() => {
        const T = LAYOUT.sectors_tune_row;
        const pb = core.putBoxes(src, 'sectors.tune');
        const pl = core.putLayers(l, n, 'sectors.tune');
        const pcs = core.scratch(runnable.length * C.size, 'sectors.tune');
        let need = 0;
        runnable.forEach((v, i) => {
          writeConfig(heap.dv, pcs + i * C.size, v);
          need = Math.max(need, x.eo_sectors_storage_size(pcs + i * C.size));
        });
        const storage = core.scratch(need + 2, 'sectors.tune');
        const rows = core.scratch(runnable.length * T.size, 'sectors.tune');
        const best = core.scratch(1, 'sectors.tune');
        const r = x.eo_sectors_tune(pb, n, pl, pcs, runnable.length, storage, need + 2, rows, best);
        if (r !== RESULT.EO_OK && r !== RESULT.EO_ERR_BUFFER_TOO_SMALL && r !== RESULT.EO_ERR_BAD_ARGUMENT) core.check(r, 'sectors.tune');
        return runnable.map((v, i) => {
          const p = rows + i * T.size;
          return { stats: core.readStats(p + T.stats), cost: heap.dv.getUint32(p + T.cost, true), result: heap.dv.getUint32(p + T.result, true),
                   best: r === RESULT.EO_OK && heap.u8[best] === i };
        });
      });
      const zero = () => core.scoped(() => core.readStats(core.newStats('sectors.tune')));
      let k = 0, best = -1;
      const rows = kept.map((config, i) => {
        const problem = problems[i];
        if (problem !== null) return { config: config as SectorsConfig, stats: zero(), cost: 0, error: problem.code, message: problem.message };
        const row = ran![k++];
        if (row.best) best = i;
        if (row.result === RESULT.EO_OK) return { config: config as SectorsConfig, stats: row.stats, cost: row.cost };
        const code = RESULTS[row.result]?.name ?? String(row.result);
        return { config: config as SectorsConfig, stats: row.stats, cost: row.cost, error: code, message: tuneMessage(row.result, values[i], src, n, l) };
      });
      return { rows, best };
    },
  };

  /** Why a config that could be made did not run in tune: for too few memberships, what build says,
      with the count the boxes need now, or that they fit now but not wherever they may move. */
  function tuneMessage(r: number, v: number[], src: Typed, n: number, l: Uint16Array | undefined): string {
    if (r !== RESULT.EO_ERR_BUFFER_TOO_SMALL) return RESULTS[r]?.text ?? `result ${r}`;
    // the config on its own, in scratch: build these boxes and count the memberships they need
    return core.scoped(() => {
      const need = storageSize(v);
      const pg = core.scratch(S.size + C.size + 16 + need, 'sectors.tune');
      const pcfg = pg + S.size, storage = Math.ceil((pcfg + C.size) / 16) * 16;
      writeConfig(heap.dv, pcfg, v);
      core.check(x.eo_sectors_init(pg, pcfg, storage, need), 'sectors.tune');
      const entries = heap.dv.getUint32(pg + S.cfg + C.max_entries, true);
      const pb = core.putBoxes(src, 'sectors.tune'), ps = core.newStats('sectors.tune');
      void l;
      const r2 = x.eo_sectors_build(pg, pb, n, ps, 0);
      if (r2 === RESULT.EO_ERR_BUFFER_TOO_SMALL) {
        const u16 = heap.u16, at = heap.u32[(pg + S.ranges) >>> 2] >>> 1;
        let needed = 0;
        for (let i = 0; i < 4 * n; i += 4)
          if (u16[at + i] !== NO_CELL) needed += (u16[at + i + 1] - u16[at + i] + 1) * (u16[at + i + 3] - u16[at + i + 2] + 1);
        return `the boxes need ${needed} (object, sector) memberships, more than maxEntries = ${entries}: ${HINT_ENTRIES}`;
      }
      const now = core.readStats(ps).insertions;
      return `maxEntries = ${entries} holds these boxes where they are (${now} memberships) but not wherever they may move ` +
        `(each in the most sectors its size can touch): ${HINT_ENTRIES}`;
    });
  }
}
