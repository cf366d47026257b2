// Drawing a frame of the battle in its sector grid: objects shaded by how many sectors the core
// listed them in, and the pairs it met in shared sectors as lines (tested, found, dropped by layers).
import { drawBattle } from '../../battle-draw.ts';
import type { Battle } from '../../battle.ts';
import { toCss } from '../../board.ts';
import type { Geometry, World } from '../../board.ts';
import { SECTOR_SHADES, shadeIndex } from './model.ts';
import type { PairsMet } from './model.ts';
import { WORLD_H, WORLD_W } from '../../battle.ts';

export function sectorWorld(cellW: number, cellH: number, cols: number, rows: number): World {
  return { screenW: WORLD_W, screenH: WORLD_H, cellW, cellH, cols, rows, margin: 10 };
}

export interface LineStyle {
  tested: boolean;
  filtered: boolean;
}

/** Lines between the centres of pairs: a, b per pair. */
export function pairLines(ctx: CanvasRenderingContext2D, g: Geometry, boxes: Int16Array, pairs: ArrayLike<number>, color: string, width: number, dash: number[] = []): void {
  const c = (i: number): [number, number] => [toCss(g, boxes[i * 4] + boxes[i * 4 + 2] / 2), toCss(g, boxes[i * 4 + 1] + boxes[i * 4 + 3] / 2)];
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.setLineDash(dash);
  ctx.beginPath();
  for (let k = 0; k + 1 < pairs.length; k += 2) {
    const [x0, y0] = c(pairs[k]);
    const [x1, y1] = c(pairs[k + 1]);
    ctx.moveTo(x0, y0);
    ctx.lineTo(x1, y1);
  }
  ctx.stroke();
  ctx.restore();
}

export function drawSectorFrame(
  ctx: CanvasRenderingContext2D,
  g: Geometry,
  b: Battle,
  counts: Uint16Array,
  met: PairsMet | null,
  show: LineStyle,
): void {
  if (met && show.filtered) pairLines(ctx, g, b.boxes, met.filtered, 'rgba(170, 185, 215, 0.28)', 1, [3, 3]);
  if (met && show.tested) pairLines(ctx, g, b.boxes, met.tested, 'rgba(255, 216, 77, 0.75)', 1.25);
  const hit = new Uint8Array(b.count);
  if (met) for (const i of met.found) hit[i] = 1;
  // shaded by how many sectors list the object; outlined in white if the core found it in a pair
  drawBattle(ctx, g, b, (i) => {
    const n = counts[i] ?? 0;
    const shade = SECTOR_SHADES[shadeIndex(n)];
    if (i < b.soldiers) return { fill: n > 1 ? withAlpha(shade, 0.8) : undefined, stroke: hit[i] ? '#ffffff' : undefined };
    return { fill: hit[i] ? '#ffffff' : n > 1 ? shade : undefined };
  });
  if (met) pairLines(ctx, g, b.boxes, met.found, '#ff5d5d', 2.5);
}

export function withAlpha(hex: string, a: number): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${a})`;
}
