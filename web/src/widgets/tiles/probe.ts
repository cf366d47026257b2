// Lesson 5's first figure: one 16 x 16 box to drag over a small tile map, and the four corner
// points map.probe(box, 'corners') reads. Each point, its tile (column, row) and what the tile is
// come from the core; the page only draws them. One control: the box.
//   drag / keys -> box -> core probe() -> draw + list
import { TILE } from 'earlyout';
import type { TileMap, TileProbe } from 'earlyout';
import type { Box, Earlyout } from '../../core.ts';
import { h, setText } from '../../dom.ts';
import { drawScreen, Board } from '../../board.ts';
import { int, ownFigure, UrlState } from '../../urlstate.ts';
import { attrName, drawHitbox, drawProbes, drawTiles, markTile, tileWorld } from './draw.ts';
import { kindsText } from './model.ts';
import type { Lifecycle } from '../../lifecycle.ts';

const COLS = 16;
const ROWS = 10;
const T = 8;
const SIZE = 16;
const MAX_X = COLS * T - SIZE;
const MAX_Y = ROWS * T - SIZE;
/** . empty, # solid, = one-way: a ledge, a step and a floor, so the corners have something to find */
const ART = [
  '................',
  '................',
  '..........===...',
  '................',
  '....#...........',
  '....#.......##..',
  '....#.......##..',
  '................',
  '................',
  '################',
];
const START: Box = { x: 44, y: 36, w: SIZE, h: SIZE };

function artCells(): Uint8Array {
  const cells = new Uint8Array(COLS * ROWS);
  ART.forEach((line, row) => {
    for (let col = 0; col < COLS; col++) cells[row * COLS + col] = line[col] === '#' ? TILE.SOLID : line[col] === '=' ? TILE.ONE_WAY : TILE.EMPTY;
  });
  return cells;
}

const clamp = (v: number, lo: number, hi: number): number => Math.max(lo, Math.min(hi, v));
/** the core's order: clockwise from the top-left corner (tiles_probe.c, eo_tiles_probe) */
const CORNER_NAMES = ['top left', 'top right', 'bottom right', 'bottom left'];

export class TilesProbe {
  private map: TileMap;
  private box: Box = { ...START };
  private points: TileProbe[] = [];
  private kinds = 0;
  private focused = false;
  private board: Board;
  private boardWrap: HTMLElement;
  private rows: HTMLElement[] = [];
  private says: HTMLElement;
  private url: UrlState<{ x: number; y: number }> | null = null;

  constructor(host: HTMLElement, private life: Lifecycle, eo: Earlyout) {
    this.map = eo.tiles.createMap({ width: COLS, height: ROWS, tileSize: T, outside: 'solid', cells: artCells() });
    life.own(() => this.map.dispose()); // the core's map goes with the widget
    this.board = new Board({
      names: ['box'],
      testidPrefix: 'pr-',
      onMove: (_i, b) => this.moveTo(b.x, b.y),
      onFocus: (i) => {
        this.focused = i !== null;
        this.draw();
      },
      describe: () => `The box, 16 × 16 px at x ${this.box.x}, y ${this.box.y}. Drag it, or use the arrow keys (Shift for 8 px).`,
    });
    this.boardWrap = h('div', { class: 'fig-board-wrap' }, this.board.root);
    const list = h('ol', { class: 'tl-probe-list', 'data-testid': 'pr-points' });
    for (let k = 0; k < 4; k++) {
      const li = h('li', { 'data-testid': `pr-point-${k}` });
      this.rows.push(li);
      list.appendChild(li);
    }
    this.says = h('p', { class: 'tl-sweep-says', 'data-testid': 'pr-says', role: 'status', 'aria-live': 'polite' });
    const root = h(
      'div',
      { class: 'fig-playground tl-probe', 'data-testid': 'probe-root' },
      h(
        'div',
        { class: 'fig-main' },
        // how to move the box and what the tiles are is said before the figure and in its caption,
        // so on a phone what the corners read comes right under the map
        h('div', { class: 'fig-board-col' }, this.boardWrap),
        h(
          'div',
          { class: 'fig-side' },
          // the answer first: beside the map on a wide screen, right under it on a phone
          this.says,
          h(
            'section',
            { role: 'group', class: 'fig-card', 'aria-label': 'What the corners read' },
            h('div', { class: 'fig-card-head' }, h('h3', {}, 'Four corners'), h('span', { class: 'mask-hex' }, "map.probe(box, 'corners')")),
            list,
          ),
        ),
      ),
    );
    host.replaceChildren(root);
    this.life.onResize(this.boardWrap, () => this.draw());
    this.update();
    const figure = ownFigure(host, 'tiles-probe');
    if (figure) {
      this.url = new UrlState(this.life, figure, { x: int(0, MAX_X, 'x'), y: int(0, MAX_Y, 'y') }, {
        get: () => ({ x: this.box.x, y: this.box.y }),
        apply: (v) => {
          this.box = { x: v.x, y: v.y, w: SIZE, h: SIZE };
          this.update();
        },
      });
    }
  }

  /** The box stays on the map, as its link keeps it. */
  private moveTo(x: number, y: number): void {
    this.box = { x: clamp(x, 0, MAX_X), y: clamp(y, 0, MAX_Y), w: SIZE, h: SIZE };
    this.update();
    this.url?.changed('drag');
  }

  private update(): void {
    const r = this.map.probe(this.box, 'corners');
    this.points = r.points;
    this.kinds = r.kinds;
    this.points.forEach((p, k) => {
      const li = this.rows[k];
      if (!li) return;
      li.dataset.attr = String(p.attr);
      li.replaceChildren(
        h('span', { class: 'tl-probe-name' }, CORNER_NAMES[k] ?? `point ${k + 1}`),
        ` (${p.x}, ${p.y}) → tile (${p.col}, ${p.row}): `,
        h('strong', {}, attrName(p.attr)),
      );
    });
    // the columns the box spans, as the core's edge probes (at most a tile apart) find them
    const spanned = new Set(this.map.probe(this.box, 'edges').points.map((p) => p.col)).size;
    const cols = new Set(this.points.map((p) => p.col)).size;
    setText(
      this.says,
      (this.kinds ? `The corners read ${kindsText(this.kinds)}. ` : 'The corners read only empty tiles. ') +
        (spanned > cols ? `The box spans ${spanned} tile columns; its corners look at ${cols} of them.` : `The box spans ${spanned} tile column${spanned === 1 ? '' : 's'}; its corners look at every one.`),
    );
    const d = this.boardWrap.dataset;
    d.box = `${this.box.x},${this.box.y}`;
    d.spanned = String(spanned);
    d.read = String(cols);
    this.draw();
  }

  private draw(): void {
    const ctx = this.board.layout(tileWorld(this.map, 0, 4), [this.box], Math.min(this.boardWrap.clientWidth || 512, 560));
    const g = this.board.geom;
    drawScreen(ctx, g, { labels: false });
    drawTiles(ctx, g, this.map);
    for (const p of this.points) markTile(ctx, g, p.col, p.row, T);
    drawHitbox(ctx, g, this.box, { focused: this.focused });
    drawProbes(ctx, g, this.points.map((p) => ({ x: p.x, y: p.y, attr: p.attr, state: 'done' as const })));
  }
}
