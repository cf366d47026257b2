// The screen every lesson draws on: a canvas showing a world (a screen of W x H px), its cell or
// sector grid, the off-screen margin and the objects, scaled up crisply. Drawing is a pure
// function of the view state; pointer and keyboard input only produce new box positions for the
// owner to store.
import { h } from './dom.ts';
import { clampField } from './core.ts';
import type { Box } from './core.ts';
import { capturePointer, nudge } from './input.ts';

export const COLORS = {
  screen: '#172033',
  screenLine: 'rgba(160, 180, 220, 0.16)',
  screenLineStrong: 'rgba(170, 195, 235, 0.34)',
  pixelLine: 'rgba(160, 180, 220, 0.06)',
  margin: '#e9e6df',
  marginHatch: 'rgba(23, 32, 51, 0.07)',
  label: '#6b7280',
  labelOnDark: 'rgba(200, 214, 240, 0.75)',
  objects: ['#ff9152', '#5cc8ff'],
  objectsFill: ['rgba(255, 145, 82, 0.34)', 'rgba(92, 200, 255, 0.30)'],
  cellTint: ['rgba(255, 145, 82, 0.16)', 'rgba(92, 200, 255, 0.15)'],
  shared: '#c9a6ff',
  sharedFill: 'rgba(201, 166, 255, 0.18)',
  focus: '#ffd84d',
  marker: '#ffd84d',
};

export interface Geometry {
  /** css px per world px */
  s: number;
  /** world px of off-screen margin drawn around the screen */
  m: number;
  cssW: number;
  cssH: number;
  screenW: number;
  screenH: number;
  cellW: number;
  cellH: number;
  cols: number;
  rows: number;
}

/**
 * What a canvas shows: a screen of screenW x screenH px cut into cells (or sectors) of cellW x cellH
 * (the last column and row may be narrower), with `margin` px of off-screen world drawn around it.
 */
export interface World {
  screenW: number;
  screenH: number;
  cellW: number;
  cellH: number;
  /** cells across and down; default: as many as fit, ceil(screen / cell) */
  cols?: number;
  rows?: number;
  margin: number;
  /** the largest zoom (css px per world px); default 3 */
  maxScale?: number;
}

/** Picks a crisp scale: whole multiples when the width allows (2x, 3x), else whatever fits. */
export function geometry(available: number, world: World, maxScale = world.maxScale ?? 3): Geometry {
  const m = world.margin;
  const worldW = world.screenW + 2 * m;
  let s = available / worldW;
  if (s >= 1) s = Math.min(maxScale, Math.floor(s * 4) / 4);
  return {
    s,
    m,
    cssW: Math.round(worldW * s),
    cssH: Math.round((world.screenH + 2 * m) * s),
    screenW: world.screenW,
    screenH: world.screenH,
    cellW: world.cellW,
    cellH: world.cellH,
    cols: world.cols ?? Math.ceil(world.screenW / world.cellW),
    rows: world.rows ?? Math.ceil(world.screenH / world.cellH),
  };
}

/** World px to css px. */
export const toCss = (g: Geometry, v: number): number => (v + g.m) * g.s;

/** Sizes a canvas of cssW x cssH css px for the device pixel ratio; returns a context in css px. */
export function prepareCanvas(canvas: HTMLCanvasElement, g: { cssW: number; cssH: number }): CanvasRenderingContext2D {
  const dpr = Math.max(1, Math.min(3, window.devicePixelRatio || 1));
  const w = Math.round(g.cssW * dpr);
  const hh = Math.round(g.cssH * dpr);
  if (canvas.width !== w || canvas.height !== hh) {
    canvas.width = w;
    canvas.height = hh;
  }
  canvas.style.width = `${g.cssW}px`;
  canvas.style.height = `${g.cssH}px`;
  const ctx = canvas.getContext('2d')!;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.imageSmoothingEnabled = false;
  return ctx;
}

/** Snaps a css coordinate to the device pixel grid (crisp 1-px lines). */
export function snap(v: number): number {
  const dpr = Math.max(1, Math.min(3, window.devicePixelRatio || 1));
  return Math.round(v * dpr) / dpr;
}

export interface ScreenOptions {
  /** numbers around the screen: cell indices (default), pixel coordinates of the grid lines, or none */
  labels?: boolean | 'cells' | 'px';
  /** faint lines between pixels (for close-ups where one pixel matters) */
  pixelGrid?: boolean;
}

/** Background: hatched off-screen margin, the dark screen, the cell grid and its numbers. */
export function drawScreen(ctx: CanvasRenderingContext2D, g: Geometry, opts: ScreenOptions = {}): void {
  ctx.clearRect(0, 0, g.cssW, g.cssH);
  ctx.fillStyle = COLORS.margin;
  ctx.fillRect(0, 0, g.cssW, g.cssH);
  ctx.save();
  ctx.strokeStyle = COLORS.marginHatch;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let d = -g.cssH; d < g.cssW; d += 7) {
    ctx.moveTo(d, g.cssH);
    ctx.lineTo(d + g.cssH, 0);
  }
  ctx.stroke();
  ctx.restore();

  const x0 = snap(toCss(g, 0));
  const y0 = snap(toCss(g, 0));
  const x1 = snap(toCss(g, g.screenW));
  const y1 = snap(toCss(g, g.screenH));
  ctx.fillStyle = COLORS.screen;
  ctx.fillRect(x0, y0, x1 - x0, y1 - y0);

  if (opts.pixelGrid && g.s >= 4) {
    ctx.lineWidth = 1;
    ctx.strokeStyle = COLORS.pixelLine;
    ctx.beginPath();
    for (let x = 1; x < g.screenW; x++) {
      const px = snap(toCss(g, x)) + 0.5;
      ctx.moveTo(px, y0);
      ctx.lineTo(px, y1);
    }
    for (let y = 1; y < g.screenH; y++) {
      const py = snap(toCss(g, y)) + 0.5;
      ctx.moveTo(x0, py);
      ctx.lineTo(x1, py);
    }
    ctx.stroke();
  }

  ctx.lineWidth = 1;
  ctx.strokeStyle = COLORS.screenLine;
  ctx.beginPath();
  for (let c = 1; c < g.cols && c * g.cellW < g.screenW; c++) {
    const x = snap(toCss(g, c * g.cellW)) + 0.5;
    ctx.moveTo(x, y0);
    ctx.lineTo(x, y1);
  }
  for (let r = 1; r < g.rows && r * g.cellH < g.screenH; r++) {
    const y = snap(toCss(g, r * g.cellH)) + 0.5;
    ctx.moveTo(x0, y);
    ctx.lineTo(x1, y);
  }
  ctx.stroke();

  const labels = opts.labels === undefined || opts.labels === true ? 'cells' : opts.labels;
  if (labels === 'cells') {
    const font = Math.max(9, Math.min(12, g.cellW * g.s * 0.3));
    ctx.font = `500 ${font}px "JetBrains Mono Variable", ui-monospace, monospace`;
    ctx.fillStyle = COLORS.label;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'bottom';
    // the middle of each cell's visible part (the last one may be cut by the screen edge)
    const mid = (k: number, size: number, end: number) => (k * size + Math.min(end, (k + 1) * size)) / 2;
    // too narrow for every number: label every 2nd, 4th... cell
    const every = (size: number) => 2 ** Math.max(0, Math.ceil(Math.log2(16 / Math.max(1, size * g.s))));
    const ec = every(g.cellW);
    const er = every(g.cellH);
    for (let c = 0; c < g.cols && c * g.cellW < g.screenW; c += ec) ctx.fillText(String(c), toCss(g, mid(c, g.cellW, g.screenW)), y0 - 3);
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    // row numbers live in the left margin: on a narrow board, smaller type so two digits still fit
    const widest = ctx.measureText(String(g.rows - 1)).width;
    if (widest > x0 - 5) ctx.font = `500 ${Math.max(7, Math.floor((font * (x0 - 5)) / widest))}px "JetBrains Mono Variable", ui-monospace, monospace`;
    for (let r = 0; r < g.rows && r * g.cellH < g.screenH; r += er) ctx.fillText(String(r), x0 - 4, toCss(g, mid(r, g.cellH, g.screenH)));
  } else if (labels === 'px') {
    ctx.font = `500 10px "JetBrains Mono Variable", ui-monospace, monospace`;
    ctx.fillStyle = COLORS.label;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'bottom';
    for (let x = 0; x <= g.screenW; x += g.cellW) ctx.fillText(String(x), toCss(g, x), y0 - 3);
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    for (let y = 0; y <= g.screenH; y += g.cellH) ctx.fillText(String(y), x0 - 4, toCss(g, y));
  }
}

export interface ObjectStyle {
  color: string;
  fill: string;
  label?: string;
  focused?: boolean;
  thin?: boolean;
}

/** One object: filled box (or a dashed outline when empty), with its name. */
export function drawBox(ctx: CanvasRenderingContext2D, g: Geometry, b: Box, st: ObjectStyle): void {
  const empty = b.w <= 0 || b.h <= 0;
  const left = snap(toCss(g, Math.min(b.x, b.x + b.w)));
  const top = snap(toCss(g, Math.min(b.y, b.y + b.h)));
  const right = snap(toCss(g, Math.max(b.x, b.x + b.w)));
  const bottom = snap(toCss(g, Math.max(b.y, b.y + b.h)));
  const w = right - left;
  const hh = bottom - top;
  ctx.save();
  if (!empty) {
    ctx.fillStyle = st.fill;
    ctx.fillRect(left, top, w, hh);
  } else {
    ctx.setLineDash([4, 3]);
  }
  ctx.strokeStyle = st.color;
  ctx.lineWidth = st.thin ? 1.5 : 2;
  ctx.strokeRect(left + 1, top + 1, Math.max(0, w - 2), Math.max(0, hh - 2));
  if (empty && (w < 2 || hh < 2)) {
    ctx.beginPath();
    ctx.moveTo(left, top);
    ctx.lineTo(left + w, top + hh);
    ctx.stroke();
  }
  ctx.restore();
  if (st.focused) {
    ctx.save();
    ctx.strokeStyle = COLORS.focus;
    ctx.lineWidth = 2;
    ctx.setLineDash([5, 4]);
    ctx.strokeRect(left - 4, top - 4, w + 8, hh + 8);
    ctx.restore();
  }
  if (st.label) {
    ctx.save();
    ctx.font = `700 ${Math.max(11, Math.min(14, 6 * g.s))}px "Inter Variable", system-ui, sans-serif`;
    ctx.fillStyle = st.color;
    ctx.textBaseline = 'bottom';
    ctx.textAlign = 'left';
    ctx.fillText(st.label + (empty ? ' (empty)' : ''), left + 1, top - 3);
    ctx.restore();
  }
}

/** Fills whole cells (col, row) of the grid. */
export function fillCells(ctx: CanvasRenderingContext2D, g: Geometry, cells: Array<[number, number]>, fill: string): void {
  ctx.fillStyle = fill;
  for (const [c, r] of cells) {
    const x = snap(toCss(g, c * g.cellW));
    const y = snap(toCss(g, r * g.cellH));
    // the last column and row stop at the screen's edge
    const x1 = snap(toCss(g, Math.min((c + 1) * g.cellW, g.screenW)));
    const y1 = snap(toCss(g, Math.min((r + 1) * g.cellH, g.screenH)));
    if (x1 > x && y1 > y) ctx.fillRect(x, y, x1 - x, y1 - y);
  }
}

// ---- the interactive board: canvas + one focusable handle per object ------------------------

export interface BoardOptions {
  names: readonly string[];
  /** called with the object index and its new box while dragging or nudging */
  onMove(index: number, box: Box): void;
  onFocus(index: number | null): void;
  describe(index: number): string;
  testidPrefix?: string;
}

/** css px of a dragged object that always stay on the canvas */
const KEEP_CSS = 12;

/**
 * Handles are real buttons laid over the canvas: Tab reaches them, arrow keys nudge (Shift: 8 px),
 * pointers drag them. The owner redraws the canvas; the board only reports moves.
 */
export class Board {
  readonly root: HTMLDivElement;
  readonly canvas: HTMLCanvasElement;
  readonly handles: HTMLButtonElement[];
  geom!: Geometry;
  private boxes: Box[] = [];
  private drag: { index: number; id: number; sx: number; sy: number; box: Box } | null = null;

  constructor(private opts: BoardOptions) {
    this.canvas = h('canvas', { class: 'fig-canvas', 'aria-hidden': 'true' });
    this.handles = opts.names.map((name, i) =>
      h('button', {
        type: 'button',
        class: `fig-handle fig-handle-${i}`,
        'data-testid': `${opts.testidPrefix ?? ''}obj-${name.toLowerCase()}`,
        'aria-roledescription': 'movable object',
      }),
    );
    this.root = h('div', { class: 'fig-board' }, this.canvas, ...this.handles);
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
      const b = this.boxes[i];
      this.opts.onMove(i, this.onBoard(b, b.x + delta[0], b.y + delta[1]));
    });
    btn.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      e.preventDefault();
      btn.focus({ preventScroll: true });
      capturePointer(btn, e);
      this.drag = { index: i, id: e.pointerId, sx: e.clientX, sy: e.clientY, box: { ...this.boxes[i] } };
      btn.classList.add('is-dragging');
    });
    btn.addEventListener('pointermove', (e) => {
      const d = this.drag;
      if (!d || d.id !== e.pointerId || d.index !== i) return;
      const dx = Math.round((e.clientX - d.sx) / this.geom.s);
      const dy = Math.round((e.clientY - d.sy) / this.geom.s);
      const b = this.boxes[i];
      const moved = this.onBoard(b, d.box.x + dx, d.box.y + dy);
      if (moved.x !== b.x || moved.y !== b.y) this.opts.onMove(i, moved);
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

  /**
   * Box b moved to (x, y), held so that a piece of it stays drawn (at least KEEP_CSS css px, or
   * all of it when smaller) inside the screen and its margin: a drag or a nudge never loses an
   * object. A box already further out (typed in) may move back in but not further out.
   */
  private onBoard(b: Box, x: number, y: number): Box {
    const g = this.geom;
    const keep = Math.max(1, Math.ceil(KEEP_CSS / g.s));
    const axis = (pos: number, size: number, old: number, screen: number): number => {
      const lead = Math.min(0, size); // a negative size reaches left of pos
      const extent = Math.abs(size);
      const k = Math.min(extent, keep);
      const lo = -g.m + k - extent - lead;
      const hi = screen + g.m - k - lead;
      return clampField(Math.max(Math.min(lo, old), Math.min(Math.max(hi, old), pos)));
    };
    return { ...b, x: axis(x, b.w, b.x, g.screenW), y: axis(y, b.h, b.y, g.screenH) };
  }

  /** Lays out the canvas for the available width and places the handles over the boxes. */
  layout(world: World, boxes: Box[], available: number): CanvasRenderingContext2D {
    this.boxes = boxes;
    this.geom = geometry(available, world);
    const g = this.geom;
    const ctx = prepareCanvas(this.canvas, g);
    this.root.style.width = `${g.cssW}px`;
    this.root.style.height = `${g.cssH}px`;
    this.root.dataset.scale = String(g.s); // css px per screen px (tests drag by it)
    this.root.dataset.world = `${g.screenW}x${g.screenH}+${g.m}`; // screen and margin: what is drawn
    const MIN = 24; // WCAG 2.2 target size: 24 css px at least, however small the box
    // smaller boxes on top, so a small object inside a big one can still be grabbed
    const order = boxes.map((b, i) => ({ i, area: Math.abs(b.w * b.h) })).sort((p, q) => q.area - p.area);
    order.forEach(({ i }, z) => (this.handles[i].style.zIndex = String(2 + z)));
    boxes.forEach((b, i) => {
      let x0 = toCss(g, Math.min(b.x, b.x + b.w));
      let x1 = toCss(g, Math.max(b.x, b.x + b.w));
      let y0 = toCss(g, Math.min(b.y, b.y + b.h));
      let y1 = toCss(g, Math.max(b.y, b.y + b.h));
      if (x1 - x0 < MIN) [x0, x1] = [(x0 + x1) / 2 - MIN / 2, (x0 + x1) / 2 + MIN / 2];
      if (y1 - y0 < MIN) [y0, y1] = [(y0 + y1) / 2 - MIN / 2, (y0 + y1) / 2 + MIN / 2];
      // keep a grabbable piece on the canvas even when the box is far off-screen
      [x0, x1] = clampSpan(x0, x1, g.cssW, MIN);
      [y0, y1] = clampSpan(y0, y1, g.cssH, MIN);
      const hb = this.handles[i];
      hb.style.left = `${x0}px`;
      hb.style.top = `${y0}px`;
      hb.style.width = `${x1 - x0}px`;
      hb.style.height = `${y1 - y0}px`;
      hb.setAttribute('aria-label', this.opts.describe(i));
    });
    return ctx;
  }
}

/** The visible part of a css span [a, b] within [0, size], at least `min` long. */
function clampSpan(a: number, b: number, size: number, min: number): [number, number] {
  if (b <= min) return [0, min];
  if (a >= size - min) return [size - min, size];
  return [Math.max(0, a), Math.min(size, b)];
}
