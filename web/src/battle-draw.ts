// Drawing the battle scene on a screen canvas: soldiers as small filled boxes, bullets as bright
// tracers, each side in its colour. What gets highlighted (and why) is the caller's business,
// always from the core's answers.
import { snap, toCss } from './board.ts';
import type { Geometry } from './board.ts';
import type { Battle } from './battle.ts';

export const SIDE = {
  stroke: ['#ff7a59', '#5cc8ff', '#ffb08f', '#9fe0ff'],
  fill: ['rgba(255, 122, 89, 0.38)', 'rgba(92, 200, 255, 0.34)', '#ffb08f', '#9fe0ff'],
};

export interface ObjectPaint {
  fill?: string;
  stroke?: string;
  /** 0..1: fades the object (e.g. not involved in what is shown) */
  alpha?: number;
  ring?: string;
}

/** Every object of the battle; `paint(i)` may override how object i looks. */
export function drawBattle(ctx: CanvasRenderingContext2D, g: Geometry, b: Battle, paint?: (i: number) => ObjectPaint | null): void {
  for (let i = 0; i < b.count; i++) {
    const k = b.kinds[i];
    const p = paint?.(i) ?? {};
    const x = snap(toCss(g, b.boxes[i * 4]));
    const y = snap(toCss(g, b.boxes[i * 4 + 1]));
    const w = snap(toCss(g, b.boxes[i * 4] + b.boxes[i * 4 + 2])) - x;
    const hh = snap(toCss(g, b.boxes[i * 4 + 1] + b.boxes[i * 4 + 3])) - y;
    ctx.save();
    ctx.globalAlpha = p.alpha ?? 1;
    if (i < b.soldiers) {
      ctx.fillStyle = p.fill ?? SIDE.fill[k];
      ctx.fillRect(x, y, w, hh);
      ctx.strokeStyle = p.stroke ?? SIDE.stroke[k];
      ctx.lineWidth = 1.5;
      ctx.strokeRect(x + 0.75, y + 0.75, w - 1.5, hh - 1.5);
    } else {
      ctx.fillStyle = p.fill ?? SIDE.fill[k];
      ctx.fillRect(x, y, w, hh);
    }
    if (p.ring) {
      ctx.strokeStyle = p.ring;
      ctx.lineWidth = 2;
      ctx.setLineDash([4, 3]);
      ctx.strokeRect(x - 3, y - 3, w + 6, hh + 6);
    }
    ctx.restore();
  }
}

/** The centre of object i in css px. */
export function centre(g: Geometry, b: Battle | { boxes: Int16Array }, i: number): [number, number] {
  const bx = b.boxes;
  return [toCss(g, bx[i * 4] + bx[i * 4 + 2] / 2), toCss(g, bx[i * 4 + 1] + bx[i * 4 + 3] / 2)];
}

/** A small dark label with bright text, readable on the screen and on the margin. */
export function pill(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, align: 'left' | 'right' | 'center', color = '#ffd84d'): void {
  ctx.save();
  ctx.setLineDash([]);
  ctx.font = `600 11px "JetBrains Mono Variable", ui-monospace, monospace`;
  const w = ctx.measureText(text).width + 10;
  const left = align === 'right' ? x - w : align === 'center' ? x - w / 2 : x;
  ctx.fillStyle = 'rgba(16, 22, 36, 0.92)';
  ctx.beginPath();
  ctx.roundRect(left, y - 9, w, 18, 4);
  ctx.fill();
  ctx.fillStyle = color;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, left + 5, y + 0.5);
  ctx.restore();
}
