// The pixel overlap playground: a soldier and a bullet on a blown-up screen, their boxes and the
// overlap rectangle, the verdict, the first contact and the area, all answered by the wasm core;
// optionally the traced core step by step beside pixelmask_pairs.c, with the bits of the current row.
//   controls -> state -> core (evaluate) -> result -> draw + panels
import pairsSource from '../../../../core/src/pixelmask_pairs.c';
import { numberFields, presetChips } from '../../controls.ts';
import type { NumberFields } from '../../controls.ts';
import type { Earlyout } from '../../core.ts';
import { h, setText, uniqueId } from '../../dom.ts';
import { COLORS } from '../../board.ts';
import { Stepper } from '../../stepper.ts';
import { BitsPanel } from './bits.ts';
import { clampPos, evaluate, explainStep, PRESETS, pt, stepNote, VERDICT_TEXT, WORLD } from './model.ts';
import type { PairState, PixelResult, Pos, Step, TraceFn } from './model.ts';
import { drawBoxOutline, drawContact, drawOverlapOutline, drawOverlapRect, drawPlayfield, drawShared, drawSprite, markRow, PixelBoard, px, py } from './board.ts';
import { legend } from './legend.ts';
import { BULLET, SOLDIER, Sprite } from './sprites.ts';
import { int, oneOf, ownFigure, UrlState } from '../../urlstate.ts';
import { stepperKeys } from '../../input.ts';
import type { Lifecycle } from '../../lifecycle.ts';

export interface PixelPlaygroundOptions {
  preset?: string;
  trace?: string;
  controls?: string;
}

export interface PixelPlaygroundHooks {
  /** sprites to use (the editor shares its own); default: a new soldier and bullet */
  sprites?: [Sprite, Sprite];
  /** called after every evaluation, with the core's answers */
  onResult?(state: PairState, result: PixelResult): void;
  /** shown under the screen */
  extraPanel?: HTMLElement;
  /** replaces the preset's hint line */
  hint?: string;
  /** where the sprites start, instead of the preset's places */
  start?: [Pos, Pos];
}

const NAMES = ['A', 'B'] as const;
const PHASES = ['rectangle', 'rows', 'hit'] as const;

export class PixelPlayground {
  state: PairState;
  result!: PixelResult;
  readonly root: HTMLElement;
  private selected: number | null = null;
  private stepIndex = 0;
  private board: PixelBoard;
  private stepper: Stepper<Step> | null = null;
  private bitsPanel: BitsPanel | null = null;
  private fields: NumberFields<'x' | 'y'>[] = [];
  private cards: HTMLElement[] = [];
  private out: Record<string, HTMLElement> = {};
  private verdictEl: HTMLElement;
  private hintEl: HTMLElement;
  private boardWrap: HTMLElement;
  private radios: HTMLInputElement[] = [];
  private legendEl = legend();
  private url: UrlState<{ ax: number; ay: number; bx: number; by: number; f: TraceFn; s: number }> | null = null;

  constructor(
    host: HTMLElement,
    private life: Lifecycle,
    private eo: Earlyout,
    opts: PixelPlaygroundOptions,
    private hooks: PixelPlaygroundHooks = {},
  ) {
    const preset = PRESETS[opts.preset ?? 'near-miss'] ?? PRESETS['near-miss'];
    let sprites = hooks.sprites; // the editor's, freed by the editor
    if (!sprites) {
      const own: [Sprite, Sprite] = [new Sprite(eo, SOLDIER), new Sprite(eo, BULLET)];
      life.own(() => own.forEach((s) => s.dispose()));
      sprites = own;
    }
    const start = hooks.start ?? preset.pos;
    this.state = { sprites, pos: [{ ...start[0] }, { ...start[1] }], traceFn: 'overlap' };
    // minimal: a lesson's first figure, the two sprites and the core's answers only (no fields, no toolbar, no C)
    const minimal = opts.controls === 'minimal';
    const compact = opts.controls === 'compact' || minimal;
    const traced = !minimal && (opts.trace ? opts.trace === 'on' : !compact);

    this.board = new PixelBoard({
      testids: ['obj-a', 'obj-b'],
      onMove: (i, p) => this.setPos(i, p),
      onFocus: (i) => {
        this.selected = i;
        this.cards.forEach((c, k) => c.classList.toggle('is-selected', k === i));
        this.draw();
      },
      describe: (i) => {
        const sp = this.state.sprites[i];
        const p = this.state.pos[i];
        return `${NAMES[i]}, the ${sp.name.toLowerCase()} (${sp.w} × ${sp.h} px) at x ${p.x}, y ${p.y}. Drag, or use the arrow keys (Shift for 8 px).`;
      },
    });
    this.hintEl = h('p', { class: 'fig-hint', 'data-testid': 'hint' }, hooks.hint ?? preset.hint);
    this.boardWrap = h('div', { class: 'pm-board-wrap' }, this.board.root);
    const boardCol = h(
      'div',
      { class: 'fig-board-col' },
      this.boardWrap,
      this.legendEl,
      h('p', { class: 'fig-help' }, 'Drag A or B. Or Tab to one and nudge it with the arrow keys: 1 px, or 8 px with Shift.'),
      this.hintEl,
      hooks.extraPanel ?? null,
    );
    this.verdictEl = h('div', { class: 'fig-verdict pm-verdict', 'data-testid': 'verdict', role: 'status', 'aria-live': 'polite' });
    // the result first: beside the board on a wide screen, right under it on a phone; the minimal
    // figure drops the sprite cards (the caption names the sprites, and there are no fields to hold)
    const side = h(
      'div',
      { class: 'fig-side' },
      this.verdictEl,
      this.resultsCard(),
      minimal ? null : this.spriteCard(0),
      minimal ? null : this.spriteCard(1),
    );

    this.root = h(
      'div',
      { class: `fig-playground pm-playground${compact ? ' is-compact' : ''}${minimal ? ' is-minimal' : ''}` },
      compact && !traced ? null : this.toolbar(compact, traced),
      h('div', { class: 'fig-main' }, boardCol, side),
    );
    if (traced) {
      this.stepper = new Stepper<Step>(this.life, 
        {
          sources: { 'core/src/pixelmask_pairs.c': pairsSource },
          phases: PHASES,
          phaseOf: (st) => st.phase,
          explain: (st) => explainStep(st, this.state, this.result),
          note: stepNote,
          objectKeys: true,
        },
        (_st, index) => {
          const moved = index !== this.stepIndex;
          this.stepIndex = index;
          if (moved) this.url?.changed(this.stepper?.playing ? 'drag' : 'step');
          this.bitsPanel?.render(this.state, this.result, index);
          this.draw();
        },
      );
      this.bitsPanel = new BitsPanel();
      // the bits sit between the step's explanation and the C source
      const src = this.stepper.root.querySelector('[data-testid="source"]');
      if (src) src.before(this.bitsPanel.root);
      else this.stepper.root.appendChild(this.bitsPanel.root);
      this.root.appendChild(this.stepper.root);
    }
    stepperKeys(this.root, () => this.stepper);
    host.replaceChildren(this.root);
    this.life.onResize(this.boardWrap, () => this.draw());
    this.update();
    const figure = ownFigure(host, 'pixelmask-playground');
    if (figure) {
      // positions keep each sprite on the playfield, as dragging and the x, y fields do (clampPos)
      const [a, b] = this.state.sprites;
      const fields = {
        ax: int(0, WORLD.w - a.w, "A's x"),
        ay: int(0, WORLD.h - a.h, "A's y"),
        bx: int(0, WORLD.w - b.w, "B's x"),
        by: int(0, WORLD.h - b.h, "B's y"),
        f: oneOf(['overlap', 'area'] as const, 'stepped function'),
        s: int(0, 9999, 'step'),
      };
      this.url = new UrlState(this.life, figure, fields, {
        get: () => {
          const [pa, pb] = this.state.pos;
          return { ax: pa.x, ay: pa.y, bx: pb.x, by: pb.y, f: this.state.traceFn, s: this.stepIndex };
        },
        apply: (v) => {
          this.state.pos = [{ x: v.ax, y: v.ay }, { x: v.bx, y: v.by }];
          this.state.traceFn = v.f;
          if (!this.hooks.hint) this.hintEl.hidden = true;
          this.update();
          this.stepper?.go(v.s);
        },
      });
    }
  }

  // ---- controls --------------------------------------------------------------------------

  private toolbar(compact: boolean, traced: boolean): HTMLElement {
    const bar = h('div', { class: 'fig-toolbar' });
    if (traced) {
      const id = uniqueId('tracefn');
      const values: Array<[TraceFn, string]> = [
        ['overlap', 'overlap(): stop at the first hit'],
        ['area', 'area(): every word'],
      ];
      bar.appendChild(
        h(
          'fieldset',
          { class: 'seg', 'data-testid': 'tracefn-group' },
          h('legend', {}, 'Step through'),
          ...values.map(([value, text]) => {
            const input = h('input', {
              type: 'radio',
              name: id,
              value,
              id: `${id}-${value}`,
              checked: value === this.state.traceFn,
              'data-testid': `tracefn-${value}`,
              onchange: () => {
                this.state.traceFn = value;
                this.stepper?.reset();
                this.update();
                this.url?.changed('step');
              },
            });
            this.radios.push(input);
            return h('label', { for: `${id}-${value}` }, input, h('span', {}, text));
          }),
        ),
      );
    }
    if (!compact) {
      bar.appendChild(
        presetChips('Try', PRESETS, (key) => this.applyPreset(key)),
      );
    }
    return bar;
  }

  applyPreset(key: string): void {
    const p = PRESETS[key];
    this.state.pos = [{ ...p.pos[0] }, { ...p.pos[1] }];
    setText(this.hintEl, p.hint);
    this.hintEl.hidden = false;
    this.stepper?.reset();
    this.update();
    this.url?.changed('step');
  }

  private spriteCard(i: number): HTMLElement {
    const sp = this.state.sprites[i];
    const low = NAMES[i].toLowerCase();
    // the sprite stays inside the world: a position past it is refused with the range, not clamped
    const fields = numberFields(
      NAMES[i],
      ['x', 'y'] as const,
      low,
      (f, n, from) => this.setPos(i, { ...this.state.pos[i], [f]: n }, from),
      (f) => [0, f === 'x' ? WORLD.w - sp.w : WORLD.h - sp.h],
      'pm-fields',
    );
    this.fields[i] = fields;
    const card = h(
      'section',
      { role: 'group', class: `fig-card fig-card-${i} pm-card`, 'aria-label': `${NAMES[i]}: ${sp.name}`, 'data-testid': `card-${low}` },
      h(
        'div',
        { class: 'fig-card-head' },
        h('span', { class: `swatch swatch-${i}`, 'aria-hidden': 'true' }),
        h('h3', {}, `${NAMES[i]} · ${sp.name}`),
        h('span', { class: 'mask-hex', 'data-testid': `size-${low}` }, `${sp.w} × ${sp.h} px`),
      ),
      fields.root,
    );
    this.cards[i] = card;
    return card;
  }

  private resultsCard(): HTMLElement {
    const item = (key: string, label: string, fn: string) => {
      this.out[key] = h('dd', { 'data-testid': key });
      return [h('dt', {}, label, h('code', {}, fn)), this.out[key]];
    };
    return h(
      'section',
      { role: 'group', class: 'fig-card pm-results', 'aria-label': 'What the core says' },
      h('div', { class: 'fig-card-head' }, h('span', { class: 'swatch swatch-and', 'aria-hidden': 'true' }), h('h3', {}, 'The core says')),
      h(
        'dl',
        { class: 'pm-dl' },
        ...item('rect', 'Overlap rectangle', 'overlapRect'),
        ...item('contact', 'First contact', 'firstContact'),
        ...item('area', 'Pixels in both', 'area'),
      ),
    );
  }

  private setPos(i: number, p: Pos, from?: HTMLInputElement): void {
    if (!this.hooks.hint) this.hintEl.hidden = true;
    const pos: [Pos, Pos] = [...this.state.pos];
    pos[i] = clampPos(this.state.sprites[i], p);
    this.state.pos = pos;
    this.update(from);
    this.url?.changed('drag');
  }

  private syncInputs(except?: HTMLInputElement): void {
    this.state.pos.forEach((p, i) => this.fields[i]?.sync(p, except));
  }

  // ---- core -> panels ----------------------------------------------------------------------

  /** Asks the core again (after a move, a preset, or a painted pixel) and redraws everything. */
  update(from?: HTMLInputElement): void {
    this.syncInputs(from);
    for (const r of this.radios) r.checked = r.value === this.state.traceFn;
    this.result = evaluate(this.eo, this.state);
    this.renderPanels();
    if (this.stepper) {
      this.stepper.update(
        this.result.steps,
        `Core counters for this ${this.state.traceFn}() call: rows tested ${this.result.rows}, words ANDed ${this.result.words}.`,
      );
    } else {
      this.draw();
    }
    this.hooks.onResult?.(this.state, this.result);
  }

  private renderPanels(): void {
    const r = this.result;
    const rect = r.rect;
    this.legendEl.update(rect, r.shared.length, r.contact);
    this.out.rect.dataset.w = String(rect?.w ?? 0);
    this.out.rect.dataset.h = String(rect?.h ?? 0);
    setText(this.out.rect, rect ? `x ${rect.x}, y ${rect.y} · ${rect.w} × ${rect.h} px` : 'none: the boxes do not overlap');
    this.out.contact.dataset.x = r.contact ? String(r.contact.x) : '';
    this.out.contact.dataset.y = r.contact ? String(r.contact.y) : '';
    setText(this.out.contact, r.contact ? pt(r.contact) : 'none');
    this.out.area.dataset.value = String(r.area);
    setText(this.out.area, `${r.area} px`);
    const v = VERDICT_TEXT[r.verdict];
    this.verdictEl.dataset.verdict = r.verdict;
    this.verdictEl.replaceChildren(
      h('span', { class: 'verdict-dot', 'aria-hidden': 'true' }),
      h('span', { class: 'verdict-text' }, h('strong', { 'data-testid': 'verdict-short' }, v.short), h('span', {}, ` — ${v.long}`)),
    );
  }

  // ---- drawing -----------------------------------------------------------------------------

  draw(): void {
    if (!this.result) return;
    const { sprites, pos } = this.state;
    const r = this.result;
    const available = Math.min(this.boardWrap.clientWidth || 640, 700);
    const ctx = this.board.layout(sprites, pos, available);
    const g = this.board.geom;
    drawPlayfield(ctx, g);
    if (r.rect) drawOverlapRect(ctx, g, r.rect);
    sprites.forEach((sp, i) => drawSprite(ctx, g, sp, pos[i]));
    if (r.rect) drawOverlapOutline(ctx, g, r.rect);
    this.drawStep(ctx);
    drawShared(ctx, g, r.shared);
    r.boxes.forEach((b, i) => drawBoxOutline(ctx, g, b, COLORS.objects[i], NAMES[i], this.selected === i && !this.board.handles[i].matches(':focus-visible')));
    if (r.contact) drawContact(ctx, g, r.contact);
  }

  /** The traced step on the screen: rows already tested, the current row, the AND's pixels. */
  private drawStep(ctx: CanvasRenderingContext2D): void {
    if (!this.stepper) return;
    const r = this.result;
    const rect = r.rect;
    const st = r.steps[this.stepIndex];
    // the screen row being tested, for tests and assistive tech
    this.board.root.dataset.row = st && st.y !== null && st.kind !== 'HIT' ? String(st.y) : '';
    if (!st || !rect) return;
    const g = this.board.geom;
    ctx.save();
    const done = new Set<number>();
    for (const s of r.steps.slice(0, this.stepIndex)) if (s.kind === 'ROW' && s.y !== null && s.y !== st.y) done.add(s.y);
    ctx.fillStyle = 'rgba(255, 216, 77, 0.10)';
    for (const y of done) ctx.fillRect(px(g, rect.x), py(g, y), rect.w * g.s, g.s);
    ctx.strokeStyle = COLORS.marker;
    ctx.lineWidth = 2;
    if (st.kind === 'RECT') {
      ctx.strokeRect(px(g, st.a) - 1, py(g, st.b) - 1, g.s + 2, g.s + 2);
    } else if (st.kind === 'RECT_END') {
      ctx.setLineDash([4, 3]);
      ctx.strokeRect(px(g, rect.x) - 2, py(g, rect.y) - 2, rect.w * g.s + 4, rect.h * g.s + 4);
    } else if (st.y !== null && st.kind !== 'HIT') {
      ctx.fillStyle = 'rgba(255, 216, 77, 0.18)';
      ctx.fillRect(px(g, rect.x), py(g, st.y), rect.w * g.s, g.s);
      ctx.strokeRect(px(g, rect.x) - 1, py(g, st.y) - 1, rect.w * g.s + 2, g.s + 2);
      markRow(ctx, g, st.y);
    }
    ctx.restore();
  }
}
