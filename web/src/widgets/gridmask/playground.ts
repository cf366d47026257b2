// The grid mask playground: two objects on the screen, their mask bits, the AND per axis and the
// verdict, all answered by the wasm core; optionally the traced steps beside gridmask.c.
//   controls -> state -> core (evaluatePair) -> result -> draw + panels
import { clampField, FIELD_MAX, FIELD_MIN } from '../../core.ts';
import type { Box, Earlyout, GridmaskMethod, LayoutBits } from '../../core.ts';
import { h, setText } from '../../dom.ts';
import {
  bitString,
  evaluatePair,
  half,
  hex,
  layoutWorld,
  OBJECT_NAMES,
  PRESETS,
  setBits,
  VERDICT_TEXT,
  xField,
  yField,
} from './model.ts';
import type { PairResult, PairState, Step } from './model.ts';
import { COLORS, drawBox, drawScreen, fillCells, Board, toCss } from '../../board.ts';
import type { Stepper } from '../../stepper.ts';
import { drawMaskStrips, drawStepMarker } from './draw.ts';
import { gridmaskCounters, gridmaskStepper } from './stepper.ts';
import { numberFields, presetChips, segmented } from '../../controls.ts';
import type { NumberFields, Segmented } from '../../controls.ts';
import { int, ints, oneOf, ownFigure, UrlState } from '../../urlstate.ts';
import { stepperKeys } from '../../input.ts';
import type { Lifecycle } from '../../lifecycle.ts';

export interface PlaygroundOptions {
  preset?: string;
  layout?: string;
  method?: string;
  trace?: string;
  controls?: string;
}

/** Options shared by the challenge, which builds on the playground. */
export interface PlaygroundHooks {
  /** called after every evaluation, with the core's answers */
  onResult?(state: PairState, result: PairResult): void;
  /** shown under the screen, e.g. the challenge's checks */
  extraPanel?: HTMLElement;
  /** replaces the preset's hint line */
  hint?: string;
}

const FIELDS = ['x', 'y', 'w', 'h'] as const;

/** What a shared link holds: both boxes (x, y, w, h, the fields' range), layout, method
    and the C stepper's step (clamped to the trace's length, which depends on the boxes). */
interface Shared {
  a: number[];
  b: number[];
  l: '8' | '16' | '32';
  m: GridmaskMethod;
  s: number;
}
const SHARED = {
  a: ints(4, FIELD_MIN, FIELD_MAX, "A's x, y, w, h"),
  b: ints(4, FIELD_MIN, FIELD_MAX, "B's x, y, w, h"),
  l: oneOf(['8', '16', '32'] as const, 'layout'),
  m: oneOf(['span', 'endpoints'] as const, 'method'),
  s: int(0, 999, 'step'),
};

export class Playground {
  state: PairState;
  result!: PairResult;
  private selected: number | null = null;
  private step: Step | null = null;
  private board: Board;
  private stepper: Stepper<Step> | null = null;
  private fields: NumberFields<(typeof FIELDS)[number]>[] = [];
  private bitRows: Record<string, HTMLElement> = {};
  private cellsText: Record<string, HTMLElement> = {};
  private maskText: HTMLElement[] = [];
  private cards: HTMLElement[] = [];
  private verdictEl: HTMLElement;
  private compareEl: HTMLElement;
  private hintEl: HTMLElement;
  private errorEl: HTMLElement;
  private root: HTMLElement;
  private boardWrap: HTMLElement;
  private layoutSeg!: Segmented;
  private methodSeg!: Segmented;
  private url: UrlState<Shared> | null = null;
  private lastStep = 0;

  constructor(host: HTMLElement, private life: Lifecycle, private eo: Earlyout, opts: PlaygroundOptions, private hooks: PlaygroundHooks) {
    const preset = PRESETS[opts.preset ?? 'start'] ?? PRESETS.start;
    this.state = {
      layout: Number(opts.layout ?? 16) as LayoutBits,
      method: (opts.method as GridmaskMethod) ?? 'span',
      boxes: [{ ...preset.state.boxes[0] }, { ...preset.state.boxes[1] }],
    };
    if (preset.state.method && !opts.method) this.state.method = preset.state.method;
    // minimal: a lesson's first figure, the two objects and their bits only (no fields, no toolbar, no C)
    const minimal = opts.controls === 'minimal';
    const compact = opts.controls === 'compact' || minimal;
    const traced = !minimal && (opts.trace ? opts.trace === 'on' : !compact);

    this.board = new Board({
      names: OBJECT_NAMES,
      onMove: (i, box) => this.setBox(i, box),
      onFocus: (i) => {
        this.selected = i;
        this.cards.forEach((c, k) => c.classList.toggle('is-selected', k === i));
        this.draw();
      },
      describe: (i) => {
        const b = this.state.boxes[i];
        return `Object ${OBJECT_NAMES[i]}: x ${b.x}, y ${b.y}, width ${b.w}, height ${b.h}. Drag, or use the arrow keys (Shift for 8 px).`;
      },
    });
    this.hintEl = h('p', { class: 'fig-hint', 'data-testid': 'hint' }, hooks.hint ?? preset.hint);
    this.boardWrap = h('div', { class: 'fig-board-wrap' }, this.board.root);
    const boardCol = h(
      'div',
      { class: 'fig-board-col' },
      this.boardWrap,
      h('p', { class: 'fig-help' }, 'Drag A or B. Or Tab to one and nudge it with the arrow keys: 1 px, or 8 px with Shift.'),
      this.hintEl,
      hooks.extraPanel ?? null,
    );

    this.verdictEl = h('div', { class: 'fig-verdict', 'data-testid': 'verdict', role: 'status', 'aria-live': 'polite' });
    this.compareEl = h('p', { class: 'fig-compare', 'data-testid': 'compare' });
    this.errorEl = h('p', { class: 'fig-error', 'data-testid': 'error', role: 'alert', hidden: true });
    const side = h(
      'div',
      { class: 'fig-side' },
      this.objectCard(0, minimal),
      this.objectCard(1, minimal),
      this.andCard(),
      this.verdictEl,
      minimal ? null : this.compareEl,
      this.errorEl,
    );

    const toolbar = this.toolbar(compact);
    this.root = h(
      'div',
      { class: `fig-playground${compact ? ' is-compact' : ''}${minimal ? ' is-minimal' : ''}` },
      minimal ? null : toolbar,
      h('div', { class: 'fig-main' }, boardCol, side),
    );
    if (traced) {
      this.stepper = gridmaskStepper(this.life, () => this.state, (st) => {
        this.step = st;
        this.draw();
        this.markActiveRows();
        const i = this.stepper?.index ?? 0;
        if (i !== this.lastStep) {
          this.lastStep = i;
          this.url?.changed(this.stepper?.playing ? 'drag' : 'step');
        }
      });
      this.root.appendChild(this.stepper.root);
    }
    stepperKeys(this.root, () => this.stepper);
    host.replaceChildren(this.root);
    this.life.onResize(this.boardWrap, () => this.draw());
    this.update();
    const figure = ownFigure(host, 'gridmask-playground');
    if (figure) {
      this.url = new UrlState(this.life, figure, SHARED, {
        get: () => ({
          a: boxParts(this.state.boxes[0]),
          b: boxParts(this.state.boxes[1]),
          l: String(this.state.layout) as Shared['l'],
          m: this.state.method,
          s: this.stepper?.index ?? 0,
        }),
        apply: (v) => {
          this.state.boxes = [partsBox(v.a), partsBox(v.b)];
          this.state.layout = Number(v.l) as LayoutBits;
          this.state.method = v.m;
          if (!this.hooks.hint) this.hintEl.hidden = true;
          this.update();
          this.stepper?.go(v.s);
          this.lastStep = this.stepper?.index ?? 0;
        },
      });
    }
  }

  // ---- controls --------------------------------------------------------------------------

  private toolbar(compact: boolean): HTMLElement {
    this.layoutSeg = segmented('Mask layout', 'layout', [['8', '8-bit'], ['16', '16-bit'], ['32', '32-bit']], String(this.state.layout), (v) => {
      this.state.layout = Number(v) as LayoutBits;
      this.update();
      this.url?.changed('step');
    });
    this.methodSeg = segmented('Method', 'method', [['span', 'span'], ['endpoints', 'endpoints']], this.state.method, (v) => {
      this.state.method = v as GridmaskMethod;
      this.update();
      this.url?.changed('step');
    });
    const bar = h(
      'div',
      { class: 'fig-toolbar' },
      this.layoutSeg.root,
      this.methodSeg.root,
    );
    if (!compact) {
      bar.appendChild(
        presetChips('Try', PRESETS, (key) => this.applyPreset(key)),
      );
    }
    return bar;
  }

  applyPreset(key: string): void {
    const p = PRESETS[key];
    this.state.boxes = [{ ...p.state.boxes[0] }, { ...p.state.boxes[1] }];
    this.state.method = p.state.method ?? 'span';
    this.state.layout = p.state.layout ?? 16;
    setText(this.hintEl, p.hint);
    this.hintEl.hidden = false;
    this.stepper?.reset();
    this.update();
    this.url?.changed('step');
  }

  private objectCard(i: number, minimal: boolean): HTMLElement {
    const name = OBJECT_NAMES[i];
    const low = name.toLowerCase();
    const fields = minimal ? null : numberFields(name, FIELDS, low, (f, n, from) => this.setBox(i, { ...this.state.boxes[i], [f]: n }, from));
    if (fields) this.fields[i] = fields;
    const row = (axis: 'x' | 'y') => {
      const key = `${low}-${axis}`;
      this.bitRows[key] = h('span', { class: `bits bits-${i}`, 'data-testid': `bits-${key}` });
      this.cellsText[key] = h('span', { class: 'cells-text', 'data-testid': `cells-${key}` });
      return h('div', { class: 'bit-line', 'data-row': key }, h('span', { class: 'bit-label' }, axis.toUpperCase()), this.bitRows[key], this.cellsText[key]);
    };
    const mask = h('span', { class: 'mask-hex', 'data-testid': `mask-${low}` });
    this.maskText[i] = mask;
    const card = h(
      'section',
      { role: 'group', class: `fig-card fig-card-${i}`, 'aria-label': `Object ${name}`, 'data-testid': `card-${low}` },
      h('div', { class: 'fig-card-head' }, h('span', { class: `swatch swatch-${i}`, 'aria-hidden': 'true' }), h('h3', {}, `Object ${name}`), mask),
      fields?.root ?? null,
      h('div', { class: 'bit-head', 'aria-hidden': 'true', 'data-head': low }),
      row('x'),
      row('y'),
    );
    this.cards[i] = card;
    return card;
  }

  private andCard(): HTMLElement {
    const row = (axis: 'x' | 'y') => {
      const key = `and-${axis}`;
      this.bitRows[key] = h('span', { class: 'bits bits-and', 'data-testid': key });
      this.cellsText[key] = h('span', { class: 'cells-text', 'data-testid': `cells-${key}` });
      return h('div', { class: 'bit-line', 'data-row': key }, h('span', { class: 'bit-label' }, axis.toUpperCase()), this.bitRows[key], this.cellsText[key]);
    };
    return h(
      'section',
      { role: 'group', class: 'fig-card fig-card-and', 'aria-label': 'A AND B' },
      h('div', { class: 'fig-card-head' }, h('span', { class: 'swatch swatch-and', 'aria-hidden': 'true' }), h('h3', {}, 'A AND B'), h('span', { class: 'mask-hex' }, 'per axis, by the core')),
      h('div', { class: 'bit-head', 'aria-hidden': 'true', 'data-head': 'and' }),
      row('x'),
      row('y'),
    );
  }

  private setBox(i: number, box: Box, from?: HTMLInputElement): void {
    // the preset's hint describes the preset: once the learner moves things, it no longer applies
    if (!this.hooks.hint) this.hintEl.hidden = true;
    const b: Box = { x: clampField(box.x), y: clampField(box.y), w: clampField(box.w), h: clampField(box.h) };
    const boxes: [Box, Box] = [...this.state.boxes];
    boxes[i] = b;
    this.state.boxes = boxes;
    this.update(from);
    this.url?.changed('drag');
  }

  private syncInputs(except?: HTMLInputElement): void {
    this.state.boxes.forEach((b, i) => this.fields[i]?.sync(b, except));
  }

  // ---- core -> panels ----------------------------------------------------------------------

  update(from?: HTMLInputElement): void {
    this.syncInputs(from);
    this.layoutSeg.set(String(this.state.layout));
    this.methodSeg.set(this.state.method);
    try {
      this.result = evaluatePair(this.eo, this.state);
      this.errorEl.hidden = true;
    } catch (e) {
      this.errorEl.hidden = false;
      setText(this.errorEl, `The core refused this input: ${(e as Error).message}`);
      return;
    }
    this.renderPanels();
    this.stepper?.update(this.result.steps, gridmaskCounters(this.result.counters));
    if (!this.stepper) this.draw();
    this.hooks.onResult?.(this.state, this.result);
  }

  private renderPanels(): void {
    const { layout } = this.state;
    const width = half(layout);
    const r = this.result;
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
      setText(this.maskText[i], `mask ${hex(mask, layout)}`);
      this.renderBits(`${low}-x`, xField(mask, layout), width, 'column');
      this.renderBits(`${low}-y`, yField(mask, layout), width, 'row');
    });
    this.renderBits('and-x', r.andX, width, 'column');
    this.renderBits('and-y', r.andY, width, 'row', r.andX === 0 ? 'not tested: X already said no' : 'not tested');

    const v = VERDICT_TEXT[r.verdict];
    this.verdictEl.dataset.verdict = r.verdict;
    this.verdictEl.replaceChildren(
      h('span', { class: 'verdict-dot', 'aria-hidden': 'true' }),
      h('span', { class: 'verdict-text' }, h('strong', { 'data-testid': 'verdict-short' }, v.short), h('span', {}, ` — ${v.long}`)),
    );

    // The outcome is the core's word twice over: the masks' verdict against its exact box test
    // (eo_aabb_overlap). The page compares two answers; it never works one out.
    const o = r.other;
    const ov = VERDICT_TEXT[o.verdict].short;
    const eliminated = r.verdict !== 'maybe';
    const outcome = eliminated ? (r.overlap ? 'false-negative' : 'true-negative') : r.overlap ? 'true-positive' : 'false-positive';
    const holes = this.state.method === 'endpoints' && eliminated && o.verdict === 'maybe';
    this.compareEl.dataset.outcome = outcome;
    this.compareEl.dataset.disagree = String(holes);
    const exact = h('span', { class: 'exact', 'data-testid': 'exact', 'data-overlap': String(r.overlap) }, r.overlap ? 'they overlap' : 'no overlap');
    const lead = h('span', { class: 'lead' }, 'Exact box test (the core\'s aabb module): ', exact, '.');
    const other = h('span', { class: 'other' }, `The ${o.method} method says: `, h('em', {}, ov), '.');
    const text: Record<string, Array<Node | string>> = {
      'true-negative': ['A correct early out: one AND per axis saved the exact test. '],
      'true-positive': ['The masks passed the pair on, and the exact test confirms the hit. '],
      'false-positive': [
        h('strong', {}, 'A false positive: '),
        'the masks could not rule the pair out, so it costs one exact test. That is all it costs. ',
      ],
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

  // ---- drawing -----------------------------------------------------------------------------

  draw(): void {
    if (!this.result) return;
    const { layout, boxes } = this.state;
    const available = this.boardWrap.clientWidth || 640;
    const ctx = this.board.layout(layoutWorld(layout), boxes, Math.min(available, 700));
    const g = this.board.geom;
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
    this.result.masks.forEach((mask, i) => {
      const cols = setBits(xField(mask, layout), width);
      const rows = setBits(yField(mask, layout), width);
      fillCells(ctx, g, cols.flatMap((c) => rows.map((r): [number, number] => [c, r])), COLORS.cellTint[i]);
    });
    drawMaskStrips(ctx, g, this.state, this.result, width);
    if (this.step) drawStepMarker(ctx, g, this.step, layout);
    boxes.forEach((b, i) =>
      drawBox(ctx, g, b, {
        color: COLORS.objects[i],
        fill: COLORS.objectsFill[i],
        label: OBJECT_NAMES[i],
        // keyboard focus has its own outline on the handle; the canvas ring marks a mouse selection
        focused: this.selected === i && !this.board.handles[i].matches(':focus-visible'),
      }),
    );
  }
}

/** "0–3" for a run, "0, 4" otherwise. */
function listCells(cells: number[]): string {
  const contiguous = cells.every((c, k) => k === 0 || c === cells[k - 1] + 1);
  if (contiguous && cells.length > 2) return `${cells[0]}–${cells[cells.length - 1]}`;
  return cells.join(', ');
}

const boxParts = (b: Box): number[] => [b.x, b.y, b.w, b.h];
const partsBox = ([x, y, w, h]: number[]): Box => ({ x, y, w, h });
