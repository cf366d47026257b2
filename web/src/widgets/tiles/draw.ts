// Drawing a tile map and what moves over it: tiles by collision attr (the core's attrAt answers),
// hitboxes, probe points and the pixel rows or columns a movement step entered. Pure drawing on a
// board.ts geometry (one cell = one tile); no collision logic. Lesson 6 (slopes) reuses it.
import { snap, toCss } from '../../board.ts';
import type { Geometry, World } from '../../board.ts';
import type { Box } from '../../core.ts';
import { TILE } from 'earlyout';

/** What drawTiles needs to know about a map; attrAt should be the core's TileMap.attrAt. */
export interface TileSource {
  readonly width: number;
  readonly height: number;
  readonly tileSize: number;
  attrAt(col: number, row: number): number;
}

/** Heights of a slope attr's columns (0 .. tileSize), for maps with slopes; null: not a slope. */
export type SlopeHeights = (attr: number) => ArrayLike<number> | null;

export const TILE_STYLE: Record<number, { name: string; fill: string; edge: string }> = {
  [TILE.EMPTY]: { name: 'empty', fill: '#172033', edge: '#172033' },
  [TILE.SOLID]: { name: 'solid', fill: '#7d8aa5', edge: '#b9c4dc' },
  [TILE.ONE_WAY]: { name: 'one-way', fill: '#e0a458', edge: '#ffd08a' },
  [TILE.LADDER]: { name: 'ladder', fill: '#c08a5b', edge: '#e6b27f' },
  [TILE.HAZARD]: { name: 'hazard', fill: '#ff5d6c', edge: '#ffb3ba' },
  [TILE.WATER]: { name: 'water', fill: 'rgba(64, 140, 255, 0.55)', edge: '#8fc2ff' },
  [TILE.SOLID_HAZARD]: { name: 'spike block', fill: '#7d8aa5', edge: '#ff5d6c' },
  [TILE.LADDER_TOP]: { name: 'ladder top', fill: '#c08a5b', edge: '#ffd08a' },
  [TILE.HALF_TOP]: { name: 'half top', fill: '#7d8aa5', edge: '#b9c4dc' },
  [TILE.HALF_BOTTOM]: { name: 'half bottom', fill: '#7d8aa5', edge: '#b9c4dc' },
  [TILE.ONE_WAY_HALF]: { name: 'one-way half', fill: '#e0a458', edge: '#ffd08a' },
};
const SLOPE_STYLE = { fill: '#6fa37a', edge: '#b8e0be' };
const ONE_WAY_SLOPE_STYLE = { fill: 'rgba(224, 164, 88, 0.18)', edge: '#ffd08a' };

/** A name for any attr: the kinds, "slope s", "one-way slope s", or "game attr n" for the game's own 11 .. 15. */
export function attrName(attr: number): string {
  if (attr >= TILE.ONE_WAY_SLOPE) return `one-way slope ${attr - TILE.ONE_WAY_SLOPE}`;
  if (attr >= TILE.SLOPE) return `slope ${attr - TILE.SLOPE}`;
  return TILE_STYLE[attr]?.name ?? `game attr ${attr}`;
}

/** Heights of slope and one-way slope attrs from the map (the core's shapes). */
export function mapHeights(map: { heights(shape: number): Uint8Array }): SlopeHeights {
  return (attr) => (attr >= TILE.ONE_WAY_SLOPE ? map.heights(attr - TILE.ONE_WAY_SLOPE) : attr >= TILE.SLOPE ? map.heights(attr - TILE.SLOPE) : null);
}

/** A one-way surface at world row y, across the tile: the row itself bright, one more below. */
function oneWayBar(ctx: CanvasRenderingContext2D, g: Geometry, x0: number, y: number, size: number, p: number): void {
  const [l, t, w] = pxRect(g, x0, y, size, 1);
  ctx.fillStyle = TILE_STYLE[TILE.ONE_WAY].fill;
  ctx.fillRect(l, t, w, 2 * p);
  ctx.fillStyle = TILE_STYLE[TILE.ONE_WAY].edge;
  ctx.fillRect(l, t, w, p);
}

/** A ladder's two rails over the tile's rect [l, t, w, hh], and a rung every 4 px from row `first`. */
function ladder(ctx: CanvasRenderingContext2D, g: Geometry, y0: number, size: number, [l, t, w, hh]: readonly number[], p: number, first: number): void {
  const st = TILE_STYLE[TILE.LADDER];
  ctx.fillStyle = st.fill;
  ctx.fillRect(l + p, t, p, hh);
  ctx.fillRect(l + w - 2 * p, t, p, hh);
  ctx.fillStyle = st.edge;
  for (let k = first; k < size; k += 4) ctx.fillRect(l + p, snap(toCss(g, y0 + k)), w - 2 * p, p);
}

/** Solid rows y .. y + n - 1 of a tile, with a light top edge. */
function solidRows(ctx: CanvasRenderingContext2D, g: Geometry, x0: number, y: number, size: number, n: number, p: number): void {
  const [l, t, w, hh] = pxRect(g, x0, y, size, n);
  ctx.fillStyle = TILE_STYLE[TILE.SOLID].fill;
  ctx.fillRect(l, t, w, hh);
  ctx.fillStyle = TILE_STYLE[TILE.SOLID].edge;
  ctx.fillRect(l, t, w, p);
}

/** The world of a map: one screen cell per tile, `margin` px of outside drawn around it. */
export function tileWorld(map: Pick<TileSource, 'width' | 'height' | 'tileSize'>, margin = 0, maxScale = 4): World {
  return {
    screenW: map.width * map.tileSize,
    screenH: map.height * map.tileSize,
    cellW: map.tileSize,
    cellH: map.tileSize,
    cols: map.width,
    rows: map.height,
    margin,
    maxScale,
  };
}

/** The css rectangle of world pixels x0 .. x0+w-1, y0 .. y0+h-1, snapped to device pixels. */
export function pxRect(g: Geometry, x0: number, y0: number, w: number, h: number): [number, number, number, number] {
  const l = snap(toCss(g, x0));
  const t = snap(toCss(g, y0));
  return [l, t, snap(toCss(g, x0 + w)) - l, snap(toCss(g, y0 + h)) - t];
}

/** One tile (col, row) with collision attr `attr`. */
export function drawTile(ctx: CanvasRenderingContext2D, g: Geometry, col: number, row: number, attr: number, size: number, heights?: SlopeHeights): void {
  const x0 = col * size;
  const y0 = row * size;
  const [l, t, w, hh] = pxRect(g, x0, y0, size, size);
  const p = Math.max(1, g.s); // one world pixel in css px
  ctx.save();
  switch (attr) {
    case TILE.EMPTY:
      break;
    case TILE.SOLID: {
      const st = TILE_STYLE[TILE.SOLID];
      ctx.fillStyle = st.fill;
      ctx.fillRect(l, t, w, hh);
      ctx.fillStyle = st.edge;
      ctx.fillRect(l, t, w, p);
      ctx.fillStyle = 'rgba(23, 32, 51, 0.35)';
      ctx.fillRect(l, t + hh - p, w, p);
      ctx.fillRect(l + w - p, t, p, hh);
      break;
    }
    case TILE.ONE_WAY: {
      const st = TILE_STYLE[TILE.ONE_WAY];
      ctx.fillStyle = st.fill;
      ctx.fillRect(l, t, w, 2 * p);
      ctx.fillStyle = st.edge;
      ctx.fillRect(l, t, w, p);
      ctx.fillStyle = 'rgba(224, 164, 88, 0.35)';
      for (let k = 1; k < 4; k++) ctx.fillRect(l + (k * w) / 4 - p / 2, t + 2 * p, p, 2 * p);
      break;
    }
    case TILE.LADDER:
      ladder(ctx, g, y0, size, [l, t, w, hh], p, 1);
      break;
    case TILE.HAZARD: {
      const st = TILE_STYLE[TILE.HAZARD];
      ctx.fillStyle = st.fill;
      ctx.beginPath();
      const spikes = Math.max(1, size >> 2);
      for (let k = 0; k < spikes; k++) {
        const sx = l + (k * w) / spikes;
        ctx.moveTo(sx, t + hh);
        ctx.lineTo(sx + w / spikes / 2, t + hh * 0.3);
        ctx.lineTo(sx + w / spikes, t + hh);
      }
      ctx.fill();
      ctx.fillStyle = st.edge;
      ctx.fillRect(l, t + hh - p, w, p);
      break;
    }
    case TILE.WATER: {
      const st = TILE_STYLE[TILE.WATER];
      ctx.fillStyle = st.fill;
      ctx.fillRect(l, t, w, hh);
      ctx.fillStyle = st.edge;
      ctx.fillRect(l, t + p, w / 2, p);
      break;
    }
    case TILE.SOLID_HAZARD: {
      // a solid block with spikes on it: it blocks like solid and reports a hazard
      solidRows(ctx, g, x0, y0, size, size, p);
      ctx.fillStyle = TILE_STYLE[TILE.HAZARD].fill;
      ctx.beginPath();
      const spikes = Math.max(1, size >> 2);
      for (let k = 0; k < spikes; k++) {
        const sx = l + (k * w) / spikes;
        ctx.moveTo(sx, t + hh * 0.45);
        ctx.lineTo(sx + w / spikes / 2, t);
        ctx.lineTo(sx + w / spikes, t + hh * 0.45);
      }
      ctx.fill();
      break;
    }
    case TILE.LADDER_TOP: {
      ladder(ctx, g, y0, size, [l, t, w, hh], p, 5); // its first rung under the platform
      oneWayBar(ctx, g, x0, y0, size, p); // and a one-way platform on top
      break;
    }
    case TILE.HALF_TOP:
      solidRows(ctx, g, x0, y0, size, size >> 1, p);
      break;
    case TILE.HALF_BOTTOM:
      solidRows(ctx, g, x0, y0 + (size >> 1), size, size >> 1, p);
      break;
    case TILE.ONE_WAY_HALF: {
      oneWayBar(ctx, g, x0, y0 + (size >> 1), size, p);
      ctx.fillStyle = 'rgba(224, 164, 88, 0.35)';
      const [, mt] = pxRect(g, x0, y0 + (size >> 1) + 2, 1, 1);
      for (let k = 1; k < 4; k++) ctx.fillRect(l + (k * w) / 4 - p / 2, mt, p, Math.min(2 * p, t + hh - mt));
      break;
    }
    default: {
      if (attr >= TILE.ONE_WAY_SLOPE) {
        // a one-way slope: a faint body and a dashed surface, the only pixels that block (from above)
        const hs = heights ? heights(attr) : null;
        for (let i = 0; hs && i < size; i++) {
          const hgt = hs[i] ?? 0;
          if (hgt === 0) continue;
          ctx.fillStyle = ONE_WAY_SLOPE_STYLE.fill;
          const [cl, ct, cw, ch] = pxRect(g, x0 + i, y0 + size - hgt, 1, hgt);
          ctx.fillRect(cl, ct, cw, ch);
          if (i % 3 !== 2) {
            ctx.fillStyle = ONE_WAY_SLOPE_STYLE.edge;
            ctx.fillRect(cl, ct, cw, p);
          }
        }
        break;
      }
      const hs = attr >= TILE.SLOPE && heights ? heights(attr) : null;
      if (hs) {
        ctx.fillStyle = SLOPE_STYLE.fill;
        for (let i = 0; i < size; i++) {
          const hgt = hs[i] ?? 0;
          if (hgt > 0) {
            const [cl, ct, cw, ch] = pxRect(g, x0 + i, y0 + size - hgt, 1, hgt);
            ctx.fillRect(cl, ct, cw, ch);
          }
        }
        ctx.fillStyle = SLOPE_STYLE.edge;
        for (let i = 0; i < size; i++) {
          const hgt = hs[i] ?? 0;
          if (hgt > 0) {
            const [cl, ct, cw] = pxRect(g, x0 + i, y0 + size - hgt, 1, 1);
            ctx.fillRect(cl, ct, cw, p);
          }
        }
      } else if (attr !== TILE.EMPTY) {
        // the game's own attrs collide like empty: a faint mark so they are not invisible
        ctx.strokeStyle = 'rgba(200, 214, 240, 0.35)';
        ctx.setLineDash([2, 2]);
        ctx.strokeRect(l + 1.5, t + 1.5, w - 3, hh - 3);
      }
    }
  }
  ctx.restore();
}

/** Every tile of the map (the attrs come from the caller's source: the core). */
export function drawTiles(ctx: CanvasRenderingContext2D, g: Geometry, map: TileSource, heights?: SlopeHeights): void {
  for (let row = 0; row < map.height; row++)
    for (let col = 0; col < map.width; col++) {
      const attr = map.attrAt(col, row);
      if (attr !== TILE.EMPTY) drawTile(ctx, g, col, row, attr, map.tileSize, heights);
    }
}

/** A character's hitbox: filled, outlined, optionally named and marked when it overlaps a wall. */
export function drawHitbox(ctx: CanvasRenderingContext2D, g: Geometry, b: Box, opts: { color?: string; label?: string; stuck?: boolean; focused?: boolean } = {}): void {
  const color = opts.stuck ? '#ff3b4e' : (opts.color ?? '#ff9152');
  const [l, t, w, hh] = pxRect(g, b.x, b.y, b.w, b.h);
  ctx.save();
  ctx.fillStyle = opts.stuck ? 'rgba(255, 59, 78, 0.35)' : 'rgba(255, 145, 82, 0.30)';
  ctx.fillRect(l, t, w, hh);
  ctx.strokeStyle = color;
  ctx.lineWidth = 2;
  ctx.strokeRect(l + 1, t + 1, w - 2, hh - 2);
  if (opts.focused) {
    ctx.strokeStyle = '#ffd84d';
    ctx.setLineDash([5, 4]);
    ctx.strokeRect(l - 4, t - 4, w + 8, hh + 8);
  }
  if (opts.label) {
    ctx.font = `700 12px "Inter Variable", system-ui, sans-serif`;
    ctx.textBaseline = 'bottom';
    // a dark rim keeps the name readable over tiles
    ctx.strokeStyle = '#0b1120';
    ctx.lineWidth = 3;
    ctx.lineJoin = 'round';
    ctx.strokeText(opts.label, l, t - 3);
    ctx.fillStyle = color;
    ctx.fillText(opts.label, l, t - 3);
  }
  ctx.restore();
}

export type ProbeState = 'waiting' | 'done' | 'current';

export interface ProbeMark {
  x: number;
  y: number;
  /** the attr the core read there (undefined: not read yet) */
  attr?: number;
  state: ProbeState;
}

/** Probe points as pixel squares: hollow until tested, then filled with what they read. */
export function drawProbes(ctx: CanvasRenderingContext2D, g: Geometry, marks: ProbeMark[]): void {
  ctx.save();
  for (const m of marks) {
    const [l, t, w, hh] = pxRect(g, m.x, m.y, 1, 1);
    const pad = Math.max(1.5, g.s * 0.35);
    if (m.state === 'waiting') {
      ctx.strokeStyle = 'rgba(255, 255, 255, 0.75)';
      ctx.lineWidth = 1.5;
      ctx.strokeRect(l - pad + 0.75, t - pad + 0.75, w + 2 * pad - 1.5, hh + 2 * pad - 1.5);
      continue;
    }
    const blocks = m.attr === TILE.SOLID || m.attr === TILE.SOLID_HAZARD || m.attr === TILE.HALF_TOP || m.attr === TILE.HALF_BOTTOM ||
      (m.attr !== undefined && m.attr >= TILE.SLOPE && m.attr < TILE.ONE_WAY_SLOPE);
    ctx.fillStyle = blocks ? '#ff3b4e' : m.attr !== undefined && m.attr !== TILE.EMPTY ? '#ffd84d' : '#7dffb0';
    ctx.fillRect(l - pad, t - pad, w + 2 * pad, hh + 2 * pad);
    ctx.strokeStyle = '#0b1120';
    ctx.lineWidth = 1;
    ctx.strokeRect(l - pad + 0.5, t - pad + 0.5, w + 2 * pad - 1, hh + 2 * pad - 1);
    if (m.state === 'current') {
      ctx.strokeStyle = '#ffd84d';
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.arc(l + w / 2, t + hh / 2, w / 2 + pad + 5, 0, Math.PI * 2);
      ctx.stroke();
    }
  }
  ctx.restore();
}

/** Outlines tile (col, row): the tile a lookup read. */
export function markTile(ctx: CanvasRenderingContext2D, g: Geometry, col: number, row: number, size: number, color = '#ffd84d'): void {
  const [l, t, w, hh] = pxRect(g, col * size, row * size, size, size);
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = 2;
  ctx.setLineDash([4, 3]);
  ctx.strokeRect(l + 1, t + 1, w - 2, hh - 2);
  ctx.restore();
}

/** The pixels a movement step's leading edge enters: columns a..b over rows q0..q1 (axis 0), or rows a..b over columns q0..q1 (axis 1). */
export function markStep(ctx: CanvasRenderingContext2D, g: Geometry, axis: 0 | 1, a: number, b: number, q0: number, q1: number, color = 'rgba(255, 216, 77, 0.28)'): void {
  const lo = Math.min(a, b);
  const n = Math.abs(b - a) + 1;
  const [l, t, w, hh] = axis === 0 ? pxRect(g, lo, q0, n, q1 - q0 + 1) : pxRect(g, q0, lo, q1 - q0 + 1, n);
  ctx.save();
  ctx.fillStyle = color;
  ctx.fillRect(l, t, w, hh);
  ctx.restore();
}
