// The screen: a canvas showing the layout's screen, its cell grid, the off-screen margin and the
// objects, scaled up crisply. Drawing is a pure function of the view state; pointer and keyboard
// input only produce new box positions for the owner to store.
import { h } from '../../dom.ts';
import { clampInt16, LAYOUTS } from '../../core.ts';
import type { Box, LayoutBits } from '../../core.ts';

export const COLORS = {
  screen: '#172033',
  screenLine: 'rgba(160, 180, 220, 0.16)',
  screenLineStrong: 'rgba(170, 195, 235, 0.34)',
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

/** Picks a crisp scale: whole multiples when the width allows (2x, 3x), else whatever fits. */
export function geometry(available: number, bits: LayoutBits, maxScale = 3): Geometry {
  const L = LAYOUTS[bits];
  const m = L.screenW >= 1024 ? 128 : 32;
  const worldW = L.screenW + 2 * m;
  let s = available / worldW;
  if (s >= 1) s = Math.min(maxScale, Math.floor(s * 4) / 4);
  const cellW = 1 << L.cellShiftX;
  const cellH = 1 << L.cellShiftY;
  return {
    s,
    m,
    cssW: Math.round(worldW * s),
    cssH: Math.round((L.screenH + 2 * m) * s),
    screenW: L.screenW,
    screenH: L.screenH,
    cellW,
    cellH,
    cols: Math.ceil(L.screenW / cellW),
    rows: Math.ceil(L.screenH / cellH),
  };
}

/** World px to css px. */
export const toCss = (g: Geometry, v: number): number => (v + g.m) * g.s;

/** Sizes a canvas for the geometry and the device pixel ratio; returns a context in css px. */
export function prepareCanvas(canvas: HTMLCanvasElement, g: Geometry): CanvasRenderingContext2D {
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
function snap(v: number): number {
  const dpr = Math.max(1, Math.min(3, window.devicePixelRatio || 1));
  return Math.round(v * dpr) / dpr;
}

/** Background: hatched off-screen margin, the dark screen, the cell grid and cell numbers. */
export function drawScreen(ctx: CanvasRenderingContext2D, g: Geometry, opts: { labels?: boolean } = {}): void {
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

  ctx.lineWidth = 1;
  ctx.strokeStyle = COLORS.screenLine;
  ctx.beginPath();
  for (let c = 1; c < g.cols; c++) {
    const x = snap(toCss(g, c * g.cellW)) + 0.5;
    ctx.moveTo(x, y0);
    ctx.lineTo(x, y1);
  }
  for (let r = 1; r < g.rows; r++) {
    const y = snap(toCss(g, r * g.cellH)) + 0.5;
    ctx.moveTo(x0, y);
    ctx.lineTo(x1, y);
  }
  ctx.stroke();

  if (opts.labels !== false) {
    const font = Math.max(9, Math.min(12, g.cellW * g.s * 0.3));
    ctx.font = `500 ${font}px "JetBrains Mono Variable", ui-monospace, monospace`;
    ctx.fillStyle = COLORS.label;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'bottom';
    for (let c = 0; c < g.cols; c++) ctx.fillText(String(c), toCss(g, (c + 0.5) * g.cellW), y0 - 3);
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    for (let r = 0; r < g.rows; r++) ctx.fillText(String(r), x0 - 4, toCss(g, (r + 0.5) * g.cellH));
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
    ctx.fillRect(x, y, snap(toCss(g, (c + 1) * g.cellW)) - x, snap(toCss(g, (r + 1) * g.cellH)) - y);
  }
}

// ---- the interactive stage: canvas + one focusable handle per object ------------------------

export interface StageOptions {
  names: readonly string[];
  /** called with the object index and its new box while dragging or nudging */
  onMove(index: number, box: Box): void;
  onFocus(index: number | null): void;
  describe(index: number): string;
  testidPrefix?: string;
}

/**
 * Handles are real buttons laid over the canvas: Tab reaches them, arrow keys nudge (Shift: 8 px),
 * pointers drag them. The owner redraws the canvas; the stage only reports moves.
 */
export class Stage {
  readonly root: HTMLDivElement;
  readonly canvas: HTMLCanvasElement;
  readonly handles: HTMLButtonElement[];
  geom!: Geometry;
  private boxes: Box[] = [];
  private drag: { index: number; id: number; sx: number; sy: number; box: Box } | null = null;

  constructor(private opts: StageOptions) {
    this.canvas = h('canvas', { class: 'gm-canvas', 'aria-hidden': 'true' });
    this.handles = opts.names.map((name, i) =>
      h('button', {
        type: 'button',
        class: `gm-handle gm-handle-${i}`,
        'data-testid': `${opts.testidPrefix ?? ''}obj-${name.toLowerCase()}`,
        'aria-roledescription': 'movable object',
      }),
    );
    this.root = h('div', { class: 'gm-stage' }, this.canvas, ...this.handles);
    this.handles.forEach((btn, i) => this.wire(btn, i));
  }

  private wire(btn: HTMLButtonElement, i: number): void {
    btn.addEventListener('focus', () => this.opts.onFocus(i));
    btn.addEventListener('blur', () => {
      if (!this.handles.includes(document.activeElement as HTMLButtonElement)) this.opts.onFocus(null);
    });
    btn.addEventListener('keydown', (e) => {
      const step = e.shiftKey ? 8 : 1;
      const d: Record<string, [number, number]> = {
        ArrowLeft: [-step, 0],
        ArrowRight: [step, 0],
        ArrowUp: [0, -step],
        ArrowDown: [0, step],
      };
      const delta = d[e.key];
      if (!delta || e.altKey || e.ctrlKey || e.metaKey) return;
      e.preventDefault();
      const b = this.boxes[i];
      this.opts.onMove(i, { ...b, x: clampInt16(b.x + delta[0]), y: clampInt16(b.y + delta[1]) });
    });
    btn.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      e.preventDefault();
      btn.focus({ preventScroll: true });
      try {
        btn.setPointerCapture(e.pointerId); // keep the drag when the finger leaves the object
      } catch {
        // a pointer the browser does not track (synthetic events): moves still arrive here
      }
      this.drag = { index: i, id: e.pointerId, sx: e.clientX, sy: e.clientY, box: { ...this.boxes[i] } };
      btn.classList.add('is-dragging');
    });
    btn.addEventListener('pointermove', (e) => {
      const d = this.drag;
      if (!d || d.id !== e.pointerId || d.index !== i) return;
      const dx = Math.round((e.clientX - d.sx) / this.geom.s);
      const dy = Math.round((e.clientY - d.sy) / this.geom.s);
      const b = this.boxes[i];
      const nx = clampInt16(d.box.x + dx);
      const ny = clampInt16(d.box.y + dy);
      if (nx !== b.x || ny !== b.y) this.opts.onMove(i, { ...b, x: nx, y: ny });
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

  /** Lays out the canvas for the available width and places the handles over the boxes. */
  layout(bits: LayoutBits, boxes: Box[], available: number): CanvasRenderingContext2D {
    this.boxes = boxes;
    this.geom = geometry(available, bits);
    const g = this.geom;
    const ctx = prepareCanvas(this.canvas, g);
    this.root.style.width = `${g.cssW}px`;
    this.root.style.height = `${g.cssH}px`;
    this.root.dataset.scale = String(g.s); // css px per screen px (tests drag by it)
    const MIN = 18;
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
