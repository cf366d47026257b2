// The tile playground's view: the map canvas (tiles, the character's box, its probe points, the
// stepped move or probe), the "core says" and counter cards, the pixel-to-tile arithmetic of one
// probe, and the status line. Everything here is drawn from the game's state and the playground's
// choices (mode, tool, cursor, the step shown); nothing here changes them.
import { TOUCH } from 'earlyout';
import { h, setText } from '../../dom.ts';
import { drawScreen, geometry, prepareCanvas } from '../../board.ts';
import type { Geometry } from '../../board.ts';
import { attrName, drawHitbox, drawProbes, drawTiles, mapHeights, markStep, markTile, pxRect, tileWorld } from './draw.ts';
import type { ProbeMark } from './draw.ts';
import { HERO, hitText, kindsText, MAP_H, MAP_W, TILE_SIZE } from './model.ts';
import type { Step, TraceFn } from './model.ts';
import type { Mode } from './playground-input.ts';
import type { TilesGame } from './playground-loop.ts';

export const SHIFT = Math.log2(TILE_SIZE);

/** What the view shows besides the game. */
export interface ViewState {
  mode: Mode;
  tool: number;
  cursor: { col: number; row: number };
  /** the step-through, when the playground has one: which function and which step */
  trace: { fn: TraceFn; index: number } | null;
}

export class TilesView {
  readonly canvas: HTMLCanvasElement;
  readonly board: HTMLElement;
  readonly boardWrap: HTMLElement;
  readonly statusEl: HTMLElement;
  /** the cards beside the map */
  readonly side: HTMLElement[];
  /** the card of the core's counters (one of side) */
  readonly counters: HTMLElement;
  geom!: Geometry;
  private out: Record<string, HTMLElement> = {};
  private arith: HTMLElement;
  private arithWhich: HTMLElement;

  constructor(
    private game: TilesGame,
    private state: () => ViewState,
    onResetCounters: () => void,
  ) {
    this.canvas = h('canvas', { class: 'fig-canvas', 'aria-hidden': 'true' });
    this.board = h(
      'div',
      { class: 'tl-board', tabindex: 0, role: 'application', 'aria-roledescription': 'tile map game', 'data-testid': 'board', 'aria-label': '' },
      this.canvas,
    );
    this.boardWrap = h('div', { class: 'tl-board-wrap' }, this.board);
    this.statusEl = h('p', { class: 'tl-status', 'data-testid': 'status', role: 'status', 'aria-live': 'polite' });
    this.arith = h('div', { class: 'tl-arith', 'data-testid': 'arith' });
    this.arithWhich = h('span', { class: 'mask-hex', 'data-testid': 'arith-which' });
    const item = (key: string, label: string) => {
      this.out[key] = h('dd', { 'data-testid': key });
      return [h('dt', {}, label), this.out[key]];
    };
    this.counters = h(
      'section',
      { role: 'group', class: 'fig-card', 'aria-label': 'Counters' },
      h('div', { class: 'fig-card-head' }, h('h3', {}, 'Counted by the core'), h('button', { type: 'button', class: 'btn tl-small', 'data-testid': 'reset-counters', onclick: onResetCounters }, 'Reset')),
      h('dl', { class: 'pm-dl tl-dl' }, ...item('c-frames', 'Frames'), ...item('c-probes', 'Probe points'), ...item('c-lookups', 'Tile lookups'), ...item('c-skips', 'Cache skips'), ...item('c-frame', 'This frame')),
    );
    this.side = [
      h(
        'section',
        { role: 'group', class: 'fig-card', 'aria-label': 'What the core says' },
        h('div', { class: 'fig-card-head' }, h('h3', {}, 'The core says'), h('span', { class: 'mask-hex' }, 'map.move()')),
        h('dl', { class: 'pm-dl tl-dl' }, ...item('box', 'Box'), ...item('hit', 'Stopped on'), ...item('ground', 'On ground'), ...item('touching', 'Touching'), ...item('below', 'Below')),
      ),
      this.counters,
      h('section', { role: 'group', class: 'fig-card', 'aria-label': 'Pixel to tile' }, h('div', { class: 'fig-card-head' }, h('h3', {}, 'Pixel → tile'), this.arithWhich), this.arith),
    ];
  }

  // ---- panels --------------------------------------------------------------------------------

  renderPanels(): void {
    const { hero, totals, lastFrameCounts } = this.game;
    const b = hero.box;
    const r = hero.last;
    const stuck = r ? (r.touching & TOUCH.SOLID) !== 0 : false;
    const ds = this.board.dataset;
    ds.x = String(b.x);
    ds.y = String(b.y);
    ds.onGround = String(r?.onGround ?? false);
    ds.touching = r ? kindsText(r.touching) : '';
    ds.below = r ? kindsText(r.below) : '';
    ds.hit = r ? hitText(r.hit) : '';
    ds.climbing = String(hero.climbing);
    ds.stuck = String(stuck);
    ds.frame = String(this.game.frameNo);
    ds.deaths = String(hero.deaths);
    setText(this.out.box, `x ${b.x}, y ${b.y} · ${b.w} × ${b.h}`);
    setText(this.out.hit, r ? hitText(r.hit) : '–');
    setText(this.out.ground, r ? (r.onGround ? 'yes' : 'no') : '–');
    setText(this.out.touching, r ? kindsText(r.touching) + (stuck ? ' — inside a wall!' : '') : '–');
    this.out.touching.classList.toggle('tl-bad', stuck);
    setText(this.out.below, r ? kindsText(r.below) : '–');
    const t = totals;
    const set = (key: string, v: number, text = String(v)) => {
      this.out[key].dataset.value = String(v);
      setText(this.out[key], text);
    };
    set('c-frames', t.frames);
    set('c-probes', t.probes);
    set('c-lookups', t.lookups);
    set('c-skips', t.skips, t.frames ? `${t.skips} of ${t.frames} frames (${Math.round((100 * t.skips) / t.frames)}%)` : '0');
    setText(this.out['c-frame'], `${lastFrameCounts.probes} probes, ${lastFrameCounts.lookups} lookups`);
    this.renderStatus();
    this.renderArith();
  }

  renderStatus(): void {
    const { hero, map } = this.game;
    const { mode, cursor, tool } = this.state();
    const r = hero.last;
    const b = hero.box;
    let where = 'in the air';
    if (r && (r.touching & TOUCH.SOLID) !== 0) where = 'stuck inside a wall';
    else if (hero.climbing) where = 'climbing a ladder';
    else if (r && r.touching & TOUCH.WATER) where = 'in water';
    else if (r?.onGround) where = 'standing';
    const paint = `Paint cursor on tile (${cursor.col}, ${cursor.row}), ${attrName(map.getCell(cursor.col, cursor.row))}; painting ${attrName(tool)}.`;
    setText(this.statusEl, mode === 'paint' ? paint : `The character is ${where} at x ${b.x}, y ${b.y}.${hero.deaths ? ` Respawned ${hero.deaths}×.` : ''}`);
    this.board.setAttribute(
      'aria-label',
      mode === 'paint'
        ? `Tile map, ${MAP_W} by ${MAP_H} tiles. Arrow keys move the paint cursor, Space or Enter paints, Delete erases, 0 to 5 choose the tile.`
        : `Tile map game. Arrow keys or A and D walk, Space or Up jumps, Up and Down climb ladders, Down drops through one-way platforms, N runs one frame.`,
    );
  }

  /** The probe the arithmetic panel explains: the stepped one, else the lowest-left point (the foot). */
  private arithProbe(): number {
    const { trace } = this.state();
    const { probes, probeSteps } = this.game;
    const st = trace && trace.fn === 'probe' ? probeSteps[trace.index] : undefined;
    if (st && st.probe !== null) return st.probe;
    let best = 0;
    probes.forEach((p, i) => {
      const q = probes[best];
      if (p.y > q.y || (p.y === q.y && p.x < q.x)) best = i;
    });
    return best;
  }

  renderArith(): void {
    const { trace } = this.state();
    const { map, probes } = this.game;
    const line = (testid: string, ...parts: Array<string | HTMLElement>) => h('div', { class: 'tl-arith-line', 'data-testid': testid }, ...parts);
    const code = (t: string | number) => h('code', {}, String(t));
    // stepping a move: the tile the current LOOKUP read, with the attr the trace recorded
    const st = trace && !this.game.running && trace.fn === 'move' ? this.game.moveSteps[trace.index] : undefined;
    if (st && st.kind === 'LOOKUP' && st.col !== null && st.row !== null) {
      const outside = st.b >= 256;
      const attr = outside ? st.b - 256 : st.b;
      const id = outside ? 0 : map.getCell(st.col, st.row);
      const index = map.index(st.col, st.row); // the core's cell index
      setText(this.arithWhich, `move() lookup`);
      this.arith.dataset.col = String(st.col);
      this.arith.dataset.row = String(st.row);
      this.arith.dataset.attr = String(attr);
      this.arith.replaceChildren(
        line('arith-col', `tile column ${st.col}, row ${st.row}: the step's pixels >> ${SHIFT}`),
        outside
          ? line('arith-index', 'outside the map: no cell is read; the outside policy answers')
          : line('arith-index', code(`row × width + col = ${st.row} × ${MAP_W} + ${st.col} = ${index}`), ' = index'),
        outside ? line('arith-attr', code(`attr = ${attrName(attr)}`)) : line('arith-attr', code(`cells[${index}] = ${id}`), ' → ', code(`attrs[${id}] = ${attr}`), ` ${attrName(attr)}`),
      );
      return;
    }
    const i = this.arithProbe();
    const p = probes[i];
    if (!p) {
      this.arith.replaceChildren();
      return;
    }
    setText(this.arithWhich, `probe ${i + 1} of ${probes.length}`);
    const lines: HTMLElement[] = [
      line('arith-col', code(`x = ${p.x}`), ' → ', code(`${p.x} >> ${SHIFT} = ${p.col}`), ' = col'),
      line('arith-row', code(`y = ${p.y}`), ' → ', code(`${p.y} >> ${SHIFT} = ${p.row}`), ' = row'),
    ];
    if (p.outside) {
      lines.push(line('arith-index', 'outside the map: no cell is read; the outside policy answers'), line('arith-attr', code(`attr = ${attrName(p.attr)}`)));
    } else {
      const id = map.getCell(p.col, p.row),
        index = map.index(p.col, p.row);
      lines.push(
        line('arith-index', code(`row × width + col = ${p.row} × ${MAP_W} + ${p.col} = ${index}`), ' = index'),
        line('arith-attr', code(`cells[${index}] = ${id}`), ' → ', code(`attrs[${id}] = ${p.attr}`), ` ${attrName(p.attr)}`),
      );
    }
    this.arith.dataset.col = String(p.col);
    this.arith.dataset.row = String(p.row);
    this.arith.dataset.attr = String(p.attr);
    this.arith.replaceChildren(...lines);
  }

  // ---- drawing -------------------------------------------------------------------------------

  draw(): void {
    const { map, hero, probes, frame } = this.game;
    const { trace, mode, cursor } = this.state();
    const available = Math.min(this.boardWrap.clientWidth || 768, 1024);
    this.geom = geometry(available, tileWorld(map, 0, 4));
    const g = this.geom;
    const ctx = prepareCanvas(this.canvas, g);
    this.board.style.width = `${g.cssW}px`;
    this.board.style.height = `${g.cssH}px`;
    this.board.dataset.scale = String(g.s);
    drawScreen(ctx, g, { labels: false });
    drawTiles(ctx, g, map, mapHeights(map));

    const stepping = trace !== null && !this.game.running;
    const r = hero.last;
    const stuck = r ? (r.touching & TOUCH.SOLID) !== 0 : false;
    let marks: ProbeMark[] = probes.map((p) => ({ x: p.x, y: p.y, attr: p.attr, state: 'done' as const }));

    if (stepping && trace.fn === 'move' && frame) {
      const st = this.game.moveSteps[trace.index];
      drawHitbox(ctx, g, frame.before, { color: 'rgba(255, 255, 255, 0.55)' });
      if (st) this.drawMoveStep(ctx, g, st);
      marks = [];
    } else if (stepping && trace.fn === 'probe') {
      const st = this.game.probeSteps[trace.index];
      const cur = st?.probe ?? -1;
      marks = probes.map((p, i) => ({ x: p.x, y: p.y, attr: i < cur || (i === cur && st?.kind === 'LOOKUP') ? p.attr : undefined, state: i < cur ? 'done' : i === cur ? 'current' : 'waiting' }));
      if (st && st.kind === 'LOOKUP' && st.col !== null && st.row !== null) markTile(ctx, g, st.col, st.row, TILE_SIZE);
    }
    drawHitbox(ctx, g, hero.box, { stuck, label: stuck ? 'inside a wall' : undefined });
    drawProbes(ctx, g, marks);
    if (mode === 'paint' && this.board.matches(':focus')) markTile(ctx, g, cursor.col, cursor.row, TILE_SIZE, '#ffffff');
  }

  private drawMoveStep(ctx: CanvasRenderingContext2D, g: Geometry, st: Step): void {
    const f = this.game.frame;
    const b = this.game.hero.box;
    // the box as it was when the step began: the snap and the steps before it moved it
    if ((st.kind === 'STEP_X' || st.kind === 'STEP_Y') && f) {
      const axis = st.kind === 'STEP_X' ? 0 : 1;
      // across the axis the box spans its rows (moving on X: its y is still the start's) or its columns (on Y: after the X move)
      const q0 = axis === 0 ? f.before.y : b.x;
      const q1 = q0 + (axis === 0 ? HERO.h : HERO.w) - 1;
      markStep(ctx, g, axis, st.a, st.b, q0, q1);
    } else if ((st.kind === 'LOOKUP' || st.kind === 'PASS') && st.col !== null && st.row !== null) {
      markTile(ctx, g, st.col, st.row, TILE_SIZE);
    } else if (st.kind === 'BLOCKED' && f) {
      const [l, t, w, hh] = st.a === 0 ? pxRect(g, st.b, f.before.y, 1, HERO.h) : pxRect(g, b.x, st.b, HERO.w, 1);
      ctx.save();
      ctx.fillStyle = 'rgba(255, 59, 78, 0.7)';
      ctx.fillRect(l, t, w, hh);
      ctx.restore();
    }
  }
}
