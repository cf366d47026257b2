// Fast moves: one 8 x 8 box, a target (dx, dy) to drag or type, and both of the core's answers on
// the same map: map.move (X fully, then Y: drawn as the L it takes) and map.sweep (along the
// straight segment: the staircase is the core's own, read from its traced EO_EV_TILES_RUN steps,
// up to where it stopped; with slide, the rest along one axis). Nothing here tests a tile.
//   drag / keys / fields -> state -> core move() + traced sweep() -> draw + text
import { TILE } from 'earlyout';
import type { MoveResult, TileMap } from 'earlyout';
import type { Box, Earlyout } from '../../core.ts';
import { fieldMessages, numberInput, presetChips, toggle } from '../../controls.ts';
import type { NumberInput } from '../../controls.ts';
import { h, setText } from '../../dom.ts';
import { COLORS, drawBox, drawScreen, snap, Board, toCss } from '../../board.ts';
import type { Geometry } from '../../board.ts';
import { int, oneOf, ownFigure, UrlState } from '../../urlstate.ts';
import { drawTiles, tileWorld } from './draw.ts';
import { hitText } from './model.ts';
import type { Lifecycle } from '../../lifecycle.ts';

const COLS = 16;
const ROWS = 10;
const T = 8;
const SIZE = 8; // the box: 8 x 8, as in the numbers
const MAX_X = COLS * T - SIZE;
const MAX_Y = ROWS * T - SIZE;
/** a sweep's trace: a RUN per turn of the staircase and a few steps per run; the map bounds it well below this */
const TRACE_MAX = 16384;

const E = '................';
const FLOOR = '################';

interface SweepPreset {
  label: string;
  hint: string;
  /** ROWS rows of COLS tiles: . empty, # solid */
  art: readonly string[];
  x: number;
  y: number;
  dx: number;
  dy: number;
}

export const SWEEP_PRESETS: Record<string, SweepPreset> = {
  land: {
    label: 'Landing',
    hint: 'A fast fall aimed into the floor. X-then-Y lands under the target, the sweep where its line meets the floor; with slide it goes on to the same place.',
    art: [E, E, E, '............####', E, E, '...........#....', '...........#....', '...........#....', FLOOR],
    x: 8,
    y: 8,
    dx: 56,
    dy: 64,
  },
  pass: {
    label: 'Passes a tile',
    hint: 'A dash of (+32, +32) past one tile (pixels 16 to 23 both ways). X-then-Y goes along above it, then down beside it, and arrives; the straight line crosses the tile, and the sweep stops on its top.',
    art: [E, E, '..#.............', E, E, E, E, E, E, E],
    x: 0,
    y: 0,
    dx: 32,
    dy: 32,
  },
  short: {
    label: 'Stopped short',
    hint: 'The same dash with the tile beside the start instead. X-then-Y runs into it at once and only falls; the straight line passes below the tile, and the sweep arrives.',
    art: ['..#.............', E, E, E, E, E, E, E, E, E],
    x: 0,
    y: 0,
    dx: 32,
    dy: 32,
  },
};
const PRESET_KEYS = Object.keys(SWEEP_PRESETS);

function artCells(p: SweepPreset): Uint8Array {
  if (p.art.length !== ROWS) throw new Error(`sweep preset ${p.label}: ${p.art.length} rows, expected ${ROWS}`);
  const cells = new Uint8Array(COLS * ROWS);
  p.art.forEach((line, row) => {
    if (line.length !== COLS) throw new Error(`sweep preset ${p.label}: row ${row} has ${line.length} tiles, expected ${COLS}`);
    for (let col = 0; col < COLS; col++) {
      if (line[col] !== '.' && line[col] !== '#') throw new Error(`sweep preset ${p.label}: unknown tile "${line[col]}" at (${col}, ${row})`);
      cells[row * COLS + col] = line[col] === '#' ? TILE.SOLID : TILE.EMPTY;
    }
  });
  return cells;
}

interface State {
  p: string;
  x: number;
  y: number;
  dx: number;
  dy: number;
  slide: boolean;
}

/** What the core answered for the state. */
interface Answers {
  move: MoveResult;
  /** the sweep without slide: where the straight path stopped (or arrived) */
  stop: MoveResult;
  /** the sweep as asked (with slide: after the slide) */
  end: MoveResult;
  /** the staircase's corners, from the start to the stop (top-left pixels); null if the trace was cut */
  stairs: Array<[number, number]> | null;
}

const COLOR = {
  move: '#ff9152',
  moveFill: 'rgba(255, 145, 82, 0.34)',
  sweep: '#5cc8ff',
  sweepFill: 'rgba(92, 200, 255, 0.32)',
  start: '#ffffff',
  target: '#ffd84d',
};

const clamp = (v: number, lo: number, hi: number): number => Math.max(lo, Math.min(hi, v));
const at = (b: Box): string => `(${b.x}, ${b.y})`;
const hitWords = (bits: number): string => (bits ? hitText(bits) : 'nothing');

export class TilesSweep {
  private map: TileMap;
  private s: State;
  private a!: Answers;
  private focused: number | null = null;
  private board: Board;
  private boardWrap: HTMLElement;
  private hint: HTMLElement;
  private says: HTMLElement;
  private moveCall = h('code', { 'data-testid': 'sw-move-call' });
  private sweepCall = h('code', { 'data-testid': 'sw-sweep-call' });
  private out: Record<string, HTMLElement> = {};
  private fields: Record<'x' | 'y' | 'dx' | 'dy', NumberInput>;
  private slideInput: HTMLInputElement;
  private root: HTMLElement;
  private url: UrlState<{ p: string; x: number; y: number; dx: number; dy: number; sl: 'on' | 'off' }> | null = null;

  constructor(host: HTMLElement, private life: Lifecycle, private eo: Earlyout) {
    const p = SWEEP_PRESETS.land;
    this.s = { p: 'land', x: p.x, y: p.y, dx: p.dx, dy: p.dy, slide: false };
    this.map = eo.tiles.createMap({ width: COLS, height: ROWS, tileSize: T, outside: 'solid', cells: artCells(p) });
    life.own(() => this.map.dispose()); // the core's map goes with the widget

    this.board = new Board({
      names: ['start', 'target'],
      testidPrefix: 'sw-',
      onMove: (i, b) => (i === 0 ? this.moveStart(b.x, b.y) : this.moveTarget(b.x - this.s.x, b.y - this.s.y)),
      onFocus: (i) => {
        this.focused = i;
        this.draw();
      },
      describe: (i) =>
        i === 0
          ? `The box, at x ${this.s.x}, y ${this.s.y}. Drag it, or use the arrow keys (Shift for 8 px).`
          : `The target, dx ${this.s.dx}, dy ${this.s.dy} from the box. Drag it, or use the arrow keys (Shift for 8 px).`,
    });
    this.boardWrap = h('div', { class: 'fig-board-wrap' }, this.board.root);

    const num = (name: 'x' | 'y' | 'dx' | 'dy', min: number, max: number, label: string) =>
      numberInput({
        name,
        testid: `sw-${name}`,
        min,
        max,
        ariaLabel: label,
        current: () => this.s[name],
        onValue: (v) => (name === 'x' || name === 'y' ? this.moveStart(name === 'x' ? v : this.s.x, name === 'y' ? v : this.s.y) : this.moveTarget(name === 'dx' ? v : this.s.dx, name === 'dy' ? v : this.s.dy)),
      });
    this.fields = {
      x: num('x', 0, MAX_X, 'Box x'),
      y: num('y', 0, MAX_Y, 'Box y'),
      dx: num('dx', -MAX_X, MAX_X, 'Move dx'),
      dy: num('dy', -MAX_Y, MAX_Y, 'Move dy'),
    };
    const f = this.fields;
    const slide = toggle('slide after the stop', 'sw-slide', false, (on) => {
      this.s.slide = on;
      this.update();
      this.url?.changed('step');
    });
    this.slideInput = slide.querySelector('input')!;
    const presets = presetChips('Try', SWEEP_PRESETS, (key) => this.applyPreset(key));

    this.hint = h('p', { class: 'fig-hint', 'data-testid': 'sw-hint' }, p.hint);
    this.says = h('p', { class: 'tl-sweep-says', 'data-testid': 'sw-says', role: 'status', 'aria-live': 'polite' });
    const item = (key: string, label: string) => {
      this.out[key] = h('dd', { 'data-testid': `sw-${key}` });
      return [h('dt', {}, label), this.out[key]];
    };
    const legend = h(
      'ul',
      { class: 'tl-sweep-legend', 'aria-label': 'Legend' },
      h('li', {}, h('span', { class: 'tl-key tl-key-start' }), 'the box'),
      h('li', {}, h('span', { class: 'tl-key tl-key-target' }), 'its target'),
      h('li', {}, h('span', { class: 'tl-key tl-key-move' }), 'X, then Y'),
      h('li', {}, h('span', { class: 'tl-key tl-key-sweep' }), 'along the line'),
    );
    this.root = h(
      'div',
      { class: 'fig-playground tl-sweep', 'data-testid': 'sweep-root' },
      h('div', { class: 'fig-toolbar' }, presets, h('div', { class: 'sg-toggles' }, slide)),
      h(
        'div',
        { class: 'fig-main' },
        h(
          'div',
          { class: 'fig-board-col' },
          this.boardWrap,
          legend,
          this.says,
          this.hint,
          h('p', { class: 'fig-help' }, 'Drag the box or its dashed target, or Tab to them and use the arrow keys (Shift: 8 px).'),
        ),
        h(
          'div',
          { class: 'fig-side' },
          h(
            'section',
            { role: 'group', class: 'fig-card', 'aria-label': 'The move' },
            h('div', { class: 'fig-card-head' }, h('h3', {}, 'The move'), h('span', { class: 'mask-hex' }, `${SIZE} × ${SIZE} box`)),
            h('div', { class: 'fields', style: '--nfields: 4' }, f.x.field, f.y.field, f.dx.field, f.dy.field),
            fieldMessages(f.x, f.y, f.dx, f.dy),
          ),
          h(
            'section',
            { role: 'group', class: 'fig-card', 'aria-label': 'What the core says' },
            h('div', { class: 'fig-card-head' }, h('h3', {}, 'The core says')),
            h('p', { class: 'tl-sweep-call' }, h('span', { class: 'tl-key tl-key-move' }), this.moveCall),
            h('dl', { class: 'pm-dl tl-dl' }, ...item('move-end', 'Ends at'), ...item('move-hit', 'Stopped on')),
            h('p', { class: 'tl-sweep-call' }, h('span', { class: 'tl-key tl-key-sweep' }), this.sweepCall),
            h('dl', { class: 'pm-dl tl-dl' }, ...item('sweep-stop', 'Stops at'), ...item('sweep-rest', 'Left over'), ...item('sweep-end', 'Ends at'), ...item('sweep-hit', 'Stopped on')),
          ),
        ),
      ),
    );
    host.replaceChildren(this.root);
    this.life.onResize(this.boardWrap, () => this.draw());
    this.update();

    const figure = ownFigure(host, 'tiles-sweep');
    if (figure) {
      this.url = new UrlState(this.life, 
        figure,
        { p: oneOf(PRESET_KEYS, 'map'), x: int(0, MAX_X, 'x'), y: int(0, MAX_Y, 'y'), dx: int(-MAX_X, MAX_X, 'dx'), dy: int(-MAX_Y, MAX_Y, 'dy'), sl: oneOf(['on', 'off'] as const, 'slide') },
        {
          get: () => ({ p: this.s.p, x: this.s.x, y: this.s.y, dx: this.s.dx, dy: this.s.dy, sl: this.s.slide ? 'on' : 'off' }),
          // the target stays on the map, as dragging and typing keep it
          check: (v) => {
            if (v.x + v.dx < 0 || v.x + v.dx > MAX_X) return `dx ${v.dx} takes the box off the map (x ${v.x} + dx must be 0 to ${MAX_X})`;
            if (v.y + v.dy < 0 || v.y + v.dy > MAX_Y) return `dy ${v.dy} takes the box off the map (y ${v.y} + dy must be 0 to ${MAX_Y})`;
            return null;
          },
          apply: (v) => {
            this.setMap(v.p);
            this.s = { p: v.p, x: v.x, y: v.y, dx: v.dx, dy: v.dy, slide: v.sl === 'on' };
            this.update();
          },
        },
      );
    }
  }

  // ---- state -----------------------------------------------------------------------------------

  private setMap(key: string): void {
    this.s.p = key;
    this.map.setCells(artCells(SWEEP_PRESETS[key]));
  }

  private applyPreset(key: string): void {
    const p = SWEEP_PRESETS[key];
    this.setMap(key);
    this.s = { ...this.s, p: key, x: p.x, y: p.y, dx: p.dx, dy: p.dy };
    this.update();
    this.url?.changed('step');
  }

  /** The box moves; the move (dx, dy) goes with it, shortened where its target would leave the map. */
  private moveStart(x: number, y: number): void {
    const s = this.s;
    s.x = clamp(x, 0, MAX_X);
    s.y = clamp(y, 0, MAX_Y);
    s.dx = clamp(s.dx, -s.x, MAX_X - s.x);
    s.dy = clamp(s.dy, -s.y, MAX_Y - s.y);
    this.update();
    this.url?.changed('drag');
  }

  /** A new move: the target stays on the map. */
  private moveTarget(dx: number, dy: number): void {
    const s = this.s;
    s.dx = clamp(dx, -s.x, MAX_X - s.x);
    s.dy = clamp(dy, -s.y, MAX_Y - s.y);
    this.update();
    this.url?.changed('drag');
  }

  /** Both answers, from the core, on the same map. */
  private ask(): Answers {
    const { x, y, dx, dy, slide } = this.s;
    const box = { x, y, w: SIZE, h: SIZE };
    const move = this.map.move(box, dx, dy);
    const traced = this.eo.trace(() => this.map.sweep(box, dx, dy), TRACE_MAX);
    const stop = traced.result;
    const end = slide ? this.map.sweep(box, dx, dy, { slide: true }) : stop;
    // the staircase as the core walked it: one RUN per straight piece, in order; the last piece
    // ends where the core stopped the box (a blocked run ends early)
    let stairs: Array<[number, number]> | null = null;
    if (traced.stepsLost === 0) {
      stairs = [[x, y]];
      let cx = x;
      let cy = y;
      for (const st of traced.steps) {
        if (st.event !== 'EO_EV_TILES_RUN') continue;
        if (st.a === 0) cx += Math.sign(dx) * st.b;
        else cy += Math.sign(dy) * st.b;
        stairs.push([cx, cy]);
      }
      stairs[stairs.length - 1] = [stop.box.x, stop.box.y];
    }
    return { move, stop, end, stairs };
  }

  private update(): void {
    this.a = this.ask();
    const { s, a } = this;
    const preset = SWEEP_PRESETS[s.p];
    this.hint.hidden = !(s.x === preset.x && s.y === preset.y && s.dx === preset.dx && s.dy === preset.dy);
    setText(this.hint, preset.hint);
    for (const k of ['x', 'y', 'dx', 'dy'] as const) this.fields[k].show(s[k]);
    this.slideInput.checked = s.slide;

    const stopped = a.stop.hit !== 0;
    const slid = s.slide && stopped && (a.end.box.x !== a.stop.box.x || a.end.box.y !== a.stop.box.y);
    setText(this.out['move-end'], at(a.move.box));
    setText(this.out['move-hit'], hitWords(a.move.hit));
    setText(this.out['sweep-stop'], stopped ? at(a.stop.box) : `${at(a.stop.box)}, the target`);
    setText(this.out['sweep-rest'], `(${s.dx - a.stop.movedX}, ${s.dy - a.stop.movedY})`);
    setText(this.out['sweep-end'], s.slide ? `${at(a.end.box)}${slid ? ', after the slide' : ''}` : at(a.end.box));
    setText(this.out['sweep-hit'], hitWords(a.end.hit));
    setText(this.moveCall, `map.move(box, ${s.dx}, ${s.dy})`);
    setText(this.sweepCall, `map.sweep(box, ${s.dx}, ${s.dy}${s.slide ? ', { slide: true }' : ''})`);

    const moveSaid = `X then Y ends at ${at(a.move.box)}, hit ${hitWords(a.move.hit)}.`;
    const sweepSaid = !stopped
      ? `Along the line the box reaches ${at(a.end.box)}, hit nothing.`
      : s.slide
        ? `Along the line it stops at ${at(a.stop.box)}, then slides to ${at(a.end.box)}, hit ${hitWords(a.end.hit)}.`
        : `Along the line it stops at ${at(a.stop.box)}, hit ${hitWords(a.stop.hit)}.`;
    setText(this.says, `${moveSaid} ${sweepSaid}`);

    const d = this.root.dataset;
    d.preset = s.p;
    d.move = `${a.move.box.x},${a.move.box.y}`;
    d.sweep = `${a.end.box.x},${a.end.box.y}`;
    this.draw();
  }

  // ---- drawing ---------------------------------------------------------------------------------

  private draw(): void {
    const { s, a } = this;
    const start = { x: s.x, y: s.y, w: SIZE, h: SIZE };
    const target = { x: s.x + s.dx, y: s.y + s.dy, w: SIZE, h: SIZE };
    const ctx = this.board.layout(tileWorld(this.map, 0, 4), [start, target], Math.min(this.boardWrap.clientWidth || 512, 640));
    const g = this.board.geom;
    drawScreen(ctx, g, { labels: false, pixelGrid: true });
    drawTiles(ctx, g, this.map);

    // paths of the box's middle: the straight segment, the L, the staircase and the slide
    const mid = (x: number, y: number): [number, number] => [toCss(g, x + SIZE / 2), toCss(g, y + SIZE / 2)];
    path(ctx, [mid(s.x, s.y), mid(target.x, target.y)], 'rgba(255, 255, 255, 0.6)', 1.5, [3, 4]);
    path(ctx, [mid(s.x, s.y), mid(a.move.box.x, s.y), mid(a.move.box.x, a.move.box.y)], COLOR.move, 2.5);
    if (a.stairs) path(ctx, a.stairs.map(([x, y]) => mid(x, y)), COLOR.sweep, 2.5);
    if (a.end !== a.stop) path(ctx, [mid(a.stop.box.x, a.stop.box.y), mid(a.end.box.x, a.end.box.y)], COLOR.sweep, 2, [5, 3]);

    drawBox(ctx, g, a.move.box, { color: COLOR.move, fill: COLOR.moveFill });
    if (a.end !== a.stop) drawBox(ctx, g, a.stop.box, { color: COLOR.sweep, fill: 'rgba(0, 0, 0, 0)', thin: true });
    drawBox(ctx, g, a.end.box, { color: COLOR.sweep, fill: COLOR.sweepFill });
    // over the answers: a move that arrives hides neither its target nor itself
    drawTarget(ctx, g, target, this.focused === 1);
    drawBox(ctx, g, start, { color: COLOR.start, fill: 'rgba(255, 255, 255, 0.18)', focused: this.focused === 0 });
  }
}

function path(ctx: CanvasRenderingContext2D, pts: Array<[number, number]>, color: string, width: number, dash: number[] = []): void {
  if (pts.length < 2) return;
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.lineJoin = 'round';
  ctx.setLineDash(dash);
  ctx.beginPath();
  ctx.moveTo(snap(pts[0][0]), snap(pts[0][1]));
  for (const [x, y] of pts.slice(1)) ctx.lineTo(snap(x), snap(y));
  ctx.stroke();
  ctx.restore();
}

/** The target: a dashed outline (aimed at, not reached), ringed when its handle has the focus. */
function drawTarget(ctx: CanvasRenderingContext2D, g: Geometry, b: Box, focused: boolean): void {
  const l = snap(toCss(g, b.x));
  const t = snap(toCss(g, b.y));
  const w = snap(toCss(g, b.x + b.w)) - l;
  const hh = snap(toCss(g, b.y + b.h)) - t;
  ctx.save();
  ctx.fillStyle = 'rgba(255, 216, 77, 0.10)';
  ctx.fillRect(l, t, w, hh);
  ctx.strokeStyle = COLOR.target;
  ctx.lineWidth = 2;
  ctx.setLineDash([4, 3]);
  ctx.strokeRect(l + 1, t + 1, w - 2, hh - 2);
  if (focused) {
    ctx.strokeStyle = COLORS.focus;
    ctx.setLineDash([5, 4]);
    ctx.strokeRect(l - 4, t - 4, w + 8, hh + 8);
  }
  ctx.restore();
}
