// A height-array editor for one 16-px slope tile: drag the columns (mouse, touch) or pick a
// column with Left/Right and change it with Up/Down. Each edit goes into the core as a user
// slope (map.setSlopes, shape SLOPE.USER); the bars, the numbers, the groundAt() readout and the
// little course below are all read back from the core, and a box walks over the new tile.
import { SLOPE } from 'earlyout';
import type { TileMap } from 'earlyout';
import type { Box, Earlyout } from '../../core.ts';
import { h, reducedMotion, setText, uniqueId } from '../../dom.ts';
import { COLORS, drawScreen, geometry, prepareCanvas, toCss } from '../../board.ts';
import type { World } from '../../board.ts';
import { drawCharacter, drawMap, drawTileGrid, renderMap, SLOPE_COLORS } from './draw.ts';
import { attrName, SHAPES, T, textMap } from './model.ts';
import { int, ints, ownFigure, UrlState } from '../../urlstate.ts';
import type { Lifecycle } from '../../lifecycle.ts';
import { capturePointer } from '../../input.ts';

/** css px per height-array pixel */
const CELL = 20;
/** A curve to start from: steps of at most 2 px, empty in its first columns. */
const START = [0, 0, 1, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 13, 14, 16];
/** The course under the editor: u is the tile being edited, with a plateau and a 45° way down. */
const COURSE = ['.........', '...u#\\...', '#########'];
/** The walker climbs and descends at most this much per pixel (slopes.h: max_step). */
const PATROL_STEP = 2;
const PATROL_BOX: Box = { x: 6, y: 2 * T - 12, w: 10, h: 12 };

/** What a challenge built on the editor changes. */
export interface EditorSetup {
  /** the heights to start from (default: a curve) */
  start?: readonly number[];
  /** the course under the editor, as textMap rows; u is the edited tile, v the shape extraSlopes() gives */
  course?: readonly string[];
  /** where u is on the course */
  userCol?: number;
  userRow?: number;
  /** heights of the shapes after the edited one (SLOPE.USER + 1, ...), asked again on every update */
  extraSlopes?(): Uint8Array;
  patrolStep?: number;
  courseHelp?: string;
  /** shown under the course, e.g. a challenge's checks */
  extraPanel?: HTMLElement;
  /** after every edit: the map that holds the new heights */
  onChange?(map: TileMap, heights: Uint8Array): void;
  /** a lesson's first figure: the bars and what a sensor reads there; no shapes to start from, no course */
  minimal?: boolean;
}

export class SlopeEditor {
  private heights: Uint8Array;
  private url: UrlState<{ h: number[]; c: number }> | null = null;
  private course: readonly string[];
  private userCol: number;
  private userRow: number;
  private patrolStep: number;
  private stepLabel: HTMLElement;
  private map: TileMap;
  private bitmap: HTMLCanvasElement;
  private column = 8;
  private focused = false;
  private dragging: number | null = null;
  private grid: HTMLElement;
  private canvas: HTMLCanvasElement;
  private numbers: HTMLElement[];
  private status: HTMLElement;
  private readout: HTMLElement;
  private boardCanvas: HTMLCanvasElement;
  private boardWrap: HTMLElement;
  private playBtn: HTMLButtonElement;
  private box: Box = { ...PATROL_BOX };
  private dir = 1;
  private playing = !reducedMotion();
  private visible = false;
  private raf = 0;

  constructor(host: HTMLElement, private life: Lifecycle, eo: Earlyout, private setup: EditorSetup = {}) {
    this.heights = Uint8Array.from(setup.start ?? START);
    this.course = setup.course ?? COURSE;
    this.userCol = setup.userCol ?? 3;
    this.userRow = setup.userRow ?? 1;
    this.patrolStep = setup.patrolStep ?? PATROL_STEP;
    this.stepLabel = h('span', { class: 'mask-hex', 'data-testid': 'patrol-step' }, `walk, max step ${this.patrolStep}`);
    this.map = textMap(eo, this.course, this.allSlopes());
    life.own(() => this.map.dispose()); // the core's map goes with the widget
    this.bitmap = renderMap(this.map);
    this.canvas = h('canvas', { class: 'sl-grid-canvas', 'aria-hidden': 'true' });
    const statusId = uniqueId('sl-status');
    this.status = h('p', { class: 'sl-status', id: statusId, 'data-testid': 'editor-status', 'aria-live': 'polite' });
    this.grid = h(
      'div',
      {
        class: 'sl-grid',
        tabindex: 0,
        role: 'application',
        'aria-roledescription': 'height array editor',
        'aria-label': 'Slope tile, 16 columns of 0 to 16 pixels. Left and Right pick a column, Up and Down change its height, Page Up fills it, Page Down empties it.',
        'aria-describedby': statusId,
        'data-testid': 'heights-grid',
      },
      this.canvas,
    );
    this.numbers = Array.from({ length: T }, (_, i) => h('span', { class: 'sl-num', 'data-testid': `height-${i}`, title: `column ${i}` }, '0'));
    this.readout = h('p', { class: 'sl-readout', 'data-testid': 'ground-readout' });
    const presets = h(
      'div',
      { class: 'presets', role: 'group', 'aria-label': 'Built-in shapes' },
      h('span', { class: 'presets-label' }, 'Start from'),
      ...SHAPES.map((s) => h('button', { type: 'button', class: 'chip', 'data-testid': `preset-${s.key}`, onclick: () => this.setAll(this.map.heights(s.shape)) }, s.label)),
      h('button', { type: 'button', class: 'chip', 'data-testid': 'preset-curve', onclick: () => this.setAll(Uint8Array.from(START)) }, 'Curve'),
      h('button', { type: 'button', class: 'chip', 'data-testid': 'preset-empty', onclick: () => this.setAll(new Uint8Array(T)) }, 'Empty'),
    );
    this.boardCanvas = h('canvas', { class: 'fig-canvas', 'aria-hidden': 'true' });
    this.boardWrap = h('div', { class: 'fig-board-wrap sl-course-wrap' }, h('div', { class: 'fig-board sl-course', 'data-testid': 'editor-course' }, this.boardCanvas));
    this.playBtn = h('button', { type: 'button', class: 'btn', 'data-testid': 'patrol-play', 'aria-pressed': String(this.playing), onclick: () => this.setPlaying(!this.playing) }, '');
    const root = h(
      'div',
      { class: 'fig-playground sl-editor' },
      setup.minimal ? null : presets,
      h(
        'div',
        { class: 'sl-editor-main' },
        h('div', { class: 'sl-grid-col' }, this.grid, h('div', { class: 'sl-nums', 'aria-label': 'Heights, as the core stores them', role: 'group' }, ...this.numbers), this.status),
        h(
          'div',
          { class: 'fig-side' },
          h('section', { role: 'group', class: 'fig-card', 'aria-label': 'What a sensor reads' }, h('div', { class: 'fig-card-head' }, h('h3', {}, 'A sensor in this column')), this.readout),
          setup.minimal
            ? null
            : h(
                'section',
                { role: 'group', class: 'fig-card', 'aria-label': 'The tile on a course' },
                h('div', { class: 'fig-card-head' }, h('h3', {}, 'On a course'), this.stepLabel, this.playBtn),
                this.boardWrap,
                h('p', { class: 'fig-help' }, setup.courseHelp ?? 'Your tile is the fourth one, between flat ground and a solid block; a 45° tile leads back down. The box walks with map.walk() and turns round at walls.'),
              ),
          setup.extraPanel ?? null,
        ),
      ),
    );
    host.replaceChildren(root);
    this.wire();
    if (!setup.minimal) {
      this.life.onVisible(root, (v) => {
        this.visible = v;
        this.loop();
      });
      this.life.onResize(this.boardWrap, () => this.drawCourse());
    }
    this.update();
    const figure = ownFigure(host, 'slopes-editor');
    if (figure) {
      // a column holds 0 .. 16 px, as the editor keeps it (setColumn)
      this.url = new UrlState(this.life, figure, { h: ints(T, 0, T, 'heights'), c: int(0, T - 1, 'column') }, {
        get: () => ({ h: [...this.heights], c: this.column }),
        apply: (v) => {
          this.heights = Uint8Array.from(v.h);
          this.column = v.c;
          this.update();
        },
      });
    }
  }

  private setPlaying(on: boolean): void {
    this.playing = on;
    this.loop();
    this.renderPlay();
  }

  private renderPlay(): void {
    this.playBtn.setAttribute('aria-pressed', String(this.playing));
    setText(this.playBtn, this.playing ? '❚❚ Pause' : '▶ Walk');
  }

  private loop(): void {
    this.life.cancelFrame(this.raf);
    if (!this.playing || !this.visible) return;
    const frame = () => {
      this.patrol();
      this.drawCourse();
      this.raf = this.life.frame(frame);
    };
    this.raf = this.life.frame(frame);
  }

  /** One frame of the walker: a pixel along the ground, turning round at walls; falls if in the air. */
  private patrol(): void {
    const r = this.map.walk(this.box, this.dir, this.patrolStep);
    this.box = r.box;
    if (r.hit) this.dir = -this.dir;
    if (!r.onGround) this.box = this.map.move(this.box, 0, 2).box;
    this.grid.closest('.sl-editor')?.setAttribute('data-walker', `${this.box.x},${this.box.y}`);
  }

  private setAll(heights: Uint8Array): void {
    this.heights = Uint8Array.from(heights);
    this.update();
    this.url?.changed('step');
  }

  /** Chooses column i and sets its height (kept in 0 .. 16). */
  private setColumn(i: number, height: number): void {
    const v = Math.max(0, Math.min(T, Math.round(height)));
    if (this.heights[i] === v && this.column === i) return;
    this.column = i;
    this.heights[i] = v;
    this.update();
    this.url?.changed('drag');
  }

  private wire(): void {
    const g = this.grid;
    g.addEventListener('focus', () => {
      this.focused = true;
      this.drawGrid();
    });
    g.addEventListener('blur', () => {
      this.focused = false;
      this.drawGrid();
    });
    g.addEventListener('keydown', (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const i = this.column;
      const hgt = this.heights[i];
      const keys: Record<string, () => void> = {
        ArrowLeft: () => this.select(i - 1),
        ArrowRight: () => this.select(i + 1),
        Home: () => this.select(0),
        End: () => this.select(T - 1),
        ArrowUp: () => this.setColumn(i, hgt + 1),
        ArrowDown: () => this.setColumn(i, hgt - 1),
        PageUp: () => this.setColumn(i, T),
        PageDown: () => this.setColumn(i, 0),
      };
      const act = keys[e.key];
      if (!act) return;
      e.preventDefault();
      act();
    });
    const at = (e: PointerEvent): [number, number] => {
      const r = this.canvas.getBoundingClientRect();
      const cell = r.width / T || CELL; // as drawn: the grid shrinks on narrow screens
      const col = Math.max(0, Math.min(T - 1, Math.floor((e.clientX - r.left) / cell)));
      // the pointer's row sets the top of the column: the cell under it is the column's top pixel
      const height = T - Math.floor((e.clientY - r.top) / cell);
      return [col, height];
    };
    g.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      e.preventDefault();
      g.focus({ preventScroll: true });
      capturePointer(g, e);
      this.dragging = e.pointerId;
      this.setColumn(...at(e));
    });
    g.addEventListener('pointermove', (e) => {
      if (this.dragging !== e.pointerId) return;
      this.setColumn(...at(e));
    });
    const end = (e: PointerEvent) => {
      if (this.dragging === e.pointerId) this.dragging = null;
    };
    g.addEventListener('pointerup', end);
    g.addEventListener('pointercancel', end);
  }

  private select(i: number): void {
    this.column = Math.max(0, Math.min(T - 1, i));
    this.update();
    this.url?.changed('drag');
  }

  /** The edited shape, then the setup's others: what map.setSlopes() takes. */
  private allSlopes(): Uint8Array {
    const extra = this.setup.extraSlopes?.() ?? new Uint8Array(0);
    const all = new Uint8Array(T + extra.length);
    all.set(this.heights);
    all.set(extra, T);
    return all;
  }

  /** The walker's max step (a challenge changes it). */
  setPatrolStep(n: number): void {
    this.patrolStep = n;
    setText(this.stepLabel, `walk, max step ${n}`);
  }

  /** Hands the heights to the core, then shows what the core holds and answers. */
  update(): void {
    this.map.setSlopes(this.allSlopes());
    const stored = this.map.heights(SLOPE.USER);
    stored.forEach((v, i) => {
      setText(this.numbers[i], String(v));
      this.numbers[i].dataset.value = String(v);
      this.numbers[i].classList.toggle('is-current', i === this.column);
    });
    this.grid.dataset.column = String(this.column);
    this.grid.dataset.heights = stored.join(',');
    this.bitmap = renderMap(this.map);
    // a raised column may now be under the walker: lift it onto the new surface (the core's answer)
    const under = this.map.boxGround(this.box, 3);
    if (under && under.distance < 0) this.box = { ...this.box, y: this.box.y + under.distance };
    this.renderReadout(stored[this.column]);
    this.renderPlay();
    this.drawGrid(stored);
    this.drawCourse();
    this.setup.onChange?.(this.map, stored);
  }

  private renderReadout(height: number): void {
    const x = this.userCol * T + this.column;
    const y = this.userRow * T + T / 2;
    const g = this.map.groundAt(x, y);
    const el = this.readout;
    el.dataset.x = String(x);
    el.dataset.y = String(y);
    el.dataset.groundY = g ? String(g.groundY) : '';
    el.dataset.height = g ? String(g.height) : '';
    el.dataset.row = g ? String(g.row) : '';
    const how = height === 0 ? 'The column is empty: the sensor extends into the tile below.' : height === T ? 'The column is full: the sensor regresses into the tile above.' : 'The surface is inside this tile.';
    el.replaceChildren(
      h('code', {}, `map.groundAt(${x}, ${y})`),
      ' → ',
      g
        ? h('span', {}, 'ground at y = ', h('strong', { 'data-testid': 'ground-y' }, String(g.groundY)), `, height ${g.height} in tile (${g.col}, ${g.row}), ${attrName(g.attr)}.`)
        : h('strong', { 'data-testid': 'ground-y' }, 'no ground within a tile'),
      h('br', {}),
      h('span', { class: 'sl-muted' }, `Column ${this.column} is ${height} px high. ${how}`),
    );
    setText(this.status, `Column ${this.column}: height ${height}. Ground found at y ${g ? g.groundY : 'none'}.`);
  }

  private drawGrid(stored: Uint8Array = this.map.heights(SLOPE.USER)): void {
    const size = T * CELL;
    const ctx = prepareCanvas(this.canvas, { cssW: size, cssH: size });
    ctx.fillStyle = COLORS.screen;
    ctx.fillRect(0, 0, size, size);
    const [sr, sg, sb] = SLOPE_COLORS.slope;
    ctx.fillStyle = `rgb(${sr}, ${sg}, ${sb})`;
    stored.forEach((v, i) => ctx.fillRect(i * CELL, size - v * CELL, CELL, v * CELL));
    ctx.strokeStyle = 'rgba(160, 180, 220, 0.16)';
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let k = 1; k < T; k++) {
      ctx.moveTo(k * CELL + 0.5, 0);
      ctx.lineTo(k * CELL + 0.5, size);
      ctx.moveTo(0, k * CELL + 0.5);
      ctx.lineTo(size, k * CELL + 0.5);
    }
    ctx.stroke();
    // the surface: the top edge of every column
    ctx.strokeStyle = SLOPE_COLORS.surface;
    ctx.lineWidth = 3;
    ctx.beginPath();
    stored.forEach((v, i) => {
      const y = size - v * CELL;
      if (i === 0) ctx.moveTo(0, y);
      else ctx.lineTo(i * CELL, y);
      ctx.lineTo((i + 1) * CELL, y);
    });
    ctx.stroke();
    ctx.strokeStyle = this.focused ? COLORS.focus : 'rgba(255, 216, 77, 0.55)';
    ctx.lineWidth = 2;
    ctx.setLineDash(this.focused ? [] : [4, 3]);
    ctx.strokeRect(this.column * CELL + 1, 1, CELL - 2, size - 2);
  }

  private drawCourse(): void {
    if (this.setup.minimal) return; // no course on the page
    const world: World = { screenW: this.course[0].length * T, screenH: this.course.length * T, cellW: T, cellH: T, margin: 0, maxScale: 4 };
    const g = geometry(Math.min(this.boardWrap.clientWidth || 400, 480), world);
    const ctx = prepareCanvas(this.boardCanvas, g);
    this.boardCanvas.parentElement!.style.width = `${g.cssW}px`;
    drawScreen(ctx, g, { labels: false });
    drawMap(ctx, g, this.bitmap);
    drawTileGrid(ctx, g);
    ctx.save();
    ctx.strokeStyle = COLORS.focus;
    ctx.lineWidth = 2;
    ctx.setLineDash([4, 3]);
    ctx.strokeRect(toCss(g, this.userCol * T) + 1, toCss(g, this.userRow * T) + 1, T * g.s - 2, T * g.s - 2);
    ctx.restore();
    drawCharacter(ctx, g, this.box, false);
  }
}
