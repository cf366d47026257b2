// One frame of a small scene, step by step through core/src/sectors.c (each object's sector
// range, its insertion into each sector's list) and core/src/sectors_pairs.c (sector by sector the
// pairs it meets):
// skipped as duplicates, dropped by layers, or box-tested (and found). The current sector and
// pair are drawn on the screen; the sector lists fill up beside it, from the core's own steps.
import sectorsSource from '../../../../core/src/sectors.c';
import pairsSource from '../../../../core/src/sectors_pairs.c';
import { clampField, FIELD_MAX, FIELD_MIN } from '../../core.ts';
import type { Box, Earlyout, TraceStep } from '../../core.ts';
import { segmented, toggle } from '../../controls.ts';
import { h } from '../../dom.ts';
import { BLUE_BULLET, BLUE_SOLDIER, CATEGORY, collidesWith, RED_BULLET, RED_SOLDIER } from '../../battle.ts';
import type { Kind } from '../../battle.ts';
import { pill, SIDE } from '../../battle-draw.ts';
import { COLORS, drawScreen, fillCells, Board, toCss } from '../../board.ts';
import type { Geometry } from '../../board.ts';
import { Stepper } from '../../stepper.ts';
import { int, ints, oneOf, ownFigure, UrlState } from '../../urlstate.ts';
import { sectorWorld, withAlpha } from './draw.ts';
import { sectorsConfig, unpackRange } from './model.ts';
import { stepperKeys } from '../../input.ts';
import type { Lifecycle } from '../../lifecycle.ts';

export interface StepOptions {
  grid?: string;
}

type Phase = 'ranges' | 'fill' | 'pairs';
interface SectorStep extends TraceStep {
  kind: string;
  phase: Phase;
}

/** A crate: solid for everyone, bullets and soldiers alike. */
const CRATE = 4;
const KIND_NAMES = ['red soldier', 'blue soldier', 'red bullet', 'blue bullet', 'crate'];
const CRATE_CATEGORY = 16;

const SCENE: Array<{ kind: number; box: Box }> = [
  { kind: RED_SOLDIER, box: { x: 36, y: 26, w: 14, h: 16 } },
  { kind: RED_SOLDIER, box: { x: 84, y: 30, w: 14, h: 16 } },
  { kind: RED_BULLET, box: { x: 92, y: 42, w: 3, h: 8 } },
  { kind: CRATE, box: { x: 108, y: 76, w: 36, h: 36 } },
  { kind: BLUE_BULLET, box: { x: 127, y: 100, w: 3, h: 8 } },
  { kind: BLUE_SOLDIER, box: { x: 170, y: 140, w: 14, h: 16 } },
  { kind: RED_BULLET, box: { x: 176, y: 134, w: 3, h: 8 } },
  { kind: BLUE_SOLDIER, box: { x: 206, y: 146, w: 14, h: 16 } },
];

const GRIDS: Record<string, { label: string; cols: number; rows: number }> = {
  '2x2': { label: 'Quadrants', cols: 2, rows: 2 },
  '1x3': { label: '3 horizontal strips', cols: 1, rows: 3 },
  '3x1': { label: '3 vertical strips', cols: 3, rows: 1 },
  '4x3': { label: '4 × 3', cols: 4, rows: 3 },
};

export class SectorStepper {
  private boxes: Box[] = SCENE.map((o) => ({ ...o.box }));
  private gridKey: string;
  private useLayers = true;
  private steps: SectorStep[] = [];
  private step: SectorStep | null = null;
  private index = 0;
  private cols = 2;
  private rows = 2;
  private cellW = 128;
  private cellH = 96;
  private stats = { candidatePairs: 0, duplicatesSkipped: 0, layerFiltered: 0, boxTests: 0, pairsFound: 0 };
  private board: Board;
  private stepper: Stepper<SectorStep>;
  private lists: HTMLElement;
  private tally: HTMLElement;
  private boardWrap: HTMLElement;
  private root: HTMLElement;
  private url: UrlState<{ g: string; y: 'on' | 'off'; p: number[]; s: number }> | null = null;

  constructor(host: HTMLElement, private life: Lifecycle, private eo: Earlyout, opts: StepOptions) {
    this.gridKey = opts.grid && GRIDS[opts.grid] ? opts.grid : '2x2';
    this.board = new Board({
      names: SCENE.map((_, i) => String(i)),
      onMove: (i, box) => {
        this.boxes[i] = { ...box, x: clampField(box.x), y: clampField(box.y) };
        this.update();
        this.url?.changed('drag');
      },
      onFocus: () => this.draw(),
      describe: (i) => {
        const b = this.boxes[i];
        return `Object ${i}, a ${KIND_NAMES[SCENE[i].kind]}: x ${b.x}, y ${b.y}, ${b.w} by ${b.h}. Drag, or use the arrow keys (Shift for 8 px).`;
      },
    });
    this.boardWrap = h('div', { class: 'fig-board-wrap' }, this.board.root);
    const grids = segmented(
      'Sectors',
      'step-grid',
      Object.entries(GRIDS).map(([k, g]) => [k, g.label] as const),
      this.gridKey,
      (v) => {
        this.gridKey = v;
        this.stepper.reset();
        this.update();
        this.url?.changed('step');
      },
    );
    const layers = toggle('layers: no friendly fire, bullets pass bullets', 'step-layers', true, (on) => {
      this.useLayers = on;
      this.update();
      this.url?.changed('step');
    });
    this.lists = h('div', { class: 'ss-lists', 'data-testid': 'sector-lists' });
    this.tally = h('p', { class: 'ss-tally', 'data-testid': 'tally' });
    this.stepper = new Stepper<SectorStep>(this.life, 
      {
        sources: { 'core/src/sectors.c': sectorsSource, 'core/src/sectors_pairs.c': pairsSource },
        title: 'Step through one frame',
        phases: ['ranges', 'fill', 'pairs'],
        phaseOf: (st) => st.phase,
        explain: (st) => this.explain(st),
        note: (st) => this.note(st),
        objectKeys: true,
        playMs: 800,
      },
      (st, i) => {
        const moved = i !== this.index;
        this.step = st;
        this.index = i;
        this.renderLists();
        this.draw();
        if (moved) this.url?.changed(this.stepper?.playing ? 'drag' : 'step');
      },
    );
    this.root = h(
      'div',
      { class: 'fig-playground ss-demo' },
      h('div', { class: 'fig-toolbar' }, grids.root, h('div', { class: 'sg-toggles' }, layers)),
      h(
        'div',
        { class: 'fig-main' },
        h('div', { class: 'fig-board-col' }, this.boardWrap, h('p', { class: 'fig-help' }, 'Drag any object (or Tab to it and use the arrow keys) and step again: the trace is the core’s, recorded afresh.')),
        h(
          'div',
          { class: 'fig-side' },
          h(
            'section',
            { role: 'group', class: 'fig-card', 'aria-label': 'Sector lists' },
            h('div', { class: 'fig-card-head' }, h('h3', {}, 'Sector lists'), h('span', { class: 'mask-hex' }, 'as written so far')),
            this.lists,
          ),
          this.tally,
        ),
      ),
      this.stepper.root,
    );
    stepperKeys(this.root, () => this.stepper);
    host.replaceChildren(this.root);
    this.life.onResize(this.boardWrap, () => this.draw());
    this.update();
    const figure = ownFigure(host, 'sectors-step');
    if (figure) {
      // every object's x and y (dragging keeps them in the fields' range), the grid, layers and the step
      this.url = new UrlState(this.life, 
        figure,
        { g: oneOf(Object.keys(GRIDS), 'grid'), y: oneOf(['on', 'off'] as const, 'layers'), p: ints(2 * SCENE.length, FIELD_MIN, FIELD_MAX, 'positions'), s: int(0, 9999, 'step') },
        {
          get: () => ({ g: this.gridKey, y: this.useLayers ? 'on' : 'off', p: this.boxes.flatMap((b) => [b.x, b.y]), s: this.index }),
          apply: (v) => {
            this.gridKey = v.g;
            this.useLayers = v.y === 'on';
            grids.set(v.g);
            this.root.querySelector<HTMLInputElement>('[data-testid="step-layers"]')!.checked = this.useLayers;
            this.boxes = this.boxes.map((b, i) => ({ ...b, x: v.p[2 * i], y: v.p[2 * i + 1] }));
            this.update();
            this.stepper.go(v.s);
          },
        },
      );
    }
  }

  private layerArray(): Uint16Array {
    const rules = { bulletsHitBullets: false, friendlyFire: false, soldiersBump: false };
    const out = new Uint16Array(SCENE.length * 2);
    SCENE.forEach((o, i) => {
      if (o.kind === CRATE) {
        out[i * 2] = CRATE_CATEGORY;
        out[i * 2 + 1] = 0xffff;
      } else {
        out[i * 2] = CATEGORY[o.kind as Kind];
        out[i * 2 + 1] = collidesWith(o.kind as Kind, rules) | CRATE_CATEGORY;
      }
    });
    return out;
  }

  /** Builds the grid and finds the pairs on the traced core; the steps are the page's script. */
  private update(): void {
    const g = GRIDS[this.gridKey];
    const boxes = new Int16Array(this.boxes.flatMap((b) => [b.x, b.y, b.w, b.h]));
    const grid = this.eo.sectors.create(sectorsConfig(g.cols, g.rows));
    try {
      const layers = this.useLayers ? this.layerArray() : undefined;
      const t = this.eo.trace(() => {
        grid.build(boxes);
        return grid.findPairs(boxes, layers);
      });
      this.cols = grid.cols;
      this.rows = grid.rows;
      this.cellW = grid.cellW;
      this.cellH = grid.cellH;
      this.stats = t.result.stats;
      this.steps = t.steps.map((st) => {
        const kind = st.event.replace(/^EO_EV_SECTORS_/, '');
        const phase: Phase = kind === 'RANGE' ? 'ranges' : kind === 'INSERT' || kind === 'FULL' ? 'fill' : 'pairs';
        return { ...st, kind, phase };
      });
    } finally {
      grid.dispose();
    }
    const s = this.stats;
    this.stepper.update(
      this.steps,
      `Core stats for this frame: ${s.candidatePairs} pairs met, ${s.duplicatesSkipped} duplicates skipped, ${s.layerFiltered} dropped by layers, ${s.boxTests} box tests, ${s.pairsFound} pairs found.`,
    );
  }

  private sectorName(k: number): string {
    return `sector ${k} (column ${k % this.cols}, row ${Math.floor(k / this.cols)})`;
  }

  private note(st: SectorStep): string {
    switch (st.kind) {
      case 'RANGE': {
        const r = unpackRange(st.b);
        return r ? `RANGE  object ${st.a}: cols ${r[0]}–${r[1]}, rows ${r[2]}–${r[3]}` : `RANGE  object ${st.a}: empty`;
      }
      case 'INSERT':
        return `INSERT  object ${st.a} -> sector ${st.b}`;
      case 'VISIT':
        return `VISIT  sector ${st.a}: ${st.b} objects`;
      case 'BOX_TEST':
        return `BOX_TEST  objects ${st.a} and ${st.b}`;
      case 'PAIR':
        return `PAIR  objects ${st.a} and ${st.b} overlap`;
      case 'DUPLICATE':
        return `DUPLICATE  objects ${st.a} and ${st.b}: reported in an earlier sector`;
      case 'FILTERED':
        return `FILTERED  objects ${st.a} and ${st.b}: layers say skip`;
      case 'FULL':
        return `FULL  needs ${st.a}, room for ${st.b}`;
      default:
        return st.kind;
    }
  }

  /** The sector the pairs phase is in at step i: the last VISIT at or before it. */
  private visitAt(i: number): SectorStep | null {
    for (let k = i; k >= 0; k--) if (this.steps[k].kind === 'VISIT') return this.steps[k];
    return null;
  }

  private explain(st: SectorStep): string {
    const name = (i: number) => `${i} (${KIND_NAMES[SCENE[i].kind]})`;
    switch (st.kind) {
      case 'RANGE': {
        const r = unpackRange(st.b);
        if (!r) return `Object ${name(st.a)} is empty: it is listed in no sector.`;
        const [c0, c1, r0, r1] = r;
        const n = (c1 - c0 + 1) * (r1 - r0 + 1);
        const b = this.boxes[st.a];
        return `Object ${name(st.a)} covers x ${b.x}..${b.x + b.w - 1}, y ${b.y}..${b.y + b.h - 1}: columns ${c0}–${c1}, rows ${r0}–${r1}, so it goes in ${n} sector${n === 1 ? '' : 's'}.`;
      }
      case 'INSERT':
        return `Write object ${st.a} into the list of ${this.sectorName(st.b)}. Objects go in in index order, so every list stays sorted.`;
      case 'VISIT':
        return `Pairs in ${this.sectorName(st.a)}: it lists ${st.b} objects, so ${(st.b * (st.b - 1)) / 2} pairs to look at.`;
      case 'DUPLICATE':
        return `Objects ${st.a} and ${st.b} share this sector, but they shared an earlier one too (the one at the larger of their first columns and first rows). The pair belongs to that sector: skip it here, so it is never tested twice.`;
      case 'FILTERED':
        return `Objects ${name(st.a)} and ${name(st.b)}: the layers say these never interact. Dropped before the box test.`;
      case 'BOX_TEST': {
        const next = this.steps[this.steps.indexOf(st) + 1];
        const hit = next?.kind === 'PAIR' && next.a === st.a && next.b === st.b;
        return `Objects ${name(st.a)} and ${name(st.b)} meet here for the first time: box test. ${hit ? 'They overlap (the next step reports it).' : 'No overlap: nothing to report.'}`;
      }
      case 'PAIR':
        return `Objects ${st.a} and ${st.b} overlap: the pair (${st.a}, ${st.b}) is reported, once.`;
      case 'FULL':
        return `The grid ran out of room for memberships (${st.a} needed, ${st.b} available).`;
      default:
        return `${st.event} (a = ${st.a}, b = ${st.b})`;
    }
  }

  /** The sector lists as the INSERT steps so far wrote them; the tally of the pairs phase so far. */
  private renderLists(): void {
    const n = this.cols * this.rows;
    const lists: number[][] = Array.from({ length: n }, () => []);
    const done = this.steps.slice(0, this.index + 1);
    for (const st of done) if (st.kind === 'INSERT') lists[st.b].push(st.a);
    const visit = this.step && this.step.phase === 'pairs' ? this.visitAt(this.index) : null;
    const current = this.step?.kind === 'INSERT' ? this.step.b : visit ? visit.a : -1;
    this.lists.style.setProperty('--cols', String(this.cols));
    this.lists.replaceChildren(
      ...lists.map((l, k) =>
        h(
          'div',
          { class: `ss-list${k === current ? ' is-current' : ''}`, 'data-testid': `list-${k}`, 'data-objects': l.join(',') },
          h('span', { class: 'ss-list-name' }, `#${k}`),
          h('span', { class: 'ss-list-items' }, ...(l.length ? l.map((i) => h('span', { class: `ss-obj ss-kind-${SCENE[i].kind}` }, String(i))) : [h('span', { class: 'ss-empty' }, 'empty')])),
        ),
      ),
    );
    const count = (k: string) => done.filter((s) => s.kind === k).length;
    const met = count('DUPLICATE') + count('FILTERED') + count('BOX_TEST');
    this.tally.replaceChildren(
      'So far: ',
      h('strong', { 'data-testid': 'tally-met' }, String(met)),
      ' pairs met, ',
      h('strong', {}, String(count('DUPLICATE'))),
      ' duplicates skipped, ',
      h('strong', {}, String(count('FILTERED'))),
      ' dropped by layers, ',
      h('strong', { 'data-testid': 'tally-tests' }, String(count('BOX_TEST'))),
      ' box tests, ',
      h('strong', { 'data-testid': 'tally-pairs' }, String(count('PAIR'))),
      ' overlapping.',
    );
  }

  private draw(): void {
    if (!this.steps) return;
    const world = sectorWorld(this.cellW, this.cellH, this.cols, this.rows);
    const ctx = this.board.layout(world, this.boxes, Math.min(this.boardWrap.clientWidth || 640, 640));
    const g = this.board.geom;
    drawScreen(ctx, g, { labels: 'cells' });
    const st = this.step;
    // the current sector (INSERT, VISIT, or the sector a pair is met in)
    const visit = st && st.phase === 'pairs' ? this.visitAt(this.index) : null;
    const sector = st?.kind === 'INSERT' ? st.b : visit ? visit.a : -1;
    if (sector >= 0) {
      fillCells(ctx, g, [[sector % this.cols, Math.floor(sector / this.cols)]], 'rgba(255, 216, 77, 0.16)');
      this.outlineCells(ctx, g, sector % this.cols, sector % this.cols, Math.floor(sector / this.cols), Math.floor(sector / this.cols), COLORS.marker);
    }
    if (st?.kind === 'RANGE') {
      const r = unpackRange(st.b);
      if (r) {
        const cells: Array<[number, number]> = [];
        for (let row = r[2]; row <= r[3]; row++) for (let col = r[0]; col <= r[1]; col++) cells.push([col, row]);
        fillCells(ctx, g, cells, 'rgba(255, 216, 77, 0.12)');
        this.outlineCells(ctx, g, r[0], r[1], r[2], r[3], COLORS.marker);
      }
    }
    // the objects, with their index; the ones the current step is about are ringed
    const about = new Set<number>();
    if (st && (st.kind === 'RANGE' || st.kind === 'INSERT')) about.add(st.a);
    if (st && ['DUPLICATE', 'FILTERED', 'BOX_TEST', 'PAIR'].includes(st.kind)) [st.a, st.b].forEach((i) => about.add(i));
    this.boxes.forEach((b, i) => {
      const k = SCENE[i].kind;
      const color = k === CRATE ? '#c9a6ff' : SIDE.stroke[k];
      const x = toCss(g, b.x);
      const y = toCss(g, b.y);
      ctx.save();
      ctx.fillStyle = k === CRATE ? 'rgba(201, 166, 255, 0.22)' : withAlpha(color, k >= 2 ? 0.95 : 0.35);
      ctx.fillRect(x, y, b.w * g.s, b.h * g.s);
      ctx.strokeStyle = color;
      ctx.lineWidth = 1.5;
      ctx.strokeRect(x + 0.75, y + 0.75, b.w * g.s - 1.5, b.h * g.s - 1.5);
      if (about.has(i) || this.board.handles[i].matches(':focus-visible')) {
        ctx.strokeStyle = COLORS.focus;
        ctx.lineWidth = 2;
        ctx.setLineDash([4, 3]);
        ctx.strokeRect(x - 4, y - 4, b.w * g.s + 8, b.h * g.s + 8);
      }
      ctx.restore();
      ctx.save();
      ctx.font = `700 12px "JetBrains Mono Variable", ui-monospace, monospace`;
      ctx.fillStyle = '#fff';
      // thin objects (bullets) get their number beside them, the others above
      if (b.w < 6) {
        ctx.textBaseline = 'middle';
        ctx.fillText(String(i), x + b.w * g.s + 4, y + (b.h * g.s) / 2);
      } else {
        ctx.textBaseline = 'bottom';
        ctx.fillText(String(i), x + 1, y - 3);
      }
      ctx.restore();
    });
    if (st && ['DUPLICATE', 'FILTERED', 'BOX_TEST', 'PAIR'].includes(st.kind)) {
      const c = (i: number): [number, number] => [toCss(g, this.boxes[i].x + this.boxes[i].w / 2), toCss(g, this.boxes[i].y + this.boxes[i].h / 2)];
      const [x0, y0] = c(st.a);
      const [x1, y1] = c(st.b);
      const color = st.kind === 'PAIR' ? '#ff5d5d' : st.kind === 'BOX_TEST' ? COLORS.marker : 'rgba(200, 210, 230, 0.8)';
      ctx.save();
      ctx.strokeStyle = color;
      ctx.lineWidth = st.kind === 'PAIR' ? 3 : 2;
      if (st.kind === 'DUPLICATE' || st.kind === 'FILTERED') ctx.setLineDash([5, 4]);
      ctx.beginPath();
      ctx.moveTo(x0, y0);
      ctx.lineTo(x1, y1);
      ctx.stroke();
      ctx.restore();
      const label = { DUPLICATE: 'duplicate: skip', FILTERED: 'layers: drop', BOX_TEST: 'box test', PAIR: 'overlap!' }[st.kind] ?? st.kind;
      pill(ctx, `${st.a}–${st.b} ${label}`, (x0 + x1) / 2, (y0 + y1) / 2 - 14, 'center', color.startsWith('rgba') ? '#dfe6f3' : color);
    }
  }

  private outlineCells(ctx: CanvasRenderingContext2D, g: Geometry, c0: number, c1: number, r0: number, r1: number, color: string): void {
    const x0 = toCss(g, c0 * this.cellW);
    const y0 = toCss(g, r0 * this.cellH);
    const x1 = toCss(g, Math.min(g.screenW, (c1 + 1) * this.cellW));
    const y1 = toCss(g, Math.min(g.screenH, (r1 + 1) * this.cellH));
    ctx.save();
    ctx.strokeStyle = color;
    ctx.lineWidth = 2;
    ctx.strokeRect(x0 + 1, y0 + 1, x1 - x0 - 2, y1 - y0 - 2);
    ctx.restore();
  }
}

