// Many objects: N seeded random boxes, their masks built by the core, every pair tested by the
// core's findCandidates, and its counters: how many pairs the masks eliminated, how many are left
// for the exact test. Candidate pairs are drawn as lines.
import { LAYOUTS } from '../../core.ts';
import type { Earlyout, GridmaskMethod, LayoutBits } from '../../core.ts';
import { numberInput } from '../../controls.ts';
import type { NumberInput } from '../../controls.ts';
import { h, reducedMotion, setText, uniqueId } from '../../dom.ts';
import { COLORS, drawScreen, geometry, prepareCanvas, toCss } from '../../board.ts';
import { layoutWorld } from './model.ts';
import { int, oneOf, ownFigure, UrlState } from '../../urlstate.ts';
import type { Lifecycle } from '../../lifecycle.ts';

export interface ManyOptions {
  count?: string;
  seed?: string;
  layout?: string;
  method?: string;
}

interface ManyState {
  count: number;
  seed: number;
  layout: LayoutBits;
  method: GridmaskMethod;
  moving: boolean;
}

/** mulberry32: a tiny seeded generator, so a given seed always places the same objects. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MAX = 64;
const SEED_MAX = 999999;

export class ManyObjects {
  private state: ManyState;
  private boxes = new Int16Array(MAX * 4);
  private pos = new Float64Array(MAX * 2);
  private vel = new Float64Array(MAX * 2);
  private masks = new Uint32Array(MAX);
  private pairs = new Uint32Array((MAX * (MAX - 1)) / 2 * 2);
  private result: { count: number; tests: number; eliminated: number; built: number; pairs: Uint32Array<ArrayBufferLike> } = {
    count: 0,
    tests: 0,
    eliminated: 0,
    built: 0,
    pairs: new Uint32Array(0),
  };
  private canvas: HTMLCanvasElement;
  private wrap: HTMLElement;
  private stats: Record<string, HTMLElement> = {};
  private bar: { elim: HTMLElement; left: HTMLElement };
  private countOut: HTMLOutputElement;
  private seedN: NumberInput;
  private moveBtn: HTMLButtonElement;
  private frame = 0;
  private url: UrlState<{ c: number; r: number; l: '8' | '16' | '32'; m: GridmaskMethod }> | null = null;
  private last = 0;

  constructor(host: HTMLElement, private life: Lifecycle, private eo: Earlyout, opts: ManyOptions) {
    this.state = {
      count: Number(opts.count ?? 16),
      seed: Number(opts.seed ?? 1984),
      layout: Number(opts.layout ?? 16) as LayoutBits,
      method: (opts.method as GridmaskMethod) ?? 'span',
      moving: false,
    };
    const countId = uniqueId('many-count');
    const countInput = h('input', {
      type: 'range',
      id: countId,
      min: 2,
      max: MAX,
      step: 1,
      value: this.state.count,
      'data-testid': 'many-count',
    });
    this.countOut = h('output', { for: countId, 'data-testid': 'many-count-value' }, String(this.state.count));
    countInput.addEventListener('input', () => {
      this.state.count = Number(countInput.value);
      setText(this.countOut, countInput.value);
      this.place();
      this.url?.changed('drag');
    });
    this.seedN = numberInput({
      name: 'Seed',
      testid: 'many-seed',
      min: 1,
      max: SEED_MAX,
      current: () => this.state.seed,
      onValue: (n) => {
        this.state.seed = n;
        this.place();
        this.url?.changed('drag');
      },
    });
    this.seedN.show(this.state.seed);
    const shuffle = h('button', { type: 'button', class: 'btn', 'data-testid': 'many-shuffle', onclick: () => this.newSeed() }, 'New placement');
    this.moveBtn = h('button', { type: 'button', class: 'btn', 'data-testid': 'many-move', 'aria-pressed': 'false', onclick: () => this.toggleMove() }, '▶ Move');
    const radios = (name: string, label: string, values: Array<[string, string]>, current: string, set: (v: string) => void) => {
      const id = uniqueId(name);
      return h(
        'fieldset',
        { class: 'seg' },
        h('legend', {}, label),
        ...values.map(([v, t]) =>
          h(
            'label',
            { for: `${id}-${v}` },
            h('input', { type: 'radio', name: id, id: `${id}-${v}`, value: v, checked: v === current, 'data-testid': `many-${name}-${v}`, onchange: () => set(v) }),
            h('span', {}, t),
          ),
        ),
      );
    };
    const stat = (key: string, label: string, cls = '') => {
      this.stats[key] = h('span', { class: 'stat-value', 'data-testid': `stat-${key}` }, '–');
      return h('div', { class: `stat ${cls}` }, this.stats[key], h('span', { class: 'stat-label' }, label));
    };
    this.bar = {
      elim: h('span', { class: 'ratio-elim' }),
      left: h('span', { class: 'ratio-left' }),
    };
    this.canvas = h('canvas', { class: 'fig-canvas', role: 'img', 'aria-label': 'Objects on the screen, candidate pairs joined by lines' });
    this.wrap = h('div', { class: 'fig-board-wrap many-board' }, h('div', { class: 'fig-board' }, this.canvas));

    const root = h(
      'div',
      { class: 'fig-many' },
      h(
        'div',
        { class: 'fig-toolbar' },
        h('div', { class: 'slider' }, h('label', { for: countId }, 'Objects'), countInput, this.countOut),
        radios('layout', 'Mask layout', [['8', '8-bit'], ['16', '16-bit'], ['32', '32-bit']], String(this.state.layout), (v) => {
          this.state.layout = Number(v) as LayoutBits;
          this.place();
          this.url?.changed('step');
        }),
        radios('method', 'Method', [['span', 'span'], ['endpoints', 'endpoints']], this.state.method, (v) => {
          this.state.method = v as GridmaskMethod;
          this.evaluate();
          this.draw();
          this.url?.changed('step');
        }),
        h('div', { class: 'seed' }, this.seedN.field, shuffle, this.moveBtn, this.seedN.message),
      ),
      h(
        'div',
        { class: 'fig-main many-main' },
        this.wrap,
        h(
          'div',
          { class: 'fig-side' },
          h(
            'div',
            { class: 'stats', role: 'status', 'aria-live': 'polite', 'data-testid': 'many-stats' },
            stat('tests', 'pairs tested with one AND each'),
            stat('eliminated', 'eliminated by the masks', 'is-elim'),
            stat('candidates', 'left for the full box test', 'is-left'),
          ),
          h('div', { class: 'ratio', 'aria-hidden': 'true' }, this.bar.elim, this.bar.left),
          h('p', { class: 'fig-help', 'data-testid': 'many-built' }),
          h(
            'p',
            { class: 'fig-help' },
            'Lines join the pairs the masks could not rule out. Every number here is a counter of the traced core ',
            '(masks built, pairs tested, pairs eliminated) or the count returned by ',
            h('code', {}, 'findCandidates'),
            '.',
          ),
        ),
      ),
    );
    host.replaceChildren(root);
    this.life.onResize(this.wrap, () => this.draw());
    this.place();
    const figure = ownFigure(host, 'gridmask-many');
    if (figure) {
      // the same limits as the slider, the seed field and the radios
      const fields = { c: int(2, MAX, 'object count'), r: int(1, 999999, 'seed'), l: oneOf(['8', '16', '32'] as const, 'layout'), m: oneOf(['span', 'endpoints'] as const, 'method') };
      this.url = new UrlState(this.life, figure, fields, {
        get: () => ({ c: this.state.count, r: this.state.seed, l: String(this.state.layout) as '8' | '16' | '32', m: this.state.method }),
        apply: (v) => {
          this.state.count = v.c;
          this.state.seed = v.r;
          this.state.layout = Number(v.l) as LayoutBits;
          this.state.method = v.m;
          countInput.value = String(v.c);
          setText(this.countOut, String(v.c));
          this.seedN.show(v.r);
          for (const [name, value] of [['layout', v.l], ['method', v.m]]) {
            const radio = root.querySelector<HTMLInputElement>(`[data-testid="many-${name}-${value}"]`);
            if (radio) radio.checked = true;
          }
          this.place();
        },
      });
    }
  }

  private newSeed(): void {
    this.state.seed = (this.state.seed * 48271) % 999983 || 1;
    this.seedN.show(this.state.seed);
    this.place();
    this.url?.changed('step');
  }

  /** Seeded random boxes inside the screen (sizes scale with the layout's screen). */
  private place(): void {
    const L = LAYOUTS[this.state.layout];
    const k = L.screenW / 256;
    const r = rng(this.state.seed);
    for (let i = 0; i < MAX; i++) {
      const w = Math.round((8 + r() * 32) * k);
      const hh = Math.round((8 + r() * 32) * k);
      this.pos[i * 2] = Math.floor(r() * (L.screenW - w));
      this.pos[i * 2 + 1] = Math.floor(r() * (L.screenH - hh));
      const angle = r() * Math.PI * 2;
      const speed = (14 + r() * 30) * k;
      this.vel[i * 2] = Math.cos(angle) * speed;
      this.vel[i * 2 + 1] = Math.sin(angle) * speed;
      this.boxes[i * 4 + 2] = w;
      this.boxes[i * 4 + 3] = hh;
    }
    this.syncBoxes();
    this.evaluate();
    this.draw();
  }

  private syncBoxes(): void {
    for (let i = 0; i < MAX; i++) {
      this.boxes[i * 4] = Math.round(this.pos[i * 2]);
      this.boxes[i * 4 + 1] = Math.round(this.pos[i * 2 + 1]);
    }
  }

  /** The core builds every mask and tests every pair; we read its counters and pairs. */
  private evaluate(): void {
    const layout = LAYOUTS[this.state.layout];
    const n = this.state.count;
    const boxes = this.boxes.subarray(0, n * 4);
    const masks = this.masks.subarray(0, n);
    const t = this.eo.trace(() => {
      this.eo.gridmask.buildMany(layout, this.state.method, boxes, masks);
      return this.eo.gridmask.findCandidates(layout, masks, this.pairs);
    }, 1);
    this.result = {
      count: t.result.count,
      pairs: t.result.pairs,
      tests: t.counters['gridmask.tests'] ?? 0,
      eliminated: t.counters['gridmask.eliminated'] ?? 0,
      built: t.counters['gridmask.built'] ?? 0,
    };
    const res = this.result;
    setText(this.stats.tests, String(res.tests));
    setText(this.stats.eliminated, String(res.eliminated));
    setText(this.stats.candidates, String(res.count));
    const total = Math.max(1, res.tests);
    this.bar.elim.style.flexGrow = String(res.eliminated / total);
    this.bar.left.style.flexGrow = String(res.count / total);
    const built = this.stats.tests.closest('.fig-side')!.querySelector<HTMLElement>('[data-testid=many-built]')!;
    setText(built, `${res.built} masks built for ${n} objects; ${res.tests} pairs tested, ${Math.round((100 * res.eliminated) / total)}% of them eliminated by one AND per axis.`);
  }

  private toggleMove(): void {
    this.state.moving = !this.state.moving;
    this.moveBtn.setAttribute('aria-pressed', String(this.state.moving));
    setText(this.moveBtn, this.state.moving ? '❚❚ Stop' : '▶ Move');
    if (this.state.moving) {
      this.last = performance.now();
      this.frame = this.life.frame((t) => this.tick(t));
    } else {
      this.life.cancelFrame(this.frame);
    }
  }

  /** Drift and bounce off the screen's sides (motion only: who collides is the core's business). */
  private tick(now: number): void {
    if (!this.state.moving) return;
    const dt = Math.min(0.05, (now - this.last) / 1000) * (reducedMotion() ? 0.35 : 1);
    this.last = now;
    const L = LAYOUTS[this.state.layout];
    for (let i = 0; i < this.state.count; i++) {
      for (const [axis, size, limit] of [[0, this.boxes[i * 4 + 2], L.screenW], [1, this.boxes[i * 4 + 3], L.screenH]] as const) {
        let p = this.pos[i * 2 + axis] + this.vel[i * 2 + axis] * dt;
        if (p < 0 || p > limit - size) {
          this.vel[i * 2 + axis] = -this.vel[i * 2 + axis];
          p = Math.max(0, Math.min(limit - size, p));
        }
        this.pos[i * 2 + axis] = p;
      }
    }
    this.syncBoxes();
    this.evaluate();
    this.draw();
    this.frame = this.life.frame((t) => this.tick(t));
  }

  private draw(): void {
    const g = geometry(Math.min(this.wrap.clientWidth || 640, 700), layoutWorld(this.state.layout));
    const ctx = prepareCanvas(this.canvas, g);
    (this.canvas.parentElement as HTMLElement).style.width = `${g.cssW}px`;
    drawScreen(ctx, g);
    const n = this.state.count;
    const b = this.boxes;
    const cx = (i: number) => toCss(g, b[i * 4] + b[i * 4 + 2] / 2);
    const cy = (i: number) => toCss(g, b[i * 4 + 1] + b[i * 4 + 3] / 2);
    const inPair = new Uint8Array(n);
    const { pairs, count } = this.result;
    ctx.save();
    ctx.strokeStyle = 'rgba(255, 216, 77, 0.75)';
    ctx.lineWidth = 1.25;
    ctx.beginPath();
    for (let k = 0; k < count; k++) {
      const i = pairs[k * 2];
      const j = pairs[k * 2 + 1];
      inPair[i] = inPair[j] = 1;
      ctx.moveTo(cx(i), cy(i));
      ctx.lineTo(cx(j), cy(j));
    }
    ctx.stroke();
    ctx.restore();
    for (let i = 0; i < n; i++) {
      const x = toCss(g, b[i * 4]);
      const y = toCss(g, b[i * 4 + 1]);
      const w = b[i * 4 + 2] * g.s;
      const hh = b[i * 4 + 3] * g.s;
      ctx.fillStyle = inPair[i] ? COLORS.objectsFill[0] : 'rgba(160, 180, 220, 0.14)';
      ctx.strokeStyle = inPair[i] ? COLORS.objects[0] : 'rgba(170, 195, 235, 0.55)';
      ctx.lineWidth = 1.5;
      ctx.fillRect(x, y, w, hh);
      ctx.strokeRect(x + 0.75, y + 0.75, w - 1.5, hh - 1.5);
    }
  }
}
