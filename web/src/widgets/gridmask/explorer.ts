// Lesson 1's explorer: two objects on the screen, their mask bits, the AND per axis and the verdict,
// all answered by the wasm core; optionally the traced steps beside gridmask.c. A figure shows only
// the parts its section explains (option show=..., web/widgets.json); the first figure shows the
// two objects and the verdict.
//   state (two boxes, layout, method) -> compute (evaluatePair) -> render (cards, verdict) -> draw
import gridmaskSource from '../../../../core/src/gridmask.c';
import { clampField, FIELD_MAX, FIELD_MIN } from '../../core.ts';
import type { Box, GridmaskMethod, LayoutBits } from '../../core.ts';
import { numberFields, presetChips, segmented } from '../../controls.ts';
import type { NumberFields, Segmented } from '../../controls.ts';
import { h, setText } from '../../dom.ts';
import { Board } from '../../board.ts';
import { int, ints, oneOf } from '../../urlstate.ts';
import { parts, Widget } from '../../widget.ts';
import type { MountContext, Trace } from '../../widget.ts';
import { drawExplorer } from './draw.ts';
import { bitString, evaluatePair, explainStep, half, hex, layoutWorld, noteStep, OBJECT_NAMES, PRESETS, setBits, VERDICT_TEXT, xField, yField } from './model.ts';
import type { PairResult, PairState, Step } from './model.ts';

/** The parts a figure may show (show=a,b,...; all of them without the option). */
export const PARTS = ['cards', 'compare', 'fields', 'layout', 'method', 'presets', 'trace'] as const;
type Part = (typeof PARTS)[number];

/** The parts of a lesson's `controls=` option (web/widgets.json): minimal is a first figure (the
    two objects and their bits), compact adds the fields, the layouts and methods (and the C with
    trace=on), full is everything. */
function showFor(controls: string | undefined, trace: string | undefined): string | undefined {
  const traced = trace === 'on' ? ',trace' : '';
  if (controls === 'minimal') return 'cards';
  if (controls === 'compact') return `cards,compare,fields,layout,method${traced}`;
  return trace === 'off' ? PARTS.filter((p) => p !== 'trace').join(',') : undefined;
}

/** What a task built on the explorer adds. */
export interface ExplorerHooks {
  /** called after every evaluation, with the core's answers */
  onResult?(state: PairState, result: PairResult): void;
  /** shown under the board, e.g. a task's checks */
  extraPanel?: HTMLElement;
  /** replaces the preset's hint line */
  hint?: string;
}

const FIELDS = ['x', 'y', 'w', 'h'] as const;
const boxParts = (b: Box): number[] => [b.x, b.y, b.w, b.h];
const partsBox = ([x, y, w, h]: number[]): Box => ({ x, y, w, h });

/** What a shared link holds: both boxes (the fields' range), layout, method and the C stepper's
    step (clamped to the trace's length, which depends on the boxes). */
const SHARED = {
  a: ints(4, FIELD_MIN, FIELD_MAX, "A's x, y, w, h"),
  b: ints(4, FIELD_MIN, FIELD_MAX, "B's x, y, w, h"),
  l: oneOf(['8', '16', '32'] as const, 'layout'),
  m: oneOf(['span', 'endpoints'] as const, 'method'),
  s: int(0, 999, 'step'),
};

const PHASES = ['build A', 'build B', 'test'] as const;

export class MaskExplorer extends Widget<Step> {
  state: PairState;
  result!: PairResult;
  private shown: Set<Part>;
  private selected: number | null = null;
  private board: Board;
  private boardWrap: HTMLElement;
  private fields: NumberFields<(typeof FIELDS)[number]>[] = [];
  private bitRows: Record<string, HTMLElement> = {};
  private cellsText: Record<string, HTMLElement> = {};
  private maskText: HTMLElement[] = [];
  private cards: HTMLElement[] = [];
  private verdictEl: HTMLElement;
  private compareEl: HTMLElement;
  private hintEl: HTMLElement;
  private errorEl: HTMLElement;
  private layoutSeg: Segmented | null = null;
  private methodSeg: Segmented | null = null;
  /** the hint describes the preset: once the learner moves things it no longer applies */
  private hintShown = true;

  constructor(ctx: MountContext, private hooks: ExplorerHooks = {}) {
    super(ctx);
    const o = ctx.options;
    const preset = PRESETS[o.preset ?? 'start'] ?? PRESETS.start;
    this.state = {
      layout: Number(o.layout ?? preset.state.layout ?? 16) as LayoutBits,
      method: (o.method as GridmaskMethod) ?? preset.state.method ?? 'span',
      boxes: [{ ...preset.state.boxes[0] }, { ...preset.state.boxes[1] }],
    };
    this.shown = parts(o.show ?? showFor(o.controls, o.trace), PARTS);

    this.board = new Board({
      names: OBJECT_NAMES,
      onMove: (i, box) => this.setBox(i, box),
      onFocus: (i) => {
        this.selected = i;
        this.cards.forEach((c, k) => c.classList.toggle('is-selected', k === i));
        this.changed('view');
      },
      describe: (i) => {
        const b = this.state.boxes[i];
        return `Object ${OBJECT_NAMES[i]}: x ${b.x}, y ${b.y}, width ${b.w}, height ${b.h}. Drag, or use the arrow keys (Shift for 8 px).`;
      },
    });
    this.hintEl = h('p', { class: 'fig-hint', 'data-testid': 'hint' }, hooks.hint ?? preset.hint);
    this.boardWrap = h('div', { class: 'fig-board-wrap' }, this.board.root);
    this.verdictEl = h('div', { class: 'fig-verdict', 'data-testid': 'verdict', role: 'status', 'aria-live': 'polite' });
    this.compareEl = h('p', { class: 'fig-compare', 'data-testid': 'compare' });
    this.errorEl = h('p', { class: 'fig-error', 'data-testid': 'error', role: 'alert', hidden: true });
    const cards = this.shown.has('cards');
    const boardCol = h(
      'div',
      { class: 'fig-board-col' },
      this.boardWrap,
      h('p', { class: 'fig-help' }, 'Drag A or B. Or Tab to one and nudge it with the arrow keys: 1 px, or 8 px with Shift.'),
      this.hintEl,
      hooks.extraPanel ?? null,
    );
    const side = h(
      'div',
      { class: 'fig-side' },
      // the result first: beside the board on a wide screen, right under it on a phone
      this.verdictEl,
      this.shown.has('compare') ? this.compareEl : null,
      this.errorEl,
      cards ? this.objectCard(0) : null,
      cards ? this.objectCard(1) : null,
      cards ? this.andCard() : null,
    );
    const toolbar = this.toolbar();
    const root = h(
      'div',
      { class: `fig-playground fig-explorer${cards ? '' : ' is-minimal'}` },
      toolbar,
      h('div', { class: 'fig-main' }, boardCol, side),
    );
    if (this.shown.has('trace')) {
      const stepper = this.addStepper({
        sources: { 'core/src/gridmask.c': gridmaskSource },
        phases: PHASES,
        phaseOf: (st) => st.phase,
        explain: (st) => explainStep(st, this.state),
        note: (st) => noteStep(st, this.state),
        objectKeys: true,
      });
      root.appendChild(stepper.root);
    }
    this.attach(root);
    this.redrawOnResize(this.boardWrap);
    this.changed('state');
    this.share(SHARED, {
      get: () => ({
        a: boxParts(this.state.boxes[0]),
        b: boxParts(this.state.boxes[1]),
        l: String(this.state.layout) as '8' | '16' | '32',
        m: this.state.method,
        s: this.stepper?.index ?? 0,
      }),
      apply: (v) => {
        this.state.boxes = [partsBox(v.a), partsBox(v.b)];
        this.state.layout = Number(v.l) as LayoutBits;
        this.state.method = v.m;
        this.hintShown = !!this.hooks.hint;
      },
      step: (v) => v.s,
    });
  }

  // ---- controls ----------------------------------------------------------------------------

  private toolbar(): HTMLElement | null {
    const bar = h('div', { class: 'fig-toolbar' });
    if (this.shown.has('layout')) {
      this.layoutSeg = segmented('Mask layout', 'layout', [['8', '8-bit'], ['16', '16-bit'], ['32', '32-bit']], String(this.state.layout), (v) => {
        this.state.layout = Number(v) as LayoutBits;
        this.changed('state', 'step');
      });
      bar.appendChild(this.layoutSeg.root);
    }
    if (this.shown.has('method')) {
      this.methodSeg = segmented('Method', 'method', [['span', 'span'], ['endpoints', 'endpoints']], this.state.method, (v) => {
        this.state.method = v as GridmaskMethod;
        this.changed('state', 'step');
      });
      bar.appendChild(this.methodSeg.root);
    }
    if (this.shown.has('presets')) bar.appendChild(presetChips('Try', PRESETS, (key) => this.applyPreset(key)));
    return bar.childElementCount ? bar : null;
  }

  applyPreset(key: string): void {
    const p = PRESETS[key];
    this.state.boxes = [{ ...p.state.boxes[0] }, { ...p.state.boxes[1] }];
    this.state.method = p.state.method ?? 'span';
    this.state.layout = p.state.layout ?? 16;
    setText(this.hintEl, p.hint);
    this.hintShown = true;
    this.stepper?.reset();
    this.changed('state', 'step');
  }

  private objectCard(i: number): HTMLElement {
    const name = OBJECT_NAMES[i];
    const low = name.toLowerCase();
    const fields = this.shown.has('fields')
      ? numberFields(name, FIELDS, low, (f, n, from) => this.setBox(i, { ...this.state.boxes[i], [f]: n }, from))
      : null;
    if (fields) this.fields[i] = fields;
    const mask = h('span', { class: 'mask-hex', 'data-testid': `mask-${low}` });
    this.maskText[i] = mask;
    const card = h(
      'section',
      { role: 'group', class: `fig-card fig-card-${i}`, 'aria-label': `Object ${name}`, 'data-testid': `card-${low}` },
      h('div', { class: 'fig-card-head' }, h('span', { class: `swatch swatch-${i}`, 'aria-hidden': 'true' }), h('h3', {}, `Object ${name}`), mask),
      fields?.root ?? null,
      h('div', { class: 'bit-head', 'aria-hidden': 'true', 'data-head': low }),
      this.bitLine(`${low}-x`, 'x', `bits bits-${i}`, `bits-${low}-x`),
      this.bitLine(`${low}-y`, 'y', `bits bits-${i}`, `bits-${low}-y`),
    );
    this.cards[i] = card;
    return card;
  }

  private andCard(): HTMLElement {
    return h(
      'section',
      { role: 'group', class: 'fig-card fig-card-and', 'aria-label': 'A AND B' },
      h('div', { class: 'fig-card-head' }, h('span', { class: 'swatch swatch-and', 'aria-hidden': 'true' }), h('h3', {}, 'A AND B'), h('span', { class: 'mask-hex' }, 'per axis, by the core')),
      h('div', { class: 'bit-head', 'aria-hidden': 'true', 'data-head': 'and' }),
      this.bitLine('and-x', 'x', 'bits bits-and', 'and-x'),
      this.bitLine('and-y', 'y', 'bits bits-and', 'and-y'),
    );
  }

  private bitLine(key: string, axis: 'x' | 'y', cls: string, testid: string): HTMLElement {
    this.bitRows[key] = h('span', { class: cls, 'data-testid': testid });
    this.cellsText[key] = h('span', { class: 'cells-text', 'data-testid': `cells-${key}` });
    return h('div', { class: 'bit-line', 'data-row': key }, h('span', { class: 'bit-label' }, axis.toUpperCase()), this.bitRows[key], this.cellsText[key]);
  }

  private setBox(i: number, box: Box, from?: HTMLInputElement): void {
    if (!this.hooks.hint) this.hintShown = false;
    const boxes: [Box, Box] = [...this.state.boxes];
    boxes[i] = { x: clampField(box.x), y: clampField(box.y), w: clampField(box.w), h: clampField(box.h) };
    this.state.boxes = boxes;
    this.typedIn = from;
    this.changed('state', 'drag');
    this.typedIn = undefined;
  }

  /** the field being typed in: every other field follows the state */
  private typedIn: HTMLInputElement | undefined;

  // ---- the core, the panels, the board -----------------------------------------------------

  protected compute(): Trace<Step> {
    this.result = evaluatePair(this.eo, this.state);
    this.errorEl.hidden = true;
    this.hooks.onResult?.(this.state, this.result);
    return { steps: this.result.steps, counters: gridmaskCounters(this.result.counters) };
  }

  protected override refused(e: Error): boolean {
    this.errorEl.hidden = false;
    setText(this.errorEl, `The core refused this input: ${e.message}`);
    return true;
  }

  protected render(): void {
    const { layout } = this.state;
    const width = half(layout);
    const r = this.result;
    this.state.boxes.forEach((b, i) => this.fields[i]?.sync(b, this.typedIn));
    this.layoutSeg?.set(String(layout));
    this.methodSeg?.set(this.state.method);
    this.hintEl.hidden = !this.hintShown;
    this.root.dataset.layout = String(layout);
    this.root.dataset.method = this.state.method;
    // bit-number headers: highest bit first, as the rows below
    const head = Array.from({ length: width }, (_, k) => width - 1 - k);
    this.root.querySelectorAll<HTMLElement>('.bit-head').forEach((el) => {
      if (el.childElementCount !== width + 2) {
        el.replaceChildren(h('span', { class: 'bit-label' }, 'bit'), h('span', { class: 'bits' }, ...head.map((n) => h('span', { class: 'bit' }, n))), h('span', {}));
      }
    });
    r.masks.forEach((mask, i) => {
      const low = OBJECT_NAMES[i].toLowerCase();
      if (this.maskText[i]) setText(this.maskText[i], `mask ${hex(mask, layout)}`);
      this.renderBits(`${low}-x`, xField(mask, layout), width, 'column');
      this.renderBits(`${low}-y`, yField(mask, layout), width, 'row');
    });
    this.renderBits('and-x', r.andX, width, 'column');
    this.renderBits('and-y', r.andY, width, 'row', r.andX === 0 ? 'not tested: X already said no' : 'not tested');
    this.renderVerdict();
    this.renderCompare();
    this.markActiveRows();
  }

  private renderVerdict(): void {
    const r = this.result;
    const v = VERDICT_TEXT[r.verdict];
    this.verdictEl.dataset.verdict = r.verdict;
    this.verdictEl.replaceChildren(
      h('span', { class: 'verdict-dot', 'aria-hidden': 'true' }),
      h('span', { class: 'verdict-text' }, h('strong', { 'data-testid': 'verdict-short' }, v.short), h('span', {}, ` — ${v.long}`)),
    );
  }

  /** The outcome is the core's word twice over: the masks' verdict against its exact box test
      (eo_aabb_overlap). The page compares two answers; it never works one out. */
  private renderCompare(): void {
    const r = this.result;
    const o = r.other;
    const ov = VERDICT_TEXT[o.verdict].short;
    const eliminated = r.verdict !== 'maybe';
    const outcome = eliminated ? (r.overlap ? 'false-negative' : 'true-negative') : r.overlap ? 'true-positive' : 'false-positive';
    const holes = this.state.method === 'endpoints' && eliminated && o.verdict === 'maybe';
    this.compareEl.dataset.outcome = outcome;
    this.compareEl.dataset.disagree = String(holes);
    const exact = h('span', { class: 'exact', 'data-testid': 'exact', 'data-overlap': String(r.overlap) }, r.overlap ? 'they overlap' : 'no overlap');
    const lead = h('span', { class: 'lead' }, "Exact box test (the core's aabb module): ", exact, '.');
    const other = h('span', { class: 'other' }, `The ${o.method} method says: `, h('em', {}, ov), '.');
    const text: Record<string, Array<Node | string>> = {
      'true-negative': ['A correct early out: one AND per axis saved the exact test. '],
      'true-positive': ['The masks passed the pair on, and the exact test confirms the hit. '],
      'false-positive': [h('strong', {}, 'A false positive: '), 'the masks could not rule the pair out, so it costs one exact test. That is all it costs. '],
      'false-negative': [
        h('strong', {}, 'False negative! '),
        'The boxes overlap but the masks eliminated them: a collision the game never sees',
        holes ? ', because a cell both boxes touch is a hole in the endpoints mask. ' : '. ',
      ],
    };
    this.compareEl.replaceChildren(lead, h('span', { class: 'outcome' }, ...text[outcome]), other);
  }

  private renderBits(key: string, field: number | null, width: number, unit: 'column' | 'row', missing = 'not tested'): void {
    const el = this.bitRows[key];
    const text = this.cellsText[key];
    if (!el) return;
    el.dataset.width = String(width);
    if (field === null) {
      el.classList.add('is-missing');
      setText(el, missing);
      el.dataset.value = '';
      setText(text, '');
      return;
    }
    el.classList.remove('is-missing');
    const s = bitString(field, width);
    el.dataset.value = s;
    if (el.childElementCount !== width || el.textContent !== s) {
      el.replaceChildren(...[...s].map((c, k) => h('span', { class: `bit${c === '1' ? ' is-on' : ''}`, 'data-bit': width - 1 - k }, c)));
    }
    el.setAttribute('aria-label', `${s}`);
    const cells = setBits(field, width);
    setText(text, cells.length === 0 ? `no ${unit}` : `${unit}${cells.length > 1 ? 's' : ''} ${listCells(cells)}`);
  }

  private markActiveRows(): void {
    const st = this.step;
    let key: string | null = null;
    if (st) {
      const axis = st.a === 1 ? 'y' : 'x';
      if (st.kind === 'AXIS_BITS' && st.object !== null) key = `${OBJECT_NAMES[st.object].toLowerCase()}-${axis}`;
      if (st.kind === 'AND_X') key = 'and-x';
      if (st.kind === 'AND_Y') key = 'and-y';
    }
    this.root.querySelectorAll<HTMLElement>('.bit-line').forEach((el) => el.classList.toggle('is-active', el.dataset.row === key));
    this.verdictEl.classList.toggle('is-active', st?.kind === 'VERDICT');
  }

  protected draw(): void {
    const available = this.boardWrap.clientWidth || 640;
    // the first figure is smaller: the board and its verdict fit in one window with room to spare
    const max = this.shown.has('cards') ? 700 : 560;
    const ctx = this.board.layout(layoutWorld(this.state.layout), this.state.boxes, Math.min(available, max));
    drawExplorer(ctx, this.board.geom, {
      state: this.state,
      result: this.result,
      step: this.step,
      // keyboard focus has its own outline on the handle; the canvas ring marks a mouse selection
      selected: this.selected !== null && !this.board.handles[this.selected].matches(':focus-visible') ? this.selected : null,
    });
  }
}

/** "0–3" for a run, "0, 4" otherwise. */
function listCells(cells: number[]): string {
  const contiguous = cells.every((c, k) => k === 0 || c === cells[k - 1] + 1);
  if (contiguous && cells.length > 2) return `${cells[0]}–${cells[cells.length - 1]}`;
  return cells.join(', ');
}

export function gridmaskCounters(counters: Record<string, number>): string {
  return (
    `Core counters for this pair: masks built ${counters['gridmask.built'] ?? 0}, ` +
    `pairs tested ${counters['gridmask.tests'] ?? 0}, eliminated ${counters['gridmask.eliminated'] ?? 0}.`
  );
}

export const mount = (ctx: MountContext): void => void new MaskExplorer(ctx);
