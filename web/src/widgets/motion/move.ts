// Lesson 7's responses and the seam: a floor of boxes laid edge to edge, a wall, and a box sent
// along the floor (dx, dy: a run plus gravity). Two answers from the core: the World's move
// (eo_move: the staircase, the nearest thing ahead first, a response per box) and the naive
// "move to the end, then push out of each box it overlaps, one at a time" (eo.contact.pushBoxes
// per box, in the floor's order), which snags on a seam.
//   drag / keys / response -> state -> core (World move, pushBoxes) -> draw + text
import type { Box, Earlyout, Response } from 'earlyout';
import { segmented } from '../../controls.ts';
import { h, setText } from '../../dom.ts';
import { drawBox, drawScreen, snap, Board, toCss } from '../../board.ts';
import { int, oneOf, ownFigure, UrlState } from '../../urlstate.ts';
import { moveThrough, SCREEN_H, SCREEN_W, sideText, SIZE } from './model.ts';
import type { MoveAnswer } from './model.ts';
import type { Lifecycle } from '../../lifecycle.ts';

/** The floor: nine 16 x 8 boxes edge to edge, then a wall at the left end. */
export const FLOOR_Y = 80;
export const LEVEL: readonly Box[] = [
  ...Array.from({ length: 9 }, (_, k) => ({ x: 8 + 16 * k, y: FLOOR_Y, w: 16, h: 8 })),
  { x: 0, y: 24, w: 6, h: 56 },
];
const START = { x: 128, y: FLOOR_Y - SIZE };
const RESPONSES: ReadonlyArray<readonly [Response, string]> = [
  ['slide', 'slide'],
  ['touch', 'touch'],
  ['cross', 'cross'],
  ['bounce', 'bounce'],
];
const RESPONSE_KEYS = RESPONSES.map(([r]) => r);

const COLOR = { floor: '#c9b8ff', move: '#5cc8ff', naive: '#ff9152', target: '#ffd84d' };
const clamp = (v: number, lo: number, hi: number): number => Math.max(lo, Math.min(hi, v));

/** Move to the end, then push out of each overlapping box in the level's order (the core's
    pushBoxes for each): what many games do, and where seams snag. */
export function pushOutOneByOne(eo: Earlyout, a: Box, dx: number, dy: number, level: readonly Box[]): { x: number; y: number; pushes: Array<{ box: number; x: number; y: number }> } {
  let x = a.x + dx;
  let y = a.y + dy;
  const pushes: Array<{ box: number; x: number; y: number }> = [];
  level.forEach((b, i) => {
    const p = eo.contact.pushBoxes({ x, y, w: a.w, h: a.h }, b);
    if (!p.overlap) return;
    x += p.x;
    y += p.y;
    pushes.push({ box: i, x: p.x, y: p.y });
  });
  return { x, y, pushes };
}

export class MotionMove {
  private dx = -90;
  private dy = 4;
  private response: Response = 'slide';
  private move!: MoveAnswer;
  private naive!: ReturnType<typeof pushOutOneByOne>;
  private focused = false;
  private board: Board;
  private boardWrap: HTMLElement;
  private says: HTMLElement;
  private list: HTMLElement;
  private seg: ReturnType<typeof segmented>;
  private root: HTMLElement;
  private url: UrlState<{ dx: number; dy: number; r: Response }> | null = null;

  constructor(host: HTMLElement, private life: Lifecycle, private eo: Earlyout) {
    this.board = new Board({
      names: ['target'],
      testidPrefix: 'mm-',
      onMove: (_i, b) => this.aim(b.x - START.x, b.y - START.y),
      onFocus: (i) => {
        this.focused = i !== null;
        this.draw();
      },
      describe: () => `Where the box is sent: dx ${this.dx}, dy ${this.dy}. Drag it, or use the arrow keys (Shift for 8 px).`,
    });
    this.boardWrap = h('div', { class: 'fig-board-wrap' }, this.board.root);
    this.seg = segmented('Every box answers', 'mm-response', RESPONSES, this.response, (v) => {
      this.response = v as Response;
      this.update();
      this.url?.changed('step');
    });
    this.says = h('p', { class: 'mv-says', 'data-testid': 'mm-says', role: 'status', 'aria-live': 'polite' });
    this.list = h('ol', { class: 'mm-contacts', 'data-testid': 'mm-contacts' });
    this.root = h(
      'div',
      { class: 'fig-playground mv-move', 'data-testid': 'mm-root' },
      h('div', { class: 'fig-toolbar' }, this.seg.root),
      h(
        'div',
        { class: 'fig-main' },
        h(
          'div',
          { class: 'fig-board-col' },
          this.says,
          this.boardWrap,
          h(
            'ul',
            { class: 'tl-sweep-legend', 'aria-label': 'Legend' },
            h('li', {}, h('span', { class: 'tl-key', style: `background:${COLOR.move}` }), 'the core’s move'),
            h('li', {}, h('span', { class: 'tl-key', style: `background:${COLOR.naive}` }), 'moved, then pushed out of one box at a time'),
          ),
          h('p', { class: 'fig-help' }, 'Drag the dashed target, or Tab to it and use the arrow keys (Shift: 8 px).'),
        ),
        h('div', { class: 'fig-side' }, h('section', { role: 'group', class: 'fig-card', 'aria-label': 'Contacts in order of time' }, h('div', { class: 'fig-card-head' }, h('h3', {}, 'Contacts, in order of time')), this.list)),
      ),
    );
    host.replaceChildren(this.root);
    this.life.onResize(this.boardWrap, () => this.draw());
    this.update();
    const figure = ownFigure(host, 'motion-move');
    if (figure) {
      this.url = new UrlState(this.life, figure,
        { dx: int(-START.x, SCREEN_W - SIZE - START.x, 'dx'), dy: int(-START.y, SCREEN_H - SIZE - START.y, 'dy'), r: oneOf(RESPONSE_KEYS, 'response') },
        {
          get: () => ({ dx: this.dx, dy: this.dy, r: this.response }),
          apply: (v) => {
            this.dx = v.dx;
            this.dy = v.dy;
            this.response = v.r;
            this.seg.set(v.r);
            this.update();
          },
        },
      );
    }
  }

  private aim(dx: number, dy: number): void {
    this.dx = clamp(dx, -START.x, SCREEN_W - SIZE - START.x);
    this.dy = clamp(dy, -START.y, SCREEN_H - SIZE - START.y);
    this.update();
    this.url?.changed('drag');
  }

  private update(): void {
    const box = { ...START, w: SIZE, h: SIZE };
    // every box of the level, the wall too, takes the chosen response
    this.move = moveThrough(this.eo, box, this.dx, this.dy, LEVEL, this.response).move;
    this.naive = pushOutOneByOne(this.eo, box, this.dx, this.dy, LEVEL);
    const m = this.move;
    const n = this.naive;
    const snag = n.pushes.some((p) => p.x !== 0);
    setText(
      this.says,
      `The core’s move ends at (${m.x}, ${m.y}) after ${m.contacts.length} contact${m.contacts.length === 1 ? '' : 's'}. ` +
        (n.pushes.length === 0
          ? `Moved to the end and pushed out, the box overlaps nothing at (${n.x}, ${n.y}).`
          : `Moved to the end, then pushed out of ${n.pushes.length} box${n.pushes.length === 1 ? '' : 'es'} one at a time, it ends at (${n.x}, ${n.y})${snag ? ': a push along X, so it snagged on a seam' : ''}.`),
    );
    this.list.replaceChildren(
      ...(m.contacts.length
        ? m.contacts.map((c) =>
            h('li', { 'data-testid': 'mm-contact' }, `t = ${c.t.toFixed(3)}: ${c.other === LEVEL.length - 1 ? 'the wall' : c.other < 0 ? 'the world’s edge' : `floor box ${c.other}`}, ${sideText(c.face)}, ${c.response}`),
          )
        : [h('li', {}, 'none')]),
    );
    const d = this.root.dataset;
    d.dx = String(this.dx);
    d.dy = String(this.dy);
    d.response = this.response;
    d.move = `${m.x},${m.y}`;
    d.naive = `${n.x},${n.y}`;
    d.snag = String(snag);
    d.contacts = String(m.contacts.length);
    this.draw();
  }

  private draw(): void {
    const target = { x: START.x + this.dx, y: START.y + this.dy, w: SIZE, h: SIZE };
    const ctx = this.board.layout({ screenW: SCREEN_W, screenH: SCREEN_H, cellW: 16, cellH: 16, margin: 0, maxScale: 4 }, [target], Math.min(this.boardWrap.clientWidth || 480, 640));
    const g = this.board.geom;
    drawScreen(ctx, g, { labels: false });
    for (const b of LEVEL) drawBox(ctx, g, b, { color: COLOR.floor, fill: 'rgba(201, 184, 255, 0.45)', thin: true });
    const mid = (x: number, y: number): [number, number] => [snap(toCss(g, x + SIZE / 2)), snap(toCss(g, y + SIZE / 2))];
    ctx.save();
    ctx.strokeStyle = 'rgba(255, 255, 255, 0.7)';
    ctx.setLineDash([3, 4]);
    ctx.beginPath();
    ctx.moveTo(...mid(START.x, START.y));
    ctx.lineTo(...mid(target.x, target.y));
    ctx.stroke();
    ctx.restore();
    drawBox(ctx, g, { x: this.naive.x, y: this.naive.y, w: SIZE, h: SIZE }, { color: COLOR.naive, fill: 'rgba(255, 145, 82, 0.3)', thin: true });
    drawBox(ctx, g, { x: this.move.x, y: this.move.y, w: SIZE, h: SIZE }, { color: COLOR.move, fill: 'rgba(92, 200, 255, 0.4)' });
    drawBox(ctx, g, { ...START, w: SIZE, h: SIZE }, { color: '#ffffff', fill: 'rgba(255, 255, 255, 0.18)' });
    const l = snap(toCss(g, target.x));
    const t = snap(toCss(g, target.y));
    ctx.save();
    ctx.strokeStyle = COLOR.target;
    ctx.lineWidth = 2;
    ctx.setLineDash([4, 3]);
    ctx.strokeRect(l - 2, t - 2, snap(toCss(g, target.x + SIZE)) - l + 4, snap(toCss(g, target.y + SIZE)) - t + 4);
    if (this.focused) ctx.strokeRect(l - 6, t - 6, snap(toCss(g, target.x + SIZE)) - l + 12, snap(toCss(g, target.y + SIZE)) - t + 12);
    ctx.restore();
  }
}
