// Lesson 3's first figure: ten boxes in a 4 x 3 grid of 64 px sectors, one of them (A) to drag. The
// core lists each box in the sectors it touches and box-tests only the pairs that share one; the
// figure draws those pairs and counts them against the all-pairs test. One idea, one handle: the
// battle, the grid shapes and the layers come later in the lesson.
//   state (A's place) -> compute (grid.build, traced grid.findPairs, aabb.findPairs) -> render -> draw
import { clampField, FIELD_MAX, FIELD_MIN } from '../../core.ts';
import type { Box } from '../../core.ts';
import { h, setText } from '../../dom.ts';
import { Board, COLORS, drawBox, drawScreen, fillCells } from '../../board.ts';
import { ints } from '../../urlstate.ts';
import { Widget } from '../../widget.ts';
import type { MountContext } from '../../widget.ts';
import { pairLines, sectorWorld, withAlpha } from './draw.ts';
import { fmt, pairsFromSteps, sectorsConfig } from './model.ts';
import type { PairsMet, SectorGrid } from './model.ts';

/** Sectors of 64 px: 4 x 3 of them make the 256 x 192 screen exactly. */
const CELL = 64;
const COLS = 4;
const ROWS = 3;
const WORLD = sectorWorld(CELL, CELL, COLS, ROWS);

/** A (index 0) and nine boxes that stay put: two share a sector (and miss), two overlap in one, one
    sits on a corner of four sectors, one straddles a border between two. */
const SCENE: readonly Box[] = [
  { x: 24, y: 24, w: 20, h: 16 },
  { x: 16, y: 84, w: 18, h: 18 },
  { x: 84, y: 16, w: 20, h: 14 },
  { x: 104, y: 38, w: 16, h: 16 },
  { x: 150, y: 80, w: 24, h: 20 },
  { x: 166, y: 92, w: 18, h: 16 },
  { x: 204, y: 150, w: 20, h: 20 },
  { x: 118, y: 118, w: 18, h: 20 },
  { x: 56, y: 150, w: 22, h: 16 },
  { x: 226, y: 20, w: 16, h: 24 },
];

/** What a shared link holds: where A is. */
const SHARED = { a: ints(2, FIELD_MIN, FIELD_MAX, "A's x, y") };

interface Answers {
  met: PairsMet;
  /** box tests and pairs found by the sector grid */
  tests: number;
  found: number;
  /** the same boxes, every pair tested (eo.aabb.findPairs) */
  allTests: number;
  allFound: number;
  /** A's first and last column and row (grid.ranges()) */
  range: [number, number, number, number];
}

export class SectorPairs extends Widget {
  private boxes: Box[] = SCENE.map((b) => ({ ...b }));
  private grid: SectorGrid;
  private answers!: Answers;
  private board: Board;
  private boardWrap: HTMLElement;
  private resultEl: HTMLElement;
  private errorEl: HTMLElement;

  constructor(ctx: MountContext) {
    super(ctx);
    this.grid = this.eo.sectors.create(sectorsConfig(COLS, ROWS, CELL));
    // the grid lives in the wasm heap: it goes with the widget
    this.life.own(() => this.grid.dispose());
    this.board = new Board({
      names: ['A'],
      onMove: (_i, box) => this.moveA(box),
      onFocus: () => this.changed('view'),
      describe: () => {
        const a = this.boxes[0];
        return `Box A: x ${a.x}, y ${a.y}, width ${a.w}, height ${a.h}. Drag, or use the arrow keys (Shift for 8 px).`;
      },
    });
    this.boardWrap = h('div', { class: 'fig-board-wrap' }, this.board.root);
    this.resultEl = h('div', { class: 'fig-verdict sp-result', 'data-testid': 'sp-result', role: 'status', 'aria-live': 'polite' });
    this.errorEl = h('p', { class: 'fig-error', 'data-testid': 'error', role: 'alert', hidden: true });
    const boardCol = h(
      'div',
      { class: 'fig-board-col' },
      this.boardWrap,
      h('p', { class: 'fig-help' }, 'Drag A, or Tab to it and nudge it with the arrow keys: 1 px, or 8 px with Shift.'),
    );
    const legend = h(
      'ul',
      { class: 'sp-legend' },
      h('li', {}, h('span', { class: 'sp-key sp-key-tested', 'aria-hidden': 'true' }), 'a pair the core box-tested: the two share a sector'),
      h('li', {}, h('span', { class: 'sp-key sp-key-found', 'aria-hidden': 'true' }), 'a pair it found overlapping'),
      h('li', {}, h('span', { class: 'sp-key sp-key-cells', 'aria-hidden': 'true' }), 'the sectors A is listed in'),
    );
    const side = h('div', { class: 'fig-side' }, this.resultEl, this.errorEl, legend);
    this.attach(h('div', { class: 'fig-playground sp-pairs is-minimal' }, h('div', { class: 'fig-main' }, boardCol, side)));
    this.redrawOnResize(this.boardWrap);
    this.changed('state');
    this.share(SHARED, {
      get: () => ({ a: [this.boxes[0].x, this.boxes[0].y] }),
      apply: (v) => {
        this.boxes[0] = { ...this.boxes[0], x: v.a[0], y: v.a[1] };
      },
    });
  }

  private moveA(box: Box): void {
    this.boxes[0] = { ...box, x: clampField(box.x), y: clampField(box.y) };
    this.changed('state', 'drag');
  }

  private packed(): Int16Array {
    const out = new Int16Array(this.boxes.length * 4);
    this.boxes.forEach((b, i) => out.set([b.x, b.y, b.w, b.h], i * 4));
    return out;
  }

  // ---- the core, the panel, the board ------------------------------------------------------

  protected compute(): void {
    const boxes = this.packed();
    this.grid.build(boxes);
    const t = this.eo.trace(() => this.grid.findPairs(boxes), 4096);
    const all = this.eo.trace(() => this.eo.aabb.findPairs(boxes), 1);
    const r = this.grid.ranges();
    this.answers = {
      met: pairsFromSteps(t.steps),
      tests: t.result.stats.boxTests,
      found: t.result.count,
      allTests: all.counters['aabb.tests'] ?? 0,
      allFound: all.result.count,
      range: [r[0], r[1], r[2], r[3]],
    };
    this.errorEl.hidden = true;
  }

  protected override refused(e: Error): boolean {
    this.errorEl.hidden = false;
    setText(this.errorEl, `The core refused this input: ${e.message}`);
    return true;
  }

  protected render(): void {
    const a = this.answers;
    const [c0, c1, r0, r1] = a.range;
    const listed = c0 === 0xffff ? 0 : (c1 - c0 + 1) * (r1 - r0 + 1);
    const num = (testid: string, n: number) => h('strong', { 'data-testid': testid, 'data-value': String(n) }, fmt(n));
    const s = (n: number, one: string, many: string) => (n === 1 ? one : many);
    this.resultEl.dataset.verdict = a.found > 0 ? 'maybe' : 'apart-x';
    this.resultEl.replaceChildren(
      h('span', { class: 'verdict-dot', 'aria-hidden': 'true' }),
      h(
        'span',
        { class: 'verdict-text' },
        num('sp-tests', a.tests),
        ` box ${s(a.tests, 'test', 'tests')} in sectors, `,
        num('sp-all-tests', a.allTests),
        ' testing every pair. ',
        h(
          'span',
          {},
          'Overlapping pairs found: ',
          num('sp-found', a.found),
          ' in sectors, ',
          num('sp-all-found', a.allFound),
          ' testing every pair. A is listed in ',
          num('sp-listed', listed),
          ` ${s(listed, 'sector', 'sectors')}.`,
        ),
      ),
    );
  }

  protected draw(): void {
    const available = this.boardWrap.clientWidth || 560;
    const ctx = this.board.layout(WORLD, [this.boxes[0]], Math.min(available, 560));
    const g = this.board.geom;
    drawScreen(ctx, g);
    const [c0, c1, r0, r1] = this.answers.range;
    if (c0 !== 0xffff) {
      const cells: Array<[number, number]> = [];
      for (let c = c0; c <= c1; c++) for (let r = r0; r <= r1; r++) cells.push([c, r]);
      fillCells(ctx, g, cells, withAlpha(COLORS.objects[0], 0.16));
    }
    const boxes = this.packed();
    pairLines(ctx, g, boxes, this.answers.met.tested, 'rgba(255, 216, 77, 0.85)', 1.5);
    this.boxes.forEach((b, i) => {
      if (i > 0) drawBox(ctx, g, b, { color: '#aab6cf', fill: 'rgba(170, 182, 207, 0.22)', thin: true });
    });
    drawBox(ctx, g, this.boxes[0], {
      color: COLORS.objects[0],
      fill: COLORS.objectsFill[0],
      label: 'A',
    });
    pairLines(ctx, g, boxes, this.answers.met.found, '#ff5d5d', 2.5);
  }
}

export const mount = (ctx: MountContext): void => void new SectorPairs(ctx);
