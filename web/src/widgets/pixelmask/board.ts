// Lesson 4's screen: a small play area blown up so every pixel is a square you can see, with the
// two sprites drawn from their pixel indices, their boxes, and whatever the core reported (overlap
// rectangle, shared pixels, first contact, the row being tested). Like the shared Board, handles
// are real buttons over the sprites: Tab reaches them, arrows nudge 1 px (Shift: 8 px), pointers
// drag them. The board only reports moves; the owner keeps the state and redraws.
import { h } from '../../dom.ts';
import { COLORS, prepareCanvas } from '../../board.ts';
import type { Box } from '../../core.ts';
import { WORLD } from './model.ts';
import type { Pos } from './model.ts';
import type { Sprite } from './sprites.ts';
import { capturePointer, nudge } from '../../input.ts';

export interface PixelGeometry {
  /** css px per sprite pixel */
  s: number;
  /** css offset of world pixel (0, 0): room for the axis labels */
  ox: number;
  oy: number;
  cssW: number;
  cssH: number;
}

const OX = 30;
const OY = 22;

export function pixelGeometry(available: number, maxScale = 16): PixelGeometry {
  const s = Math.max(5, Math.min(maxScale, Math.floor((available - OX - 6) / WORLD.w)));
  return { s, ox: OX, oy: OY, cssW: OX + WORLD.w * s + 6, cssH: OY + WORLD.h * s + 6 };
}

export const px = (g: PixelGeometry, x: number): number => g.ox + x * g.s;
export const py = (g: PixelGeometry, y: number): number => g.oy + y * g.s;

const MONO = '"JetBrains Mono Variable", ui-monospace, monospace';

/** The dark play area, a faint line between pixels, a stronger one every 8, and x / y rulers. */
export function drawPlayfield(ctx: CanvasRenderingContext2D, g: PixelGeometry): void {
  ctx.clearRect(0, 0, g.cssW, g.cssH);
  const x0 = px(g, 0);
  const y0 = py(g, 0);
  const x1 = px(g, WORLD.w);
  const y1 = py(g, WORLD.h);
  ctx.fillStyle = COLORS.screen;
  ctx.beginPath();
  ctx.roundRect(x0, y0, x1 - x0, y1 - y0, 4);
  ctx.fill();
  ctx.lineWidth = 1;
  for (const strong of [false, true]) {
    ctx.strokeStyle = strong ? COLORS.screenLineStrong : 'rgba(160, 180, 220, 0.07)';
    ctx.beginPath();
    for (let x = 1; x < WORLD.w; x++) {
      if ((x % 8 === 0) !== strong) continue;
      ctx.moveTo(px(g, x) + 0.5, y0);
      ctx.lineTo(px(g, x) + 0.5, y1);
    }
    for (let y = 1; y < WORLD.h; y++) {
      if ((y % 8 === 0) !== strong) continue;
      ctx.moveTo(x0, py(g, y) + 0.5);
      ctx.lineTo(x1, py(g, y) + 0.5);
    }
    ctx.stroke();
  }
  // Inter's zero is plain: JetBrains Mono's dotted zero reads as an 8 at 10 px.
  ctx.font = `500 10.5px "Inter Variable", system-ui, sans-serif`;
  ctx.fillStyle = COLORS.label;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'bottom';
  for (let x = 0; x < WORLD.w; x += 4) ctx.fillText(String(x), px(g, x) + g.s / 2, y0 - 5);
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  for (let y = 0; y < WORLD.h; y += 4) ctx.fillText(String(y), x0 - 6, py(g, y) + g.s / 2);
}

/** A sprite's own pixels, from its palette indices. */
export function drawSprite(ctx: CanvasRenderingContext2D, g: PixelGeometry, sp: Sprite, p: Pos, alpha = 1): void {
  ctx.save();
  ctx.globalAlpha = alpha;
  for (let y = 0; y < sp.h; y++) {
    for (let x = 0; x < sp.w; x++) {
      const i = sp.index(x, y);
      if (i === 0) continue;
      ctx.fillStyle = sp.art.palette[i] ?? '#ffffff';
      ctx.fillRect(px(g, p.x + x), py(g, p.y + y), g.s, g.s);
    }
  }
  ctx.restore();
}

/** A box outline (half-open: x .. x + w - 1), drawn on the pixel edges, with an optional label. */
export function drawBoxOutline(ctx: CanvasRenderingContext2D, g: PixelGeometry, b: Box, color: string, label?: string, focused = false): void {
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = 2;
  ctx.strokeRect(px(g, b.x) + 1, py(g, b.y) + 1, b.w * g.s - 2, b.h * g.s - 2);
  if (focused) {
    // a mouse selection; keyboard focus has its own outline on the handle
    ctx.strokeStyle = COLORS.focus;
    ctx.setLineDash([5, 4]);
    ctx.strokeRect(px(g, b.x) - 3, py(g, b.y) - 3, b.w * g.s + 6, b.h * g.s + 6);
  }
  if (label) {
    // above the box, or below it when it sits at the top of the screen
    const above = b.y * g.s >= 16;
    ctx.font = `700 12px "Inter Variable", system-ui, sans-serif`;
    ctx.fillStyle = color;
    ctx.textAlign = 'left';
    ctx.textBaseline = above ? 'bottom' : 'top';
    ctx.setLineDash([]);
    ctx.fillText(label, px(g, b.x) + 1, above ? py(g, b.y) - 3 : py(g, b.y + b.h) + 3);
  }
  ctx.restore();
}

/** The overlap rectangle the core reported, under the sprites: a tint and a hatch. */
export function drawOverlapRect(ctx: CanvasRenderingContext2D, g: PixelGeometry, r: Box): void {
  const x = px(g, r.x);
  const y = py(g, r.y);
  const w = r.w * g.s;
  const hh = r.h * g.s;
  ctx.save();
  ctx.fillStyle = COLORS.sharedFill;
  ctx.fillRect(x, y, w, hh);
  ctx.beginPath();
  ctx.rect(x, y, w, hh);
  ctx.clip();
  ctx.strokeStyle = 'rgba(201, 166, 255, 0.35)';
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let d = -hh; d < w; d += 6) {
    ctx.moveTo(x + d, y + hh);
    ctx.lineTo(x + d + hh, y);
  }
  ctx.stroke();
  ctx.restore();
}

/** The overlap rectangle's outline, drawn over the sprites just inside its edge. */
export function drawOverlapOutline(ctx: CanvasRenderingContext2D, g: PixelGeometry, r: Box): void {
  ctx.save();
  ctx.strokeStyle = COLORS.shared;
  ctx.lineWidth = 2;
  ctx.setLineDash([4, 3]);
  ctx.strokeRect(px(g, r.x) + 3, py(g, r.y) + 3, r.w * g.s - 6, r.h * g.s - 6);
  ctx.restore();
}

/** A small dark label with a coloured text, readable over the sprites. */
export function pill(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, color: string, align: 'left' | 'right' | 'center' = 'left'): void {
  ctx.save();
  ctx.font = `600 11px ${MONO}`;
  const w = ctx.measureText(text).width + 10;
  const left = align === 'right' ? x - w : align === 'center' ? x - w / 2 : x;
  ctx.fillStyle = 'rgba(12, 17, 28, 0.9)';
  ctx.beginPath();
  ctx.roundRect(left, y - 9, w, 18, 4);
  ctx.fill();
  ctx.fillStyle = color;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, left + 5, y + 0.5);
  ctx.restore();
}

/** Pixels solid in both sprites (the core's ANDs): a bright frame on each. */
export function drawShared(ctx: CanvasRenderingContext2D, g: PixelGeometry, pixels: Pos[]): void {
  ctx.save();
  for (const p of pixels) {
    ctx.fillStyle = 'rgba(255, 255, 255, 0.4)';
    ctx.fillRect(px(g, p.x) + 2, py(g, p.y) + 2, g.s - 4, g.s - 4);
    ctx.strokeStyle = '#ff4fd8';
    ctx.lineWidth = 2;
    ctx.strokeRect(px(g, p.x) + 1, py(g, p.y) + 1, g.s - 2, g.s - 2);
  }
  ctx.restore();
}

/** The first contact point: a ring and cross hairs on the pixel, and its coordinates. */
export function drawContact(ctx: CanvasRenderingContext2D, g: PixelGeometry, p: Pos): void {
  const cx = px(g, p.x) + g.s / 2;
  const cy = py(g, p.y) + g.s / 2;
  ctx.save();
  ctx.strokeStyle = COLORS.marker;
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.arc(cx, cy, g.s * 0.95, 0, Math.PI * 2);
  ctx.stroke();
  ctx.lineWidth = 1;
  ctx.setLineDash([3, 3]);
  ctx.beginPath();
  ctx.moveTo(px(g, 0), cy);
  ctx.lineTo(cx - g.s, cy);
  ctx.moveTo(cx, py(g, 0));
  ctx.lineTo(cx, cy - g.s);
  ctx.stroke();
  ctx.restore();
  // the label sits at the end of the vertical cross hair, on the screen's top edge (or bottom
  // edge when the contact is near the top), where it hides no sprite pixel
  const top = p.y >= 3;
  const ly = top ? py(g, 0) + 12 : py(g, WORLD.h) - 12;
  if (!top) {
    ctx.save();
    ctx.strokeStyle = COLORS.marker;
    ctx.setLineDash([3, 3]);
    ctx.beginPath();
    ctx.moveTo(cx, cy + g.s);
    ctx.lineTo(cx, ly);
    ctx.stroke();
    ctx.restore();
  }
  const label = `first contact (${p.x}, ${p.y})`;
  const align = p.x > WORLD.w - 10 ? 'right' : p.x < 8 ? 'left' : 'center';
  pill(ctx, label, align === 'right' ? cx + g.s / 2 : align === 'left' ? cx - g.s / 2 : cx, ly, COLORS.marker, align);
}

/** The row being tested, marked in the left ruler. */
export function markRow(ctx: CanvasRenderingContext2D, g: PixelGeometry, y: number): void {
  pill(ctx, String(y), px(g, 0) - 1, py(g, y) + g.s / 2, COLORS.marker, 'right');
}

// ---- the interactive board -----------------------------------------------------------------

export interface PixelBoardOptions {
  /** test ids of the handles, e.g. ['obj-a', 'obj-b'] */
  testids: readonly string[];
  onMove(index: number, pos: Pos): void;
  onFocus(index: number | null): void;
  describe(index: number): string;
}

export class PixelBoard {
  readonly root: HTMLDivElement;
  readonly canvas: HTMLCanvasElement;
  readonly handles: HTMLButtonElement[];
  geom: PixelGeometry = pixelGeometry(640);
  private pos: Pos[] = [];
  private drag: { index: number; id: number; sx: number; sy: number; pos: Pos } | null = null;

  constructor(private opts: PixelBoardOptions) {
    this.canvas = h('canvas', { class: 'pm-canvas', 'aria-hidden': 'true' });
    this.handles = opts.testids.map((testid, i) =>
      h('button', { type: 'button', class: `fig-handle pm-handle pm-handle-${i}`, 'data-testid': testid, 'aria-roledescription': 'movable sprite' }),
    );
    this.root = h('div', { class: 'pm-board' }, this.canvas, ...this.handles);
    this.handles.forEach((btn, i) => this.wire(btn, i));
  }

  private wire(btn: HTMLButtonElement, i: number): void {
    btn.addEventListener('focus', () => this.opts.onFocus(i));
    btn.addEventListener('blur', () => {
      if (!this.handles.includes(document.activeElement as HTMLButtonElement)) this.opts.onFocus(null);
    });
    btn.addEventListener('keydown', (e) => {
      const delta = nudge(e);
      if (!delta) return;
      e.preventDefault();
      const p = this.pos[i];
      this.opts.onMove(i, { x: p.x + delta[0], y: p.y + delta[1] });
    });
    btn.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      e.preventDefault();
      btn.focus({ preventScroll: true });
      capturePointer(btn, e);
      this.drag = { index: i, id: e.pointerId, sx: e.clientX, sy: e.clientY, pos: { ...this.pos[i] } };
      btn.classList.add('is-dragging');
    });
    btn.addEventListener('pointermove', (e) => {
      const d = this.drag;
      if (!d || d.id !== e.pointerId || d.index !== i) return;
      const nx = d.pos.x + Math.round((e.clientX - d.sx) / this.geom.s);
      const ny = d.pos.y + Math.round((e.clientY - d.sy) / this.geom.s);
      const p = this.pos[i];
      if (nx !== p.x || ny !== p.y) this.opts.onMove(i, { x: nx, y: ny });
    });
    const end = (e: PointerEvent) => {
      if (this.drag && this.drag.id === e.pointerId) {
        this.drag = null;
        btn.classList.remove('is-dragging');
      }
    };
    btn.addEventListener('pointerup', end);
    btn.addEventListener('pointercancel', end);
  }

  /** Sizes the canvas for the available width and puts each handle over its sprite's box. */
  layout(sprites: readonly Sprite[], pos: Pos[], available: number): CanvasRenderingContext2D {
    this.pos = pos;
    this.geom = pixelGeometry(available);
    const g = this.geom;
    const ctx = prepareCanvas(this.canvas, g);
    this.root.style.width = `${g.cssW}px`;
    this.root.style.height = `${g.cssH}px`;
    this.root.dataset.scale = String(g.s); // css px per sprite pixel (tests drag by it)
    // the smaller sprite on top, so a bullet inside the soldier's box can still be grabbed
    const order = sprites.map((sp, i) => ({ i, area: sp.w * sp.h })).sort((p, q) => q.area - p.area);
    order.forEach(({ i }, z) => (this.handles[i].style.zIndex = String(2 + z)));
    sprites.forEach((sp, i) => {
      const hb = this.handles[i];
      hb.style.left = `${px(g, pos[i].x)}px`;
      hb.style.top = `${py(g, pos[i].y)}px`;
      hb.style.width = `${sp.w * g.s}px`;
      hb.style.height = `${sp.h * g.s}px`;
      hb.setAttribute('aria-label', this.opts.describe(i));
    });
    return ctx;
  }
}
