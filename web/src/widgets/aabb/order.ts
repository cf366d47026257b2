// The battle, tested pair by pair: how many interval comparisons the core's all-pairs box test
// makes testing X first, Y first, and in the order its chooser picks from a sample of the scene.
// Pick an object to see, for each other object, how many comparisons its pair took.
import type { Earlyout } from '../../core.ts';
import { numberInput, segmented } from '../../controls.ts';
import type { NumberInput } from '../../controls.ts';
import { int, oneOf, ownFigure, UrlState } from '../../urlstate.ts';
import { h, setText } from '../../dom.ts';
import { makeBattle } from '../../battle.ts';
import type { Battle, Facing } from '../../battle.ts';
import { drawBattle } from '../../battle-draw.ts';
import { drawScreen, geometry, prepareCanvas, toCss } from '../../board.ts';
import type { Geometry, World } from '../../board.ts';
import { KINDS } from '../../battle.ts';
import type { AxisOrder, OrderReport } from 'earlyout';
import type { Lifecycle } from '../../lifecycle.ts';

export interface OrderOptions {
  /** the object picked at first (if the scene has it) */
  pick?: string;
  bullets?: string;
  facing?: string;
  order?: string;
  seed?: string;
}

type Shown = AxisOrder | 'chosen';

const WORLD: World = { screenW: 256, screenH: 192, cellW: 32, cellH: 32, margin: 6 };

/** Tints for "this pair took n comparisons" (n = 1..4). */
export const COST_COLORS = ['', '#3fbf7f', '#b5d94a', '#f0a53a', '#ff5d5d'];
const COST_FILLS = ['', 'rgba(63, 191, 127, 0.55)', 'rgba(181, 217, 74, 0.6)', 'rgba(240, 165, 58, 0.7)', 'rgba(255, 93, 93, 0.75)'];

const fmt = (n: number) => n.toLocaleString('en-US');

export class OrderDemo {
  private battle!: Battle;
  private bullets: number;
  private facing: Facing;
  private shown: Shown;
  private seed: number;
  /** the picked object, or -1 */
  private selected = -1;
  private res!: {
    x: { comparisons: number; count: number };
    y: { comparisons: number; count: number };
    report: OrderReport;
    tests: number;
    pairs: Uint32Array;
    pairCount: number;
  };
  /** comparisons of (selected, j) for each j, in the shown order (0 for j = selected) */
  private costs = new Uint8Array(0);
  private canvas: HTMLCanvasElement;
  private wrap: HTMLElement;
  private geom: Geometry | null = null;
  private rows: Record<string, { root: HTMLElement; value: HTMLElement; bar: HTMLElement }> = {};
  private reportEl: HTMLElement;
  private pairsEl: HTMLElement;
  private pick: NumberInput;
  private pickText: HTMLElement;
  private legend: HTMLElement[] = [];
  private root: HTMLElement;
  private url: UrlState<{ b: '0' | '72'; f: Facing; o: Shown; k: number }> | null = null;

  constructor(host: HTMLElement, private life: Lifecycle, private eo: Earlyout, opts: OrderOptions) {
    this.bullets = Number(opts.bullets ?? 72);
    this.facing = (opts.facing as Facing) ?? 'vertical';
    this.shown = (opts.order as Shown) ?? 'chosen';
    this.seed = Number(opts.seed ?? 1);
    this.selected = opts.pick !== undefined ? Number(opts.pick) : -1;

    const scene = segmented('Scene', 'scene', [['0', '32 soldiers'], ['72', '+ 72 bullets']], String(this.bullets), (v) => {
      this.bullets = Number(v);
      this.place();
      this.url?.changed('step');
    });
    const facing = segmented('Armies face', 'facing', [['vertical', 'top – bottom'], ['horizontal', 'left – right']], this.facing, (v) => {
      this.facing = v as Facing;
      this.place();
      this.url?.changed('step');
    });
    const order = segmented('Order', 'order', [['x-first', 'X first'], ['y-first', 'Y first'], ['chosen', 'core’s choice']], this.shown, (v) => {
      this.shown = v as Shown;
      this.evaluateSelected();
      this.render();
      this.url?.changed('step');
    });

    this.canvas = h('canvas', { class: 'fig-canvas', 'aria-hidden': 'true' });
    this.wrap = h(
      'div',
      {
        class: 'fig-board-wrap ord-board',
        tabindex: 0,
        role: 'group',
        'data-testid': 'scene',
        'aria-label': 'The battle. Click an object, or use the left and right arrow keys, to pick it.',
      },
      h('div', { class: 'fig-board' }, this.canvas),
    );
    this.canvas.addEventListener('pointerdown', (e) => this.pickAt(e));
    this.wrap.addEventListener('keydown', (e) => {
      const d = e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 0;
      if (!d || e.altKey || e.ctrlKey || e.metaKey) return;
      e.preventDefault();
      const n = this.battle.count;
      this.select(this.selected < 0 ? (d > 0 ? 0 : n - 1) : (this.selected + d + n) % n);
    });

    const row = (key: string, label: string) => {
      const value = h('span', { class: 'ord-value', 'data-testid': `cmp-${key}` }, '–');
      const bar = h('span', { class: 'ord-bar-fill' });
      const root = h(
        'div',
        { class: 'ord-row', 'data-row': key },
        h('span', { class: 'ord-label' }, label),
        value,
        h('span', { class: 'ord-bar', 'aria-hidden': 'true' }, bar),
      );
      this.rows[key] = { root, value, bar };
      return root;
    };
    this.reportEl = h('p', { class: 'ord-report', 'data-testid': 'chooser' });
    this.pairsEl = h('p', { class: 'fig-help', 'data-testid': 'pairs' });
    this.pick = numberInput({
      name: 'The object number',
      label: '#',
      ariaLabel: 'Object number',
      testid: 'pick',
      min: 0,
      max: 0, // set by place() from the scene's object count
      class: 'ord-pick-field',
      current: () => (this.selected < 0 ? null : this.selected),
      onValue: (n) => this.select(n),
      onEmpty: () => {},
    });
    this.pick.input.placeholder = '–';
    this.pickText = h('p', { class: 'ord-pick-text', 'data-testid': 'pick-text' });
    const legend = h(
      'div',
      { class: 'ord-legend', 'data-testid': 'pick-legend' },
      ...[1, 2, 3, 4].map((n) => {
        const count = h('strong', { 'data-testid': `cost-${n}` }, '0');
        this.legend[n] = count;
        return h('span', { class: 'ord-legend-item' }, h('span', { class: 'ord-swatch', style: `background:${COST_COLORS[n]}` }), `${n}: `, count);
      }),
    );

    this.root = h(
      'div',
      { class: 'ord-demo' },
      h('div', { class: 'fig-toolbar' }, scene.root, facing.root, order.root),
      h(
        'div',
        { class: 'fig-main' },
        h('div', { class: 'fig-board-col' }, this.wrap, h('p', { class: 'fig-help' }, 'Click any object (or focus the scene and use the arrow keys) to see what its pairs cost.')),
        h(
          'div',
          { class: 'fig-side' },
          h(
            'section',
            { class: 'fig-card ord-card', 'aria-label': 'Comparisons for the whole scene', role: 'status', 'aria-live': 'polite' },
            h('div', { class: 'fig-card-head' }, h('h3', {}, 'Comparisons, every pair'), h('span', { class: 'mask-hex' }, 'counted by the core')),
            row('x-first', 'X first'),
            row('y-first', 'Y first'),
            row('chosen', 'core’s choice'),
            this.reportEl,
          ),
          this.pairsEl,
          h(
            'section',
            { role: 'group', class: 'fig-card ord-pick', 'aria-label': 'One object against all others' },
            h('div', { class: 'fig-card-head' }, h('h3', {}, 'One object against the rest'), this.pick.field),
            this.pick.message,
            this.pickText,
            legend,
          ),
        ),
      ),
    );
    host.replaceChildren(this.root);
    this.life.onResize(this.wrap, () => this.draw());
    this.place();
    const figure = ownFigure(host, 'aabb-order');
    if (figure) {
      // the scene's seed is the lesson's (not a control): a link keeps what the learner can change
      this.url = new UrlState(this.life, 
        figure,
        { b: oneOf(['0', '72'] as const, 'scene'), f: oneOf(['vertical', 'horizontal'] as const, 'facing'), o: oneOf(['x-first', 'y-first', 'chosen'] as const, 'order'), k: int(-1, 103, 'picked object') },
        {
          get: () => ({ b: String(this.bullets) as '0' | '72', f: this.facing, o: this.shown, k: this.selected }),
          check: (v) => (v.k >= 32 + Number(v.b) ? `picked object ${v.k} is not in a scene of ${32 + Number(v.b)}` : null),
          apply: (v) => {
            this.bullets = Number(v.b);
            this.facing = v.f;
            this.shown = v.o;
            this.selected = v.k;
            scene.set(v.b);
            facing.set(v.f);
            order.set(v.o);
            this.place();
          },
        },
      );
    }
  }

  private get order(): AxisOrder {
    return this.shown === 'chosen' ? this.res.report.order : this.shown;
  }

  private place(): void {
    this.battle = makeBattle({ bullets: this.bullets, seed: this.seed, facing: this.facing });
    this.pick.setMax(this.battle.count - 1);
    if (this.selected >= this.battle.count) this.selected = -1;
    this.pick.show(this.selected < 0 ? null : this.selected);
    this.evaluate();
    this.evaluateSelected();
    this.render();
  }

  /** The core tests every pair in each order, and picks an order from a sample. */
  private evaluate(): void {
    const b = this.battle.boxes;
    const t = this.eo.trace(() => this.eo.aabb.findPairs(b, 'x-first'), 1);
    const y = this.eo.aabb.findPairs(b, 'y-first');
    const report = this.eo.aabb.chooseOrder(b);
    this.res = {
      x: { comparisons: t.result.comparisons, count: t.result.count },
      y: { comparisons: y.comparisons, count: y.count },
      report,
      tests: t.counters['aabb.tests'] ?? 0,
      pairs: t.result.pairs,
      pairCount: t.result.count,
    };
  }

  /** Comparisons of the selected object's pairs, one core call each (lower index as A, as findPairs does). */
  private evaluateSelected(): void {
    const n = this.battle.count;
    const i = this.selected;
    this.costs = new Uint8Array(n);
    if (i < 0) return;
    const box = (k: number) => {
      const bx = this.battle.boxes;
      return { x: bx[k * 4], y: bx[k * 4 + 1], w: bx[k * 4 + 2], h: bx[k * 4 + 3] };
    };
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const [a, b] = i < j ? [i, j] : [j, i];
      this.costs[j] = this.eo.aabb.overlap(box(a), box(b), this.order).comparisons;
    }
  }

  private select(i: number): void {
    this.selected = i;
    if (this.pick.input.value !== String(i)) this.pick.show(i);
    this.evaluateSelected();
    this.render();
    this.url?.changed('drag'); // arrow keys walk through 104 objects: one history entry, not 104
  }

  /** Which object is under the pointer? Asked of the core: a 1 x 1 box at the pointer against each. */
  private pickAt(e: PointerEvent): void {
    const g = this.geom;
    if (!g) return;
    const r = this.canvas.getBoundingClientRect();
    const px = Math.floor((e.clientX - r.left) / g.s - g.m);
    const py = Math.floor((e.clientY - r.top) / g.s - g.m);
    const bx = this.battle.boxes;
    // a little slack around the pointer, so 2-px bullets can be picked too
    const probe = { x: px - 1, y: py - 1, w: 3, h: 3 };
    let hit = -1;
    for (let k = 0; k < this.battle.count; k++) {
      if (this.eo.aabb.overlap(probe, { x: bx[k * 4], y: bx[k * 4 + 1], w: bx[k * 4 + 2], h: bx[k * 4 + 3] }).overlap) hit = k;
    }
    if (hit >= 0) this.select(hit);
    this.wrap.focus({ preventScroll: true });
  }

  private render(): void {
    const r = this.res;
    const chosen = r.report.order;
    const chosenCmp = chosen === 'x-first' ? r.x.comparisons : r.y.comparisons;
    const max = Math.max(r.x.comparisons, r.y.comparisons, 1);
    const set = (key: string, v: number, label?: string) => {
      const row = this.rows[key];
      setText(row.value, fmt(v) + (label ? ` (${label})` : ''));
      row.value.dataset.value = String(v);
      row.bar.style.width = `${(100 * v) / max}%`;
      row.root.classList.toggle('is-shown', key === this.shown);
    };
    set('x-first', r.x.comparisons);
    set('y-first', r.y.comparisons);
    set('chosen', chosenCmp, chosen === 'x-first' ? 'X first' : 'Y first');
    this.rows.chosen.root.dataset.chosen = chosen;
    this.root.dataset.chosen = chosen;
    this.root.dataset.order = this.order;
    const rep = r.report;
    const saved = Math.abs(r.x.comparisons - r.y.comparisons);
    const pct = Math.round((100 * saved) / max);
    this.reportEl.replaceChildren(
      'The chooser tested ',
      h('strong', {}, fmt(rep.pairsSampled)),
      ` sample pairs both ways (X first ${fmt(rep.comparisonsXFirst)}, Y first ${fmt(rep.comparisonsYFirst)}) and picked `,
      h('strong', { 'data-testid': 'chosen' }, chosen === 'x-first' ? 'X first' : 'Y first'),
      `. On the whole scene the better order saves ${fmt(saved)} comparisons (${pct}%).`,
    );
    setText(
      this.pairsEl,
      `${this.battle.count} objects make ${fmt(r.tests)} pairs, and the core box-tested every one: ${r.pairCount} overlap, whatever the order.`,
    );
    this.pairsEl.dataset.tests = String(r.tests);
    this.pairsEl.dataset.overlaps = String(r.pairCount);
    const hist = [0, 0, 0, 0, 0];
    for (let j = 0; j < this.costs.length; j++) if (j !== this.selected) hist[this.costs[j]]++;
    for (let n = 1; n <= 4; n++) setText(this.legend[n], this.selected < 0 ? '–' : String(hist[n]));
    const total = hist.reduce((s, v, n) => s + v * n, 0);
    this.pickText.dataset.total = String(total);
    setText(
      this.pickText,
      this.selected < 0
        ? 'Pick an object (click it, or type its number): each other object is then tinted by the comparisons its pair with it took.'
        : `#${this.selected}, a ${KINDS[this.battle.kinds[this.selected]]}: its ${this.battle.count - 1} pairs cost ${total} comparisons ${this.order === 'x-first' ? 'X' : 'Y'} first. The others are tinted by their pair’s count:`,
    );
    this.draw();
  }

  private draw(): void {
    if (!this.res) return;
    const g = geometry(Math.min(this.wrap.clientWidth || 640, 640), WORLD);
    this.geom = g;
    const ctx = prepareCanvas(this.canvas, g);
    (this.canvas.parentElement as HTMLElement).style.width = `${g.cssW}px`;
    drawScreen(ctx, g, { labels: false });
    const b = this.battle;
    const sel = this.selected;
    if (sel < 0) {
      drawBattle(ctx, g, b);
      return;
    }
    // the picked object's bands: a pair inside a band overlaps it on that axis, so a test that
    // asks about that axis first cannot stop there
    ctx.save();
    ctx.fillStyle = 'rgba(255, 216, 77, 0.08)';
    const bx = b.boxes;
    ctx.fillRect(toCss(g, bx[sel * 4]), toCss(g, 0), bx[sel * 4 + 2] * g.s, g.screenH * g.s);
    ctx.fillRect(toCss(g, 0), toCss(g, bx[sel * 4 + 1]), g.screenW * g.s, bx[sel * 4 + 3] * g.s);
    ctx.restore();
    drawBattle(ctx, g, b, (i) => {
      if (i === sel) return { fill: '#ffd84d', stroke: '#ffd84d', ring: '#ffd84d' };
      const c = this.costs[i];
      return i < b.soldiers ? { fill: COST_FILLS[c] } : { fill: COST_COLORS[c] };
    });
  }
}
