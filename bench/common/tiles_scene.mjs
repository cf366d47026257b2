// bench/common/tiles_scene.mjs: the scene of the tiles benchmark in integer JavaScript, the twin
// of bench/common/tiles_scene.h (read its manual): the same xorshift32 sequences, the same map,
// the same movers and the same controller, in the batch API's phases. Boxes are an Int16Array of
// x, y, w, h per mover, moved in place by the caller. Both benches print FNV-1a checksums and
// compare them with bench/common/tiles_scene_checksums.txt. Change both files together.
import { readFileSync } from 'node:fs';

export const W = 256, H = 256, TILE = 8, BAND = 16, MOVERS = 1000, MOVER_W = 12, MOVER_H = 16;
export const JUMP = 8, MAX_FALL = 8, MAX_STEP = 2;
const SEED = 2026;
const HIT_LEFT = 1, HIT_RIGHT = 2, HIT_TOP = 4;
// Tile ids: the id is the attr (TILE.* / TILE.SLOPE + shape; the default attrs of createMap).
const EMPTY = 0, SOLID = 1, ONE_WAY = 2, LADDER = 3, HAZARD = 4, WATER = 5;
const UP_45 = 16, DOWN_45 = 17, UP_22_LOW = 18, UP_22_HIGH = 19, DOWN_22_HIGH = 20, DOWN_22_LOW = 21;

const xorshift = (s) => { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; return s >>> 0; };

export class TilesScene {
  constructor() {
    this.cells = new Uint8Array(W * H);
    this.rngState = SEED;
    this.generate();
    this.boxes = new Int16Array(MOVERS * 4);
    this.vy = new Int16Array(MOVERS);
    this.dir = new Int16Array(MOVERS);
    this.speed = new Uint8Array(MOVERS);
    this.ground = new Uint8Array(MOVERS);
    this.mrng = new Uint32Array(MOVERS);
    for (let i = 0; i < MOVERS; i++) {
      let x = 0, y = 0, free = false;
      while (!free) { // a spot whose tiles are all empty, in the air near a band's top
        x = this.pick(0, W * TILE - MOVER_W);
        y = this.pick(0, H / BAND - 1) * BAND * TILE;
        y += this.pick(0, 40);
        free = true;
        for (let row = y >> 3; row <= (y + MOVER_H - 1) >> 3; row++)
          for (let col = x >> 3; col <= (x + MOVER_W - 1) >> 3; col++)
            if (this.cells[row * W + col] !== EMPTY) free = false;
      }
      this.boxes.set([x, y, MOVER_W, MOVER_H], i * 4);
      this.dir[i] = this.pick(0, 1) ? 1 : -1;
      this.speed[i] = this.pick(1, 2);
      this.rngState = xorshift(this.rngState);
      this.mrng[i] = (this.rngState | 1) >>> 0;
      this.vy[i] = 1;
    }
  }

  pick(lo, hi) {
    this.rngState = xorshift(this.rngState);
    return lo + (this.rngState % (hi - lo + 1));
  }

  set(col, row, id) {
    if (col >= 0 && col < W && row >= 0 && row < H) this.cells[row * W + col] = id;
  }

  column(b, col, lv, top) {
    const base = b * BAND + 13;
    this.set(col, base - lv, top);
    for (let r = base - lv + 1; r < (b + 1) * BAND; r++) this.set(col, r, SOLID);
  }

  decorate(b, c0, n, lv) {
    const ground = b * BAND + 13 - lv, what = this.pick(0, 9);
    if (n < 4) return;
    if (what <= 1) { // a wall
      const h = this.pick(2, 3), c = c0 + this.pick(1, n - 2);
      for (let r = 1; r <= h; r++) this.set(c, ground - r, SOLID);
    } else if (what <= 4) { // a platform, solid or one-way, sometimes with a ladder up to it
      const up = this.pick(3, 4), len = this.pick(3, n < 8 ? n - 1 : 7), id = what === 4 ? ONE_WAY : SOLID;
      for (let k = 0; k < len; k++) this.set(c0 + k, ground - up, id);
      if (what === 3) for (let r = ground - up; r < ground; r++) this.set(c0, r, LADDER);
    } else if (what === 5) { // a pool
      for (let k = 1; k < n - 1 && k < 5; k++) this.set(c0 + k, ground - 1, WATER);
    } else if (what === 6) { // spikes
      for (let k = 1; k < n - 1 && k < 3; k++) this.set(c0 + k, ground - 1, HAZARD);
    } else if (what === 7 && b < H / BAND - 1) { // a hole down to the next band
      const c = c0 + this.pick(1, n - 3);
      for (let k = 0; k < 2; k++) for (let r = ground; r < (b + 1) * BAND; r++) this.set(c + k, r, EMPTY);
    }
  }

  generate() {
    for (let b = 0; b < H / BAND; b++) {
      let lv = this.pick(0, 4), c = 0;
      while (c < W) {
        let n = this.pick(4, 14);
        const change = this.pick(0, 3);
        if (n > W - c) n = W - c;
        for (let k = 0; k < n; k++) this.column(b, c + k, lv, SOLID);
        this.decorate(b, c, n, lv);
        c += n;
        const to = lv + (this.pick(0, 1) ? 1 : -1);
        if (to < 0 || to > 4 || c + 2 > W) continue;
        if (to > lv) {
          if (change & 1) this.column(b, c++, lv + 1, UP_45);
          else { this.column(b, c++, lv + 1, UP_22_LOW); this.column(b, c++, lv + 1, UP_22_HIGH); }
        } else if (change & 1) this.column(b, c++, lv, DOWN_45);
        else { this.column(b, c++, lv, DOWN_22_HIGH); this.column(b, c++, lv, DOWN_22_LOW); }
        lv = to;
      }
    }
  }

  // ---- the controller, in the batch API's phases (tiles_ctrl_* in the C twin) ----
  /** Phase 1: this frame's random number (turn, jump); returns the walk's dx. */
  begin(i) {
    const r = this.mrng[i] = xorshift(this.mrng[i]);
    if ((r & 255) === 0) this.dir[i] = -this.dir[i];
    if (this.ground[i] && ((r >>> 8) & 63) === 0) this.vy[i] = -JUMP;
    return this.dir[i] * this.speed[i];
  }

  /** Phase 2: after the walk. */
  walked(i, hit) {
    if (hit & (HIT_LEFT | HIT_RIGHT)) this.dir[i] = -this.dir[i];
  }

  /** Phase 3: after the vertical move by vy[i]. */
  moved(i, hit, onGround) {
    let vy = this.vy[i];
    this.ground[i] = onGround ? 1 : 0;
    if ((hit & HIT_TOP) || (onGround && vy > 0)) vy = 0;
    this.vy[i] = vy < MAX_FALL ? vy + 1 : MAX_FALL;
  }
}

const fnv = (h, byte) => Math.imul(h ^ (byte & 0xff), 16777619) >>> 0;
const hex = (h) => `0x${h.toString(16).padStart(8, '0')}`;

export function mapChecksum(cells) {
  let h = 2166136261;
  for (let k = 0; k < cells.length; k++) h = fnv(h, cells[k]);
  return hex(h);
}

/** FNV-1a over every box's x, y (little-endian 16-bit); boxes: x, y, w, h per mover. */
export function boxesChecksum(boxes) {
  let h = 2166136261;
  for (let o = 0; o < boxes.length; o += 4) {
    const x = boxes[o] & 0xffff, y = boxes[o + 1] & 0xffff;
    h = fnv(fnv(h, x), x >> 8);
    h = fnv(fnv(h, y), y >> 8);
  }
  return hex(h);
}

/** Reference checksums: Map of "map" / "movers F" -> hex string, from tiles_scene_checksums.txt. */
export function loadTilesChecksums(url = new URL('./tiles_scene_checksums.txt', import.meta.url)) {
  const map = new Map();
  let text = '';
  try { text = readFileSync(url, 'utf8'); } catch { return map; }
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || !line.includes(' ')) continue;
    const at = line.lastIndexOf(' ');
    map.set(line.slice(0, at), line.slice(at + 1).trim());
  }
  return map;
}
