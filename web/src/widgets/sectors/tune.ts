// The cost of the battle's frame against the size of square sectors, from eo.sectors.tune: for
// each size, the sectors to visit, the memberships to write (each weighs three) and the pairs met
// in shared sectors, stacked; the core's pick is marked. An SVG chart with the same numbers as a
// table, which also shows the box tests (counted, not charged: see eo_sectors_tune).
import type { Earlyout } from '../../core.ts';
import { segmented, toggle } from '../../controls.ts';
import { h, scrollBox } from '../../dom.ts';
import { battleLayers, makeBattle } from '../../battle.ts';
import type { Battle, Facing } from '../../battle.ts';
import { oneOf, ownFigure, UrlState } from '../../urlstate.ts';
import { fmt, sectorsConfig, squareGrid } from './model.ts';
import type { BroadphaseStats } from './model.ts';
import type { Lifecycle } from '../../lifecycle.ts';

export interface TuneOptions {
  bullets?: string;
  facing?: string;
}

/** What a link holds: the scene (bullets or not), how the armies face, layers on or off
    ("n.0_f.horizontal_y.off"). */
const SHARED = {
  n: oneOf(['0', '72'] as const, 'scene'),
  f: oneOf(['vertical', 'horizontal'] as const, 'facing'),
  y: oneOf(['on', 'off'] as const, 'layers'),
};
type Shared = { n: '0' | '72'; f: Facing; y: 'on' | 'off' };

export const TUNE_SIZES = [8, 12, 16, 20, 24, 32, 40, 48, 64, 96, 128];

/** The parts of the cost, as eo_sectors_tune weighs them (core/src/sectors_tune.c, tune_cost). */
const PARTS = [
  { label: 'sectors visited', color: '#c9c4b6', of: (r: Row) => r.cols * r.rows },
  { label: 'memberships written × 3', color: '#5cc8ff', of: (r: Row) => 3 * r.stats.insertions },
  { label: 'pairs met in a sector', color: '#f0a53a', of: (r: Row) => r.stats.candidatePairs },
] as const;

interface Row {
  size: number;
  cols: number;
  rows: number;
  cost: number;
  stats: BroadphaseStats;
}

const SVG = 'http://www.w3.org/2000/svg';
function s<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, ...kids: Array<Node | string>): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const k of kids) el.append(k);
  return el;
}

export class TuneChart {
  private battle!: Battle;
  private bullets: number;
  private facing: Facing;
  private useLayers = true;
  private rows: Row[] = [];
  private best = 0;
  private chart: HTMLElement;
  private table: HTMLTableSectionElement;
  private summary: HTMLElement;
  private root: HTMLElement;
  private url: UrlState<Shared> | null = null;

  constructor(host: HTMLElement, private life: Lifecycle, private eo: Earlyout, opts: TuneOptions) {
    this.bullets = Number(opts.bullets ?? 72);
    this.facing = (opts.facing as Facing) ?? 'vertical';
    const scene = segmented('Scene', 'tune-scene', [['0', '32 soldiers'], ['72', '+ 72 bullets']], String(this.bullets), (v) => {
      this.bullets = Number(v);
      this.measure();
      this.url?.changed('step');
    });
    const facing = segmented('Armies face', 'tune-facing', [['vertical', 'top – bottom'], ['horizontal', 'left – right']], this.facing, (v) => {
      this.facing = v as Facing;
      this.measure();
      this.url?.changed('step');
    });
    const layers = toggle('use layers', 'tune-layers', true, (on) => {
      this.useLayers = on;
      this.measure();
      this.url?.changed('step');
    });
    this.chart = h('div', { class: 'tn-chart', 'data-testid': 'chart' });
    this.summary = h('p', { class: 'tn-summary', 'data-testid': 'tune-summary', role: 'status', 'aria-live': 'polite' });
    this.table = h('tbody', {});
    const legend = h(
      'div',
      { class: 'ord-legend tn-legend' },
      ...PARTS.map((p) => h('span', { class: 'ord-legend-item' }, h('span', { class: 'ord-swatch', style: `background:${p.color}` }), p.label)),
    );
    this.root = h(
      'div',
      { class: 'tn-demo' },
      h('div', { class: 'fig-toolbar' }, scene.root, facing.root, h('div', { class: 'sg-toggles' }, layers)),
      this.chart,
      legend,
      this.summary,
      h(
        'details',
        { class: 'tn-details' },
        h('summary', {}, 'The numbers'),
        scrollBox(
          'The numbers, one row per sector size',
          h(
          'table',
          { class: 'sg-table tn-table', 'data-testid': 'tune-table' },
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              h('th', { scope: 'col' }, 'sector size'),
              h('th', { scope: 'col' }, 'grid'),
              h('th', { scope: 'col' }, 'sectors visited'),
              h('th', { scope: 'col' }, 'memberships'),
              h('th', { scope: 'col' }, 'pairs met'),
              h('th', { scope: 'col' }, 'box tests (not charged)'),
              h('th', { scope: 'col' }, 'cost'),
            ),
          ),
          this.table,
        ),
          'tune-scroll',
        ),
      ),
    );
    host.replaceChildren(this.root);
    this.life.onResize(this.chart, () => this.draw());
    this.measure();
    const figure = ownFigure(host, 'sectors-tune');
    if (figure) {
      const layersBox = layers.querySelector('input')!;
      this.url = new UrlState(this.life, figure, SHARED, {
        get: () => ({ n: this.bullets === 0 ? '0' : '72', f: this.facing, y: this.useLayers ? 'on' : 'off' }),
        apply: (v) => {
          this.bullets = Number(v.n);
          this.facing = v.f;
          this.useLayers = v.y === 'on';
          scene.set(v.n);
          facing.set(v.f);
          layersBox.checked = this.useLayers;
          this.measure();
        },
      });
    }
  }

  /** The core builds the frame in a grid of each size and counts the work (eo_sectors_tune). */
  private measure(): void {
    this.battle = makeBattle({ bullets: this.bullets, seed: 1, facing: this.facing });
    const configs = TUNE_SIZES.map((size) => {
      const { cols, rows } = squareGrid(size);
      return sectorsConfig(cols, rows);
    });
    const t = this.eo.sectors.tune(this.battle.boxes, configs, this.useLayers ? battleLayers(this.battle, { bulletsHitBullets: false, friendlyFire: false, soldiersBump: false }) : undefined);
    this.rows = t.rows.map((r, i) => ({ size: TUNE_SIZES[i], cols: r.config.cols ?? 0, rows: r.config.rows ?? 0, cost: r.cost, stats: r.stats }));
    this.best = t.best;
    const b = this.rows[this.best];
    const all = (this.battle.count * (this.battle.count - 1)) / 2;
    this.root.dataset.best = String(b.size);
    this.summary.replaceChildren(
      'The core’s pick: ',
      h('strong', { 'data-testid': 'tune-best' }, `${b.size} px sectors (${b.cols} × ${b.rows})`),
      `, costing ${fmt(b.cost)}, with ${fmt(b.stats.boxTests)} box tests where testing all pairs would make ${fmt(all)}. Smaller sectors list each object in more of them; bigger ones put more pairs together.`,
    );
    this.table.replaceChildren(
      ...this.rows.map((r, i) =>
        h(
          'tr',
          { class: i === this.best ? 'is-best' : '', 'data-size': r.size, 'data-cost': r.cost },
          h('td', {}, `${r.size} px`),
          h('td', {}, `${r.cols} × ${r.rows}`),
          h('td', {}, fmt(r.cols * r.rows)),
          h('td', {}, fmt(r.stats.insertions)),
          h('td', {}, fmt(r.stats.candidatePairs)),
          h('td', {}, fmt(r.stats.boxTests)),
          h('td', {}, fmt(r.cost)),
        ),
      ),
    );
    this.draw();
  }

  private draw(): void {
    if (!this.rows.length) return;
    const W = Math.max(320, Math.min(1060, this.chart.clientWidth || 800));
    const H = 300;
    const pad = { l: 66, r: 12, t: 28, b: 44 };
    const iw = W - pad.l - pad.r;
    const ih = H - pad.t - pad.b;
    const max = Math.max(...this.rows.map((r) => r.cost)) * 1.08;
    const step = niceStep(max / 5);
    const y = (v: number) => pad.t + ih - (v / max) * ih;
    const bw = iw / this.rows.length;
    const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: 'img', 'aria-label': 'Work per frame against sector size, stacked by kind; the core’s pick is starred' });
    for (let v = 0; v <= max; v += step) {
      svg.append(
        s('line', { x1: pad.l, x2: W - pad.r, y1: y(v), y2: y(v), class: 'tn-grid' }),
        s('text', { x: pad.l - 8, y: y(v) + 4, class: 'tn-tick', 'text-anchor': 'end' }, fmt(v)),
      );
    }
    this.rows.forEach((r, i) => {
      const x = pad.l + i * bw + bw * 0.18;
      const w = bw * 0.64;
      let acc = 0;
      const g = s('g', { class: `tn-bar${i === this.best ? ' is-best' : ''}`, 'data-size': r.size, 'data-cost': r.cost, 'data-testid': `bar-${r.size}` });
      PARTS.map((p) => p.of(r)).forEach((v, k) => {
        const top = y(acc + v);
        g.append(s('rect', { x, y: top, width: w, height: Math.max(0, y(acc) - top), fill: PARTS[k].color }));
        acc += v;
      });
      g.append(s('title', {}, `${r.size} px sectors (${r.cols} × ${r.rows}): cost ${r.cost}`));
      svg.append(g);
      svg.append(s('text', { x: x + w / 2, y: H - pad.b + 16, class: 'tn-xlabel', 'text-anchor': 'middle' }, String(r.size)));
      if (i === this.best) {
        svg.append(
          s('text', { x: x + w / 2, y: y(r.cost) - 8, class: 'tn-star', 'text-anchor': 'middle' }, `★ ${fmt(r.cost)}`),
          s('rect', { x: x - 3, y: y(r.cost) - 3, width: w + 6, height: y(0) - y(r.cost) + 3, class: 'tn-best-ring' }),
        );
      }
    });
    svg.append(
      s('text', { x: pad.l + iw / 2, y: H - 8, class: 'tn-axis', 'text-anchor': 'middle' }, 'sector size, px (square sectors covering the 256 × 192 screen)'),
      s('text', { x: 14, y: pad.t + ih / 2, class: 'tn-axis', 'text-anchor': 'middle', transform: `rotate(-90 14 ${pad.t + ih / 2})` }, 'work per frame'),
    );
    this.chart.replaceChildren(svg);
  }
}

function niceStep(raw: number): number {
  const p = 10 ** Math.floor(Math.log10(raw));
  const m = raw / p;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
}
