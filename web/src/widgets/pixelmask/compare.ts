// Bitmask against per pixel: the same pair asked twice, once with eo_pixelmask_overlap (a word at a
// time) and once with eo_pixelmask_overlap_reference (a pixel at a time), both on the traced core.
// The counts side by side are the core's counters; so are the totals over every placement.
import type { Earlyout } from '../../core.ts';
import { h, setText, uniqueId } from '../../dom.ts';
import { COLORS } from '../../board.ts';
import { ints, oneOf, ownFigure, UrlState } from '../../urlstate.ts';
import { box, clampPos, VERDICT_TEXT, WORLD } from './model.ts';
import type { Pos } from './model.ts';
import { legend } from './legend.ts';
import { drawBoxOutline, drawOverlapOutline, drawOverlapRect, drawPlayfield, drawSprite, PixelBoard } from './board.ts';
import { BULLET, ENEMY, SOLDIER, Sprite } from './sprites.ts';
import type { Lifecycle } from '../../lifecycle.ts';

export interface CompareOptions {
  pair?: string;
}

type PairKey = 'bullet' | 'enemy';

/** What a link holds: the pair, and A's and B's x, y on the playfield ("p.enemy_a.8.6_b.18.4"). */
interface Shared {
  p: PairKey;
  a: number[];
  b: number[];
}
const SHARED = {
  p: oneOf(['bullet', 'enemy'] as const, 'pair'),
  a: ints(2, 0, WORLD.w, "A's x, y"),
  b: ints(2, 0, WORLD.w, "B's x, y"),
};

const PAIRS: Record<PairKey, { label: string; pos: [Pos, Pos] }> = {
  bullet: { label: 'Soldier + bullet', pos: [{ x: 8, y: 6 }, { x: 18, y: 10 }] },
  enemy: { label: 'Two soldiers', pos: [{ x: 8, y: 6 }, { x: 18, y: 4 }] },
};

interface Counts {
  hit: boolean;
  rows: number;
  words: number;
  pixels: number;
  refHit: boolean;
}

interface Totals {
  placements: number;
  words: number;
  pixels: number;
}

export class Compare {
  private pair: PairKey;
  private sprites: Record<PairKey, [Sprite, Sprite]>;
  private pos: [Pos, Pos];
  private board: PixelBoard;
  private boardWrap: HTMLElement;
  private counts!: Counts;
  private totals = new Map<PairKey, Totals>();
  private out: Record<string, HTMLElement> = {};
  private bars: { words: HTMLElement; pixels: HTMLElement };
  private radios: HTMLInputElement[] = [];
  private selected: number | null = null;
  private legendEl = legend();
  private url: UrlState<Shared> | null = null;

  constructor(host: HTMLElement, private life: Lifecycle, private eo: Earlyout, opts: CompareOptions) {
    this.pair = opts.pair === 'enemy' ? 'enemy' : 'bullet';
    const soldier = new Sprite(eo, SOLDIER);
    this.sprites = { bullet: [soldier, new Sprite(eo, BULLET)], enemy: [soldier, new Sprite(eo, ENEMY)] };
    life.own(() => [soldier, this.sprites.bullet[1], this.sprites.enemy[1]].forEach((s) => s.dispose()));
    this.pos = [{ ...PAIRS[this.pair].pos[0] }, { ...PAIRS[this.pair].pos[1] }];
    this.board = new PixelBoard({
      testids: ['obj-a', 'obj-b'],
      onMove: (i, p) => {
        const pos: [Pos, Pos] = [...this.pos];
        pos[i] = clampPos(this.sprites[this.pair][i], p);
        this.pos = pos;
        this.update();
        this.url?.changed('drag');
      },
      onFocus: (i) => {
        this.selected = i;
        this.draw();
      },
      describe: (i) => {
        const sp = this.sprites[this.pair][i];
        return `${i === 0 ? 'A' : 'B'}, the ${sp.name.toLowerCase()} at x ${this.pos[i].x}, y ${this.pos[i].y}. Drag, or use the arrow keys (Shift for 8 px).`;
      },
    });
    this.boardWrap = h('div', { class: 'pm-board-wrap' }, this.board.root);

    const id = uniqueId('pair');
    const pairGroup = h(
      'fieldset',
      { class: 'seg', 'data-testid': 'pair-group' },
      h('legend', {}, 'Pair'),
      ...(Object.keys(PAIRS) as PairKey[]).map((key) => {
        const input = h('input', {
          type: 'radio',
          name: id,
          value: key,
          id: `${id}-${key}`,
          checked: key === this.pair,
          'data-testid': `pair-${key}`,
          onchange: () => {
            this.setPair(key);
            this.url?.changed('step');
          },
        });
        this.radios.push(input);
        return h('label', { for: `${id}-${key}` }, input, h('span', {}, PAIRS[key].label));
      }),
    );

    const stat = (key: string, label: string) => {
      this.out[key] = h('span', { class: 'stat-value', 'data-testid': key });
      return h('div', { class: 'stat' }, this.out[key], h('span', { class: 'stat-label' }, label));
    };
    const verdict = (key: string) => (this.out[key] = h('p', { class: 'pm-cmp-verdict', 'data-testid': key }));
    this.bars = {
      words: h('span', { class: 'pm-bar pm-bar-words', 'data-testid': 'bar-words' }),
      pixels: h('span', { class: 'pm-bar pm-bar-pixels', 'data-testid': 'bar-pixels' }),
    };
    this.out['cmp-summary'] = h('p', { class: 'pm-cmp-summary', 'data-testid': 'cmp-summary', 'aria-live': 'polite' });
    this.out['cmp-all'] = h('p', { class: 'pm-cmp-all', 'data-testid': 'cmp-all' });

    const side = h(
      'div',
      { class: 'fig-side pm-cmp-side' },
      h(
        'section',
        { role: 'group', class: 'fig-card pm-cmp-card', 'aria-label': 'Bitmask method' },
        h('div', { class: 'fig-card-head' }, h('span', { class: 'swatch swatch-and', 'aria-hidden': 'true' }), h('h3', {}, 'A word at a time'), h('code', { class: 'mask-hex' }, 'eo_pixelmask_overlap')),
        h('div', { class: 'stats' }, stat('cmp-words', 'words ANDed'), stat('cmp-rows', 'rows tested')),
        verdict('cmp-hit'),
      ),
      h(
        'section',
        { role: 'group', class: 'fig-card pm-cmp-card', 'aria-label': 'Per-pixel reference' },
        h('div', { class: 'fig-card-head' }, h('span', { class: 'swatch pm-swatch-ref', 'aria-hidden': 'true' }), h('h3', {}, 'A pixel at a time'), h('code', { class: 'mask-hex' }, 'eo_pixelmask_overlap_reference')),
        h('div', { class: 'stats' }, stat('cmp-pixels', 'pixels tested')),
        verdict('cmp-ref-hit'),
      ),
      h('div', { class: 'pm-bars', 'aria-hidden': 'true' }, h('span', { class: 'pm-bars-label' }, 'words'), h('span', { class: 'pm-bar-track' }, this.bars.words), h('span', { class: 'pm-bars-label' }, 'pixels'), h('span', { class: 'pm-bar-track' }, this.bars.pixels)),
      this.out['cmp-summary'],
    );
    const root = h(
      'div',
      { class: 'fig-playground pm-playground pm-compare' },
      h('div', { class: 'fig-toolbar' }, pairGroup),
      h(
        'div',
        { class: 'fig-main' },
        h('div', { class: 'fig-board-col' }, this.boardWrap, this.legendEl, h('p', { class: 'fig-help' }, 'Drag either sprite, or Tab to it and use the arrow keys: both methods answer again at every move.'), this.out['cmp-all']),
        side,
      ),
    );
    host.replaceChildren(root);
    this.life.onResize(this.boardWrap, () => this.draw());
    this.update();
    const figure = ownFigure(host, 'pixelmask-compare');
    if (figure) {
      this.url = new UrlState(this.life, figure, SHARED, {
        get: () => ({ p: this.pair, a: [this.pos[0].x, this.pos[0].y], b: [this.pos[1].x, this.pos[1].y] }),
        // each sprite stays on the playfield, as dragging keeps it (clampPos); the pair sets the sizes
        check: (v) => {
          const sprites = this.sprites[v.p];
          const bad = [v.a, v.b].findIndex(([x, y], i) => {
            const c = clampPos(sprites[i], { x, y });
            return c.x !== x || c.y !== y;
          });
          return bad < 0 ? null : `${bad === 0 ? 'A' : 'B'} at (${[v.a, v.b][bad].join(', ')}) is off the ${WORLD.w} × ${WORLD.h} playfield`;
        },
        apply: (v) => {
          this.setPair(v.p, [{ x: v.a[0], y: v.a[1] }, { x: v.b[0], y: v.b[1] }]);
        },
      });
    }
  }

  private setPair(key: PairKey, pos: [Pos, Pos] = PAIRS[key].pos): void {
    this.pair = key;
    this.pos = [{ ...pos[0] }, { ...pos[1] }];
    for (const r of this.radios) r.checked = r.value === key;
    this.update();
  }

  /** Both methods on the traced core, for the current placement. */
  private measure(): Counts {
    const [a, b] = this.sprites[this.pair];
    const [pa, pb] = this.pos;
    const bit = this.eo.trace(() => this.eo.pixelmask.overlap(a.mask, pa.x, pa.y, b.mask, pb.x, pb.y), 64);
    const ref = this.eo.trace(() => this.eo.pixelmask.overlapReference(a.mask, pa.x, pa.y, b.mask, pb.x, pb.y), 64);
    return {
      hit: bit.result,
      rows: bit.counters['pixelmask.rows'] ?? 0,
      words: bit.counters['pixelmask.words'] ?? 0,
      pixels: ref.counters['pixelmask.ref_pixels'] ?? 0,
      refHit: ref.result,
    };
  }

  /** Every placement of B around a fixed A where the boxes overlap: both methods, counters summed by the core. */
  private measureAll(): Totals {
    const cached = this.totals.get(this.pair);
    if (cached) return cached;
    const [a, b] = this.sprites[this.pair];
    const ax = 8;
    const ay = 6;
    const places: Pos[] = [];
    for (let by = ay - b.h - 1; by <= ay + a.h + 1; by++)
      for (let bx = ax - b.w - 1; bx <= ax + a.w + 1; bx++)
        if (this.eo.pixelmask.overlapRect(box(a, { x: ax, y: ay }), box(b, { x: bx, y: by }))) places.push({ x: bx, y: by });
    // one traced call around the whole loop: the counters add up across calls (steps are not kept)
    const bit = this.eo.trace(() => {
      for (const p of places) this.eo.pixelmask.overlap(a.mask, ax, ay, b.mask, p.x, p.y);
    }, 1);
    const ref = this.eo.trace(() => {
      for (const p of places) this.eo.pixelmask.overlapReference(a.mask, ax, ay, b.mask, p.x, p.y);
    }, 1);
    const t = { placements: places.length, words: bit.counters['pixelmask.words'] ?? 0, pixels: ref.counters['pixelmask.ref_pixels'] ?? 0 };
    this.totals.set(this.pair, t);
    return t;
  }

  update(): void {
    const c = (this.counts = this.measure());
    setText(this.out['cmp-words'], String(c.words));
    setText(this.out['cmp-rows'], String(c.rows));
    setText(this.out['cmp-pixels'], String(c.pixels));
    const verdictOf = (hit: boolean) => {
      const [a, b] = this.sprites[this.pair];
      const rect = this.eo.pixelmask.overlapRect(box(a, this.pos[0]), box(b, this.pos[1]));
      return VERDICT_TEXT[rect === null ? 'apart' : hit ? 'hit' : 'miss'].short;
    };
    this.out['cmp-hit'].dataset.hit = String(c.hit);
    this.out['cmp-ref-hit'].dataset.hit = String(c.refHit);
    setText(this.out['cmp-hit'], `Answer: ${verdictOf(c.hit)}`);
    setText(this.out['cmp-ref-hit'], `Answer: ${verdictOf(c.refHit)}`);
    const max = Math.max(1, c.words, c.pixels);
    this.bars.words.style.width = `${(100 * c.words) / max}%`;
    this.bars.pixels.style.width = `${(100 * c.pixels) / max}%`;
    const same = c.hit === c.refHit;
    this.out['cmp-summary'].dataset.agree = String(same);
    setText(
      this.out['cmp-summary'],
      c.pixels === 0 && c.words === 0
        ? 'The boxes do not overlap: neither method reads a single row.'
        : `${same ? 'Same answer' : 'The methods disagree!'}: ${c.pixels} pixel${c.pixels === 1 ? '' : 's'} tested one by one, against ${c.words} AND${c.words === 1 ? '' : 's'} of whole words.` +
            (c.hit ? ' Both stop at the first shared pixel.' : ''),
    );
    const t = this.measureAll();
    this.out['cmp-all'].dataset.words = String(t.words);
    this.out['cmp-all'].dataset.pixels = String(t.pixels);
    this.out['cmp-all'].replaceChildren(
      'Over all ',
      h('strong', {}, String(t.placements)),
      ` placements of the ${this.sprites[this.pair][1].name.toLowerCase()} where the boxes overlap, the core ANDed `,
      h('strong', { 'data-testid': 'all-words' }, String(t.words)),
      ' words and the per-pixel loop tested ',
      h('strong', { 'data-testid': 'all-pixels' }, String(t.pixels)),
      ' pixels.',
    );
    this.draw();
  }

  private draw(): void {
    if (!this.counts) return;
    const sprites = this.sprites[this.pair];
    const ctx = this.board.layout(sprites, this.pos, Math.min(this.boardWrap.clientWidth || 640, 700));
    const g = this.board.geom;
    drawPlayfield(ctx, g);
    const boxes = sprites.map((sp, i) => box(sp, this.pos[i]));
    const rect = this.eo.pixelmask.overlapRect(boxes[0], boxes[1]);
    if (rect) drawOverlapRect(ctx, g, rect);
    this.legendEl.update(rect, null, null);
    sprites.forEach((sp, i) => drawSprite(ctx, g, sp, this.pos[i]));
    if (rect) drawOverlapOutline(ctx, g, rect);
    boxes.forEach((b, i) => drawBoxOutline(ctx, g, b, COLORS.objects[i], i === 0 ? 'A' : 'B', this.selected === i && !this.board.handles[i].matches(':focus-visible')));
  }
}
