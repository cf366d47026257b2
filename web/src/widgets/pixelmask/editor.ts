// A small sprite editor: paint the soldier's or the bullet's pixels (mouse, touch or keyboard) and
// each stroke goes straight into the core's mask (mask.set); the pair below asks the core again.
// Beside every row, the row's word as the core holds it (read back with mask.get).
import type { Earlyout } from '../../core.ts';
import { h, setText, uniqueId } from '../../dom.ts';
import { COLORS, prepareCanvas } from '../../board.ts';
import { int, ints, ownFigure, StateError, UrlState } from '../../urlstate.ts';
import type { Codec } from '../../urlstate.ts';
import { hex32, WORLD } from './model.ts';
import type { Pos } from './model.ts';
import { PixelPlayground } from './playground.ts';
import { BULLET, SOLDIER, Sprite } from './sprites.ts';
import type { SpriteArt } from './sprites.ts';
import type { Lifecycle } from '../../lifecycle.ts';
import { capturePointer } from '../../input.ts';

/** How a change reaches the URL: 'step' adds a history entry (a key, a finished stroke); 'stroke'
    waits for the stroke to end, so one stroke is one entry that Back undoes. */
type ChangeKind = 'step' | 'stroke';

/** A painted sprite in a link: its width, its height, then one digit per pixel, row by row, the
    pixel's palette index (0 clear): "16.16.0000011110000000..." The size must be the sprite's
    (the editor cannot resize one) and every digit one of its colours, so a link that does not
    describe this sprite is refused rather than half-applied. */
export function spriteCodec(art: SpriteArt, what: string): Codec<Uint8Array> {
  const w = art.rows[0].length;
  const hh = art.rows.length;
  const colours = art.palette.length;
  if (colours > 10) throw new Error(`${art.id}: ${colours} colours do not fit one digit per pixel`);
  return {
    parse(parts) {
      if (parts.length !== 3) throw new StateError(`${what} needs a width, a height and its pixels, got ${parts.length} values`);
      const pw = int(1, 32, `${what}'s width`).parse([parts[0]]);
      const ph = int(1, 32, `${what}'s height`).parse([parts[1]]);
      if (pw !== w || ph !== hh) throw new StateError(`${what} is ${w} × ${hh} pixels, not ${pw} × ${ph}`);
      const digits = parts[2];
      if (digits.length !== w * hh) throw new StateError(`${what} has ${digits.length} of its ${w * hh} pixels`);
      const bad = digits.search(new RegExp(`[^0-${colours - 1}]`));
      if (bad >= 0) throw new StateError(`${what}'s pixel ${bad} is "${digits[bad]}", not a colour 0 to ${colours - 1}`);
      return Uint8Array.from(digits, Number);
    },
    format: (indices) => [String(w), String(hh), indices.join('')],
  };
}

/** css px per sprite pixel: small sprites get bigger cells */
const cellFor = (sp: Sprite): number => (sp.w <= 8 ? 24 : 16);
const HEX_W = 96;

class SpriteEditor {
  readonly root: HTMLElement;
  private canvas: HTMLCanvasElement;
  private grid: HTMLElement;
  private status: HTMLElement;
  private tool = 1;
  private cursor = { x: 0, y: 0 };
  private focused = false;
  private painting: { id: number; index: number; painted: boolean } | null = null;
  private radios: HTMLInputElement[] = [];

  constructor(
    private sprite: Sprite,
    label: string,
    private onChange: (kind: ChangeKind) => void,
  ) {
    const sp = sprite;
    const id = sp.id;
    const name = uniqueId(`tool-${id}`);
    const swatches = sp.art.palette.map((color, i) => {
      const input = h('input', {
        type: 'radio',
        name,
        value: i,
        id: `${name}-${i}`,
        checked: i === this.tool,
        'data-testid': `tool-${id}-${i}`,
        onchange: () => this.setTool(i),
      });
      this.radios.push(input);
      const text = i === 0 ? 'erase' : sp.art.colorNames[i];
      return h(
        'label',
        { for: `${name}-${i}`, title: `${text} (${i})` },
        input,
        h('span', { class: `pm-swatch${i === 0 ? ' is-eraser' : ''}`, style: i === 0 ? null : `--c: ${color}` }, h('span', { class: 'pm-swatch-name' }, text)),
      );
    });
    // keep the eraser last, where a painter expects it
    swatches.push(swatches.shift()!);
    this.canvas = h('canvas', { class: 'pm-editor-canvas', 'aria-hidden': 'true' });
    this.status = h('p', { class: 'pm-editor-status', 'data-testid': `status-${id}`, 'aria-live': 'polite' });
    const statusId = uniqueId(`status-${id}`);
    this.status.id = statusId;
    this.grid = h(
      'div',
      {
        class: 'pm-editor-grid',
        tabindex: 0,
        role: 'application',
        'aria-roledescription': 'pixel editor',
        'aria-label': `${label}: ${sp.w} by ${sp.h} pixels. Arrow keys move the cursor, Space or Enter paints with the chosen colour, Delete erases, 0 to ${sp.art.palette.length - 1} choose a colour (0 erases).`,
        'aria-describedby': statusId,
        'data-testid': `grid-${id}`,
        'data-cell': cellFor(sp),
      },
      this.canvas,
    );
    this.root = h(
      'section',
      { role: 'group', class: 'pm-sprite-editor', 'aria-label': `${label} editor` },
      h(
        'div',
        { class: 'fig-card-head' },
        h('h3', {}, label),
        h('span', { class: 'mask-hex' }, `${sp.w} × ${sp.h} px`),
        h('button', { type: 'button', class: 'btn pm-reset', 'data-testid': `reset-${id}`, onclick: () => this.reset() }, 'Reset'),
      ),
      h('fieldset', { class: 'pm-palette', 'data-testid': `palette-${id}` }, h('legend', { class: 'pm-sr-only' }, `${label} colours`), ...swatches),
      this.grid,
      this.status,
    );
    this.wire();
    this.draw();
    this.say();
  }

  private setTool(i: number): void {
    this.tool = i;
    for (const r of this.radios) r.checked = Number(r.value) === i;
    this.say();
  }

  private reset(): void {
    this.sprite.reset();
    this.changed('step');
  }

  /** Puts a whole picture (a link's) on the sprite, pixel by pixel through the core's mask. */
  load(indices: Uint8Array): void {
    for (let y = 0; y < this.sprite.h; y++) for (let x = 0; x < this.sprite.w; x++) this.sprite.paint(x, y, indices[y * this.sprite.w + x]);
    this.draw();
    this.say();
  }

  private changed(kind: ChangeKind): void {
    this.draw();
    this.say();
    this.onChange(kind);
  }

  /** A key paints one pixel: one history entry. */
  private apply(x: number, y: number, index: number): void {
    if (this.sprite.paint(x, y, index)) this.changed('step');
  }

  private cellAt(e: PointerEvent): { x: number; y: number } | null {
    const r = this.canvas.getBoundingClientRect();
    // the canvas shrinks on narrow screens (CSS max-width): a cell is as wide as it is drawn
    const CELL = (cellFor(this.sprite) * r.width) / (this.sprite.w * cellFor(this.sprite) + HEX_W) || cellFor(this.sprite);
    const x = Math.floor((e.clientX - r.left) / CELL);
    const y = Math.floor((e.clientY - r.top) / CELL);
    return x >= 0 && y >= 0 && x < this.sprite.w && y < this.sprite.h ? { x, y } : null;
  }

  private wire(): void {
    const g = this.grid;
    g.addEventListener('focus', () => {
      this.focused = true;
      this.draw();
    });
    g.addEventListener('blur', () => {
      this.focused = false;
      this.draw();
    });
    g.addEventListener('keydown', (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const sp = this.sprite;
      const moves: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
      const m = moves[e.key];
      if (m) {
        e.preventDefault();
        this.cursor = { x: Math.max(0, Math.min(sp.w - 1, this.cursor.x + m[0])), y: Math.max(0, Math.min(sp.h - 1, this.cursor.y + m[1])) };
        this.draw();
        this.say();
      } else if (e.key === ' ' || e.key === 'Enter') {
        e.preventDefault();
        this.apply(this.cursor.x, this.cursor.y, this.tool);
      } else if (e.key === 'Delete' || e.key === 'Backspace') {
        e.preventDefault();
        this.apply(this.cursor.x, this.cursor.y, 0);
      } else if (/^[0-9]$/.test(e.key) && Number(e.key) < sp.art.palette.length) {
        e.preventDefault();
        this.setTool(Number(e.key));
      }
    });
    g.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      const c = this.cellAt(e);
      if (!c) return;
      e.preventDefault();
      g.focus({ preventScroll: true });
      capturePointer(g, e);
      this.painting = { id: e.pointerId, index: this.tool, painted: false };
      this.cursor = c;
      this.paintAt(c);
      this.draw();
    });
    g.addEventListener('pointermove', (e) => {
      if (!this.painting || this.painting.id !== e.pointerId) return;
      const c = this.cellAt(e);
      if (!c) return;
      this.cursor = c;
      this.paintAt(c);
      this.draw();
    });
    const end = (e: PointerEvent) => {
      if (this.painting?.id !== e.pointerId) return;
      // the whole stroke is one history entry
      if (this.painting.painted) this.onChange('step');
      this.painting = null;
    };
    g.addEventListener('pointerup', end);
    g.addEventListener('pointercancel', end);
  }

  private paintAt(c: { x: number; y: number }): void {
    const p = this.painting!;
    if (this.sprite.paint(c.x, c.y, p.index)) {
      p.painted = true;
      this.changed('stroke');
    }
  }

  private say(): void {
    const sp = this.sprite;
    const { x, y } = this.cursor;
    const i = sp.index(x, y);
    const what = i === 0 ? 'clear' : sp.art.colorNames[i];
    const tool = this.tool === 0 ? 'erase' : `paint ${sp.art.colorNames[this.tool]}`;
    setText(this.status, `Pixel (${x}, ${y}): ${what}, mask bit ${sp.mask.get(x, y) ? 1 : 0}. Row ${y} word ${hex32(sp.rowWord(y))}. Tool: ${tool}.`);
    this.grid.dataset.cursor = `${x},${y}`;
  }

  draw(): void {
    const sp = this.sprite;
    const CELL = cellFor(sp);
    const w = sp.w * CELL + HEX_W;
    const hh = sp.h * CELL;
    const ctx = prepareCanvas(this.canvas, { cssW: w, cssH: hh });
    ctx.clearRect(0, 0, w, hh);
    ctx.fillStyle = COLORS.screen;
    ctx.fillRect(0, 0, sp.w * CELL, hh);
    for (let y = 0; y < sp.h; y++) {
      for (let x = 0; x < sp.w; x++) {
        const i = sp.index(x, y);
        if (i !== 0) {
          ctx.fillStyle = sp.art.palette[i];
          ctx.fillRect(x * CELL, y * CELL, CELL, CELL);
        }
      }
    }
    ctx.strokeStyle = 'rgba(160, 180, 220, 0.16)';
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let x = 1; x < sp.w; x++) {
      ctx.moveTo(x * CELL + 0.5, 0);
      ctx.lineTo(x * CELL + 0.5, hh);
    }
    for (let y = 1; y < sp.h; y++) {
      ctx.moveTo(0, y * CELL + 0.5);
      ctx.lineTo(sp.w * CELL, y * CELL + 0.5);
    }
    ctx.stroke();
    // each row's word, as the core's mask holds it
    ctx.font = `500 10.5px "JetBrains Mono Variable", ui-monospace, monospace`;
    ctx.textBaseline = 'middle';
    ctx.textAlign = 'left';
    for (let y = 0; y < sp.h; y++) {
      ctx.fillStyle = y === this.cursor.y && this.focused ? '#1b2233' : '#7b808a';
      ctx.fillText(hex32(sp.rowWord(y)), sp.w * CELL + 8, y * CELL + CELL / 2 + 0.5);
    }
    if (this.focused) {
      ctx.strokeStyle = '#ffd84d';
      ctx.lineWidth = 2;
      ctx.strokeRect(this.cursor.x * CELL + 1, this.cursor.y * CELL + 1, CELL - 2, CELL - 2);
    }
  }
}

export function mountEditor(host: HTMLElement, life: Lifecycle, eo: Earlyout): void {
  const sprites: [Sprite, Sprite] = [new Sprite(eo, SOLDIER), new Sprite(eo, BULLET)];
  life.own(() => sprites.forEach((s) => s.dispose()));
  const mount = h('div', { class: 'pm-editor-pair' });
  let pg: PixelPlayground | null = null;
  let url: UrlState<Shared> | null = null;
  let stroking = false;
  const refresh = (kind: ChangeKind) => {
    // (the playground's update reports a result, which would write the URL: 'stroke' holds it back)
    stroking = kind === 'stroke';
    pg?.update();
    stroking = false;
    if (kind === 'step') url?.changed('step');
  };
  const editors = [new SpriteEditor(sprites[0], 'A · Soldier', refresh), new SpriteEditor(sprites[1], 'B · Bullet', refresh)];
  const root = h(
    'div',
    { class: 'pm-editor' },
    h('div', { class: 'pm-editor-row' }, ...editors.map((e) => e.root)),
    h('p', { class: 'fig-help pm-editor-help' }, 'Click or drag to paint, or Tab to a sprite and use the arrow keys and Space. The hex beside each row is that row’s mask word in the core: pixel i is bit i, so the picture reads mirrored in it.'),
    mount,
  );
  host.replaceChildren(root);
  pg = new PixelPlayground(
    mount,
    life,
    eo,
    { controls: 'compact', trace: 'off', preset: 'near-miss' },
    {
      sprites,
      hint: 'Paint a pixel of the soldier where the bullet is, or erase the bullet’s tip, and watch the verdict.',
      // a moved sprite (dragged, nudged or typed): the URL follows after a pause
      onResult: () => {
        if (!stroking) url?.changed('drag');
      },
    },
  );
  const figure = ownFigure(host, 'pixelmask-editor');
  if (!figure) return;
  const fields = {
    a: spriteCodec(SOLDIER, 'the soldier'),
    b: spriteCodec(BULLET, 'the bullet'),
    p: ints(4, 0, Math.max(WORLD.w, WORLD.h), 'the positions x, y, x, y'),
  };
  const view = pg;
  url = new UrlState<Shared>(life, figure, fields, {
    get: () => ({ a: sprites[0].indices, b: sprites[1].indices, p: view.state.pos.flatMap((q) => [q.x, q.y]) }),
    // each sprite stays on the playfield, as dragging keeps it (clampPos)
    check: (v) => {
      const bad = sprites.findIndex((sp, i) => v.p[2 * i] > WORLD.w - sp.w || v.p[2 * i + 1] > WORLD.h - sp.h);
      return bad < 0 ? null : `the ${sprites[bad].name.toLowerCase()} at (${v.p[2 * bad]}, ${v.p[2 * bad + 1]}) is off the ${WORLD.w} × ${WORLD.h} playfield`;
    },
    apply: (v) => {
      editors[0].load(v.a);
      editors[1].load(v.b);
      const pos: [Pos, Pos] = [{ x: v.p[0], y: v.p[1] }, { x: v.p[2], y: v.p[3] }];
      view.state.pos = pos;
      view.update();
    },
  });
}

interface Shared {
  a: Uint8Array;
  b: Uint8Array;
  p: number[];
}
