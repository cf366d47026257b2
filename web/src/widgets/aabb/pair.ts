// One pair of boxes, close up: the four questions eo_aabb_overlap_ordered can ask, which of them
// the core asked (and what it answered) in the chosen axis order, the verdict and the comparison
// count; optionally the traced steps beside core/src/aabb.c.
//   controls -> state -> core (evaluateBoxes) -> result -> panels + drawing
import aabbSource from '../../../../core/src/aabb.c';
import { clampField, FIELD_MAX, FIELD_MIN } from '../../core.ts';
import type { Box, Earlyout } from '../../core.ts';
import { numberFields, presetChips, segmented } from '../../controls.ts';
import type { NumberFields, Segmented } from '../../controls.ts';
import { h, setText } from '../../dom.ts';
import { COLORS, drawBox, drawScreen, Board, toCss } from '../../board.ts';
import type { Geometry, World } from '../../board.ts';
import { pill } from '../../battle-draw.ts';
import { Stepper } from '../../stepper.ts';
import { int, ints, oneOf, ownFigure, UrlState } from '../../urlstate.ts';
import { evaluateBoxes, explainBoxStep, noteBoxStep, ORDER_TEXT, questions, questionText } from './model.ts';
import type { AabbStep, AxisOrder, PairResult } from './model.ts';
import { stepperKeys } from '../../input.ts';
import type { Lifecycle } from '../../lifecycle.ts';

export interface PairOptions {
  preset?: string;
  order?: string;
  trace?: string;
  controls?: string;
}

export interface PairHooks {
  /** called after every evaluation with the core's answers */
  onResult?(boxes: [Box, Box], result: PairResult): void;
  /** shown under the screen (the challenge's checks) */
  extraPanel?: HTMLElement;
  /** replaces the preset's hint */
  hint?: string;
}

const NAMES = ['A', 'B'] as const;
const FIELDS = ['x', 'y', 'w', 'h'] as const;

/** A close-up world: 72 x 48 px with a pixel grid, so that one pixel is easy to see and to move. */
const WORLD: World = { screenW: 72, screenH: 48, cellW: 8, cellH: 8, margin: 8, maxScale: 8 };

/** What a shared link holds: both boxes (the fields' range), the axis order, the C step
    (clamped to the trace's length). */
interface Shared {
  a: number[];
  b: number[];
  o: AxisOrder;
  s: number;
}
const SHARED = {
  a: ints(4, FIELD_MIN, FIELD_MAX, "A's x, y, w, h"),
  b: ints(4, FIELD_MIN, FIELD_MAX, "B's x, y, w, h"),
  o: oneOf(['x-first', 'y-first'] as const, 'axis order'),
  s: int(0, 999, 'step'),
};
const boxParts = (b: Box): number[] => [b.x, b.y, b.w, b.h];
const partsBox = ([x, y, w, h]: number[]): Box => ({ x, y, w, h });

export const PAIR_PRESETS: Record<string, { label: string; hint: string; order?: AxisOrder; boxes: [Box, Box] }> = {
  start: {
    label: 'Start',
    hint: 'Apart on both axes: whichever axis goes first settles it.',
    boxes: [{ x: 6, y: 8, w: 20, h: 14 }, { x: 42, y: 26, w: 16, h: 12 }],
  },
  touching: {
    label: 'Touching',
    hint: 'A covers x = 0 to 9; B starts at x = 10. They touch, but share no pixel.',
    boxes: [{ x: 0, y: 14, w: 10, h: 14 }, { x: 10, y: 20, w: 14, h: 12 }],
  },
  overlap: {
    label: 'Overlap by 1 px',
    hint: 'B starts at x = 9: both boxes cover the column of pixels at x = 9.',
    boxes: [{ x: 0, y: 14, w: 10, h: 14 }, { x: 9, y: 20, w: 14, h: 12 }],
  },
  below: {
    label: 'Touching on Y',
    hint: 'A ends at y = 23, B starts at y = 24: apart on Y, overlapping on X.',
    boxes: [{ x: 20, y: 10, w: 24, h: 14 }, { x: 30, y: 24, w: 20, h: 12 }],
  },
  empty: {
    label: 'Empty box',
    hint: 'B has h = 0: it covers no pixel, so nothing can overlap it.',
    boxes: [{ x: 12, y: 12, w: 30, h: 20 }, { x: 20, y: 20, w: 12, h: 0 }],
  },
};

export class BoxPair {
  boxes: [Box, Box];
  order: AxisOrder;
  result!: PairResult;
  private step: AabbStep | null = null;
  private board: Board;
  private stepper: Stepper<AabbStep> | null = null;
  private fields: NumberFields<(typeof FIELDS)[number]>[] = [];
  private cards: HTMLElement[] = [];
  private orderSeg: Segmented;
  private qRows: HTMLElement[] = [];
  private verdictEl: HTMLElement;
  private compareEl: HTMLElement;
  private hintEl: HTMLElement;
  private errorEl: HTMLElement;
  private root: HTMLElement;
  private boardWrap: HTMLElement;
  private selected: number | null = null;
  private url: UrlState<Shared> | null = null;
  private lastStep = 0;

  constructor(host: HTMLElement, private life: Lifecycle, private eo: Earlyout, opts: PairOptions, private hooks: PairHooks = {}) {
    const preset = PAIR_PRESETS[opts.preset ?? 'start'] ?? PAIR_PRESETS.start;
    this.boxes = [{ ...preset.boxes[0] }, { ...preset.boxes[1] }];
    this.order = (opts.order as AxisOrder) ?? preset.order ?? 'x-first';
    // minimal: a lesson's first figure, the two boxes and the questions only (no fields, no toolbar, no C)
    const minimal = opts.controls === 'minimal';
    const compact = opts.controls === 'compact' || minimal;
    const traced = !minimal && (opts.trace ? opts.trace === 'on' : !compact);

    this.board = new Board({
      names: NAMES,
      onMove: (i, box) => this.setBox(i, box),
      onFocus: (i) => {
        this.selected = i;
        this.cards.forEach((c, k) => c.classList.toggle('is-selected', k === i));
        this.draw();
      },
      describe: (i) => {
        const b = this.boxes[i];
        return `Box ${NAMES[i]}: x ${b.x}, y ${b.y}, width ${b.w}, height ${b.h}. Drag, or use the arrow keys (Shift for 8 px).`;
      },
    });
    this.hintEl = h('p', { class: 'fig-hint', 'data-testid': 'hint' }, hooks.hint ?? preset.hint);
    this.boardWrap = h('div', { class: 'fig-board-wrap' }, this.board.root);
    const boardCol = h(
      'div',
      { class: 'fig-board-col' },
      this.boardWrap,
      h('p', { class: 'fig-help' }, 'Drag A or B, or Tab to one and nudge it with the arrow keys: 1 px, or 8 px with Shift. The faint grid is one pixel.'),
      this.hintEl,
      hooks.extraPanel ?? null,
    );

    this.orderSeg = segmented('Axis order', 'order', [['x-first', 'X first'], ['y-first', 'Y first']], this.order, (v) => {
      this.order = v as AxisOrder;
      this.update();
      this.url?.changed('step');
    });
    const toolbar = h('div', { class: 'fig-toolbar' }, this.orderSeg.root);
    if (!compact) {
      toolbar.appendChild(
        presetChips('Try', PAIR_PRESETS, (key) => this.applyPreset(key)),
      );
    }

    this.verdictEl = h('div', { class: 'fig-verdict ab-verdict', 'data-testid': 'verdict', role: 'status', 'aria-live': 'polite' });
    this.compareEl = h('p', { class: 'fig-compare', 'data-testid': 'compare' });
    this.errorEl = h('p', { class: 'fig-error', 'data-testid': 'error', role: 'alert', hidden: true });
    const qList = h('ol', { class: 'ab-questions', 'data-testid': 'questions' });
    for (let k = 0; k < 4; k++) {
      const row = h('li', { class: 'ab-q', 'data-testid': `q-${k + 1}` });
      this.qRows.push(row);
      qList.appendChild(row);
    }
    const side = h(
      'div',
      { class: 'fig-side' },
      this.objectCard(0, minimal),
      this.objectCard(1, minimal),
      h(
        'section',
        { role: 'group', class: 'fig-card ab-qcard', 'aria-label': 'The comparisons' },
        h('div', { class: 'fig-card-head' }, h('h3', {}, 'The four questions'), h('span', { class: 'mask-hex' }, 'asked by the core, in order')),
        qList,
      ),
      this.verdictEl,
      this.compareEl,
      this.errorEl,
    );
    this.root = h(
      'div',
      { class: `fig-playground ab-pair${compact ? ' is-compact' : ''}${minimal ? ' is-minimal' : ''}` },
      minimal ? null : toolbar,
      h('div', { class: 'fig-main' }, boardCol, side),
    );
    if (traced) {
      this.stepper = new Stepper<AabbStep>(this.life, 
        {
          sources: { 'core/src/aabb.c': aabbSource },
          phases: ['first axis', 'second axis', 'result'],
          phaseOf: (st) => st.phase,
          explain: (st) => explainBoxStep(st, this.boxes[0], this.boxes[1], this.order),
          note: noteBoxStep,
          objectKeys: true,
        },
        (st) => {
          this.step = st;
          this.renderQuestions();
          this.draw();
          const i = this.stepper?.index ?? 0;
          if (i !== this.lastStep) {
            this.lastStep = i;
            this.url?.changed(this.stepper?.playing ? 'drag' : 'step');
          }
        },
      );
      this.root.appendChild(this.stepper.root);
    }
    stepperKeys(this.root, () => this.stepper);
    host.replaceChildren(this.root);
    this.life.onResize(this.boardWrap, () => this.draw());
    this.update();
    const figure = ownFigure(host, 'aabb-pair');
    if (figure) {
      this.url = new UrlState(this.life, figure, SHARED, {
        get: () => ({ a: boxParts(this.boxes[0]), b: boxParts(this.boxes[1]), o: this.order, s: this.stepper?.index ?? 0 }),
        apply: (v) => {
          this.boxes = [partsBox(v.a), partsBox(v.b)];
          this.order = v.o;
          if (!this.hooks.hint) this.hintEl.hidden = true;
          this.update();
          this.stepper?.go(v.s);
          this.lastStep = this.stepper?.index ?? 0;
        },
      });
    }
  }

  private objectCard(i: number, minimal: boolean): HTMLElement {
    const name = NAMES[i];
    const low = name.toLowerCase();
    const f = minimal ? null : numberFields(`Box ${name}`, FIELDS, low, (field, value, from) => this.setBox(i, { ...this.boxes[i], [field]: value }, from));
    if (f) this.fields[i] = f;
    const card = h(
      'section',
      { role: 'group', class: `fig-card fig-card-${i}`, 'aria-label': `Box ${name}`, 'data-testid': `card-${low}` },
      h(
        'div',
        { class: 'fig-card-head' },
        h('span', { class: `swatch swatch-${i}`, 'aria-hidden': 'true' }),
        h('h3', {}, `Box ${name}`),
        h('span', { class: 'mask-hex', 'data-testid': `span-${low}` }),
      ),
      f?.root ?? null,
    );
    this.cards[i] = card;
    return card;
  }

  applyPreset(key: string): void {
    const p = PAIR_PRESETS[key];
    this.boxes = [{ ...p.boxes[0] }, { ...p.boxes[1] }];
    if (p.order) this.order = p.order;
    setText(this.hintEl, p.hint);
    this.hintEl.hidden = false;
    this.stepper?.reset();
    this.update();
    this.url?.changed('step');
  }

  setBox(i: number, box: Box, from?: HTMLInputElement): void {
    if (!this.hooks.hint) this.hintEl.hidden = true;
    const b: Box = { x: clampField(box.x), y: clampField(box.y), w: clampField(box.w), h: clampField(box.h) };
    const boxes: [Box, Box] = [...this.boxes];
    boxes[i] = b;
    this.boxes = boxes;
    this.update(from);
    this.url?.changed('drag');
  }

  update(from?: HTMLInputElement): void {
    this.boxes.forEach((b, i) => {
      this.fields[i]?.sync(b, from);
      const low = NAMES[i].toLowerCase();
      const el = this.cards[i].querySelector<HTMLElement>(`[data-testid=span-${low}]`)!;
      setText(el, b.w > 0 && b.h > 0 ? `x ${b.x}..${b.x + b.w - 1}, y ${b.y}..${b.y + b.h - 1}` : 'empty: covers no pixel');
    });
    this.orderSeg.set(this.order);
    try {
      this.result = evaluateBoxes(this.eo, this.boxes[0], this.boxes[1], this.order);
      this.errorEl.hidden = true;
    } catch (e) {
      this.errorEl.hidden = false;
      setText(this.errorEl, `The core refused this input: ${(e as Error).message}`);
      return;
    }
    this.renderVerdict();
    if (this.stepper) {
      const c = this.result.counters;
      this.stepper.update(
        this.result.steps,
        `Core counters for this call: box tests ${c['aabb.tests'] ?? 0}, comparisons ${c['aabb.comparisons'] ?? 0}, overlaps ${c['aabb.overlaps'] ?? 0}.`,
      );
    } else {
      this.renderQuestions();
      this.draw();
    }
    this.hooks.onResult?.(this.boxes, this.result);
  }

  private renderVerdict(): void {
    const r = this.result;
    this.root.dataset.order = this.order;
    this.verdictEl.dataset.verdict = r.overlap ? 'maybe' : 'apart-x';
    this.verdictEl.dataset.overlap = String(r.overlap);
    this.verdictEl.replaceChildren(
      h('span', { class: 'verdict-dot', 'aria-hidden': 'true' }),
      h(
        'span',
        { class: 'verdict-text' },
        h('strong', { 'data-testid': 'verdict-short' }, r.overlap ? 'Overlap' : 'No overlap'),
        h('span', {}, ' — after '),
        h('strong', { 'data-testid': 'comparisons' }, String(r.comparisons)),
        h('span', {}, ` comparison${r.comparisons === 1 ? '' : 's'}, ${ORDER_TEXT[this.order]}.`),
      ),
    );
    const o = r.other;
    const diff = o.comparisons - r.comparisons;
    this.compareEl.replaceChildren(
      h(
        'span',
        {},
        `${ORDER_TEXT[o.order]}, the core needs `,
        h('strong', { 'data-testid': 'other-comparisons' }, String(o.comparisons)),
        ` comparison${o.comparisons === 1 ? '' : 's'} for the same pair`,
        diff === 0 ? ': no difference here.' : diff > 0 ? `: ${diff} more.` : `: ${-diff} fewer.`,
      ),
      h('span', { class: 'other' }, 'Same verdict either way; only the cost changes.'),
    );
  }

  /** The four questions, in the order asked; the core's answers for the ones it asked. */
  private renderQuestions(): void {
    const [a, b] = this.boxes;
    const asked = this.result.steps.filter((s) => s.comparison !== null);
    const empty = this.result.steps.some((s) => s.kind === 'EMPTY');
    questions(this.order).forEach((qq, k) => {
      const row = this.qRows[k];
      const st = asked.find((s) => s.comparison === k + 1);
      const { q, math } = questionText(qq.kind, qq.axis, a, b);
      let state: string;
      let answer: string;
      if (empty) {
        state = 'skipped';
        answer = 'not asked: a box is empty';
      } else if (!st) {
        state = 'skipped';
        answer = 'not asked: already decided';
      } else {
        state = st.b ? 'yes' : 'no';
        answer = st.b ? 'yes: apart, stop' : 'no: go on';
      }
      row.dataset.state = state;
      row.classList.toggle('is-active', !!this.step && this.step.comparison === k + 1);
      row.replaceChildren(
        h('span', { class: 'ab-q-num', 'aria-hidden': 'true' }, String(k + 1)),
        h('span', { class: 'ab-q-text' }, q, h('code', {}, math)),
        h('span', { class: 'ab-q-answer', 'data-testid': `q-${k + 1}-answer` }, answer),
      );
    });
  }

  // ---- drawing -----------------------------------------------------------------------------

  draw(): void {
    if (!this.result) return;
    const available = this.boardWrap.clientWidth || 640;
    const ctx = this.board.layout(WORLD, this.boxes, Math.min(available, 640));
    const g = this.board.geom;
    drawScreen(ctx, g, { labels: 'px', pixelGrid: true });
    this.drawQuestion(ctx, g);
    this.boxes.forEach((b, i) =>
      drawBox(ctx, g, b, {
        color: COLORS.objects[i],
        fill: COLORS.objectsFill[i],
        label: NAMES[i],
        focused: this.selected === i && !this.board.handles[i].matches(':focus-visible'),
      }),
    );
  }

  /** The two edges the current (or the deciding) comparison looks at. */
  private drawQuestion(ctx: CanvasRenderingContext2D, g: Geometry): void {
    const asked = this.result.steps.filter((s) => s.comparison !== null);
    const st = this.step ? (this.step.comparison !== null ? this.step : null) : (asked[asked.length - 1] ?? null);
    if (!st) return;
    const axis = st.a === 1 ? 1 : 0;
    const [a, b] = this.boxes;
    const [first, second] = st.kind === 'A_BEFORE_B' ? [a, b] : [b, a];
    const end = axis === 0 ? first.x + first.w : first.y + first.h;
    const start = axis === 0 ? second.x : second.y;
    const [n1, n2] = st.kind === 'A_BEFORE_B' ? ['A', 'B'] : ['B', 'A'];
    ctx.save();
    ctx.lineWidth = 2;
    const line = (v: number, color: string, dash: number[]) => {
      ctx.strokeStyle = color;
      ctx.setLineDash(dash);
      ctx.beginPath();
      if (axis === 0) {
        ctx.moveTo(toCss(g, v), 0);
        ctx.lineTo(toCss(g, v), g.cssH);
      } else {
        ctx.moveTo(0, toCss(g, v));
        ctx.lineTo(g.cssW, toCss(g, v));
      }
      ctx.stroke();
    };
    const colors = n1 === 'A' ? [COLORS.objects[0], COLORS.objects[1]] : [COLORS.objects[1], COLORS.objects[0]];
    line(end, colors[0], [6, 4]);
    line(start, colors[1], [2, 3]);
    const text = `${n1} ends ${end} ${st.b ? '≤' : '>'} ${n2} starts ${start}: ${st.b ? 'apart' : 'not apart'}`;
    if (axis === 0) pill(ctx, text, Math.max(70, Math.min(g.cssW - 70, toCss(g, (end + start) / 2))), g.cssH - 14, 'center', COLORS.marker);
    else pill(ctx, text, 6, Math.min(g.cssH - 12, toCss(g, Math.max(end, start)) + 12), 'left', COLORS.marker);
    ctx.restore();
  }
}
