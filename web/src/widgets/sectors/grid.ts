// The battle in a sector grid: pick quadrants, strips or N x M sectors, watch which objects the
// core lists in several sectors, which pairs it meets in a shared sector and box-tests, and count
// its work against the all-pairs test and sort-and-sweep. Layers drop pairs that never interact;
// while the battle moves, a persistent grid (grid.update) is measured against a rebuild each frame.
//   controls -> state -> core (sectors grid, brute force, sweep) -> stats + drawing
import type { Earlyout } from '../../core.ts';
import { fieldMessages, numberInput, segmented, slider, toggle } from '../../controls.ts';
import type { NumberInput, Segmented, Slider } from '../../controls.ts';
import { h, reducedMotion, scrollBox, setText } from '../../dom.ts';
import { battleLayers, makeBattle, stepBattle } from '../../battle.ts';
import type { Battle, Facing, LayerRules } from '../../battle.ts';
import { drawScreen, geometry, prepareCanvas } from '../../board.ts';
import { drawSectorFrame, sectorWorld } from './draw.ts';
import { fmt, gridSize, LAYOUT_TEXT, runFrame, sectorCounts, sectorsConfig, SECTOR_SHADES, shadeIndex, squareGrid } from './model.ts';
import type { FrameReport, GridChoice, GridLayout, SectorGrid, Sweeper } from './model.ts';
import { int, oneOf, optional, ownFigure, UrlState } from '../../urlstate.ts';
import type { Lifecycle } from '../../lifecycle.ts';

/** What a shared link holds: the grid as chosen (the same limits as the slider and the cols and
    rows fields) and whether layers are used. The battle's frame is not kept: it plays on. */
const SHARED = {
  l: oneOf(['quadrants', 'rows', 'cols', 'grid'] as const, 'sector layout'),
  n: int(2, 24, 'strips'),
  c: int(1, 64, 'cols'),
  r: int(1, 48, 'rows'),
  // the side of square sectors (the cell size slider), 0 for typed cols and rows
  s: optional(int(0, 128, 'cell size'), 0),
  y: oneOf(['on', 'off'] as const, 'layers'),
};
type Shared = { l: GridLayout; n: number; c: number; r: number; s: number; y: 'on' | 'off' };
const CELL = { min: 8, max: 128, step: 4 };

export interface GridOptions {
  bullets?: string;
  facing?: string;
  layout?: string;
  strips?: string;
  cell?: string;
  layers?: string;
  /** minimal: the battle's first figure (after lesson 3's opening), a still frame of a square grid with its cell size slider,
      box tests and pairs found against all pairs; no layers, sweep, play or persistent grid */
  controls?: string;
}

const FRAME_MS = 1000 / 30;

export class SectorsDemo {
  private battle!: Battle;
  private facing: Facing;
  private bullets: number;
  private choice: GridChoice;
  private rules: LayerRules = { bulletsHitBullets: false, friendlyFire: false, soldiersBump: false };
  private useLayers: boolean;
  private show = { tested: true, filtered: false };
  private grid: SectorGrid | null = null;
  private fresh: SectorGrid | null = null;
  private sweeper: Sweeper;
  private sweepAxis: 'x' | 'y' = 'y';
  private report!: FrameReport;
  private counts: Uint16Array<ArrayBufferLike> = new Uint16Array(0);
  private persist = { frames: 0, moved: 0, writes: 0, rebuildWrites: 0, fallbacks: 0, lastMoved: 0, lastWrites: 0, lastRebuild: 0 };
  private playing = false;
  private visible = true;
  private raf = 0;
  private last = 0;
  private acc = 0;

  private root: HTMLElement;
  private canvas: HTMLCanvasElement;
  private wrap: HTMLElement;
  private layoutSeg: Segmented;
  private stripsSlider: Slider;
  private cellSlider: Slider;
  private colsN: NumberInput;
  private rowsN: NumberInput;
  private gridText: HTMLElement;
  private playBtn: HTMLButtonElement;
  private frameText: HTMLElement;
  private cells: Record<string, HTMLElement> = {};
  private legend: HTMLElement[] = [];
  private notes: Record<string, HTMLElement> = {};
  private url: UrlState<Shared> | null = null;

  constructor(host: HTMLElement, private life: Lifecycle, private eo: Earlyout, opts: GridOptions) {
    this.bullets = Number(opts.bullets ?? 72);
    this.facing = (opts.facing as Facing) ?? 'vertical';
    const cell = Number(opts.cell ?? 32);
    const sq = squareGrid(cell);
    this.choice = { layout: (opts.layout as GridLayout) ?? 'quadrants', strips: Number(opts.strips ?? 4), cols: sq.cols, rows: sq.rows, cell };
    const minimal = opts.controls === 'minimal';
    if (minimal) this.choice.layout = 'grid';
    this.useLayers = !minimal && opts.layers !== 'off';
    this.sweeper = eo.sweep.create(256);
    // the core's grids and sweep live in the wasm heap: they go with the widget
    life.own(() => {
      this.sweeper.dispose();
      this.grid?.dispose();
      this.fresh?.dispose();
    });

    // ---- controls ----
    this.layoutSeg = segmented(
      'Sectors',
      'layout',
      (Object.keys(LAYOUT_TEXT) as GridLayout[]).map((k) => [k, LAYOUT_TEXT[k]] as const),
      this.choice.layout,
      (v) => {
        this.choice.layout = v as GridLayout;
        this.rebuildGrid();
        this.url?.changed('step');
      },
    );
    this.stripsSlider = slider('Strips', 'strips', { min: 2, max: 24, step: 1, value: this.choice.strips }, (v) => {
      this.choice.strips = v;
      this.rebuildGrid();
      this.url?.changed('drag');
    });
    this.cellSlider = slider('Cell size', 'cell', { ...CELL, value: cell, format: (v) => `${v} px` }, (v) => {
      const s = squareGrid(v);
      this.choice.cols = s.cols;
      this.choice.rows = s.rows;
      this.choice.cell = v;
      this.rebuildGrid();
      this.url?.changed('drag');
    });
    const num = (name: string, max: number, get: () => number, set: (n: number) => void) =>
      numberInput({ name, testid: name, min: 1, max, class: 'sg-num', current: get, onValue: set });
    this.colsN = num('cols', 64, () => this.choice.cols, (n) => {
      this.choice.cols = n;
      this.choice.cell = 0;
      this.rebuildGrid(true);
      this.url?.changed('drag');
    });
    this.rowsN = num('rows', 48, () => this.choice.rows, (n) => {
      this.choice.rows = n;
      this.choice.cell = 0;
      this.rebuildGrid(true);
      this.url?.changed('drag');
    });
    this.colsN.show(this.choice.cols);
    this.rowsN.show(this.choice.rows);
    this.gridText = h('span', { class: 'sg-grid-text', 'data-testid': 'grid-text' });

    this.playBtn = h('button', { type: 'button', class: 'btn', 'data-testid': 'play', 'aria-pressed': 'false', onclick: () => this.setPlaying(!this.playing) }, '▶ Play');
    const stepBtn = h('button', { type: 'button', class: 'btn', 'data-testid': 'next-frame', onclick: () => this.nextFrame() }, 'Next frame');
    this.frameText = h('span', { class: 'step-counter', 'data-testid': 'frame' });

    const layerToggles = h(
      'div',
      { class: 'sg-toggles', role: 'group', 'aria-label': 'Layers' },
      h('span', { class: 'presets-label' }, 'Layers'),
      toggle('use layers', 'layers-on', this.useLayers, (on) => {
        this.useLayers = on;
        this.evaluate();
        this.url?.changed('step');
      }),
      toggle('bullets hit bullets', 'rule-bullets', false, (on) => {
        this.rules.bulletsHitBullets = on;
        this.evaluate();
      }),
      toggle('friendly fire', 'rule-friendly', false, (on) => {
        this.rules.friendlyFire = on;
        this.evaluate();
      }),
      toggle('soldiers bump', 'rule-soldiers', false, (on) => {
        this.rules.soldiersBump = on;
        this.evaluate();
      }),
    );
    const lineToggles = h(
      'div',
      { class: 'sg-toggles', role: 'group', 'aria-label': 'Lines' },
      h('span', { class: 'presets-label' }, 'Draw'),
      toggle('box-tested pairs', 'show-tested', true, (on) => {
        this.show.tested = on;
        this.draw();
      }),
      toggle('pairs dropped by layers', 'show-filtered', false, (on) => {
        this.show.filtered = on;
        this.draw();
      }),
    );

    // ---- panels ----
    const cell2 = (key: string) => (this.cells[key] = h('td', { 'data-testid': `stat-${key}` }, '–'));
    const table = h(
      'table',
      { class: 'sg-table', 'data-testid': 'stats' },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, h('span', { class: 'sr-only' }, 'method')), h('th', { scope: 'col' }, 'box tests'), h('th', { scope: 'col' }, 'pairs found'))),
      h(
        'tbody',
        {},
        h('tr', { class: 'is-brute' }, h('th', { scope: 'row' }, 'All pairs'), cell2('brute-tests'), cell2('brute-pairs')),
        h('tr', { class: 'is-grid' }, h('th', { scope: 'row' }, 'Sectors'), cell2('grid-tests'), cell2('grid-pairs')),
        h('tr', { class: 'is-sweep' }, h('th', { scope: 'row' }, h('span', { 'data-testid': 'sweep-label' }, 'Sort & sweep')), cell2('sweep-tests'), cell2('sweep-pairs')),
      ),
    );
    const line = (key: string) => (this.notes[key] = h('p', { class: 'sg-note', 'data-testid': `note-${key}` }));
    const legend = h(
      'div',
      { class: 'ord-legend sg-legend', 'data-testid': 'legend' },
      h('span', { class: 'sg-legend-label' }, 'Listed in'),
      ...['1', '2', '3–4', '5+'].map((label, k) => {
        const count = h('strong', { 'data-testid': `in-${k + 1}` }, '0');
        this.legend[k + 1] = count;
        return h('span', { class: 'ord-legend-item' }, h('span', { class: 'ord-swatch', style: `background:${SECTOR_SHADES[k + 1]}` }), `${label}: `, count);
      }),
    );

    this.canvas = h('canvas', { class: 'fig-canvas', role: 'img', 'aria-label': 'The battle in its sector grid; lines join the pairs the core box-tested' });
    this.wrap = h('div', { class: 'fig-board-wrap' }, h('div', { class: 'fig-board' }, this.canvas));

    // every note is kept up to date; the minimal figure shows only the grid's (the sweep, layers and
    // frames belong to later figures)
    const notes = { grid: line('grid'), layers: line('layers'), sweep: line('sweep'), persist: line('persist'), total: line('persist-total') };
    if (minimal) table.querySelector<HTMLElement>('.is-sweep')!.hidden = true;
    this.root = h(
      'div',
      { class: `sg-demo${minimal ? ' is-minimal' : ''}` },
      h(
        'div',
        { class: 'fig-toolbar sg-toolbar' },
        minimal ? null : this.layoutSeg.root,
        h(
          'div',
          { class: 'sg-size', 'data-testid': 'size-controls' },
          minimal ? null : this.stripsSlider.root,
          this.cellSlider.root,
          minimal ? null : this.colsN.field,
          minimal ? null : this.rowsN.field,
          this.gridText,
          minimal ? null : fieldMessages(this.colsN, this.rowsN),
        ),
      ),
      minimal ? null : h('div', { class: 'fig-toolbar sg-toolbar' }, layerToggles),
      h(
        'div',
        { class: 'fig-main' },
        h(
          'div',
          { class: 'fig-board-col' },
          this.wrap,
          minimal ? null : h('div', { class: 'sg-play' }, this.playBtn, stepBtn, this.frameText),
          minimal ? null : lineToggles,
          legend,
        ),
        h(
          'div',
          { class: 'fig-side' },
          h(
            'section',
            { class: 'fig-card', 'aria-label': 'Work this frame', role: 'status', 'aria-live': 'off' },
            h('div', { class: 'fig-card-head' }, h('h3', {}, 'This frame'), h('span', { class: 'mask-hex' }, 'counted by the core')),
            scrollBox('Box tests and pairs found, per method', table),
            notes.grid,
            minimal ? null : notes.layers,
            minimal ? null : notes.sweep,
          ),
          minimal
            ? null
            : h(
                'section',
                { role: 'group', class: 'fig-card sg-persist', 'aria-label': 'Persistent grid against rebuilding' },
                h('div', { class: 'fig-card-head' }, h('h3', {}, 'Keep the grid, or rebuild it?')),
                notes.persist,
                notes.total,
              ),
        ),
      ),
    );
    host.replaceChildren(this.root);
    this.life.onResize(this.wrap, () => this.draw());
    this.life.onVisible(this.root, (v) => {
      this.visible = v;
      if (this.playing && v) this.loop();
    });
    this.battle = makeBattle({ bullets: this.bullets, seed: 1, facing: this.facing });
    this.chooseSweepAxis();
    this.rebuildGrid();
    // the first figure is a still frame: nothing moves that the reader did not move
    if (!minimal && !reducedMotion()) this.setPlaying(true);
    const figure = ownFigure(host, 'sectors-grid');
    if (figure) {
      this.url = new UrlState(this.life, figure, SHARED, {
        get: () => ({ l: this.choice.layout, n: this.choice.strips, c: this.choice.cols, r: this.choice.rows, s: this.choice.cell, y: this.useLayers ? 'on' : 'off' }),
        // the first figure has no layout or layer controls: a link cannot switch on what it does not show;
        // a cell size must be one the slider offers and give the cols and rows the link holds
        check: (v) =>
          minimal && (v.l !== 'grid' || v.y === 'on')
            ? 'this figure shows a grid without layers only'
            : v.s !== 0 && (v.s < CELL.min || v.s % CELL.step !== 0)
              ? `cell size ${v.s} is not one the slider offers (${CELL.min} to ${CELL.max} px in steps of ${CELL.step})`
              : v.s !== 0 && (squareGrid(v.s).cols !== v.c || squareGrid(v.s).rows !== v.r)
                ? `cell size ${v.s} px makes ${squareGrid(v.s).cols} × ${squareGrid(v.s).rows} sectors, not ${v.c} × ${v.r}`
                : null,
        apply: (v) => {
          this.choice = { layout: v.l, strips: v.n, cols: v.c, rows: v.r, cell: v.s };
          this.useLayers = v.y === 'on';
          layerToggles.querySelector<HTMLInputElement>('[data-testid="layers-on"]')!.checked = this.useLayers;
          this.stripsSlider.set(v.n);
          this.rebuildGrid();
        },
      });
    }
  }

  /** Sort-and-sweep runs along the axis the core's order chooser picks for this scene. */
  private chooseSweepAxis(): void {
    this.sweepAxis = this.eo.aabb.chooseOrder(this.battle.boxes).order === 'y-first' ? 'y' : 'x';
  }

  private layers(): Uint16Array | undefined {
    return this.useLayers ? battleLayers(this.battle, this.rules) : undefined;
  }

  /** A new configuration: a new grid (and its twin for rebuild counts), built from scratch. */
  private rebuildGrid(fromInputs = false): void {
    const { cols, rows } = gridSize(this.choice);
    const cell = this.choice.layout === 'grid' ? this.choice.cell : 0;
    this.grid?.dispose();
    this.fresh?.dispose();
    this.grid = this.eo.sectors.create(sectorsConfig(cols, rows, cell));
    this.fresh = this.eo.sectors.create(sectorsConfig(cols, rows, cell));
    this.grid.build(this.battle.boxes);
    this.persist = { frames: 0, moved: 0, writes: 0, rebuildWrites: 0, fallbacks: 0, lastMoved: 0, lastWrites: 0, lastRebuild: 0 };
    this.syncControls(fromInputs);
    this.evaluate();
  }

  private syncControls(fromInputs: boolean): void {
    const l = this.choice.layout;
    this.layoutSeg.set(l);
    this.root.dataset.layout = l;
    this.stripsSlider.root.hidden = l !== 'rows' && l !== 'cols';
    this.cellSlider.root.hidden = l !== 'grid';
    this.colsN.field.hidden = l !== 'grid';
    this.rowsN.field.hidden = l !== 'grid';
    if (!fromInputs) {
      this.colsN.show(this.choice.cols);
      this.rowsN.show(this.choice.rows);
    }
    const g = this.grid!;
    // the slider says what the grid is: its cell size, or the typed grid's sector size
    if (this.choice.cell) this.cellSlider.set(this.choice.cell);
    else this.cellSlider.set(Math.min(CELL.max, Math.max(CELL.min, g.cellW)), `${g.cellW} × ${g.cellH} px`);
    setText(this.gridText, `${g.cols} × ${g.rows} sectors of ${g.cellW} × ${g.cellH} px`);
    this.root.dataset.cols = String(g.cols);
    this.root.dataset.rows = String(g.rows);
  }

  private nextFrame(): void {
    this.advance();
    this.evaluate();
  }

  /** One frame of the battle: the persistent grid moves what moved; a fresh grid is built to compare. */
  private advance(): void {
    stepBattle(this.battle);
    const upd = this.grid!.update(this.battle.boxes);
    const fresh = this.fresh!.build(this.battle.boxes);
    const p = this.persist;
    p.frames++;
    p.lastMoved = upd.objectsMoved;
    p.lastWrites = upd.insertions + upd.removals;
    p.lastRebuild = fresh.insertions;
    p.moved += upd.objectsMoved;
    p.writes += upd.insertions + upd.removals;
    p.rebuildWrites += fresh.insertions;
    p.fallbacks += upd.rebuilds;
  }

  private setPlaying(on: boolean): void {
    this.playing = on;
    this.playBtn.setAttribute('aria-pressed', String(on));
    setText(this.playBtn, on ? '❚❚ Pause' : '▶ Play');
    this.root.dataset.playing = String(on);
    if (on) this.loop();
    else this.life.cancelFrame(this.raf);
  }

  private loop(): void {
    this.life.cancelFrame(this.raf);
    this.last = performance.now();
    this.acc = 0;
    const tick = (now: number) => {
      if (!this.playing || !this.visible) return;
      this.acc += Math.min(200, now - this.last);
      this.last = now;
      // a fixed step, so a frame is a frame whatever the display's refresh rate
      let n = 0;
      while (this.acc >= FRAME_MS && n < 4) {
        this.acc -= FRAME_MS;
        n++;
        this.advance();
      }
      if (n) this.evaluate();
      this.raf = this.life.frame(tick);
    };
    this.raf = this.life.frame(tick);
  }

  /** Asks the core about the current frame and shows its answers. */
  private evaluate(): void {
    const grid = this.grid!;
    const layers = this.layers();
    this.report = runFrame(this.eo, grid, this.sweeper, this.sweepAxis, this.battle.boxes, layers);
    this.counts = sectorCounts(grid.ranges(), this.battle.count);
    this.render();
    this.draw();
  }

  private render(): void {
    const r = this.report;
    const s = r.grid;
    const set = (key: string, v: number) => {
      setText(this.cells[key], fmt(v));
      this.cells[key].dataset.value = String(v);
    };
    set('brute-tests', r.brute.tests);
    set('brute-pairs', r.brute.pairs);
    set('grid-tests', s.boxTests);
    set('grid-pairs', r.gridPairs);
    set('sweep-tests', r.sweep.stats.boxTests);
    set('sweep-pairs', r.sweep.pairs);
    this.root.dataset.filtered = String(s.layerFiltered);
    this.root.dataset.met = String(s.candidatePairs);
    this.root.dataset.duplicates = String(s.duplicatesSkipped);
    this.root.dataset.insertions = String(this.persist.lastRebuild || 0);
    setText(this.root.querySelector('[data-testid=sweep-label]')!, `Sort & sweep (${r.sweep.axis.toUpperCase()})`);
    const g = this.grid!;
    const memberships = this.counts.reduce((a, c) => a + c, 0);
    this.notes.grid.replaceChildren(
      `${this.battle.count} objects hold `,
      h('strong', { 'data-testid': 'memberships' }, fmt(memberships)),
      ` memberships in ${g.cols * g.rows} sectors. The core met `,
      h('strong', {}, fmt(s.candidatePairs)),
      ' pairs in shared sectors, skipped ',
      h('strong', { 'data-testid': 'duplicates' }, fmt(s.duplicatesSkipped)),
      ' met again in a later sector, and box-tested the rest.',
    );
    this.notes.layers.replaceChildren(
      ...(this.useLayers
        ? [
            'Layers dropped ',
            h('strong', { 'data-testid': 'filtered' }, fmt(s.layerFiltered)),
            ' of those pairs before any box test',
            r.brute.pairs > r.gridPairs ? `, and with them ${r.brute.pairs - r.gridPairs} overlaps that the rules say don’t matter.` : '.',
          ]
        : ['Layers off: every pair that shares a sector is box-tested, and the sectors find exactly the all-pairs overlaps.']),
    );
    this.notes.layers.dataset.on = String(this.useLayers);
    this.notes.sweep.replaceChildren(
      `Sort-and-sweep along ${r.sweep.axis.toUpperCase()} (the axis lesson 2’s chooser picks) met ${fmt(r.sweep.stats.candidatePairs)} pairs; keeping its list sorted took `,
      h('strong', { 'data-testid': 'sort-moves' }, fmt(r.sweep.sortMoves)),
      ' insertion-sort moves (its very first call sorts from scratch).',
    );
    const p = this.persist;
    setText(this.frameText, `frame ${this.battle.frame}`);
    this.notes.persist.replaceChildren(
      ...(p.frames === 0
        ? ['Play the battle (or step a frame): each frame, the persistent grid moves only the objects that changed sectors.']
        : [
            'Last frame: ',
            h('strong', { 'data-testid': 'moved' }, fmt(p.lastMoved)),
            ` objects changed sectors; the persistent grid wrote and removed `,
            h('strong', { 'data-testid': 'persist-writes' }, fmt(p.lastWrites)),
            ' memberships. A rebuild writes ',
            h('strong', { 'data-testid': 'rebuild-writes' }, fmt(p.lastRebuild)),
            '.',
          ]),
    );
    this.notes['persist-total'].replaceChildren(
      ...(p.frames === 0
        ? []
        : [
            `Over ${fmt(p.frames)} frames: `,
            h('strong', { 'data-testid': 'persist-total' }, fmt(p.writes)),
            ' against ',
            h('strong', { 'data-testid': 'rebuild-total' }, fmt(p.rebuildWrites)),
            ` (${Math.round((100 * p.writes) / Math.max(1, p.rebuildWrites))}%)${p.fallbacks ? `, with ${p.fallbacks} fallback rebuild${p.fallbacks === 1 ? '' : 's'} when a sector ran out of room` : ''}.`,
          ]),
    );
    const hist = [0, 0, 0, 0, 0];
    for (const c of this.counts) hist[shadeIndex(c)]++;
    for (let k = 1; k <= 4; k++) setText(this.legend[k], String(hist[k]));
  }

  private draw(): void {
    if (!this.report || !this.grid) return;
    const gr = this.grid;
    const g = geometry(Math.min(this.wrap.clientWidth || 640, 640), sectorWorld(gr.cellW, gr.cellH, gr.cols, gr.rows));
    const ctx = prepareCanvas(this.canvas, g);
    (this.canvas.parentElement as HTMLElement).style.width = `${g.cssW}px`;
    drawScreen(ctx, g, { labels: 'cells' });
    drawSectorFrame(ctx, g, this.battle, this.counts, this.report.met, this.show);
  }
}
