// Lesson 7's two graded tasks, both checked by the core. "Predict, then check": a box, a move and a
// wall with fresh numbers; the learner gives the time of impact as a fraction and the side that
// hits; eo.contact.sweep answers, and a wrong answer only says what is off (the answer stays
// hidden). "Make it tunnel": a dealt start and a dealt thin wall; the learner aims a move whose end
// overlaps nothing while its path hits the wall before a dealt fraction of the move.
import { HIT } from 'earlyout';
import type { Box, Earlyout } from 'earlyout';
import { h, setText } from '../../dom.ts';
import { drawBox, drawScreen, snap, Board, toCss } from '../../board.ts';
import { lowestTerms, PredictPanel } from '../../predict.ts';
import type { PredictTask } from '../../predict.ts';
import { TaskTick } from '../../progress.ts';
import { SCREEN_H, SCREEN_W, SIZE } from './model.ts';
import type { Lifecycle } from '../../lifecycle.ts';

const rnd = (lo: number, hi: number): number => lo + Math.floor(Math.random() * (hi - lo + 1));

// ---- predict the impact ------------------------------------------------------------------------

interface ImpactQuestion {
  a: Box;
  dx: number;
  dy: number;
  b: Box;
}

const SIDES: ReadonlyArray<readonly [string, string]> = [
  ['right', 'its right side'],
  ['left', 'its left side'],
  ['bottom', 'its bottom side'],
  ['top', 'its top side'],
];
const sideOf = (face: number): string => (face === HIT.RIGHT ? 'right' : face === HIT.LEFT ? 'left' : face === HIT.BOTTOM ? 'bottom' : 'top');

export const IMPACT_PREDICT: PredictTask<ImpactQuestion> = {
  id: 'impact-predict',
  title: 'Predict, then check: when does it hit?',
  lead: 'Box A moves by (dx, dy) in a straight line; box B stands still. Boxes are half-open: touching is not a hit. At which fraction t of its move does A first overlap B, and which side of A meets B? eo.contact.sweep answers when you check.',
  fields: [
    { key: 't', label: 't', kind: 'fraction' },
    { key: 'side', label: 'side of A', kind: 'choice', choices: SIDES },
  ],
  make(eo) {
    // new numbers until the core says A hits B from outside, on one side (the question says so)
    for (;;) {
      const a = { x: rnd(0, 20), y: rnd(0, 20), w: rnd(4, 10), h: rnd(4, 10) };
      const dx = rnd(-3, 12) * 4;
      const dy = rnd(-3, 12) * 4;
      const b = { x: rnd(10, 60), y: rnd(10, 60), w: rnd(2, 16), h: rnd(2, 16) };
      if (dx === 0 || dy === 0) continue;
      const s = eo.contact.sweep(a, dx, dy, b);
      if (s.hit && !s.inside && s.tNum > 0 && [HIT.LEFT, HIT.RIGHT, HIT.TOP, HIT.BOTTOM].includes(s.face)) return { a, dx, dy, b };
    }
  },
  ask: (q) =>
    h(
      'p',
      {},
      'A: ',
      h('strong', {}, `x ${q.a.x}, y ${q.a.y}, w ${q.a.w}, h ${q.a.h}`),
      ', moving by ',
      h('strong', {}, `(${q.dx}, ${q.dy})`),
      '. B: ',
      h('strong', {}, `x ${q.b.x}, y ${q.b.y}, w ${q.b.w}, h ${q.b.h}`),
      '. A hits B.',
    ),
  data: (q) => ({ ax: q.a.x, ay: q.a.y, aw: q.a.w, ah: q.a.h, dx: q.dx, dy: q.dy, bx: q.b.x, by: q.b.y, bw: q.b.w, bh: q.b.h }),
  answer(eo, q) {
    const s = eo.contact.sweep(q.a, q.dx, q.dy, q.b);
    return { t: lowestTerms(s.tNum, s.tDen), side: sideOf(s.face) };
  },
  explain: (_q, ans) =>
    `A’s columns meet B’s over one stretch of the move, its rows over another; A overlaps B only while both do, so the impact is where the later stretch begins: t = ${ans.t}, on A’s ${ans.side} side.`,
  hint: (_q, key) =>
    key === 't'
      ? 'For each axis alone: how far A must travel before its span reaches B’s (B’s near edge minus A’s far edge), over the move along that axis. A overlaps B only while both axes do, so the impact is the later of the two fractions.'
      : 'A’s side facing B along the axis that meets last.',
};

export function mountImpactPredict(host: HTMLElement, eo: Earlyout): PredictPanel<ImpactQuestion> {
  const p = new PredictPanel(eo, IMPACT_PREDICT);
  host.replaceChildren(h('div', { class: 'predict-wrap' }, p.root));
  return p;
}

// ---- make it tunnel ----------------------------------------------------------------------------

interface Case {
  start: Box;
  wall: Box;
  /** the impact must come before t = 1/k */
  k: number;
}

/** A dealt case: a thin wall, across X or across Y, and a start in front of it; k is one the
    figure leaves room for (the box can travel more than k times the gap). */
export function dealCase(): Case {
  const across = Math.random() < 0.6 ? 'x' : 'y';
  const thick = rnd(1, 3);
  if (across === 'x') {
    const wall = { x: rnd(36, 60), y: rnd(8, 30), w: thick, h: rnd(36, 56) };
    const start = { x: rnd(2, 14), y: rnd(wall.y, wall.y + wall.h - SIZE), w: SIZE, h: SIZE };
    const gap = wall.x - start.x - SIZE;
    const room = SCREEN_W - SIZE - start.x;
    const ks = [2, 3, 4].filter((k) => gap * k < room - 1);
    return { start, wall, k: ks[rnd(0, ks.length - 1)] };
  }
  const wall = { x: rnd(20, 80), y: rnd(26, 34), w: rnd(48, 72), h: thick };
  const start = { x: rnd(wall.x, wall.x + wall.w - SIZE), y: rnd(0, 4), w: SIZE, h: SIZE };
  const gap = wall.y - start.y - SIZE;
  const room = SCREEN_H - SIZE - start.y;
  const ks = [2, 3, 4].filter((k) => gap * k < room - 1);
  return { start, wall, k: ks[rnd(0, ks.length - 1)] };
}

export class TunnelChallenge {
  private c: Case = dealCase();
  private dx = 0;
  private dy = 0;
  private board: Board;
  private boardWrap: HTMLElement;
  private items: Record<'clear' | 'hits' | 'early', HTMLElement>;
  private status: HTMLElement;
  private panel: HTMLElement;
  private tick = new TaskTick();
  private root: HTMLElement;
  private said: HTMLElement;

  constructor(host: HTMLElement, private life: Lifecycle, private eo: Earlyout) {
    this.board = new Board({
      names: ['target'],
      testidPrefix: 'tn-',
      onMove: (_i, b) => this.aim(b.x - this.c.start.x, b.y - this.c.start.y),
      onFocus: () => this.draw(),
      describe: () => `Where the box is sent: dx ${this.dx}, dy ${this.dy}. Drag it, or use the arrow keys (Shift for 8 px).`,
    });
    this.boardWrap = h('div', { class: 'fig-board-wrap' }, this.board.root);
    this.items = {
      clear: h('li', { 'data-testid': 'tn-check-clear' }),
      hits: h('li', { 'data-testid': 'tn-check-hits' }, 'Swept, its path hits the wall.'),
      early: h('li', { 'data-testid': 'tn-check-early' }),
    };
    this.said = h('p', { class: 'mv-says', 'data-testid': 'tn-says', role: 'status', 'aria-live': 'polite' });
    this.status = h('p', { class: 'challenge-status', 'data-testid': 'tn-status', role: 'status', 'aria-live': 'polite' });
    this.panel = h(
      'section',
      { role: 'group', class: 'challenge', 'aria-label': 'Challenge checks', 'data-testid': 'tn-panel' },
      h('h3', {}, 'Checked by the core'),
      h('ul', { class: 'checks' }, this.items.clear, this.items.hits, this.items.early),
      this.status,
      h('button', { type: 'button', class: 'btn', 'data-testid': 'tn-new', onclick: () => this.deal() }, 'New wall'),
      this.tick.root,
    );
    this.root = h(
      'div',
      { class: 'fig-playground mv-tunnel', 'data-testid': 'tn-root' },
      h('div', { class: 'fig-main' }, h('div', { class: 'fig-board-col' }, this.said, this.boardWrap, h('p', { class: 'fig-help' }, 'Drag the dashed target away from the box, or Tab to it and use the arrow keys (Shift: 8 px).')), h('div', { class: 'fig-side' }, this.panel)),
    );
    host.replaceChildren(this.root);
    this.life.onResize(this.boardWrap, () => this.draw());
    this.check();
  }

  private deal(): void {
    this.c = dealCase();
    this.dx = this.dy = 0;
    this.check();
  }

  private aim(dx: number, dy: number): void {
    const s = this.c.start;
    this.dx = Math.max(-s.x, Math.min(SCREEN_W - SIZE - s.x, dx));
    this.dy = Math.max(-s.y, Math.min(SCREEN_H - SIZE - s.y, dy));
    this.check();
  }

  private check(): void {
    const { start, wall, k } = this.c;
    const moved = this.dx !== 0 || this.dy !== 0;
    const clear = moved && !this.eo.contact.pushBoxes({ ...start, x: start.x + this.dx, y: start.y + this.dy }, wall).overlap;
    const s = this.eo.contact.sweep(start, this.dx, this.dy, wall);
    const hits = moved && s.hit && !s.inside;
    const early = hits && s.tNum * k < s.tDen;
    setText(this.items.clear, 'Tested only where it ends, the box overlaps nothing.');
    setText(this.items.early, `The impact comes before t = 1/${k} of the move.`);
    const done = { clear, hits, early };
    for (const [key, el] of Object.entries(this.items) as Array<[keyof typeof done, HTMLElement]>) {
      el.classList.toggle('is-done', done[key]);
      el.dataset.done = String(done[key]);
    }
    const solved = clear && hits && early;
    this.panel.dataset.solved = String(solved);
    if (solved) this.tick.solved();
    setText(this.said, !moved ? 'The box has not moved yet.' : `Move (${this.dx}, ${this.dy}): ${hits ? `the sweep hits at t = ${s.tNum}/${s.tDen}` : 'the sweep hits nothing'}; at its end the box ${clear ? 'overlaps nothing' : 'overlaps the wall'}.`);
    setText(this.status, solved ? 'Solved: a game that tests only where things end would let this box through the wall. The sweep does not.' : 'Not yet.');
    const d = this.root.dataset;
    d.start = `${start.x},${start.y}`;
    d.wall = `${wall.x},${wall.y},${wall.w},${wall.h}`;
    d.k = String(k);
    d.dx = String(this.dx);
    d.dy = String(this.dy);
    this.draw();
  }

  private draw(): void {
    const { start, wall } = this.c;
    const target = { x: start.x + this.dx, y: start.y + this.dy, w: SIZE, h: SIZE };
    const ctx = this.board.layout({ screenW: SCREEN_W, screenH: SCREEN_H, cellW: 16, cellH: 16, margin: 0, maxScale: 4 }, [target], Math.min(this.boardWrap.clientWidth || 480, 640));
    const g = this.board.geom;
    drawScreen(ctx, g, { labels: false });
    drawBox(ctx, g, wall, { color: '#c9b8ff', fill: 'rgba(201, 184, 255, 0.55)' });
    drawBox(ctx, g, start, { color: '#ffffff', fill: 'rgba(255, 255, 255, 0.2)' });
    const l = snap(toCss(g, target.x));
    const t = snap(toCss(g, target.y));
    ctx.save();
    ctx.strokeStyle = '#ffd84d';
    ctx.lineWidth = 2;
    ctx.setLineDash([4, 3]);
    ctx.strokeRect(l - 2, t - 2, snap(toCss(g, target.x + SIZE)) - l + 4, snap(toCss(g, target.y + SIZE)) - t + 4);
    ctx.restore();
  }
}
