// bench/common/scene.mjs: the moving scenes of the broadphase benchmark, in integer JavaScript.
// The twin of bench/common/scene.h (read its manual): the same xorshift32 sequence and the same
// integer arithmetic, so both benches see the same boxes every frame. Boxes are an Int16Array of
// x, y, w, h per box, updated in place by step(). Change both files together (and the checksums).
import { readFileSync } from 'node:fs';

export const UNIFORM = 0, WARZONE = 1;
export const SCENE_NAMES = ['uniform', 'war zone'];
const SEED = 2026;
const MARGIN = 32, COL = 18, ROW = 20, GAP = 48;

const isqrt = (n) => { let r = 0; while ((r + 1) * (r + 1) <= n) r++; return r; };
const tri = (t, a) => { const m = t % (2 * a); return m < a ? m : 2 * a - m; };
const idiv = (a, b) => Math.trunc(a / b); // C division (all operands here are >= 0)

export class Scene {
  constructor(kind, n) {
    this.kind = kind;
    this.n = n;
    this.world = 40 * isqrt(n);
    this.frame = 0;
    this.rngState = SEED;
    this.soldiers = 0;
    this.bandTop = 0;
    this.bandH = 0;
    this.boxes = new Int16Array(n * 4);
    this.vx = new Int16Array(n);
    this.vy = new Int16Array(n);
    this.bx = new Int16Array(n);
    this.by = new Int16Array(n);
    this.phase = new Int16Array(n);
    this.dir = new Int16Array(n);
    const b = this.boxes, W = this.world;
    if (kind === UNIFORM) {
      for (let i = 0; i < n; i++) {
        const o = i * 4;
        b[o + 2] = 8 + (this.rng() % 17);
        b[o + 3] = 8 + (this.rng() % 17);
        b[o] = this.rng() % (W - b[o + 2]);
        b[o + 1] = this.rng() % (W - b[o + 3]);
        this.vx[i] = (this.rng() % 7) - 3;
        this.vy[i] = (this.rng() % 7) - 3;
      }
      return;
    }
    const perRow = idiv(W - 2 * MARGIN - 16, COL) + 1;
    const soldiers = n - idiv(n, 4);
    const armyA = idiv(soldiers, 2), armyB = soldiers - armyA;
    const rowsA = idiv(armyA + perRow - 1, perRow), rowsB = idiv(armyB + perRow - 1, perRow);
    const mid = idiv(W, 2);
    const topA = mid - GAP - rowsA * ROW, topB = mid + GAP;
    this.soldiers = soldiers;
    this.bandTop = topA - 32;
    this.bandH = (topB + rowsB * ROW + 32) - this.bandTop;
    let i = 0;
    for (; i < soldiers; i++) {
      const k = i < armyA ? i : i - armyA;
      this.bx[i] = MARGIN + (k % perRow) * COL;
      this.by[i] = (i < armyA ? topA : topB) + idiv(k, perRow) * ROW;
      this.phase[i] = (i < armyA ? 0 : 24) + (this.rng() % 8);
      this.dir[i] = i < armyA ? 1 : -1;
      b[i * 4 + 2] = 16;
      b[i * 4 + 3] = 16;
      this.place(i);
    }
    for (; i < n; i++) {
      const o = i * 4;
      const speed = 6 + (this.rng() % 5);
      b[o + 2] = 2;
      b[o + 3] = 6;
      b[o] = MARGIN + (this.rng() % (W - 2 * MARGIN));
      b[o + 1] = this.bandTop + (this.rng() % this.bandH);
      this.vx[i] = (this.rng() % 3) - 1;
      this.vy[i] = i % 2 === 0 ? speed : -speed;
    }
  }

  rng() {
    let x = this.rngState;
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    this.rngState = x;
    return x;
  }

  place(i) {
    const f = this.frame;
    this.boxes[i * 4] = this.bx[i] + tri(idiv(f, 2) + this.phase[i], 24) - 12;
    this.boxes[i * 4 + 1] = this.by[i] + this.dir[i] * tri(idiv(f, 4), 24);
  }

  step() {
    this.frame++;
    const b = this.boxes, W = this.world, n = this.n, vx = this.vx, vy = this.vy;
    if (this.kind === UNIFORM) {
      for (let i = 0; i < n; i++) {
        const o = i * 4, w = b[o + 2], h = b[o + 3];
        let x = b[o] + vx[i], y = b[o + 1] + vy[i];
        if (x < 0) { x = -x; vx[i] = -vx[i]; } else if (x + w > W) { x = 2 * (W - w) - x; vx[i] = -vx[i]; }
        if (y < 0) { y = -y; vy[i] = -vy[i]; } else if (y + h > W) { y = 2 * (W - h) - y; vy[i] = -vy[i]; }
        b[o] = x;
        b[o + 1] = y;
      }
      return;
    }
    let i = 0;
    for (; i < this.soldiers; i++) this.place(i);
    for (; i < n; i++) {
      const o = i * 4;
      let x = b[o] + vx[i], y = b[o + 1] + vy[i];
      if (x < MARGIN || x + b[o + 2] > W - MARGIN) { vx[i] = -vx[i]; x = b[o]; }
      if (y >= this.bandTop + this.bandH) y -= this.bandH;
      else if (y < this.bandTop) y += this.bandH;
      b[o] = x;
      b[o + 1] = y;
    }
  }

  /** FNV-1a over x, y, w, h as 16-bit words, as bench_scene_checksum(). */
  checksum() {
    let h = 2166136261;
    for (const v of this.boxes) h = Math.imul(h ^ (v & 0xffff), 16777619) >>> 0;
    return h >>> 0;
  }
}

/** Reference checksums: Map of "scene n frame" -> hex string, from bench/common/scene_checksums.txt. */
export function loadChecksums(url = new URL('./scene_checksums.txt', import.meta.url)) {
  const map = new Map();
  let text;
  try { text = readFileSync(url, 'utf8'); } catch { return map; }
  for (const line of text.split('\n')) {
    const m = /^(uniform|warzone)\s+(\d+)\s+(\d+)\s+(0x[0-9a-f]{8})\s*$/.exec(line.trim());
    if (m) map.set(`${m[1]} ${m[2]} ${m[3]}`, m[4]);
  }
  return map;
}
