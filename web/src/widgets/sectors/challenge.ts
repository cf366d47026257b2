// Lesson 3's challenge: beat the tuner. It tried square sectors only; find a cols x rows grid that
// costs the battle's frame less than its best square, with fewer box tests than sort-and-sweep and
// every hit still found. Each check is the core's own count (eo.sectors.tune, grid and sweep).
import type { Earlyout } from '../../core.ts';
import { fieldMessages, numberInput } from '../../controls.ts';
import { h, setText } from '../../dom.ts';
import { battleLayers, makeBattle } from '../../battle.ts';
import { drawScreen, geometry, prepareCanvas } from '../../board.ts';
import { drawSectorFrame, sectorWorld } from './draw.ts';
import { fmt, pairsFromSteps, sectorCounts, sectorsConfig, squareGrid } from './model.ts';
import { TUNE_SIZES } from './tune.ts';
import { TaskTick } from '../../progress.ts';
import type { Lifecycle } from '../../lifecycle.ts';

export class SectorsChallenge {
  private cols = 8;
  private rows = 6;
  private battle = makeBattle({ bullets: 72, seed: 1 });
  private layers: Uint16Array;
  private canvas: HTMLCanvasElement;
  private wrap: HTMLElement;
  private items: Record<'cheaper' | 'tests' | 'same', HTMLElement>;
  private panel: HTMLElement;
  private status: HTMLElement;
  private tick: TaskTick;
  private yours: HTMLElement;
  private draw: () => void = () => {};

  constructor(host: HTMLElement, private life: Lifecycle, private eo: Earlyout) {
    this.layers = battleLayers(this.battle, { bulletsHitBullets: false, friendlyFire: false, soldiersBump: false });
    const num = (name: string, testid: string, max: number, get: () => number, set: (n: number) => void) => {
      const n = numberInput({
        name,
        testid,
        min: 1,
        max,
        class: 'sg-num',
        current: get,
        onValue: (v) => {
          set(v);
          this.check();
        },
      });
      n.show(get());
      return n;
    };
    const cols = num('cols', 'ch-cols', 64, () => this.cols, (n) => (this.cols = n));
    const rows = num('rows', 'ch-rows', 48, () => this.rows, (n) => (this.rows = n));
    this.items = {
      cheaper: h('li', { 'data-testid': 'check-cheaper' }, 'It costs less than the best square grid the tuner tried.'),
      tests: h('li', { 'data-testid': 'check-tests' }, 'It makes fewer box tests than sort-and-sweep.'),
      same: h('li', { 'data-testid': 'check-same' }, 'It finds the same hits as sort-and-sweep: none missed.'),
    };
    this.status = h('p', { class: 'challenge-status', 'data-testid': 'challenge-status', role: 'status', 'aria-live': 'polite' });
    this.yours = h('p', { class: 'sg-note', 'data-testid': 'challenge-cost' });
    this.tick = new TaskTick();
    this.panel = h(
      'section',
      { role: 'group', class: 'challenge', 'aria-label': 'Challenge checks' },
      h('h3', {}, 'Checked by the core'),
      h('ul', { class: 'checks' }, this.items.cheaper, this.items.tests, this.items.same),
      this.status,
      this.tick.root,
    );
    this.canvas = h('canvas', { class: 'fig-canvas', role: 'img', 'aria-label': 'The battle in your grid' });
    this.wrap = h('div', { class: 'fig-board-wrap' }, h('div', { class: 'fig-board' }, this.canvas));
    host.replaceChildren(
      h(
        'div',
        { class: 'sc-demo' },
        h(
          'div',
          { class: 'fig-toolbar' },
          h('div', { class: 'sg-size' }, h('span', { class: 'presets-label' }, 'Your grid'), cols.field, rows.field, fieldMessages(cols, rows)),
        ),
        h('div', { class: 'fig-main' }, h('div', { class: 'fig-board-col' }, this.wrap), h('div', { class: 'fig-side' }, this.yours, this.panel)),
      ),
    );
    this.life.onResize(this.wrap, () => this.draw());
    this.check();
  }

  private check(): void {
    const boxes = this.battle.boxes;
    const squares = TUNE_SIZES.map((s) => {
      const { cols, rows } = squareGrid(s);
      return sectorsConfig(cols, rows);
    });
    const t = this.eo.sectors.tune(boxes, [sectorsConfig(this.cols, this.rows), ...squares], this.layers);
    const mine = t.rows[0];
    let best = 1;
    for (let i = 2; i < t.rows.length; i++) if (t.rows[i].cost < t.rows[best].cost) best = i;
    const sq = t.rows[best];
    const axis = this.eo.aabb.chooseOrder(boxes).order === 'y-first' ? 'y' : 'x';
    const sweeper = this.eo.sweep.create(128);
    const grid = this.eo.sectors.create(sectorsConfig(this.cols, this.rows));
    try {
      const sw = sweeper.findPairs(boxes, axis, this.layers);
      grid.build(boxes);
      const traced = this.eo.trace(() => grid.findPairs(boxes, this.layers), 65535);
      const done = {
        cheaper: !mine.error && mine.cost < sq.cost,
        tests: !mine.error && mine.stats.boxTests < sw.stats.boxTests,
        same: !mine.error && traced.result.count === sw.count && sameSet(traced.result.pairs, traced.result.count, sw.pairs, sw.count),
      };
      for (const [k, el] of Object.entries(this.items) as Array<[keyof typeof done, HTMLElement]>) {
        el.classList.toggle('is-done', done[k]);
        el.dataset.done = String(done[k]);
      }
      const solved = done.cheaper && done.tests && done.same;
      this.panel.dataset.solved = String(solved);
      if (solved) this.tick.solved();
      const st = mine.stats;
      this.yours.dataset.cost = String(mine.cost);
      this.yours.dataset.best = String(sq.cost);
      this.yours.replaceChildren(
        `Your ${this.cols} × ${this.rows} grid costs `,
        h('strong', { 'data-testid': 'your-cost' }, mine.error ? mine.error : fmt(mine.cost)),
        ` (${fmt(this.cols * this.rows)} sectors + 3 × ${fmt(st.insertions)} memberships + ${fmt(st.candidatePairs)} pairs met, with ${fmt(st.boxTests)} box tests). The tuner’s best square, ${TUNE_SIZES[best - 1]} px (${sq.config.cols} × ${sq.config.rows}), costs `,
        h('strong', { 'data-testid': 'best-cost' }, fmt(sq.cost)),
        `. Sort-and-sweep along ${axis.toUpperCase()} makes ${fmt(sw.stats.boxTests)} box tests.`,
      );
      setText(
        this.status,
        solved
          ? mine.cost < 600
            ? 'Solved, and under 600: the sectors now follow the shape of the battle. Look at the columns.'
            : 'Solved: a grid the tuner never tried beats all of its squares. Can you get under 600?'
          : 'Not yet. The battle is not square: why should its sectors be?',
      );
      const counts = sectorCounts(grid.ranges(), this.battle.count);
      const met = pairsFromSteps(traced.steps);
      const cellW = grid.cellW;
      const cellH = grid.cellH;
      this.draw = () => {
        const g = geometry(Math.min(this.wrap.clientWidth || 640, 640), sectorWorld(cellW, cellH, this.cols, this.rows));
        const ctx = prepareCanvas(this.canvas, g);
        (this.canvas.parentElement as HTMLElement).style.width = `${g.cssW}px`;
        drawScreen(ctx, g, { labels: 'cells' });
        drawSectorFrame(ctx, g, this.battle, counts, met, { tested: true, filtered: false });
      };
      this.draw();
    } finally {
      sweeper.dispose();
      grid.dispose();
    }
  }
}

/** Do two pair lists hold the same pairs (each a < b)? */
function sameSet(a: Uint32Array, na: number, b: Uint32Array, nb: number): boolean {
  if (na !== nb) return false;
  const key = (p: Uint32Array, k: number) => p[k * 2] * 65536 + p[k * 2 + 1]; // indices < 65,536 here
  const s = new Set<number>();
  for (let k = 0; k < na; k++) s.add(key(a, k));
  for (let k = 0; k < nb; k++) if (!s.has(key(b, k))) return false;
  return true;
}
