// Walking up and down: a box on a small slope course (flat, 45° up, flat, a 22.5° pair down, 45°
// down, flat, then 45° up straight into a 22.5° pair, and down again), driven by the arrow keys or
// the touch buttons. With "snap down" on, each frame walks with map.walk(box, dx, maxStep): the
// core climbs and follows the ground down. Off, the horizontal step is a plain map.move(box, dx, 0)
// and only gravity brings the box down: it hops down hills and stops at the first rising slope.
// The trail is every frame's position, as the core returned it.
import { HIT } from 'earlyout';
import type { TileMap } from 'earlyout';
import type { Box, Earlyout, TraceStep } from '../../core.ts';
import { segmented, toggle } from '../../controls.ts';
import { h, setText } from '../../dom.ts';
import { drawCharacter, drawCourse, drawFoot, renderMap } from './draw.ts';
import { T, textMap } from './model.ts';
import { oneOf, ownFigure, UrlState } from '../../urlstate.ts';
import type { Lifecycle } from '../../lifecycle.ts';

/** 22 x 7 tiles of 16 px; the floor's top is y = 96, the two plateaus' y = 64. */
export const COURSE = [
  '......................',
  '......................',
  '......................',
  '......................',
  '..../##cd....ab##\\....',
  '.../#####\\../#####\\...',
  '######################',
];

const SPEED = 2; // px per frame
const GRAVITY = 0.35; // px per frame, per frame
const FALL_MAX = 6;
const JUMP = 4.6;
const FRAME_MS = 1000 / 60;
const TRAIL_MAX = 900;
const BOX_H = 16;

const STARTS: Record<string, { label: string; x: number }> = {
  start: { label: 'Start', x: 8 },
  hill: { label: 'Hill top', x: 84 },
  valley: { label: 'Before the 45° → 22.5°', x: 170 },
};
const WIDTHS: Record<string, number> = { narrow: 12, wide: 28 };

/** The slopes module's events of one frame, in a few words (EO_EV_SLOPES_*: see common.h). */
function describeWalk(steps: readonly TraceStep[]): string {
  const out: string[] = [];
  for (const st of steps) {
    const kind = st.event.replace('EO_EV_SLOPES_', '');
    if (kind === 'CLIMB') out.push(`CLIMB ${st.b} px into column ${st.a}`);
    else if (kind === 'SNAP_DOWN') out.push(`SNAP_DOWN ${st.b} px`);
    else if (kind === 'WALL') out.push(st.b ? `WALL at column ${st.a}: needs ${st.b} px` : `WALL at column ${st.a}: no room`);
    else if (kind === 'AIRBORNE') out.push(`AIRBORNE at (${st.a}, ${st.b})`);
  }
  if (!steps.some((st) => st.event === 'EO_EV_SLOPES_WALK')) return 'no walk: a plain move (tiles_move.c)';
  return out.length ? out.join(' · ') : 'flat: no climb, no snap';
}

interface TrailPoint {
  x: number;
  y: number;
  ground: boolean;
}

export interface WalkOptions {
  start?: string;
  snap?: string;
}

export class SlopeWalk {
  private map: TileMap;
  private bitmap: HTMLCanvasElement;
  private box: Box;
  private start: string;
  private width = 'narrow';
  private snapDown: boolean;
  private maxStep = 1;
  private vy = 0;
  private sub = 0;
  private onGround = true;
  private hit = 0;
  private held = { left: false, right: false };
  private jumpWanted = false;
  private trail: TrailPoint[] = [];
  private counts = { frames: 0, airborne: 0, climbs: 0, snaps: 0 };
  /** What slopes.c reported in the last frame that walked (its trace events, in words). */
  private events = '–';
  private visible = false;
  private raf = 0;
  private last = 0;
  private acc = 0;
  private focused = false;
  private course: HTMLElement;
  private canvas: HTMLCanvasElement;
  private boardWrap: HTMLElement;
  private readout: HTMLElement;
  private status: HTMLElement;
  private root: HTMLElement;
  private stepSeg: ReturnType<typeof segmented>;

  private url: UrlState<{ at: string; w: string; st: '0' | '1' | '2' | '4'; sn: 'on' | 'off' }> | null = null;

  constructor(host: HTMLElement, private life: Lifecycle, private eo: Earlyout, opts: WalkOptions) {
    this.map = textMap(eo, COURSE);
    life.own(() => this.map.dispose()); // the core's map goes with the widget
    this.bitmap = renderMap(this.map);
    this.start = opts.start && STARTS[opts.start] ? opts.start : 'start';
    this.snapDown = opts.snap !== 'off';
    this.box = this.startBox();
    this.canvas = h('canvas', { class: 'fig-canvas', 'aria-hidden': 'true' });
    this.course = h(
      'div',
      {
        class: 'fig-board sl-walk-board',
        tabindex: 0,
        role: 'application',
        'aria-roledescription': 'game',
        'aria-label': 'The slope course. Hold Left or Right to walk, Up or Space to jump.',
        'data-testid': 'course',
      },
      this.canvas,
    );
    this.boardWrap = h('div', { class: 'fig-board-wrap' }, this.course);
    this.readout = h('dl', { class: 'sl-facts', 'data-testid': 'walk-readout', 'aria-live': 'off' });
    // said once the box comes to rest, not every frame
    this.status = h('p', { class: 'sl-status', 'data-testid': 'walk-status', 'aria-live': 'polite' });
    const starts = segmented('Start at', 'walk-start', Object.entries(STARTS).map(([k, s]) => [k, s.label] as const), this.start, (v) => {
      this.start = v;
      this.reset();
      this.url?.changed('step');
    });
    const widths = segmented('Box', 'walk-width', [['narrow', '12 px wide'], ['wide', '28 px wide']], this.width, (v) => {
      this.width = v;
      this.reset();
      this.url?.changed('step');
    });
    this.stepSeg = segmented('Max step', 'walk-step', [['0', '0'], ['1', '1 px'], ['2', '2 px'], ['4', '4 px']], String(this.maxStep), (v) => {
      this.maxStep = Number(v);
      this.render();
      this.url?.changed('step');
    });
    const snapToggle = toggle('snap down (map.walk)', 'walk-snap', this.snapDown, (on) => {
      this.snapDown = on;
      this.render();
      this.url?.changed('step');
    });
    const pad = (testid: string, label: string, text: string, press: (on: boolean) => void) => {
      const b = h('button', { type: 'button', class: 'btn sl-pad', 'data-testid': testid, 'aria-label': label }, text);
      b.addEventListener('pointerdown', (e) => {
        e.preventDefault();
        press(true);
      });
      for (const ev of ['pointerup', 'pointercancel', 'pointerleave']) b.addEventListener(ev, () => press(false));
      // Enter / Space on a focused pad: one short press (the course itself takes held arrow keys)
      b.addEventListener('click', (e) => {
        if ((e as MouseEvent).detail !== 0) return;
        press(true);
        this.life.timeout(() => press(false), 250);
      });
      return b;
    };
    const pads = h(
      'div',
      { class: 'sl-pads', role: 'group', 'aria-label': 'Touch controls' },
      pad('pad-left', 'Walk left', '◀', (on) => this.press('left', on)),
      pad('pad-jump', 'Jump', 'Jump', (on) => on && this.jump()),
      pad('pad-right', 'Walk right', '▶', (on) => this.press('right', on)),
      h('button', { type: 'button', class: 'btn', 'data-testid': 'walk-reset', onclick: () => this.reset() }, 'Reset'),
    );
    this.root = h(
      'div',
      { class: 'fig-playground sl-walk' },
      h('div', { class: 'fig-toolbar' }, starts.root, widths.root, h('div', { class: 'sg-toggles' }, snapToggle), this.stepSeg.root),
      h(
        'div',
        { class: 'fig-main' },
        h('div', { class: 'fig-board-col' }, this.boardWrap, pads, h('p', { class: 'fig-help' }, 'Click the course (or Tab to it) and hold ← or →; ↑ or Space jumps. Dots mark the box’s feet every frame: yellow on the ground, red in the air.')),
        h('div', { class: 'fig-side' }, h('section', { role: 'group', class: 'fig-card', 'aria-label': 'What the core reports' }, h('div', { class: 'fig-card-head' }, h('h3', {}, 'The core says')), this.readout, this.status)),
      ),
    );
    this.wireKeys();
    host.replaceChildren(this.root);
    this.life.onVisible(this.root, (v) => {
      this.visible = v;
      if (!v) this.held = { left: false, right: false };
      this.kick();
    });
    this.life.onResize(this.boardWrap, () => this.draw());
    this.settle();
    this.render();
    const figure = ownFigure(host, 'slopes-walk');
    if (figure) {
      // the settings a learner picks; where the box has walked to is play, not kept
      this.url = new UrlState(this.life, 
        figure,
        { at: oneOf(Object.keys(STARTS), 'start'), w: oneOf(Object.keys(WIDTHS), 'box width'), st: oneOf(['0', '1', '2', '4'] as const, 'max step'), sn: oneOf(['on', 'off'] as const, 'snap down') },
        {
          get: () => ({ at: this.start, w: this.width, st: String(this.maxStep) as '0' | '1' | '2' | '4', sn: this.snapDown ? 'on' : 'off' }),
          apply: (v) => {
            this.start = v.at;
            this.width = v.w;
            this.maxStep = Number(v.st);
            this.snapDown = v.sn === 'on';
            starts.set(v.at);
            widths.set(v.w);
            this.stepSeg.set(v.st);
            this.root.querySelector<HTMLInputElement>('[data-testid="walk-snap"]')!.checked = this.snapDown;
            this.reset();
          },
        },
      );
    }
  }

  private startBox(): Box {
    return { x: STARTS[this.start].x, y: 0, w: WIDTHS[this.width], h: BOX_H };
  }

  /** Drops a fresh box onto the ground under it (a tall move down: the core stops it on the surface). */
  private settle(): void {
    const r = this.map.move(this.box, 0, 6 * T);
    this.box = r.box;
    this.onGround = r.onGround;
    this.vy = 0;
    this.sub = 0;
  }

  private reset(): void {
    this.box = this.startBox();
    this.held = { left: false, right: false };
    this.trail = [];
    this.counts = { frames: 0, airborne: 0, climbs: 0, snaps: 0 };
    this.events = '–';
    this.hit = 0;
    this.settle();
    this.render();
    this.say();
  }

  private press(side: 'left' | 'right', on: boolean): void {
    this.held[side] = on;
    this.kick();
  }

  private jump(): void {
    this.jumpWanted = true;
    this.kick();
  }

  private wireKeys(): void {
    const c = this.course;
    c.addEventListener('focus', () => {
      this.focused = true;
      this.draw();
    });
    c.addEventListener('blur', () => {
      this.focused = false;
      this.held = { left: false, right: false };
      this.draw();
    });
    c.addEventListener('pointerdown', () => c.focus({ preventScroll: true }));
    c.addEventListener('keydown', (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === 'ArrowLeft') this.press('left', true);
      else if (e.key === 'ArrowRight') this.press('right', true);
      else if (e.key === 'ArrowUp' || e.key === ' ') this.jump();
      else return;
      e.preventDefault();
    });
    c.addEventListener('keyup', (e) => {
      if (e.key === 'ArrowLeft') this.press('left', false);
      else if (e.key === 'ArrowRight') this.press('right', false);
    });
  }

  private get busy(): boolean {
    return this.held.left || this.held.right || this.jumpWanted || !this.onGround;
  }

  /** Runs frames at 60 per second while something moves; sleeps otherwise. */
  private kick(): void {
    if (this.raf || !this.visible || !this.busy) return;
    this.last = performance.now();
    this.acc = FRAME_MS; // a press moves the box at once
    const tick = (now: number) => {
      this.acc += Math.min(100, now - this.last);
      this.last = now;
      let n = 0;
      while (this.acc >= FRAME_MS && n < 6) {
        this.acc -= FRAME_MS;
        this.frame();
        n++;
      }
      this.render();
      this.raf = this.visible && this.busy ? this.life.frame(tick) : 0;
      if (!this.raf) this.say();
    };
    this.raf = this.life.frame(tick);
  }

  /** One game frame: walk (or move) sideways, then gravity; the core answers every step. */
  private frame(): void {
    const dir = (this.held.right ? 1 : 0) - (this.held.left ? 1 : 0);
    if (this.jumpWanted && this.onGround) {
      this.vy = -JUMP;
      this.onGround = false;
    }
    this.jumpWanted = false;
    const t = this.eo.trace(() => {
      let hit = 0;
      if (dir !== 0) {
        const r = this.snapDown && this.onGround ? this.map.walk(this.box, dir * SPEED, this.maxStep) : this.map.move(this.box, dir * SPEED, 0);
        this.box = r.box;
        hit |= r.hit;
        this.onGround = r.onGround && this.vy >= 0;
      }
      if (!this.onGround || !this.snapDown) {
        this.vy = Math.min(FALL_MAX, this.vy + GRAVITY);
        this.sub += this.vy;
        const dy = Math.trunc(this.sub);
        this.sub -= dy;
        const r = this.map.move(this.box, 0, dy);
        this.box = r.box;
        hit |= r.hit;
        if (r.hit & HIT.BOTTOM || (this.vy > 0 && r.onGround)) {
          this.vy = 0;
          this.sub = 0;
          this.onGround = true;
        } else {
          if (r.hit & HIT.TOP) this.vy = 0;
          this.onGround = r.onGround && this.vy >= 0;
        }
      }
      return hit;
    }, 512);
    this.hit = t.result;
    this.counts.frames++;
    if (!this.onGround) this.counts.airborne++;
    this.counts.climbs += t.counters['slopes.climbs'] ?? 0;
    this.counts.snaps += t.counters['slopes.snaps'] ?? 0;
    if (dir !== 0) this.events = describeWalk(t.steps);
    this.trail.push({ x: this.box.x, y: this.box.y, ground: this.onGround });
    if (this.trail.length > TRAIL_MAX) this.trail.shift();
  }

  private say(): void {
    const b = this.box;
    setText(this.status, `Box at x ${b.x}, y ${b.y}, ${this.onGround ? 'on the ground' : 'in the air'}${this.hit & (HIT.LEFT | HIT.RIGHT) ? ', against a wall' : ''}.`);
  }

  private render(): void {
    const b = this.box;
    const r = this.root;
    r.dataset.x = String(b.x);
    r.dataset.y = String(b.y);
    r.dataset.onGround = String(this.onGround);
    r.dataset.hit = String(this.hit);
    r.dataset.frames = String(this.counts.frames);
    r.dataset.airborne = String(this.counts.airborne);
    r.dataset.trail = this.trail.map((p) => `${p.x},${p.y},${p.ground ? 1 : 0}`).join(' ');
    this.stepSeg.inputs.forEach((i) => (i.disabled = !this.snapDown));
    const hits = [this.hit & HIT.LEFT ? 'left' : '', this.hit & HIT.RIGHT ? 'right' : '', this.hit & HIT.TOP ? 'top' : '', this.hit & HIT.BOTTOM ? 'bottom' : ''].filter(Boolean);
    const rows: Array<[string, string, string]> = [
      ['pos', 'Box', `x ${b.x}, y ${b.y} (${b.w} × ${b.h})`],
      ['feet', 'Feet at', `y ${b.y + b.h}`],
      ['ground', 'On the ground', this.onGround ? 'yes' : 'no: in the air'],
      ['hit', 'Stopped by', hits.length ? hits.join(', ') : 'nothing'],
      ['mode', 'Each frame', this.snapDown ? `map.walk(box, ±${SPEED}, ${this.maxStep}), gravity only in the air` : `map.move(box, ±${SPEED}, 0), then gravity`],
      ['frames', 'Frames', `${this.counts.frames}, ${this.counts.airborne} in the air`],
      ['climbs', 'Climbs / snaps down', `${this.counts.climbs} / ${this.counts.snaps} (core counters)`],
      ['events', 'Last step, slopes.c', this.events],
    ];
    this.readout.replaceChildren(...rows.flatMap(([k, dt, dd]) => [h('dt', {}, dt), h('dd', { 'data-testid': `walk-${k}` }, dd)]));
    this.draw();
  }

  private draw(): void {
    const { ctx, g } = drawCourse(this.canvas, this.course, this.boardWrap, this.bitmap, COURSE[0].length, COURSE.length, T);
    // the trail: the feet (bottom middle) of every frame
    for (const p of this.trail) drawFoot(ctx, g, p.x, p.y, this.box.w, BOX_H, p.ground ? 'rgba(255, 216, 77, 0.85)' : 'rgba(255, 93, 93, 0.95)');
    drawCharacter(ctx, g, this.box, this.focused);
  }
}
