// The tile playground's game: the map and its cache in the core, the character, and the loop that
// runs one fixed 60 Hz frame at a time (stepHero: input -> core move() + probe()) while the game
// runs and its figure is in view. It knows nothing of the page: the playground reads its state to
// draw, and hears of new frames through onFrames.
import type { TileMap, TileProbe, TilesCache } from 'earlyout';
import type { Earlyout } from '../../core.ts';
import type { Lifecycle } from '../../lifecycle.ts';
import { labelSteps, MAP_H, MAP_W, newHero, presetCells, stepHero, TILE_SIZE } from './model.ts';
import type { Frame, Hero, Input, Preset, Step } from './model.ts';

const FRAME_MS = 1000 / 60;

export class TilesGame {
  readonly map: TileMap;
  private cache: TilesCache;
  hero: Hero;
  spawn: { x: number; y: number };
  /** probe and move with the corners only, not every edge tile */
  corners: boolean;
  running: boolean;
  /** the last frame that ran (null after a respawn) */
  frame: Frame | null = null;
  frameNo = 0;
  /** the box's probe points now, and the traced probe() and move() of the last frame */
  probes: TileProbe[] = [];
  probeSteps: Step[] = [];
  moveSteps: Step[] = [];
  totals = { frames: 0, probes: 0, lookups: 0, skips: 0 };
  lastFrameCounts = { probes: 0, lookups: 0 };
  private visible = false;
  private raf = 0;
  private lastTime = 0;
  private acc = 0;

  constructor(
    private life: Lifecycle,
    private eo: Earlyout,
    preset: Preset,
    opts: { corners: boolean; running: boolean },
    /** the keys held now (consumed: a jump counts once) */
    private input: () => Input,
    /** after one or more frames ran in the loop */
    private onFrames: () => void,
  ) {
    this.spawn = { ...preset.spawn };
    this.corners = opts.corners;
    this.running = opts.running;
    this.map = eo.tiles.createMap({ width: MAP_W, height: MAP_H, tileSize: TILE_SIZE, outside: 'solid', cells: presetCells(preset) });
    this.cache = this.map.createCache();
    this.hero = newHero(this.spawn);
    // the map and its cache live in the core's memory: freed with the widget
    life.own(() => {
      this.cache.dispose();
      this.map.dispose();
    });
  }

  setRunning(on: boolean): void {
    this.running = on;
    this.lastTime = 0;
    this.acc = 0;
    this.schedule();
  }

  /** The loop runs only while its figure is on screen. */
  setVisible(on: boolean): void {
    this.visible = on;
    this.schedule();
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
    if (n) this.onFrames();
    this.schedule();
  }

  /** One frame of the game with the keys held now. */
  advance(): void {
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

  /** After a change that is not a frame (paint, preset, probe mode): asks the core again where the
      character is (a zero move answers touching, below and on ground) and what it probes. */
  requery(): void {
    this.hero.last = this.map.move(this.hero.box, 0, 0, { corners: this.corners });
    this.probeNow(false);
  }

  /** After frames ran: the last frame's move() as steps. */
  labelMove(): void {
    this.moveSteps = this.frame ? labelSteps(this.frame.moveSteps, 'move') : [];
  }

  /** A fresh character at the spawn point (the respawn count kept). */
  respawn(): void {
    const deaths = this.hero.deaths;
    this.hero = newHero(this.spawn);
    this.hero.deaths = deaths;
    this.frame = null;
  }

  resetCounters(): void {
    this.totals = { frames: 0, probes: 0, lookups: 0, skips: 0 };
    this.hero.deaths = 0;
  }
}
