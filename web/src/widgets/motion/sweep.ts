// Lesson 7's first figure and its step-through: a box, a wall and a move (dx, dy) to drag. The core
// answers the move three ways: the end-only test (eo.contact.pushBoxes at the end), the time of
// impact along the straight path (eo.contact.sweep: contact.c's X and Y slabs) and X-then-Y (two
// one-axis sweeps); with controls=full, the traced sweep and the World's move are stepped through
// core/src/contact.c and core/src/move.c.
//   drag / keys -> state -> core (pushBoxes, sweep, World move, traced) -> draw + text
import contactSource from '../../../../core/src/contact.c';
import moveSource from '../../../../core/src/move.c';
import type { Box, Earlyout, SweepHit, TraceStep } from 'earlyout';
import { presetChips } from '../../controls.ts';
import { h, setText } from '../../dom.ts';
import { drawBox, drawScreen, snap, Board, toCss } from '../../board.ts';
import type { Geometry } from '../../board.ts';
import { Stepper } from '../../stepper.ts';
import { stepperKeys } from '../../input.ts';
import { int, oneOf, ownFigure, UrlState } from '../../urlstate.ts';
import { endOverlaps, fraction, moveThrough, SCREEN_H, SCREEN_W, sideText, SIZE, xThenY } from './model.ts';
import type { MoveAnswer } from './model.ts';
import type { Lifecycle } from '../../lifecycle.ts';

interface Preset {
  label: string;
  hint: string;
  wall: Box;
  x: number;
  y: number;
  dx: number;
  dy: number;
}

export const PRESETS: Record<string, Preset> = {
  thin: {
    label: 'Thin wall',
    hint: 'A fast move at a 2 px wall: it ends well past the wall, so a test at the end finds nothing there. The sweep stops it flush against the wall.',
    wall: { x: 90, y: 16, w: 2, h: 64 },
    x: 20,
    y: 40,
    dx: 100,
    dy: 0,
  },
  corner: {
    label: 'Past a corner',
    hint: 'A diagonal move whose straight path passes below the block. X first runs into the block’s side and only then falls; the sweep finds no hit.',
    wall: { x: 60, y: 8, w: 24, h: 20 },
    x: 10,
    y: 10,
    dx: 90,
    dy: 50,
  },
  graze: {
    label: 'Diagonal hit',
    hint: 'A diagonal move into the wall’s top end: the columns meet first, the rows later. The later of the two is the impact.',
    wall: { x: 80, y: 40, w: 4, h: 48 },
    x: 30,
    y: 6,
    dx: 80,
    dy: 60,
  },
};
const PRESET_KEYS = Object.keys(PRESETS);

interface State {
  p: string;
  x: number;
  y: number;
  dx: number;
  dy: number;
  wx: number;
  wy: number;
}

interface Answers {
  end: boolean;
  hit: SweepHit;
  xy: ReturnType<typeof xThenY>;
  move: MoveAnswer;
  steps: TraceStep[];
}

const COLOR = { sweep: '#5cc8ff', end: '#ff6b6b', xy: '#ff9152', wall: '#c9b8ff', start: '#ffffff', target: '#ffd84d' };
const clamp = (v: number, lo: number, hi: number): number => Math.max(lo, Math.min(hi, v));

/** The phases of the step-through: contact.c's slabs and verdict, then move.c's runs. */
const PHASES = ['X slab', 'Y slab', 'impact', 'move runs', 'move ends'] as const;

export class MotionSweep {
  private s: State;
  private a!: Answers;
  private full: boolean;
  private focused: number | null = null;
  private board: Board;
  private boardWrap: HTMLElement;
  private says: HTMLElement;
  private hint: HTMLElement | null = null;
  private stepper: Stepper | null = null;
  private index = 0;
  private root: HTMLElement;
  private url: UrlState<{ p: string; x: number; y: number; dx: number; dy: number; wx: number; wy: number; s: number }> | null = null;

  constructor(host: HTMLElement, private life: Lifecycle, private eo: Earlyout, o: Record<string, string>) {
    this.full = o.controls !== 'minimal';
    const p = PRESETS[o.preset ?? 'thin'] ?? PRESETS.thin;
    const key = PRESET_KEYS.find((k) => PRESETS[k] === p)!;
    this.s = { p: key, x: p.x, y: p.y, dx: p.dx, dy: p.dy, wx: p.wall.x, wy: p.wall.y };
    const names = this.full ? ['target', 'box', 'wall'] : ['target'];
    this.board = new Board({
      names,
      testidPrefix: 'mv-',
      onMove: (i, b) => {
        if (i === 0) this.aim(b.x - this.s.x, b.y - this.s.y);
        else if (i === 1) this.place(b.x, b.y);
        else this.placeWall(b.x, b.y);
      },
      onFocus: (i) => {
        this.focused = i;
        this.draw();
      },
      describe: (i) =>
        i === 0
          ? `Where the box is sent: dx ${this.s.dx}, dy ${this.s.dy}. Drag it, or use the arrow keys (Shift for 8 px).`
          : i === 1
            ? `The box, at x ${this.s.x}, y ${this.s.y}. Drag it, or use the arrow keys.`
            : `The wall, at x ${this.s.wx}, y ${this.s.wy}. Drag it, or use the arrow keys.`,
    });
    this.boardWrap = h('div', { class: 'fig-board-wrap' }, this.board.root);
    this.says = h('p', { class: 'mv-says', 'data-testid': 'mv-says', role: 'status', 'aria-live': 'polite' });
    const legend = h(
      'ul',
      { class: 'tl-sweep-legend', 'aria-label': 'Legend' },
      h('li', {}, h('span', { class: 'tl-key', style: `background:${COLOR.end}` }), 'tested only at the end (red: a hit)'),
      h('li', {}, h('span', { class: 'tl-key', style: `background:${COLOR.sweep}` }), 'swept: stopped at the impact'),
      ...(this.full
        ? [
            h('li', {}, h('span', { class: 'tl-key', style: `background:${COLOR.xy}` }), 'X, then Y'),
            h('li', {}, h('span', { class: 'tl-key', style: `border-style:dashed;border-color:${COLOR.sweep}` }), 'the World’s move, after sliding'),
          ]
        : []),
    );
    const parts: HTMLElement[] = [];
    if (this.full) {
      this.hint = h('p', { class: 'fig-hint', 'data-testid': 'mv-hint' });
      parts.push(h('div', { class: 'fig-toolbar' }, presetChips('Try', PRESETS, (k) => this.applyPreset(k))));
    }
    const col = h(
      'div',
      { class: 'fig-board-col' },
      this.says,
      this.boardWrap,
      legend,
      ...(this.hint ? [this.hint] : []),
      h('p', { class: 'fig-help' }, this.full ? 'Drag the dashed target, the box or the wall, or Tab to them and use the arrow keys (Shift: 8 px).' : 'Drag the dashed target, or Tab to it and use the arrow keys (Shift: 8 px).'),
    );
    parts.push(h('div', { class: 'fig-main' }, col));
    if (this.full) {
      this.stepper = new Stepper<TraceStep>(
        life,
        {
          sources: { 'core/src/contact.c': contactSource, 'core/src/move.c': moveSource },
          title: 'Step through the sweep, then the move',
          phases: PHASES,
          phaseOf: (st) => phaseOf(st),
          explain: (st) => this.explain(st),
          note: (st) => this.note(st),
          objectKeys: true,
        },
        (_st, i) => {
          const moved = i !== this.index;
          this.index = i;
          if (moved) this.url?.changed(this.stepper?.playing ? 'drag' : 'step');
          this.draw();
        },
      );
      parts.push(this.stepper.root);
    }
    this.root = h('div', { class: `fig-playground mv-sweep${this.full ? '' : ' is-minimal'}`, 'data-testid': 'mv-root' }, ...parts);
    if (this.stepper) stepperKeys(this.root, () => this.stepper);
    host.replaceChildren(this.root);
    this.life.onResize(this.boardWrap, () => this.draw());
    this.update();

    const figure = ownFigure(host, 'motion-sweep');
    if (figure) {
      const R = 400;
      this.url = new UrlState(this.life, figure,
        {
          p: oneOf(PRESET_KEYS, 'wall'),
          x: int(0, SCREEN_W - SIZE, 'x'),
          y: int(0, SCREEN_H - SIZE, 'y'),
          dx: int(-R, R, 'dx'),
          dy: int(-R, R, 'dy'),
          wx: int(0, SCREEN_W - 1, 'wall x'),
          wy: int(0, SCREEN_H - 1, 'wall y'),
          s: int(0, 9999, 'step'),
        },
        {
          get: () => ({ ...this.s, s: this.index }),
          check: (v) => this.offScreen(v),
          apply: (v) => {
            this.s = { p: v.p, x: v.x, y: v.y, dx: v.dx, dy: v.dy, wx: v.wx, wy: v.wy };
            this.update();
            this.stepper?.go(v.s);
          },
        },
      );
    }
  }

  private get wall(): Box {
    const w = PRESETS[this.s.p].wall;
    return { x: this.s.wx, y: this.s.wy, w: w.w, h: w.h };
  }

  /** What keeps a state drawable: the target and the wall on the screen. */
  private offScreen(v: State): string | null {
    const w = PRESETS[v.p].wall;
    if (v.x + v.dx < 0 || v.x + v.dx > SCREEN_W - SIZE) return `dx ${v.dx} sends the box off the figure (x + dx must be 0 to ${SCREEN_W - SIZE})`;
    if (v.y + v.dy < 0 || v.y + v.dy > SCREEN_H - SIZE) return `dy ${v.dy} sends the box off the figure (y + dy must be 0 to ${SCREEN_H - SIZE})`;
    if (v.wx > SCREEN_W - w.w || v.wy > SCREEN_H - w.h) return 'the wall would leave the figure';
    return null;
  }

  private applyPreset(key: string): void {
    const p = PRESETS[key];
    this.s = { p: key, x: p.x, y: p.y, dx: p.dx, dy: p.dy, wx: p.wall.x, wy: p.wall.y };
    this.stepper?.reset();
    this.update();
    this.url?.changed('step');
  }

  private aim(dx: number, dy: number): void {
    const s = this.s;
    s.dx = clamp(dx, -s.x, SCREEN_W - SIZE - s.x);
    s.dy = clamp(dy, -s.y, SCREEN_H - SIZE - s.y);
    this.update();
    this.url?.changed('drag');
  }

  private place(x: number, y: number): void {
    const s = this.s;
    s.x = clamp(x, 0, SCREEN_W - SIZE);
    s.y = clamp(y, 0, SCREEN_H - SIZE);
    s.dx = clamp(s.dx, -s.x, SCREEN_W - SIZE - s.x);
    s.dy = clamp(s.dy, -s.y, SCREEN_H - SIZE - s.y);
    this.update();
    this.url?.changed('drag');
  }

  private placeWall(x: number, y: number): void {
    const w = PRESETS[this.s.p].wall;
    this.s.wx = clamp(x, 0, SCREEN_W - w.w);
    this.s.wy = clamp(y, 0, SCREEN_H - w.h);
    this.update();
    this.url?.changed('drag');
  }

  private update(): void {
    const { s } = this;
    const box = { x: s.x, y: s.y, w: SIZE, h: SIZE };
    const wall = this.wall;
    const end = endOverlaps(this.eo, box, s.dx, s.dy, wall);
    const traced = moveThrough(this.eo, box, s.dx, s.dy, [wall], 'slide', this.full);
    const hit = traced.sweep!;
    this.a = { end, hit, xy: xThenY(this.eo, box, s.dx, s.dy, wall), move: traced.move, steps: traced.steps };
    const a = this.a;
    const endSaid = end ? 'Tested only where it ends, the box overlaps the wall: a hit.' : 'Tested only where it ends, the box overlaps nothing: it passes through.';
    const sweepSaid = a.hit.inside
      ? 'It starts inside the wall.'
      : a.hit.hit
        ? `Swept, it hits at t = ${fraction(a.hit.tNum, a.hit.tDen)} of the move, with ${sideText(a.hit.face)}, and stops flush at (${a.hit.x}, ${a.hit.y}).`
        : `Swept, it hits nothing and arrives at (${s.x + s.dx}, ${s.y + s.dy}).`;
    const xySaid = this.full ? ` X, then Y ends at (${a.xy.x}, ${a.xy.y})${a.xy.hitX || a.xy.hitY ? `, stopped along ${a.xy.hitX ? 'X' : 'Y'}` : ''}.` : '';
    setText(this.says, `${endSaid} ${sweepSaid}${xySaid}`);
    if (this.hint) {
      const p = PRESETS[s.p];
      this.hint.hidden = !(s.x === p.x && s.y === p.y && s.dx === p.dx && s.dy === p.dy && s.wx === p.wall.x && s.wy === p.wall.y);
      setText(this.hint, p.hint);
    }
    const d = this.root.dataset;
    d.preset = s.p;
    d.dx = String(s.dx);
    d.dy = String(s.dy);
    d.endHit = String(end);
    d.sweepHit = String(a.hit.hit);
    d.t = `${a.hit.tNum}/${a.hit.tDen}`;
    d.stop = `${a.hit.x},${a.hit.y}`;
    d.move = `${a.move.x},${a.move.y}`;
    d.xy = `${a.xy.x},${a.xy.y}`;
    if (this.stepper) {
      const c = a.move.contacts.length;
      this.stepper.update(a.steps, `The move met ${c} thing${c === 1 ? '' : 's'} and ended at (${a.move.x}, ${a.move.y}); the sweep said ${a.hit.hit ? `t = ${a.hit.tNum}/${a.hit.tDen}` : 'no hit'}.`);
    }
    this.draw();
  }

  // ---- the step-through's words ----------------------------------------------------------------

  private explain(st: TraceStep): string {
    const { s } = this;
    switch (st.event) {
      case 'EO_EV_CONTACT_SLAB_X':
        return st.a < 0
          ? `Columns: during this move the box’s columns never meet the wall’s (dx ${s.dx}). No overlap is possible.`
          : `Columns: the box’s columns meet the wall’s from t = ${st.a}/${Math.abs(s.dx) || 1} to ${st.b}/${Math.abs(s.dx) || 1} of the move (a slab in time).`;
      case 'EO_EV_CONTACT_SLAB_Y':
        return st.a < 0
          ? `Rows: the box’s rows never meet the wall’s during the move (dy ${s.dy}).`
          : `Rows: the box’s rows meet the wall’s from t = ${st.a}/${Math.abs(s.dy) || 1} to ${st.b}/${Math.abs(s.dy) || 1}.`;
      case 'EO_EV_CONTACT_MISS':
        return 'The two slabs never hold at the same time (or one never holds): the box and the wall never overlap. No hit.';
      case 'EO_EV_CONTACT_HIT':
        return st.b === 0
          ? 'Both slabs hold from the start: the box begins inside the wall.'
          : `Both hold from the later start on: that is the impact, t = ${fraction(this.a.hit.tNum, this.a.hit.tDen)}, on ${sideText(st.b)}.`;
      case 'EO_EV_MOVE_BEGIN':
        return `The World’s move by (${st.a}, ${st.b}) begins: it walks the segment’s staircase, one straight run at a time.`;
      case 'EO_EV_MOVE_RUN':
        return `A run of ${Math.abs(st.b)} px along ${st.a ? 'Y' : 'X'}: the nearest box ahead that shares a ${st.a ? 'column' : 'row'} with the mover decides how far it goes.`;
      case 'EO_EV_MOVE_TILE':
        return `No tile map here: only the world’s edge could stop it, and it lets the run go ${st.b} px.`;
      case 'EO_EV_MOVE_BOX':
        return 'The wall is flush ahead: the run stopped against it.';
      case 'EO_EV_MOVE_CONTACT':
        return `Reported: the wall, with the response ${RESP[st.b] ?? st.b}. With slide this axis stops and the other goes on.`;
      case 'EO_EV_MOVE_END':
        return `The move ends at (${st.a}, ${st.b}).`;
      default:
        return st.event;
    }
  }

  private note(st: TraceStep): string {
    switch (st.event) {
      case 'EO_EV_CONTACT_SLAB_X':
        return st.a < 0 ? 'SLAB_X  the columns never meet' : `SLAB_X  columns meet from ${st.a} to ${st.b} over ${Math.abs(this.s.dx) || 1}`;
      case 'EO_EV_CONTACT_SLAB_Y':
        return st.a < 0 ? 'SLAB_Y  the rows never meet' : `SLAB_Y  rows meet from ${st.a} to ${st.b} over ${Math.abs(this.s.dy) || 1}`;
      case 'EO_EV_CONTACT_MISS':
        return 'MISS  no time when both meet';
      case 'EO_EV_CONTACT_HIT':
        return st.b === 0 ? 'HIT  inside from the start' : `HIT  at ${st.a} over ${this.a.hit.tDen}`;
      case 'EO_EV_MOVE_BEGIN':
        return `MOVE  by ${st.a}, ${st.b}`;
      case 'EO_EV_MOVE_RUN':
        return `RUN  ${Math.abs(st.b)} px along ${st.a ? 'Y' : 'X'}`;
      case 'EO_EV_MOVE_TILE':
        return `EDGE  lets it go ${st.b} px`;
      case 'EO_EV_MOVE_BOX':
        return 'BOX  flush ahead';
      case 'EO_EV_MOVE_CONTACT':
        return `CONTACT  ${RESP[st.b] ?? st.b}`;
      case 'EO_EV_MOVE_END':
        return `END  at ${st.a}, ${st.b}`;
      default:
        return st.event;
    }
  }

  // ---- drawing ---------------------------------------------------------------------------------

  private draw(): void {
    const { s, a } = this;
    const start = { x: s.x, y: s.y, w: SIZE, h: SIZE };
    const target = { x: s.x + s.dx, y: s.y + s.dy, w: SIZE, h: SIZE };
    const wall = this.wall;
    const boxes = this.full ? [target, start, wall] : [target];
    const ctx = this.board.layout({ screenW: SCREEN_W, screenH: SCREEN_H, cellW: 16, cellH: 16, margin: 0, maxScale: 4 }, boxes, Math.min(this.boardWrap.clientWidth || 480, 640));
    const g = this.board.geom;
    drawScreen(ctx, g, { labels: false, pixelGrid: g.s >= 4 });
    drawBox(ctx, g, wall, { color: COLOR.wall, fill: 'rgba(201, 184, 255, 0.55)', focused: this.focused === 2 });
    const mid = (x: number, y: number): [number, number] => [toCss(g, x + SIZE / 2), toCss(g, y + SIZE / 2)];
    line(ctx, [mid(s.x, s.y), mid(target.x, target.y)], 'rgba(255, 255, 255, 0.7)', 1.5, [3, 4]);
    if (this.full) line(ctx, [mid(s.x, s.y), mid(a.xy.x, s.y), mid(a.xy.x, a.xy.y)], COLOR.xy, 2);
    // the box where it ends, tested there only (red when that test finds the wall)
    drawBox(ctx, g, target, { color: a.end ? COLOR.end : 'rgba(255, 255, 255, 0.55)', fill: a.end ? 'rgba(255, 107, 107, 0.35)' : 'rgba(0, 0, 0, 0)', thin: true, focused: this.focused === 0 });
    drawTarget(ctx, g, target);
    if (this.full) drawBox(ctx, g, { x: a.xy.x, y: a.xy.y, w: SIZE, h: SIZE }, { color: COLOR.xy, fill: 'rgba(255, 145, 82, 0.2)', thin: true });
    if (a.hit.hit && !a.hit.inside) drawBox(ctx, g, { x: a.hit.x, y: a.hit.y, w: SIZE, h: SIZE }, { color: COLOR.sweep, fill: 'rgba(92, 200, 255, 0.4)' });
    // the World's move (full figure): where it ends after the slide, dashed
    if (this.full && (a.move.x !== a.hit.x || a.move.y !== a.hit.y)) drawOutline(ctx, g, { x: a.move.x, y: a.move.y, w: SIZE, h: SIZE }, COLOR.sweep);
    drawBox(ctx, g, start, { color: COLOR.start, fill: 'rgba(255, 255, 255, 0.2)', focused: this.focused === 1 });
  }
}

const RESP = ['slide', 'touch', 'cross', 'bounce', 'ignore'];

function phaseOf(st: TraceStep): string {
  switch (st.event) {
    case 'EO_EV_CONTACT_SLAB_X':
      return 'X slab';
    case 'EO_EV_CONTACT_SLAB_Y':
      return 'Y slab';
    case 'EO_EV_CONTACT_HIT':
    case 'EO_EV_CONTACT_MISS':
      return 'impact';
    case 'EO_EV_MOVE_END':
      return 'move ends';
    default:
      return 'move runs';
  }
}

function line(ctx: CanvasRenderingContext2D, pts: Array<[number, number]>, color: string, width: number, dash: number[] = []): void {
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.setLineDash(dash);
  ctx.beginPath();
  ctx.moveTo(snap(pts[0][0]), snap(pts[0][1]));
  for (const [x, y] of pts.slice(1)) ctx.lineTo(snap(x), snap(y));
  ctx.stroke();
  ctx.restore();
}

function drawOutline(ctx: CanvasRenderingContext2D, g: Geometry, b: Box, color: string): void {
  const l = snap(toCss(g, b.x));
  const t = snap(toCss(g, b.y));
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = 2;
  ctx.setLineDash([3, 3]);
  ctx.strokeRect(l + 1, t + 1, snap(toCss(g, b.x + b.w)) - l - 2, snap(toCss(g, b.y + b.h)) - t - 2);
  ctx.restore();
}

function drawTarget(ctx: CanvasRenderingContext2D, g: Geometry, b: Box): void {
  const l = snap(toCss(g, b.x));
  const t = snap(toCss(g, b.y));
  ctx.save();
  ctx.strokeStyle = COLOR.target;
  ctx.lineWidth = 2;
  ctx.setLineDash([4, 3]);
  ctx.strokeRect(l - 2, t - 2, snap(toCss(g, b.x + b.w)) - l + 4, snap(toCss(g, b.y + b.h)) - t + 4);
  ctx.restore();
}
