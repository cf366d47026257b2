// The shared vectors through the wasm module's public JS API: the result bytes must equal the
// native build's, byte for byte (build/vectors/<module>.native.out, written by `make test-vectors`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { loadEarlyout, LAYOUT_8, LAYOUT_16, LAYOUT_32, EarlyoutError, HIT } from '../../build/wasm/pkg/earlyout.js';

const root = new URL('../../', import.meta.url);
const LAYOUTS = [LAYOUT_8, LAYOUT_16, LAYOUT_32, { bits: 12, cellShiftX: 5, cellShiftY: 5, screenW: 256, screenH: 192 }];
const METHODS = ['span', 'endpoints', 'invalid-method'];
// The core's result codes (core/include/earlyout/common.h); JS-side argument checks stand in for
// EO_ERR_BAD_ARGUMENT, the code the core returns for the same input.
const RESULT = { EO_OK: 0, EO_ERR_NULL_POINTER: 1, EO_ERR_BAD_ARGUMENT: 2, EO_ERR_BAD_LAYOUT: 3, EO_ERR_BUFFER_TOO_SMALL: 4, EO_ERR_NOT_READY: 5, EO_JS_BAD_ARGUMENT: 2 };
const VERDICT = { maybe: 0, 'apart-x': 1, 'apart-y': 2 };

function attempt(fn) {
  try {
    return [0, fn()];
  } catch (e) {
    if (!(e instanceof EarlyoutError) || !(e.code in RESULT)) throw e;
    return [RESULT[e.code], undefined];
  }
}

/** A coordinate field reader: 16-bit, or 32-bit in a wide file (header byte 5 = 4; vectors.h). */
function coords(vec, dv) {
  const cw = vec[5] === 4 ? 4 : 2;
  return { cw, get: cw === 4 ? (o) => dv.getInt32(o, true) : (o) => dv.getInt16(o, true) };
}

function runGridmask(eo, vec) {
  const dv = new DataView(vec.buffer, vec.byteOffset, vec.byteLength);
  const { cw, get } = coords(vec, dv);
  const count = dv.getUint16(6, true);
  const out = new Uint8Array(8 + count * 10);
  const ov = new DataView(out.buffer);
  out.set([0x45, 0x4f, 0x52, 0x31, vec[4], 10, vec[6], vec[7]]);
  for (let i = 0; i < count; i++) {
    const c = 8 + i * (2 + 8 * cw);
    const layout = LAYOUTS[vec[c] & 3];
    const method = METHODS[Math.min(vec[c + 1], 2)];
    const box = (o) => ({ x: get(o), y: get(o + cw), w: get(o + 2 * cw), h: get(o + 3 * cw) });
    const [ra, ma = 0] = attempt(() => eo.gridmask.build(layout, method, box(c + 2)));
    const [rb, mb = 0] = attempt(() => eo.gridmask.build(layout, method, box(c + 2 + 4 * cw)));
    const [rv, verdict] = attempt(() => eo.gridmask.test(layout, ma, mb));
    const r = 8 + i * 10;
    out[r] = ra | (rb << 4);
    ov.setUint32(r + 1, ma, true);
    ov.setUint32(r + 5, mb, true);
    out[r + 9] = rv === 0 ? VERDICT[verdict] : rv; // the core's EO_GRIDMASK_BAD_LAYOUT is 3 = EO_ERR_BAD_LAYOUT
  }
  return out;
}

function header(vec, resultSize) {
  const count = vec[6] | (vec[7] << 8);
  const out = new Uint8Array(8 + count * resultSize);
  out.set([0x45, 0x4f, 0x52, 0x31, vec[4], resultSize, vec[6], vec[7]]);
  return { count, out, dv: new DataView(vec.buffer, vec.byteOffset, vec.byteLength) };
}

function runAabb(eo, vec) {
  const { count, out, dv } = header(vec, 2);
  const { cw, get } = coords(vec, dv);
  for (let i = 0; i < count; i++) {
    const c = 8 + i * (2 + 8 * cw), r = 8 + i * 2, g = (o) => get(c + o);
    if (vec[c] === 0) {
      const box = (o) => ({ x: g(o), y: g(o + cw), w: g(o + 2 * cw), h: g(o + 3 * cw) });
      const { overlap, comparisons } = eo.aabb.overlap(box(2), box(2 + 4 * cw), vec[c + 1] === 1 ? 'y-first' : 'x-first');
      out[r] = overlap ? 1 : 0;
      out[r + 1] = comparisons;
    } else {
      const [res, hit] = attempt(() => eo.circle.overlap({ x: g(2), y: g(2 + cw), r: g(2 + 2 * cw) }, { x: g(2 + 3 * cw), y: g(2 + 4 * cw), r: g(2 + 5 * cw) }));
      out[r] = res;
      out[r + 1] = res === 0 ? (hit ? 1 : 0) : 0xff;
    }
  }
  return out;
}

// Mirrors run_sectors_case in tests/vectors/vectors.c through the JS API. The C runner keeps at
// most PAIRS_SHOWN pairs, so its find_pairs reports EO_ERR_BUFFER_TOO_SMALL (4) past that.
const PAIRS_SHOWN = 24, SECTORS_RESULT = 164;
function runSectors(eo, vec) {
  const { count, out, dv } = header(vec, SECTORS_RESULT);
  let at = 8;
  const put16 = (p, v) => { v = Math.min(v, 0xffff); out[p] = v & 0xff; out[p + 1] = v >> 8; };
  const putPairs = (p, list) => { for (let k = 0; k < Math.min(list.count, PAIRS_SHOWN); k++) { out[p + 2 * k] = list.pairs[2 * k]; out[p + 2 * k + 1] = list.pairs[2 * k + 1]; } };
  const shown = (list) => (list.count > PAIRS_SHOWN ? 4 : 0);
  for (let i = 0; i < count; i++) {
    const g = (o) => dv.getInt16(at + o, true);
    const config = { worldX: g(0), worldY: g(2), worldW: g(4), worldH: g(6), cols: vec[at + 8], rows: vec[at + 9],
                     maxObjects: 32, maxEntries: vec[at + 10] | (vec[at + 11] << 8) };
    const n = vec[at + 12], flags = vec[at + 13];
    let p = at + 14;
    const boxes = new Int16Array(n * 4);
    for (let k = 0; k < n * 4; k++, p += 2) boxes[k] = dv.getInt16(p, true);
    let layers;
    if (flags & 1) { layers = new Uint16Array(n * 2); for (let k = 0; k < n * 2; k++, p += 2) layers[k] = dv.getUint16(p, true); }
    const moves = vec.subarray(p, p + 2 * n);
    at = p + 2 * n;
    let r = 8 + i * SECTORS_RESULT;

    const [initRes, grid] = attempt(() => eo.sectors.create(config));
    let res = initRes, list = { count: 0 }, st = { insertions: 0, candidatePairs: 0, boxTests: 0 };
    if (grid) {
      const [br, bst] = attempt(() => grid.build(boxes));
      res = br;
      if (br === 0) {
        list = grid.findPairs(boxes, layers);
        st = { insertions: bst.insertions, candidatePairs: list.stats.candidatePairs, boxTests: list.stats.boxTests };
        res = shown(list);
      }
    }
    out[r] = res; put16(r + 1, list.count); put16(r + 3, st.insertions); put16(r + 5, st.candidatePairs); put16(r + 7, st.boxTests);
    putPairs(r + 9, list);
    r += 9 + 2 * PAIRS_SHOWN;

    for (let k = 0; k < n; k++) { boxes[4 * k] += (moves[2 * k] << 24) >> 24; boxes[4 * k + 1] += (moves[2 * k + 1] << 24) >> 24; }
    list = { count: 0 };
    let moved = 0, churn = 0;
    if (grid) {
      const [ur, ust] = attempt(() => grid.update(boxes));
      res = ur;
      if (ur === 0) {
        list = grid.findPairs(boxes, layers);
        moved = ust.objectsMoved; churn = ust.insertions + ust.removals;
        res = shown(list);
      }
      grid.dispose();
    }
    out[r] = res; put16(r + 1, list.count); out[r + 3] = moved; put16(r + 4, churn);
    putPairs(r + 6, list);
    r += 6 + 2 * PAIRS_SHOWN;

    const sweeper = eo.sweep.create(32);
    list = sweeper.findPairs(boxes, flags & 2 ? 'y' : 'x', layers);
    sweeper.dispose();
    out[r] = shown(list); put16(r + 1, list.count); put16(r + 3, list.stats.boxTests);
    putPairs(r + 5, list);
  }
  return out;
}

// Mirrors run_pixelmask_case: bit-packed sprites become index arrays for fromIndices.
function runPixelmask(eo, vec) {
  const { count, out, dv } = header(vec, 14);
  const { cw, get } = coords(vec, dv);
  const ov = new DataView(out.buffer);
  let at = 8;
  const sprite = (w, h, p) => {
    const rowBytes = (w + 7) >> 3, idx = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) idx[y * w + x] = (vec[p + y * rowBytes + (x >> 3)] >> (x & 7)) & 1;
    return [eo.pixelmask.fromIndices(idx, w, h), rowBytes * h];
  };
  for (let i = 0; i < count; i++) {
    const [wa, ha, wb, hb] = vec.subarray(at, at + 4);
    const ax = get(at + 4), ay = get(at + 4 + cw), bx = get(at + 4 + 2 * cw), by = get(at + 4 + 3 * cw);
    const [a, usedA] = sprite(wa, ha, at + 4 + 4 * cw);
    const [b, usedB] = sprite(wb, hb, at + 4 + 4 * cw + usedA);
    at += 4 + 4 * cw + usedA + usedB;
    const r = 8 + i * 14;
    // a contact pixel past the int32 range is an error (wide files only): the C runner shows found 0
    const [, contact = null] = attempt(() => eo.pixelmask.firstContact(a, ax, ay, b, bx, by));
    out[r] = 0;
    out[r + 1] = eo.pixelmask.overlap(a, ax, ay, b, bx, by) ? 1 : 0;
    out[r + 2] = eo.pixelmask.overlapReference(a, ax, ay, b, bx, by) ? 1 : 0;
    out[r + 3] = contact ? 1 : 0;
    ov.setInt32(r + 4, contact ? contact.x : 0, true);
    ov.setInt32(r + 8, contact ? contact.y : 0, true);
    ov.setUint16(r + 12, Math.min(eo.pixelmask.area(a, ax, ay, b, bx, by), 0xffff), true);
    a.dispose();
    b.dispose();
  }
  return out;
}

// Mirrors run_tiles_case (tests/vectors/vectors.c) through eo.tiles.createMap and the TileMap.
// Map records: see vectors.h; a record that shares cells reads them from an earlier map's.
// Flags the API has no option for become an unknown option (refused, like the core's bad flags).
const TILES_RESULT = 24;
function tileMaps(vec, dv) {
  const maps = [];
  let at = 9;
  for (let k = 0; k < vec[8]; k++) {
    const m = { width: dv.getUint16(at, true), height: dv.getUint16(at + 2, true), shift: vec[at + 4], outside: vec[at + 5],
                rows: vec[at + 6], slopes: vec[at + 7], from: vec[at + 8], attrs: vec.subarray(at + 9, at + 25) };
    m.heights = vec.subarray(at + 25, at + 25 + 8 * m.slopes);
    at += 25 + 8 * m.slopes;
    if (m.from === 0xff) {
      const n = Math.min(m.width * m.height, 768);
      m.cells = new Uint8Array(n);
      for (let i = 0; i < n; i++) m.cells[i] = (vec[at + (i >> 1)] >> ((i & 1) * 4)) & 15;
      at += (n + 1) >> 1;
    } else {
      m.cells = maps[m.from].cells;
    }
    maps.push(m);
  }
  return [maps, at];
}

const OUTSIDE = ['solid', 'empty', 'open-top'];
function createMap(eo, m) {
  const attrs = new Uint8Array(256);
  attrs.set(m.attrs);
  return attempt(() => eo.tiles.createMap({
    width: m.width, height: m.height, tileSize: 1 << (m.shift === 0 ? 3 : m.shift),
    outside: OUTSIDE[m.outside] ?? `outside-${m.outside}`,
    cells: m.cells.length >= m.width * m.height ? m.cells.subarray(0, m.width * m.height) : undefined, attrs,
    slopes: m.slopes > 0 ? m.heights : undefined, rowTable: m.rows === 1,
  }));
}

function runTiles(eo, vec) {
  const { count, out, dv } = header(vec, TILES_RESULT);
  const ov = new DataView(out.buffer);
  const [records, casesAt] = tileMaps(vec, dv);
  const made = records.map((m) => createMap(eo, m));
  const options = (flags, names) => {
    const o = {};
    if (flags & 1) o.drop = true;
    if (flags & 2) o.positionOnly = true;
    if (flags & 4) o.corners = true;
    if (flags & 8) o.slide = true;
    if (flags & ~15) o.unknownFlag = true;
    return flags === 0 && names === undefined ? undefined : o;
  };
  const putMove = (r, res) => {
    ov.setInt16(r + 2, res.box.x, true); ov.setInt16(r + 4, res.box.y, true);
    ov.setInt16(r + 6, res.box.w, true); ov.setInt16(r + 8, res.box.h, true);
    out[r + 10] = res.hit; out[r + 11] = res.touching; out[r + 12] = res.below; out[r + 13] = res.onGround ? 1 : 0;
    ov.setInt32(r + 14, res.movedX, true); ov.setInt32(r + 18, res.movedY, true);
  };
  const putGround = (r, g) => {
    if (g === null) return;
    out[r + 2] = 1; out[r + 3] = g.sensor; out[r + 4] = g.height; out[r + 5] = g.attr;
    ov.setInt16(r + 6, g.col, true); ov.setInt16(r + 8, g.row, true); ov.setInt16(r + 10, g.groundY, true); ov.setInt16(r + 12, g.distance, true);
    ov.setInt16(r + 14, g.slope, true);
  };
  const wrap16 = (v) => (v << 16) >> 16;
  for (let i = 0; i < count; i++) {
    const c = casesAt + i * 17, r = 8 + i * TILES_RESULT, g = (o) => dv.getInt16(c + o, true);
    const [check, map] = made[vec[c]];
    const op = vec[c + 1], a = vec[c + 14], b = vec[c + 15], cc = vec[c + 16];
    const box = { x: g(2), y: g(4), w: g(6), h: g(8) }, dx = g(10), dy = g(12);
    out[r + 1] = check;
    if (check !== 0) { out[r] = 0xff; continue; }
    let res = 0;
    if (op === 0 || op === 7) {
      const cache = b & 1 ? map.createCache() : undefined;
      if (cache) attempt(() => map.touching(box, cache));
      const o = options(a, cache);
      if (cache) o.cache = cache;
      let moved;
      [res, moved] = attempt(() => (op === 7 ? map.sweep(box, dx, dy, o) : map.move(box, dx, dy, o)));
      if (res === 0) putMove(r, moved);
      if (cache) cache.dispose();
    } else if (op === 1) {
      let walked;
      [res, walked] = attempt(() => map.walk(box, dx, a, options(b)));
      if (res === 0) putMove(r, walked);
    } else if (op === 2) {
      let probed;
      [res, probed] = attempt(() => map.probe(box, a === 0 ? 'edges' : a === 1 ? 'corners' : `mode-${a}`));
      if (res === 0) {
        const n = probed.points.length;
        ov.setUint16(r + 2, n, true);
        out[r + 4] = probed.kinds;
        for (let k = 0; k < 2; k++) {
          const at = cc + k;
          if (at < n && at < b) {
            const pt = probed.points[at], p = r + 5 + 9 * k;
            ov.setInt16(p, pt.x, true); ov.setInt16(p + 2, pt.y, true); ov.setInt16(p + 4, pt.col, true); ov.setInt16(p + 6, pt.row, true);
            out[p + 8] = pt.attr;
            out[r + 23] |= (pt.outside ? 1 : 0) << k;
          }
        }
        res = n > b ? 4 : 0; // the C runner's probe buffer holds b points (EO_ERR_BUFFER_TOO_SMALL past that)
      }
    } else if (op === 3) {
      const cache = map.createCache();
      const [r1, t1 = { touching: 0, below: 0 }] = attempt(() => map.touching(box, cache));
      const [r2, t2 = { touching: 0, below: 0 }] = attempt(() => map.touching({ ...box, x: wrap16(box.x + dx), y: wrap16(box.y + dy) }, cache));
      cache.dispose();
      res = r1;
      out[r + 2] = t1.touching; out[r + 3] = t1.below; out[r + 4] = r2; out[r + 5] = t2.touching; out[r + 6] = t2.below;
    } else if (op === 4) {
      let ground;
      [res, ground] = attempt(() => map.groundAt(box.x, box.y));
      if (res === 0) putGround(r, ground);
    } else if (op === 5) {
      let ground;
      [res, ground] = attempt(() => map.boxGround(box, a === 0 ? 'every' : a));
      if (res === 0) putGround(r, ground);
    } else if (op === 6) {
      // a frames of the vectors' platformer character (run_mover in vectors.c)
      let speed = dx, vy = 0, hits = 0, b2 = box, last;
      [res, last] = attempt(() => {
        let m;
        for (let f = 0; f < a; f++) {
          m = map.walk(b2, speed, b);
          hits |= m.hit; b2 = m.box;
          if (m.hit & (HIT.LEFT | HIT.RIGHT)) speed = -speed;
          if (m.onGround) vy = cc !== 0 && f % cc === cc - 1 ? dy : 0;
          else if (vy < 8) vy++;
          m = map.move(b2, 0, vy);
          hits |= m.hit; b2 = m.box;
          if (m.hit & (HIT.TOP | HIT.BOTTOM)) vy = 0;
        }
        return m;
      });
      if (res === 0) {
        putMove(r, { ...last, hit: hits, movedX: b2.x - box.x, movedY: b2.y - box.y });
        out[r + 22] = vy & 0xff;
      }
    } else if (op === 8) {
      // a character's frame: max step a, flags b, reach c (255: 'always')
      let moved;
      const o = options(b, 'always') ?? {};
      if (o.corners) { delete o.corners; o.slide = true; } // the JS API has no corners: any refused option is refused
      [res, moved] = attempt(() => map.moveCharacter(box, dx, dy, a, { ...o, reach: cc === 255 ? 'always' : cc }));
      if (res === 0) {
        putMove(r, moved);
        ov.setInt16(r + 14, moved.movedX, true); ov.setInt16(r + 16, moved.movedY, true);
        out[r + 18] = moved.landed ? 1 : 0; out[r + 19] = moved.launched ? 1 : 0;
        ov.setInt16(r + 20, moved.slope, true);
      }
    } else {
      throw new Error(`unknown tiles op ${op} in case ${i}`);
    }
    out[r] = res;
  }
  for (const [, map] of made) if (map) map.dispose();
  return out;
}

// Mirrors run_query_case (tests/vectors/vectors.c): the grid's and the sweeper's point and region
// queries, and the segment casts (through the grid, and without it). The JS calls grow their
// buffers themselves; the C runner's capacities become EO_ERR_BUFFER_TOO_SMALL (4) past them.
const QUERY_SHOWN = 6, HITS_SHOWN = 2, SEGMENTS_MAX = 2, HIT_SIZE = 10;
const QUERY_RESULT = 2 + 4 * (3 + QUERY_SHOWN) + SEGMENTS_MAX * (3 + HITS_SHOWN * HIT_SIZE + 2 + HIT_SIZE);
function runQuery(eo, vec) {
  const { count, out, dv } = header(vec, QUERY_RESULT);
  const ov = new DataView(out.buffer);
  const putHit = (p, h) => {
    out[p] = h.index; ov.setUint16(p + 1, h.tNum, true); ov.setUint16(p + 3, h.tDen, true);
    ov.setInt16(p + 5, h.x, true); ov.setInt16(p + 7, h.y, true); out[p + 9] = h.face;
  };
  let at = 8;
  for (let i = 0; i < count; i++) {
    const g = (o) => dv.getInt16(at + o, true);
    const config = { worldX: g(0), worldY: g(2), worldW: g(4), worldH: g(6), cols: vec[at + 8], rows: vec[at + 9],
                     maxObjects: 32, maxEntries: vec[at + 10] | (vec[at + 11] << 8) };
    const n = vec[at + 12], flags = vec[at + 13];
    let p = at + 14;
    const boxes = new Int16Array(n * 4);
    for (let k = 0; k < n * 4; k++, p += 2) boxes[k] = dv.getInt16(p, true);
    let layers;
    if (flags & 1) { layers = new Uint16Array(n * 2); for (let k = 0; k < n * 2; k++, p += 2) layers[k] = dv.getUint16(p, true); }
    const filter = { category: dv.getUint16(p, true), collidesWith: dv.getUint16(p + 2, true) };
    const region = { x: dv.getInt16(p + 4, true), y: dv.getInt16(p + 6, true), w: dv.getInt16(p + 8, true), h: dv.getInt16(p + 10, true) };
    const px = dv.getInt16(p + 12, true), py = dv.getInt16(p + 14, true);
    const cap = vec[p + 16], hitCap = vec[p + 17], m = vec[p + 18];
    p += 19;
    const segments = [];
    for (let k = 0; k < m; k++, p += 8) segments.push({ x0: dv.getInt16(p, true), y0: dv.getInt16(p + 2, true), x1: dv.getInt16(p + 4, true), y1: dv.getInt16(p + 6, true) });
    at = p;
    let r = 8 + i * QUERY_RESULT;
    const opts = {};
    if (layers) opts.layers = layers;
    if (flags & 4) opts.filter = filter;

    const [initRes, grid] = attempt(() => eo.sectors.create(config));
    let res = initRes;
    if (grid && !(flags & 8)) [res] = attempt(() => grid.build(boxes));
    out[r] = flags & 8 ? 0xff : res;
    const sweeper = eo.sweep.create(32);
    if (!(flags & 8)) {
      const list = sweeper.findPairs(boxes, flags & 2 ? 'y' : 'x');
      out[r + 1] = list.count > PAIRS_SHOWN ? 4 : 0;
    } else out[r + 1] = 0xff;
    r += 2;
    const notReady = () => { throw new EarlyoutError('EO_ERR_NOT_READY', 'no grid'); };
    const lists = [
      () => (grid ? grid.queryRegion(region, opts) : notReady()),
      () => (grid ? grid.queryPoint(px, py, opts) : notReady()),
      () => sweeper.queryRegion(region, opts),
      () => sweeper.queryPoint(px, py, opts),
    ];
    for (const run of lists) {
      const [lr, found] = attempt(run);
      if (lr === 0) {
        out[r] = found.length > cap ? 4 : 0;
        ov.setUint16(r + 1, found.length, true);
        for (let k = 0; k < QUERY_SHOWN && k < found.length && k < cap; k++) out[r + 3 + k] = found[k];
      } else out[r] = lr;
      r += 3 + QUERY_SHOWN;
    }
    for (const seg of segments) {
      const [ar, hits] = attempt(() => (grid ? eo.query.segmentAll(seg, boxes, { ...opts, grid }) : notReady()));
      if (ar === 0) {
        out[r] = hits.length > hitCap ? 4 : 0;
        ov.setUint16(r + 1, hits.length, true);
        for (let k = 0; k < HITS_SHOWN && k < hits.length && k < hitCap; k++) putHit(r + 3 + k * HIT_SIZE, hits[k]);
      } else out[r] = ar;
      r += 3 + HITS_SHOWN * HIT_SIZE;
      const [fr, first] = attempt(() => eo.query.segmentFirst(seg, boxes, opts));
      out[r] = fr;
      if (fr === 0 && first) { out[r + 1] = 1; putHit(r + 2, first); }
      r += 2 + HIT_SIZE;
    }
    sweeper.dispose();
    if (grid) grid.dispose();
  }
  return out;
}

// Mirrors run_raycast_case: the map section as module 5's, map.raycast with the visits listed.
const RAYCAST_RESULT = 41;
function runRaycast(eo, vec) {
  const { count, out, dv } = header(vec, RAYCAST_RESULT);
  const ov = new DataView(out.buffer);
  const [records, casesAt] = tileMaps(vec, dv);
  const made = records.map((m) => createMap(eo, m));
  const scratch = Array.from({ length: 32 }, () => ({ col: 0, row: 0, tNum: 0, tDen: 0, attr: 0, face: 0 }));
  const putVisit = (b, p, v) => {
    b.setInt16(p, v.col, true); b.setInt16(p + 2, v.row, true); b.setUint16(p + 4, v.tNum, true); b.setUint16(p + 6, v.tDen, true);
    b.setUint8(p + 8, v.attr); b.setUint8(p + 9, v.face);
  };
  for (let i = 0; i < count; i++) {
    const c = casesAt + i * 12, r = 8 + i * RAYCAST_RESULT, g = (o) => dv.getInt16(c + o, true);
    const [check, map] = made[vec[c]];
    const cap = vec[c + 10], flags = vec[c + 11];
    out[r + 1] = check;
    if (check !== 0) { out[r] = 0xff; continue; }
    const [res, hit] = attempt(() => map.raycast({ x0: g(1), y0: g(3), x1: g(5), y1: g(7) }, { block: vec[c + 9], visits: true }));
    if (res !== 0) { out[r] = res; continue; }
    const visits = hit.visits;
    out[r] = flags & 1 || visits.length <= cap ? 0 : 4;
    out[r + 2] = hit.hit ? 1 : 0; out[r + 3] = hit.attr; out[r + 4] = hit.face;
    ov.setInt16(r + 5, hit.col, true); ov.setInt16(r + 7, hit.row, true); ov.setInt16(r + 9, hit.x, true); ov.setInt16(r + 11, hit.y, true);
    ov.setUint16(r + 13, hit.tNum, true); ov.setUint16(r + 15, hit.tDen, true);
    ov.setUint16(r + 17, flags & 1 ? 0 : visits.length, true);
    // the C runner's visit buffer keeps what earlier cases wrote past this one's visits, and
    // with visit_count NULL (flag bit 0) its checksum reads all `cap` of them: keep the same buffer
    for (let k = 0; k < Math.min(visits.length, cap); k++) scratch[k] = visits[k];
    const shown = flags & 1 ? cap : Math.min(visits.length, cap);
    let sum1 = 0, sum2 = 0;
    const bytes = new DataView(new ArrayBuffer(10));
    for (let k = 0; k < shown; k++) {
      putVisit(bytes, 0, scratch[k]);
      for (let b = 0; b < 10; b++) { sum1 = (sum1 + bytes.getUint8(b)) % 255; sum2 = (sum2 + sum1) % 255; }
      if (k < 2) putVisit(ov, r + 21 + 10 * k, scratch[k]);
    }
    out[r + 19] = sum1; out[r + 20] = sum2;
  }
  for (const [, map] of made) if (map) map.dispose();
  return out;
}

// The shared files, and the wide ones (32-bit coordinate fields: native and wasm, never the MSX).
const RUNNERS = { gridmask: [runGridmask, 10], aabb: [runAabb, 2], sectors: [runSectors, SECTORS_RESULT], pixelmask: [runPixelmask, 14], tiles: [runTiles, TILES_RESULT], tiles_sweep: [runTiles, TILES_RESULT],
                  query: [runQuery, QUERY_RESULT], raycast: [runRaycast, RAYCAST_RESULT],
                  gridmask_wide: [runGridmask, 10], aabb_wide: [runAabb, 2], pixelmask_wide: [runPixelmask, 14] };
// Each build of the module: the games' two (plain wasm, and the SIMD one the loader takes where the
// engine has wasm SIMD), given by their bytes, and the lessons' traced one.
const file = (f) => readFile(new URL(`build/wasm/pkg/${f}`, root));
const BUILDS = {
  fast: async () => loadEarlyout({ wasm: await file('earlyout.wasm') }),
  'fast SIMD': async () => loadEarlyout({ wasm: await file('earlyout-simd.wasm') }),
  traced: async () => loadEarlyout({ traced: true }),
};
for (const [build, load] of Object.entries(BUILDS)) {
  for (const [module, [run, size]] of Object.entries(RUNNERS)) {
    test(`${module} vectors match native byte for byte (${build} module)`, async () => {
      const eo = await load();
      const vec = await readFile(new URL(`tests/vectors/${module}.vec`, root));
      const native = await readFile(new URL(`build/vectors/${module}.native.out`, root));
      const got = run(eo, vec);
      assert.equal(got.length, native.length, 'result size');
      const bad = [];
      for (let i = 8; i < got.length; i += size)
        if (Buffer.compare(got.subarray(i, i + size), native.subarray(i, i + size)) !== 0) bad.push((i - 8) / size);
      assert.deepEqual(bad, [], `cases that differ from native: ${bad.slice(0, 10).join(', ')}`);
      assert.equal(Buffer.compare(got, native), 0);
    });
  }
}
