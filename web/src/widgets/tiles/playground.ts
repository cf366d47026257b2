// The tile-probe playground: a 32 x 20 map of 8 px tiles to paint, a character driven by the
// keyboard or touch buttons, its probe points lit with what the core read, the pixel-to-tile
// arithmetic of one probe, counters, and optionally one frame stepped beside the core's tiles files
// (the move, the lookups, the touches, the probe: the source view follows the step's file).
//   input (playground-input.ts) -> game loop (playground-loop.ts: model.ts, core move() + probe())
//   -> view (playground-view.ts: canvas and panels). This file builds the figure and ties them up:
//   the toolbar, the modes, painting, presets, the step-through and the URL state.
import tilesMapSource from '../../../../core/src/tiles_map.h';
import tilesMoveSource from '../../../../core/src/tiles_move.c';
import tilesProbeSource from '../../../../core/src/tiles_probe.c';
import tilesTouchSource from '../../../../core/src/tiles_touch.c';
import { HIT } from 'earlyout';
import type { TileMap } from 'earlyout';
import type { Earlyout } from '../../core.ts';
import { presetChips, segmented } from '../../controls.ts';
import type { Segmented } from '../../controls.ts';
import { h, setText } from '../../dom.ts';
import { Stepper } from '../../stepper.ts';
import { explainStep, MAP_H, MAP_W, NO_INPUT, PALETTE, presetCells, PRESETS, stepNote } from './model.ts';
import type { Preset, Step, TraceFn } from './model.ts';
import { Keys, touchPad, wireBoard } from './playground-input.ts';
import type { InputTarget, Mode } from './playground-input.ts';
import { TilesGame } from './playground-loop.ts';
import { SHIFT, TilesView } from './playground-view.ts';
import { oneOf, ownFigure, StateError, UrlState } from '../../urlstate.ts';
import type { Codec } from '../../urlstate.ts';
import { stepperKeys } from '../../input.ts';
import type { Lifecycle } from '../../lifecycle.ts';

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

const PHASES = ['probe', 'X', 'Y', 'result'] as const;

export class TilesPlayground implements InputTarget {
  readonly root: HTMLElement;
  readonly keys = new Keys();
  mode: Mode = 'play';
  tool = 1;
  cursor = { col: 4, row: 16 };
  private game: TilesGame;
  private view: TilesView;
  private presetKey: string;
  private url: UrlState<{ p: string; e: 'edges' | 'corners'; m: Uint8Array }> | null = null;
  private traceFn: TraceFn = 'move';
  private stepIndex = 0;
  private stepper: Stepper<Step> | null = null;
  private hintEl: HTMLElement;
  private runBtn: HTMLButtonElement;
  private modeSeg: Segmented;
  private probeSeg: Segmented;
  private toolSeg: Segmented;
  private fnSeg: Segmented | null = null;
  private runNote: HTMLElement | null = null;

  constructor(
    host: HTMLElement,
    life: Lifecycle,
    eo: Earlyout,
    opts: TilesPlaygroundOptions,
    private hooks: TilesPlaygroundHooks = {},
  ) {
    this.presetKey = opts.preset && PRESETS[opts.preset] ? opts.preset : 'play';
    const preset = hooks.preset ?? PRESETS[this.presetKey];
    this.game = new TilesGame(
      life,
      eo,
      preset,
      { corners: opts.probes === 'corners', running: opts.start !== 'pause' },
      () => (this.mode === 'paint' ? NO_INPUT : this.keys.take()),
      () => this.after(),
    );
    this.view = new TilesView(
      this.game,
      () => ({ mode: this.mode, tool: this.tool, cursor: this.cursor, trace: this.stepper ? { fn: this.traceFn, index: this.stepIndex } : null }),
      () => this.resetCounters(),
    );
    // compact: no map presets; minimal (a section on probing, not on playing): the probe switch and
    // Respawn, what the core says and the pixel-to-tile arithmetic, nothing to drive, paint or count
    const minimal = opts.controls === 'minimal';
    const compact = opts.controls === 'compact' || minimal;

    // ---- toolbar
    this.runBtn = h('button', { type: 'button', class: 'btn', 'data-testid': 'run', 'aria-pressed': 'false', onclick: () => this.setRunning(!this.game.running) }, '');
    const nextBtn = h('button', { type: 'button', class: 'btn', 'data-testid': 'next-frame', title: 'One frame with the keys held now (N)', onclick: () => this.oneFrame() }, 'Next frame');
    const respawnBtn = h('button', { type: 'button', class: 'btn', 'data-testid': 'respawn', onclick: () => this.respawn() }, 'Respawn');
    this.modeSeg = segmented('Keys drive', 'mode', [['play', 'the character'], ['paint', 'a paint cursor']], this.mode, (v) => this.setMode(v as Mode));
    this.probeSeg = segmented('Probe and move with', 'probes', [['edges', 'every edge tile'], ['corners', 'corners only']], this.game.corners ? 'corners' : 'edges', (v) => {
      this.game.corners = v === 'corners';
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
    this.hintEl = h('p', { class: 'fig-hint', 'data-testid': 'hint' }, preset.hint);

    this.root = h(
      'div',
      { class: 'tl-playground', 'data-testid': 'tiles' },
      h(
        'div',
        { class: 'fig-toolbar tl-toolbar' },
        compact ? null : presets,
        h('div', { class: 'tl-row' }, minimal ? null : this.runBtn, minimal ? null : nextBtn, respawnBtn, this.probeSeg.root),
        minimal ? null : h('div', { class: 'tl-row' }, this.modeSeg.root, this.toolSeg.root),
      ),
      h(
        'div',
        { class: 'tl-main' },
        h('div', { class: 'tl-board-col' }, this.view.boardWrap, minimal ? null : touchPad(this, life), this.view.statusEl, this.hintEl, hooks.extraPanel ?? null),
        h('div', { class: 'tl-side' }, ...this.view.side.filter((card) => !minimal || card !== this.view.counters)),
      ),
    );

    if (opts.trace === 'on') {
      this.fnSeg = segmented('Step through', 'tracefn', [['move', 'this frame’s move()'], ['probe', 'probe() at the box']], this.traceFn, (v) => {
        this.traceFn = v as TraceFn;
        this.stepper?.reset();
        this.syncStepper();
      });
      this.stepper = new Stepper<Step>(
        life,
        {
          sources: {
            'core/src/tiles_move.c': tilesMoveSource,
            'core/src/tiles_map.h': tilesMapSource,
            'core/src/tiles_touch.c': tilesTouchSource,
            'core/src/tiles_probe.c': tilesProbeSource,
          },
          title: 'One frame, step by step',
          phases: PHASES,
          phaseOf: (st) => st.phase,
          explain: (st) => explainStep(st, this.game.probes, SHIFT),
          note: stepNote,
        },
        (_st, index) => {
          this.stepIndex = index;
          this.view.renderArith();
          this.draw();
        },
      );
      this.runNote = h('p', { class: 'fig-hint', 'data-testid': 'run-note' });
      this.stepper.root.querySelector('.fig-trace-head')?.after(h('div', { class: 'tl-row' }, this.fnSeg.root), this.runNote);
      this.root.appendChild(this.stepper.root);
    }

    wireBoard(this, this.view.board, this.view.canvas);
    // in paint mode the map's own keys move the brush
    stepperKeys(this.root, () => this.stepper, (e) => e.target === this.view.board && this.mode === 'paint');
    host.replaceChildren(this.root);
    life.onResize(this.view.boardWrap, () => this.draw());
    life.onVisible(this.root, (v) => this.game.setVisible(v));
    this.setRunning(this.game.running);
    this.refresh();
    hooks.onMapChange?.(this.game.map);
    // paused from the start: stop on the first frame that lands, the most telling one to step through
    if (!this.game.running) {
      for (let k = 0; k < 300 && !(this.game.frame && this.game.frame.result.hit & HIT.BOTTOM); k++) this.game.advance();
      this.after();
    }
    const figure = ownFigure(host, 'tiles-playground');
    if (figure) {
      this.url = new UrlState(life, figure, { p: oneOf(PRESET_KEYS, 'map preset'), e: oneOf(['edges', 'corners'] as const, 'probes'), m: mapCodec }, {
        get: () => ({ p: this.presetKey, e: this.game.corners ? 'corners' : 'edges', m: this.game.map.cells() }),
        apply: (v) => {
          this.presetKey = v.p;
          this.game.spawn = { ...PRESETS[v.p].spawn };
          this.game.map.setCells(v.m);
          this.game.corners = v.e === 'corners';
          this.probeSeg.set(v.e);
          this.hintEl.hidden = true;
          this.resetCounters();
          this.respawn();
        },
      });
    }
  }

  get running(): boolean {
    return this.game.running;
  }

  get scale(): number {
    return this.view.geom.s;
  }

  // ---- what input asks for -------------------------------------------------------------------

  setTool(attr: number): void {
    this.tool = attr;
    this.toolSeg.set(String(attr));
    this.view.renderStatus();
  }

  private setMode(m: Mode): void {
    this.mode = m;
    this.modeSeg.set(m);
    this.keys.releaseAll();
    this.view.renderStatus();
    this.draw();
  }

  cursorMoved(): void {
    this.view.renderStatus();
    this.draw();
  }

  paint(col: number, row: number, attr: number): void {
    const map = this.game.map;
    if (map.getCell(col, row) === attr) return;
    map.setCell(col, row, attr); // the map's caches forget what they read
    this.hintEl.hidden = true;
    this.refresh();
    this.hooks.onMapChange?.(map);
    this.url?.changed('drag');
  }

  /** One frame of the game with the keys held now. */
  oneFrame(): void {
    if (this.game.running) this.setRunning(false);
    this.game.advance();
    this.after();
  }

  // ---- state ---------------------------------------------------------------------------------

  /** Moves the spawn point and drops a fresh character there. */
  setSpawn(spawn: { x: number; y: number }): void {
    this.game.spawn = { ...spawn };
    this.respawn();
  }

  applyPreset(key: string): void {
    const p = PRESETS[key];
    this.presetKey = key;
    this.game.map.setCells(presetCells(p));
    this.game.spawn = { ...p.spawn };
    setText(this.hintEl, p.hint);
    this.hintEl.hidden = false;
    this.resetCounters();
    this.respawn();
    this.hooks.onMapChange?.(this.game.map);
    this.url?.changed('step');
  }

  private respawn(): void {
    this.game.respawn();
    this.stepper?.reset();
    this.refresh();
  }

  private resetCounters(): void {
    this.game.resetCounters();
    this.view.renderPanels();
  }

  private setRunning(on: boolean): void {
    this.runBtn.textContent = on ? '❚❚ Pause' : '▶ Run';
    this.runBtn.setAttribute('aria-pressed', String(!on));
    this.runBtn.setAttribute('aria-label', on ? 'Pause the game' : 'Run the game');
    this.root.dataset.running = String(on);
    if (this.runNote) setText(this.runNote, on ? 'The game is running: pause it (or press Next frame) to step through the last frame.' : 'Paused: the steps below are the last frame’s. Next frame runs one more.');
    this.game.setRunning(on);
    this.syncStepper();
  }

  /** After a change that is not a frame (paint, preset, probe mode): ask the core again, redraw. */
  private refresh(): void {
    this.game.requery();
    this.after();
  }

  private after(): void {
    this.game.labelMove();
    this.view.renderPanels();
    this.syncStepper();
    if (!this.stepper) this.draw();
  }

  private syncStepper(): void {
    if (!this.stepper) return;
    if (this.fnSeg) this.fnSeg.set(this.traceFn);
    const g = this.game;
    const steps = this.traceFn === 'probe' ? g.probeSteps : g.moveSteps;
    if (g.running && this.stepper.length > 0 && g.frameNo % 15 !== 0) {
      this.draw();
      return; // keep the page calm while the game runs
    }
    const f = g.frame;
    const text =
      this.traceFn === 'probe'
        ? `probe() of the box at (${g.hero.box.x}, ${g.hero.box.y}): ${g.probes.length} points, ${g.probes.length} lookups.`
        : f
          ? `Frame ${g.frameNo}: move(${f.dx}, ${f.dy}${f.drop ? ', drop' : ''}) from (${f.before.x}, ${f.before.y}): ${f.moveCounters['tiles.steps'] ?? 0} steps, ${f.moveCounters['tiles.lookups'] ?? 0} lookups, ${f.moveCounters['tiles.snaps'] ?? 0} snaps, cache skips: ${f.moveCounters['tiles.skips'] ?? 0}.`
          : 'No frame has run yet: press Next frame (or Run).';
    this.stepper.update(steps, text);
  }

  draw(): void {
    this.view.draw();
  }
}
