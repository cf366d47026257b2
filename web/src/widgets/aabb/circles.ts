// Two circles: drag them, change their radii, and watch eo_aabb_circle_overlap decide: the distances
// on each axis, the box pre-test that settles far pairs without a multiplication, then the
// squared distance against the squared reach. Steps beside core/src/aabb.c.
import aabbSource from '../../../../core/src/aabb.c';
import { clampField, FIELD_MAX, FIELD_MIN } from '../../core.ts';
import type { Earlyout } from '../../core.ts';
import { numberFields, presetChips, slider } from '../../controls.ts';
import type { NumberFields, Slider } from '../../controls.ts';
import { h, setText } from '../../dom.ts';
import { pill } from '../../battle-draw.ts';
import { COLORS, drawScreen, Board, toCss } from '../../board.ts';
import type { Geometry, World } from '../../board.ts';
import { Stepper } from '../../stepper.ts';
import { int, ints, ownFigure, UrlState } from '../../urlstate.ts';
import { evaluateCircles, explainCircleStep } from './model.ts';
import type { Circle, CircleResult, CircleStep } from './model.ts';
import { stepperKeys } from '../../input.ts';
import type { Lifecycle } from '../../lifecycle.ts';

export interface CircleOptions {
  preset?: string;
}

const NAMES = ['A', 'B'] as const;
const WORLD: World = { screenW: 128, screenH: 80, cellW: 16, cellH: 16, margin: 8, maxScale: 6 };
const R_MAX = 40;

export const CIRCLE_PRESETS: Record<string, { label: string; circles: [Circle, Circle] }> = {
  start: { label: 'Far apart', circles: [{ x: 38, y: 40, r: 20 }, { x: 96, y: 30, r: 12 }] },
  corner: { label: 'In the corner', circles: [{ x: 40, y: 36, r: 20 }, { x: 66, y: 62, r: 14 }] },
  touching: { label: 'Touching', circles: [{ x: 40, y: 40, r: 20 }, { x: 72, y: 40, r: 12 }] },
  overlap: { label: 'Overlapping', circles: [{ x: 40, y: 40, r: 20 }, { x: 62, y: 48, r: 12 }] },
};

export class CirclePair {
  circles: [Circle, Circle];
  result!: CircleResult;
  private step: CircleStep | null = null;
  private board: Board;
  private stepper: Stepper<CircleStep>;
  private fields: NumberFields<'x' | 'y'>[] = [];
  private radii: Slider[] = [];
  private facts: Record<string, HTMLElement> = {};
  private verdictEl: HTMLElement;
  private boardWrap: HTMLElement;
  private root: HTMLElement;

  private url: UrlState<{ a: number[]; b: number[]; s: number }> | null = null;
  private lastStep = 0;

  constructor(host: HTMLElement, private life: Lifecycle, private eo: Earlyout, opts: CircleOptions) {
    const p = (CIRCLE_PRESETS[opts.preset ?? 'start'] ?? CIRCLE_PRESETS.start).circles;
    this.circles = [{ ...p[0] }, { ...p[1] }];
    this.board = new Board({
      names: NAMES,
      onMove: (i, box) => {
        const r = this.circles[i].r;
        this.set(i, { ...this.circles[i], x: box.x + r, y: box.y + r });
      },
      onFocus: () => this.draw(),
      describe: (i) => {
        const c = this.circles[i];
        return `Circle ${NAMES[i]}: centre ${c.x}, ${c.y}, radius ${c.r}. Drag, or use the arrow keys (Shift for 8 px).`;
      },
    });
    this.boardWrap = h('div', { class: 'fig-board-wrap' }, this.board.root);
    const card = (i: number) => {
      const name = NAMES[i];
      const low = name.toLowerCase();
      const f = numberFields(`Circle ${name} centre`, ['x', 'y'] as const, low, (field, v, from) => this.set(i, { ...this.circles[i], [field]: v }, from));
      this.fields[i] = f;
      const r = slider(`r`, `radius-${low}`, { min: 0, max: R_MAX, step: 1, value: this.circles[i].r }, (v) => this.set(i, { ...this.circles[i], r: v }));
      this.radii[i] = r;
      return h(
        'section',
        { role: 'group', class: `fig-card fig-card-${i} ci-card`, 'aria-label': `Circle ${name}`, 'data-testid': `card-${low}` },
        h('div', { class: 'fig-card-head' }, h('span', { class: `swatch swatch-${i} is-round`, 'aria-hidden': 'true' }), h('h3', {}, `Circle ${name}`)),
        h('div', { class: 'ci-fields' }, f.root, r.root),
      );
    };
    const fact = (key: string, label: string) => {
      this.facts[key] = h('span', { class: 'ci-fact-value', 'data-testid': `fact-${key}` });
      return h('div', { class: 'ci-fact', 'data-fact': key }, h('span', { class: 'ci-fact-label' }, label), this.facts[key]);
    };
    this.verdictEl = h('div', { class: 'fig-verdict', 'data-testid': 'verdict', role: 'status', 'aria-live': 'polite' });
    this.stepper = new Stepper<CircleStep>(this.life, 
      {
        sources: { 'core/src/aabb.c': aabbSource },
        title: 'Step through eo_aabb_circle_overlap',
        phases: ['distances', 'box pre-test', 'squares'],
        phaseOf: (st) => st.phase,
        explain: (st) => explainCircleStep(st, this.circles[0], this.circles[1], this.result),
        note: (st) =>
          st.kind === 'DELTA'
            ? `DELTA  centres ${st.a} apart on x, ${st.b} on y`
            : st.kind === 'SQUARES'
              ? `SQUARES  distance² ${st.a >>> 0}, reach² ${st.b >>> 0}`
              : `${st.kind}  ${st.a ? 'overlap' : 'no overlap'}, ${st.b ? 'by the squares' : 'by the pre-test'}`,
        objectKeys: true,
      },
      (st, i) => {
        this.step = st;
        this.markFacts();
        this.draw();
        if (i !== this.lastStep) {
          this.lastStep = i;
          this.url?.changed(this.stepper?.playing ? 'drag' : 'step');
        }
      },
    );
    this.root = h(
      'div',
      { class: 'fig-playground ci-pair' },
      h(
        'div',
        { class: 'fig-toolbar' },
        presetChips('Try', CIRCLE_PRESETS, (key) => {
          const pr = CIRCLE_PRESETS[key];
          this.circles = [{ ...pr.circles[0] }, { ...pr.circles[1] }];
          this.stepper.reset();
          this.update();
          this.url?.changed('step');
        }),
      ),
      h(
        'div',
        { class: 'fig-main' },
        h('div', { class: 'fig-board-col' }, this.boardWrap, h('p', { class: 'fig-help' }, 'Drag a circle, or Tab to it and use the arrow keys. The sliders set the radii.')),
        h(
          'div',
          { class: 'fig-side' },
          card(0),
          card(1),
          h(
            'section',
            { role: 'group', class: 'fig-card ci-facts', 'aria-label': 'What the core computed' },
            h('div', { class: 'fig-card-head' }, h('h3', {}, 'What the core computed'), h('span', { class: 'mask-hex' }, 'integers only')),
            fact('delta', '|dx|, |dy|'),
            fact('reach', 'r1 + r2'),
            fact('pretest', 'box pre-test'),
            fact('squares', 'dx² + dy² vs (r1 + r2)²'),
          ),
          this.verdictEl,
        ),
      ),
      this.stepper.root,
    );
    stepperKeys(this.root, () => this.stepper);
    host.replaceChildren(this.root);
    this.life.onResize(this.boardWrap, () => this.draw());
    this.update();
    const figure = ownFigure(host, 'aabb-circles');
    if (figure) {
      // centres in int16 (the fields' range), radii 0 .. R_MAX (the sliders')
      const circle = (name: string) => ints(3, FIELD_MIN, FIELD_MAX, `${name}'s x, y, r`);
      this.url = new UrlState(this.life, figure, { a: circle('A'), b: circle('B'), s: int(0, 999, 'step') }, {
        get: () => ({ a: [this.circles[0].x, this.circles[0].y, this.circles[0].r], b: [this.circles[1].x, this.circles[1].y, this.circles[1].r], s: this.stepper.index }),
        check: (v) => {
          for (const [name, c] of [['A', v.a], ['B', v.b]] as const) if (c[2] < 0 || c[2] > R_MAX) return `${name}'s radius ${c[2]} is outside 0 to ${R_MAX}`;
          return null;
        },
        apply: (v) => {
          this.circles = [{ x: v.a[0], y: v.a[1], r: v.a[2] }, { x: v.b[0], y: v.b[1], r: v.b[2] }];
          this.update();
          this.stepper.go(v.s);
          this.lastStep = this.stepper.index;
        },
      });
    }
  }

  private set(i: number, c: Circle, from?: HTMLInputElement): void {
    const circles: [Circle, Circle] = [...this.circles];
    circles[i] = { x: clampField(c.x), y: clampField(c.y), r: Math.max(0, Math.min(16383, Math.round(c.r))) };
    this.circles = circles;
    this.update(from);
    this.url?.changed('drag');
  }

  private update(from?: HTMLInputElement): void {
    this.circles.forEach((c, i) => {
      this.fields[i].sync(c, from);
      this.radii[i].set(c.r);
    });
    this.result = evaluateCircles(this.eo, this.circles[0], this.circles[1]);
    const r = this.result;
    const [a, b] = this.circles;
    const reach = a.r + b.r;
    setText(this.facts.delta, `${r.dx}, ${r.dy}`);
    setText(this.facts.reach, `${a.r} + ${b.r} = ${reach}`);
    this.facts.pretest.dataset.decided = String(r.preTest);
    setText(this.facts.pretest, r.preTest ? `too far on one axis: no overlap` : `both below ${reach}: look closer`);
    setText(this.facts.squares, r.squares ? `${r.squares.d2} ${r.squares.d2 < r.squares.reach2 ? '<' : '≥'} ${r.squares.reach2}` : 'not needed');
    this.verdictEl.dataset.verdict = r.overlap ? 'maybe' : 'apart-x';
    this.verdictEl.dataset.overlap = String(r.overlap);
    this.verdictEl.replaceChildren(
      h('span', { class: 'verdict-dot', 'aria-hidden': 'true' }),
      h(
        'span',
        { class: 'verdict-text' },
        h('strong', { 'data-testid': 'verdict-short' }, r.overlap ? 'Overlap' : 'No overlap'),
        h('span', {}, r.preTest ? ' — the box pre-test decided, no multiplication needed.' : r.overlap ? ' — the centres are closer than r1 + r2.' : ' — the centres are at least r1 + r2 apart.'),
      ),
    );
    this.stepper.update(r.steps, `The core recorded ${r.steps.length} steps for this call.`);
  }

  private markFacts(): void {
    const k = this.step?.kind;
    const on = k === 'DELTA' ? 'delta' : k === 'SQUARES' ? 'squares' : k === 'RESULT' ? (this.result.preTest ? 'pretest' : 'squares') : '';
    for (const [key, el] of Object.entries(this.facts)) el.parentElement!.classList.toggle('is-active', key === on || (key === 'reach' && k === 'DELTA'));
  }

  draw(): void {
    if (!this.result) return;
    const boxes = this.circles.map((c) => ({ x: c.x - c.r, y: c.y - c.r, w: 2 * c.r, h: 2 * c.r }));
    const ctx = this.board.layout(WORLD, boxes, Math.min(this.boardWrap.clientWidth || 640, 640));
    const g = this.board.geom;
    drawScreen(ctx, g, { labels: 'px' });
    this.drawHelpers(ctx, g);
    this.circles.forEach((c, i) => {
      ctx.save();
      ctx.beginPath();
      ctx.arc(toCss(g, c.x), toCss(g, c.y), Math.max(0.5, c.r * g.s), 0, Math.PI * 2);
      ctx.fillStyle = COLORS.objectsFill[i];
      ctx.fill();
      ctx.strokeStyle = COLORS.objects[i];
      ctx.lineWidth = 2;
      ctx.stroke();
      ctx.fillStyle = COLORS.objects[i];
      ctx.beginPath();
      ctx.arc(toCss(g, c.x), toCss(g, c.y), 3, 0, Math.PI * 2);
      ctx.fill();
      ctx.font = `700 13px "Inter Variable", system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'bottom';
      ctx.fillText(NAMES[i], toCss(g, c.x), toCss(g, c.y) - c.r * g.s - 4);
      if (this.board.handles[i].matches(':focus-visible')) {
        ctx.strokeStyle = COLORS.focus;
        ctx.setLineDash([5, 4]);
        ctx.beginPath();
        ctx.arc(toCss(g, c.x), toCss(g, c.y), c.r * g.s + 5, 0, Math.PI * 2);
        ctx.stroke();
      }
      ctx.restore();
    });
  }

  /** The reach around A: the box pre-test's square and the true circle of radius r1 + r2. */
  private drawHelpers(ctx: CanvasRenderingContext2D, g: Geometry): void {
    const [a, b] = this.circles;
    const reach = a.r + b.r;
    const k = this.step?.kind;
    const ax = toCss(g, a.x);
    const ay = toCss(g, a.y);
    const bx = toCss(g, b.x);
    const by = toCss(g, b.y);
    ctx.save();
    // box pre-test: B's centre must be inside this square (open on its edges) to go on
    const pre = k === 'RESULT' && this.result.preTest;
    ctx.strokeStyle = pre ? COLORS.marker : 'rgba(201, 166, 255, 0.55)';
    ctx.fillStyle = pre ? 'rgba(255, 216, 77, 0.06)' : 'rgba(201, 166, 255, 0.05)';
    ctx.lineWidth = pre ? 2 : 1;
    ctx.setLineDash([5, 4]);
    ctx.fillRect(toCss(g, a.x - reach), toCss(g, a.y - reach), 2 * reach * g.s, 2 * reach * g.s);
    ctx.strokeRect(toCss(g, a.x - reach), toCss(g, a.y - reach), 2 * reach * g.s, 2 * reach * g.s);
    // the exact test: B's centre must be inside this circle
    ctx.strokeStyle = k === 'SQUARES' || (k === 'RESULT' && !this.result.preTest) ? COLORS.marker : 'rgba(255, 255, 255, 0.35)';
    ctx.beginPath();
    ctx.arc(ax, ay, reach * g.s, 0, Math.PI * 2);
    ctx.stroke();
    ctx.setLineDash([]);
    // dx and dy, then the distance
    const legs = k === 'DELTA' || !k;
    ctx.strokeStyle = legs ? COLORS.marker : 'rgba(255, 216, 77, 0.5)';
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.moveTo(ax, ay);
    ctx.lineTo(bx, ay);
    ctx.lineTo(bx, by);
    ctx.stroke();
    ctx.strokeStyle = k === 'SQUARES' ? COLORS.marker : 'rgba(255, 255, 255, 0.6)';
    ctx.setLineDash([3, 3]);
    ctx.beginPath();
    ctx.moveTo(ax, ay);
    ctx.lineTo(bx, by);
    ctx.stroke();
    ctx.restore();
    const r = this.result;
    pill(ctx, `|dx| = ${r.dx}`, (ax + bx) / 2, ay + (by >= ay ? -12 : 12), 'center');
    pill(ctx, `|dy| = ${r.dy}`, bx + (bx >= ax ? 8 : -8), (ay + by) / 2, bx >= ax ? 'left' : 'right');
  }
}
