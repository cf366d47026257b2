// A character's frames with map.moveCharacter (eo_slopes_move): one call per frame with the
// frame's motion, and the core decides whether the box walks, flies, lands or launches.
//   landing: a box thrown at a 45° ramp. moveCharacter lands on it and goes on up; the same frames
//            made of map.move (X, then Y) meet the ramp's side, report a wall, and stall there.
//   run:     a box running over a hill at a chosen speed, with a chosen reach. Slow, it follows the
//            ground over the ramp's top and the crest; fast, the ground falls away from its line of
//            motion by more than the reach and it leaves it (launched), at the angle the core reports.
// The frames are computed at once when a setting changes: the trails are the core's positions.
import { HIT } from 'earlyout';
import type { CharacterResult, MoveResult, Mover, TileMap } from 'earlyout';
import type { Earlyout } from '../../core.ts';
import { segmented } from '../../controls.ts';
import { h, setText } from '../../dom.ts';
import { snap, toCss } from '../../board.ts';
import { drawCharacter, drawCourse, drawFoot, renderMap } from './draw.ts';
import { T, textMap } from './model.ts';
import { oneOf, ownFigure, UrlState } from '../../urlstate.ts';
import type { Lifecycle } from '../../lifecycle.ts';

/** 24 x 8 tiles of 16 px: a hill (45° up, a plateau at y 80, 45° down), the floor at y 112, and a
    ramp up to a ledge at y 96 on the right. */
export const HILL = [
  '........................',
  '........................',
  '........................',
  '........................',
  '........................',
  '......./####\\...........',
  '....../######\\..../#####',
  '########################',
];

const GRAVITY = 0.35; // px per frame, per frame
const FALL_MAX = 8;
const FRAMES = 90;
const BOX = 12;
const MAX_STEP = 1;

type Mode = 'landing' | 'run';
type Speed = '2' | '4' | '8' | '16';
type Reach = '2' | '6' | '14' | 'always';

interface Frame {
  x: number;
  y: number;
  ground: boolean;
}

interface Run {
  frames: Frame[];
  box: { x: number; y: number; w: number; h: number };
  landedAt: number; // frame index, -1: never
  launchedAt: number;
  launchAngle: number;
  landAngle: number;
  wallAt: number;
  lastHit: number;
}

const ANGLE = (a: number) => `${Math.round(a * 10) / 10}°`;

export class CharacterFrames {
  private map: TileMap;
  private bitmap: HTMLCanvasElement;
  private mode: Mode;
  private speed: Speed = '4';
  private reach: Reach = '6';
  private main!: Run;
  private plain: Run | null = null;
  private canvas: HTMLCanvasElement;
  private board: HTMLElement;
  private boardWrap: HTMLElement;
  private readout: HTMLElement;
  private status: HTMLElement;
  private root: HTMLElement;
  private speedSeg: ReturnType<typeof segmented>;
  private reachSeg: ReturnType<typeof segmented>;
  private url: UrlState<{ m: Mode; s: Speed; r: Reach }> | null = null;

  constructor(host: HTMLElement, private life: Lifecycle, private eo: Earlyout, opts: { mode?: string }) {
    this.map = textMap(eo, HILL);
    life.own(() => this.map.dispose()); // the core's map goes with the widget
    this.bitmap = renderMap(this.map);
    this.mode = opts.mode === 'run' ? 'run' : 'landing';
    this.canvas = h('canvas', { class: 'fig-canvas', 'aria-hidden': 'true' });
    this.board = h('div', { class: 'fig-board sl-walk-board', 'data-testid': 'character-board', role: 'img', 'aria-label': 'The frames of the box on the hill' }, this.canvas);
    this.boardWrap = h('div', { class: 'fig-board-wrap' }, this.board);
    this.readout = h('dl', { class: 'sl-facts', 'data-testid': 'character-readout' });
    this.status = h('p', { class: 'sl-status', 'data-testid': 'character-status', 'aria-live': 'polite' });
    const modes = segmented('Scene', 'character-mode', [['landing', 'Landing on a ramp'], ['run', 'Running over a hill']], this.mode, (v) => {
      this.mode = v as Mode;
      this.update();
    });
    this.speedSeg = segmented('Speed', 'character-speed', [['2', '2 px'], ['4', '4 px'], ['8', '8 px'], ['16', '16 px']], this.speed, (v) => {
      this.speed = v as Speed;
      this.update();
    });
    this.reachSeg = segmented('Reach', 'character-reach', [['2', '2 px'], ['6', '6 px'], ['14', '14 px'], ['always', 'always']], this.reach, (v) => {
      this.reach = v as Reach;
      this.update();
    });
    this.root = h(
      'div',
      { class: 'fig-playground sl-walk' },
      h('div', { class: 'fig-toolbar' }, modes.root, this.speedSeg.root, this.reachSeg.root),
      h(
        'div',
        { class: 'fig-main' },
        h('div', { class: 'fig-board-col' }, this.boardWrap, h('p', { class: 'fig-help' }, 'Dots mark the box’s feet every frame: yellow on the ground, red in the air; the ring is where it landed or launched. In the landing scene, grey dots are the same frames made of map.move.')),
        h('div', { class: 'fig-side' }, h('section', { role: 'group', class: 'fig-card', 'aria-label': 'What the core reports' }, h('div', { class: 'fig-card-head' }, h('h3', {}, 'The core says')), this.readout, this.status)),
      ),
    );
    host.replaceChildren(this.root);
    this.life.onResize(this.boardWrap, () => this.draw());
    const figure = ownFigure(host, 'slopes-character');
    if (figure) {
      this.url = new UrlState(this.life, 
        figure,
        { m: oneOf(['landing', 'run'] as const, 'scene'), s: oneOf(['2', '4', '8', '16'] as const, 'speed'), r: oneOf(['2', '6', '14', 'always'] as const, 'reach') },
        {
          get: () => ({ m: this.mode, s: this.speed, r: this.reach }),
          apply: (v) => {
            this.mode = v.m;
            this.speed = v.s;
            this.reach = v.r;
            modes.set(v.m);
            this.speedSeg.set(v.s);
            this.reachSeg.set(v.r);
            this.compute();
            this.render();
          },
        },
      );
    }
    this.compute();
    this.render();
  }

  private update(): void {
    this.compute();
    this.render();
    this.url?.changed('step');
  }

  /** The frames: each one call to the core with the frame's motion; the game's part is gravity,
      and turning a launch's slope into a vertical speed. */
  private simulate(useMove: boolean): Run {
    const landing = this.mode === 'landing';
    const speed = landing ? 4 : Number(this.speed);
    const reach = this.reach === 'always' ? 'always' : Number(this.reach);
    const hero: Mover = this.eo.tiles.createMover(landing ? { x: 212, y: 24, w: BOX, h: BOX } : { x: 8, y: 112 - BOX, w: BOX, h: BOX });
    const run: Run = { frames: [], box: { ...hero }, landedAt: -1, launchedAt: -1, launchAngle: 0, landAngle: 0, wallAt: -1, lastHit: 0 };
    let vx = speed, vy = 0, onGround = !landing;
    for (let f = 0; f < FRAMES; f++) {
      if (!onGround) vy = Math.min(FALL_MAX, vy + GRAVITY);
      let r: MoveResult, launched = false;
      if (useMove) {
        r = this.map.move(hero, vx, onGround ? 1 : vy);
      } else {
        const c: CharacterResult = this.map.moveCharacter(hero, vx, onGround ? 0 : vy, MAX_STEP, { reach });
        r = c;
        launched = c.launched;
        if (c.landed && run.landedAt < 0) {
          run.landedAt = f;
          run.landAngle = c.angle;
        }
        if (c.launched) {
          if (run.launchedAt < 0) {
            run.launchedAt = f;
            run.launchAngle = c.angle;
          }
          vy = (-vx * c.slope) / 256; // leave along the line: its slope times the speed
        }
      }
      if (r.hit & (HIT.LEFT | HIT.RIGHT)) {
        if (run.wallAt < 0) run.wallAt = f;
        vx = 0; // a game stops a character that hits a wall
      }
      if (r.hit & (HIT.TOP | HIT.BOTTOM)) vy = 0;
      onGround = r.onGround && !launched;
      if (onGround) vy = 0;
      run.lastHit = r.hit;
      run.frames.push({ x: r.box.x, y: r.box.y, ground: onGround });
      run.box = r.box;
      if (vx === 0 && onGround) break;
    }
    return run;
  }

  private compute(): void {
    this.main = this.simulate(false);
    this.plain = this.mode === 'landing' ? this.simulate(true) : null;
  }

  private render(): void {
    const m = this.main, r = this.root, landing = this.mode === 'landing';
    r.dataset.mode = this.mode;
    r.dataset.landedAt = String(m.landedAt);
    r.dataset.launchedAt = String(m.launchedAt);
    r.dataset.launchAngle = String(m.launchAngle);
    r.dataset.wallAt = String(m.wallAt);
    r.dataset.end = `${m.box.x},${m.box.y}`;
    r.dataset.plainWallAt = String(this.plain?.wallAt ?? -1);
    r.dataset.plainEnd = this.plain ? `${this.plain.box.x},${this.plain.box.y}` : '';
    this.speedSeg.inputs.forEach((i) => (i.disabled = landing));
    this.reachSeg.inputs.forEach((i) => (i.disabled = landing));
    const reachText = this.reach === 'always' ? "'always'" : this.reach;
    const rows: Array<[string, string, string]> = [
      ['call', 'Each frame', landing ? `map.moveCharacter(box, 4, vy, ${MAX_STEP})` : `map.moveCharacter(box, ${this.speed}, vy, ${MAX_STEP}, { reach: ${reachText} })`],
      ['end', 'After', `${m.frames.length} frames: x ${m.box.x}, y ${m.box.y}`],
      ['landed', 'Landed', m.landedAt < 0 ? 'no' : `frame ${m.landedAt + 1}, on ${ANGLE(m.landAngle)} ground`],
      ['launched', 'Launched', m.launchedAt < 0 ? 'no: followed the ground' : `frame ${m.launchedAt + 1}, at ${ANGLE(m.launchAngle)}`],
      ['wall', 'Stopped by a wall', m.wallAt < 0 ? 'no' : `frame ${m.wallAt + 1}`],
    ];
    if (this.plain) rows.push(['plain', 'map.move instead', this.plain.wallAt < 0 ? `ends at x ${this.plain.box.x}` : `wall at frame ${this.plain.wallAt + 1}: stalls at x ${this.plain.box.x}`]);
    this.readout.replaceChildren(...rows.flatMap(([k, dt, dd]) => [h('dt', {}, dt), h('dd', { 'data-testid': `character-${k}` }, dd)]));
    setText(
      this.status,
      landing
        ? `moveCharacter ${m.landedAt < 0 ? 'did not land' : `landed on the ramp and walked on to x ${m.box.x}`}; map.move ${this.plain && this.plain.wallAt >= 0 ? 'met the ramp as a wall' : 'did not stop'}.`
        : m.launchedAt < 0
          ? `At ${this.speed} px a frame the box follows the ground all the way.`
          : `At ${this.speed} px a frame the ground falls more than ${this.reach === 'always' ? 'any reach' : `${this.reach} px`} below the box’s line: it leaves it at ${ANGLE(m.launchAngle)}.`,
    );
    this.draw();
  }

  private draw(): void {
    const { ctx, g } = drawCourse(this.canvas, this.board, this.boardWrap, this.bitmap, HILL[0].length, HILL.length, T);
    const dot = (p: Frame, color: string) => drawFoot(ctx, g, p.x, p.y, BOX, BOX, color);
    for (const p of this.plain?.frames ?? []) dot(p, 'rgba(200, 200, 200, 0.8)');
    for (const p of this.main.frames) dot(p, p.ground ? 'rgba(255, 216, 77, 0.9)' : 'rgba(255, 93, 93, 0.95)');
    const mark = this.main.launchedAt >= 0 ? this.main.frames[this.main.launchedAt] : this.main.landedAt >= 0 ? this.main.frames[this.main.landedAt] : null;
    if (mark) {
      ctx.strokeStyle = '#fff';
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      ctx.arc(snap(toCss(g, mark.x + BOX / 2)), snap(toCss(g, mark.y + BOX)), 6, 0, 2 * Math.PI);
      ctx.stroke();
    }
    drawCharacter(ctx, g, this.main.box, false);
  }
}
