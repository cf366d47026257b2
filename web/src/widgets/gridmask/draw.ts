// Lesson 1's explorer drawn on its board: the screen and its cells, the cells each mask claims, the
// mask bits beside the screen, the traced step's marker (the pixel, the cells or the bits it is
// about) and the two objects. Pure functions of the state, the core's result and the step; the
// widgets call drawExplorer from draw().
import type { LayoutBits } from '../../core.ts';
import { COLORS, drawBox, drawScreen, fillCells, toCss } from '../../board.ts';
import type { Geometry } from '../../board.ts';
import { half, OBJECT_NAMES, setBits, xField, yField } from './model.ts';
import type { PairResult, PairState, Step } from './model.ts';

export interface ExplorerView {
  state: PairState;
  result: PairResult;
  /** the stepper's current step, or null */
  step: Step | null;
  /** the object selected with the mouse (ringed), or null */
  selected: number | null;
}

/** The whole board: screen, claimed cells, mask strips, the step's marker and the objects. */
export function drawExplorer(ctx: CanvasRenderingContext2D, g: Geometry, v: ExplorerView): void {
  const { layout, boxes } = v.state;
  drawScreen(ctx, g);
  if (g.m * g.s >= 48) {
    ctx.font = `500 11px "Inter Variable", system-ui, sans-serif`;
    ctx.fillStyle = COLORS.label;
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    ctx.fillText(
      `screen ${g.screenW} × ${g.screenH} px · cells ${g.cellW} × ${g.cellH} px · hatched: off-screen`,
      toCss(g, g.screenW),
      toCss(g, g.screenH) + (g.m * g.s) / 2,
    );
  }
  const width = half(layout);
  // the cells each mask claims: X bit c and Y bit r set -> cell (c, r)
  v.result.masks.forEach((mask, i) => {
    const cols = setBits(xField(mask, layout), width);
    const rows = setBits(yField(mask, layout), width);
    fillCells(ctx, g, cols.flatMap((c) => rows.map((r): [number, number] => [c, r])), COLORS.cellTint[i]);
  });
  drawMaskStrips(ctx, g, v.state, v.result, width);
  if (v.step) drawStepMarker(ctx, g, v.step, layout);
  boxes.forEach((b, i) =>
    drawBox(ctx, g, b, { color: COLORS.objects[i], fill: COLORS.objectsFill[i], label: OBJECT_NAMES[i], focused: v.selected === i }),
  );
}

/** Above and left of the screen: each object's column and row bits, then the core's AND. */
function drawMaskStrips(ctx: CanvasRenderingContext2D, g: Geometry, state: PairState, result: PairResult, width: number): void {
  const marginCss = g.m * g.s;
  if (marginCss < 48) return;
  const { layout } = state;
  const th = 5;
  const gap = 3;
  const base = 18;
  const rows: Array<[number | null, string]> = [
    [xField(result.masks[0], layout), COLORS.objects[0]],
    [xField(result.masks[1], layout), COLORS.objects[1]],
    [result.andX, COLORS.shared],
  ];
  const cols: Array<[number | null, string]> = [
    [yField(result.masks[0], layout), COLORS.objects[0]],
    [yField(result.masks[1], layout), COLORS.objects[1]],
    [result.andY, COLORS.shared],
  ];
  const top = toCss(g, 0);
  const left = toCss(g, 0);
  ctx.font = `600 9px "JetBrains Mono Variable", ui-monospace, monospace`;
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  rows.forEach(([field, color], k) => {
    const y = top - base - k * (th + gap) - th;
    ctx.fillStyle = COLORS.label;
    ctx.fillText(['A', 'B', 'A&B'][k], left - 6, y + th / 2 + 0.5);
    if (field === null) return;
    ctx.fillStyle = 'rgba(23,32,51,0.08)';
    ctx.fillRect(left, y, g.cols * g.cellW * g.s, th);
    ctx.fillStyle = color;
    for (const c of setBits(field, width)) if (c < g.cols) ctx.fillRect(toCss(g, c * g.cellW) + 1, y, g.cellW * g.s - 2, th);
  });
  cols.forEach(([field, color], k) => {
    if (field === null) return;
    const x = left - base - 4 - k * (th + gap) - th;
    ctx.fillStyle = 'rgba(23,32,51,0.08)';
    ctx.fillRect(x, top, th, g.rows * g.cellH * g.s);
    ctx.fillStyle = color;
    for (const r of setBits(field, width)) if (r < g.rows) ctx.fillRect(x, toCss(g, r * g.cellH) + 1, th, g.cellH * g.s - 2);
  });
}

/** What the current traced step is about, drawn on the screen. */
function drawStepMarker(ctx: CanvasRenderingContext2D, g: Geometry, st: Step, layout: LayoutBits): void {
  const axis = st.a === 1 ? 1 : 0;
  const color = st.object === null ? COLORS.shared : COLORS.objects[st.object];
  ctx.save();
  ctx.strokeStyle = COLORS.marker;
  ctx.fillStyle = COLORS.marker;
  ctx.lineWidth = 1.5;
  ctx.font = `600 11px "JetBrains Mono Variable", ui-monospace, monospace`;
  if (st.kind === 'FIRST_PX' || st.kind === 'LAST_PX') {
    // the pixel column (or row) the core just reported, outlined one pixel wide
    const p = st.b;
    const label = `${st.kind === 'FIRST_PX' ? 'first' : 'last'} ${axis === 0 ? 'x' : 'y'} = ${p}`;
    ctx.setLineDash([3, 3]);
    if (axis === 0) {
      const x = toCss(g, p);
      ctx.strokeRect(x, 0, Math.max(1, g.s), g.cssH);
      const right = p > g.screenW / 2;
      pill(ctx, label, right ? x - 6 : x + g.s + 6, g.cssH - 14, right ? 'right' : 'left');
    } else {
      const y = toCss(g, p);
      ctx.strokeRect(0, y, g.cssW, Math.max(1, g.s));
      pill(ctx, label, g.cssW - 8, p > g.screenH / 2 ? y - 12 : y + g.s + 12, 'right');
    }
  } else if (st.kind === 'CELLS') {
    const first = st.b >> 8;
    const last = st.b & 255;
    ctx.lineWidth = 2;
    for (const c of first === last ? [first] : [first, last]) {
      if (axis === 0) ctx.strokeRect(toCss(g, c * g.cellW) + 1, toCss(g, 0) + 1, g.cellW * g.s - 2, g.screenH * g.s - 2);
      else ctx.strokeRect(toCss(g, 0) + 1, toCss(g, c * g.cellH) + 1, g.screenW * g.s - 2, g.cellH * g.s - 2);
    }
  } else if (st.kind === 'AXIS_BITS' || st.kind === 'AND_X' || st.kind === 'AND_Y') {
    const field = st.kind === 'AXIS_BITS' ? st.b : st.a;
    const ax = st.kind === 'AND_X' ? 0 : st.kind === 'AND_Y' ? 1 : axis;
    ctx.fillStyle = st.kind === 'AXIS_BITS' ? withAlpha(color, 0.18) : COLORS.sharedFill;
    for (const c of setBits(field, half(layout))) {
      if (ax === 0) ctx.fillRect(toCss(g, c * g.cellW), toCss(g, 0), g.cellW * g.s, g.screenH * g.s);
      else ctx.fillRect(toCss(g, 0), toCss(g, c * g.cellH), g.screenW * g.s, g.cellH * g.s);
    }
  }
  ctx.restore();
}


/** A small dark label with the marker colour, readable on the screen and on the margin. */
function pill(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, align: 'left' | 'right'): void {
  ctx.save();
  ctx.setLineDash([]);
  ctx.font = `600 11px "JetBrains Mono Variable", ui-monospace, monospace`;
  const w = ctx.measureText(text).width + 10;
  const left = align === 'right' ? x - w : x;
  ctx.fillStyle = 'rgba(16, 22, 36, 0.92)';
  ctx.beginPath();
  ctx.roundRect(left, y - 9, w, 18, 4);
  ctx.fill();
  ctx.fillStyle = COLORS.marker;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, left + 5, y + 0.5);
  ctx.restore();
}

function withAlpha(hexColor: string, a: number): string {
  const n = parseInt(hexColor.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${a})`;
}
