// The foot sensor's lookup, step by step through core/src/slopes.c: a sensor at a pixel, its tile
// and column, the height read there, extension (empty column: the tile below) or regression (full
// column: the tile above), and the surface found. The sensor is a handle: drag it, or Tab to it
// and use the arrow keys. The steps are the traced core's (map.groundAt inside eo.trace). In the
// box modes the handle is a wide box and the core's map.boxGround puts two or three sensors on its
// bottom row: each is stepped through the same way, and the highest ground wins.
import slopesSource from '../../../../core/src/slopes.c';
import type { TileMap } from 'earlyout';
import type { Box, Earlyout, Ground } from 'earlyout';
import { segmented } from '../../controls.ts';
import { h } from '../../dom.ts';
import { COLORS, drawScreen, fillCells, snap, Board, toCss } from '../../board.ts';
import type { Geometry, World } from '../../board.ts';
import { Stepper } from '../../stepper.ts';
import { int, oneOf, ownFigure, UrlState } from '../../urlstate.ts';
import { drawCharacter, drawMap, drawTileGrid, renderMap, SLOPE_COLORS } from './draw.ts';
import { attrName, sensorSteps, T, textMap } from './model.ts';
import type { SensorStep } from './model.ts';
import { stepperKeys } from '../../input.ts';
import type { Lifecycle } from '../../lifecycle.ts';

const MAP = ['........', '........', '../#\\.ab', '########'];

/** Where the presets put the sensor, and what each shows. */
const PRESETS: ReadonlyArray<{ key: string; label: string; x: number; y: number }> = [
  { key: 'inside', label: 'Inside a slope', x: 42, y: 44 },
  { key: 'extend', label: 'Extension', x: 40, y: 20 },
  { key: 'regress', label: 'Regression', x: 36, y: 52 },
  { key: 'regress-top', label: 'Regression to a tile top', x: 88, y: 52 },
  { key: 'no-ground', label: 'No ground', x: 88, y: 8 },
];

/** One sensor at a pixel, or a box's foot sensors (map.boxGround with 2, 3 or 'every' column). */
type Mode = 'point' | 'box2' | 'box3' | 'boxall';
const MODES: ReadonlyArray<readonly [Mode, string]> = [
  ['point', 'One sensor'],
  ['box2', 'Box: 2 sensors'],
  ['box3', 'Box: 3 sensors'],
  ['boxall', 'Box: every column'],
];
/** The box modes' box: astride the solid block, its ends over the two 45° slopes. */
const FEET_BOX: Box = { x: 40, y: 23, w: 32, h: 16 };
const SENSOR_NAMES = ['left', 'middle', 'right'];

export interface SensorOptions {
  preset?: string;
  mode?: string;
}

export class SensorStepper {
  private map: TileMap;
  private bitmap: HTMLCanvasElement;
  private sensor: Box;
  private mode: Mode;
  private modeSeg: ReturnType<typeof segmented>;
  private steps: SensorStep[] = [];
  private index = 0;
  private ground: Ground | null = null;
  private focused = false;
  private board: Board;
  private boardWrap: HTMLElement;
  private stepper: Stepper<SensorStep>;
  private facts: HTMLElement;
  private result: HTMLElement;
  private url: UrlState<{ md: Mode; x: number; y: number; s: number }> | null = null;

  constructor(host: HTMLElement, private life: Lifecycle, private eo: Earlyout, opts: SensorOptions) {
    this.map = textMap(eo, MAP);
    life.own(() => this.map.dispose()); // the core's map goes with the widget
    this.bitmap = renderMap(this.map);
    const p = PRESETS.find((q) => q.key === opts.preset) ?? PRESETS[0];
    this.mode = MODES.some(([m]) => m === opts.mode) ? (opts.mode as Mode) : 'point';
    this.sensor = this.mode === 'point' ? { x: p.x, y: p.y, w: 1, h: 1 } : { ...FEET_BOX };
    this.board = new Board({
      names: ['sensor'],
      onMove: (_, b) => this.moveTo(b.x, b.y),
      onFocus: (i) => {
        this.focused = i !== null;
        this.draw();
      },
      describe: () =>
        this.mode === 'point'
          ? `Sensor at x ${this.sensor.x}, y ${this.sensor.y}. Drag it, or use the arrow keys (Shift for 8 px).`
          : `Box at x ${this.sensor.x}, y ${this.sensor.y}, ${this.sensor.w} by ${this.sensor.h}. Drag it, or use the arrow keys (Shift for 8 px).`,
    });
    this.boardWrap = h('div', { class: 'fig-board-wrap' }, this.board.root);
    this.facts = h('dl', { class: 'sl-facts', 'data-testid': 'sensor-facts' });
    this.result = h('p', { class: 'sl-readout', 'data-testid': 'sensor-result' });
    this.stepper = new Stepper<SensorStep>(this.life, 
      {
        sources: { 'core/src/slopes.c': slopesSource },
        title: this.mode === 'point' ? 'Step through one sensor' : 'Step through the foot sensors',
        phases: ['sensor', 'height', 'extend / regress', 'surface'],
        phaseOf: (st) => (st.kind === 'SENSOR' ? 'sensor' : st.kind === 'HEIGHT' ? (this.afterTurn(st) ? 'extend / regress' : 'height') : st.kind === 'EXTEND' || st.kind === 'REGRESS' ? 'extend / regress' : 'surface'),
        explain: (st) => this.explain(st),
        note: (st) => this.note(st),
        objectKeys: true,
        playMs: 1000,
      },
      (_st, i) => {
        const moved = i !== this.index;
        this.index = i;
        if (moved) this.url?.changed(this.stepper?.playing ? 'drag' : 'step');
        this.renderFacts();
        this.draw();
      },
    );
    const presets = h(
      'div',
      { class: 'presets', role: 'group', 'aria-label': 'Sensor positions' },
      h('span', { class: 'presets-label' }, 'Try'),
      ...PRESETS.map((q) =>
        h('button', {
          type: 'button',
          class: 'chip',
          'data-testid': `sensor-preset-${q.key}`,
          onclick: () => {
            this.setMode('point', { x: q.x, y: q.y, w: 1, h: 1 });
          },
        }, q.label),
      ),
    );
    this.modeSeg = segmented('Sensors', 'sensor-mode', MODES, this.mode, (v) => this.setMode(v as Mode, v === 'point' ? { x: 40, y: 20, w: 1, h: 1 } : { ...FEET_BOX }));
    const root = h(
      'div',
      { class: 'fig-playground sl-sensor' },
      h('div', { class: 'fig-toolbar' }, this.modeSeg.root, presets),
      h(
        'div',
        { class: 'fig-main' },
        h('div', { class: 'fig-board-col' }, this.boardWrap, h('p', { class: 'fig-help' }, 'Green pixels are slope, blue ones solid tiles, as the core reads them. The yellow dot is the sensor; step to see which tile and column it reads.')),
        h(
          'div',
          { class: 'fig-side' },
          h('section', { role: 'group', class: 'fig-card', 'aria-label': 'The current step' }, h('div', { class: 'fig-card-head' }, h('h3', {}, 'So far')), this.facts),
          h('section', { role: 'group', class: 'fig-card', 'aria-label': 'The answer' }, h('div', { class: 'fig-card-head' }, h('h3', {}, 'The core’s answer')), this.result),
        ),
      ),
      this.stepper.root,
    );
    stepperKeys(root, () => this.stepper);
    host.replaceChildren(root);
    this.life.onResize(this.boardWrap, () => this.draw());
    this.update();
    const figure = ownFigure(host, 'slopes-sensor');
    if (figure) {
      const wpx = this.map.width * T;
      const hpx = this.map.height * T;
      const size = (md: Mode) => (md === 'point' ? { w: 1, h: 1 } : { w: FEET_BOX.w, h: FEET_BOX.h });
      this.url = new UrlState(this.life, 
        figure,
        { md: oneOf(MODES.map(([m]) => m), 'sensor mode'), x: int(0, wpx - 1, 'x'), y: int(0, hpx - 1, 'y'), s: int(0, 999, 'step') },
        {
          get: () => ({ md: this.mode, x: this.sensor.x, y: this.sensor.y, s: this.index }),
          // the same bounds as dragging (moveTo): the point, or the whole box, stays on the map
          check: (v) => {
            const { w, h: hh } = size(v.md);
            if (v.x > wpx - w) return `x ${v.x} puts the ${v.md === 'point' ? 'sensor' : 'box'} off the map (at most ${wpx - w})`;
            if (v.y > hpx - hh) return `y ${v.y} puts the ${v.md === 'point' ? 'sensor' : 'box'} off the map (at most ${hpx - hh})`;
            return null;
          },
          apply: (v) => {
            this.setMode(v.md, { x: v.x, y: v.y, ...size(v.md) });
            this.stepper.go(v.s);
          },
        },
      );
    }
  }

  private setMode(mode: Mode, at: Box): void {
    this.mode = mode;
    this.modeSeg.set(mode);
    this.sensor = at;
    this.stepper.reset();
    this.update();
    this.url?.changed('step');
  }

  private moveTo(x: number, y: number): void {
    // the box (or point) stays on the map
    const wpx = this.map.width * T;
    const hpx = this.map.height * T;
    const { w, h: hh } = this.sensor;
    this.sensor = { x: Math.max(0, Math.min(wpx - w, x)), y: Math.max(0, Math.min(hpx - hh, y)), w, h: hh };
    this.update();
    this.url?.changed('drag');
  }

  /** Runs the sensor(s) on the traced core; the steps are the stepper's script. */
  private update(): void {
    const b = this.sensor;
    const n = this.mode === 'box3' ? 3 : this.mode === 'boxall' ? 'every' : 2;
    const t = this.eo.trace(() => (this.mode === 'point' ? this.map.groundAt(b.x, b.y) : this.map.boxGround(b, n)));
    this.ground = t.result;
    this.steps = sensorSteps(t.steps);
    const c = t.counters;
    const readings = c['slopes.sensors'] ?? 0;
    this.stepper.update(this.steps, `Core counters: ${readings} sensor reading${readings === 1 ? '' : 's'}, ${c['tiles.lookups'] ?? 0} tile lookups.`);
    const g = this.ground;
    const r = this.result;
    r.dataset.groundY = g ? String(g.groundY) : '';
    r.dataset.distance = g ? String(g.distance) : '';
    r.dataset.sensor = g && this.mode !== 'point' ? SENSOR_NAMES[g.sensor] : '';
    const call = this.mode === 'point' ? `groundAt(${b.x}, ${b.y})` : `boxGround({ x: ${b.x}, y: ${b.y}, w: ${b.w}, h: ${b.h} }, ${typeof n === 'string' ? `'${n}'` : n})`;
    let said: Node;
    if (!g) said = h('strong', { 'data-testid': 'sensor-ground-y' }, 'null: no ground within a tile');
    else if (this.mode === 'point')
      said = h('span', {}, 'ground at y = ', h('strong', { 'data-testid': 'sensor-ground-y' }, String(g.groundY)), ` (${g.distance >= 0 ? `${g.distance} px below` : `${-g.distance} px above`} the sensor), height ${g.height} in tile (${g.col}, ${g.row}).`);
    else
      said = h(
        'span',
        {},
        'ground at y = ',
        h('strong', { 'data-testid': 'sensor-ground-y' }, String(g.groundY)),
        this.mode === 'boxall' ? ', the highest under any column: ' : `, found by the ${SENSOR_NAMES[g.sensor]} sensor: `,
        g.distance === 0 ? 'the box stands on it.' : g.distance > 0 ? `${g.distance} px below the box.` : `the box is sunk ${-g.distance} px into it.`,
      );
    r.replaceChildren(h('code', {}, call), ' → ', said);
    this.root().dataset.sensor = `${b.x},${b.y}`;
    this.root().dataset.mode = this.mode;
  }

  /** The sensor the step belongs to: the last SENSOR step at or before it (its pixel is in a, b). */
  private sensorOf(i: number): SensorStep | null {
    for (let k = Math.min(i, this.steps.length - 1); k >= 0; k--) if (this.steps[k].kind === 'SENSOR') return this.steps[k];
    return null;
  }

  /** Which of the box's sensors (0 left, 1 middle, 2 right) a SENSOR step is, by order in the trace. */
  private sensorName(st: SensorStep): string {
    if (this.mode === 'point') return 'the sensor';
    const order = this.steps.filter((s) => s.kind === 'SENSOR').indexOf(st);
    if (this.mode === 'boxall') return `the sensor at column x ${st.a}`;
    const names = this.mode === 'box3' ? SENSOR_NAMES : ['left', 'right'];
    return `the ${names[order] ?? '?'} sensor`;
  }

  private root(): HTMLElement {
    return this.boardWrap.closest('.sl-sensor') as HTMLElement;
  }

  /** A HEIGHT step after EXTEND or REGRESS reads the neighbouring tile. */
  private afterTurn(st: SensorStep): boolean {
    const i = this.steps.indexOf(st);
    return this.steps.slice(0, i).some((s) => s.kind === 'EXTEND' || s.kind === 'REGRESS');
  }

  private note(st: SensorStep): string {
    switch (st.kind) {
      case 'SENSOR':
        return `SENSOR  at x ${st.a}, y ${st.b}`;
      case 'HEIGHT':
        return `HEIGHT  column ${st.a} of the tile: ground ${st.b} px high`;
      case 'EXTEND':
        return `EXTEND  tile row ${st.b} -> ${st.b + 1} (below)`;
      case 'REGRESS':
        return `REGRESS  tile row ${st.b} -> ${st.b - 1} (above)`;
      case 'SURFACE':
        return `SURFACE  ground top at y ${st.b}`;
      case 'NO_GROUND':
        return `NO_GROUND  none within a tile of x ${st.a}, y ${st.b}`;
      default:
        return st.kind;
    }
  }

  private explain(st: SensorStep): string {
    const own = this.sensorOf(this.steps.indexOf(st));
    const x = own ? own.a : this.sensor.x;
    const y = own ? own.b : this.sensor.y;
    switch (st.kind) {
      case 'SENSOR': {
        const who = this.mode === 'point' ? 'A sensor' : `The box's bottom row, ${this.sensorName(st)}:`;
        return `${who} at pixel (${st.a}, ${st.b}). Its tile is (${st.a >> 4}, ${st.b >> 4}): x >> 4 and y >> 4 for 16-px tiles. Its column in that tile is x & 15 = ${st.a & 15}.`;
      }
      case 'HEIGHT': {
        const tile = st.col !== null ? `tile (${st.col}, ${st.row}), ${attrName(st.attr ?? 0)}` : 'the tile';
        const what = st.b === 0 ? 'empty: no ground in this column here' : st.b === T ? 'full: ground all the way up' : `ground in the bottom ${st.b} px`;
        return `Read ${tile}: column ${st.a} has height ${st.b}, ${what}.`;
      }
      case 'EXTEND':
        return `Extension: column ${x & 15} of tile row ${st.b} is empty, so the ground, if any, starts in the tile below, row ${st.b + 1}.`;
      case 'REGRESS':
        return `Regression: column ${x & 15} of tile row ${st.b} is full, so the surface may be higher up: look at the tile above, row ${st.b - 1}. If it has no ground there, the surface is the top of row ${st.b}.`;
      case 'SURFACE': {
        const where = `The surface in column x = ${st.a} is pixel row ${st.b}, ${st.b - y >= 0 ? `${st.b - y} px below` : `${y - st.b} px above`} the sensor`;
        if (this.mode === 'point') return `${where}: that is the ground it stands on (or is sunk into).`;
        const last = this.steps.indexOf(st) === this.steps.length - 1;
        return `${where}. ${last ? 'That was the last sensor: the highest surface any of them found is the box’s ground.' : 'Next sensor.'}`;
      }
      default:
        return `No ground within a tile of (${st.a}, ${st.b}): the sensor's tile and the one below are empty in this column. The character is in the air.`;
    }
  }

  private renderFacts(): void {
    const own = this.sensorOf(this.index);
    const from = own ? this.steps.indexOf(own) : 0;
    // this sensor's steps so far (a box's earlier sensors are summed up in the last row)
    const done = this.stepper.done.slice(from);
    const last = (k: string) => [...done].reverse().find((s) => s.kind === k);
    const height = last('HEIGHT');
    const surface = last('SURFACE');
    const rows: Array<[string, string, string]> = [
      ['sensor', 'Sensor', own ? `(${own.a}, ${own.b})${this.mode === 'point' ? '' : `, ${this.sensorName(own).replace('the ', '')}`}` : '–'],
      ['tile', 'Tile read', height && height.col !== null ? `(${height.col}, ${height.row}): ${attrName(height.attr ?? 0)}` : '–'],
      ['column', 'Column', own ? `${own.a & 15}` : '–'],
      ['height', 'Height', height ? String(height.b) : '–'],
      ['turn', 'Then', done.some((s) => s.kind === 'EXTEND') ? 'extension (tile below)' : done.some((s) => s.kind === 'REGRESS') ? 'regression (tile above)' : '–'],
      ['surface', 'Surface y', surface ? String(surface.b) : done.some((s) => s.kind === 'NO_GROUND') ? 'none' : '–'],
    ];
    if (this.mode !== 'point') {
      const found = this.stepper.done.filter((s) => s.kind === 'SURFACE').map((s) => s.b);
      rows.push(['best', 'Highest so far', found.length ? `y ${Math.min(...found)} (of ${found.join(', ')})` : '–']);
    }
    this.facts.replaceChildren(...rows.flatMap(([k, dt, dd]) => [h('dt', {}, dt), h('dd', { 'data-testid': `fact-${k}` }, dd)]));
  }

  private draw(): void {
    const world: World = { screenW: MAP[0].length * T, screenH: MAP.length * T, cellW: T, cellH: T, margin: 6, maxScale: 5 };
    const ctx = this.board.layout(world, [this.sensor], Math.min(this.boardWrap.clientWidth || 640, 640));
    const g = this.board.geom;
    drawScreen(ctx, g, { labels: 'cells' });
    drawMap(ctx, g, this.bitmap);
    drawTileGrid(ctx, g);
    if (this.mode !== 'point') drawCharacter(ctx, g, this.sensor, this.focused);
    const own = this.sensorOf(this.index);
    const mine = own ? this.stepper.done.slice(this.steps.indexOf(own)) : [];
    // the tiles this sensor has read so far, the latest ringed
    for (const s of mine) if (s.kind === 'HEIGHT' && s.col !== null) fillCells(ctx, g, [[s.col, s.row!]], SLOPE_COLORS.lookup);
    const cur = [...mine].reverse().find((s) => s.kind === 'HEIGHT' && s.col !== null);
    if (cur && cur.col !== null) this.ring(ctx, g, cur.col, cur.row!);
    // its column, through the tiles the lookup may visit
    if (own) {
      const row = own.b >> 4;
      const top = Math.max(0, (row - 1) * T);
      const bottom = Math.min(g.screenH, (row + 2) * T);
      ctx.save();
      ctx.fillStyle = 'rgba(255, 216, 77, 0.22)';
      ctx.fillRect(snap(toCss(g, own.a)), toCss(g, top), g.s, (bottom - top) * g.s);
      ctx.restore();
    }
    for (const s of this.stepper.done) if (s.kind === 'SURFACE') this.marker(ctx, g, s.a, s.b);
    // the sensors: every one the core placed (the whole trace), the current one larger
    const sensors = this.steps.filter((s) => s.kind === 'SENSOR');
    for (const s of sensors) this.dot(ctx, g, s.a, s.b, s === own, s === own && this.focused && this.mode === 'point');
  }

  private dot(ctx: CanvasRenderingContext2D, g: Geometry, x: number, y: number, current: boolean, focused: boolean): void {
    ctx.save();
    ctx.fillStyle = current ? SLOPE_COLORS.sensor : 'rgba(255, 216, 77, 0.55)';
    ctx.strokeStyle = '#1b2233';
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.arc(toCss(g, x + 0.5), toCss(g, y + 0.5), Math.max(current ? 4 : 3, g.s * (current ? 0.9 : 0.6)), 0, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
    if (focused) {
      ctx.strokeStyle = COLORS.focus;
      ctx.setLineDash([4, 3]);
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.arc(toCss(g, x + 0.5), toCss(g, y + 0.5), Math.max(9, g.s * 2.2), 0, Math.PI * 2);
      ctx.stroke();
    }
    ctx.restore();
  }

  private ring(ctx: CanvasRenderingContext2D, g: Geometry, col: number, row: number): void {
    ctx.save();
    ctx.strokeStyle = COLORS.marker;
    ctx.lineWidth = 2;
    ctx.strokeRect(toCss(g, col * T) + 1, toCss(g, row * T) + 1, T * g.s - 2, T * g.s - 2);
    ctx.restore();
  }

  /** The surface pixel found: a bright bar on top of that column. */
  private marker(ctx: CanvasRenderingContext2D, g: Geometry, x: number, y: number): void {
    ctx.save();
    ctx.fillStyle = '#ff5d5d';
    ctx.fillRect(toCss(g, x - 1), toCss(g, y) - 2, 3 * g.s, 3);
    ctx.font = `700 12px "JetBrains Mono Variable", ui-monospace, monospace`;
    ctx.fillStyle = '#fff';
    ctx.textBaseline = 'bottom';
    ctx.fillText(`y ${y}`, toCss(g, x + 3), toCss(g, y) - 3);
    ctx.restore();
  }
}
