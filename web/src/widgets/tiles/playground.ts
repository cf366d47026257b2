// The tile-probe playground: a 32 x 20 map of 8 px tiles to paint, a character driven by the
// keyboard or touch buttons, its probe points lit with what the core read, the pixel-to-tile
// arithmetic of one probe, counters, and optionally one frame stepped beside core/src/tiles.c.
//   input -> game loop (model.ts) -> core move() + probe() -> draw + panels
import tilesSource from '../../../../core/src/tiles.c';
import { HIT, TOUCH } from 'earlyout';
import type { TileMap, TileProbe, TilesCache } from 'earlyout';
import type { Earlyout } from '../../core.ts';
import { presetChips, segmented } from '../../controls.ts';
import type { Segmented } from '../../controls.ts';
import { h, setText } from '../../dom.ts';
import { drawScreen, geometry, prepareCanvas } from '../../kit/stage.ts';
import type { Geometry } from '../../kit/stage.ts';
import { Stepper } from '../../kit/stepper.ts';
import { attrName, drawHitbox, drawProbes, drawTiles, mapHeights, markStep, markTile, pxRect, tileWorld } from './draw.ts';
import type { ProbeMark } from './draw.ts';
import { explainStep, HERO, hitText, kindsText, labelSteps, MAP_H, MAP_W, newHero, NO_INPUT, PALETTE, presetCells, PRESETS, stepHero, stepNote, TILE_SIZE } from './model.ts';
import type { Frame, Hero, Input, Preset, Step, TraceFn } from './model.ts';
import { oneOf, ownFigure, StateError, UrlState } from '../../urlstate.ts';
import type { Codec } from '../../urlstate.ts';
import { stepperKeys } from '../../kit/input.ts';
import type { Lifecycle } from '../../kit/lifecycle.ts';

/** The painted map in a link: runs of one tile kind, a letter per palette entry (a empty, b solid,
    c one-way, d ladder, e hazard, f water, g spike block, h ladder top, i half top, j half bottom,
    k one-way half, l one-way slope) and a count; "b33a30b2..." The runs must fill the map. */
const mapCodec: Codec<Uint8Array> = {
  parse(parts) {
    if (parts.length !== 1 || !/^([a-z]\d{1,3})+$/.test(parts[0])) throw new StateError('the map is not runs of a tile letter and a count');
    const cells = new Uint8Array(MAP_W * MAP_H);
    let at = 0;
    for (const [, letter, count] of parts[0].matchAll(/([a-z])(\d+)/g)) {
      const tile = PALETTE[letter.charCodeAt(0) - 97];
      if (!tile) throw new StateError(`the map has an unknown tile "${letter}"`);
      const n = Number(count);
      if (n < 1 || at + n > cells.length) throw new StateError(`the map has more than ${cells.length} tiles`);
      cells.fill(tile.attr, at, at + n);
      at += n;
    }
    if (at !== cells.length) throw new StateError(`the map has ${at} of its ${cells.length} tiles`);
    return cells;
  },
  format(cells) {
    let out = '';
    for (let i = 0; i < cells.length; ) {
      let j = i;
      while (j < cells.length && cells[j] === cells[i] && j - i < 999) j++;
      out += String.fromCharCode(97 + PALETTE.findIndex((p) => p.attr === cells[i])) + String(j - i);
      i = j;
    }
    return [out];
  },
};
const PRESET_KEYS = Object.keys(PRESETS) as Array<keyof typeof PRESETS & string>;

export interface TilesPlaygroundOptions {
  preset?: string;
  trace?: string;
  probes?: string;
  start?: string;
  controls?: string;
}

/** What a challenge built on the playground adds. */
export interface TilesPlaygroundHooks {
  /** a map of its own instead of a named preset (not offered among the preset chips) */
  preset?: Preset;
  /** shown under the map, e.g. a challenge's checks */
  extraPanel?: HTMLElement;
  /** called after the map was created and after every painted tile */
  onMapChange?(map: TileMap): void;
}

const SHIFT = Math.log2(TILE_SIZE);
const FRAME_MS = 1000 / 60;
/** how long a pad button pressed with the keyboard holds its direction while the game runs */
const TAP_MS = 160;
const PHASES = ['probe', 'X', 'Y', 'result'] as const;

type Mode = 'play' | 'paint';
type Held = 'left' | 'right' | 'up' | 'down';

export class TilesPlayground {
  readonly root: HTMLElement;
  private map: TileMap;
  private cache: TilesCache;
  private hero: Hero;
  private presetKey: string;
  private url: UrlState<{ p: string; e: 'edges' | 'corners'; m: Uint8Array }> | null = null;
  private spawn: { x: number; y: number };
  private corners: boolean;
  private mode: Mode = 'play';
  private tool = 1;
  private cursor = { col: 4, row: 16 };
  private held = { left: false, right: false, up: false, down: false };
  private jumpQueued = false;
  private running: boolean;
  private visible = false;
  private raf = 0;
  private lastTime = 0;
  private acc = 0;
  private frameNo = 0;
  private frame: Frame | null = null;
  private probes: TileProbe[] = [];
  private probeSteps: Step[] = [];
  private moveSteps: Step[] = [];
  private traceFn: TraceFn;
  private stepIndex = 0;
  private totals = { frames: 0, probes: 0, lookups: 0, skips: 0 };
  private lastFrameCounts = { probes: 0, lookups: 0 };
  private painting: number | null = null;
  private stepper: Stepper<Step> | null = null;
  private geom!: Geometry;
  // elements
  private canvas: HTMLCanvasElement;
  private stage: HTMLElement;
  private stageWrap: HTMLElement;
  private hintEl: HTMLElement;
  private statusEl: HTMLElement;
  private runBtn: HTMLButtonElement;
  private out: Record<string, HTMLElement> = {};
  private arith: HTMLElement;
  private modeSeg: Segmented;
  private probeSeg: Segmented;
  private toolSeg: Segmented;
  private fnSeg: Segmented | null = null;
  private runNote: HTMLElement | null = null;

  constructor(
    host: HTMLElement,
    private life: Lifecycle,
    private eo: Earlyout,
    opts: TilesPlaygroundOptions,
    private hooks: TilesPlaygroundHooks = {},
  ) {
    this.presetKey = opts.preset && PRESETS[opts.preset] ? opts.preset : 'play';
    const preset = hooks.preset ?? PRESETS[this.presetKey];
    this.spawn = { ...preset.spawn };
    this.corners = opts.probes === 'corners';
    this.running = opts.start !== 'pause';
    this.traceFn = 'move';
    this.map = eo.tiles.createMap({ width: MAP_W, height: MAP_H, tileSize: TILE_SIZE, outside: 'solid', cells: presetCells(preset) });
    this.cache = this.map.createCache();
    this.hero = newHero(this.spawn);
    const compact = opts.controls === 'compact';

    // ---- toolbar
    this.runBtn = h('button', { type: 'button', class: 'btn', 'data-testid': 'run', 'aria-pressed': 'false', onclick: () => this.setRunning(!this.running) }, '');
    const nextBtn = h('button', { type: 'button', class: 'btn', 'data-testid': 'next-frame', title: 'One frame with the keys held now (N)', onclick: () => this.oneFrame() }, 'Next frame');
    const respawnBtn = h('button', { type: 'button', class: 'btn', 'data-testid': 'respawn', onclick: () => this.respawn() }, 'Respawn');
    this.modeSeg = segmented('Keys drive', 'mode', [['play', 'the character'], ['paint', 'a paint cursor']], this.mode, (v) => this.setMode(v as Mode));
    this.probeSeg = segmented('Probe and move with', 'probes', [['edges', 'every edge tile'], ['corners', 'corners only']], this.corners ? 'corners' : 'edges', (v) => {
      this.corners = v === 'corners';
      this.refresh();
      this.url?.changed('step');
    });
    this.toolSeg = segmented(
      'Paint',
      'tool',
      PALETTE.map((p) => [String(p.attr), `${p.label} ${p.key}`] as const),
      String(this.tool),
      (v) => this.setTool(Number(v)),
    );
    const presets = presetChips('Maps', PRESETS, (key) => this.applyPreset(key));

    // ---- stage
    this.canvas = h('canvas', { class: 'fig-canvas', 'aria-hidden': 'true' });
    this.stage = h(
      'div',
      {
        class: 'tl-stage',
        tabindex: 0,
        role: 'application',
        'aria-roledescription': 'tile map game',
        'data-testid': 'stage',
        'aria-label': '',
      },
      this.canvas,
    );
    this.stageWrap = h('div', { class: 'tl-stage-wrap' }, this.stage);
    this.hintEl = h('p', { class: 'fig-hint', 'data-testid': 'hint' }, preset.hint);
    this.statusEl = h('p', { class: 'tl-status', 'data-testid': 'status', role: 'status', 'aria-live': 'polite' });
    const pad = this.touchPad();

    // ---- side panels
    this.arith = h('div', { class: 'tl-arith', 'data-testid': 'arith' });
    const item = (key: string, label: string) => {
      this.out[key] = h('dd', { 'data-testid': key });
      return [h('dt', {}, label), this.out[key]];
    };
    const coreCard = h(
      'section',
      { role: 'group', class: 'fig-card', 'aria-label': 'What the core says' },
      h('div', { class: 'fig-card-head' }, h('h3', {}, 'The core says'), h('span', { class: 'mask-hex' }, 'map.move()')),
      h('dl', { class: 'pm-dl tl-dl' }, ...item('box', 'Box'), ...item('hit', 'Stopped on'), ...item('ground', 'On ground'), ...item('touching', 'Touching'), ...item('below', 'Below')),
    );
    const countCard = h(
      'section',
      { role: 'group', class: 'fig-card', 'aria-label': 'Counters' },
      h('div', { class: 'fig-card-head' }, h('h3', {}, 'Counted by the core'), h('button', { type: 'button', class: 'btn tl-small', 'data-testid': 'reset-counters', onclick: () => this.resetCounters() }, 'Reset')),
      h('dl', { class: 'pm-dl tl-dl' }, ...item('c-frames', 'Frames'), ...item('c-probes', 'Probe points'), ...item('c-lookups', 'Tile lookups'), ...item('c-skips', 'Cache skips'), ...item('c-frame', 'This frame')),
    );
    const arithCard = h(
      'section',
      { role: 'group', class: 'fig-card', 'aria-label': 'Pixel to tile' },
      h('div', { class: 'fig-card-head' }, h('h3', {}, 'Pixel → tile'), h('span', { class: 'mask-hex', 'data-testid': 'arith-which' })),
      this.arith,
    );

    this.root = h(
      'div',
      { class: 'tl-playground', 'data-testid': 'tiles' },
      h(
        'div',
        { class: 'fig-toolbar tl-toolbar' },
        compact ? null : presets,
        h('div', { class: 'tl-row' }, this.runBtn, nextBtn, respawnBtn, this.probeSeg.root),
        h('div', { class: 'tl-row' }, this.modeSeg.root, this.toolSeg.root),
      ),
      h(
        'div',
        { class: 'tl-main' },
        h('div', { class: 'tl-stage-col' }, this.stageWrap, pad, this.statusEl, this.hintEl, hooks.extraPanel ?? null),
        h('div', { class: 'tl-side' }, coreCard, countCard, arithCard),
      ),
    );

    if (opts.trace === 'on') {
      this.fnSeg = segmented('Step through', 'tracefn', [['move', 'this frame’s move()'], ['probe', 'probe() at the box']], this.traceFn, (v) => {
        this.traceFn = v as TraceFn;
        this.stepper?.reset();
        this.syncStepper();
      });
      this.stepper = new Stepper<Step>(this.life, 
        {
          source: tilesSource,
          path: 'core/src/tiles.c',
          title: 'One frame, step by step',
          phases: PHASES,
          phaseOf: (st) => st.phase,
          explain: (st) => explainStep(st, this.probes, SHIFT),
          note: stepNote,
        },
        (_st, index) => {
          this.stepIndex = index;
          this.renderArith();
          this.draw();
        },
      );
      this.runNote = h('p', { class: 'fig-hint', 'data-testid': 'run-note' });
      this.stepper.root.querySelector('.fig-trace-head')?.after(h('div', { class: 'tl-row' }, this.fnSeg.root), this.runNote);
      this.root.appendChild(this.stepper.root);
    }

    this.wire();
    host.replaceChildren(this.root);
    this.life.onResize(this.stageWrap, () => this.draw());
    this.life.onVisible(this.root, (v) => {
      this.visible = v;
      this.schedule();
    });
    this.setRunning(this.running);
    this.refresh();
    hooks.onMapChange?.(this.map);
    // paused from the start: stop on the first frame that lands, the most telling one to step through
    if (!this.running) {
      for (let k = 0; k < 300 && !(this.frame && this.frame.result.hit & HIT.BOTTOM); k++) this.advance();
      this.after();
    }
    const figure = ownFigure(host, 'tiles-playground');
    if (figure) {
      this.url = new UrlState(this.life, figure, { p: oneOf(PRESET_KEYS, 'map preset'), e: oneOf(['edges', 'corners'] as const, 'probes'), m: mapCodec }, {
        get: () => ({ p: this.presetKey, e: this.corners ? 'corners' : 'edges', m: this.map.cells() }),
        apply: (v) => {
          this.presetKey = v.p;
          this.spawn = { ...PRESETS[v.p].spawn };
          this.map.setCells(v.m);
          this.corners = v.e === 'corners';
          this.probeSeg.set(v.e);
          this.hintEl.hidden = true;
          this.resetCounters();
          this.respawn();
        },
      });
    }
  }

  // ---- input ---------------------------------------------------------------------------------

  private touchPad(): HTMLElement {
    const hold = (testid: string, label: string, text: string, key: Held | 'jump') => {
      const b = h('button', { type: 'button', class: 'btn tl-pad-btn', 'data-testid': testid, 'aria-label': label }, text);
      const set = (on: boolean) => {
        if (key === 'jump') {
          if (on) this.jumpQueued = true;
        } else this.held[key] = on;
        if (on && !this.running) this.oneFrame();
      };
      b.addEventListener('pointerdown', (e) => {
        e.preventDefault();
        try {
          b.setPointerCapture(e.pointerId);
        } catch {
          // synthetic pointers
        }
        set(true);
      });
      const up = () => set(false);
      b.addEventListener('pointerup', up);
      b.addEventListener('pointercancel', up);
      b.addEventListener('lostpointercapture', up);
      // keyboard activation of a pad button: a short press (one frame when paused)
      b.addEventListener('click', (e) => {
        if ((e as PointerEvent).pointerType) return;
        if (key === 'jump') this.jumpQueued = true;
        else this.held[key] = true;
        if (!this.running) {
          this.oneFrame();
          if (key !== 'jump') this.held[key] = false;
        } else if (key !== 'jump') this.life.timeout(() => (this.held[key] = false), TAP_MS);
      });
      return b;
    };
    return h(
      'div',
      { class: 'tl-pad', role: 'group', 'aria-label': 'Touch controls' },
      hold('pad-left', 'Walk left', '◀', 'left'),
      hold('pad-right', 'Walk right', '▶', 'right'),
      hold('pad-up', 'Climb up', '▲', 'up'),
      hold('pad-down', 'Climb down or drop through', '▼', 'down'),
      hold('pad-jump', 'Jump', 'Jump', 'jump'),
    );
  }

  private wire(): void {
    const st = this.stage;
    const GAME: Record<string, Held | 'jump'> = {
      ArrowLeft: 'left',
      a: 'left',
      A: 'left',
      ArrowRight: 'right',
      d: 'right',
      D: 'right',
      ArrowUp: 'up',
      w: 'up',
      W: 'up',
      ArrowDown: 'down',
      s: 'down',
      S: 'down',
      ' ': 'jump',
    };
    st.addEventListener('keydown', (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      if (this.mode === 'paint') {
        if (this.paintKey(e)) e.preventDefault();
        return;
      }
      if (e.key === 'n' || e.key === 'N') {
        e.preventDefault();
        this.oneFrame();
        return;
      }
      const k = GAME[e.key];
      if (!k) return;
      e.preventDefault();
      if (e.repeat) return;
      if (k === 'jump') this.jumpQueued = true;
      else {
        this.held[k] = true;
        // Up jumps too, unless it climbs a ladder (decided in the game loop)
        if (k === 'up') this.jumpQueued = true;
      }
    });
    st.addEventListener('keyup', (e) => {
      const k = GAME[e.key];
      if (k && k !== 'jump') this.held[k] = false;
    });
    st.addEventListener('blur', () => {
      this.held = { left: false, right: false, up: false, down: false };
      this.draw();
    });
    st.addEventListener('focus', () => this.draw());
    // painting with a pointer, in either mode
    st.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      const c = this.tileAt(e);
      if (!c) return;
      e.preventDefault();
      st.focus({ preventScroll: true });
      try {
        st.setPointerCapture(e.pointerId);
      } catch {
        // synthetic pointers
      }
      this.painting = e.pointerId;
      this.cursor = c;
      this.paint(c.col, c.row, this.tool);
    });
    st.addEventListener('pointermove', (e) => {
      if (this.painting !== e.pointerId) return;
      const c = this.tileAt(e);
      if (!c) return;
      this.cursor = c;
      this.paint(c.col, c.row, this.tool);
    });
    const end = (e: PointerEvent) => {
      if (this.painting === e.pointerId) this.painting = null;
    };
    st.addEventListener('pointerup', end);
    st.addEventListener('pointercancel', end);
    // in paint mode the map's own keys move the brush
    stepperKeys(this.root, () => this.stepper, (e) => e.target === this.stage && this.mode === 'paint');
  }

  private paintKey(e: KeyboardEvent): boolean {
    const moves: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const m = moves[e.key];
    if (m) {
      this.cursor = { col: Math.max(0, Math.min(MAP_W - 1, this.cursor.col + m[0])), row: Math.max(0, Math.min(MAP_H - 1, this.cursor.row + m[1])) };
      this.renderStatus();
      this.draw();
      return true;
    }
    if (e.key === ' ' || e.key === 'Enter') {
      this.paint(this.cursor.col, this.cursor.row, this.tool);
      return true;
    }
    if (e.key === 'Delete' || e.key === 'Backspace') {
      this.paint(this.cursor.col, this.cursor.row, 0);
      return true;
    }
    const p = PALETTE.find((q) => q.key === e.key);
    if (p) {
      this.setTool(p.attr);
      return true;
    }
    return false;
  }

  private tileAt(e: PointerEvent): { col: number; row: number } | null {
    const r = this.canvas.getBoundingClientRect();
    const size = TILE_SIZE * this.geom.s;
    const col = Math.floor((e.clientX - r.left) / size);
    const row = Math.floor((e.clientY - r.top) / size);
    return col >= 0 && row >= 0 && col < MAP_W && row < MAP_H ? { col, row } : null;
  }

  private setTool(attr: number): void {
    this.tool = attr;
    this.toolSeg.set(String(attr));
    this.renderStatus();
  }

  private setMode(m: Mode): void {
    this.mode = m;
    this.modeSeg.set(m);
    this.held = { left: false, right: false, up: false, down: false };
    this.renderStatus();
    this.draw();
  }

  // ---- state ---------------------------------------------------------------------------------

  private paint(col: number, row: number, attr: number): void {
    if (this.map.getCell(col, row) === attr) return;
    this.map.setCell(col, row, attr); // the map's caches forget what they read
    this.hintEl.hidden = true;
    this.refresh();
    this.hooks.onMapChange?.(this.map);
    this.url?.changed('drag');
  }

  /** Moves the spawn point and drops a fresh character there. */
  setSpawn(spawn: { x: number; y: number }): void {
    this.spawn = { ...spawn };
    this.respawn();
  }

  applyPreset(key: string): void {
    const p = PRESETS[key];
    this.presetKey = key;
    this.map.setCells(presetCells(p));
    this.spawn = { ...p.spawn };
    setText(this.hintEl, p.hint);
    this.hintEl.hidden = false;
    this.resetCounters();
    this.respawn();
    this.hooks.onMapChange?.(this.map);
    this.url?.changed('step');
  }

  private respawn(): void {
    const deaths = this.hero.deaths;
    this.hero = newHero(this.spawn);
    this.hero.deaths = deaths;
    this.frame = null;
    this.stepper?.reset();
    this.refresh();
  }

  private resetCounters(): void {
    this.totals = { frames: 0, probes: 0, lookups: 0, skips: 0 };
    this.hero.deaths = 0;
    this.renderPanels();
  }

  private setRunning(on: boolean): void {
    this.running = on;
    this.runBtn.textContent = on ? '❚❚ Pause' : '▶ Run';
    this.runBtn.setAttribute('aria-pressed', String(!on));
    this.runBtn.setAttribute('aria-label', on ? 'Pause the game' : 'Run the game');
    this.root.dataset.running = String(on);
    if (this.runNote) setText(this.runNote, on ? 'The game is running: pause it (or press Next frame) to step through the last frame.' : 'Paused: the steps below are the last frame’s. Next frame runs one more.');
    this.lastTime = 0;
    this.acc = 0;
    this.schedule();
    this.syncStepper();
  }

  private schedule(): void {
    if (this.running && this.visible && !this.raf) this.raf = this.life.frame((t) => this.tick(t));
  }

  private tick(t: number): void {
    this.raf = 0;
    if (!this.running || !this.visible) return;
    if (this.lastTime) this.acc = Math.min(this.acc + (t - this.lastTime), FRAME_MS * 4);
    else this.acc = FRAME_MS;
    this.lastTime = t;
    let n = 0;
    while (this.acc >= FRAME_MS && n < 4) {
      this.acc -= FRAME_MS;
      this.advance();
      n++;
    }
    if (n) this.after();
    this.schedule();
  }

  /** One frame of the game with the keys held now. */
  private oneFrame(): void {
    if (this.running) this.setRunning(false);
    this.advance();
    this.after();
  }

  private input(): Input {
    if (this.mode === 'paint') return NO_INPUT;
    const i = { ...this.held, jump: this.jumpQueued };
    this.jumpQueued = false;
    return i;
  }

  private advance(): void {
    this.frame = stepHero(this.eo, this.map, this.hero, this.input(), { corners: this.corners, cache: this.cache, spawn: this.spawn });
    this.frameNo += 1;
    const c = this.frame.moveCounters;
    this.totals.frames += 1;
    this.totals.lookups += c['tiles.lookups'] ?? 0;
    this.totals.skips += c['tiles.skips'] ?? 0;
    this.lastFrameCounts = { probes: 0, lookups: c['tiles.lookups'] ?? 0 };
    this.probeNow(true);
  }

  /** Asks the core for the box's probe points (traced: the step-through and the counters use it). */
  private probeNow(count: boolean): void {
    const traced = this.eo.trace(() => this.map.probe(this.hero.box, this.corners ? 'corners' : 'edges'));
    this.probes = traced.result.points;
    this.probeSteps = labelSteps(traced.steps, 'probe');
    if (count) {
      const p = traced.counters['tiles.probes'] ?? 0;
      const l = traced.counters['tiles.lookups'] ?? 0;
      this.totals.probes += p;
      this.totals.lookups += l;
      this.lastFrameCounts.probes = p;
      this.lastFrameCounts.lookups += l;
    }
  }

  /** After a change that is not a frame (paint, preset, probe mode): ask the core again, redraw. */
  private refresh(): void {
    // where the core says the character is now: a zero move answers touching, below and on ground
    this.hero.last = this.map.move(this.hero.box, 0, 0, { corners: this.corners });
    this.probeNow(false);
    this.after();
  }

  private after(): void {
    this.moveSteps = this.frame ? labelSteps(this.frame.moveSteps, 'move') : [];
    this.renderPanels();
    this.syncStepper();
    if (!this.stepper) this.draw();
  }

  private syncStepper(): void {
    if (!this.stepper) return;
    if (this.fnSeg) this.fnSeg.set(this.traceFn);
    const steps = this.traceFn === 'probe' ? this.probeSteps : this.moveSteps;
    if (this.running && this.stepper.length > 0 && this.frameNo % 15 !== 0) {
      this.draw();
      return; // keep the page calm while the game runs
    }
    const f = this.frame;
    const text =
      this.traceFn === 'probe'
        ? `probe() of the box at (${this.hero.box.x}, ${this.hero.box.y}): ${this.probes.length} points, ${this.probes.length} lookups.`
        : f
          ? `Frame ${this.frameNo}: move(${f.dx}, ${f.dy}${f.drop ? ', drop' : ''}) from (${f.before.x}, ${f.before.y}): ${f.moveCounters['tiles.steps'] ?? 0} steps, ${f.moveCounters['tiles.lookups'] ?? 0} lookups, ${f.moveCounters['tiles.snaps'] ?? 0} snaps, cache skips: ${f.moveCounters['tiles.skips'] ?? 0}.`
          : 'No frame has run yet: press Next frame (or Run).';
    this.stepper.update(steps, text);
  }

  // ---- panels --------------------------------------------------------------------------------

  private renderPanels(): void {
    const b = this.hero.box;
    const r = this.hero.last;
    const stuck = r ? (r.touching & TOUCH.SOLID) !== 0 : false;
    const ds = this.stage.dataset;
    ds.x = String(b.x);
    ds.y = String(b.y);
    ds.onGround = String(r?.onGround ?? false);
    ds.touching = r ? kindsText(r.touching) : '';
    ds.below = r ? kindsText(r.below) : '';
    ds.hit = r ? hitText(r.hit) : '';
    ds.climbing = String(this.hero.climbing);
    ds.stuck = String(stuck);
    ds.frame = String(this.frameNo);
    ds.deaths = String(this.hero.deaths);
    setText(this.out.box, `x ${b.x}, y ${b.y} · ${b.w} × ${b.h}`);
    setText(this.out.hit, r ? hitText(r.hit) : '–');
    setText(this.out.ground, r ? (r.onGround ? 'yes' : 'no') : '–');
    setText(this.out.touching, r ? kindsText(r.touching) + (stuck ? ' — inside a wall!' : '') : '–');
    this.out.touching.classList.toggle('tl-bad', stuck);
    setText(this.out.below, r ? kindsText(r.below) : '–');
    const t = this.totals;
    const set = (key: string, v: number, text = String(v)) => {
      this.out[key].dataset.value = String(v);
      setText(this.out[key], text);
    };
    set('c-frames', t.frames);
    set('c-probes', t.probes);
    set('c-lookups', t.lookups);
    set('c-skips', t.skips, t.frames ? `${t.skips} of ${t.frames} frames (${Math.round((100 * t.skips) / t.frames)}%)` : '0');
    setText(this.out['c-frame'], `${this.lastFrameCounts.probes} probes, ${this.lastFrameCounts.lookups} lookups`);
    this.renderStatus();
    this.renderArith();
  }

  private renderStatus(): void {
    const r = this.hero.last;
    const b = this.hero.box;
    let where = 'in the air';
    if (r && (r.touching & TOUCH.SOLID) !== 0) where = 'stuck inside a wall';
    else if (this.hero.climbing) where = 'climbing a ladder';
    else if (r && r.touching & TOUCH.WATER) where = 'in water';
    else if (r?.onGround) where = 'standing';
    const paint = `Paint cursor on tile (${this.cursor.col}, ${this.cursor.row}), ${attrName(this.map.getCell(this.cursor.col, this.cursor.row))}; painting ${attrName(this.tool)}.`;
    setText(this.statusEl, this.mode === 'paint' ? paint : `The character is ${where} at x ${b.x}, y ${b.y}.${this.hero.deaths ? ` Respawned ${this.hero.deaths}×.` : ''}`);
    this.stage.setAttribute(
      'aria-label',
      this.mode === 'paint'
        ? `Tile map, ${MAP_W} by ${MAP_H} tiles. Arrow keys move the paint cursor, Space or Enter paints, Delete erases, 0 to 5 choose the tile.`
        : `Tile map game. Arrow keys or A and D walk, Space or Up jumps, Up and Down climb ladders, Down drops through one-way platforms, N runs one frame.`,
    );
  }

  /** The probe the arithmetic panel explains: the stepped one, else the lowest-left point (the foot). */
  private arithProbe(): number {
    const st = this.stepper && this.traceFn === 'probe' ? this.probeSteps[this.stepIndex] : undefined;
    if (st && st.probe !== null) return st.probe;
    let best = 0;
    this.probes.forEach((p, i) => {
      const q = this.probes[best];
      if (p.y > q.y || (p.y === q.y && p.x < q.x)) best = i;
    });
    return best;
  }

  private renderArith(): void {
    const which = this.arith.parentElement!.querySelector<HTMLElement>('[data-testid="arith-which"]')!;
    const line = (testid: string, ...parts: Array<string | HTMLElement>) => h('div', { class: 'tl-arith-line', 'data-testid': testid }, ...parts);
    const code = (t: string | number) => h('code', {}, String(t));
    // stepping a move: the tile the current LOOKUP read, with the attr the trace recorded
    const st = this.stepper && !this.running && this.traceFn === 'move' ? this.moveSteps[this.stepIndex] : undefined;
    if (st && st.kind === 'LOOKUP' && st.col !== null && st.row !== null) {
      const outside = st.b >= 256;
      const attr = outside ? st.b - 256 : st.b;
      const id = outside ? 0 : this.map.getCell(st.col, st.row);
      const index = this.map.index(st.col, st.row); // the core's cell index
      setText(which, `move() lookup`);
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
    const p = this.probes[i];
    if (!p) {
      this.arith.replaceChildren();
      return;
    }
    setText(which, `probe ${i + 1} of ${this.probes.length}`);
    const lines: HTMLElement[] = [
      line('arith-col', code(`x = ${p.x}`), ' → ', code(`${p.x} >> ${SHIFT} = ${p.col}`), ' = col'),
      line('arith-row', code(`y = ${p.y}`), ' → ', code(`${p.y} >> ${SHIFT} = ${p.row}`), ' = row'),
    ];
    if (p.outside) {
      lines.push(line('arith-index', 'outside the map: no cell is read; the outside policy answers'), line('arith-attr', code(`attr = ${attrName(p.attr)}`)));
    } else {
      const id = this.map.getCell(p.col, p.row), index = this.map.index(p.col, p.row);
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
    const available = Math.min(this.stageWrap.clientWidth || 768, 1024);
    const world = tileWorld(this.map, 0, 4);
    this.geom = geometry(available, world);
    const g = this.geom;
    const ctx = prepareCanvas(this.canvas, g);
    this.stage.style.width = `${g.cssW}px`;
    this.stage.style.height = `${g.cssH}px`;
    this.stage.dataset.scale = String(g.s);
    drawScreen(ctx, g, { labels: false });
    drawTiles(ctx, g, this.map, mapHeights(this.map));

    const stepping = this.stepper !== null && !this.running;
    const r = this.hero.last;
    const stuck = r ? (r.touching & TOUCH.SOLID) !== 0 : false;
    let marks: ProbeMark[] = this.probes.map((p) => ({ x: p.x, y: p.y, attr: p.attr, state: 'done' as const }));

    if (stepping && this.traceFn === 'move' && this.frame) {
      const st = this.moveSteps[this.stepIndex];
      const before = this.frame.before;
      drawHitbox(ctx, g, before, { color: 'rgba(255, 255, 255, 0.55)' });
      if (st) this.drawMoveStep(ctx, g, st);
      marks = [];
    } else if (stepping && this.traceFn === 'probe') {
      const st = this.probeSteps[this.stepIndex];
      const cur = st?.probe ?? -1;
      marks = this.probes.map((p, i) => ({ x: p.x, y: p.y, attr: i < cur || (i === cur && st?.kind === 'LOOKUP') ? p.attr : undefined, state: i < cur ? 'done' : i === cur ? 'current' : 'waiting' }));
      if (st && st.kind === 'LOOKUP' && st.col !== null && st.row !== null) markTile(ctx, g, st.col, st.row, TILE_SIZE);
    }
    drawHitbox(ctx, g, this.hero.box, { stuck, label: stuck ? 'inside a wall' : undefined });
    drawProbes(ctx, g, marks);
    if (this.mode === 'paint' && this.stage.matches(':focus')) markTile(ctx, g, this.cursor.col, this.cursor.row, TILE_SIZE, '#ffffff');
  }

  private drawMoveStep(ctx: CanvasRenderingContext2D, g: Geometry, st: Step): void {
    // the box as it was when the step began: the snap and the steps before it moved it
    if ((st.kind === 'STEP_X' || st.kind === 'STEP_Y') && this.frame) {
      const f = this.frame;
      const axis = st.kind === 'STEP_X' ? 0 : 1;
      // across the axis the box spans its rows (moving on X: its y is still the start's) or its columns (on Y: after the X move)
      const b = this.hero.box;
      const q0 = axis === 0 ? f.before.y : b.x;
      const q1 = q0 + (axis === 0 ? HERO.h : HERO.w) - 1;
      markStep(ctx, g, axis, st.a, st.b, q0, q1);
    } else if ((st.kind === 'LOOKUP' || st.kind === 'PASS') && st.col !== null && st.row !== null) {
      markTile(ctx, g, st.col, st.row, TILE_SIZE);
    } else if (st.kind === 'BLOCKED' && this.frame) {
      const b = this.hero.box;
      const [l, t, w, hh] = st.a === 0 ? pxRect(g, st.b, this.frame.before.y, 1, HERO.h) : pxRect(g, b.x, st.b, HERO.w, 1);
      ctx.save();
      ctx.fillStyle = 'rgba(255, 59, 78, 0.7)';
      ctx.fillRect(l, t, w, hh);
      ctx.restore();
    }
  }

  dispose(): void {
    if (this.raf) this.life.cancelFrame(this.raf);
    this.cache.dispose();
    this.map.dispose();
  }
}
