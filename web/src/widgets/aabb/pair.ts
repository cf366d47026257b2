// One pair of boxes, close up: the four questions eo_aabb_overlap_ordered can ask, which of them
// the core asked (and what it answered) in the chosen axis order, the verdict and the comparison
// count; optionally the traced steps beside core/src/aabb.c. A figure shows only the parts its
// section explains (controls=..., web/widgets.json): the lesson's first figure shows the two boxes,
// the verdict with its count and the questions, and nothing to set.
//   state (two boxes, axis order) -> compute (evaluateBoxes) -> render (verdict, questions) -> draw
import aabbSource from '../../../../core/src/aabb.c';
import { clampField, FIELD_MAX, FIELD_MIN } from '../../core.ts';
import type { Box } from '../../core.ts';
import { numberFields, presetChips, segmented } from '../../controls.ts';
import type { NumberFields, Segmented } from '../../controls.ts';
import { h, setText } from '../../dom.ts';
import { COLORS, drawBox, drawScreen, Board, toCss } from '../../board.ts';
import type { Geometry, World } from '../../board.ts';
import { pill } from '../../battle-draw.ts';
import { int, ints, oneOf } from '../../urlstate.ts';
import { parts, Widget } from '../../widget.ts';
import type { MountContext, Trace } from '../../widget.ts';
import { evaluateBoxes, explainBoxStep, noteBoxStep, ORDER_TEXT, questions, questionText } from './model.ts';
import type { AabbStep, AxisOrder, PairResult } from './model.ts';

/** The parts a figure may show besides the board, the verdict and the questions. */
export const PARTS = ['cards', 'fields', 'order', 'presets', 'trace'] as const;
type Part = (typeof PARTS)[number];

/** The parts of a lesson's `controls=` option (web/widgets.json): minimal is a first figure (the
    two boxes, the verdict and the questions: nothing to set), compact adds the boxes' numbers and
    the axis order (and the C with trace=on), full is everything (the C unless trace=off). */
function showFor(controls: string | undefined, trace: string | undefined): string | undefined {
  if (controls === 'minimal') return 'none';
  if (controls === 'compact') return `cards,fields,order${trace === 'on' ? ',trace' : ''}`;
  return trace === 'off' ? PARTS.filter((p) => p !== 'trace').join(',') : undefined;
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

export class BoxPair extends Widget<AabbStep> {
  boxes: [Box, Box];
  order: AxisOrder;
  result!: PairResult;
  private shown: Set<Part>;
  private board: Board;
  private fields: NumberFields<(typeof FIELDS)[number]>[] = [];
  private cards: HTMLElement[] = [];
  private spans: HTMLElement[] = [];
  private orderSeg: Segmented | null = null;
  private qRows: HTMLElement[] = [];
  private verdictEl: HTMLElement;
  private compareEl: HTMLElement;
  private hintEl: HTMLElement;
  private errorEl: HTMLElement;
  private boardWrap: HTMLElement;
  private selected: number | null = null;
  /** the hint describes the preset: once the learner moves things it no longer applies */
  private hintShown = true;
  /** the field being typed in: every other field follows the state */
  private typedIn: HTMLInputElement | undefined;

  constructor(ctx: MountContext, private hooks: PairHooks = {}) {
    super(ctx);
    const o = ctx.options;
    const preset = PAIR_PRESETS[o.preset ?? 'start'] ?? PAIR_PRESETS.start;
    this.boxes = [{ ...preset.boxes[0] }, { ...preset.boxes[1] }];
    this.order = (o.order as AxisOrder) ?? preset.order ?? 'x-first';
    this.shown = parts(o.show ?? showFor(o.controls, o.trace), PARTS);

    this.board = new Board({
      names: NAMES,
      onMove: (i, box) => this.setBox(i, box),
      onFocus: (i) => {
        this.selected = i;
        this.cards.forEach((c, k) => c.classList.toggle('is-selected', k === i));
        this.changed('view');
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

    this.verdictEl = h('div', { class: 'fig-verdict ab-verdict', 'data-testid': 'verdict', role: 'status', 'aria-live': 'polite' });
    this.compareEl = h('p', { class: 'fig-compare', 'data-testid': 'compare' });
    this.errorEl = h('p', { class: 'fig-error', 'data-testid': 'error', role: 'alert', hidden: true });
    const qList = h('ol', { class: 'ab-questions', 'data-testid': 'questions' });
    for (let k = 0; k < 4; k++) {
      const row = h('li', { class: 'ab-q', 'data-testid': `q-${k + 1}` });
      this.qRows.push(row);
      qList.appendChild(row);
    }
    const cards = this.shown.has('cards');
    const side = h(
      'div',
      { class: 'fig-side' },
      // the result first: beside the board on a wide screen, right under it on a phone
      this.verdictEl,
      this.compareEl,
      this.errorEl,
      cards ? this.objectCard(0) : null,
      cards ? this.objectCard(1) : null,
      h(
        'section',
        { role: 'group', class: 'fig-card ab-qcard', 'aria-label': 'The comparisons' },
        h('div', { class: 'fig-card-head' }, h('h3', {}, 'The four questions'), h('span', { class: 'mask-hex' }, 'asked by the core, in order')),
        qList,
      ),
    );
    const root = h(
      'div',
      { class: `fig-playground ab-pair${cards ? '' : ' is-minimal'}` },
      this.toolbar(),
      h('div', { class: 'fig-main' }, boardCol, side),
    );
    if (this.shown.has('trace')) {
      const stepper = this.addStepper({
        sources: { 'core/src/aabb.c': aabbSource },
        phases: ['first axis', 'second axis', 'result'],
        phaseOf: (st) => st.phase,
        explain: (st) => explainBoxStep(st, this.boxes[0], this.boxes[1], this.order),
        note: noteBoxStep,
        objectKeys: true,
      });
      root.appendChild(stepper.root);
    }
    this.attach(root);
    this.redrawOnResize(this.boardWrap);
    this.changed('state');
    this.share(SHARED, {
      get: () => ({ a: boxParts(this.boxes[0]), b: boxParts(this.boxes[1]), o: this.order, s: this.stepper?.index ?? 0 }),
      apply: (v) => {
        this.boxes = [partsBox(v.a), partsBox(v.b)];
        this.order = v.o;
        this.hintShown = !!this.hooks.hint;
      },
      step: (v) => v.s,
    });
  }

  // ---- controls ----------------------------------------------------------------------------

  private toolbar(): HTMLElement | null {
    const bar = h('div', { class: 'fig-toolbar' });
    if (this.shown.has('order')) {
      this.orderSeg = segmented('Axis order', 'order', [['x-first', 'X first'], ['y-first', 'Y first']], this.order, (v) => {
        this.order = v as AxisOrder;
        this.changed('state', 'step');
      });
      bar.appendChild(this.orderSeg.root);
    }
    if (this.shown.has('presets')) bar.appendChild(presetChips('Try', PAIR_PRESETS, (key) => this.applyPreset(key)));
    return bar.childElementCount ? bar : null;
  }

  private objectCard(i: number): HTMLElement {
    const name = NAMES[i];
    const low = name.toLowerCase();
    const f = this.shown.has('fields')
      ? numberFields(`Box ${name}`, FIELDS, low, (field, value, from) => this.setBox(i, { ...this.boxes[i], [field]: value }, from))
      : null;
    if (f) this.fields[i] = f;
    this.spans[i] = h('span', { class: 'mask-hex', 'data-testid': `span-${low}` });
    const card = h(
      'section',
      { role: 'group', class: `fig-card fig-card-${i}`, 'aria-label': `Box ${name}`, 'data-testid': `card-${low}` },
      h('div', { class: 'fig-card-head' }, h('span', { class: `swatch swatch-${i}`, 'aria-hidden': 'true' }), h('h3', {}, `Box ${name}`), this.spans[i]),
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
    this.hintShown = true;
    this.stepper?.reset();
    this.changed('state', 'step');
  }

  setBox(i: number, box: Box, from?: HTMLInputElement): void {
    if (!this.hooks.hint) this.hintShown = false;
    const boxes: [Box, Box] = [...this.boxes];
    boxes[i] = { x: clampField(box.x), y: clampField(box.y), w: clampField(box.w), h: clampField(box.h) };
    this.boxes = boxes;
    this.typedIn = from;
    this.changed('state', 'drag');
    this.typedIn = undefined;
  }

  // ---- the core, the panels ----------------------------------------------------------------

  protected compute(): Trace<AabbStep> {
    this.result = evaluateBoxes(this.eo, this.boxes[0], this.boxes[1], this.order);
    this.errorEl.hidden = true;
    this.hooks.onResult?.(this.boxes, this.result);
    const c = this.result.counters;
    return {
      steps: this.result.steps,
      counters: `Core counters for this call: box tests ${c['aabb.tests'] ?? 0}, comparisons ${c['aabb.comparisons'] ?? 0}, overlaps ${c['aabb.overlaps'] ?? 0}.`,
    };
  }

  protected override refused(e: Error): boolean {
    this.errorEl.hidden = false;
    setText(this.errorEl, `The core refused this input: ${e.message}`);
    return true;
  }

  protected render(): void {
    this.boxes.forEach((b, i) => {
      this.fields[i]?.sync(b, this.typedIn);
      if (this.spans[i]) setText(this.spans[i], b.w > 0 && b.h > 0 ? `x ${b.x}..${b.x + b.w - 1}, y ${b.y}..${b.y + b.h - 1}` : 'empty: covers no pixel');
    });
    this.orderSeg?.set(this.order);
    this.hintEl.hidden = !this.hintShown;
    this.renderVerdict();
    this.renderQuestions();
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

  protected draw(): void {
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

export const mount = (ctx: MountContext): void => void new BoxPair(ctx);
